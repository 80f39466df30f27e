/// @file block_loop.cuh
/// Loop policy for a member held by one thread block (see include/rodswarm/integrators/bead_loop.hpp): the
/// block's threads share the beads; a phase ends with __syncthreads_or, which also reduces the divergence flag.
#pragma once

namespace rodswarm {

struct BlockLoop {
  /// Prefix products and sums need the parallel (Hillis-Steele) form: each thread sees only some elements.
  static constexpr bool serial = false;
  template <class F>
  __device__ void for_each(int n, F&& f) const {
    for (int j = static_cast<int>(threadIdx.x); j < n; j += static_cast<int>(blockDim.x)) f(j);
  }
  __device__ bool sync_or(bool flag) const { return __syncthreads_or(flag ? 1 : 0) != 0; }
};

}  // namespace rodswarm
