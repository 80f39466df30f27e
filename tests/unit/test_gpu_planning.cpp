// Host-side planning of the CUDA backend, checked without a GPU: which kernel layout a member gets (and which a
// model refuses), how members are bucketed, which workspace pools a model's layouts need, how an ensemble is cut
// into batches when it does not fit the device memory budget.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "rodswarm/gpu/batch_plan.hpp"
#include "rodswarm/gpu/device_plan.hpp"
#include "rodswarm/gpu/kernel_layout.hpp"
#include "rodswarm/gpu/member_buckets.hpp"
#include "rodswarm/models/greenspan_cost.hpp"
#include "rodswarm/models/registry.hpp"

namespace rodswarm {
namespace {

constexpr std::size_t h100_shared = 227 * 1024;  // cudaDevAttrMaxSharedMemoryPerBlockOptin on sm_90
const LayoutLimits h100{h100_shared, greenspan::Model::register_tier_max};

/// A Greenspan member's state and workspace in shared memory: y, v and 5n + 1 values of workspace.
std::size_t shared_double(int n) { return static_cast<std::size_t>(7 * n + 1) * sizeof(double); }

KernelLayout greenspan_layout(int n, KernelLayout forced = KernelLayout::automatic) {
  return choose_layout(greenspan::Model::layouts, n, shared_double(n), h100, forced, "greenspan");
}

/// A Greenspan ensemble of members with n[i] moving beads (at rest), in the given scheme.
Ensemble<greenspan::Model, double> greenspan_members(const std::vector<int>& n,
                                                     greenspan::Scheme scheme = greenspan::Scheme::rk4) {
  Ensemble<greenspan::Model, double> e;
  for (int ni : n) {
    greenspan::Params<double> p{};
    p.n = ni;
    p.scheme = scheme;
    const std::vector<double> zeros(static_cast<std::size_t>(ni), 0.0);
    e.add(p, 0.001, {ni}, {zeros.data(), zeros.data()});
  }
  e.finish();
  return e;
}

TEST(KernelLayout, AutomaticChoiceFollowsMemberSize) {
  EXPECT_EQ(greenspan_layout(1), KernelLayout::thread);
  EXPECT_EQ(greenspan_layout(9), KernelLayout::thread);
  EXPECT_EQ(greenspan_layout(16), KernelLayout::thread);
  EXPECT_EQ(greenspan_layout(17), KernelLayout::warp);
  EXPECT_EQ(greenspan_layout(128), KernelLayout::warp);
  EXPECT_EQ(greenspan_layout(129), KernelLayout::block);
  EXPECT_EQ(greenspan_layout(1000), KernelLayout::block);
  // 7n + 1 doubles on chip: 4150 beads is the last that fits 227 kB.
  EXPECT_EQ(greenspan_layout(4150), KernelLayout::block);
  EXPECT_EQ(greenspan_layout(4151), KernelLayout::grid);
}

TEST(KernelLayout, ForcedLayoutFallsBackOnlyWhenItCannotHoldTheMember) {
  EXPECT_EQ(greenspan_layout(9, KernelLayout::block), KernelLayout::block);
  EXPECT_EQ(greenspan_layout(9, KernelLayout::grid), KernelLayout::grid);
  EXPECT_EQ(greenspan_layout(500, KernelLayout::warp), KernelLayout::warp);
  EXPECT_EQ(greenspan_layout(40, KernelLayout::thread), KernelLayout::warp);
  EXPECT_EQ(greenspan_layout(9000, KernelLayout::thread), KernelLayout::grid);
  EXPECT_EQ(greenspan_layout(9000, KernelLayout::block), KernelLayout::grid);
}

TEST(KernelLayout, NamesRoundTripAndUnknownNamesAreRejected) {
  for (auto l :
       {KernelLayout::automatic, KernelLayout::thread, KernelLayout::warp, KernelLayout::block, KernelLayout::grid}) {
    EXPECT_EQ(parse_layout(layout_name(l)), l);
  }
  EXPECT_THROW(parse_layout("cluster"), std::invalid_argument);
}

// Every model runs in the layouts it declares, whatever the member's size; a forced layout it does not declare is
// refused with a message naming the model and what it offers.
TEST(KernelLayout, EveryModelRunsOnlyInTheLayoutsItOffers) {
  for_each_type(Models{}, [](auto model) {
    using M = decltype(model);
    SCOPED_TRACE(M::name);
    for (int n : {1, 9, 100, 10000}) {
      const KernelLayout chosen =
          choose_layout(M::layouts, n, shared_double(n), h100, KernelLayout::automatic, M::name);
      EXPECT_NE(placement_in(M::layouts, chosen), Placement::none) << n;
    }
    for (auto forced : {KernelLayout::thread, KernelLayout::warp, KernelLayout::block, KernelLayout::grid}) {
      if (placement_in(M::layouts, forced) != Placement::none) continue;
      try {
        check_layout_offered(M::layouts, forced, M::name);
        ADD_FAILURE() << "--layout " << layout_name(forced) << " was accepted";
      } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find(std::string("model ") + M::name), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(offered_layouts(M::layouts)), std::string::npos) << e.what();
      }
    }
  });
  EXPECT_EQ(offered_layouts(greenspan::Model::layouts), "thread, warp, block or grid");
  EXPECT_EQ(offered_layouts(rolling::Model::layouts), "thread");
  EXPECT_EQ(offered_layouts(cosserat::Model::layouts), "block");
}

