/// @file device_groups.cuh
/// The device's groups of threads behind the layouts' loops (include/rodswarm/gpu/group_loops.hpp), and where a
/// thread is: the only CUDA intrinsics the kernel bodies (include/rodswarm/gpu/layout_bodies.hpp) depend on.
///   DeviceWarp   the 32 lanes of a warp: __syncwarp orders the lanes' shared-memory writes before the next
///                phase's reads, and a vote ORs the flag; no block-wide barrier, so the warps of a block, each on
///                its own member, never wait for one another.
///   DeviceBlock  the threads of a block: __syncthreads_or, a barrier that also ORs the flag.
///   DeviceGrid   every thread of a cooperative grid: cooperative_groups' grid sync, which also makes a phase's
///                global-memory writes visible to every block; the flag counters are read through L2.
#pragma once

#include <cooperative_groups.h>

#include "rodswarm/gpu/group_loops.hpp"
#include "rodswarm/gpu/layout_bodies.hpp"

namespace rodswarm {

__device__ __forceinline__ ThreadIndex this_thread() { return {threadIdx.x, blockIdx.x, blockDim.x, gridDim.x}; }

struct DeviceWarp {
  __device__ int rank() const { return static_cast<int>(threadIdx.x & 31u); }
  __device__ int size() const { return 32; }
  __device__ bool sync_or(bool flag) const {
    __syncwarp();
    return __any_sync(0xffffffffu, flag ? 1 : 0) != 0;
  }
};

struct DeviceBlock {
  __device__ int rank() const { return static_cast<int>(threadIdx.x); }
  __device__ int size() const { return static_cast<int>(blockDim.x); }
  __device__ bool sync_or(bool flag) const { return __syncthreads_or(flag ? 1 : 0) != 0; }
};

struct DeviceGrid {
  __device__ long long rank() const { return static_cast<long long>(cooperative_groups::this_grid().thread_rank()); }
  __device__ long long size() const { return static_cast<long long>(cooperative_groups::this_grid().size()); }
  __device__ void sync() const { cooperative_groups::this_grid().sync(); }
  __device__ void atomic_or(unsigned* p, unsigned v) const { atomicOr(p, v); }
  /// Through L2 (cache-global): the slot may sit stale in this SM's L1 from three calls ago.
  __device__ unsigned load(const unsigned* p) const { return __ldcg(p); }
  __device__ void store(unsigned* p, unsigned v) const { *p = v; }
};

using WarpLoop = GroupLoop<DeviceWarp>;
using BlockLoop = GroupLoop<DeviceBlock>;
using DeviceGridLoop = GridLoop<DeviceGrid>;

}  // namespace rodswarm
