/// @file rolling_run.cpp
/// The rolling reference's initial state (grid synthesis of the modal coefficients, velocities projected onto the
/// constraint) and its runs with samples at the output points.
#include <stdexcept>

#include "reference/rolling_internal.hpp"

namespace rodswarm::reference {
namespace {

using namespace rolling_detail;

RollingSample sample(const RollingCase& c, const RollingState& y, bool stopped) {
  const Grid g = grid(c);
  const int stride = g.N / (c.output_points - 1);
  RollingSample out;
  out.t = y.t;
  for (int i = 0; i < c.output_points; ++i) {
    const int j = (i * stride) % g.n;  // periodic: x = L is the grid point x = 0
    out.u.push_back(y.u(j));
    out.v.push_back(y.v(j));
    out.ut.push_back(y.ut(j));
    out.vt.push_back(y.vt(j));
  }
  out.s1 = y.s1;
  out.s2 = y.s2;
  out.lambda = rate(c, y).lambda;
  const Energy e = energy(c, y);
  out.kinetic = e.kinetic;
  out.potential = e.potential;
  out.constraint = constraint(c, y);
  out.harmonic = harmonic(c, y.u);
  out.stopped = stopped;
  return out;
}

}  // namespace

RollingState rolling_initial_state(const RollingCase& c) {
  check_case(c);
  RollingState y;
  y.u = synthesise(c, c.a0);
  y.v = synthesise(c, c.b0);
  y.ut = synthesise(c, c.ad0);
  y.vt = synthesise(c, c.bd0);
  y.s1 = c.s1;
  y.s2 = c.s2;
  place_contacts(c, y);  // periodic: wrap into [0, L); fixed: checked by check_case
  Workspace ws;
  project_velocities(c, y, ws);  // a singular constraint is left as it is (the run stops at once)
  return y;
}

std::vector<RollingSample> rolling_run(const RollingCase& c, long steps, long save_every) {
  if (steps < 0) throw std::invalid_argument("rolling reference: steps must be >= 0");
  RollingState y = rolling_initial_state(c);
  bool stopped = rate(c, y).singular || !finite(y);
  std::vector<RollingSample> out;
  out.push_back(sample(c, y, stopped));
  Workspace ws;
  for (long step = 1; step <= steps && !stopped; ++step) {
    stopped = !rk4_step(c, y, ws);
    y.t = static_cast<double>(step) * c.dt;
    // A stop is sampled at the state that caused it (e.g. s outside [0, L]), flagged, and ends the run.
    if (stopped || (save_every > 0 && step % save_every == 0) || step == steps) out.push_back(sample(c, y, stopped));
  }
  return out;
}

}  // namespace rodswarm::reference
