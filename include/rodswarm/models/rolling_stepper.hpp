/// @file rolling_stepper.hpp
/// Advances one rolling-contact member by classical RK4 with the post-step projection (docs section 1), records
/// its harmonic signal and, when asked, advances its twin trajectory and accumulates the largest Lyapunov exponent
/// (docs section 2). One member is one thread's work on every backend: a member is a few hundred reals, and
/// ensembles are large. On the CPU, Real may be a pack of W members (lanes.hpp): every value branch is a mask, a
/// member that fails is left where the scalar path leaves it and its lane-mates finish their step.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "rodswarm/common.hpp"
#include "rodswarm/integrators/rk4.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/models/rolling.hpp"

namespace rodswarm::rolling {

/// Reals of workspace one member needs: the stage state, its rates, the accumulated rates (4K + 2 each) and
/// the four rows of one evaluation (4K).
RODSWARM_HD inline int workspace_size(int K) { return 3 * state_size(K) + 4 * K; }

/// One member's arrays as the stepper takes them (Wide: the float64 form of Real, lanes.hpp).
template <class Real>
struct MemberIO {
  const Params<Real>* params;
  Real* y;       ///< 4K + 2
  Real* twin;    ///< 4K + 2, or null
  Real* signal;  ///< `samples` values, or null
  std::int64_t samples;
  lane::Wide<Real>* lyapunov_log;
  lane::Wide<Real>* lyapunov_gap;
};

/// The members (lanes) a step failed for, and why: diverged (a value non-finite or beyond the divergence bound)
/// or singular (the contact row vanished at a finite state, or a contact point left [0, L] with fixed ends).
/// Disjoint; a member that failed keeps what the scalar path leaves it.
template <class Real>
struct StepFailure {
  lane::Mask<Real> diverged{false};
  lane::Mask<Real> singular{false};
  RODSWARM_HD lane::Mask<Real> any() const { return diverged || singular; }
  /// Records the members in `lost` (not yet failed) as diverged where their state `y` blew up, else singular.
  RODSWARM_HD void lose(const Params<Real>& p, const Real* y, lane::Mask<Real> lost);
};

/// Whether a value is non-finite or an amplitude or velocity beyond the divergence bound (the contact points have
/// their own limits).
template <class Real>
RODSWARM_HD lane::Mask<Real> blown_up(const Params<Real>& p, const Real* y) {
  const Real finite_max = lane::value<Real>(std::numeric_limits<lane::Scalar<Real>>::max());
  lane::Mask<Real> blown(false);
  for (int j = 0; j < state_size(p.modes); ++j) {
    const Real v = y[j];
    blown = blown || !(v == v) || !(lane::fabs(v) <= (j < 4 * p.modes ? p.divergence_bound : finite_max));
  }
  return blown;
}

/// What a failed contact system means: a blow-up (a value non-finite or beyond the divergence bound: NaN reaching
/// lambda's rows makes the system look singular first) is a diverged member; a finite state, a singular one.
template <class Real>
RODSWARM_HD void StepFailure<Real>::lose(const Params<Real>& p, const Real* y, lane::Mask<Real> lost) {
  if (!lane::any(lost)) return;
  const lane::Mask<Real> blown = blown_up(p, y);
  diverged = diverged || (lost && blown);
  singular = singular || (lost && !blown);
}

/// Settles a stepped state where `failed` does not hold: diverged when blown up; fixed ends: singular when a
/// contact point left [0, L]. Periodic ends wrap s into [0, L) here. Adds the members that fail to `failed`.
template <class Real>
RODSWARM_HD void settle(const Params<Real>& p, Real* y, lane::Mask<Real>& failed, StepFailure<Real>& out) {
  const lane::Mask<Real> blown = blown_up(p, y) && !failed;
  out.diverged = out.diverged || blown;
  failed = failed || blown;
  for (int at = s1_at(p.modes); at <= s2_at(p.modes); ++at) {
    if (p.ends == Ends::periodic) {
      Real wrapped = y[at] - p.L * lane::floor(y[at] / p.L);
      wrapped = lane::select(wrapped >= p.L, Real(0), wrapped);  // floor's round-off can leave exactly L
      y[at] = lane::select(failed, y[at], wrapped);
    } else {
      const lane::Mask<Real> left = !failed && (y[at] < Real(0) || y[at] > p.L);
      out.singular = out.singular || left;
      failed = failed || left;
    }
  }
}

/// One RK4 step of y by dt, then the velocity projection, for the members where `active` holds (the others are
/// left alone). `work` holds workspace_size(K) reals. A member that fails at a stage keeps y; one that fails
/// after the step keeps the stepped y (the last state computed).
template <class Real>
RODSWARM_HD StepFailure<Real> rk4_step(const Params<Real>& p, Real dt, Real* y, Real* work,
                                       lane::Mask<Real> active = lane::Mask<Real>(true)) {
  const int K = p.modes, n = state_size(K);
  Real* yt = work;
  Real* dy = work + n;
  Real* acc = work + 2 * n;
  const Rows<Real> rows = rows_in(work + 3 * n, K);
  StepFailure<Real> out;
  lane::Mask<Real> failed = !active;
  for (int j = 0; j < n; ++j) yt[j] = y[j];
  for (int s = 0; s < rk4::stages; ++s) {
    const lane::Mask<Real> lost = rates(p, yt, dy, rows).singular && !failed;
    if (lane::any(lost)) {
      out.lose(p, yt, lost);
      failed = failed || lost;
      if (lane::all(failed)) return out;
    }
    const Real w = rk4::weight<Real>(s);
    for (int j = 0; j < n; ++j) acc[j] = (s == 0 ? Real(0) : acc[j]) + w * dy[j];
    if (s + 1 < rk4::stages) {
      const Real c = rk4::node<Real>(s + 1) * dt;
      for (int j = 0; j < n; ++j) yt[j] = y[j] + c * dy[j];
    }
  }
  for (int j = 0; j < n; ++j) y[j] = lane::select(failed, y[j], y[j] + dt * acc[j]);
  settle(p, y, failed, out);
  if (lane::all(failed)) return out;
  out.lose(p, y, !project_velocities(p, y, rows, !failed) && !failed);
  return out;
}

/// Signed difference z - y of component j, wrapped to [-L/2, L/2) for the contact points of a periodic string.
template <class Real>
RODSWARM_HD lane::Wide<Real> state_difference(const Params<Real>& p, const Real* z, const Real* y, int j) {
  using Wide = lane::Wide<Real>;
  Wide d = lane::widen(z[j]) - lane::widen(y[j]);
  if (p.ends == Ends::periodic && j >= s1_at(p.modes)) {
    const Wide L = lane::widen(p.L);
    d -= L * lane::floor(d / L + lane::value<Wide>(0.5));
  }
  return d;
}

template <class Real>
RODSWARM_HD lane::Wide<Real> distance(const Params<Real>& p, const Real* z, const Real* y) {
  lane::Wide<Real> d2 = lane::value<lane::Wide<Real>>(0);
  for (int j = 0; j < state_size(p.modes); ++j) {
    const lane::Wide<Real> d = state_difference(p, z, y, j);
    d2 += d * d;
  }
  return lane::sqrt(d2);
}

/// Sets the twin to y + scale (z - y) (scale 1 with z = y + d0 e on the first call), projects its velocities and
/// returns its distance from y, in the members where `active` holds. `work` is a member workspace.
template <class Real>
RODSWARM_HD lane::Wide<Real> pull_twin(const Params<Real>& p, const Real* y, Real* twin, lane::Wide<Real> scale,
                                       Real* work, lane::Mask<Real> active = lane::Mask<Real>(true)) {
  const int n = state_size(p.modes);
  for (int j = 0; j < n; ++j) {
    const Real pulled = lane::narrow<Real>(lane::widen(y[j]) + scale * state_difference(p, twin, y, j));
    twin[j] = lane::select(active, pulled, twin[j]);
  }
  project_velocities(p, twin, rows_in(work + 3 * n, p.modes), active);
  return distance(p, twin, y);
}

/// Starts the twin: y + d0 e, e equal on all 4K amplitudes and velocities, contact points untouched.
template <class Real>
RODSWARM_HD lane::Wide<Real> start_twin(const Params<Real>& p, const Real* y, Real* twin, Real* work) {
  const int K = p.modes, n = state_size(K);
  const lane::Wide<Real> e = lane::widen(p.lyapunov_d0) / std::sqrt(4.0 * K);
  for (int j = 0; j < n; ++j) twin[j] = j < 4 * K ? lane::narrow<Real>(lane::widen(y[j]) + e) : y[j];
  return pull_twin(p, y, twin, lane::value<lane::Wide<Real>>(1.0), work);
}

/// Advances the member by `todo` steps of dt from step `done`. Before step 0 the velocities are projected onto
/// the constraint (and the twin started); the harmonic is recorded at step 0 and after every sample_steps-th
/// step. Stops at the first step whose state is diverged or singular; that step counts, and y holds the last
/// state computed (as in the other models and the reference). A twin that fails (its contact point left the
/// string, its row vanished) ends the exponent, not the member: lyapunov_log becomes NaN.
/// A pack of members (lanes) stops after the first step in which one of them failed; the others have finished
/// that step (twin, signal and renormalisation included), so that they go on as if alone.
template <class Real>
RODSWARM_HD lane::OutcomeOf<Real> advance_member(const MemberIO<Real>& io, Real dt, std::int64_t done,
                                                 std::int64_t todo, Real* work) {
  using Wide = lane::Wide<Real>;
  using Mask = lane::Mask<Real>;
  const Params<Real>& p = *io.params;
  const int K = p.modes, h = harmonic_index(p.ends, p.harmonic);
  const bool has_twin = p.lyapunov && io.twin != nullptr;
  lane::OutcomeOf<Real> out;
  if (done == 0) {
    // A member whose row vanishes at the start stops before anything changes, its lane-mates with it (they are
    // called again with done = 0 and start then).
    const Mask regular = project_velocities(p, io.y, rows_in(work + 3 * state_size(K), K), Mask(false));
    if (!lane::all(regular)) {
      lane::mark(out, !regular, status_singular);
      return out;
    }
    project_velocities(p, io.y, rows_in(work + 3 * state_size(K), K));
    if (has_twin) *io.lyapunov_gap = start_twin(p, io.y, io.twin, work);
    if (p.sample_steps > 0 && io.signal && io.samples > 0) io.signal[0] = io.y[h];
  }
  const Wide nan = lane::value<Wide>(std::numeric_limits<double>::quiet_NaN());
  for (std::int64_t k = 0; k < todo; ++k) {
    ++out.steps;
    const StepFailure<Real> failure = rk4_step(p, dt, io.y, work);
    lane::mark(out, failure.diverged, status_diverged);
    lane::mark(out, failure.singular, status_singular);
    const Mask ok = !failure.any();
    if (!lane::any(ok)) return out;
    if (has_twin) {
      const Mask twin = ok && lane::narrow_mask<Real>(*io.lyapunov_log == *io.lyapunov_log);  // NaN: a failed twin
      if (lane::any(twin)) {
        const Mask lost = rk4_step(p, dt, io.twin, work, twin).any();
        *io.lyapunov_log = lane::select(lane::widen_mask(lost), nan, *io.lyapunov_log);
      }
    }
    const std::int64_t n = done + k + 1;
    if (p.sample_steps > 0 && io.signal && n % p.sample_steps == 0 && n / p.sample_steps < io.samples) {
      Real& sample = io.signal[n / p.sample_steps];
      sample = lane::select(ok, io.y[h], sample);
    }
    if (has_twin && n % p.renorm_steps == 0) {
      auto renorm = lane::widen_mask(ok) && *io.lyapunov_log == *io.lyapunov_log;
      if (lane::any(renorm)) {
        const Wide d = distance(p, io.twin, io.y);
        renorm = renorm && d > Wide(0);  // d = 0: the twin met the trajectory exactly, nothing to renormalise
        if (lane::any(renorm)) {
          *io.lyapunov_log = lane::select(renorm, *io.lyapunov_log + lane::log(d / *io.lyapunov_gap), *io.lyapunov_log);
          const Wide gap =
              pull_twin(p, io.y, io.twin, lane::widen(p.lyapunov_d0) / d, work, lane::narrow_mask<Real>(renorm));
          *io.lyapunov_gap = lane::select(renorm, gap, *io.lyapunov_gap);
        }
      }
    }
    if (!lane::all(ok)) return out;
  }
  return out;
}

}  // namespace rodswarm::rolling
