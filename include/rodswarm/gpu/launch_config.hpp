/// @file launch_config.hpp
/// Every launch of the CUDA backend as a pure function: the grid, block and dynamic shared memory of each
/// layout's kernel for a bucket of members, the resident blocks per SM of a cooperative launch, and the check a
/// real card makes before it runs a launch. The device launcher (kernels/layout_kernels.cuh) and the emulated
/// device of the tests (tests/emulated/) take their shapes from here, so a shape a card would refuse fails in CI
/// (tests/unit/test_launch_config.cpp, against card_properties.hpp's cards).
#pragma once

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>

#include "rodswarm/engine/member_layout.hpp"
#include "rodswarm/gpu/card_properties.hpp"
#include "rodswarm/gpu/device_plan.hpp"
#include "rodswarm/gpu/member_buckets.hpp"

namespace rodswarm {

/// One kernel launch: gridDim.x, blockDim.x, dynamic shared bytes, and whether it is cooperative (grid layout).
struct LaunchShape {
  std::int64_t blocks = 0;
  int threads = 0;
  std::size_t dynamic_shared = 0;
  bool cooperative = false;
  bool operator==(const LaunchShape& o) const {
    return blocks == o.blocks && threads == o.threads && dynamic_shared == o.dynamic_shared &&
           cooperative == o.cooperative;
  }
};

/// What a compiled kernel takes of an SM (cudaFuncGetAttributes on a device; the ptxas report).
struct KernelResources {
  int registers = 64;             ///< per thread
  std::size_t static_shared = 0;  ///< __shared__ arrays
  int max_threads = 1024;         ///< __launch_bounds__, or the card's limit
};

/// Blocks of `per_block` items that cover `count` items, at most 2^30 (the kernels stride over the rest).
inline std::int64_t blocks_for(std::int64_t count, std::int64_t per_block) {
  return std::min<std::int64_t>((count + per_block - 1) / per_block, std::int64_t{1} << 30);
}

/// The slices of the workspace pools a batch's launches share (DevicePools, sized by device_plan.hpp).
struct PoolSlices {
  std::int64_t thread = 0;  ///< threads of the thread layout's pool
  std::int64_t block = 0;   ///< blocks of the block layout's pool
};

/// Registers a warp of `kernel` is allocated on `card`: whole warps' worth, rounded to the allocation unit.
inline int registers_per_warp(const CardProperties& card, const KernelResources& kernel) {
  return (kernel.registers * 32 + card.register_granularity - 1) / card.register_granularity *
         card.register_granularity;
}

/// The device shape that plans launches for `card` (its SMs and its opt-in shared memory per block).
inline DeviceShape shape_of(const CardProperties& card) { return DeviceShape{card.sms, card.shared_per_block_optin}; }

/// The most threads a block of `layout`'s kernel may have: its __launch_bounds__, or the card's limit.
inline int launch_bound(KernelLayout layout, const CardProperties& card) {
  return layout == KernelLayout::thread ? thread_block_size
         : layout == KernelLayout::grid ? grid_block_size
                                        : card.max_threads_per_block;
}

/// Resident blocks of a kernel per SM of `card` for blocks of `threads` threads with `dynamic_shared` bytes,
/// the number cudaOccupancyMaxActiveBlocksPerMultiprocessor gives (shared memory at the largest carveout): the
/// least of the card's block limit, its warps, its registers (allocated per warp, split over the sub-partitions)
/// and its shared memory (each block also holds the driver's reserved share). 0: the block cannot run at all.
inline int resident_blocks_per_sm(const CardProperties& card, const KernelResources& kernel, int threads,
                                  std::size_t dynamic_shared) {
  if (threads <= 0 || threads > card.max_threads_per_block || threads > kernel.max_threads) return 0;
  const int warps = (threads + 31) / 32;
  int blocks = std::min(card.max_blocks_per_sm, card.max_threads_per_sm / 32 / warps);
  // Registers: whole warps' worth, rounded to the granularity; a block must fit one block's register file, and
  // a sub-partition holds only whole warps.
  if (kernel.registers > card.max_registers_per_thread) return 0;
  const int per_warp = registers_per_warp(card, kernel);
  const int warps_assumed = (warps + card.sub_partitions - 1) / card.sub_partitions * card.sub_partitions;
  if (per_warp * warps > card.registers_per_block || per_warp * warps_assumed > card.registers_per_block) return 0;
  if (per_warp > 0) {
    const int warps_per_sm = card.registers_per_sm / card.sub_partitions / per_warp * card.sub_partitions;
    blocks = std::min(blocks, warps_per_sm / warps);
  }
  // Shared memory: static + reserved + dynamic, rounded to the allocation unit.
  const std::size_t used = kernel.static_shared + card.reserved_shared_per_block + dynamic_shared;
  const std::size_t allocated =
      (used + card.shared_granularity - 1) / card.shared_granularity * card.shared_granularity;
  const std::size_t block_limit =
      (kernel.static_shared + dynamic_shared > card.shared_per_block ? card.shared_per_block_optin
                                                                     : card.shared_per_block) +
      card.reserved_shared_per_block;
  if (allocated > block_limit) return 0;
  blocks = std::min<int>(blocks, static_cast<int>(std::min<std::size_t>(card.shared_per_sm / allocated, INT_MAX)));
  return std::max(blocks, 0);
}

/// Why `card` refuses `shape` for `kernel`, as the runtime would say it ("" when it runs it). `opted_in`: the
/// launcher set cudaFuncAttributeMaxDynamicSharedMemorySize to the launch's dynamic shared bytes.
inline std::string launch_refusal(const LaunchShape& shape, const KernelResources& kernel, const CardProperties& card,
                                  bool opted_in = true) {
  const std::string on = " on " + card.name + " (" + card.arch() + ")";
  if (shape.blocks < 1 || shape.blocks > card.max_grid_x) {
    return "cudaErrorInvalidConfiguration: a grid of " + std::to_string(shape.blocks) + " blocks" + on;
  }
  if (shape.threads < 1 || shape.threads > card.max_threads_per_block || shape.threads > kernel.max_threads) {
    return "cudaErrorInvalidConfiguration: blocks of " + std::to_string(shape.threads) + " threads (at most " +
           std::to_string(std::min(card.max_threads_per_block, kernel.max_threads)) + ")" + on;
  }
  const std::size_t shared = kernel.static_shared + shape.dynamic_shared;
  const std::size_t limit = opted_in ? card.shared_per_block_optin : card.shared_per_block;
  if (shared > limit) {
    return "cudaErrorInvalidValue: " + std::to_string(shared) + " bytes of shared memory per block (at most " +
           std::to_string(limit) + (opted_in ? " with the opt-in" : " without the opt-in") + ")" + on;
  }
  const int per_warp = registers_per_warp(card, kernel);
  if (per_warp * ((shape.threads + 31) / 32) > card.registers_per_block) {
    return "cudaErrorLaunchOutOfResources: " + std::to_string(kernel.registers) + " registers a thread for " +
           std::to_string(shape.threads) + " threads" + on;
  }
  if (shape.cooperative) {
    if (!card.cooperative_launch) return "cudaErrorNotSupported: no cooperative launch" + on;
    const std::int64_t resident =
        std::int64_t{resident_blocks_per_sm(card, kernel, shape.threads, shape.dynamic_shared)} * card.sms;
    if (shape.blocks > resident) {
      return "cudaErrorCooperativeLaunchTooLarge: a cooperative grid of " + std::to_string(shape.blocks) + " blocks, " +
             std::to_string(resident) + " resident at most" + on;
    }
  }
  return "";
}

// ---- the shape of each layout's launch -------------------------------------------------------------------------
/// Thread layout in registers: one thread per member, blocks of thread_block_size.
inline LaunchShape register_launch(std::int64_t count) {
  return {blocks_for(count, thread_block_size), thread_block_size, 0, false};
}
/// Thread layout in global memory: one thread per member, never more threads than the pool has slices.
inline LaunchShape thread_pool_launch(std::int64_t count, std::int64_t slices) {
  return {blocks_for(std::min(count, slices), thread_block_size), thread_block_size, 0, false};
}
/// Warp layout: a member per warp, as many warps a block (up to max_warps_per_block) as the shared memory holds.
inline LaunchShape warp_launch(std::int64_t count, std::size_t per_member, std::size_t shared_limit) {
  const int warps = static_cast<int>(
      std::clamp<std::size_t>(shared_limit / std::max<std::size_t>(per_member, 1), 1, max_warps_per_block));
  return {blocks_for(count, warps), 32 * warps, per_member * static_cast<std::size_t>(warps), false};
}
/// Block layout in shared memory: a member per block, the member in the block's dynamic shared memory.
inline LaunchShape block_shared_launch(std::int64_t count, int max_width, std::size_t per_member) {
  return {blocks_for(count, 1), block_threads(max_width), per_member, false};
}
/// Block layout in global memory: a member per block, never more blocks than the pool has slices.
inline LaunchShape block_pool_launch(std::int64_t count, int max_width, std::int64_t slices) {
  return {std::min(count, slices), block_threads(max_width), 0, false};
}
/// Grid layout: as many blocks of grid_block_size as the largest member's phases use, no more than can be
/// resident at once (`per_sm` blocks on each of `sms`), which a cooperative launch requires.
inline LaunchShape grid_launch(int max_width, int per_sm, int sms) {
  const std::int64_t wanted = (static_cast<std::int64_t>(max_width) + grid_block_size - 1) / grid_block_size;
  const std::int64_t blocks = std::max<std::int64_t>(1, std::min<std::int64_t>(wanted, std::int64_t{per_sm} * sms));
  return {blocks, grid_block_size, 0, true};
}
/// The Newton steady-state kernel: one thread per member over a pool of `threads` slices (thread_pool_threads).
inline LaunchShape steady_launch(std::int64_t threads) {
  return {threads / thread_block_size, thread_block_size, 0, false};
}

/// The launch of bucket `b` of a model whose member lives where `placement` says in the bucket's layout. `per_sm`:
/// the grid kernel's resident blocks per SM (grid layout only).
inline LaunchShape bucket_launch(const BucketRange& b, Placement placement, const PoolSlices& pools,
                                 std::size_t shared_limit, int per_sm, int sms) {
  const std::int64_t count = b.count();
  switch (b.layout()) {
    case KernelLayout::thread:
      return placement == Placement::registers ? register_launch(count) : thread_pool_launch(count, pools.thread);
    case KernelLayout::warp:
      return warp_launch(count, b.max_shared, shared_limit);
    case KernelLayout::block:
      return placement == Placement::shared ? block_shared_launch(count, b.max_width, b.max_shared)
                                            : block_pool_launch(count, b.max_width, pools.block);
    case KernelLayout::grid:
      return grid_launch(b.max_width, per_sm, sms);
    default:
      return {};
  }
}

}  // namespace rodswarm
