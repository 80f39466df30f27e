/// @file greenspan_reference.cpp
/// The reference's physics: tension law (6.1)-(6.2), segment force and forces of (5.1), energy, and the
/// residual and Jacobian of the steady-state system (5.3). Written from the paper, not from the backends.
#include "reference/greenspan_reference.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace rodswarm::reference {
namespace {

/// The bracket of (6.1)-(6.2), 1 + |p| + (eps/2) p^2 with p = d/dx (always >= 1).
double tension_bracket(const GreenspanCase& c, double d) {
  const double p = d / c.dx;
  return 1.0 + std::abs(p) + 0.5 * c.eps * p * p;
}

/// Rise of segment j (1..n+1) joining particle j-1 to particle j; particles 0 and n+1 are the fixed ends.
double segment_rise(const GreenspanCase& c, const Eigen::VectorXd& y, int j) {
  const double upper = (j == c.n + 1) ? c.y_right : y(j - 1);
  const double lower = (j == 1) ? c.y_left : y(j - 2);
  return upper - lower;
}

void check_size(const GreenspanCase& c, const Eigen::VectorXd& y, const char* what) {
  if (y.size() != c.n)
    throw std::invalid_argument(std::string("greenspan reference: ") + what + " must have n entries");
}

}  // namespace

double greenspan_tension(const GreenspanCase& c, double d) {
  // (6.1)-(6.2); section 7 of the paper also raises the bracket to the powers 1/2 and 3/2.
  const double bracket = tension_bracket(c, d);
  return c.T0 * (c.tension_exponent == 1.0 ? bracket : std::pow(bracket, c.tension_exponent));
}

double greenspan_segment_force(const GreenspanCase& c, double d) {
  // One term of (5.1): |T| (y_{i+1} - y_i) / [(dx)^2 + (y_{i+1} - y_i)^2]^(1/2). The tension is positive
  // (bracket >= 1), so |T| = T.
  return greenspan_tension(c, d) * d / std::sqrt(c.dx * c.dx + d * d);
}

double greenspan_segment_stiffness(const GreenspanCase& c, double d) {
  // f(d) = T0 B(|d|)^q d / r with r = sqrt(dx^2 + d^2) is odd, so f' is even: differentiate at s = |d| >= 0,
  // where B(s) = 1 + s/dx + (eps/2)(s/dx)^2 is smooth:
  //   f'(s) = T0 [q B^(q-1) B'(s) s / r + B^q dx^2 / r^3],  B'(s) = 1/dx + eps s / dx^2.
  // At s = 0 this is T0/dx from both sides, so f is C^1 (its second derivative jumps at 0).
  const double s = std::abs(d);
  const double q = c.tension_exponent;
  const double bracket = tension_bracket(c, s);
  const double dbracket = 1.0 / c.dx + c.eps * s / (c.dx * c.dx);
  const double r = std::sqrt(c.dx * c.dx + s * s);
  const double bq = (q == 1.0) ? bracket : std::pow(bracket, q);
  const double bq1 = (q == 1.0) ? 1.0 : std::pow(bracket, q - 1.0);
  return c.T0 * (q * bq1 * dbracket * s / r + bq * c.dx * c.dx / (r * r * r));
}

Eigen::VectorXd greenspan_forces(const GreenspanCase& c, const Eigen::VectorXd& y, const Eigen::VectorXd& v) {
  check_size(c, y, "y");
  check_size(c, v, "v");
  // (5.1): |T_2| term (segment i+1, above particle i) minus |T_1| term (segment i), viscosity, gravity, and the
  // constant load on every particle.
  Eigen::VectorXd force(c.n);
  for (int i = 1; i <= c.n; ++i) {
    const double upper = greenspan_segment_force(c, segment_rise(c, y, i + 1));
    const double lower = greenspan_segment_force(c, segment_rise(c, y, i));
    force(i - 1) = upper - lower - c.alpha * v(i - 1) - c.m * c.g + c.load;
  }
  return force;
}

Eigen::VectorXd greenspan_steady_residual(const GreenspanCase& c, const Eigen::VectorXd& y) {
  // (5.3) is (5.1) with a = v = 0; written as left side minus right side (m g).
  return greenspan_forces(c, y, Eigen::VectorXd::Zero(c.n));
}

Eigen::MatrixXd greenspan_steady_jacobian(const GreenspanCase& c, const Eigen::VectorXd& y) {
  check_size(c, y, "y");
  // R_i = f(d_{i+1}) - f(d_i) - m g with d_{i+1} = y_{i+1} - y_i and d_i = y_i - y_{i-1}:
  //   dR_i/dy_{i-1} = f'(d_i),  dR_i/dy_i = -f'(d_{i+1}) - f'(d_i),  dR_i/dy_{i+1} = f'(d_{i+1}).
  Eigen::MatrixXd jacobian = Eigen::MatrixXd::Zero(c.n, c.n);
  for (int i = 1; i <= c.n; ++i) {
    const double k_lower = greenspan_segment_stiffness(c, segment_rise(c, y, i));
    const double k_upper = greenspan_segment_stiffness(c, segment_rise(c, y, i + 1));
    jacobian(i - 1, i - 1) = -k_upper - k_lower;
    if (i > 1) jacobian(i - 1, i - 2) = k_lower;
    if (i < c.n) jacobian(i - 1, i) = k_upper;
  }
  return jacobian;
}

double greenspan_energy(const GreenspanCase& c, const Eigen::VectorXd& y, const Eigen::VectorXd& v) {
  check_size(c, y, "y");
  check_size(c, v, "v");
  // E = sum m v^2/2 + sum_{j=1}^{n+1} V(d_j) + sum (m g - load) y_i; along (5.1) with a = dv/dt it obeys
  // dE/dt = -alpha sum v^2 (the elastic sum telescopes against the forces of (5.1)).
  double kinetic = 0.0, elastic = 0.0, gravitational = 0.0;
  for (int i = 0; i < c.n; ++i) {
    kinetic += 0.5 * c.m * v(i) * v(i);
    gravitational += (c.m * c.g - c.load) * y(i);
  }
  for (int j = 1; j <= c.n + 1; ++j) elastic += greenspan_segment_potential(c, segment_rise(c, y, j));
  return kinetic + elastic + gravitational;
}

}  // namespace rodswarm::reference
