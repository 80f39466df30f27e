/// @file rolling_step.cpp
/// Dynamics of the rolling reference: the right-hand side with the index-reduced multiplier (derivation in
/// rolling_internal.hpp), the mass-orthogonal velocity projection, contact placement and one RK4 step.
#include <cmath>

#include "reference/rolling_internal.hpp"

namespace rodswarm::reference::rolling_detail {
namespace {

/// out = y + a k, component by component, into out's storage (t untouched).
void add_scaled(const RollingState& y, double a, const RollingState& k, RollingState& out) {
  out.u = y.u + a * k.u;
  out.v = y.v + a * k.v;
  out.ut = y.ut + a * k.ut;
  out.vt = y.vt + a * k.vt;
  out.s1 = y.s1 + a * k.s1;
  out.s2 = y.s2 + a * k.s2;
}

}  // namespace

double constraint(const RollingCase& c, const RollingState& y) {
  const double h = grid(c).h;
  return h * dot(smeared_delta(c, y.s1), y.ut) - c.F * h * dot(smeared_delta(c, y.s2), y.vt);
}

RateInfo rate(const RollingCase& c, const RollingState& y, RollingState& dy, Workspace& ws) {
  const double h = grid(c).h;
  smeared_delta(c, y.s1, ws.scratch, ws.d1);
  smeared_delta(c, y.s2, ws.scratch, ws.d2);
  const Row& d1 = ws.d1;
  const Row& d2 = ws.d2;
  dy.u = y.ut;
  dy.v = y.vt;
  wave_operator(c, y.u, dy.ut);  // c^2 D2 u; the multiplier's force is added below
  wave_operator(c, y.v, dy.vt);
  dy.s1 = c.frozen ? 0.0 : c.G1 * h * dot(d1, y.ut);
  dy.s2 = c.frozen ? 0.0 : c.G2 * h * dot(d2, y.vt);
  const double num =
      dot(d1, dy.ut) - c.F * dot(d2, dy.vt) + dy.s1 * dot(d1, y.ut, true) - c.F * dy.s2 * dot(d2, y.vt, true);
  const double den = norm2(d1) + c.F * c.F * norm2(d2);
  RateInfo info;
  info.singular = !(den >= kSingular);
  info.lambda = info.singular ? 0.0 : num / den;
  axpy(-info.lambda, d1, dy.ut);
  axpy(info.lambda * c.F, d2, dy.vt);
  return info;
}

RateInfo rate(const RollingCase& c, const RollingState& y) {
  Workspace ws;
  RollingState dy;
  return rate(c, y, dy, ws);
}

bool project_velocities(const RollingCase& c, RollingState& y, Workspace& ws) {
  smeared_delta(c, y.s1, ws.scratch, ws.d1);
  smeared_delta(c, y.s2, ws.scratch, ws.d2);
  const double den = norm2(ws.d1) + c.F * c.F * norm2(ws.d2);
  if (!(den >= kSingular)) return false;
  const double r = dot(ws.d1, y.ut) - c.F * dot(ws.d2, y.vt);
  axpy(-r / den, ws.d1, y.ut);
  axpy(r * c.F / den, ws.d2, y.vt);
  return true;
}

bool place_contacts(const RollingCase& c, RollingState& y) {
  if (c.periodic) {
    for (double* s : {&y.s1, &y.s2}) {
      *s -= c.L * std::floor(*s / c.L);
      if (*s >= c.L) *s = 0;  // a tiny negative s rounds to L
    }
    return true;
  }
  return y.s1 >= 0 && y.s1 <= c.L && y.s2 >= 0 && y.s2 <= c.L;
}

bool finite(const RollingState& y) {
  return y.u.allFinite() && y.v.allFinite() && y.ut.allFinite() && y.vt.allFinite() && std::isfinite(y.s1) &&
         std::isfinite(y.s2);
}

bool rk4_step(const RollingCase& c, RollingState& y, Workspace& ws) {
  const double dt = c.dt;
  rate(c, y, ws.k1, ws);
  add_scaled(y, 0.5 * dt, ws.k1, ws.stage);
  rate(c, ws.stage, ws.k2, ws);
  add_scaled(y, 0.5 * dt, ws.k2, ws.stage);
  rate(c, ws.stage, ws.k3, ws);
  add_scaled(y, dt, ws.k3, ws.stage);
  rate(c, ws.stage, ws.k4, ws);
  const double w = dt / 6.0;
  y.u += w * (ws.k1.u + 2.0 * ws.k2.u + 2.0 * ws.k3.u + ws.k4.u);
  y.v += w * (ws.k1.v + 2.0 * ws.k2.v + 2.0 * ws.k3.v + ws.k4.v);
  y.ut += w * (ws.k1.ut + 2.0 * ws.k2.ut + 2.0 * ws.k3.ut + ws.k4.ut);
  y.vt += w * (ws.k1.vt + 2.0 * ws.k2.vt + 2.0 * ws.k3.vt + ws.k4.vt);
  y.s1 += w * (ws.k1.s1 + 2.0 * ws.k2.s1 + 2.0 * ws.k3.s1 + ws.k4.s1);
  y.s2 += w * (ws.k1.s2 + 2.0 * ws.k2.s2 + 2.0 * ws.k3.s2 + ws.k4.s2);
  y.t += dt;
  if (!finite(y)) return false;
  const bool placed = place_contacts(c, y);
  const bool projected = project_velocities(c, y, ws);
  return placed && projected && finite(y);
}

}  // namespace rodswarm::reference::rolling_detail
