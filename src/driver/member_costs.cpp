#include "driver/member_costs.hpp"

namespace rodswarm {

std::vector<std::int64_t> cost_balanced_bounds(const std::vector<double>& cost, std::int64_t parts) {
  const auto members = static_cast<std::int64_t>(cost.size());
  if (parts < 1 || members < parts) {
    throw std::invalid_argument("cannot split " + std::to_string(members) + " members into " + std::to_string(parts) +
                                " parts of at least one member each");
  }
  std::vector<double> prefix(cost.size() + 1, 0.0);  // prefix[j]: the cost of members 0 .. j-1
  std::partial_sum(cost.begin(), cost.end(), prefix.begin() + 1);
  std::vector<std::int64_t> bounds(static_cast<std::size_t>(parts) + 1, 0);
  bounds.back() = members;
  for (std::int64_t k = 1; k < parts; ++k) {
    // The member where the running cost crosses k shares, rounded to the nearer side; then kept past the previous
    // bound and short of the end by one member per part still to come.
    const double target = prefix.back() * static_cast<double>(k) / static_cast<double>(parts);
    auto j = static_cast<std::int64_t>(std::lower_bound(prefix.begin(), prefix.end(), target) - prefix.begin());
    if (j > 0 && target - prefix[static_cast<std::size_t>(j - 1)] < prefix[static_cast<std::size_t>(j)] - target) --j;
    const std::int64_t low = bounds[static_cast<std::size_t>(k - 1)] + 1, high = members - (parts - k);
    bounds[static_cast<std::size_t>(k)] = std::clamp(j, low, high);
  }
  return bounds;
}

}  // namespace rodswarm
