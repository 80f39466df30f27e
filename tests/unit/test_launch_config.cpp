// The launch configuration as pure functions (rodswarm/gpu/launch_config.hpp), checked against the properties of
// real cards (rodswarm/gpu/card_properties.hpp): occupancy as NVIDIA's own calculator gives it (cuda_occupancy.h,
// where the CUDA toolkit is installed), every launch the backend plans accepted by every card, and the launches a
// card refuses refused with the runtime's reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rodswarm/gpu/card_properties.hpp"
#include "rodswarm/gpu/device_plan.hpp"
#include "rodswarm/gpu/launch_config.hpp"
#include "rodswarm/models/greenspan_model.hpp"

#if __has_include(<cuda_occupancy.h>)
#include <cuda_occupancy.h>
#define RODSWARM_HAVE_OCCUPANCY_CALCULATOR 1
#else
#define RODSWARM_HAVE_OCCUPANCY_CALCULATOR 0
#endif

namespace rodswarm {
namespace {

TEST(CardProperties, TheCardsAndTheirLimits) {
  EXPECT_EQ(card_h100_sxm().shared_per_block_optin, 232448u);  // 227 KB: cudaDevAttrMaxSharedMemoryPerBlockOptin
  EXPECT_EQ(card_h200().sms, 132);
  EXPECT_EQ(card_a100().shared_per_block_optin, 166912u);  // 163 KB
  EXPECT_EQ(card_a100().sms, 108);
  EXPECT_EQ(card_l4().shared_per_block_optin, 101376u);  // 99 KB
  EXPECT_EQ(card_l4().max_threads_per_sm, 1536);
  EXPECT_EQ(card_rtx4090().sms, 128);
  EXPECT_EQ(card_by_key("l4").name, "NVIDIA L4");
  EXPECT_EQ(card_by_key("h100:16").sms, 16);
  EXPECT_THROW(card_by_key("v100"), std::invalid_argument);
  EXPECT_THROW(card_by_key("h100:0"), std::invalid_argument);
  EXPECT_THROW(card_by_key("h100:133"), std::invalid_argument);
  EXPECT_THROW(card_by_key("h100:x"), std::invalid_argument);
}

#if RODSWARM_HAVE_OCCUPANCY_CALCULATOR
/// NVIDIA's occupancy calculator for `card`, shared memory at the largest carveout (as resident_blocks_per_sm).
int nvidia_occupancy(const CardProperties& card, const KernelResources& k, int threads, std::size_t dynamic) {
  cudaOccDeviceProp prop;
  prop.computeMajor = card.major;
  prop.computeMinor = card.minor;
  prop.maxThreadsPerBlock = card.max_threads_per_block;
  prop.maxThreadsPerMultiprocessor = card.max_threads_per_sm;
  prop.regsPerBlock = card.registers_per_block;
  prop.regsPerMultiprocessor = card.registers_per_sm;
  prop.warpSize = 32;
  prop.sharedMemPerBlock = card.shared_per_block;
  prop.sharedMemPerMultiprocessor = card.shared_per_sm;
  prop.numSms = card.sms;
  prop.sharedMemPerBlockOptin = card.shared_per_block_optin;
  prop.reservedSharedMemPerBlock = card.reserved_shared_per_block;
  cudaOccFuncAttributes attributes;
  attributes.maxThreadsPerBlock = k.max_threads;
  attributes.numRegs = k.registers;
  attributes.sharedSizeBytes = k.static_shared;
  attributes.partitionedGCConfig = PARTITIONED_GC_OFF;
  attributes.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
  attributes.maxDynamicSharedSizeBytes = card.shared_per_block_optin;
  attributes.numBlockBarriers = 1;
  cudaOccDeviceState state;
  state.carveoutConfig = SHAREDMEM_CARVEOUT_MAX_SHARED;
  cudaOccResult result;
  if (cudaOccMaxActiveBlocksPerMultiprocessor(&result, &prop, &attributes, &state, threads, dynamic) !=
      CUDA_OCC_SUCCESS) {
    return -1;
  }
  return result.activeBlocksPerMultiprocessor;
}

TEST(LaunchConfig, OccupancyIsNvidiasOnEveryCard) {
  int checked = 0;
  for (const CardProperties& card : known_cards()) {
    for (int threads : {32, 64, 96, 128, 256, 512, 1024}) {
      for (int registers : {16, 32, 40, 64, 100, 128, 168, 255}) {
        for (std::size_t dynamic : {std::size_t{0}, std::size_t{1000}, std::size_t{48} << 10, std::size_t{99} << 10,
                                    std::size_t{160} << 10, std::size_t{227} << 10}) {
          const KernelResources k{registers, 0, 1024};
          if (dynamic > card.shared_per_block_optin) continue;
          SCOPED_TRACE(card.name + ": " + std::to_string(threads) + " threads, " + std::to_string(registers) +
                       " registers, " + std::to_string(dynamic) + " bytes");
          EXPECT_EQ(resident_blocks_per_sm(card, k, threads, dynamic), nvidia_occupancy(card, k, threads, dynamic));
          ++checked;
        }
      }
    }
  }
  std::printf("occupancy checked against cuda_occupancy.h at %d launch shapes of %zu cards\n", checked,
              known_cards().size());
}
#endif

TEST(LaunchConfig, TheCardsRefuseWhatTheRuntimeRefuses) {
  const CardProperties l4 = card_l4();
  const KernelResources k{64, 0, 1024};
  EXPECT_EQ(launch_refusal({10, 256, 0, false}, k, l4), "");
  EXPECT_NE(launch_refusal({10, 256, 101376 + 8, false}, k, l4).find("cudaErrorInvalidValue"), std::string::npos);
  EXPECT_NE(launch_refusal({10, 256, 60000, false}, k, l4, /*opted_in=*/false).find("without the opt-in"),
            std::string::npos);
  EXPECT_NE(launch_refusal({10, 1025, 0, false}, k, l4).find("cudaErrorInvalidConfiguration"), std::string::npos);
  EXPECT_NE(launch_refusal({10, 256, 0, false}, KernelResources{64, 0, 128}, l4).find("at most 128"),
            std::string::npos);
  EXPECT_NE(launch_refusal({10, 512, 0, false}, KernelResources{255, 0, 1024}, l4).find("OutOfResources"),
            std::string::npos);
  EXPECT_NE(launch_refusal({0, 32, 0, false}, k, l4).find("a grid of 0 blocks"), std::string::npos);
  // A cooperative grid must be resident at once: 58 SMs x 6 blocks of 256 threads at 32 registers.
  const KernelResources grid{32, 0, 256};
  EXPECT_EQ(resident_blocks_per_sm(l4, grid, 256, 0), 6);
  EXPECT_EQ(launch_refusal({58 * 6, 256, 0, true}, grid, l4), "");
  EXPECT_NE(launch_refusal({58 * 6 + 1, 256, 0, true}, grid, l4).find("CooperativeLaunchTooLarge"), std::string::npos);
}

/// A Greenspan ensemble of members with n[i] moving beads (at rest), in RK4.
Ensemble<greenspan::Model, double> greenspan_members(const std::vector<int>& n) {
  Ensemble<greenspan::Model, double> e;
  for (int ni : n) {
    greenspan::Params<double> p{};
    p.n = ni;
    p.scheme = greenspan::Scheme::rk4;
    const std::vector<double> zeros(static_cast<std::size_t>(ni), 0.0);
    e.add(p, 0.001, {ni}, {zeros.data(), zeros.data()});
  }
  e.finish();
  return e;
}

// Every launch the backend plans for members from 1 bead to well past the block layout's limit, in every layout
// and both precisions, is one every card accepts: each card's own shape (SMs, opt-in shared memory) plans the
// buckets, and the kernels are assumed to use as many registers as their launch bounds allow.
TEST(LaunchConfig, EveryPlannedLaunchIsAcceptedByEveryCard) {
  std::vector<int> sizes;
  for (int n = 1; n <= 9000; n = n < 40 ? n + 1 : n * 5 / 4) sizes.push_back(n);
  for (int n : {16, 17, 128, 129, 1810, 1811, 2978, 2979, 4150, 4151, 7240, 7241}) sizes.push_back(n);
  const auto e = greenspan_members(sizes);
  int launches = 0;
  for (const CardProperties& card : known_cards()) {
    const DeviceShape shape = shape_of(card);
    for (auto forced :
         {KernelLayout::automatic, KernelLayout::thread, KernelLayout::warp, KernelLayout::block, KernelLayout::grid}) {
      for (const bool single : {false, true}) {
        const DevicePlan plan = single
                                    ? plan_device<greenspan::Model, float>(e, forced, std::size_t{1} << 40, 3, shape)
                                    : plan_device<greenspan::Model, double>(e, forced, std::size_t{1} << 40, 3, shape);
        const int per_sm = resident_blocks_per_sm(card, KernelResources{255, 0, grid_block_size}, grid_block_size, 0);
        for (const MemberBuckets& buckets : plan.buckets) {
          for (const BucketRange& b : buckets.ranges) {
            const Placement placement = placement_in(greenspan::Model::layouts, b.layout());
            const LaunchShape s = bucket_launch(b, placement, PoolSlices{}, shape.shared_limit, per_sm, card.sms);
            EXPECT_EQ(launch_refusal(s, KernelResources{255, 0, launch_bound(b.layout(), card)}, card), "")
                << layout_name(b.layout()) << " bucket of members up to " << b.max_n << " items";
            ++launches;
          }
        }
      }
    }
  }
  std::printf("%d planned launches accepted by %zu cards\n", launches, known_cards().size());
}

// The shapes of the layouts: what the kernels' loops assume of them.
TEST(LaunchConfig, LayoutShapes) {
  EXPECT_EQ(register_launch(1000), (LaunchShape{8, thread_block_size, 0, false}));
  EXPECT_EQ(thread_pool_launch(100000, 2048), (LaunchShape{16, thread_block_size, 0, false}));
  // Warps a block: as many members as the shared memory holds, 4 at most, 1 at least.
  EXPECT_EQ(warp_launch(10, 1000, 101376), (LaunchShape{3, 128, 4000, false}));
  EXPECT_EQ(warp_launch(10, 40000, 101376), (LaunchShape{5, 64, 80000, false}));
  EXPECT_EQ(warp_launch(10, 90000, 101376), (LaunchShape{10, 32, 90000, false}));
  EXPECT_EQ(block_shared_launch(7, 129, 9000), (LaunchShape{7, 160, 9000, false}));
  EXPECT_EQ(block_pool_launch(5000, 300, 1056), (LaunchShape{1056, 256, 0, false}));
  EXPECT_EQ(grid_launch(4151, 2, 132), (LaunchShape{17, grid_block_size, 0, true}));
  EXPECT_EQ(grid_launch(1000000, 1, 58), (LaunchShape{58, grid_block_size, 0, true}));
  EXPECT_EQ(steady_launch(2048), (LaunchShape{16, thread_block_size, 0, false}));
}

}  // namespace
}  // namespace rodswarm
