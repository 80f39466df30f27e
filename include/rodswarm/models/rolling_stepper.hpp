/// @file rolling_stepper.hpp
/// Advances one rolling-contact member by classical RK4 with the post-step projection (docs section 1), records
/// its harmonic signal and, when asked, advances its twin trajectory and accumulates the largest Lyapunov exponent
/// (docs section 2). One member is one thread's work on every backend: a member is a few hundred reals, and
/// ensembles are large.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "rodswarm/common.hpp"
#include "rodswarm/integrators/rk4.hpp"
#include "rodswarm/models/rolling.hpp"

namespace rodswarm::rolling {

/// Reals of workspace one member needs: the stage state, its rates, the accumulated rates (4K + 2 each) and
/// the four rows of one evaluation (4K).
RODSWARM_HD inline int workspace_size(int K) { return 3 * state_size(K) + 4 * K; }

/// One member's arrays as the stepper takes them.
template <class Real>
struct MemberIO {
  const Params<Real>* params;
  Real* y;       ///< 4K + 2
  Real* twin;    ///< 4K + 2, or null
  Real* signal;  ///< `samples` values, or null
  std::int64_t samples;
  double* lyapunov_log;
  double* lyapunov_gap;
};

/// Whether a value is non-finite or an amplitude or velocity beyond the divergence bound (the contact points have
/// their own limits).
template <class Real>
RODSWARM_HD bool blown_up(const Params<Real>& p, const Real* y) {
  for (int j = 0; j < state_size(p.modes); ++j) {
    const Real v = y[j];
    if (!(v == v) || !(std::fabs(v) <= (j < 4 * p.modes ? p.divergence_bound : std::numeric_limits<Real>::max())))
      return true;
  }
  return false;
}

/// Status of a state: diverged when blown up; fixed ends: singular when a contact point left [0, L]. Periodic ends
/// wrap s into [0, L) here.
template <class Real>
RODSWARM_HD std::uint8_t settle(const Params<Real>& p, Real* y) {
  if (blown_up(p, y)) return status_diverged;
  for (int at = s1_at(p.modes); at <= s2_at(p.modes); ++at) {
    if (p.ends == Ends::periodic) {
      y[at] -= p.L * std::floor(y[at] / p.L);
      if (y[at] >= p.L) y[at] = Real(0);  // floor's round-off can leave exactly L
    } else if (y[at] < Real(0) || y[at] > p.L) {
      return status_singular;
    }
  }
  return status_ok;
}

/// What a failed contact system means: a blow-up (a value non-finite or beyond the divergence bound: NaN reaching
/// lambda's rows makes the system look singular first) is a diverged member; a finite state, a singular one.
template <class Real>
RODSWARM_HD std::uint8_t failure_status(const Params<Real>& p, const Real* y) {
  return blown_up(p, y) ? status_diverged : status_singular;
}

/// One RK4 step of y by dt, then the velocity projection. `work` holds workspace_size(K) reals.
template <class Real>
RODSWARM_HD std::uint8_t rk4_step(const Params<Real>& p, Real dt, Real* y, Real* work) {
  const int K = p.modes, n = state_size(K);
  Real* yt = work;
  Real* dy = work + n;
  Real* acc = work + 2 * n;
  const Rows<Real> rows = rows_in(work + 3 * n, K);
  for (int j = 0; j < n; ++j) yt[j] = y[j];
  for (int s = 0; s < rk4::stages; ++s) {
    if (rates(p, yt, dy, rows).singular) return failure_status(p, yt);
    const Real w = rk4::weight<Real>(s);
    for (int j = 0; j < n; ++j) acc[j] = (s == 0 ? Real(0) : acc[j]) + w * dy[j];
    if (s + 1 < rk4::stages) {
      const Real c = rk4::node<Real>(s + 1) * dt;
      for (int j = 0; j < n; ++j) yt[j] = y[j] + c * dy[j];
    }
  }
  for (int j = 0; j < n; ++j) y[j] += dt * acc[j];
  const std::uint8_t status = settle(p, y);
  if (status != status_ok) return status;
  if (!project_velocities(p, y, rows)) return failure_status(p, y);
  return status_ok;
}

/// Signed difference z - y of component j, wrapped to [-L/2, L/2) for the contact points of a periodic string.
template <class Real>
RODSWARM_HD double state_difference(const Params<Real>& p, const Real* z, const Real* y, int j) {
  double d = double(z[j]) - double(y[j]);
  if (p.ends == Ends::periodic && j >= s1_at(p.modes)) {
    const double L = double(p.L);
    d -= L * std::floor(d / L + 0.5);
  }
  return d;
}

template <class Real>
RODSWARM_HD double distance(const Params<Real>& p, const Real* z, const Real* y) {
  double d2 = 0;
  for (int j = 0; j < state_size(p.modes); ++j) {
    const double d = state_difference(p, z, y, j);
    d2 += d * d;
  }
  return std::sqrt(d2);
}

/// Sets the twin to y + scale (z - y) (scale 1 with z = y + d0 e on the first call), projects its velocities and
/// returns its distance from y. `work` is a member workspace.
template <class Real>
RODSWARM_HD double pull_twin(const Params<Real>& p, const Real* y, Real* twin, double scale, Real* work) {
  const int n = state_size(p.modes);
  for (int j = 0; j < n; ++j) twin[j] = Real(double(y[j]) + scale * state_difference(p, twin, y, j));
  project_velocities(p, twin, rows_in(work + 3 * n, p.modes));
  return distance(p, twin, y);
}

/// Starts the twin: y + d0 e, e equal on all 4K amplitudes and velocities, contact points untouched.
template <class Real>
RODSWARM_HD double start_twin(const Params<Real>& p, const Real* y, Real* twin, Real* work) {
  const int K = p.modes, n = state_size(K);
  const double e = double(p.lyapunov_d0) / std::sqrt(4.0 * K);
  for (int j = 0; j < n; ++j) twin[j] = j < 4 * K ? Real(double(y[j]) + e) : y[j];
  return pull_twin(p, y, twin, 1.0, work);
}

/// Advances the member by `todo` steps of dt from step `done`. Before step 0 the velocities are projected onto
/// the constraint (and the twin started); the harmonic is recorded at step 0 and after every sample_steps-th
/// step. Stops at the first step whose state is diverged or singular; that step counts, and y holds the last
/// state computed (as in the other models and the reference). A twin that fails (its contact point left the
/// string, its row vanished) ends the exponent, not the member: lyapunov_log becomes NaN.
template <class Real>
RODSWARM_HD Outcome advance_member(const MemberIO<Real>& io, Real dt, std::int64_t done, std::int64_t todo,
                                   Real* work) {
  const Params<Real>& p = *io.params;
  const int K = p.modes, h = harmonic_index(p.ends, p.harmonic);
  const bool has_twin = p.lyapunov && io.twin != nullptr;
  Outcome out;
  if (done == 0) {
    if (!project_velocities(p, io.y, rows_in(work + 3 * state_size(K), K))) {
      out.status = status_singular;
      return out;
    }
    if (has_twin) *io.lyapunov_gap = start_twin(p, io.y, io.twin, work);
    if (p.sample_steps > 0 && io.signal && io.samples > 0) io.signal[0] = io.y[h];
  }
  for (std::int64_t k = 0; k < todo; ++k) {
    ++out.steps;
    out.status = rk4_step(p, dt, io.y, work);
    if (out.status != status_ok) return out;
    const bool twin = has_twin && *io.lyapunov_log == *io.lyapunov_log;  // NaN: a failed twin ended it
    if (twin && rk4_step(p, dt, io.twin, work) != status_ok)
      *io.lyapunov_log = std::numeric_limits<double>::quiet_NaN();
    const std::int64_t n = done + k + 1;
    if (p.sample_steps > 0 && io.signal && n % p.sample_steps == 0 && n / p.sample_steps < io.samples)
      io.signal[n / p.sample_steps] = io.y[h];
    if (twin && n % p.renorm_steps == 0 && *io.lyapunov_log == *io.lyapunov_log) {
      const double d = distance(p, io.twin, io.y);
      if (d > 0) {  // d = 0: the twin met the trajectory exactly, nothing to renormalise
        *io.lyapunov_log += std::log(d / *io.lyapunov_gap);
        *io.lyapunov_gap = pull_twin(p, io.y, io.twin, double(p.lyapunov_d0) / d, work);
      }
    }
  }
  return out;
}

}  // namespace rodswarm::rolling
