/// @file warp_loop.cuh
/// Loop policy for a member held by one warp (see include/rodswarm/integrators/bead_loop.hpp): the 32 lanes share
/// the beads. A phase ends with __syncwarp, which orders the lanes' shared-memory writes before the next phase's
/// reads, and a warp vote reduces the divergence flag: no block-wide barrier, so the warps of a block, each on
/// its own member, never wait for one another.
#pragma once

namespace rodswarm {

struct WarpLoop {
  template <class F>
  __device__ void for_each(int n, F&& f) const {
    for (int j = static_cast<int>(threadIdx.x & 31u); j < n; j += 32) f(j);
  }
  __device__ bool sync_or(bool flag) const {
    __syncwarp();
    return __any_sync(0xffffffffu, flag ? 1 : 0) != 0;
  }
};

}  // namespace rodswarm
