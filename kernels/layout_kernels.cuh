/// @file layout_kernels.cuh
/// The kernels of the four layouts (include/rodswarm/gpu/kernel_layout.hpp), written once for every model, and
/// their launchers. A kernel is its body (include/rodswarm/gpu/layout_bodies.hpp, shared with the emulated device
/// of the tests) called with where the thread is and the device's loop (device_groups.cuh); a launcher takes its
/// shape from include/rodswarm/gpu/launch_config.hpp.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "cuda_check.hpp"
#include "device_groups.cuh"
#include "rodswarm/gpu/device_backend.hpp"
#include "rodswarm/gpu/launch_config.hpp"
#include "rodswarm/gpu/layout_bodies.hpp"

namespace rodswarm {
namespace layout_kernels {

template <class M, class Real, int Tier, int Variant>
__global__ void __launch_bounds__(thread_block_size)
    advance_in_registers(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                         const std::int64_t* __restrict__ order, std::int64_t count) {
  layout_bodies::advance_in_registers<M, Real, Tier, Variant>(this_thread(), e, target, order, count);
}

template <class M, class Real>
__global__ void __launch_bounds__(thread_block_size)
    advance_in_thread(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                      const std::int64_t* __restrict__ order, std::int64_t count, Real* pool, std::int64_t stride) {
  layout_bodies::advance_in_thread<M, Real>(this_thread(), e, target, order, count, pool, stride);
}

template <class M, class Real>
__global__ void advance_in_warps(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                                 const std::int64_t* __restrict__ order, std::int64_t count, int member_reals) {
  extern __shared__ __align__(16) unsigned char shared_raw[];
  layout_bodies::advance_in_warps<M, Real>(this_thread(), e, target, order, count, member_reals, shared_raw,
                                           WarpLoop{});
}

template <class M, class Real>
__global__ void advance_in_block_shared(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                                        const std::int64_t* __restrict__ order, std::int64_t count) {
  extern __shared__ __align__(16) unsigned char shared_raw[];
  layout_bodies::advance_in_block_shared<M, Real>(this_thread(), e, target, order, count, shared_raw, BlockLoop{});
}

template <class M, class Real>
__global__ void advance_in_block(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                                 const std::int64_t* __restrict__ order, std::int64_t count, Real* pool,
                                 std::int64_t stride) {
  layout_bodies::advance_in_block<M, Real>(this_thread(), e, target, order, count, pool, stride, BlockLoop{});
}

template <class M, class Real>
__global__ void __launch_bounds__(grid_block_size)
    advance_in_grid(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                    const std::int64_t* __restrict__ order, std::int64_t count, Real* scratch, unsigned* flags) {
  layout_bodies::advance_in_grid<M, Real>(this_thread(), e, target, order, count, scratch,
                                          DeviceGridLoop{DeviceGrid{}, flags, 0u});
}

template <class M, class Real>
__global__ void solve_steady_kernel(EnsembleView<M, Real> e, Real* pool, std::int64_t stride, Real tol, int max_iter,
                                    std::int32_t* iterations, double* residual, std::uint8_t* converged) {
  layout_bodies::solve_steady<M, Real>(this_thread(), e, pool, stride, tol, max_iter, iterations, residual, converged);
}

// ---- launchers -------------------------------------------------------------------------------------------------
/// Dynamic shared memory above the default 48 kB must be opted in to per kernel.
template <class Kernel>
void allow_shared(Kernel kernel, std::size_t bytes) {
  RODSWARM_CUDA_CHECK(
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
}

/// Resident blocks per SM of the grid kernel (its registers decide), for the cooperative launch's size.
template <class M, class Real>
int grid_blocks_per_sm() {
  int device = 0, cooperative = 0, per_sm = 0;
  RODSWARM_CUDA_CHECK(cudaGetDevice(&device));
  RODSWARM_CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  if (cooperative == 0) throw std::runtime_error("this device does not support cooperative launches (grid layout)");
  RODSWARM_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, advance_in_grid<M, Real>, grid_block_size, 0));
  return per_sm;
}

}  // namespace layout_kernels

