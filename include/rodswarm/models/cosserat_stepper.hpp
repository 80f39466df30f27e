/// @file cosserat_stepper.hpp
/// Advances one Cosserat member by many steps of position Verlet or RKMK4 (docs/cosserat_discretisation.md,
/// "Schemes"), iterated over nodes and elements by a loop policy (integrators/bead_loop.hpp). Forces come from
/// cosserat_forces.hpp. Time is steps_done * dt, so growth laws and prescribed ends never drift.
///
/// Workspace of a member (Reals): accelerations 3 nodes + 3 E, the growth rate E, the evaluation scratch and, for
/// RK4, the stage state and the accumulator [x 3 nodes | v 3 nodes | Theta 3E | w 3E | g E] twice plus the stage
/// frames 9E.
#pragma once

#include <cstdint>

#include "rodswarm/common.hpp"
#include "rodswarm/models/cosserat_forces.hpp"

namespace rodswarm::cosserat {

/// One member's state and data (pointers into an EnsembleView).
template <class Real>
struct MemberIO {
  Real *x, *v, *Q, *w, *g;
  MemberData<Real> data;
};

RODSWARM_HD constexpr int rk4_state_size(Shape s) { return 6 * s.nodes() + 7 * s.elements(); }

RODSWARM_HD constexpr int workspace_size(Scheme scheme, Shape s) {
  return 3 * s.nodes() + 4 * s.elements() + scratch_size(s) +
         (scheme == Scheme::rk4 ? 2 * rk4_state_size(s) + 9 * s.elements() : 0);
}

/// The Baumgarte rate of Gauss-imposed constraints: the member's or 1/(5 dt).
template <class Real>
RODSWARM_HD inline Real baumgarte_rate(const Params<Real>& p, Real dt) {
  return lane::select(p.baumgarte > Real(0), p.baumgarte, Real(1) / (Real(5) * dt));
}

/// Whether node j is held (or kept on its line or plane) by an end imposed by overwriting.
template <class Real>
RODSWARM_HD inline bool overwritten(const Params<Real>& p, Shape s, int j, int& end) {
  if (p.constraints != ConstraintMethod::overwrite || s.ring) return false;  // a ring has no ends
  const int k = j % (s.N + 1);
  end = k == 0 ? 0 : 1;
  if (k == 0) return holds_position(p.end0) || slides(p.end0);
  if (k == s.N) return holds_position(p.end1) || slides(p.end1);
  return false;
}

/// Puts a sliding end's node back on its line or plane through x_c, and its velocity along it (v may be null).
template <class Real>
RODSWARM_HD inline void project_slide(const Params<Real>& p, int end, Vec3<Real> xc, Real* x, Real* v) {
  store3(x, xc + slide_tangent(p, end, load3(x) - xc));
  if (v) store3(v, slide_tangent(p, end, load3(v)));
}

/// Sets positions (and velocities when v != nullptr) of overwritten end nodes to the clamp motion at t; sliding
/// ends imposed by overwriting go back on their line or plane.
template <class Real, class Loop>
RODSWARM_HD void impose_ends(const MemberData<Real>& d, Real* x, Real* v, Real t, const Loop& loop) {
  const Params<Real>& p = *d.p;
  const Shape s = shape_of(p);
  loop.for_each(2 * s.R, [&](int q) {
    const int r = q / 2, end = q % 2;
    const int j = r * (s.N + 1) + (end == 0 ? 0 : s.N);
    int e;
    if (!overwritten(p, s, j, e)) return;
    const ClampState<Real> cs = clamp_state(p, d.clamp + clamp_size * r, end, t);
    if (slides(end == 0 ? p.end0 : p.end1)) {
      project_slide(p, end, cs.x, x + 3 * j, v ? v + 3 * j : nullptr);
      return;
    }
    store3(x + 3 * j, cs.x);
    if (v) store3(v + 3 * j, cs.v);
  });
  loop.sync_or(false);
}

/// After a step: puts Gauss-imposed constraints back on their manifolds (Udwadia-Kalaba gives the constraint
/// forces within the step; Baumgarte only bounds the drift, this removes it). Held nodes of the gauss method go to
/// the clamp's position and velocity; confined nodes to the nearest surface point, their velocity made tangent.
template <class Real, class Loop>
RODSWARM_HD void project_constraints(const MemberData<Real>& d, Real* x, Real* v, Real t, const Loop& loop) {
  const Params<Real>& p = *d.p;
  const Shape s = shape_of(p);
  if (p.constraints != ConstraintMethod::gauss && p.surface == Surface::none) return;
  loop.for_each(s.nodes(), [&](int j) {
    const int r = rod_of_node(s, j), k = j - r * (s.N + 1);
    const EndKind kind = end_kind(p, s, k);
    if (holds_position(kind)) {
      if (p.constraints != ConstraintMethod::gauss) return;
      const ClampState<Real> cs = clamp_state(p, d.clamp + clamp_size * r, k == 0 ? 0 : 1, t);
      store3(x + 3 * j, cs.x);
      store3(v + 3 * j, cs.v);
      return;
    }
    if (slides(kind)) {
      if (p.constraints == ConstraintMethod::gauss)
        project_slide(p, k == 0 ? 0 : 1, clamp_state(p, d.clamp + clamp_size * r, k == 0 ? 0 : 1, t).x, x + 3 * j,
                      v + 3 * j);
      return;
    }
    if (p.surface == Surface::none) return;
    const Vec3<Real> xj = load3(x + 3 * j), vj = load3(v + 3 * j);
    const SurfaceRow<Real> row = surface_row(p, xj, vj);  // grad is a unit vector for all three surfaces
    store3(x + 3 * j, xj - row.phi * row.grad);
    store3(v + 3 * j, vj - dot(vj, row.grad) * row.grad);
  });
  loop.sync_or(false);
}

/// Growth factors of closed-form laws at t written into g (Lockhart's state is left alone).
template <class Real, class Loop>
RODSWARM_HD void refresh_growth(const MemberData<Real>& d, const Scratch<Real>& c, Real* g, Real t, const Loop& loop) {
  const Params<Real>& p = *d.p;
  if (p.growth == GrowthLaw::none || p.growth == GrowthLaw::lockhart) return;
  loop.for_each(shape_of(p).elements(), [&](int i) { g[i] = growth_factor(p, t, c.zone[i] > Real(0), g[i]); });
  loop.sync_or(false);
}

/// Divergence test after a step: a non-finite value or |x| beyond the bound.
template <class Real, class Loop>
RODSWARM_HD lane::Mask<Real> diverged(const Params<Real>& p, const MemberIO<Real>& io, const Loop& loop) {
  const Shape s = shape_of(p);
  lane::Mask<Real> bad(false);
  loop.for_each(s.nodes(), [&](int j) {
    const Vec3<Real> x = load3(io.x + 3 * j), v = load3(io.v + 3 * j);
    const Real r = norm(x);
    bad = bad || !(r <= p.divergence_bound) || !lane::isfinite(norm(v));
  });
  loop.for_each(s.elements(), [&](int i) {
    bad = bad || !lane::isfinite(io.Q[9 * i] + io.Q[9 * i + 4] + io.Q[9 * i + 8]) ||
          !lane::isfinite(norm(load3(io.w + 3 * i)));
  });
  return loop.sync_or(bad);
}

/// Position Verlet (note 1.6): half drift, kick at the midpoint, half drift. A node confined to a surface drifts
/// along the surface's geodesic and is kicked by the tangential part of its force (RATTLE's splitting, docs
/// "Surface confinement"): the confined member's energy error stays second order and bounded, where the reaction
/// of Udwadia-Kalaba's row with a projection after the step had it first order and drifting.
template <class Real, class Loop>
RODSWARM_HD void verlet_step(const MemberIO<Real>& io, Real t, Real dt, Real* work, const Loop& loop) {
  const MemberData<Real>& d = io.data;
  const Params<Real>& p = *d.p;
  const Shape s = shape_of(p);
  Real* ax = work;
  Real* aw = ax + 3 * s.nodes();
  Real* gdot = aw + 3 * s.elements();
  const Scratch<Real> c = carve_scratch(gdot + s.elements(), s);
  const Real h = lane::value<Real>(0.5) * dt;
  auto drift = [&]() {
    loop.for_each(s.nodes(), [&](int j) {
      Vec3<Real> x = load3(io.x + 3 * j), v = load3(io.v + 3 * j);
      if (confined_node(p, j % (s.N + 1), s.N)) {
        geodesic_drift(p, h, x, v);
        store3(io.v + 3 * j, v);
      } else {
        x = x + h * v;
      }
      store3(io.x + 3 * j, x);
    });
    loop.for_each(s.elements(),
                  [&](int i) { store9(io.Q + 9 * i, rotate_directors(load9(io.Q + 9 * i), h * load3(io.w + 3 * i))); });
    loop.sync_or(false);
  };
  drift();
  impose_ends(d, io.x, io.v, t + h, loop);
  const StateRef<Real> y{io.x, io.v, io.Q, io.w, io.g};
  evaluate(d, y, t + h, c, Mode::geodesic, baumgarte_rate(p, dt), ax, aw, gdot, loop);
  loop.for_each(s.nodes(), [&](int j) { store3(io.v + 3 * j, load3(io.v + 3 * j) + dt * load3(ax + 3 * j)); });
  loop.for_each(s.elements(), [&](int i) {
    store3(io.w + 3 * i, load3(io.w + 3 * i) + dt * load3(aw + 3 * i));
    if (p.growth == GrowthLaw::lockhart) io.g[i] += dt * gdot[i];
  });
  loop.sync_or(false);
  drift();
  impose_ends(d, io.x, io.v, t + dt, loop);
  project_constraints(d, io.x, io.v, t + dt, loop);
  refresh_growth(d, c, io.g, t + dt, loop);
}

/// RKMK4: classical RK4 on (x, v, Theta, w, g) with Q = exp(-hat Theta) Q_n (note 1.6).
template <class Real, class Loop>
RODSWARM_HD void rk4_step(const MemberIO<Real>& io, Real t, Real dt, Real* work, const Loop& loop) {
  const MemberData<Real>& d = io.data;
  const Params<Real>& p = *d.p;
  const Shape s = shape_of(p);
  const int Nd = s.nodes(), E = s.elements(), S = rk4_state_size(s);
  Real* ax = work;
  Real* aw = ax + 3 * Nd;
  Real* gdot = aw + 3 * E;
  const Scratch<Real> c = carve_scratch(gdot + E, s);
  Real* ys = gdot + E + scratch_size(s);
  Real* acc = ys + S;
  Real* Qs = acc + S;
  // Offsets of the fields in ys and acc.
  const int ox = 0, ov = 3 * Nd, oT = 6 * Nd, ow = oT + 3 * E, og = ow + 3 * E;
  const Real b[4] = {Real(1) / 6, Real(1) / 3, Real(1) / 3, Real(1) / 6};
  const Real cn[4] = {0, lane::value<Real>(0.5), lane::value<Real>(0.5), 1};
  const Real alpha = baumgarte_rate(p, dt);

  loop.for_each(Nd, [&](int j) {
    for (int a = 0; a < 3; ++a) {
      ys[ox + 3 * j + a] = io.x[3 * j + a];
      ys[ov + 3 * j + a] = io.v[3 * j + a];
      acc[ox + 3 * j + a] = acc[ov + 3 * j + a] = 0;
    }
  });
  loop.for_each(E, [&](int i) {
    for (int a = 0; a < 3; ++a) {
      ys[oT + 3 * i + a] = 0;
      ys[ow + 3 * i + a] = io.w[3 * i + a];
      acc[oT + 3 * i + a] = acc[ow + 3 * i + a] = 0;
    }
    ys[og + i] = io.g[i];
    acc[og + i] = 0;
  });
  loop.sync_or(false);
  for (int st = 0; st < 4; ++st) {
    const Real ts = t + cn[st] * dt;
    loop.for_each(E, [&](int i) { store9(Qs + 9 * i, rotate_directors(load9(io.Q + 9 * i), load3(ys + oT + 3 * i))); });
    loop.sync_or(false);
    impose_ends(d, ys + ox, ys + ov, ts, loop);
    const StateRef<Real> y{ys + ox, ys + ov, Qs, ys + ow, ys + og};
    evaluate(d, y, ts, c, Mode::constrained, alpha, ax, aw, gdot, loop);
    const Real cnext = st < 3 ? cn[st + 1] * dt : Real(0);
    loop.for_each(Nd, [&](int j) {
      for (int a = 0; a < 3; ++a) {
        const int q = 3 * j + a;
        const Real kx = ys[ov + q], kv = ax[q];
        acc[ox + q] += b[st] * kx;
        acc[ov + q] += b[st] * kv;
        ys[ox + q] = io.x[q] + cnext * kx;
        ys[ov + q] = io.v[q] + cnext * kv;
      }
    });
    loop.for_each(E, [&](int i) {
      const Vec3<Real> kT = dexp_inv_rate(load3(ys + oT + 3 * i), load3(ys + ow + 3 * i));
      for (int a = 0; a < 3; ++a) {
        const int q = 3 * i + a;
        const Real kw = aw[q];
        acc[oT + q] += b[st] * kT[a];
        acc[ow + q] += b[st] * kw;
        ys[oT + q] = cnext * kT[a];
        ys[ow + q] = io.w[q] + cnext * kw;
      }
      acc[og + i] += b[st] * gdot[i];
      ys[og + i] = io.g[i] + cnext * gdot[i];
    });
    loop.sync_or(false);
  }
  loop.for_each(Nd, [&](int j) {
    for (int a = 0; a < 3; ++a) {
      io.x[3 * j + a] += dt * acc[ox + 3 * j + a];
      io.v[3 * j + a] += dt * acc[ov + 3 * j + a];
    }
  });
  loop.for_each(E, [&](int i) {
    store9(io.Q + 9 * i, rotate_directors(load9(io.Q + 9 * i), dt * load3(acc + oT + 3 * i)));
    for (int a = 0; a < 3; ++a) io.w[3 * i + a] += dt * acc[ow + 3 * i + a];
    io.g[i] += dt * acc[og + i];
  });
  loop.sync_or(false);
  impose_ends(d, io.x, io.v, t + dt, loop);
  project_constraints(d, io.x, io.v, t + dt, loop);
  refresh_growth(d, c, io.g, t + dt, loop);
}

/// Advances one member by `steps` steps from step `first` (time first * dt), stopping at the first step after
/// which it has diverged.
template <class Real, class Loop>
RODSWARM_HD lane::OutcomeOf<Real> advance_member(const MemberIO<Real>& io, Real dt, std::int64_t first,
                                                 std::int64_t steps, Real* work, const Loop& loop) {
  const Params<Real>& p = *io.data.p;
  lane::OutcomeOf<Real> out;
  for (std::int64_t k = 0; k < steps; ++k) {
    const Real t = lane::value<Real>(static_cast<double>(first + k)) * dt;
    if (p.scheme == Scheme::rk4) {
      rk4_step(io, t, dt, work, loop);
    } else {
      verlet_step(io, t, dt, work, loop);
    }
    ++out.steps;
    const lane::Mask<Real> bad = diverged(p, io, loop);
    if (lane::any(bad)) {
      lane::mark(out, bad, status_diverged);
      return out;
    }
  }
  return out;
}

}  // namespace rodswarm::cosserat
