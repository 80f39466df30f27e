/// @file device_plan.hpp
/// What the CUDA backend will do with an ensemble of any model, in plain C++ so that `rodswarm validate` prints
/// it and unit tests check it on hosts without a GPU: the kernel of every member (layout, and in the register
/// layout its tier and variant), the buckets of every batch, the workspace pools of the layouts that keep a
/// member in place in global memory, and the batch plan against the device memory budget.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "rodswarm/backend.hpp"
#include "rodswarm/engine/ensemble.hpp"
#include "rodswarm/gpu/batch_plan.hpp"
#include "rodswarm/gpu/kernel_layout.hpp"
#include "rodswarm/gpu/member_buckets.hpp"

namespace rodswarm {

/// The device a plan is for. Without one, `rodswarm validate` plans for an H100 SXM (sm_90).
struct DeviceShape {
  int sms = 132;
  std::size_t shared_limit = std::size_t{227} * 1024;  ///< cudaDevAttrMaxSharedMemoryPerBlockOptin
};

// Launch shapes, shared by the kernels (kernels/layout_kernels.cuh) and the plan.
constexpr int thread_block_size = 128;         ///< threads per block of the thread layout
constexpr int thread_pool_blocks_per_sm = 16;  ///< thread layout with a global workspace: blocks per SM at most
constexpr int block_pool_blocks_per_sm = 8;    ///< block layout in global memory: blocks per SM at most
constexpr int max_warps_per_block = 4;         ///< warp layout: warps (members) per block
constexpr int grid_block_size = 256;           ///< grid layout: threads per block
constexpr int max_block_threads = 256;         ///< block layout: threads per block at most

/// Threads of a block for members whose phases have up to `width` participants: whole warps, 32 to 256.
inline int block_threads(int width) { return std::min(max_block_threads, std::max(32, 32 * ((width + 31) / 32))); }

/// Threads a pool-backed thread-layout launch of `count` members uses (rounded to whole blocks).
inline std::int64_t thread_pool_threads(std::int64_t count, int sms) {
  const std::int64_t cap = std::int64_t{thread_pool_blocks_per_sm} * sms * thread_block_size;
  const std::int64_t threads = std::max<std::int64_t>(1, std::min(count, cap));
  return (threads + thread_block_size - 1) / thread_block_size * thread_block_size;
}
/// Blocks a pool-backed block-layout launch of `count` members uses.
inline std::int64_t block_pool_blocks(std::int64_t count, int sms) {
  return std::max<std::int64_t>(1, std::min<std::int64_t>(count, std::int64_t{block_pool_blocks_per_sm} * sms));
}

struct DevicePlan {
  BatchPlan batches;
  std::vector<MemberBuckets> buckets;  ///< one per batch
  std::set<KernelLayout> layouts;      ///< the layouts some member runs in
  std::int64_t thread_pool = 0;        ///< reals of the thread layout's per-thread workspace pool
  std::int64_t thread_stride = 0;      ///< reals per thread of it
  std::int64_t block_pool = 0;         ///< reals of the block layout's per-block workspace pool (global placement)
  std::int64_t block_stride = 0;
  std::int64_t grid_workspace = 0;  ///< reals of the grid layout's workspace (its largest member)
  std::size_t fixed_bytes = 0;      ///< pools and grid workspace: every slot holds them