TEST(MemberBuckets, GroupsMembersByLayoutTierAndVariant) {
  const std::vector<int> n = {9, 3, 200, 12, 9, 40, 5000, 16, 1};
  const auto e = greenspan_members(n);
  const DevicePlan plan = plan_device<greenspan::Model, double>(e, KernelLayout::automatic, SIZE_MAX, 3, {});
  ASSERT_EQ(plan.buckets.size(), 1u);
  const MemberBuckets& buckets = plan.buckets[0];
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
    EXPECT_EQ(buckets.ranges[b].layout(), expected[b].first) << "bucket " << b;
    EXPECT_EQ(buckets.ranges[b].max_n, expected[b].second) << "bucket " << b;
    EXPECT_EQ(buckets.ranges[b].count(), sizes[b]) << "bucket " << b;
    for (auto k = buckets.ranges[b].begin; k < buckets.ranges[b].end; ++k) {
      const int nk = n[static_cast<std::size_t>(buckets.order[static_cast<std::size_t>(k)])];
      EXPECT_LE(nk, buckets.ranges[b].max_n);
    }
  }
  // The block layout's threads come from its largest member's 201 segment forces.
  EXPECT_EQ(block_threads(buckets.ranges[4].max_width), 224);
  EXPECT_EQ(plan.layout_names(), "block+grid+thread+warp");
}

TEST(MemberBuckets, RegisterKernelsAreOnePerScheme) {
  auto paper = greenspan_members({9}, greenspan::Scheme::paper), rk4 = greenspan_members({9});
  const DeviceShape h100_shape;
  const auto a = member_kernel<greenspan::Model, double>(paper, 0, KernelLayout::automatic, h100_shape);
  const auto b = member_kernel<greenspan::Model, double>(rk4, 0, KernelLayout::automatic, h100_shape);
  EXPECT_EQ(a.key.layout, KernelLayout::thread);
  EXPECT_EQ(a.key.tier, 12);
  EXPECT_NE(a.key.variant, b.key.variant);
}

TEST(MemberBuckets, IndicesAreRelativeToTheBatch) {
  const auto buckets = bucket_members(4, 7, [](std::int64_t) {
    MemberKernel k;
    k.key.layout = KernelLayout::block;
    k.n = 9;
    return k;
  });
  EXPECT_EQ(buckets.order, (std::vector<std::int64_t>{0, 1, 2}));
}

/// A Greenspan member's bytes on the device besides its state, in float64: its params, then dt, steps, target and
/// order (8 each), its status (1) and its bead offset (8). From sizeof, so that a new parameter changes no test.
constexpr std::size_t greenspan_member_bytes = sizeof(greenspan::Params<double>) + 41;

/// Prefix sums of per-member bytes: 16 per bead plus greenspan_member_bytes per member.
std::vector<std::size_t> greenspan_prefix(const std::vector<int>& n) {
  std::vector<std::size_t> prefix(n.size() + 1, 0);
  for (std::size_t i = 0; i < n.size(); ++i) {
    prefix[i + 1] = prefix[i] + 16 * static_cast<std::size_t>(n[i]) + greenspan_member_bytes;
  }
  return prefix;
}

TEST(BatchPlan, EnsembleThatFitsIsResident) {
  const auto e = greenspan_members(std::vector<int>(1000, 9));
  const auto plan = plan_device<greenspan::Model, double>(e, KernelLayout::automatic, 1 << 30, 3, {}).batches;
  EXPECT_FALSE(plan.streamed);
  EXPECT_EQ(plan.batches(), 1u);
  // y and v, then params, dt, steps, target, order, status and the bead offset of each member.
  EXPECT_EQ(plan.total_bytes, 1000u * (9 * 16 + greenspan_member_bytes));
  EXPECT_EQ(plan.device_bytes(), plan.total_bytes);
}

