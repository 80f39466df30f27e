/// @file rolling_lyapunov.cpp
/// Largest Lyapunov exponent of the rolling reference by twin trajectories with renormalisation (Benettin et al.
/// 1980; docs/rolling_discretisation.md section 2). Distances are measured in the grid's mass norm
///   d^2 = h sum_j (du^2 + dv^2 + du_t^2 + dv_t^2) + ds1^2 + ds2^2   (ds wrapped on a periodic string),
/// the grid quadrature of the backends' Euclidean norm of (a, b, a', b', s1, s2) (the basis is orthonormal), so
/// finite-run estimates of the two discretisations are comparable and not only their limits.
#include <cmath>
#include <stdexcept>

#include "reference/rolling_internal.hpp"

namespace rodswarm::reference {
namespace {

using namespace rolling_detail;

double contact_difference(const RollingCase& c, double a, double b) {
  return c.periodic ? std::remainder(a - b, c.L) : a - b;
}

double distance(const RollingCase& c, const RollingState& z, const RollingState& y) {
  const double h = grid(c).h;
  const double ds1 = contact_difference(c, z.s1, y.s1);
  const double ds2 = contact_difference(c, z.s2, y.s2);
  const double fields =
      (z.u - y.u).squaredNorm() + (z.v - y.v).squaredNorm() + (z.ut - y.ut).squaredNorm() + (z.vt - y.vt).squaredNorm();
  return std::sqrt(h * fields + ds1 * ds1 + ds2 * ds2);
}

/// y + f (z - y), contact differences wrapped.
RollingState pull_towards(const RollingCase& c, const RollingState& y, const RollingState& z, double f) {
  RollingState out = y;
  out.u += f * (z.u - y.u);
  out.v += f * (z.v - y.v);
  out.ut += f * (z.ut - y.ut);
  out.vt += f * (z.vt - y.vt);
  out.s1 += f * contact_difference(c, z.s1, y.s1);
  out.s2 += f * contact_difference(c, z.s2, y.s2);
  return out;
}

}  // namespace

std::vector<double> rolling_lyapunov(const RollingCase& c, long steps, long renorm_steps, double d0) {
  if (steps < 0) throw std::invalid_argument("rolling reference: steps must be >= 0");
  if (renorm_steps <= 0) throw std::invalid_argument("rolling reference: renorm_steps must be positive");
  if (!(d0 > 0) || !std::isfinite(d0)) throw std::invalid_argument("rolling reference: d0 must be positive");
  RollingState y = rolling_initial_state(c);
  if (c.a0.empty()) throw std::invalid_argument("rolling reference: the Lyapunov direction needs K >= 1 modes");
  std::vector<double> estimate;
  if (rate(c, y).singular || !finite(y)) return estimate;

  // The unit modal direction (all 4K amplitudes and velocities equal, contact points untouched) on the grid.
  const std::vector<double> unit(c.a0.size(), 1.0 / std::sqrt(4.0 * static_cast<double>(c.a0.size())));
  const Eigen::VectorXd e = synthesise(c, unit);                           // the same grid values for u, v, u_t, v_t
  const double scale = d0 / std::sqrt(4.0 * grid(c).h * e.squaredNorm());  // twin at distance d0
  RollingState z = y;
  z.u += scale * e;
  z.v += scale * e;
  z.ut += scale * e;
  z.vt += scale * e;
  Workspace ws;
  project_velocities(c, z, ws);
  double d_prev = distance(c, z, y);
  double sum = 0;
  for (long step = 1; step <= steps; ++step) {
    if (!rk4_step(c, y, ws) || !rk4_step(c, z, ws)) break;
    if (step % renorm_steps != 0) continue;
    const double d = distance(c, z, y);
    if (!(d > 0) || !std::isfinite(d)) break;
    sum += std::log(d / d_prev);
    estimate.push_back(sum / (static_cast<double>(step) * c.dt));
    z = pull_towards(c, y, z, d0 / d);
    z.t = y.t;
    if (!place_contacts(c, z) || !project_velocities(c, z, ws)) break;
    d_prev = distance(c, z, y);
  }
  return estimate;
}

}  // namespace rodswarm::reference
