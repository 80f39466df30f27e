/// @file layout_kernels.cuh
/// The kernels of the four layouts (include/rodswarm/gpu/kernel_layout.hpp), written once for every model, and
/// their launchers. A kernel body is what runs around a model's stepper: pick its members from a bucket's list,
/// put the member where the layout keeps it (registers, shared memory, or in place in global memory with a
/// workspace from a pool), call M::advance with the layout's loop policy, put the state back, record the steps
/// and the status. Every kernel runs all the steps up to each member's target in one launch.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "block_loop.cuh"
#include "cuda_check.hpp"
#include "grid_loop.cuh"
#include "rodswarm/backend.hpp"
#include "rodswarm/engine/ensemble.hpp"
#include "rodswarm/gpu/device_plan.hpp"
#include "rodswarm/integrators/bead_loop.hpp"
#include "unrolled_loop.cuh"
#include "warp_loop.cuh"

namespace rodswarm {

/// One bucket of a batch on the device: d_order[0 .. range.count()) index the batch's view.
struct DeviceBucket {
  BucketRange range;
  const std::int64_t* d_order;
};

/// The workspace of the layouts that keep a member in global memory, one slot's worth.
template <class Real>
struct DevicePools {
  Real* thread = nullptr;  ///< thread_stride reals for each of thread_slices threads (a multiple of a block)
  std::int64_t thread_stride = 0, thread_slices = 0;
  Real* block = nullptr;  ///< block_stride reals for each of block_slices blocks
  std::int64_t block_stride = 0, block_slices = 0;
  Real* grid = nullptr;            ///< the grid layout's member workspace
  unsigned* grid_flags = nullptr;  ///< its three barrier flag counters
};

namespace layout_kernels {

template <class M, class Real>
__device__ void record(const EnsembleView<M, Real>& e, std::int64_t i, const Outcome& out) {
  e.steps_done[i] += out.steps;
  e.status[i] = out.status;
}

// ---- thread layout, registers ------------------------------------------------------------------------------
/// Reals a register-layout member of `tier` holds in its state fields, and where field f starts among them.
template <class M>
constexpr int register_offset(int field, int tier) {
  int at = 0;
  for (int g = 0; g < field; ++g) {
    const FieldSpec& s = M::fields[static_cast<std::size_t>(g)];
    if (s.role == FieldRole::state) at += s.components * M::register_extent(s.extent, tier);
  }
  return at;
}
template <class M>
constexpr int register_state_reals(int tier) {
  return register_offset<M>(field_count<M>, tier);
}

/// One thread per member, the member's state fields and workspace in arrays of the tier's compile-time size.
template <class M, class Real, int Tier, int Variant>
__global__ void __launch_bounds__(thread_block_size)
    advance_in_registers(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                         const std::int64_t* __restrict__ order, std::int64_t count) {
  constexpr int state_reals = register_state_reals<M>(Tier);
  constexpr int work_reals = M::register_workspace(Tier);
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t k = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; k < count; k += stride) {
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);
    if (todo == 0) continue;
    const ParamsOf<M, Real> p = e.params[i];
    const Member<M, Real> global = e.member(i);
    Member<M, Real> m = global;
    m.params = &p;
    Real regs[state_reals + work_reals];
    static_for<field_count<M>>([&](auto fc) {
      constexpr int f = decltype(fc)::value;
      constexpr FieldSpec s = M::fields[f];
      if constexpr (s.role == FieldRole::state) {
        constexpr int at = register_offset<M>(f, Tier);
        constexpr int capacity = s.components * M::register_extent(s.extent, Tier);
        const std::int64_t n = global.field[f] != nullptr ? global.count[s.extent] * s.components : 0;
#pragma unroll
        for (int j = 0; j < capacity; ++j) regs[at + j] = j < n ? global.field[f][j] : Real(0);
        m.field[f] = regs + at;
      }
    });
    const Outcome out = M::advance(m, e.dt[i], e.steps_done[i], todo, regs + state_reals,
                                   UnrolledLoop<M::register_loop_count(Tier), Tier, Variant>{});
    static_for<field_count<M>>([&](auto fc) {
      constexpr int f = decltype(fc)::value;
      constexpr FieldSpec s = M::fields[f];
      if constexpr (s.role == FieldRole::state) {
        constexpr int at = register_offset<M>(f, Tier);
        constexpr int capacity = s.components * M::register_extent(s.extent, Tier);
        const std::int64_t n = global.field[f] != nullptr ? global.count[s.extent] * s.components : 0;
#pragma unroll
        for (int j = 0; j < capacity; ++j) {
          if (j < n) global.field[f][j] = regs[at + j];
        }
      }
    });
    record(e, i, out);
  }
}

