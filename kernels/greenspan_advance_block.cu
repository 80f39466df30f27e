/// @file greenspan_advance_block.cu
/// Layout "block": a thread block shares one member's beads (one thread per segment, up to 256, then threads
/// loop), with the member's state and workspace in shared memory for all the steps of the launch. Phases end
/// at __syncthreads_or (block_loop.cuh), which also reduces the divergence flag. For members of hundreds to a
/// few thousand beads (up to the device's shared memory per block).
#include <algorithm>
#include <stdexcept>
#include <string>

#include "block_loop.cuh"
#include "cuda_check.hpp"
#include "greenspan_kernels.cuh"
#include "greenspan_member_io.cuh"
#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/greenspan_footprint.hpp"

namespace rodswarm {
namespace {

template <class Real>
__global__ void advance_greenspan_block_kernel(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme,
                                               const std::int64_t* __restrict__ target,
                                               const std::int64_t* __restrict__ order, std::int64_t count) {
  extern __shared__ __align__(16) unsigned char shared_raw[];  // aligned for double and float arrays
  Real* shared = reinterpret_cast<Real*>(shared_raw);
  for (std::int64_t k = blockIdx.x; k < count; k += gridDim.x) {
    // Every thread reads the same values, so the branches below are uniform across the block.
    const std::int64_t i = order[k];
    const std::int64_t todo = steps_to_do(e, target, i);
    if (todo > 0) {
      advance_in_shared(e, scheme, i, todo, shared, static_cast<int>(threadIdx.x), static_cast<int>(blockDim.x),
                        BlockLoop{});
    }
  }
}

int block_threads(int max_n) {
  // One thread per segment force, rounded to whole warps, at most 256 (beyond that threads loop over beads).
  const int want = ((max_n + 1 + 31) / 32) * 32;
  return std::min(want, 256);
}

}  // namespace

template <class Real>
void launch_advance_block(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme, const std::int64_t* d_target,
                          const DeviceBucket& bucket, cudaStream_t stream) {
  const std::size_t shared = greenspan::shared_bytes_per_member<Real>(bucket.max_n);
  const std::size_t shared_optin = cuda_shared_memory_per_block();
  if (shared > shared_optin) {
    // The bucketing sends such members to the grid layout; reaching here is a bug, not a user error.
    throw std::logic_error("block layout given members of " + std::to_string(bucket.max_n) + " beads (" +
                           std::to_string(shared) + " bytes of shared memory; the device allows " +
                           std::to_string(shared_optin) + ")");
  }
  RODSWARM_CUDA_CHECK(cudaFuncSetAttribute(advance_greenspan_block_kernel<Real>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared)));
  const auto blocks = static_cast<unsigned>(std::min<std::int64_t>(bucket.count, 1 << 30));
  advance_greenspan_block_kernel<Real>
      <<<blocks, block_threads(bucket.max_n), shared, stream>>>(e, scheme, d_target, bucket.d_order, bucket.count);
  RODSWARM_CUDA_CHECK_LAUNCH();
}

template void launch_advance_block<double>(greenspan::EnsembleView<double>, greenspan::Scheme, const std::int64_t*,
                                           const DeviceBucket&, cudaStream_t);
template void launch_advance_block<float>(greenspan::EnsembleView<float>, greenspan::Scheme, const std::int64_t*,
                                          const DeviceBucket&, cudaStream_t);

}  // namespace rodswarm
