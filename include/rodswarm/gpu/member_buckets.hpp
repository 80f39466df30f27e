/// @file member_buckets.hpp
/// Groups the members of a batch by kernel layout, so that each layout's kernel runs over a list of its own
/// members (no kernel scans members it will not take). Plain C++: unit-tested without a GPU.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "rodswarm/gpu/kernel_layout.hpp"

namespace rodswarm {

/// Thread-layout members are compiled for a bead count rounded up to this multiple: each instance keeps its
/// arrays in registers at a fixed size, so a member of n beads runs the instance for the next multiple of 4.
constexpr int thread_layout_tier = 4;

inline int thread_tier(int n) {
  return ((std::max(n, 1) + thread_layout_tier - 1) / thread_layout_tier) * thread_layout_tier;
}

/// Members [begin, end) of MemberBuckets::order run with `layout`; max_n is the largest member among them
/// (for the thread layout, the compiled tier).
struct BucketRange {
  KernelLayout layout;
  int max_n;
  std::int64_t begin, end;
};

struct MemberBuckets {
  std::vector<std::int64_t> order;  ///< member indices relative to the batch's first member, grouped by bucket
  std::vector<BucketRange> ranges;  ///< non-empty buckets only
};

/// Buckets members [first, last). n_of(i) gives member i's bead count and shared_of(n) the shared memory a
/// member of n beads needs in the warp and block layouts.
template <class BeadCount, class SharedBytes>
MemberBuckets bucket_members(std::int64_t first, std::int64_t last, BeadCount n_of, SharedBytes shared_of,
                             std::size_t shared_limit, KernelLayout forced) {
  // Keys: thread tiers 4, 8, 12, 16, then warp, block, grid.
  constexpr int tiers = thread_layout_max_beads / thread_layout_tier;
  constexpr int keys = tiers + 3;
  std::vector<std::vector<std::int64_t>> members(keys);
  std::vector<int> max_n(keys, 0);
  for (std::int64_t i = first; i < last; ++i) {
    const int n = n_of(i);
    const KernelLayout layout = choose_layout(n, shared_of(n), shared_limit, forced);
    int key = 0;
    switch (layout) {
      case KernelLayout::thread:
        key = thread_tier(n) / thread_layout_tier - 1;
        break;
      case KernelLayout::warp:
        key = tiers;
        break;
      case KernelLayout::block:
        key = tiers + 1;
        break;
      default:
        key = tiers + 2;
        break;
    }
    members[static_cast<std::size_t>(key)].push_back(i - first);
    max_n[static_cast<std::size_t>(key)] = std::max(max_n[static_cast<std::size_t>(key)], n);
  }
  MemberBuckets out;
  out.order.reserve(static_cast<std::size_t>(last - first));
  for (int key = 0; key < keys; ++key) {
    const auto& list = members[static_cast<std::size_t>(key)];
    if (list.empty()) continue;
    const auto begin = static_cast<std::int64_t>(out.order.size());
    out.order.insert(out.order.end(), list.begin(), list.end());
    const KernelLayout layout =
        key < tiers
            ? KernelLayout::thread
            : (key == tiers ? KernelLayout::warp : (key == tiers + 1 ? KernelLayout::block : KernelLayout::grid));
    const int bucket_n = key < tiers ? (key + 1) * thread_layout_tier : max_n[static_cast<std::size_t>(key)];
    out.ranges.push_back(BucketRange{layout, bucket_n, begin, static_cast<std::int64_t>(out.order.size())});
  }
  return out;
}

}  // namespace rodswarm