// ---- thread layout, global memory ---------------------------------------------------------------------------
/// One thread per member, in place in global memory; each thread's workspace is one slice of a pool sized by the
/// grid, not by the ensemble.
template <class M, class Real>
__global__ void __launch_bounds__(thread_block_size)
    advance_in_thread(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                      const std::int64_t* __restrict__ order, std::int64_t count, Real* pool, std::int64_t stride) {
  const std::int64_t tid = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::int64_t threads = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  Real* work = pool + tid * stride;
  for (std::int64_t k = tid; k < count; k += threads) {
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);
    if (todo == 0) continue;
    record(e, i, M::advance(e.member(i), e.dt[i], e.steps_done[i], todo, work, SequentialLoop{}));
  }
}

// ---- warp and block layouts, shared memory ------------------------------------------------------------------
/// The member step of the layouts that hold a member in shared memory: the group's participants (rank in
/// [0, size)) copy member i's state fields into `slice`, advance it there with `loop` (whose sync_or is the group's
/// barrier), with the workspace right after the state, and copy it back; rank 0 records the counters.
template <class M, class Real, class Loop>
__device__ void advance_on_chip(const EnsembleView<M, Real>& e, std::int64_t i, std::int64_t todo, Real* slice,
                                int rank, int size, const Loop& loop) {
  const ParamsOf<M, Real> p = e.params[i];
  const Member<M, Real> global = e.member(i);
  Member<M, Real> m = global;
  m.params = &p;
  Real* at = slice;
  static_for<field_count<M>>([&](auto fc) {
    constexpr int f = decltype(fc)::value;
    constexpr FieldSpec s = M::fields[f];
    if constexpr (s.role == FieldRole::state) {
      if (global.field[f] != nullptr) {
        const std::int64_t n = global.count[s.extent] * s.components;
        for (std::int64_t j = rank; j < n; j += size) at[j] = global.field[f][j];
        m.field[f] = at;
        at += n;
      }
    }
  });
  loop.sync_or(false);
  const std::int64_t done = e.steps_done[i];
  const Outcome out = M::advance(m, e.dt[i], done, todo, at, loop);
  static_for<field_count<M>>([&](auto fc) {
    constexpr int f = decltype(fc)::value;
    constexpr FieldSpec s = M::fields[f];
    if constexpr (s.role == FieldRole::state) {
      if (global.field[f] != nullptr) {
        const std::int64_t n = global.count[s.extent] * s.components;
        for (std::int64_t j = rank; j < n; j += size) global.field[f][j] = m.field[f][j];
      }
    }
  });
  loop.sync_or(false);  // every participant has read the counters and stored its items
  if (rank == 0) record(e, i, out);
  loop.sync_or(false);  // the group's next member reuses the slice
}

/// The 32 lanes of a warp share one member; each warp of a block has its own slice of `member_reals` values.
template <class M, class Real>
__global__ void advance_in_warps(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                                 const std::int64_t* __restrict__ order, std::int64_t count, int member_reals) {
  extern __shared__ __align__(16) unsigned char shared_raw[];
  const int lane = static_cast<int>(threadIdx.x & 31u);
  const int warp = static_cast<int>(threadIdx.x >> 5);
  const int warps = static_cast<int>(blockDim.x >> 5);
  Real* mine = reinterpret_cast<Real*>(shared_raw) + static_cast<std::ptrdiff_t>(warp) * member_reals;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * warps;
  for (std::int64_t k = static_cast<std::int64_t>(blockIdx.x) * warps + warp; k < count; k += stride) {
    // Every lane reads the same values, so the branch is uniform across the warp.
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);
    if (todo > 0) advance_on_chip(e, i, todo, mine, lane, 32, WarpLoop{});
  }
}

/// A block shares one member, held in the block's shared memory.
template <class M, class Real>
__global__ void advance_in_block_shared(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                                        const std::int64_t* __restrict__ order, std::int64_t count) {
  extern __shared__ __align__(16) unsigned char shared_raw[];
  Real* slice = reinterpret_cast<Real*>(shared_raw);
  for (std::int64_t k = blockIdx.x; k < count; k += gridDim.x) {
    // Every thread reads the same values, so the branch is uniform across the block.
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);
    if (todo > 0) {
      advance_on_chip(e, i, todo, slice, static_cast<int>(threadIdx.x), static_cast<int>(blockDim.x), BlockLoop{});
    }
  }
}

