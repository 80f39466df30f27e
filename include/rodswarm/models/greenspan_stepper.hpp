/// @file greenspan_stepper.hpp
/// Advances one Greenspan member by many steps: the model's forces (greenspan.hpp) combined with a time scheme
/// (integrators/), iterated over beads by a loop policy (integrators/bead_loop.hpp). The CPU backend and the CUDA
/// kernel both call advance_member(); they differ only in where the workspace lives (host scratch vectors or
/// shared memory) and in the loop policy.
#pragma once

#include "rodswarm/common.hpp"
#include "rodswarm/integrators/greenspan_scheme.hpp"
#include "rodswarm/integrators/rk4.hpp"
#include "rodswarm/models/greenspan.hpp"

namespace rodswarm::greenspan {

/// Floating-point operations per bead-step, counted in the source of advance_member() for the tension exponent
/// 1 (pow skipped), an add or multiply as one, an FMA as two, rsqrt as one, |.| as none: the segment force is 12
/// (greenspan.hpp), the bead's acceleration 7 (f_r - f_l - alpha v - (m g - load), times 1/m), the paper's update
/// 5; an RK4 stage is 12 + 7 plus its stage combination 9 (rk4.hpp). Used by `rodswarm bench` for the roofline
/// fraction.
RODSWARM_HD inline double flops_per_bead_step(Scheme scheme) { return scheme == Scheme::rk4 ? 112.0 : 24.0; }

/// Number of Real values of workspace a member of n beads needs (state excluded).
RODSWARM_HD constexpr int workspace_size(int n) { return (n + 1) + 4 * n; }

/// Pointers into one member's state and workspace. y, v: n values each (the moving beads).
template <class Real>
struct MemberWork {
  Real* y;
  Real* v;
  Real* seg;  ///< n+1 segment forces f(d_i)
  Real* yt;   ///< RK4 stage state
  Real* vt;
  Real* ky;  ///< RK4 accumulators
  Real* kv;

  /// Lays the workspace out in one buffer of workspace_size(n) values.
  RODSWARM_HD static MemberWork bind(Real* y, Real* v, Real* scratch, int n) {
    return MemberWork{
        y, v, scratch, scratch + (n + 1), scratch + (2 * n + 1), scratch + (3 * n + 1), scratch + (4 * n + 1)};
  }
};

/// Fills seg[i] = f(y_{i+1} - y_i) for the n+1 segments of the heights `y` (moving beads only).
template <class Real, class Loop>
RODSWARM_HD void segment_forces(const Real* y, Real* seg, const Params<Real>& p, const Hoisted<Real>& h,
                                const Loop& loop) {
  loop.for_each(p.n + 1, [&](int i) { seg[i] = segment_force(bead_height(y, i + 1, p) - bead_height(y, i, p), p, h); });
}

/// True when a bead's new state means the member has diverged.
template <class Real>
RODSWARM_HD lane::Mask<Real> bead_diverged(Real y, Real v, const Params<Real>& p) {
  // Written so that NaN fails the comparisons: v - v is 0 only for finite v.
  return !(lane::fabs(y) <= p.divergence_bound) || !(v - v == Real(0));
}

/// One step of the paper's scheme. Returns whether the member (each lane of a pack) diverged in this step.
template <class Real, class Loop>
RODSWARM_HD lane::Mask<Real> step_paper(MemberWork<Real> w, const Params<Real>& p, const Hoisted<Real>& h, Real dt,
                                        const Loop& loop) {
  segment_forces(w.y, w.seg, p, h, loop);
  loop.sync_or(false);
  lane::Mask<Real> bad(false);
  loop.for_each(p.n, [&](int j) {
    const Real a = bead_force(w.seg[j], w.seg[j + 1], w.v[j], p) * h.inv_m;
    greenspan_scheme::step(w.y[j], w.v[j], a, dt);
    bad = bad || bead_diverged(w.y[j], w.v[j], p);
  });
  return loop.sync_or(bad);
}

/// One classical RK4 step. Returns whether the member (each lane of a pack) diverged in this step.
template <class Real, class Loop>
RODSWARM_HD lane::Mask<Real> step_rk4(MemberWork<Real> w, const Params<Real>& p, const Hoisted<Real>& h, Real dt,
                                      const Loop& loop) {
  lane::Mask<Real> bad(false);
  RODSWARM_UNROLL
  for (int s = 0; s < rk4::stages; ++s) {
    // Stage 0 evaluates at the step's start state itself; later stages at (yt, vt).
    const Real* ys = s == 0 ? w.y : w.yt;
    const Real* vs = s == 0 ? w.v : w.vt;
    segment_forces(ys, w.seg, p, h, loop);
    loop.sync_or(false);
    loop.for_each(p.n, [&](int j) {
      const Real a = bead_force(w.seg[j], w.seg[j + 1], vs[j], p) * h.inv_m;
      rk4::BeadStage<Real> b{w.y[j], w.v[j], ys[j], vs[j], w.ky[j], w.kv[j]};
      rk4::stage_update(s, a, dt, b);
      w.ky[j] = b.ky;
      w.kv[j] = b.kv;
      if (s + 1 < rk4::stages) {
        w.yt[j] = b.yt;
        w.vt[j] = b.vt;
      } else {
        w.y[j] = b.y;
        w.v[j] = b.v;
        bad = bad || bead_diverged(b.y, b.v, p);
      }
    });
    if (s + 1 < rk4::stages) loop.sync_or(false);
  }
  return loop.sync_or(bad);
}

/// Advances a member by up to `steps` steps; stops early, returning the steps done, if it diverges
/// (the diverging step is counted). *diverged is set accordingly. A pack of members stops after the first step in
/// which any lane diverged; *diverged says which.
template <class Real, class Loop>
RODSWARM_HD long long advance_member(MemberWork<Real> w, const Params<Real>& p, Scheme scheme, Real dt, long long steps,
                                     const Loop& loop, lane::Mask<Real>* diverged) {
  const Hoisted<Real> h = hoist(p);
  for (long long k = 0; k < steps; ++k) {
    const lane::Mask<Real> bad = scheme == Scheme::rk4 ? step_rk4(w, p, h, dt, loop) : step_paper(w, p, h, dt, loop);
    if (lane::any(bad)) {
      *diverged = bad;
      return k + 1;
    }
  }
  *diverged = lane::Mask<Real>(false);
  return steps;
}

}  // namespace rodswarm::greenspan
