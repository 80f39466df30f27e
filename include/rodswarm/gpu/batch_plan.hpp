/// @file batch_plan.hpp
/// How an ensemble is cut into batches when it does not fit in device memory. Plain C++: the CUDA backend
/// follows the plan, `rodswarm validate` prints it, and unit tests check it on hosts without a GPU.
///
/// An ensemble that fits in the budget is resident: it is uploaded once and stays on the device between save
/// points. One that does not is streamed: the device holds `slots` batch buffers, and batch b is copied in,
/// advanced and copied out on stream b % slots, so that one batch's copies overlap another's kernels.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace rodswarm {

struct BatchPlan {
  bool streamed = false;
  int slots = 1;                     ///< device buffers in flight (1 when resident)
  std::vector<std::int64_t> starts;  ///< first member of each batch, then the member count (batches + 1 values)
  std::size_t total_bytes = 0;       ///< device bytes of the whole ensemble
  std::size_t slot_bytes = 0;        ///< device bytes of the largest batch
  std::size_t budget = 0;

  std::size_t batches() const { return starts.empty() ? 0 : starts.size() - 1; }
  std::size_t device_bytes() const { return streamed ? static_cast<std::size_t>(slots) * slot_bytes : total_bytes; }
};

/// Plans batches of members whose device bytes are given by `prefix` (members + 1 prefix sums of each member's
/// bytes); `fixed` bytes come with every slot whatever its batch (workspace pools, the grid layout's workspace).
/// `budget` is the device memory the ensemble may use; `slots` the number of batch buffers when streaming (2 or 3
/// overlap copy and compute). Throws std::runtime_error when a single member does not fit in budget / slots.
inline BatchPlan plan_batches(const std::vector<std::size_t>& prefix, std::size_t fixed, std::size_t budget,
                              int slots = 3) {
  BatchPlan plan;
  plan.budget = budget;
  const auto members = static_cast<std::int64_t>(prefix.size()) - 1;
  auto bytes_of = [&](std::int64_t first, std::int64_t last) {
    return fixed + prefix[static_cast<std::size_t>(last)] - prefix[static_cast<std::size_t>(first)];
  };
  plan.total_bytes = bytes_of(0, members);
  if (plan.total_bytes <= budget || members == 0) {
    plan.starts = {0, members};
    plan.slot_bytes = plan.total_bytes;
    return plan;
  }
  plan.streamed = true;
  plan.slots = std::max(slots, 1);
  const std::size_t per_slot = budget / static_cast<std::size_t>(plan.slots);
  std::int64_t first = 0;
  plan.starts.push_back(0);
  while (first < members) {
    if (bytes_of(first, first + 1) > per_slot) {
      throw std::runtime_error("member " + std::to_string(first) + " needs " +
                               std::to_string(bytes_of(first, first + 1)) + " bytes of device memory (" +
                               std::to_string(fixed) + " of them the workspace every slot holds), more than the " +
                               std::to_string(per_slot) + " of one streaming slot (budget " + std::to_string(budget) +
                               " / " + std::to_string(plan.slots) + " slots)");
    }
    // Largest batch that fits one slot: binary search over the prefix sums.
    std::int64_t lo = first + 1, hi = members;
    while (lo < hi) {
      const std::int64_t mid = lo + (hi - lo + 1) / 2;
      if (bytes_of(first, mid) <= per_slot) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    plan.slot_bytes = std::max(plan.slot_bytes, bytes_of(first, lo));
    plan.starts.push_back(lo);
    first = lo;
  }
  return plan;
}

}  // namespace rodswarm