// ---- block layout, global memory ----------------------------------------------------------------------------
/// A block shares one member in place in global memory; its workspace is the block's slice of a pool.
template <class M, class Real>
__global__ void advance_in_block(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                                 const std::int64_t* __restrict__ order, std::int64_t count, Real* pool,
                                 std::int64_t stride) {
  Real* work = pool + static_cast<std::int64_t>(blockIdx.x) * stride;
  for (std::int64_t k = blockIdx.x; k < count; k += gridDim.x) {
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);  // uniform across the block
    if (todo == 0) continue;
    const Outcome out = M::advance(e.member(i), e.dt[i], e.steps_done[i], todo, work, BlockLoop{});
    __syncthreads();  // every thread has read the counters before thread 0 changes them
    if (threadIdx.x == 0) record(e, i, out);
    __syncthreads();  // the status written above is read by every thread of the next pass over this member
  }
}

// ---- grid layout ---------------------------------------------------------------------------------------------
/// A cooperative grid takes the members of its list one after another, all its threads on one member, state and
/// workspace in global memory, phases ending at grid-wide barriers (grid_loop.cuh). Every thread reads member
/// i's counters before the member's first barrier; thread 0 updates them after its last one.
template <class M, class Real>
__global__ void __launch_bounds__(grid_block_size)
    advance_in_grid(EnsembleView<M, Real> e, const std::int64_t* __restrict__ target,
                    const std::int64_t* __restrict__ order, std::int64_t count, Real* scratch, unsigned* flags) {
  const GridLoop loop{flags, 0u};
  for (std::int64_t k = 0; k < count; ++k) {
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);
    if (todo == 0) continue;
    const ParamsOf<M, Real> p = e.params[i];
    Member<M, Real> m = e.member(i);
    m.params = &p;
    const Outcome out = M::advance(m, e.dt[i], e.steps_done[i], todo, scratch, loop);
    if (blockIdx.x == 0 && threadIdx.x == 0) record(e, i, out);
  }
}

// ---- Newton steady state -------------------------------------------------------------------------------------
template <class M, class Real>
__global__ void solve_steady_kernel(EnsembleView<M, Real> e, Real* pool, std::int64_t stride, Real tol, int max_iter,
                                    std::int32_t* iterations, double* residual, std::uint8_t* converged) {
  const std::int64_t tid = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::int64_t threads = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  Real* work = pool + tid * stride;
  for (std::int64_t i = tid; i < e.members; i += threads) {
    const NewtonOutcome out = M::steady(e.member(i), tol, max_iter, work);
    iterations[i] = out.iterations;
    residual[i] = out.residual;
    converged[i] = out.converged ? 1 : 0;
  }
}

// ---- launchers -------------------------------------------------------------------------------------------------
inline unsigned blocks_for(std::int64_t count, std::int64_t per_block) {
  return static_cast<unsigned>(std::min<std::int64_t>((count + per_block - 1) / per_block, std::int64_t{1} << 30));
}

template <class M, class Real, int Tier, int Variant = 0>
void launch_registers_variant(const EnsembleView<M, Real>& e, const std::int64_t* d_target, const DeviceBucket& b,
                              cudaStream_t stream) {
  if constexpr (Variant < M::register_variants) {
    if (b.range.key.variant != Variant) {
      return launch_registers_variant<M, Real, Tier, Variant + 1>(e, d_target, b, stream);
    }
    advance_in_registers<M, Real, Tier, Variant>
        <<<blocks_for(b.range.count(), thread_block_size), thread_block_size, 0, stream>>>(e, d_target, b.d_order,
                                                                                           b.range.count());
    RODSWARM_CUDA_CHECK_LAUNCH();
  } else {
    throw std::logic_error("no register-layout kernel for variant " + std::to_string(b.range.key.variant));
  }
}

template <class M, class Real, int Tier = M::register_tier_step>
void launch_registers(const EnsembleView<M, Real>& e, const std::int64_t* d_target, const DeviceBucket& b,
                      cudaStream_t stream) {
  if constexpr (Tier <= M::register_tier_max) {
    if (b.range.key.tier != Tier) {
      return launch_registers<M, Real, Tier + M::register_tier_step>(e, d_target, b, stream);
    }
    launch_registers_variant<M, Real, Tier>(e, d_target, b, stream);
  } else {
    throw std::logic_error("no register-layout kernel for tier " + std::to_string(b.range.key.tier));
  }
}

