/// @file member_buckets.hpp
/// Groups the members of a batch by kernel, so that each kernel launch runs over a list of its own members (no
/// kernel scans members it will not take). A kernel is a layout, and in the register layout also a tier (the
/// compile-time size its arrays are declared for) and a variant (the model's compile-time choice, e.g. a time
/// scheme). Plain C++: unit-tested without a GPU.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "rodswarm/gpu/kernel_layout.hpp"

namespace rodswarm {

/// The register tier of a member of n items: n rounded up to a multiple of `step`.
inline int register_tier(int n, int step) { return ((std::max(n, 1) + step - 1) / step) * step; }

/// Which kernel runs a member.
struct KernelKey {
  KernelLayout layout = KernelLayout::automatic;
  int tier = 0;     ///< register layout: the compiled tier; 0 otherwise
  int variant = 0;  ///< register layout: the model's variant; 0 otherwise
  bool operator<(const KernelKey& o) const {
    return std::tie(layout, tier, variant) < std::tie(o.layout, o.tier, o.variant);
  }
};

/// Members [begin, end) of MemberBuckets::order run with `key`'s kernel. max_n: the largest member among them
/// (the tier for the register layout); max_width: the most participants one of them can use in a phase (threads
/// of a block); max_shared: the most shared memory one of them needs; max_workspace: the most workspace.
struct BucketRange {
  KernelKey key;
  int max_n = 0;
  int max_width = 0;
  std::size_t max_shared = 0;
  int max_workspace = 0;
  std::int64_t begin = 0, end = 0;
  KernelLayout layout() const { return key.layout; }
  std::int64_t count() const { return end - begin; }
};

struct MemberBuckets {
  std::vector<std::int64_t> order;  ///< member indices relative to the batch's first member, grouped by bucket
  std::vector<BucketRange> ranges;  ///< non-empty buckets only, in kernel order (layout, tier, variant)
};

/// What the bucketing needs to know of one member.
struct MemberKernel {
  KernelKey key;
  int n = 0;
  int width = 0;
  std::size_t shared = 0;
  int workspace = 0;
};

/// Buckets members [first, last); kernel_of(i) gives member i's MemberKernel.
template <class KernelOf>
MemberBuckets bucket_members(std::int64_t first, std::int64_t last, KernelOf&& kernel_of) {
  std::map<KernelKey, std::pair<std::vector<std::int64_t>, BucketRange>> groups;
  for (std::int64_t i = first; i < last; ++i) {
    const MemberKernel k = kernel_of(i);
    auto& [members, range] = groups[k.key];
    members.push_back(i - first);
    range.key = k.key;
    range.max_n = std::max(range.max_n, k.key.tier > 0 ? k.key.tier : k.n);
    range.max_width = std::max(range.max_width, k.width);
    range.max_shared = std::max(range.max_shared, k.shared);
    range.max_workspace = std::max(range.max_workspace, k.workspace);
  }
  MemberBuckets out;
  out.order.reserve(static_cast<std::size_t>(last - first));
  for (auto& [key, group] : groups) {
    BucketRange range = group.second;
    range.begin = static_cast<std::int64_t>(out.order.size());
    out.order.insert(out.order.end(), group.first.begin(), group.first.end());
    range.end = static_cast<std::int64_t>(out.order.size());
    out.ranges.push_back(range);
  }
  return out;
}

}  // namespace rodswarm
