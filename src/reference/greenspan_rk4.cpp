/// @file greenspan_rk4.cpp
/// Classical fourth-order Runge-Kutta on (5.1) written as the first-order system z = (y, v),
/// y' = v, v' = F(y, v) / m, in its textbook form.
#include <stdexcept>

#include "reference/greenspan_internal.hpp"
#include "reference/greenspan_reference.hpp"

namespace rodswarm::reference {
namespace {

/// z' = (v, F(y, v) / m) with F the left side of (5.1) (continuous-time: forces at the current state).
Eigen::VectorXd rhs(const GreenspanCase& c, const Eigen::VectorXd& z) {
  const Eigen::VectorXd y = z.head(c.n), v = z.tail(c.n);
  Eigen::VectorXd dz(2 * c.n);
  dz.head(c.n) = v;
  dz.tail(c.n) = greenspan_forces(c, y, v) / c.m;
  return dz;
}

}  // namespace

Trajectory greenspan_rk4(const GreenspanCase& c, long steps, long save_every) {
  greenspan_detail::check_case(c);
  if (steps < 0) throw std::invalid_argument("greenspan_rk4: steps must be >= 0");
  const double dt = c.dt;

  Eigen::VectorXd z(2 * c.n);
  z << c.y0, c.v0;
  Trajectory out;
  greenspan_detail::append_state(out, 0.0, c.y0, c.v0);
  for (long k = 1; k <= steps; ++k) {
    const Eigen::VectorXd k1 = rhs(c, z);
    const Eigen::VectorXd k2 = rhs(c, z + 0.5 * dt * k1);
    const Eigen::VectorXd k3 = rhs(c, z + 0.5 * dt * k2);
    const Eigen::VectorXd k4 = rhs(c, z + dt * k3);
    z += (dt / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    // Time as k dt, not accumulated, so save times are exact multiples.
    if (greenspan_detail::is_save_point(k, steps, save_every))
      greenspan_detail::append_state(out, static_cast<double>(k) * dt, z.head(c.n), z.tail(c.n));
  }
  return out;
}

}  // namespace rodswarm::reference