/// Advances the bucket's running members to d_target[i] steps on `stream` (asynchronous).
template <class M, class Real>
void launch_bucket(const EnsembleView<M, Real>& e, const std::int64_t* d_target, const DeviceBucket& b,
                   const DevicePools<Real>& pools, const DeviceShape& device, cudaStream_t stream) {
  using namespace layout_kernels;
  const std::int64_t count = b.range.count();
  if (count == 0) return;
  const Placement placement = placement_in(M::layouts, b.range.layout());
  int per_sm = 0;  // the grid kernel's occupancy, asked only of models that run in the grid layout
  if constexpr (M::layouts.grid == Placement::global) {
    if (b.range.layout() == KernelLayout::grid) per_sm = grid_blocks_per_sm<M, Real>();
  }
  const LaunchShape shape = bucket_launch(b.range, placement, PoolSlices{pools.thread_slices, pools.block_slices},
                                          device.shared_limit, per_sm, device.sms);
  const auto blocks = static_cast<unsigned>(shape.blocks);
  switch (b.range.layout()) {
    case KernelLayout::thread:
      if constexpr (M::layouts.thread == Placement::registers) {
        return with_register_kernel<M>(b.range.key.tier, b.range.key.variant, [&](auto tier, auto variant) {
          advance_in_registers<M, Real, decltype(tier)::value, decltype(variant)::value>
              <<<blocks, shape.threads, 0, stream>>>(e, d_target, b.d_order, count);
          RODSWARM_CUDA_CHECK_LAUNCH();
        });
      } else if constexpr (M::layouts.thread == Placement::global) {
        advance_in_thread<M, Real>
            <<<blocks, shape.threads, 0, stream>>>(e, d_target, b.d_order, count, pools.thread, pools.thread_stride);
        RODSWARM_CUDA_CHECK_LAUNCH();
        return;
      }
      break;
    case KernelLayout::warp:
      if constexpr (M::layouts.warp == Placement::shared) {
        allow_shared(advance_in_warps<M, Real>, shape.dynamic_shared);
        advance_in_warps<M, Real><<<blocks, shape.threads, shape.dynamic_shared, stream>>>(
            e, d_target, b.d_order, count, static_cast<int>(b.range.max_shared / sizeof(Real)));
        RODSWARM_CUDA_CHECK_LAUNCH();
        return;
      }
      break;
    case KernelLayout::block:
      if constexpr (M::layouts.block == Placement::shared) {
        if (shape.dynamic_shared > device.shared_limit) {
          // The bucketing sends such members to another layout; reaching here is a bug, not a user error.
          throw std::logic_error("block layout given members needing " + std::to_string(shape.dynamic_shared) +
                                 " bytes of shared memory; the device allows " + std::to_string(device.shared_limit));
        }
        allow_shared(advance_in_block_shared<M, Real>, shape.dynamic_shared);
        advance_in_block_shared<M, Real>
            <<<blocks, shape.threads, shape.dynamic_shared, stream>>>(e, d_target, b.d_order, count);
        RODSWARM_CUDA_CHECK_LAUNCH();
        return;
      } else if constexpr (M::layouts.block == Placement::global) {
        advance_in_block<M, Real>
            <<<blocks, shape.threads, 0, stream>>>(e, d_target, b.d_order, count, pools.block, pools.block_stride);
        RODSWARM_CUDA_CHECK_LAUNCH();
        return;
      }
      break;
    case KernelLayout::grid:
      if constexpr (M::layouts.grid == Placement::global) {
        RODSWARM_CUDA_CHECK(cudaMemsetAsync(pools.grid_flags, 0, 3 * sizeof(unsigned), stream));
        EnsembleView<M, Real> view = e;
        const std::int64_t* target = d_target;
        const std::int64_t* order = b.d_order;
        std::int64_t n = count;
        Real* scratch = pools.grid;
        unsigned* flags = pools.grid_flags;
        void* args[] = {&view, &target, &order, &n, &scratch, &flags};
        RODSWARM_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(advance_in_grid<M, Real>),
                                                        dim3(blocks), dim3(shape.threads), args, 0, stream));
        return;
      }
      break;
    default:
      break;
  }
  throw std::logic_error(std::string("model ") + M::name + " has no kernel for layout " +
                         layout_name(b.range.layout()));
}

}  // namespace rodswarm
