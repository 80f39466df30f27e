/// @file unrolled_loop.cuh
/// Loop policy for a member held by one thread (see include/rodswarm/integrators/bead_loop.hpp): the thread
/// walks the beads itself, like SequentialLoop, but the loop runs to the compile-time bound MaxCount and is fully
/// unrolled, with j < n as a predicate. Every array index is then a constant, so the member's arrays (declared
/// with MaxN-sized extents in the kernel) live in registers rather than in local memory.
#pragma once

namespace rodswarm {

template <int MaxCount>
struct UnrolledLoop {
  template <class F>
  __device__ void for_each(int n, F&& f) const {
#pragma unroll
    for (int j = 0; j < MaxCount; ++j) {
      if (j < n) f(j);
    }
  }
  __device__ bool sync_or(bool flag) const { return flag; }
};

}  // namespace rodswarm