TEST(BatchPlan, LargeEnsembleIsCutIntoBatchesThatEachFitOneSlot) {
  std::vector<int> n(10000);
  for (std::size_t i = 0; i < n.size(); ++i) n[i] = 1 + static_cast<int>(i % 50);
  const auto prefix = greenspan_prefix(n);
  const std::size_t fixed = 1000, budget = 300000;
  const auto plan = plan_batches(prefix, fixed, budget, 3);
  ASSERT_TRUE(plan.streamed);
  EXPECT_EQ(plan.slots, 3);
  EXPECT_EQ(plan.starts.front(), 0);
  EXPECT_EQ(plan.starts.back(), 10000);
  EXPECT_LE(plan.device_bytes(), budget);
  for (std::size_t b = 0; b < plan.batches(); ++b) {
    const auto first = static_cast<std::size_t>(plan.starts[b]), last = static_cast<std::size_t>(plan.starts[b + 1]);
    ASSERT_LT(first, last);
    const std::size_t bytes = fixed + prefix[last] - prefix[first];
    EXPECT_LE(bytes, budget / 3) << "batch " << b;
    // Greedy: one more member would not have fitted.
    if (last < 10000) {
      EXPECT_GT(bytes + prefix[last + 1] - prefix[last], budget / 3) << "batch " << b;
    }
  }
}

TEST(BatchPlan, MemberLargerThanASlotIsAnError) {
  EXPECT_THROW(plan_batches(greenspan_prefix({10, 100000, 10}), 0, 1 << 20, 3), std::runtime_error);
}

TEST(DevicePlan, GridMembersAddTheirWorkspaceOnce) {
  const auto e = greenspan_members({9, 20000, 300});
  const auto plan = plan_device<greenspan::Model, double>(e, KernelLayout::automatic, SIZE_MAX, 3, {});
  EXPECT_EQ(plan.grid_workspace, greenspan::workspace_size(20000));
  EXPECT_EQ(plan.fixed_bytes, static_cast<std::size_t>(greenspan::workspace_size(20000)) * sizeof(double) + 64);
  const auto small = greenspan_members({9, 2000, 300});
  const auto none = plan_device<greenspan::Model, double>(small, KernelLayout::automatic, SIZE_MAX, 3, {});
  EXPECT_EQ(none.fixed_bytes, 0u);
  // float32 halves the bytes per bead.
  const auto one = greenspan_members({100});
  const auto f64 = plan_device<greenspan::Model, double>(one, KernelLayout::automatic, SIZE_MAX, 3, {});
  const auto f32 = plan_device<greenspan::Model, float>(one, KernelLayout::automatic, SIZE_MAX, 3, {});
  const std::size_t f64_member = device_bytes_per_member<greenspan::Model, double>();
  const std::size_t f32_member = device_bytes_per_member<greenspan::Model, float>();
  EXPECT_EQ(f64.batches.total_bytes - f64_member, 2 * (f32.batches.total_bytes - f32_member));
}

// A model that keeps its member in global memory gets a workspace pool sized by the grid: for a thread per member
// at most 16 blocks of 128 threads per SM, for a block per member at most 8 blocks per SM.
TEST(DevicePlan, GlobalMemoryLayoutsGetPoolsSizedByTheGridNotTheEnsemble) {
  Ensemble<rolling::Model, double> e;
  rolling::Params<double> p{};
  p.modes = 32;
  const std::vector<double> y(static_cast<std::size_t>(rolling::state_size(32)), 0.0);
  for (int i = 0; i < 100000; ++i) e.add(p, 0.01, {rolling::state_size(32), 0}, {y.data(), nullptr, nullptr});
  e.finish();
  DeviceShape shape;
  shape.sms = 4;  // a small card: 16 x 4 blocks of 128 threads hold 8192 members at a time
  const auto plan = plan_device<rolling::Model, double>(e, KernelLayout::automatic, SIZE_MAX, 3, shape);
  EXPECT_EQ(plan.layout_names(), "thread");
  EXPECT_EQ(plan.thread_stride, rolling::workspace_size(32));
  EXPECT_EQ(plan.thread_pool, 16 * 4 * 128 * plan.thread_stride);
  EXPECT_EQ(plan.block_pool, 0);
  EXPECT_TRUE(e.field[rolling::Model::twin].empty());  // no member computes a Lyapunov exponent
}

TEST(GreenspanCost, OnChipTrafficFallsWithStepsPerLaunch) {
  using greenspan::Scheme;
  const double one = greenspan::global_bytes_per_bead_step(Scheme::rk4, KernelLayout::thread, 8, 9, 1);
  const double thousand = greenspan::global_bytes_per_bead_step(Scheme::rk4, KernelLayout::thread, 8, 9, 1000);
  EXPECT_NEAR(one / thousand, 1000.0, 1e-9);
  EXPECT_GT(one, 32.0);  // at least y and v read and written
  EXPECT_DOUBLE_EQ(greenspan::global_bytes_per_bead_step(Scheme::paper, KernelLayout::grid, 8, 9, 1000), 56.0);
}

}  // namespace
}  // namespace rodswarm