  /// "block+thread+warp": the layouts used, for the backend's description.
  std::string layout_names() const {
    std::string s;
    std::set<std::string> names;
    for (auto l : layouts) names.insert(layout_name(l));
    for (const auto& n : names) s += (s.empty() ? "" : "+") + n;
    return s;
  }
};

/// Device bytes of everything a member owns besides its fields: params, dt, steps done, target, order entry,
/// status, an offset per extent and its float64 scalars.
template <class M, class Real>
constexpr std::size_t device_bytes_per_member() {
  return sizeof(ParamsOf<M, Real>) + sizeof(Real) + 3 * sizeof(std::int64_t) + 1 +
         static_cast<std::size_t>(extent_count<M>) * sizeof(std::int64_t) +
         static_cast<std::size_t>(scalar_count<M>) * sizeof(double);
}

/// Member i's kernel on a device of shape `device` (the ensemble may hold parameters of any precision; the
/// plan is for a run in precision Real).
template <class M, class Real, class P>
MemberKernel member_kernel(const Ensemble<M, P>& e, std::int64_t i, KernelLayout forced, const DeviceShape& device) {
  const auto& p = e.params[static_cast<std::size_t>(i)];
  const MemberSizes sizes = M::sizes(p);
  MemberKernel k;
  k.n = sizes.items;
  k.width = sizes.width;
  k.workspace = sizes.workspace;
  std::int64_t state_values = 0;
  for (std::size_t f = 0; f < M::fields.size(); ++f) {
    const FieldSpec& s = M::fields[f];
    if (s.role == FieldRole::state && !e.field[f].empty()) state_values += e.count(s.extent, i) * s.components;
  }
  k.shared = static_cast<std::size_t>(state_values + k.workspace) * sizeof(Real);
  LayoutLimits limits;
  limits.shared_limit = device.shared_limit;
  if constexpr (M::layouts.thread == Placement::registers) limits.register_max = M::register_tier_max;
  k.key.layout = choose_layout(M::layouts, k.n, k.shared, limits, forced, M::name);
  if constexpr (M::layouts.thread == Placement::registers) {
    if (k.key.layout == KernelLayout::thread) {
      k.key.tier = register_tier(k.n, M::register_tier_step);
      k.key.variant = M::register_variant(p);
    }
  }
  return k;
}

/// The plan of ensemble `e` run in precision Real with `budget` bytes of device memory.
template <class M, class Real, class P>
DevicePlan plan_device(const Ensemble<M, P>& e, KernelLayout forced, std::size_t budget, int streams,
                       const DeviceShape& device) {
  DevicePlan plan;
  const std::int64_t members = e.members();
  std::vector<MemberKernel> kernels(static_cast<std::size_t>(members));
  std::int64_t thread_members = 0, block_members = 0;
  std::vector<std::size_t> prefix(static_cast<std::size_t>(members) + 1, 0);
  for (std::int64_t i = 0; i < members; ++i) {
    const MemberKernel& k = kernels[static_cast<std::size_t>(i)] = member_kernel<M, Real>(e, i, forced, device);
    plan.layouts.insert(k.key.layout);
    const Placement where = placement_in(M::layouts, k.key.layout);
    if (k.key.layout == KernelLayout::thread && where == Placement::global) {
      ++thread_members;
      plan.thread_stride = std::max<std::int64_t>(plan.thread_stride, k.workspace);
    }
    if (k.key.layout == KernelLayout::block && where == Placement::global) {
      ++block_members;
      plan.block_stride = std::max<std::int64_t>(plan.block_stride, k.workspace);
    }
    if (k.key.layout == KernelLayout::grid)
      plan.grid_workspace = std::max<std::int64_t>(plan.grid_workspace, k.workspace);
    std::size_t bytes = device_bytes_per_member<M, Real>();
    for (std::size_t f = 0; f < M::fields.size(); ++f) {
      const FieldSpec& s = M::fields[f];
      if (!e.field[f].empty()) bytes += static_cast<std::size_t>(e.count(s.extent, i) * s.components) * sizeof(Real);
    }
    prefix[static_cast<std::size_t>(i) + 1] = prefix[static_cast<std::size_t>(i)] + bytes;
  }
  // Pools are sized by the grid a launch uses, not by the ensemble; sized here for the whole ensemble's members
  // of the layout, which bounds every batch's.
  if (thread_members > 0) plan.thread_pool = thread_pool_threads(thread_members, device.sms) * plan.thread_stride;
  if (block_members > 0) plan.block_pool = block_pool_blocks(block_members, device.sms) * plan.block_stride;
  plan.fixed_bytes = static_cast<std::size_t>(plan.thread_pool + plan.block_pool + plan.grid_workspace) * sizeof(Real);
  if (plan.layouts.count(KernelLayout::grid)) plan.fixed_bytes += 64;  // the grid barrier's flag counters
  plan.batches = plan_batches(prefix, plan.fixed_bytes, budget, streams);
  for (std::size_t b = 0; b < plan.batches.batches(); ++b) {
    plan.buckets.push_back(bucket_members(plan.batches.starts[b], plan.batches.starts[b + 1],
                                          [&](std::int64_t i) { return kernels[static_cast<std::size_t>(i)]; }));
  }
  return plan;
}

}  // namespace rodswarm
