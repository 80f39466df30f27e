/// @file nishinari_rk4.cpp
/// Classical RK4 in the textbook form on the Cartesian state (r, v, normal, spin). Nothing is projected or
/// renormalised between stages or steps, so the stored normals are comparable with the backends'.
#include <stdexcept>

#include "reference/nishinari_internal.hpp"

namespace rodswarm::reference {
namespace {

/// y + h k, component by component.
NishinariState add_scaled(const NishinariState& y, double h, const NishinariState& k) {
  NishinariState out;
  out.r = y.r + h * k.r;
  out.v = y.v + h * k.v;
  out.normal = y.normal + h * k.normal;
  out.spin = y.spin + h * k.spin;
  return out;
}

NishinariState rk4_step(const NishinariCase& c, const NishinariState& y) {
  const double dt = c.dt;
  const NishinariState k1 = nishinari_rate(c, y);
  const NishinariState k2 = nishinari_rate(c, add_scaled(y, 0.5 * dt, k1));
  const NishinariState k3 = nishinari_rate(c, add_scaled(y, 0.5 * dt, k2));
  const NishinariState k4 = nishinari_rate(c, add_scaled(y, dt, k3));
  NishinariState out;
  out.r = y.r + dt / 6.0 * (k1.r + 2.0 * k2.r + 2.0 * k3.r + k4.r);
  out.v = y.v + dt / 6.0 * (k1.v + 2.0 * k2.v + 2.0 * k3.v + k4.v);
  out.normal = y.normal + dt / 6.0 * (k1.normal + 2.0 * k2.normal + 2.0 * k3.normal + k4.normal);
  out.spin = y.spin + dt / 6.0 * (k1.spin + 2.0 * k2.spin + 2.0 * k3.spin + k4.spin);
  return out;
}

}  // namespace

NishinariTrajectory nishinari_rk4(const NishinariCase& c, long steps, long save_every) {
  nishinari_detail::check_case(c);
  if (!(c.dt > 0)) throw std::invalid_argument("nishinari reference: dt must be positive");
  if (steps < 0) throw std::invalid_argument("nishinari reference: steps must be >= 0");
  NishinariState y{c.r0, c.v0, c.normal0, c.spin0};
  nishinari_detail::check_state(c, y);
  // A fixed bead's velocity is zero (section 7); its rate is zero too, so it stays so.
  for (int i = 0; i < c.n; ++i)
    if (nishinari_detail::bead_fixed(c, i)) y.v.row(i).setZero();

  NishinariTrajectory traj;
  traj.time.push_back(0.0);
  traj.states.push_back(y);
  for (long step = 1; step <= steps; ++step) {
    y = rk4_step(c, y);
    // save_every <= 0 means: initial and final states only.
    const bool periodic = save_every > 0 && step % save_every == 0;
    if (periodic || step == steps) {
      traj.time.push_back(static_cast<double>(step) * c.dt);
      traj.states.push_back(y);
    }
  }
  return traj;
}

}  // namespace rodswarm::reference
