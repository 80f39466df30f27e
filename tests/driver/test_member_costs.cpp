// The balanced split of run --shard (driver/member_costs.hpp): contiguous parts of about equal estimated cost,
// none empty, covering every member once; a member's cost is its steps times its items.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "config/config_loader.hpp"
#include "driver/member_costs.hpp"

namespace rodswarm {
namespace {

double part_cost(const std::vector<double>& cost, std::int64_t begin, std::int64_t end) {
  return std::accumulate(cost.begin() + begin, cost.begin() + end, 0.0);
}

TEST(MemberCosts, EqualMembersSplitIntoEqualCounts) {
  const std::vector<double> cost(10, 1.0);
  EXPECT_EQ(cost_balanced_bounds(cost, 3), (std::vector<std::int64_t>{0, 3, 7, 10}));
  EXPECT_EQ(cost_balanced_bounds(cost, 1), (std::vector<std::int64_t>{0, 10}));
  EXPECT_EQ(cost_balanced_bounds(cost, 10), (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
}

TEST(MemberCosts, MixedSizesSplitByCostNotByCount) {
  // A sweep over the size: the last members cost 100 times the first. An even count split would give the last
  // part 90 % of the work.
  std::vector<double> cost;
  for (int i = 0; i < 100; ++i) cost.push_back(1.0 + 99.0 * i / 99.0);
  const auto bounds = cost_balanced_bounds(cost, 4);
  const double total = part_cost(cost, 0, 100);
  for (std::size_t k = 0; k + 1 < bounds.size(); ++k) {
    EXPECT_NEAR(part_cost(cost, bounds[k], bounds[k + 1]) / total, 0.25, 0.02) << "part " << k;
  }
  EXPECT_GT(bounds[1] - bounds[0], 2 * (bounds[4] - bounds[3]));  // more of the cheap members in the first part
}

TEST(MemberCosts, NoPartIsEmptyEvenWhenOneMemberDominates) {
  std::vector<double> cost(6, 1.0);
  cost[0] = 1e9;
  const auto bounds = cost_balanced_bounds(cost, 3);
  for (std::size_t k = 0; k + 1 < bounds.size(); ++k) EXPECT_GT(bounds[k + 1], bounds[k]) << "part " << k;
  EXPECT_EQ(bounds.front(), 0);
  EXPECT_EQ(bounds.back(), 6);
  EXPECT_THROW(cost_balanced_bounds(cost, 7), std::invalid_argument);
  EXPECT_THROW(cost_balanced_bounds(cost, 0), std::invalid_argument);
}

TEST(MemberCosts, AMembersCostIsItsStepsTimesItsState) {
  const GreenspanJob job = parse_job<greenspan::Model>(nlohmann::json::parse(R"({
    "model": "greenspan",
    "params": {"n": 9, "dx": 0.1, "m": 0.1, "T0": 9.0, "alpha": 0.6, "g": 32.2, "eps": 0.01},
    "initial": {"kind": "triangle", "peak": [0.5, 0.5]},
    "integrator": {"scheme": "rk4", "dt": 0.002, "t_end": 0.08},
    "ensemble": {"mode": "grid", "vary": {"params.n": [5, 50]}}
  })"),
                                                       "n.json");
  // Greenspan's state is its moving beads (the fixed ends are not integrated): 40 steps of 5 and of 50.
  EXPECT_EQ(member_cost(job, 0), 40.0 * 5.0);
  EXPECT_EQ(member_cost(job, 1), 40.0 * 50.0);
}

}  // namespace
}  // namespace rodswarm
