/// @file se3rod_reference.cpp
/// The se3rod oracle (se3rod_reference.hpp): Lie-group numerics through Eigen's matrix functions and series, the
/// segments' forces, the node equation rho H xi' = ad_xi^T rho H xi + F, and the Lie-Euler, RKMK4 and variational
/// schemes.
#include "reference/se3rod_reference.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <unsupported/Eigen/MatrixFunctions>

namespace rodswarm::reference {
namespace {

Eigen::Matrix3d skew(const Eigen::Vector3d& a) {
  Eigen::Matrix3d S;
  S << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return S;
}

/// ad_xi = [[hat w, 0], [hat v, hat w]].
Matrix6d ad_matrix(const Vector6d& xi) {
  Matrix6d A = Matrix6d::Zero();
  A.block<3, 3>(0, 0) = skew(xi.head<3>());
  A.block<3, 3>(3, 3) = skew(xi.head<3>());
  A.block<3, 3>(3, 0) = skew(xi.tail<3>());
  return A;
}

/// Ad_g = [[R, 0], [hat(p) R, R]].
Matrix6d adjoint_matrix(const Eigen::Matrix4d& g) {
  const Eigen::Matrix3d R = g.block<3, 3>(0, 0);
  Matrix6d A = Matrix6d::Zero();
  A.block<3, 3>(0, 0) = R;
  A.block<3, 3>(3, 3) = R;
  A.block<3, 3>(3, 0) = skew(g.block<3, 1>(0, 3)) * R;
  return A;
}

/// b_j, the coefficients of x / (e^x - 1) = sum_j b_j x^j (b_j = B_j / j!): b_0 = 1 and
/// b_m = -sum_{k < m} b_k / (m - k + 1)!.
const std::vector<double>& bernoulli_over_factorial() {
  static const std::vector<double> b = [] {
    constexpr int terms = 41;
    std::vector<double> inverse_factorial(terms + 2, 1.0);
    for (int k = 1; k < terms + 2; ++k) inverse_factorial[k] = inverse_factorial[k - 1] / k;
    std::vector<double> out(terms, 0.0);
    out[0] = 1;
    for (int m = 1; m < terms; ++m) {
      double sum = 0;
      for (int k = 0; k < m; ++k) sum += out[k] * inverse_factorial[m - k + 1];
      out[m] = -sum;
    }
    return out;
  }();
  return b;
}

Eigen::Vector3d gravity_force(const Se3rodCase& c, double mass) { return mass * c.gravity; }

double voronoi(const Se3rodCase& c, int k) { return (k == 0 || k == c.n - 1) ? 0.5 * c.h : c.h; }

/// The node's inertia diagonal D (rho I1, rho I1, rho I3, rho A, rho A, rho A).
Vector6d inertia(const Se3rodCase& c, int k) {
  const double pi = 3.14159265358979323846, A = pi * c.radius * c.radius, I1 = A * c.radius * c.radius / 4;
  const double m = c.density * voronoi(c, k);
  Vector6d M;
  M << m * I1, m * I1, m * 2 * I1, m * A, m * A, m * A;
  return M;
}

Vector6d stiffness(const Se3rodCase& c) {
  const double pi = 3.14159265358979323846, A = pi * c.radius * c.radius, I1 = A * c.radius * c.radius / 4;
  Vector6d K;
  K << c.youngs_modulus * I1, c.youngs_modulus * I1, c.shear_modulus * 2 * I1,
      c.shear_coefficient * c.shear_modulus * A, c.shear_coefficient * c.shear_modulus * A, c.youngs_modulus * A;
  return K;
}

Se3rodEnd end_of(const Se3rodCase& c, int k) {
  if (k == 0) return c.end0;
  if (k == c.n - 1) return c.end1;
  return Se3rodEnd::free;
}

/// Every node's body force: internal, gravity, distributed and end loads, and damping of the twists `xi`.
std::vector<Vector6d> forces(const Se3rodCase& c, const std::vector<Eigen::Matrix4d>& g,
                             const std::vector<Vector6d>& xi) {
  std::vector<Vector6d> F = se3rod_internal_forces(c, g);
  for (int k = 0; k < c.n; ++k) {
    const auto i = static_cast<std::size_t>(k);
    const Eigen::Matrix3d R = g[i].block<3, 3>(0, 0);
    const Vector6d M = inertia(c, k);
    const Vector6d momentum = M.cwiseProduct(xi[i]);
    F[i].tail<3>() += R.transpose() * gravity_force(c, M(3));
    // A distributed load lumps onto the node over its Voronoi length.
    F[i] += voronoi(c, k) *
            (Vector6d() << R.transpose() * c.distributed.head<3>(), R.transpose() * c.distributed.tail<3>()).finished();
    if (k == 0 || k == c.n - 1) {
      const Vector6d& load = k == 0 ? c.load0 : c.load1;
      F[i].head<3>() += R.transpose() * load.head<3>();
      F[i].tail<3>() += R.transpose() * load.tail<3>();
    }
    F[i].head<3>() -= c.damping_torque * momentum.head<3>();
    F[i].tail<3>() -= c.damping_force * momentum.tail<3>();
  }
  return F;
}

bool rolls(const Se3rodCase& c, int k) { return c.plane_contact && end_of(c, k) == Se3rodEnd::free; }

/// The rolling nodes' rows as one matrix on the member's stacked body twists: node k's contact point, which is no
/// material point, sits at x_c = p - r n; the material point there moves at u = R (gamma + omega x X) with X =
/// R^T (x_c - p) its body coordinates, and the rows are phi = R^T u = 0 (body components), three per rolling node.
Eigen::MatrixXd rolling_rows(const Se3rodCase& c, const std::vector<Eigen::Matrix4d>& g) {
  std::vector<int> rolling;
  for (int k = 0; k < c.n; ++k)
    if (rolls(c, k)) rolling.push_back(k);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(3 * static_cast<Eigen::Index>(rolling.size()), 6 * c.n);
  for (std::size_t j = 0; j < rolling.size(); ++j) {
    const auto i = static_cast<std::size_t>(rolling[j]);
    const Eigen::Matrix3d R = g[i].block<3, 3>(0, 0);
    const Eigen::Vector3d X = R.transpose() * (-c.radius * c.plane_normal);
    A.block<3, 3>(3 * static_cast<Eigen::Index>(j), 6 * rolling[j]) = -skew(X);  // omega x X = -X x omega
    A.block<3, 3>(3 * static_cast<Eigen::Index>(j), 6 * rolling[j] + 3) = Eigen::Matrix3d::Identity();
  }
  return A;
}

/// x with M x = M y + A^T mu and A x = b: the member's KKT system [M A^T; A 0] [x; -mu] = [M y; b] (M the nodes'
/// inertia diagonals, y stacked per node), dense, by full-pivot LU. The accelerations under the rows' reactions
/// (y the free accelerations, b the rows' target) and the kinetic-metric projection onto the rows (y the twists,
/// b = 0) are both this.
std::vector<Vector6d> solve_with_rows(const Se3rodCase& c, const Eigen::MatrixXd& A, const std::vector<Vector6d>& y,
                                      const Eigen::VectorXd& b) {
  const Eigen::Index m = A.rows(), dofs = 6 * c.n;
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(dofs + m, dofs + m);
  Eigen::VectorXd rhs(dofs + m);
  for (int k = 0; k < c.n; ++k) {
    const Vector6d M = inertia(c, k);
    K.block<6, 6>(6 * k, 6 * k) = M.asDiagonal();
    rhs.segment<6>(6 * k) = M.cwiseProduct(y[static_cast<std::size_t>(k)]);
  }
  rhs.tail(m) = b;
  K.topRightCorner(dofs, m) = A.transpose();
  K.bottomLeftCorner(m, dofs) = A;
  const Eigen::VectorXd solution = K.fullPivLu().solve(rhs);
  std::vector<Vector6d> x(static_cast<std::size_t>(c.n));
  for (int k = 0; k < c.n; ++k) x[static_cast<std::size_t>(k)] = solution.segment<6>(6 * k);
  return x;
}

/// Every node's body acceleration; with plane contact, the rows' time derivative held by the plane's reactions
/// (Lagrange multipliers of one KKT system over the member). phi = gamma + omega x X with X = R^T x (x = -r n fixed
/// in the lab, dX/dt = -omega x X), so dphi/dt = dgamma + domega x X - omega x (omega x X) whether or not phi = 0.
std::vector<Vector6d> accelerations(const Se3rodCase& c, const std::vector<Eigen::Matrix4d>& g,
                                    const std::vector<Vector6d>& xi) {
  const std::vector<Vector6d> a = se3rod_free_accelerations(c, g, xi);
  if (!c.plane_contact) return a;
  // [M -A^T; A 0] [a; lambda] = [M a_free; b], b = omega x (omega x X) per rolling node.
  const Eigen::MatrixXd A = rolling_rows(c, g);
  Eigen::VectorXd b(A.rows());
  Eigen::Index row = 0;
  for (int k = 0; k < c.n; ++k) {
    if (!rolls(c, k)) continue;
    const auto i = static_cast<std::size_t>(k);
    const Eigen::Vector3d omega = xi[i].head<3>();
    const Eigen::Vector3d X = g[i].block<3, 3>(0, 0).transpose() * (-c.radius * c.plane_normal);
    b.segment<3>(row) = omega.cross(omega.cross(X));
    row += 3;
  }
  return solve_with_rows(c, A, a, b);
}

/// After a step: every rolling node's centre back at height r above the plane, and the member's twists the
/// nearest (in the kinetic metric) that keep the rows: min 1/2 |xi' - xi|_M^2 subject to A xi' = 0, by its KKT system.
void restore_contact(const Se3rodCase& c, Se3rodState& s) {
  if (!c.plane_contact) return;
  for (int k = 0; k < c.n; ++k) {
    if (!rolls(c, k)) continue;
    auto& g = s.g[static_cast<std::size_t>(k)];
    const Eigen::Vector3d p = g.block<3, 1>(0, 3);
    g.block<3, 1>(0, 3) = p - (c.plane_normal.dot(p) - c.plane_offset - c.radius) * c.plane_normal;
  }
  const Eigen::MatrixXd A = rolling_rows(c, s.g);
  s.xi = solve_with_rows(c, A, s.xi, Eigen::VectorXd::Zero(A.rows()));
}

/// One step of the discrete Euler-Poincare equations (the variational integrator), solved by Newton's method with
/// a Jacobian by central differences, node by node:
///   dexp_{dt xi}^{-T} M xi + dt/2 D M xi = M xi_j + dt/2 F_cons(g_j),  g' = g exp(dt xi),
///   M xi_{j+1} = dexp_{-dt xi}^{-T} M xi + dt/2 F(g', xi).
Se3rodState variational_step(const Se3rodCase& c, const Se3rodState& s) {
  const auto n = static_cast<std::size_t>(c.n);
  const double half = 0.5 * c.dt;
  const std::vector<Vector6d> at_rest(n, Vector6d::Zero());
  const std::vector<Vector6d> F0 = forces(c, s.g, at_rest);
  Se3rodState next = s;
  std::vector<Vector6d> interval(n, Vector6d::Zero());
  for (std::size_t k = 0; k < n; ++k) {
    const Se3rodEnd end = end_of(c, static_cast<int>(k));
    if (end == Se3rodEnd::clamped) continue;
    if (end == Se3rodEnd::prescribed) {  // its twist over the interval is the one it keeps
      interval[k] = s.xi[k];
      next.g[k] = s.g[k] * se3rod_exp(c.dt * s.xi[k]);
      continue;
    }
    const Vector6d M = inertia(c, static_cast<int>(k));
    Vector6d damping;
    damping << c.damping_torque, c.damping_torque, c.damping_torque, c.damping_force, c.damping_force, c.damping_force;
    const Vector6d b = M.cwiseProduct(s.xi[k]) + half * F0[k];
    auto residual = [&](const Vector6d& x) {
      const Vector6d Mx = M.cwiseProduct(x);
      Vector6d r = se3rod_dexp_minus_inv(-c.dt * x).transpose() * Mx + half * damping.cwiseProduct(Mx) - b;
      if (end == Se3rodEnd::pinned) r.tail<3>().setZero();
      return r;
    };
    Vector6d x = s.xi[k];
    if (end == Se3rodEnd::pinned) x.tail<3>().setZero();
    for (int iteration = 0; iteration < 30; ++iteration) {
      Matrix6d J;
      for (int j = 0; j < 6; ++j) {
        const double e = 1e-6 * (1 + std::fabs(x(j)));
        Vector6d plus = x, minus = x;
        plus(j) += e;
        minus(j) -= e;
        J.col(j) = (residual(plus) - residual(minus)) / (2 * e);
      }
      if (end == Se3rodEnd::pinned) {
        J.bottomRows<3>().setZero();
        J.rightCols<3>().setZero();
        J.bottomRightCorner<3, 3>().setIdentity();
      }
      const Vector6d dx = J.lu().solve(residual(x));
      x -= dx;
      if (dx.cwiseAbs().maxCoeff() <= 1e-15 * (1 + x.cwiseAbs().maxCoeff())) break;
    }
    interval[k] = x;
    next.g[k] = s.g[k] * se3rod_exp(c.dt * x);
  }
  const std::vector<Vector6d> F1 = forces(c, next.g, interval);
  for (std::size_t k = 0; k < n; ++k) {
    const Se3rodEnd end = end_of(c, static_cast<int>(k));
    if (end == Se3rodEnd::clamped || end == Se3rodEnd::prescribed) continue;
    const Vector6d M = inertia(c, static_cast<int>(k));
    const Vector6d mu =
        se3rod_dexp_minus_inv(c.dt * interval[k]).transpose() * M.cwiseProduct(interval[k]) + half * F1[k];
    next.xi[k] = mu.cwiseQuotient(M);
    if (end == Se3rodEnd::pinned) next.xi[k].tail<3>().setZero();
  }
  return next;
}

/// Whether g is finite and its rotation part within 1e-6 of SO(3): a pose Eigen's matrix logarithm returns on.
bool has_logarithm(const Eigen::Matrix4d& g) {
  const Eigen::Matrix3d R = g.topLeftCorner<3, 3>();
  return g.allFinite() && (R.transpose() * R - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff() < 1e-6;
}

}  // namespace

std::vector<Vector6d> se3rod_free_accelerations(const Se3rodCase& c, const std::vector<Eigen::Matrix4d>& g,
                                                const std::vector<Vector6d>& xi) {
  const std::vector<Vector6d> F = forces(c, g, xi);
  std::vector<Vector6d> a(static_cast<std::size_t>(c.n));
  for (int k = 0; k < c.n; ++k) {
    const auto i = static_cast<std::size_t>(k);
    a[i].setZero();
    const Se3rodEnd end = end_of(c, k);
    if (end == Se3rodEnd::clamped || end == Se3rodEnd::prescribed) continue;
    const Vector6d M = inertia(c, k);
    a[i] = (ad_matrix(xi[i]).transpose() * M.cwiseProduct(xi[i]) + F[i]).cwiseQuotient(M);
    if (end_of(c, k) == Se3rodEnd::pinned) a[i].tail<3>().setZero();
  }
  return a;
}

Vector6d se3rod_node_inertia(const Se3rodCase& c, int k) { return inertia(c, k); }

Eigen::Matrix4d se3rod_hat(const Vector6d& xi) {
  Eigen::Matrix4d X = Eigen::Matrix4d::Zero();
  X.block<3, 3>(0, 0) = skew(xi.head<3>());
  X.block<3, 1>(0, 3) = xi.tail<3>();
  return X;
}

Vector6d se3rod_vee(const Eigen::Matrix4d& X) {
  Vector6d xi;
  xi << X(2, 1), X(0, 2), X(1, 0), X(0, 3), X(1, 3), X(2, 3);
  return xi;
}

Eigen::Matrix4d se3rod_exp(const Vector6d& xi) { return se3rod_hat(xi).exp(); }

Vector6d se3rod_log(const Eigen::Matrix4d& g) {
  // Eigen's matrix logarithm does not return on a non-finite matrix, nor, in minutes, on one whose rotation part has
  // left SO(3) far (the exponential of a blown-up twist): such a pose has no logarithm here, and NaN says so.
  if (!has_logarithm(g)) return Vector6d::Constant(std::numeric_limits<double>::quiet_NaN());
  const Eigen::Matrix4d X = g.log();
  // The skew part may carry round-off asymmetry: take its antisymmetric mean.
  Vector6d xi;
  xi << 0.5 * (X(2, 1) - X(1, 2)), 0.5 * (X(0, 2) - X(2, 0)), 0.5 * (X(1, 0) - X(0, 1)), X(0, 3), X(1, 3), X(2, 3);
  return xi;
}

Matrix6d se3rod_dexp_minus_inv(const Vector6d& X) {
  // dexp_{-X}^{-1} = sum_j b_j (ad_{-X})^j (b_j of x / (e^x - 1)).
  const Matrix6d A = -ad_matrix(X);
  const std::vector<double>& b = bernoulli_over_factorial();
  Matrix6d sum = Matrix6d::Identity(), power = Matrix6d::Identity();
  for (std::size_t j = 1; j < b.size(); ++j) {
    power = power * A;
    sum += b[j] * power;
    // |b_j| <= 2 (2 pi)^-j: stop once the remaining terms are below 1e-17 of the sum (a step's small Theta needs a
    // handful of terms, a segment's strain a few dozen).
    const double bound = 2 * std::pow(2 * 3.14159265358979323846, -static_cast<double>(j + 1)) *
                         power.cwiseAbs().maxCoeff() * (A.cwiseAbs().maxCoeff() * 6);
    if (bound < 1e-17 * sum.cwiseAbs().maxCoeff()) break;
  }
  return sum;
}

std::vector<Vector6d> se3rod_internal_forces(const Se3rodCase& c, const std::vector<Eigen::Matrix4d>& g) {
  if (static_cast<int>(g.size()) != c.n || static_cast<int>(c.rest_strain.size()) != c.n - 1)
    throw std::invalid_argument("se3rod reference: n poses and n - 1 rest strains needed");
  const Vector6d K = stiffness(c);
  std::vector<Vector6d> F(g.size(), Vector6d::Zero());
  for (int s = 0; s + 1 < c.n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    const Eigen::Matrix4d P = g[i].inverse() * g[i + 1];
    const Vector6d X = se3rod_log(P);
    const Vector6d W = K.cwiseProduct(X / c.h - c.rest_strain[i]);
    // dU = W . dX, dX = dexp_{-X}^{-1} (zeta_{s+1} - Ad_{P^-1} zeta_s).
    const Vector6d D = se3rod_dexp_minus_inv(X).transpose() * W;
    F[i] += adjoint_matrix(P.inverse()).transpose() * D;
    F[i + 1] -= D;
  }
  return F;
}

double se3rod_energy(const Se3rodCase& c, const Se3rodState& s) {
  const Vector6d K = stiffness(c);
  double e = 0;
  for (int k = 0; k < c.n; ++k) {
    const auto i = static_cast<std::size_t>(k);
    const Vector6d M = inertia(c, k);
    const Eigen::Vector3d r = s.g[i].block<3, 1>(0, 3);
    e += 0.5 * s.xi[i].dot(M.cwiseProduct(s.xi[i])) - M(3) * c.gravity.dot(r);
    e -= voronoi(c, k) * c.distributed.tail<3>().dot(r);
    if (k == 0) e -= c.load0.tail<3>().dot(r);
    if (k == c.n - 1) e -= c.load1.tail<3>().dot(r);
  }
  for (int k = 0; k + 1 < c.n; ++k) {
    const auto i = static_cast<std::size_t>(k);
    const Vector6d d = se3rod_log(s.g[i].inverse() * s.g[i + 1]) / c.h - c.rest_strain[i];
    e += 0.5 * c.h * d.dot(K.cwiseProduct(d));
  }
  return e;
}

Se3rodState se3rod_advance(const Se3rodCase& c, Se3rodState s, long steps) {
  const auto n = static_cast<std::size_t>(c.n);
  auto moves = [&](std::size_t k) { return end_of(c, static_cast<int>(k)) != Se3rodEnd::clamped; };
  for (long step = 0; step < steps; ++step) {
    // A state that blew up stays NaN (Eigen's matrix logarithm of a non-finite matrix does not return, nor, in
    // minutes, that of a finite one whose rotation part the exponential of a huge twist has left far from SO(3)):
    // compare then reads the member as an infinite error, never as agreement.
    bool finite = true;
    for (std::size_t k = 0; k < n; ++k) {
      finite = finite && has_logarithm(s.g[k]) && s.xi[k].allFinite() && s.g[k].cwiseAbs().maxCoeff() < 1e150;
    }
    if (!finite) {
      for (std::size_t k = 0; k < n; ++k) {
        s.g[k].setConstant(std::numeric_limits<double>::quiet_NaN());
        s.xi[k].setConstant(std::numeric_limits<double>::quiet_NaN());
      }
      return s;
    }
    if (c.scheme == Se3rodScheme::variational) {
      s = variational_step(c, s);
      continue;
    }
    if (c.scheme == Se3rodScheme::lie_euler) {
      const std::vector<Vector6d> a = accelerations(c, s.g, s.xi);
      for (std::size_t k = 0; k < n; ++k) {
        if (moves(k)) s.g[k] = s.g[k] * se3rod_exp(c.dt * s.xi[k]);
        s.xi[k] += c.dt * a[k];
      }
      restore_contact(c, s);
      continue;
    }
    // RKMK4: y = (Theta, xi), Theta' = dexp_{-Theta}^{-1} xi, xi' = a(g_n exp(Theta), xi).
    const Se3rodState start = s;
    std::vector<Vector6d> theta(n, Vector6d::Zero()), sum_theta(n, Vector6d::Zero()), sum_xi(n, Vector6d::Zero());
    const double fraction[4] = {0.5, 0.5, 1.0, 0.0}, weight[4] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
    Se3rodState stage = start;
    for (int q = 0; q < 4; ++q) {
      const std::vector<Vector6d> a = accelerations(c, stage.g, stage.xi);
      std::vector<Vector6d> k_theta(n);
      for (std::size_t k = 0; k < n; ++k) {
        k_theta[k] = se3rod_dexp_minus_inv(theta[k]) * stage.xi[k];
        sum_theta[k] += weight[q] * k_theta[k];
        sum_xi[k] += weight[q] * a[k];
      }
      if (q == 3) break;
      for (std::size_t k = 0; k < n; ++k) {
        theta[k] = fraction[q] * c.dt * k_theta[k];
        stage.xi[k] = start.xi[k] + fraction[q] * c.dt * a[k];
        stage.g[k] = moves(k) ? Eigen::Matrix4d(start.g[k] * se3rod_exp(theta[k])) : start.g[k];
      }
    }
    for (std::size_t k = 0; k < n; ++k) {
      s.xi[k] = start.xi[k] + c.dt * sum_xi[k];
      s.g[k] = moves(k) ? Eigen::Matrix4d(start.g[k] * se3rod_exp(c.dt * sum_theta[k])) : start.g[k];
    }
    restore_contact(c, s);
  }
  return s;
}

}  // namespace rodswarm::reference