/// Dynamic shared memory above the default 48 kB must be opted in to per kernel.
template <class Kernel>
void allow_shared(Kernel kernel, std::size_t bytes) {
  RODSWARM_CUDA_CHECK(
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
}

template <class M, class Real>
void launch_grid(const EnsembleView<M, Real>& e, const std::int64_t* d_target, const DeviceBucket& b,
                 const DevicePools<Real>& pools, cudaStream_t stream) {
  int device = 0, cooperative = 0, sms = 0, per_sm = 0;
  RODSWARM_CUDA_CHECK(cudaGetDevice(&device));
  RODSWARM_CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  if (cooperative == 0) throw std::runtime_error("this device does not support cooperative launches (grid layout)");
  RODSWARM_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  RODSWARM_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, advance_in_grid<M, Real>, grid_block_size, 0));
  // No more blocks than can be resident (a cooperative launch requires it), nor than the largest member needs.
  const std::int64_t wanted = (static_cast<std::int64_t>(b.range.max_width) + grid_block_size - 1) / grid_block_size;
  const int blocks =
      static_cast<int>(std::max<std::int64_t>(1, std::min<std::int64_t>(wanted, std::int64_t(per_sm) * sms)));
  RODSWARM_CUDA_CHECK(cudaMemsetAsync(pools.grid_flags, 0, 3 * sizeof(unsigned), stream));
  EnsembleView<M, Real> view = e;
  const std::int64_t* target = d_target;
  const std::int64_t* order = b.d_order;
  std::int64_t count = b.range.count();
  Real* scratch = pools.grid;
  unsigned* flags = pools.grid_flags;
  void* args[] = {&view, &target, &order, &count, &scratch, &flags};
  RODSWARM_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(advance_in_grid<M, Real>),
                                                  dim3(static_cast<unsigned>(blocks)), dim3(grid_block_size), args, 0,
                                                  stream));
}

}  // namespace layout_kernels

/// Advances the bucket's running members to d_target[i] steps on `stream` (asynchronous).
template <class M, class Real>
void launch_bucket(const EnsembleView<M, Real>& e, const std::int64_t* d_target, const DeviceBucket& b,
                   const DevicePools<Real>& pools, std::size_t shared_limit, cudaStream_t stream) {
  using namespace layout_kernels;
  const std::int64_t count = b.range.count();
  if (count == 0) return;
  switch (b.range.layout()) {
    case KernelLayout::thread:
      if constexpr (M::layouts.thread == Placement::registers) {
        return launch_registers<M, Real>(e, d_target, b, stream);
      } else if constexpr (M::layouts.thread == Placement::global) {
        advance_in_thread<M, Real>
            <<<blocks_for(std::min(count, pools.thread_slices), thread_block_size), thread_block_size, 0, stream>>>(
                e, d_target, b.d_order, count, pools.thread, pools.thread_stride);
        RODSWARM_CUDA_CHECK_LAUNCH();
        return;
      }
      break;
    case KernelLayout::warp:
      if constexpr (M::layouts.warp == Placement::shared) {
        const std::size_t per_member = b.range.max_shared;
        const int warps = static_cast<int>(
            std::clamp<std::size_t>(shared_limit / std::max<std::size_t>(per_member, 1), 1, max_warps_per_block));
        const std::size_t shared = per_member * static_cast<std::size_t>(warps);
        allow_shared(advance_in_warps<M, Real>, shared);
        advance_in_warps<M, Real><<<blocks_for(count, warps), 32 * warps, shared, stream>>>(
            e, d_target, b.d_order, count, static_cast<int>(per_member / sizeof(Real)));
        RODSWARM_CUDA_CHECK_LAUNCH();
        return;
      }
      break;
    case KernelLayout::block:
      if constexpr (M::layouts.block == Placement::shared) {
        const std::size_t shared = b.range.max_shared;
        if (shared > shared_limit) {
          // The bucketing sends such members to another layout; reaching here is a bug, not a user error.
          throw std::logic_error("block layout given members needing " + std::to_string(shared) +
                                 " bytes of shared memory; the device allows " + std::to_string(shared_limit));
        }
        allow_shared(advance_in_block_shared<M, Real>, shared);
        advance_in_block_shared<M, Real>
            <<<blocks_for(count, 1), block_threads(b.range.max_width), shared, stream>>>(e, d_target, b.d_order, count);
        RODSWARM_CUDA_CHECK_LAUNCH();
        return;
      } else if constexpr (M::layouts.block == Placement::global) {
        const auto blocks = static_cast<unsigned>(std::min<std::int64_t>(count, pools.block_slices));
        advance_in_block<M, Real><<<blocks, block_threads(b.range.max_width), 0, stream>>>(
            e, d_target, b.d_order, count, pools.block, pools.block_stride);
        RODSWARM_CUDA_CHECK_LAUNCH();
        return;
      }
      break;
    case KernelLayout::grid:
      if constexpr (M::layouts.grid == Placement::global) return launch_grid<M, Real>(e, d_target, b, pools, stream);
      break;
    default:
      break;
  }
  throw std::logic_error(std::string("model ") + M::name + " has no kernel for layout " +
                         layout_name(b.range.layout()));
}

}  // namespace rodswarm
