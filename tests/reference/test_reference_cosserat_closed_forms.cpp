// ctest-labels: slow
/// @file test_reference_cosserat_closed_forms.cpp
/// The Cosserat reference (src/reference/cosserat_reference.hpp, law (V)) against closed forms, each measured at
/// three resolutions n = 10, 20, 40 with the observed order log2(e(n)/e(2n)) printed and checked against the
/// discretisation's order 2 (staggered layout with the half-Voronoi clamp, note sections 1.1-1.5):
///  - cantilever static tip deflection with shear (Timoshenko P L^3/(3EI) + P L/(ks G A)) and without it
///    (Euler-Bernoulli P L^3/(3EI), ks G = 1000 E);
///  - first bending frequency of a cantilever (exact Timoshenko frequency equation, which is the linearised
///    continuum (V) rod, including shear and rotary inertia), from an RK4 free vibration;
///  - axial and torsional wave speeds sqrt(E/rho), sqrt(G/rho) from the first clamped-free modes, RK4;
///  - the Euler buckling load of a clamped-free column (with the exact shear/extension correction of the
///    continuum (V) rod under a dead load), from the linearised stability of the compressed state;
///  - a stress-free helix stays at rest under both schemes.
/// Every test states its shear coefficient ks. The friction energies are in test_reference_cosserat_friction.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <Eigen/Dense>

#include "reference/cosserat_reference.hpp"

namespace {

namespace ref = rodswarm::reference;
using Eigen::Matrix3d;
using Eigen::MatrixXd;
using Eigen::Vector3d;
using Eigen::VectorXd;

constexpr double kPi = 3.14159265358979323846;
const std::vector<int> kResolutions = {10, 20, 40};

// ---------------------------------------------------------------------------------------------------------------
// SO(3) helpers (written here, not taken from the reference)

Matrix3d hat(const Vector3d& a) {
  Matrix3d m;
  m << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return m;
}

/// exp(hat a), Rodrigues.
Matrix3d exp_so3(const Vector3d& a) {
  const double t = a.norm();
  const Matrix3d k = hat(a);
  const double s = t < 1e-4 ? 1.0 - t * t / 6.0 : std::sin(t) / t;
  const double c = t < 1e-4 ? 0.5 - t * t / 24.0 : (1.0 - std::cos(t)) / (t * t);
  return Matrix3d::Identity() + s * k + c * k * k;
}

/// vee(log R) for rotations well away from pi (atan2 form, note section 0).
Vector3d log_so3(const Matrix3d& r) {
  const Vector3d v(r(2, 1) - r(1, 2), r(0, 2) - r(2, 0), r(1, 0) - r(0, 1));
  const double t = std::atan2(0.5 * v.norm(), 0.5 * (r.trace() - 1.0));
  const double f = t < 1e-4 ? 0.5 + t * t / 12.0 : t / (2.0 * std::sin(t));
  return f * v;
}

// ---------------------------------------------------------------------------------------------------------------
// Cases

struct Rod {
  double L = 1, r = 0.1, rho = 1, E = 1, G = 1.0 / 3.0, ks = 0.9;  // G = E/(2(1+nu)), nu = 1/2; ks Cowper(1/2)
  double A() const { return kPi * r * r; }
  double I() const { return kPi * r * r * r * r / 4.0; }
};

/// Directors of the straight rod along e_x: d1 = e_y, d2 = e_z, d3 = e_x (rows).
Matrix3d straight_frame() {
  Matrix3d q;
  q << 0, 1, 0, 0, 0, 1, 1, 0, 0;
  return q;
}

/// A straight, stress-free rod of n elements from the origin along e_x, clamped at node 0 and free at node n,
/// law (V), RK4. The clamp frames are the initial frames of the end elements.
ref::CosseratCase cantilever(int n, const Rod& p) {
  ref::CosseratCase c;
  c.n = n;
  c.rods = 1;
  c.law = ref::CosseratLaw::variational;
  c.scheme = ref::CosseratScheme::rk4;
  c.end0 = ref::CosseratEnd::clamped;
  c.end1 = ref::CosseratEnd::free;
  c.rho = p.rho;
  c.E = p.E;
  c.G = p.G;
  c.shear_coeff = p.ks;
  const double h = p.L / n;
  c.rest_length.assign(static_cast<std::size_t>(n), h);
  c.radius.assign(static_cast<std::size_t>(n), p.r);
  c.rest_sigma = Eigen::MatrixX3d::Zero(n, 3);
  c.rest_kappa = Eigen::MatrixX3d::Zero(n - 1, 3);
  c.x0 = Eigen::MatrixX3d::Zero(n + 1, 3);
  for (int j = 0; j <= n; ++j) c.x0(j, 0) = j * h;
  c.v0 = Eigen::MatrixX3d::Zero(n + 1, 3);
  c.Q0.assign(static_cast<std::size_t>(n), straight_frame());
  c.w0 = Eigen::MatrixX3d::Zero(n, 3);
  c.clamp_x0 = c.x0.topRows(1);
  c.clamp_x1 = c.x0.bottomRows(1);
  c.clamp_Q0 = {straight_frame()};
  c.clamp_Q1 = {straight_frame()};
  return c;
}

/// Stable-step estimate of note 1.7: omega_max = sqrt(4E/(rho h^2) + 4 ks G/(rho r^2)).
double omega_max(int n, const Rod& p) {
  const double h = p.L / n;
  return std::sqrt(4.0 * p.E / (p.rho * h * h) + 4.0 * p.ks * p.G / (p.rho * p.r * p.r));
}

// ---------------------------------------------------------------------------------------------------------------
// Linearisation about a state through the reference's own accelerations. Generalised coordinates: the
// displacements of the nodes that are not fixed, then a body rotation vector theta_i per element with
// Q_i = exp(-hat theta_i) Q_i^base, so that theta_i' = w_i to first order (dQ/dt = -hat(w) Q). The stacked
// accelerations (free nodes' x'', every element's w') are then q'' = a(q) to first order about a state at rest.

bool fixed_end(ref::CosseratEnd e) { return e != ref::CosseratEnd::free; }

struct Coordinates {
  const ref::CosseratCase* c = nullptr;
  ref::CosseratState base;
  std::vector<int> nodes;  // free nodes

