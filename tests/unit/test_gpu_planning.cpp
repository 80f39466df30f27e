// Host-side planning of the CUDA backend, checked without a GPU: which kernel layout a member gets, how members
// are bucketed, how an ensemble is cut into batches when it does not fit the device memory budget.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "rodswarm/gpu/batch_plan.hpp"
#include "rodswarm/gpu/greenspan_footprint.hpp"
#include "rodswarm/gpu/kernel_layout.hpp"
#include "rodswarm/gpu/member_buckets.hpp"

namespace rodswarm {
namespace {

constexpr std::size_t h100_shared = 227 * 1024;  // cudaDevAttrMaxSharedMemoryPerBlockOptin on sm_90

std::size_t shared_double(int n) { return greenspan::shared_bytes_per_member<double>(n); }

TEST(KernelLayout, AutomaticChoiceFollowsMemberSize) {
  EXPECT_EQ(choose_layout(1, shared_double(1), h100_shared), KernelLayout::thread);
  EXPECT_EQ(choose_layout(9, shared_double(9), h100_shared), KernelLayout::thread);
  EXPECT_EQ(choose_layout(16, shared_double(16), h100_shared), KernelLayout::thread);
  EXPECT_EQ(choose_layout(17, shared_double(17), h100_shared), KernelLayout::warp);
  EXPECT_EQ(choose_layout(128, shared_double(128), h100_shared), KernelLayout::warp);
  EXPECT_EQ(choose_layout(129, shared_double(129), h100_shared), KernelLayout::block);
  EXPECT_EQ(choose_layout(1000, shared_double(1000), h100_shared), KernelLayout::block);
  // 7n + 1 doubles on chip: 4150 beads is the last that fits 227 kB.
  EXPECT_EQ(choose_layout(4150, shared_double(4150), h100_shared), KernelLayout::block);
  EXPECT_EQ(choose_layout(4151, shared_double(4151), h100_shared), KernelLayout::grid);
}

TEST(KernelLayout, ForcedLayoutFallsBackOnlyWhenItCannotHoldTheMember) {
  EXPECT_EQ(choose_layout(9, shared_double(9), h100_shared, KernelLayout::block), KernelLayout::block);
  EXPECT_EQ(choose_layout(9, shared_double(9), h100_shared, KernelLayout::grid), KernelLayout::grid);
  EXPECT_EQ(choose_layout(500, shared_double(500), h100_shared, KernelLayout::warp), KernelLayout::warp);
  EXPECT_EQ(choose_layout(40, shared_double(40), h100_shared, KernelLayout::thread), KernelLayout::warp);
  EXPECT_EQ(choose_layout(9000, shared_double(9000), h100_shared, KernelLayout::thread), KernelLayout::grid);
  EXPECT_EQ(choose_layout(9000, shared_double(9000), h100_shared, KernelLayout::block), KernelLayout::grid);
}

TEST(KernelLayout, NamesRoundTripAndUnknownNamesAreRejected) {
  for (auto l :
       {KernelLayout::automatic, KernelLayout::thread, KernelLayout::warp, KernelLayout::block, KernelLayout::grid}) {
    EXPECT_EQ(parse_layout(layout_name(l)), l);
  }
  EXPECT_THROW(parse_layout("cluster"), std::invalid_argument);
}

TEST(MemberBuckets, GroupsMembersByLayoutAndThreadTier) {
  const std::vector<int> n = {9, 3, 200, 12, 9, 40, 5000, 16, 1};
  auto buckets = bucket_members(
      0, static_cast<std::int64_t>(n.size()), [&](std::int64_t i) { return n[static_cast<std::size_t>(i)]; },
      shared_double, h100_shared, KernelLayout::automatic);
  ASSERT_EQ(buckets.order.size(), n.size());
  std::vector<std::int64_t> sorted = buckets.order;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t k = 0; k < sorted.size(); ++k) EXPECT_EQ(sorted[k], static_cast<std::int64_t>(k));
  // Tiers 4 {3, 1}, 12 {9, 12, 9}, 16 {16}; warp {40}; block {200}; grid {5000}.
  ASSERT_EQ(buckets.ranges.size(), 6u);
  const std::vector<std::pair<KernelLayout, int>> expected = {{KernelLayout::thread, 4},  {KernelLayout::thread, 12},
                                                              {KernelLayout::thread, 16}, {KernelLayout::warp, 40},
                                                              {KernelLayout::block, 200}, {KernelLayout::grid, 5000}};
  const std::vector<std::int64_t> sizes = {2, 3, 1, 1, 1, 1};
  for (std::size_t b = 0; b < expected.size(); ++b) {
    EXPECT_EQ(buckets.ranges[b].layout, expected[b].first) << "bucket " << b;
    EXPECT_EQ(buckets.ranges[b].max_n, expected[b].second) << "bucket " << b;
    EXPECT_EQ(buckets.ranges[b].end - buckets.ranges[b].begin, sizes[b]) << "bucket " << b;
    for (auto k = buckets.ranges[b].begin; k < buckets.ranges[b].end; ++k) {
      const int nk = n[static_cast<std::size_t>(buckets.order[static_cast<std::size_t>(k)])];
      EXPECT_LE(nk, buckets.ranges[b].max_n);
    }
  }
}

TEST(MemberBuckets, IndicesAreRelativeToTheBatch) {
  const std::vector<int> n(10, 9);
  auto buckets = bucket_members(
      4, 7, [&](std::int64_t i) { return n[static_cast<std::size_t>(i)]; }, shared_double, h100_shared,
      KernelLayout::automatic);
  EXPECT_EQ(buckets.order, (std::vector<std::int64_t>{0, 1, 2}));
}

std::vector<std::int64_t> offsets_of(const std::vector<int>& n) {
  std::vector<std::int64_t> offset(n.size() + 1, 0);
  for (std::size_t i = 0; i < n.size(); ++i) offset[i + 1] = offset[i] + n[i];
  return offset;
}

TEST(BatchPlan, EnsembleThatFitsIsResident) {
  const auto offset = offsets_of(std::vector<int>(1000, 9));
  const DeviceFootprint fp{16, 129, 0};
  const auto plan = plan_batches(offset.data(), 1000, fp, 1 << 30);
  EXPECT_FALSE(plan.streamed);
  EXPECT_EQ(plan.batches(), 1u);
  EXPECT_EQ(plan.total_bytes, 1000u * (9 * 16 + 129));
  EXPECT_EQ(plan.device_bytes(), plan.total_bytes);
}

TEST(BatchPlan, LargeEnsembleIsCutIntoBatchesThatEachFitOneSlot) {
  std::vector<int> n(10000);
  for (std::size_t i = 0; i < n.size(); ++i) n[i] = 1 + static_cast<int>(i % 50);
  const auto offset = offsets_of(n);
  const DeviceFootprint fp{16, 129, 1000};
  const std::size_t budget = 300000;
  const auto plan = plan_batches(offset.data(), 10000, fp, budget, 3);
  ASSERT_TRUE(plan.streamed);
  EXPECT_EQ(plan.slots, 3);
  EXPECT_EQ(plan.starts.front(), 0);
  EXPECT_EQ(plan.starts.back(), 10000);
  EXPECT_LE(plan.device_bytes(), budget);
  for (std::size_t b = 0; b < plan.batches(); ++b) {
    const auto first = plan.starts[b], last = plan.starts[b + 1];
    ASSERT_LT(first, last);
    const std::size_t bytes =
        fp.fixed +
        static_cast<std::size_t>(offset[static_cast<std::size_t>(last)] - offset[static_cast<std::size_t>(first)]) *
            fp.per_bead +
        static_cast<std::size_t>(last - first) * fp.per_member;
    EXPECT_LE(bytes, budget / 3) << "batch " << b;
    // Greedy: one more member would not have fitted.
    if (last < 10000) {
      const std::size_t more =
          bytes + static_cast<std::size_t>(n[static_cast<std::size_t>(last)]) * fp.per_bead + fp.per_member;
      EXPECT_GT(more, budget / 3) << "batch " << b;
    }
  }
}

TEST(BatchPlan, MemberLargerThanASlotIsAnError) {
  const auto offset = offsets_of({10, 100000, 10});
  EXPECT_THROW(plan_batches(offset.data(), 3, DeviceFootprint{16, 129, 0}, 1 << 20, 3), std::runtime_error);
}

TEST(GreenspanFootprint, GridMembersAddTheirWorkspaceOnce) {
  std::vector<greenspan::Params<double>> params(3);
  params[0].n = 9;
  params[1].n = 20000;
  params[2].n = 300;
  EXPECT_EQ(greenspan::grid_layout_max_n(params.data(), 3, sizeof(double), h100_shared, KernelLayout::automatic),
            20000);
  EXPECT_EQ(greenspan::grid_layout_max_n(params.data(), 3, sizeof(double), h100_shared, KernelLayout::grid), 20000);
  params[1].n = 2000;
  EXPECT_EQ(greenspan::grid_layout_max_n(params.data(), 3, sizeof(double), h100_shared, KernelLayout::automatic), 0);
  // float32 halves the bytes per bead.
  EXPECT_EQ(greenspan::device_footprint<float>(0).per_bead * 2, greenspan::device_footprint<double>(0).per_bead);
}

TEST(GreenspanFootprint, OnChipTrafficFallsWithStepsPerLaunch) {
  using greenspan::Scheme;
  const double one = greenspan::global_bytes_per_bead_step(Scheme::rk4, KernelLayout::thread, 8, 9, 1);
  const double thousand = greenspan::global_bytes_per_bead_step(Scheme::rk4, KernelLayout::thread, 8, 9, 1000);
  EXPECT_NEAR(one / thousand, 1000.0, 1e-9);
  EXPECT_GT(one, 32.0);  // at least y and v read and written
  EXPECT_DOUBLE_EQ(greenspan::global_bytes_per_bead_step(Scheme::paper, KernelLayout::grid, 8, 9, 1000), 56.0);
}

}  // namespace
}  // namespace rodswarm
