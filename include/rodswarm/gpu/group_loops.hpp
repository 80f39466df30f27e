/// @file group_loops.hpp
/// The loop policies of the CUDA layouts (see include/rodswarm/integrators/bead_loop.hpp), written once over the
/// primitives of a group of threads, so that the device (kernels/device_groups.cuh: __syncwarp, __syncthreads_or,
/// a cooperative grid) and the emulated device of the tests (tests/emulated/host_groups.hpp: std::threads at a
/// barrier) run the same loops and the same flag protocol.
///
///   UnrolledLoop  the register layout: one thread walks its member's items in a loop unrolled to a compile-time
///                 bound (no group, no barrier).
///   GroupLoop     warp and block layouts: the group's threads share the items; a phase ends at the group's
///                 barrier, which also ORs the divergence flag (Group: rank(), size(), sync_or(flag)).
///   GridLoop      grid layout: every thread of a cooperative grid shares the items; a phase ends at a grid-wide
///                 barrier, and the flag is reduced through three counters (Grid: rank(), size(), sync(),
///                 atomic_or(p), load(p), store(p, v)).
#pragma once

#include "rodswarm/common.hpp"

namespace rodswarm {

/// The register layout's loop, one member per thread: the loop runs to the compile-time bound Count and is fully
/// unrolled, with j < n as a predicate. `tier` (the size the member's arrays are declared for) and `variant` (the
/// model's compile-time choice) are read by the model's stepper through layout_capacity() and layout_variant():
/// with every array index a constant, the member's arrays live in registers, not local memory.
template <int Count, int Tier, int Variant>
struct UnrolledLoop {
  static constexpr int tier = Tier;
  static constexpr int variant = Variant;
  template <class F>
  RODSWARM_HD void for_each(int n, F&& f) const {
    RODSWARM_UNROLL
    for (int j = 0; j < Count; ++j) {
      if (j < n) f(j);
    }
  }
  RODSWARM_HD bool sync_or(bool flag) const { return flag; }
};

/// A warp or a block sharing one member: participant rank() of size() takes items rank, rank + size, ...
template <class Group>
struct GroupLoop {
  /// Prefix products and sums need the parallel (Hillis-Steele) form: each thread sees only some elements.
  static constexpr bool serial = false;
  Group group;
  template <class F>
  RODSWARM_HD void for_each(int n, F&& f) const {
    for (int j = group.rank(); j < n; j += group.size()) f(j);
  }
  RODSWARM_HD bool sync_or(bool flag) const { return group.sync_or(flag); }
};

/// A cooperative grid sharing one member. The divergence flag is reduced through three counters in global
/// memory, used in turn: call k ORs into slot k % 3, synchronises, reads it, and thread 0 clears slot (k + 2) % 3,
/// the one read in call k - 1 (every thread has read it, since all passed this call's barrier) and next written
/// in call k + 2 (after the barrier of call k + 1, which thread 0 reaches only after clearing). The launcher
/// zeroes the three slots before each launch. Every thread must make the same sequence of sync_or calls, which
/// the steppers' uniform control flow guarantees.
template <class Grid>
struct GridLoop {
  static constexpr bool serial = false;
  Grid grid;
  unsigned* flags;         ///< three zeroed counters in global memory
  mutable unsigned calls;  ///< sync_or calls made so far by this thread

  template <class F>
  RODSWARM_HD void for_each(int n, F&& f) const {
    const long long stride = grid.size();
    for (long long j = grid.rank(); j < n; j += stride) f(static_cast<int>(j));
  }
  RODSWARM_HD bool sync_or(bool flag) const {
    unsigned* slot = flags + calls % 3u;
    if (flag) grid.atomic_or(slot, 1u);
    grid.sync();
    const bool any = grid.load(slot) != 0u;
    if (grid.rank() == 0) grid.store(flags + (calls + 2u) % 3u, 0u);
    ++calls;
    return any;
  }
};

}  // namespace rodswarm
