/// @file greenspan_advance_warp.cu
/// Layout "warp": the 32 lanes of a warp share one member's beads; each warp of a block has its own slice of
/// shared memory for its member's state and workspace, and phases end at __syncwarp (warp_loop.cuh), so the
/// warps of a block run independently. For members of 17 to a few hundred beads, where a block would idle most
/// of its threads and a single thread would run out of registers.
#include <algorithm>

#include "cuda_check.hpp"
#include "greenspan_kernels.cuh"
#include "greenspan_member_io.cuh"
#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/greenspan_footprint.hpp"
#include "warp_loop.cuh"

namespace rodswarm {
namespace {

constexpr int max_warps_per_block = 4;

template <class Real>
__global__ void advance_greenspan_warp_kernel(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme,
                                              const std::int64_t* __restrict__ target,
                                              const std::int64_t* __restrict__ order, std::int64_t count,
                                              int member_values) {
  extern __shared__ __align__(16) unsigned char shared_raw[];
  const int lane = static_cast<int>(threadIdx.x & 31u);
  const int warp = static_cast<int>(threadIdx.x >> 5);
  const int warps = static_cast<int>(blockDim.x >> 5);
  Real* mine = reinterpret_cast<Real*>(shared_raw) + static_cast<std::ptrdiff_t>(warp) * member_values;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * warps;
  for (std::int64_t k = static_cast<std::int64_t>(blockIdx.x) * warps + warp; k < count; k += stride) {
    // Every lane reads the same values, so the branches below are uniform across the warp.
    const std::int64_t i = order[k];
    const std::int64_t todo = steps_to_do(e, target, i);
    if (todo > 0) advance_in_shared(e, scheme, i, todo, mine, lane, 32, WarpLoop{});
  }
}

}  // namespace

template <class Real>
void launch_advance_warp(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme, const std::int64_t* d_target,
                         const DeviceBucket& bucket, cudaStream_t stream) {
  const std::size_t per_member = greenspan::shared_bytes_per_member<Real>(bucket.max_n);
  const int warps =
      static_cast<int>(std::clamp<std::size_t>(cuda_shared_memory_per_block() / per_member, 1, max_warps_per_block));
  const std::size_t shared = per_member * static_cast<std::size_t>(warps);
  RODSWARM_CUDA_CHECK(cudaFuncSetAttribute(advance_greenspan_warp_kernel<Real>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared)));
  const std::int64_t blocks = std::min<std::int64_t>((bucket.count + warps - 1) / warps, 1 << 30);
  advance_greenspan_warp_kernel<Real><<<static_cast<unsigned>(blocks), 32 * warps, shared, stream>>>(
      e, scheme, d_target, bucket.d_order, bucket.count, static_cast<int>(per_member / sizeof(Real)));
  RODSWARM_CUDA_CHECK_LAUNCH();
}

template void launch_advance_warp<double>(greenspan::EnsembleView<double>, greenspan::Scheme, const std::int64_t*,
                                          const DeviceBucket&, cudaStream_t);
template void launch_advance_warp<float>(greenspan::EnsembleView<float>, greenspan::Scheme, const std::int64_t*,
                                         const DeviceBucket&, cudaStream_t);

}  // namespace rodswarm