  Coordinates(const ref::CosseratCase& cs, const ref::CosseratState& s) : c(&cs), base(s) {
    for (int j = 0; j <= cs.n; ++j)
      if (!(j == 0 && fixed_end(cs.end0)) && !(j == cs.n && fixed_end(cs.end1))) nodes.push_back(j);
  }
  int node_size() const { return 3 * static_cast<int>(nodes.size()); }
  int size() const { return node_size() + 3 * c->n; }

  /// The state displaced by q from `from`.
  ref::CosseratState displaced(const ref::CosseratState& from, const VectorXd& q) const {
    ref::CosseratState s = from;
    for (std::size_t k = 0; k < nodes.size(); ++k) s.x.row(nodes[k]) += q.segment<3>(3 * static_cast<int>(k));
    for (int i = 0; i < c->n; ++i) {
      const auto ui = static_cast<std::size_t>(i);
      s.Q[ui] = exp_so3(-q.segment<3>(node_size() + 3 * i)) * s.Q[ui];
    }
    return s;
  }
  VectorXd accelerations(const ref::CosseratState& s) const {
    const ref::CosseratAcceleration a = ref::cosserat_acceleration(*c, s);
    VectorXd out(size());
    for (std::size_t k = 0; k < nodes.size(); ++k) out.segment<3>(3 * static_cast<int>(k)) = a.node.row(nodes[k]);
    for (int i = 0; i < c->n; ++i) out.segment<3>(node_size() + 3 * i) = a.element.row(i);
    return out;
  }
  /// d a / d q at `at` by central differences (steps 1e-5 of an element length and 1e-5 rad: round-off and
  /// truncation both near 1e-10 relative).
  MatrixXd jacobian(const ref::CosseratState& at) const {
    const double h = c->rest_length.front();
    MatrixXd jac(size(), size());
    VectorXd q = VectorXd::Zero(size());
    for (int k = 0; k < size(); ++k) {
      const double step = k < node_size() ? 1e-5 * h : 1e-5;
      q(k) = step;
      const VectorXd ap = accelerations(displaced(at, q));
      q(k) = -step;
      const VectorXd am = accelerations(displaced(at, q));
      q(k) = 0;
      jac.col(k) = (ap - am) / (2.0 * step);
    }
    return jac;
  }
};

/// The eigenvalue of K = -da/dq of smallest magnitude (omega^2 of the slowest mode, or its negative past a
/// buckling load) by inverse iteration, and, if asked, its eigenvector. The slowest (bending) pair is at least ~30
/// times below the next mode here, so 40 iterations converge to round-off.
double lowest_eigenvalue(const MatrixXd& stiffness, VectorXd* mode = nullptr) {
  const Eigen::PartialPivLU<MatrixXd> lu(stiffness);
  VectorXd x = VectorXd::Ones(stiffness.rows());
  for (Eigen::Index k = 0; k < x.size(); ++k) x(k) += 0.25 * std::sin(1.7 * static_cast<double>(k));
  x.normalize();
  double lambda = 0;
  for (int it = 0; it < 40; ++it) {
    const VectorXd y = lu.solve(x);
    lambda = x.dot(x) / x.dot(y);
    x = y.normalized();
  }
  if (mode != nullptr) *mode = x;
  return lambda;
}

/// Static equilibrium by Newton's method on the accelerations (modified Newton: the Jacobian at the initial state,
/// factorised once). Converges in a few iterations for the small loads used here; returns the state.
ref::CosseratState static_equilibrium(const ref::CosseratCase& c) {
  const ref::CosseratState s0 = ref::cosserat_initial_state(c);
  const Coordinates co(c, s0);
  const Eigen::FullPivLU<MatrixXd> lu(co.jacobian(s0));
  ref::CosseratState s = s0;
  for (int it = 0; it < 40; ++it) {
    const VectorXd dq = lu.solve(-co.accelerations(s));
    s = co.displaced(s, dq);
    if (dq.cwiseAbs().maxCoeff() < 1e-17 * c.rest_length.front() * c.n) break;
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------------------
// Convergence bookkeeping

struct Convergence {
  std::vector<double> error, order;
};

Convergence convergence(const std::vector<double>& errors, const char* label) {
  Convergence out;
  out.error = errors;
  for (std::size_t i = 1; i < errors.size(); ++i) out.order.push_back(std::log2(errors[i - 1] / errors[i]));
  std::printf("%s: rel. errors %.3e (n=%d), %.3e (n=%d), %.3e (n=%d); observed orders %.3f, %.3f\n", label, errors[0],
              kResolutions[0], errors[1], kResolutions[1], errors[2], kResolutions[2], out.order[0], out.order[1]);
  return out;
}

/// Order 2 within [1.6, 2.6] and the finest error below `finest`.
void expect_second_order(const Convergence& conv, double finest) {
  for (const double p : conv.order) {
    EXPECT_GE(p, 1.6);
    EXPECT_LE(p, 2.6);
  }
  EXPECT_LT(conv.error.back(), finest);
}

/// Angular frequency of a signal from its zero crossings (linear interpolation between saved steps; a crossing of
/// a sinusoid is an inflection point, so the interpolation error is third order in the step).
double frequency_from_crossings(const std::vector<double>& t, const std::vector<double>& y) {
  std::vector<double> crossings;
  for (std::size_t k = 1; k < y.size(); ++k)
    if ((y[k - 1] > 0) != (y[k] > 0)) crossings.push_back(t[k - 1] + (t[k] - t[k - 1]) * y[k - 1] / (y[k - 1] - y[k]));
  if (crossings.size() < 3) return 0.0;
  return kPi * static_cast<double>(crossings.size() - 1) / (crossings.back() - crossings.front());
}

/// RK4 free vibration from the case's initial state for about `periods` periods of `omega_guess`; returns the
/// angular frequency of signal(state) from its zero crossings.
template <class Signal>
double measured_frequency(ref::CosseratCase c, double omega_guess, double periods, double dt, Signal signal) {
  c.scheme = ref::CosseratScheme::rk4;
  c.dt = dt;
  const long steps = std::lround(periods * 2.0 * kPi / omega_guess / dt);
  const ref::CosseratTrajectory traj = ref::cosserat_run(c, steps, 1);
  std::vector<double> t, y;
  for (const auto& s : traj.states) {
    t.push_back(s.t);
    y.push_back(signal(s));
  }
  return frequency_from_crossings(t, y);
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Cantilever static tip deflection

/// Tip deflection of the clamped-free rod under a small tip force P e_y (delta/L ~ 1e-3, so the geometric
/// nonlinearity, O((delta/L)^2) ~ 1e-6 relative, is far below the O(h^2) discretisation error at n = 40) relative
/// to `closed_form`.
double cantilever_deflection_error(int n, const Rod& p, double closed_form_per_load, double load) {
  ref::CosseratCase c = cantilever(n, p);
  c.force1 = Vector3d(0, load, 0);
  const ref::CosseratState s = static_equilibrium(c);
  const double zs = ref::cosserat_static_residual(c, s);
  const double energy = 0.5 * load * load * closed_form_per_load;  // the stored elastic energy
  std::printf("  n=%d: tip deflection %.12e, closed form %.12e, Z_s = %.2e (Z_s / U = %.2e)\n", n, s.x(n, 1),
              closed_form_per_load * load, zs, zs / energy);
  // Converged to round-off: Z_s is then set by the absolute node coordinates (~1e-16 L), i.e. shear-strain noise
  // ~1e-16 L/h, and grows with n; it stays below 1e-17 U here (force residuals ~1e-9 P), far below the O(h^2)
  // error, and the tip deflection is exact to ~1e-16 L.
  EXPECT_LT(zs, 1e-16 * energy);
  EXPECT_LT(std::abs(s.x(n, 0) - p.L), 1e-5 * p.L);
  EXPECT_LT(std::abs(s.x(n, 2)), 1e-14 * p.L);
  return std::abs(s.x(n, 1) / (closed_form_per_load * load) - 1.0);
}

TEST(ReferenceCosseratClosedForms, CantileverDeflectionWithShearIsTimoshenko) {
  // ks = 0.9 (Cowper, nu = 1/2), G = E/3, L/r = 10: the shear term P L/(ks G A) is 2.5 % of the deflection, far
  // above the discretisation error, so the test tells Timoshenko from Euler-Bernoulli.
  const Rod p;
  const double per_load = p.L * p.L * p.L / (3.0 * p.E * p.I()) + p.L / (p.ks * p.G * p.A());
  const double load = 1e-3 * p.L / per_load;  // delta / L = 1e-3
  std::vector<double> errors;
  for (const int n : kResolutions) errors.push_back(cantilever_deflection_error(n, p, per_load, load));
  // The linearised discrete cantilever has the exact Voronoi moments; its error is + L^2/(2 n^2) of the bending
  // part (derivation: midpoint quadrature of the slope plus the half-Voronoi clamp), i.e. order exactly 2.
  expect_second_order(convergence(errors, "cantilever tip deflection, Timoshenko, ks=0.9"), 5e-4);
}

TEST(ReferenceCosseratClosedForms, CantileverDeflectionWithoutShearIsEulerBernoulli) {
  // ks = 1, G = 1000 E: the shear term is 8e-6 of the deflection, below the discretisation error at n = 40
  // (3e-4), and the rod is compared with Euler-Bernoulli P L^3/(3EI) directly.
  Rod p;
  p.ks = 1.0;
  p.G = 1000.0 * p.E;
  const double per_load = p.L * p.L * p.L / (3.0 * p.E * p.I());
  const double load = 1e-3 * p.L / per_load;
  std::vector<double> errors;
  for (const int n : kResolutions) errors.push_back(cantilever_deflection_error(n, p, per_load, load));
  expect_second_order(convergence(errors, "cantilever tip deflection, Euler-Bernoulli, ks=1, G=1000E"), 5e-4);
}

// ---------------------------------------------------------------------------------------------------------------
// 2. First bending frequency

/// exp(A) of a 4x4 matrix by scaling and squaring of the Taylor series.
Eigen::Matrix4d expm4(const Eigen::Matrix4d& a) {
  const double norm = a.cwiseAbs().rowwise().sum().maxCoeff();
  const int squarings = std::max(0, static_cast<int>(std::ceil(std::log2(std::max(norm, 1e-300) / 0.125))));
  const Eigen::Matrix4d b = a / std::ldexp(1.0, squarings);
  Eigen::Matrix4d sum = Eigen::Matrix4d::Identity(), term = Eigen::Matrix4d::Identity();
  for (int k = 1; k <= 20; ++k) {
    term = term * b / k;
    sum += term;
  }
  for (int k = 0; k < squarings; ++k) sum = sum * sum;
  return sum;
}

/// First angular frequency of the clamped-free Timoshenko beam (shear ks G A and rotary inertia rho I): the
/// linearised continuum (V) rod. Nondimensional state (w/L, psi, V L^2/(EI), M L/(EI)) along s/L:
/// w' = psi + beta V, psi' = M, V' = -W^2 w, M' = -V - W^2 gamma psi, W^2 = rho A w^2 L^4/(EI),
/// beta = EI/(ks G A L^2), gamma = I/(A L^2). w = psi = 0 at the clamp, V = M = 0 at the free end.
double timoshenko_cantilever_omega1(const Rod& p, bool shear_and_rotary_inertia = true) {
  const double beta = shear_and_rotary_inertia ? p.E * p.I() / (p.ks * p.G * p.A() * p.L * p.L) : 0.0;
  const double gamma = shear_and_rotary_inertia ? p.I() / (p.A() * p.L * p.L) : 0.0;
  const auto det = [&](double w) {
    Eigen::Matrix4d m;
    m << 0, 1, beta, 0, 0, 0, 0, 1, -w * w, 0, 0, 0, 0, -w * w * gamma, -1, 0;
    const Eigen::Matrix4d phi = expm4(m);
    return phi(2, 2) * phi(3, 3) - phi(2, 3) * phi(3, 2);
  };
  double lo = 0.5, flo = det(lo), hi = lo;
  for (int k = 1; k <= 400; ++k) {  // the first sign change of det for W in (0.5, 4.5]
    hi = 0.5 + 0.01 * k;
    if ((det(hi) > 0) != (flo > 0)) break;
    lo = hi;
    flo = det(lo);
  }
  for (int k = 0; k < 200 && hi - lo > 1e-15 * hi; ++k) {
    const double mid = 0.5 * (lo + hi), fm = det(mid);
    if ((fm > 0) == (flo > 0)) {
      lo = mid;
      flo = fm;
    } else {
      hi = mid;
    }
  }
  return 0.5 * (lo + hi) * std::sqrt(p.E * p.I() / (p.rho * p.A() * std::pow(p.L, 4)));
}

TEST(ReferenceCosseratClosedForms, TimoshenkoFrequencyEquationHasTheEulerBernoulliLimit) {
  const Rod p;
  const double eb = timoshenko_cantilever_omega1(p, false);
  const double expected = std::pow(1.87510407, 2) * std::sqrt(p.E * p.I() / (p.rho * p.A() * std::pow(p.L, 4)));
  EXPECT_NEAR(eb / expected, 1.0, 1e-8);
  EXPECT_LT(timoshenko_cantilever_omega1(p), eb);
}

TEST(ReferenceCosseratClosedForms, FirstBendingFrequencyOfACantilever) {
  // ks = 0.9, G = E/3, L/r = 10 (stubby enough that the bending period is a few thousand RK4 steps): the
  // expected value is the exact Timoshenko frequency, 1.1 % below Euler-Bernoulli (1.87510407)^2 sqrt(EI/(rho A
  // L^4)). The discrete mode (lowest eigenvector of the linearised reference) is released from rest with a tip
  // amplitude of 1e-4 L, so the tip signal is a single sinusoid and its zero crossings give the frequency; RK4 with
  // dt = 2/omega_max has a phase error ~ (omega dt)^4 / 120 < 1e-11.
  const Rod p;
  const double expected = timoshenko_cantilever_omega1(p);
  std::printf("Timoshenko omega1 = %.12f (Euler-Bernoulli %.12f)\n", expected, timoshenko_cantilever_omega1(p, false));
  std::vector<double> errors, eigen_errors;
  for (const int n : kResolutions) {
    ref::CosseratCase c = cantilever(n, p);
    const ref::CosseratState s0 = ref::cosserat_initial_state(c);
    const Coordinates co(c, s0);
    VectorXd mode;
    const double omega_eig = std::sqrt(lowest_eigenvalue(-co.jacobian(s0), &mode));
    const Vector3d tip_dir = mode.segment<3>(co.node_size() - 3).normalized();
    mode *= 1e-4 * p.L / mode.segment<3>(co.node_size() - 3).norm();
    const ref::CosseratState start = co.displaced(s0, mode);
    c.x0 = start.x;
    c.Q0 = start.Q;
    const Eigen::RowVector3d tip_rest = s0.x.row(n);
    const double omega = measured_frequency(c, omega_eig, 1.6, 2.0 / omega_max(n, p), [&](const ref::CosseratState& s) {
      return (s.x.row(n) - tip_rest).dot(tip_dir.transpose());
    });
    std::printf("  n=%d: omega1 RK4 %.12f, linearised eigenvalue %.12f, expected %.12f\n", n, omega, omega_eig,
                expected);
    EXPECT_NEAR(omega / omega_eig, 1.0, 1e-6);  // the vibration is the linearised mode
    errors.push_back(std::abs(omega / expected - 1.0));
    eigen_errors.push_back(std::abs(omega_eig / expected - 1.0));
  }
  expect_second_order(convergence(errors, "first bending frequency (RK4), ks=0.9"), 2e-3);
  expect_second_order(convergence(eigen_errors, "first bending frequency (eigenvalue), ks=0.9"), 2e-3);
}

// ---------------------------------------------------------------------------------------------------------------
// 3./4. Axial and torsional wave speeds

/// Discrete first clamped-free mode of a uniform chain with the half mass (or, for torsion, the half-Voronoi clamp
/// spring) at the end: omega_h = (2c/h) sin(pi h/(4L)) exactly, i.e. c (pi/(2L)) (1 - (pi h/(4L))^2/6 + ...).
double discrete_first_mode(double c, double h, double L) { return 2.0 * c / h * std::sin(kPi * h / (4.0 * L)); }

TEST(ReferenceCosseratClosedForms, AxialWaveSpeed) {
  // ks = 0.9, G = E/3, L/r = 20. Initial axial displacement u_j = 1e-6 L sin(pi s_j/(2L)) (the first clamped-free
  // axial mode, exact for the discrete chain), released from rest; omega = (pi/2) c/L with c = sqrt(E/rho).
  Rod p;
  p.r = 0.05;
  const double c_exact = std::sqrt(p.E / p.rho);
  std::vector<double> errors;
  for (const int n : kResolutions) {
    ref::CosseratCase c = cantilever(n, p);
    for (int j = 0; j <= n; ++j) c.x0(j, 0) += 1e-6 * p.L * std::sin(kPi * j / (2.0 * n));
    const double h = p.L / n;
    const double omega = measured_frequency(c, kPi / 2.0 * c_exact / p.L, 1.6, 0.8 / omega_max(n, p),
                                            [&](const ref::CosseratState& s) { return s.x(n, 0) - p.L; });
    const double speed = omega * 2.0 * p.L / kPi;
    const double discrete = discrete_first_mode(c_exact, h, p.L);
    std::printf("  n=%d: axial omega %.12f, discrete chain %.12f, wave speed %.12f (exact %.12f)\n", n, omega, discrete,
                speed, c_exact);
    EXPECT_NEAR(omega / discrete, 1.0, 1e-6);  // the discrete chain's mode, to the RK4 error
    errors.push_back(std::abs(speed / c_exact - 1.0));
  }
  expect_second_order(convergence(errors, "axial wave speed sqrt(E/rho), ks=0.9"), 1e-4);
}

TEST(ReferenceCosseratClosedForms, TorsionalWaveSpeed) {
  // ks = 0.9, G = E/3, I3 = 2 I1, L/r = 20. Element twist phi_i = 1e-4 sin(pi s_i/(2L)) about d3 at the element
  // midpoints s_i (the first clamped-free torsion mode, exact for the discrete chain with the half-Voronoi clamp
  // spring), released from rest; omega = (pi/2) sqrt(G/rho)/L.
  Rod p;
  p.r = 0.05;
  const double c_exact = std::sqrt(p.G / p.rho);
  std::vector<double> errors;
  for (const int n : kResolutions) {
    ref::CosseratCase c = cantilever(n, p);
    const double h = p.L / n;
    for (int i = 0; i < n; ++i)
      c.Q0[static_cast<std::size_t>(i)] =
          exp_so3(Vector3d(0, 0, -1e-4 * std::sin(kPi * (i + 0.5) * h / (2.0 * p.L)))) * straight_frame();
    const auto twist = [&](const ref::CosseratState& s) {  // Q = exp(-phi hat e3) Q0
      return -log_so3(s.Q.back() * straight_frame().transpose()).z();
    };
    const double omega = measured_frequency(c, kPi / 2.0 * c_exact / p.L, 1.6, 0.8 / omega_max(n, p), twist);
    const double speed = omega * 2.0 * p.L / kPi;
    const double discrete = discrete_first_mode(c_exact, h, p.L);
    std::printf("  n=%d: torsion omega %.12f, discrete chain %.12f, wave speed %.12f (exact %.12f)\n", n, omega,
                discrete, speed, c_exact);
    EXPECT_NEAR(omega / discrete, 1.0, 1e-6);  // the discrete chain's mode, to the RK4 error
    errors.push_back(std::abs(speed / c_exact - 1.0));
  }
  expect_second_order(convergence(errors, "torsional wave speed sqrt(G/rho), ks=0.9"), 1e-4);
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Euler buckling

TEST(ReferenceCosseratClosedForms, EulerBucklingLoadOfAClampedFreeColumn) {
  // ks = 0.9, G = E/3, L/r = 10, clamped at node 0, dead load -P e_x on the free node n.
  // Why this end condition: the model has no roller, so a pinned-pinned column cannot shorten; the clamped-free
  // column with a dead tip load is exactly representable. Method: the compressed straight state (uniform axial
  // strain -P/(EA), exact equilibrium of the discrete rod) is linearised through the reference's accelerations;
  // the lowest eigenvalue omega^2(P) of the lateral modes falls to zero at the discrete buckling load, found by the
  // secant method (omega^2 is close to linear in P). This is the stable/unstable boundary without any dynamic
  // relaxation error.
  // Closed form: the continuum (V) rod under a dead load N = -P e_x gives EI theta'' + P (1 - P/(EA) + P/(ks G A))
  // theta = 0 (lateral r' = (1 + sigma3) theta + gamma, gamma = P theta/(ks G A)), so with theta(0) = theta'(L) = 0:
  // P (1 + P (1/(ks G A) - 1/(EA))) = P_E = pi^2 EI/(4 L^2) (2.1 % below P_E here).
  const Rod p;
  const double pe = kPi * kPi * p.E * p.I() / (4.0 * p.L * p.L);
  const double q = 1.0 / (p.ks * p.G * p.A()) - 1.0 / (p.E * p.A());
  const double expected = (-1.0 + std::sqrt(1.0 + 4.0 * q * pe)) / (2.0 * q);
  std::printf("buckling: P_E = %.12e, shear/extension corrected P_cr = %.12e\n", pe, expected);
  std::vector<double> errors;
  for (const int n : kResolutions) {
    const auto lowest = [&](double load) {
      ref::CosseratCase c = cantilever(n, p);
      c.force1 = Vector3d(-load, 0, 0);
      for (int j = 0; j <= n; ++j) c.x0(j, 0) *= 1.0 - load / (p.E * p.A());
      const ref::CosseratState s = ref::cosserat_initial_state(c);
      EXPECT_LT(ref::cosserat_static_residual(c, s), 1e-20 * load * load * p.L / (p.E * p.A()));
      return lowest_eigenvalue(-Coordinates(c, s).jacobian(s));
    };
    double p0 = 0.9 * expected, f0 = lowest(p0), p1 = expected, f1 = lowest(p1);
    for (int it = 0; it < 12 && std::abs(p1 - p0) > 1e-10 * expected; ++it) {
      const double p2 = p1 - f1 * (p1 - p0) / (f1 - f0);
      p0 = p1;
      f0 = f1;
      p1 = p2;
      f1 = lowest(p1);
    }
    std::printf("  n=%d: P_cr %.12e (omega^2 there %.2e), expected %.12e\n", n, p1, f1, expected);
    errors.push_back(std::abs(p1 / expected - 1.0));
  }
  expect_second_order(convergence(errors, "clamped-free buckling load, ks=0.9"), 2e-3);
}

// ---------------------------------------------------------------------------------------------------------------
// 7. Stress-free helix

/// A two-turn helix (radius 0.3, rise 0.5 per turn) of n elements with directors d3 along the element chords, d1
/// toward the axis (orthogonalised), d2 = d3 x d1; rest strains computed from this discrete shape (note 1.2).
ref::CosseratCase helix(int n) {
  ref::CosseratCase c;
  c.n = n;
  c.rods = 1;
  c.law = ref::CosseratLaw::variational;
  c.rho = 1;
  c.E = 1;
  c.G = 1.0 / 3.0;
  c.shear_coeff = 0.9;
  const double radius = 0.3, rise = 0.5 / (2.0 * kPi), turns = 2.0;
  c.x0 = Eigen::MatrixX3d::Zero(n + 1, 3);
  for (int j = 0; j <= n; ++j) {
    const double phi = 2.0 * kPi * turns * j / n;
    c.x0.row(j) << radius * std::cos(phi), radius * std::sin(phi), rise * phi;
  }
  c.v0 = Eigen::MatrixX3d::Zero(n + 1, 3);
  c.w0 = Eigen::MatrixX3d::Zero(n, 3);
  c.rest_sigma = Eigen::MatrixX3d::Zero(n, 3);
  c.rest_kappa = Eigen::MatrixX3d::Zero(n - 1, 3);
  for (int i = 0; i < n; ++i) {
    const Vector3d l = (c.x0.row(i + 1) - c.x0.row(i)).transpose();
    const double phi = 2.0 * kPi * turns * (i + 0.5) / n;
    const Vector3d d3 = l.normalized();
    const Vector3d toward_axis(-std::cos(phi), -std::sin(phi), 0);
    const Vector3d d1 = (toward_axis - toward_axis.dot(d3) * d3).normalized();
    Matrix3d q;
    q.row(0) = d1.transpose();
    q.row(1) = d3.cross(d1).transpose();
    q.row(2) = d3.transpose();
    c.Q0.push_back(q);
    c.rest_length.push_back(l.norm());
    c.radius.push_back(0.02);
    c.rest_sigma.row(i) = (q * l / l.norm() - Vector3d::UnitZ()).transpose();
  }
  for (int k = 0; k + 1 < n; ++k) {
    const auto uk = static_cast<std::size_t>(k);
    const double dh = 0.5 * (c.rest_length[uk] + c.rest_length[uk + 1]);
    c.rest_kappa.row(k) = (log_so3(c.Q0[uk] * c.Q0[uk + 1].transpose()) / dh).transpose();
  }
  c.clamp_x0 = c.x0.topRows(1);
  c.clamp_x1 = c.x0.bottomRows(1);
  c.clamp_Q0 = {c.Q0.front()};
  c.clamp_Q1 = {c.Q0.back()};
  return c;
}

TEST(ReferenceCosseratClosedForms, StressFreeHelixStaysAtRest) {
  // ks = 0.9, G = E/3, r = 0.02; dt = 0.5/omega_max; 1000 steps per scheme; free-free and
  // clamped-free (the clamp frame is the initial frame of element 0, so the boundary spring is unstressed too).
  for (const ref::CosseratScheme scheme : {ref::CosseratScheme::verlet, ref::CosseratScheme::rk4}) {
    for (const ref::CosseratEnd end0 : {ref::CosseratEnd::free, ref::CosseratEnd::clamped}) {
      ref::CosseratCase c = helix(40);
      c.scheme = scheme;
      c.end0 = end0;
      const double h = c.rest_length.front();
      c.dt = 0.5 / std::sqrt(4.0 * c.E / (c.rho * h * h) + 4.0 * c.shear_coeff * c.G / (c.rho * 0.02 * 0.02));
      const ref::CosseratTrajectory traj = ref::cosserat_run(c, 1000, 50);
      double dx = 0, dq = 0, v = 0;
      for (const auto& s : traj.states) {
        dx = std::max(dx, (s.x - c.x0).cwiseAbs().maxCoeff());
        v = std::max(v, s.v.cwiseAbs().maxCoeff());
        for (int i = 0; i < c.n; ++i) {
          const auto ui = static_cast<std::size_t>(i);
          dq = std::max(dq, (s.Q[ui] - c.Q0[ui]).cwiseAbs().maxCoeff());
        }
      }
      std::printf("helix, %s, end0 %s: t = %.3f, max |x - x0| = %.2e, max |Q - Q0| = %.2e, max |v| = %.2e\n",
                  scheme == ref::CosseratScheme::rk4 ? "rk4" : "verlet",
                  end0 == ref::CosseratEnd::free ? "free" : "clamped", traj.states.back().t, dx, dq, v);
      EXPECT_LT(dx, 1e-12);
      EXPECT_LT(dq, 1e-12);
      EXPECT_NEAR(traj.states.back().t, 1000 * c.dt, 1e-9);
    }
  }
}

}  // namespace
