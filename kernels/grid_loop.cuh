/// @file grid_loop.cuh
/// Loop policy for a member held by a whole cooperative grid (see include/rodswarm/integrators/bead_loop.hpp):
/// every thread of the grid takes beads; a phase ends with a grid-wide barrier (cooperative_groups grid sync,
/// which also makes the phase's global-memory writes visible to every block).
///
/// The divergence flag is reduced through three counters in global memory, used in turn: call k ORs into slot
/// k % 3, synchronises, reads it, and thread 0 clears slot (k + 2) % 3, the one read in call k - 1 (every
/// thread has read it, since all passed this call's barrier) and next written in call k + 2 (after the barrier
/// of call k + 1, which thread 0 reaches only after clearing). The launcher zeroes the three slots before each
/// launch. Every thread must make the same sequence of sync_or calls, which the steppers' uniform control flow
/// guarantees.
#pragma once

#include <cooperative_groups.h>

namespace rodswarm {

struct GridLoop {
  unsigned* flags;         ///< three zeroed counters in global memory
  mutable unsigned calls;  ///< sync_or calls made so far by this thread

  template <class F>
  __device__ void for_each(int n, F&& f) const {
    const auto grid = cooperative_groups::this_grid();
    const auto stride = static_cast<long long>(grid.size());
    for (long long j = static_cast<long long>(grid.thread_rank()); j < n; j += stride) f(static_cast<int>(j));
  }
  __device__ bool sync_or(bool flag) const {
    auto grid = cooperative_groups::this_grid();
    unsigned* slot = flags + calls % 3u;
    if (flag) atomicOr(slot, 1u);
    grid.sync();
    // Read through L2 (cache-global): the slot may sit stale in this SM's L1 from three calls ago.
    const bool any = __ldcg(slot) != 0u;
    if (grid.thread_rank() == 0) flags[(calls + 2u) % 3u] = 0u;
    ++calls;
    return any;
  }
};

}  // namespace rodswarm
