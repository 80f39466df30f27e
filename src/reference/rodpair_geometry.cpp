/// @file rodpair_geometry.cpp
/// The rodpair oracle's contact geometry, each quantity written once as its definition over a generic scalar, and
/// every derivative taken by forward-mode dual numbers on that definition (nested for the tangency's Jacobian, which
/// differentiates rbar'(s) once more): no hand-derived slope, curvature or rate formula, so that an error in one of
/// the backend's (rodpair_contact.hpp) shows as a disagreement instead of being repeated here.
#include <array>
#include <cmath>

#include "reference/rodpair_internal.hpp"

namespace rodswarm::reference::rodpair_detail {
namespace {

/// v + eps d with eps^2 = 0. T is double or, nested, another Dual (two independent directions).
template <class T>
struct Dual {
  T v, d;
  Dual(double c = 0) : v(c), d(0) {}  // implicit: a constant is a dual with no derivative
  Dual(const T& value, const T& derivative) : v(value), d(derivative) {}
};
template <class T>
Dual<T> operator+(const Dual<T>& a, const Dual<T>& b) {
  return {a.v + b.v, a.d + b.d};
}
template <class T>
Dual<T> operator-(const Dual<T>& a, const Dual<T>& b) {
  return {a.v - b.v, a.d - b.d};
}
template <class T>
Dual<T> operator-(const Dual<T>& a) {
  return {-a.v, -a.d};
}
template <class T>
Dual<T> operator*(const Dual<T>& a, const Dual<T>& b) {
  return {a.v * b.v, a.d * b.v + a.v * b.d};
}
template <class T>
Dual<T> operator/(const Dual<T>& a, const Dual<T>& b) {
  return {a.v / b.v, (a.d * b.v - a.v * b.d) / (b.v * b.v)};
}
template <class T>
Dual<T> operator*(double a, const Dual<T>& b) {
  return {a * b.v, a * b.d};
}
template <class T>
Dual<T> operator/(const Dual<T>& a, double b) {
  return {a.v / b, a.d / b};
}

double value(double x) { return x; }
template <class T>
double value(const Dual<T>& x) {
  return value(x.v);
}

/// A constant of any of the scalars.
template <class S>
S constant(double c) {
  return S(c);
}

template <class S>
struct V3 {
  S x, y, z;
};
template <class S>
V3<S> operator+(const V3<S>& a, const V3<S>& b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class S>
V3<S> operator-(const V3<S>& a, const V3<S>& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class S>
V3<S> scale(const S& a, const V3<S>& b) {
  return {a * b.x, a * b.y, a * b.z};
}
template <class S>
S dot(const V3<S>& a, const V3<S>& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <class S>
V3<S> cross(const V3<S>& a, const V3<S>& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class S>
V3<S> zero3() {
  return {constant<S>(0), constant<S>(0), constant<S>(0)};
}

/// A rotation (or its rate) as 3 columns.
template <class S>
struct M3 {
  V3<S> col[3];
  V3<S> operator*(const V3<S>& b) const { return scale(b.x, col[0]) + scale(b.y, col[1]) + scale(b.z, col[2]); }
};

V3<double> v3(const Eigen::Vector3d& a) { return {a.x(), a.y(), a.z()}; }
Eigen::Vector3d eigen(const V3<double>& a) { return {a.x, a.y, a.z}; }
template <class T>
V3<Dual<T>> dual3(const V3<T>& v, const V3<T>& d) {
  return {Dual<T>(v.x, d.x), Dual<T>(v.y, d.y), Dual<T>(v.z, d.z)};
}
template <class T>
V3<Dual<T>> lift3(const V3<T>& v) {
  return dual3(v, zero3<T>());
}

/// The uniform cubic B-spline: 2/3 - x^2 + |x|^3 / 2 for |x| <= 1, (2 - |x|)^3 / 6 for 1 < |x| < 2, zero beyond. Its
/// pieces are polynomials, so the duals carry its exact slope and curvature (C^2 at the joints).
template <class S>
S cubic_bspline(const S& x) {
  const double at = std::fabs(value(x));
  const S a = value(x) < 0 ? constant<S>(0) - x : x;
  if (at >= 2) return constant<S>(0);
  if (at <= 1) return constant<S>(2.0 / 3.0) - a * a + 0.5 * (a * a * a);
  const S t = constant<S>(2) - a;
  return (1.0 / 6.0) * (t * t * t);
}

/// Rod i's weights alpha_k(s) = B((s - k h) / w) / sum_j B((s - j h) / w).
template <class S>
std::vector<S> weights_at(const RodpairCase& c, int i, const S& s) {
  const Se3rodCase& rod = c.rod[i];
  std::vector<S> b(static_cast<std::size_t>(rod.n));
  S sum = constant<S>(0);
  for (int k = 0; k < rod.n; ++k) {
    b[static_cast<std::size_t>(k)] = cubic_bspline((s - constant<S>(k * rod.h)) / c.width[i]);
    sum = sum + b[static_cast<std::size_t>(k)];
  }
  for (S& bk : b) bk = bk / sum;
  return b;
}

/// rbar(s) = sum_k alpha_k(s) r_k.
template <class S>
V3<S> smeared(const std::vector<S>& alpha, const std::vector<V3<S>>& r) {
  V3<S> out = zero3<S>();
  for (std::size_t k = 0; k < r.size(); ++k) out = out + scale(alpha[k], r[k]);
  return out;
}

/// The node positions r_k of rod i, and their rates R_k gamma_k under the state's body twists.
std::vector<V3<double>> positions(const RodpairState& s, int i) {
  std::vector<V3<double>> r;
  for (const Eigen::Matrix4d& g : s.rod[i].g) r.push_back(v3(g.block<3, 1>(0, 3)));
  return r;
}
std::vector<V3<double>> position_rates(const RodpairState& s, int i) {
  std::vector<V3<double>> r;
  for (std::size_t k = 0; k < s.rod[i].g.size(); ++k)
    r.push_back(v3(s.rod[i].g[k].block<3, 3>(0, 0) * s.rod[i].xi[k].tail<3>()));
  return r;
}

/// F = (d . rbar1'(s1), d . rbar2'(s2)) for node positions and arc lengths of scalar S; rbar'(s) by one more dual
/// level over S.
template <class S>
std::array<S, 2> tangency_at(const RodpairCase& c, const std::vector<V3<S>> (&r)[2], const S& s1, const S& s2) {
  using D = Dual<S>;
  V3<S> point[2], tangent[2];
  const S at[2] = {s1, s2};
  for (int i = 0; i < 2; ++i) {
    std::vector<V3<D>> lifted;
    for (const V3<S>& p : r[i]) lifted.push_back(lift3(p));
    const V3<D> rb = smeared(weights_at(c, i, D(at[i], constant<S>(1))), lifted);
    point[i] = {rb.x.v, rb.y.v, rb.z.v};
    tangent[i] = {rb.x.d, rb.y.d, rb.z.d};
  }
  const V3<S> d = point[1] - point[0];
  return {dot(d, tangent[0]), dot(d, tangent[1])};
}

/// u = sum_k alpha_k (v_k + w_k x c1) - sum_m beta_m (v_m + w_m x c2), lab frame, c1 = rho1 d, c2 = -rho2 d, for
/// rotations R, positions r and arc lengths of scalar S and the body twists xi (angular, linear) of the state.
template <class S>
V3<S> rows_at(const RodpairCase& c, const RodpairState& s, const std::vector<M3<S>> (&R)[2],
              const std::vector<V3<S>> (&r)[2], const S& s1, const S& s2) {
  const std::vector<S> alpha[2] = {weights_at(c, 0, s1), weights_at(c, 1, s2)};
  const V3<S> d = smeared(alpha[1], r[1]) - smeared(alpha[0], r[0]);
  const double total = c.rod[0].radius + c.rod[1].radius;
  const V3<S> arm[2] = {scale(constant<S>(c.rod[0].radius / total), d),
                        scale(constant<S>(-c.rod[1].radius / total), d)};
  V3<S> u = zero3<S>();
  for (int i = 0; i < 2; ++i) {
    for (std::size_t k = 0; k < r[i].size(); ++k) {
      const Vector6d& xi = s.rod[i].xi[k];
      const V3<S> w = R[i][k] * V3<S>{constant<S>(xi(0)), constant<S>(xi(1)), constant<S>(xi(2))};
      const V3<S> v = R[i][k] * V3<S>{constant<S>(xi(3)), constant<S>(xi(4)), constant<S>(xi(5))};
      const V3<S> term = scale(alpha[i][k], v + cross(w, arm[i]));
      u = i == 0 ? u + term : u - term;
    }
  }
  return u;
}

M3<double> rotation(const Eigen::Matrix4d& g) {
  return {{v3(g.block<3, 1>(0, 0)), v3(g.block<3, 1>(0, 1)), v3(g.block<3, 1>(0, 2))}};
}

Eigen::Matrix3d skew(const Eigen::Vector3d& a) {
  Eigen::Matrix3d S;
  S << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return S;
}

}  // namespace

std::vector<double> weights(const RodpairCase& c, int i, double s) { return weights_at(c, i, s); }

Eigen::Vector3d separation(const RodpairCase& c, const RodpairState& s) {
  return eigen(smeared(weights_at(c, 1, s.s2), positions(s, 1)) - smeared(weights_at(c, 0, s.s1), positions(s, 0)));
}

Eigen::Vector2d tangency(const RodpairCase& c, const RodpairState& s) {
  const std::vector<V3<double>> r[2] = {positions(s, 0), positions(s, 1)};
  const std::array<double, 2> F = tangency_at(c, r, s.s1, s.s2);
  return {F[0], F[1]};
}

Eigen::Matrix2d tangency_jacobian(const RodpairCase& c, const RodpairState& s) {
  using D = Dual<double>;
  std::vector<V3<D>> r[2];
  for (int i = 0; i < 2; ++i)
    for (const V3<double>& p : positions(s, i)) r[i].push_back(lift3(p));
  Eigen::Matrix2d J;
  for (int j = 0; j < 2; ++j) {  // column j: the direction s_j
    const std::array<D, 2> F = tangency_at(c, r, D(s.s1, j == 0 ? 1 : 0), D(s.s2, j == 1 ? 1 : 0));
    J(0, j) = F[0].d;
    J(1, j) = F[1].d;
  }
  return J;
}

Eigen::Vector2d tangency_rate(const RodpairCase& c, const RodpairState& s) {
  using D = Dual<double>;
  std::vector<V3<D>> r[2];
  for (int i = 0; i < 2; ++i) {
    const std::vector<V3<double>> p = positions(s, i), v = position_rates(s, i);
    for (std::size_t k = 0; k < p.size(); ++k) r[i].push_back(dual3(p[k], v[k]));
  }
  const std::array<D, 2> F = tangency_at(c, r, D(s.s1), D(s.s2));
  return {F[0].d, F[1].d};
}

Eigen::Vector3d slip(const RodpairCase& c, const RodpairState& s) {
  std::vector<M3<double>> R[2];
  const std::vector<V3<double>> r[2] = {positions(s, 0), positions(s, 1)};
  for (int i = 0; i < 2; ++i)
    for (const Eigen::Matrix4d& g : s.rod[i].g) R[i].push_back(rotation(g));
  return eigen(rows_at(c, s, R, r, s.s1, s.s2));
}

Eigen::MatrixXd rows(const RodpairCase& c, const RodpairState& s) {
  // Node k of rod 1: alpha_k R_k (gamma + omega x R^T c1) = alpha_k [-hat(c1) R_k, R_k] (omega; gamma); rod 2's
  // nodes with -beta_m and c2. Dense, so that the reaction is one KKT system over both rods.
  const int n1 = c.rod[0].n, n2 = c.rod[1].n;
  const std::vector<double> alpha[2] = {weights(c, 0, s.s1), weights(c, 1, s.s2)};
  const Eigen::Vector3d d = separation(c, s);
  const double total = c.rod[0].radius + c.rod[1].radius;
  const Eigen::Vector3d arm[2] = {c.rod[0].radius / total * d, -c.rod[1].radius / total * d};
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(3, 6 * (n1 + n2));
  for (int i = 0; i < 2; ++i) {
    for (int k = 0; k < c.rod[i].n; ++k) {
      const Eigen::Matrix3d R = s.rod[i].g[static_cast<std::size_t>(k)].block<3, 3>(0, 0);
      const double a = (i == 0 ? 1.0 : -1.0) * alpha[i][static_cast<std::size_t>(k)];
      const Eigen::Index col = 6 * (i == 0 ? k : n1 + k);
      A.block<3, 3>(0, col) = -a * skew(arm[i]) * R;
      A.block<3, 3>(0, col + 3) = a * R;
    }
  }
  return A;
}

Eigen::Vector3d bias(const RodpairCase& c, const RodpairState& s, const Eigen::Vector2d& ds) {
  // d/deps u at eps = 0 along R_k + eps R_k hat(omega_k), r_k + eps R_k gamma_k, s_i + eps s_i', twists fixed.
  using D = Dual<double>;
  std::vector<M3<D>> R[2];
  std::vector<V3<D>> r[2];
  for (int i = 0; i < 2; ++i) {
    for (std::size_t k = 0; k < s.rod[i].g.size(); ++k) {
      const Eigen::Matrix3d Rk = s.rod[i].g[k].block<3, 3>(0, 0);
      const Eigen::Matrix3d dR = Rk * skew(s.rod[i].xi[k].head<3>());
      M3<D> m;
      for (int j = 0; j < 3; ++j) m.col[j] = dual3(v3(Rk.col(j)), v3(dR.col(j)));
      R[i].push_back(m);
      r[i].push_back(dual3(v3(s.rod[i].g[k].block<3, 1>(0, 3)), v3(Rk * s.rod[i].xi[k].tail<3>())));
    }
  }
  const V3<D> u = rows_at(c, s, R, r, D(s.s1, ds(0)), D(s.s2, ds(1)));
  return {u.x.d, u.y.d, u.z.d};
}

}  // namespace rodswarm::reference::rodpair_detail
