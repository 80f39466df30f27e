/// @file member_costs.hpp
/// What the members of a job cost to integrate, estimated before any runs, and the shares of the work balanced
/// by it: the contiguous parts of `run --shard i/N` (a job array's tasks start together and cannot trade work, so
/// their split must be balanced up front), and the order in which the ranks of an MPI run take batches (largest
/// first, so that the last batches taken are short). Members of one ensemble differ by orders of magnitude in
/// cost (a sweep over the bead count, over dt or t_end): docs/cluster.md has the measured costs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "config/job.hpp"

namespace rodswarm {

/// Member i's cost in item-steps: its steps times its items (the integrated beads, nodes, segments: every extent's
/// count). A
/// member's work per step is linear in its items in every model (bench's cost per bead-step is per model, and a
/// job has one model).
template <class M>
double member_cost(const Job<M>& job, std::int64_t i) {
  double items = 0;
  for (int e = 0; e < extent_count<M>; ++e) items += static_cast<double>(job.members.count(e, i));
  return static_cast<double>(job.steps[static_cast<std::size_t>(i)]) * std::max(1.0, items);
}

/// Bounds of `parts` contiguous ranges of the members whose costs are `cost`, each as close to an equal share of
/// the total as a contiguous split allows and none empty: parts + 1 values from 0 to cost.size(). Throws
/// std::invalid_argument when there are fewer members than parts.
std::vector<std::int64_t> cost_balanced_bounds(const std::vector<double>& cost, std::int64_t parts);

/// Shard `index` of `count` (`run --shard index/count`): its first member and its number of members.
template <class M>
std::pair<std::int64_t, std::int64_t> shard_members(const Job<M>& job, std::int64_t index, std::int64_t count) {
  std::vector<double> cost(static_cast<std::size_t>(job.size()));
  for (std::int64_t i = 0; i < job.size(); ++i) cost[static_cast<std::size_t>(i)] = member_cost(job, i);
  const std::vector<std::int64_t> bounds = cost_balanced_bounds(cost, count);
  const auto k = static_cast<std::size_t>(index);
  return {bounds[k], bounds[k + 1] - bounds[k]};
}

/// The estimated cost of each batch of `batch_size` members of [first, first + members).
template <class M>
std::vector<double> batch_costs(const Job<M>& job, std::int64_t first, std::int64_t members, std::int64_t batch_size) {
  std::vector<double> cost(static_cast<std::size_t>((members + batch_size - 1) / batch_size), 0.0);
  for (std::int64_t i = 0; i < members; ++i)
    cost[static_cast<std::size_t>(i / batch_size)] += member_cost(job, first + i);
  return cost;
}

}  // namespace rodswarm
