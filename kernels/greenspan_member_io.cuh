/// @file greenspan_member_io.cuh
/// What every advance kernel does around the shared stepper: decide whether member i has work, and record the
/// steps done and the divergence flag afterwards.
#pragma once

#include <cstdint>

#include "rodswarm/ensemble/greenspan_ensemble.hpp"
#include "rodswarm/models/greenspan_stepper.hpp"

namespace rodswarm {

/// Steps member i still has to take; 0 for a diverged member or one already at its target.
template <class Real>
__device__ inline std::int64_t steps_to_do(const greenspan::EnsembleView<Real>& e, const std::int64_t* target,
                                           std::int64_t i) {
  if (e.status[i] != status_ok) return 0;
  const std::int64_t todo = target[i] - e.steps_done[i];
  return todo > 0 ? todo : 0;
}

/// Called by one thread per member after the stepper returns.
template <class Real>
__device__ inline void record_steps(const greenspan::EnsembleView<Real>& e, std::int64_t i, long long done,
                                    bool diverged) {
  e.steps_done[i] += done;
  if (diverged) e.status[i] = status_diverged;
}

/// The member step of the layouts that hold a member in shared memory (warp, block): the group's threads
/// (rank in [0, size)) copy member i's state into `slice`, advance it there with `loop`, whose sync_or is the
/// group's barrier, and copy it back; rank 0 records the counters. The slice holds 2n + workspace_size(n) values.
template <class Real, class Loop>
__device__ void advance_in_shared(const greenspan::EnsembleView<Real>& e, greenspan::Scheme scheme, std::int64_t i,
                                  std::int64_t todo, Real* slice, int rank, int size, const Loop& loop) {
  const greenspan::Params<Real> p = e.params[i];
  const int n = p.n;
  Real* y = slice;
  Real* v = slice + n;
  const std::int64_t base = e.offset[i];
  for (int j = rank; j < n; j += size) {
    y[j] = e.y[base + j];
    v[j] = e.v[base + j];
  }
  loop.sync_or(false);
  bool diverged = false;
  const long long done = greenspan::advance_member(greenspan::MemberWork<Real>::bind(y, v, slice + 2 * n, n), p, scheme,
                                                   e.dt[i], todo, loop, &diverged);
  for (int j = rank; j < n; j += size) {
    e.y[base + j] = y[j];
    e.v[base + j] = v[j];
  }
  if (rank == 0) record_steps(e, i, done, diverged);
  loop.sync_or(false);  // the group's next member reuses the slice
}

}  // namespace rodswarm
