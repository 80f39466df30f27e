// The GPU backend's code executed where no GPU is: the emulated backend (src/backends/emulated/) runs the generic
// GPU backend (batches, copies, launch shapes) and the layouts' kernel bodies on host threads, with the launches
// checked against a real card's limits. Compiled once per model of RODSWARM_MODELS (RODSWARM_TEST_MODEL, with the
// model's cases from <model>_emulated_cases.hpp); label emulated. Every run is checked against the CPU backend
// field by field (the one stepper on both: round-off) and, where the case says, against the model's reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

#include "emulated_fixture.hpp"
#include RODSWARM_TEST_CASES  // e.g. "greenspan_emulated_cases.hpp": EmulatedCases<M> of this executable's model

namespace rodswarm {
namespace {

using M = RODSWARM_TEST_MODEL::Model;
using Cases = EmulatedCases<M>;

template <class Real>
Job<M> load(const ExampleCase& c) {
  return load_in_precision<M, Real>(c);
}

template <class Real>
class Emulated : public ::testing::Test {};
#if RODSWARM_WITH_FLOAT32
using Precisions = ::testing::Types<double, float>;
#else  // a build without float32 (CMake RODSWARM_FLOAT32=OFF: the sanitizer presets)
using Precisions = ::testing::Types<double>;
#endif
TYPED_TEST_SUITE(Emulated, Precisions);

// Every layout the model runs in, forced, on the short cases (several save points each): the emulated device
// against the CPU backend, and the first case in float64 also against the reference.
TYPED_TEST(Emulated, EveryLayoutAgreesWithTheCpuBackendAndTheReference) {
  for (const KernelLayout layout : offered_layouts_of<M>()) {
    const std::vector<ExampleCase> cases = Cases::short_runs();
    for (const ExampleCase& c : cases) {
      SCOPED_TRACE(std::string(layout_name(layout)) + " " + c.file + " " + join(c.sets));
      const Job<M> job = load<TypeParam>(c);
      ASSERT_GE(saves_of(job), 3u) << "a case must have save points inside the run";
      const Results r = expect_agrees_with_cpu(job, emulated(layout), layout_name(layout));
      EXPECT_NE(r.backend.find(std::string("layout ") + layout_name(layout)), std::string::npos) << r.backend;
      if (std::is_same_v<TypeParam, double> && &c == &cases.front()) {
        EXPECT_TRUE(compare_and_print(job, emulated(layout)).ok);
      }
    }
  }
}

// Members of several sizes in one ensemble, at each side of the automatic choice's thresholds, on the card whose
// limits put them there: every layout of the model in one run, bucket after bucket.
TYPED_TEST(Emulated, MembersOfSeveralSizesRunInTheirOwnLayoutsInOneEnsemble) {
  for (const SizedCase& c : Cases::template mixed_sizes<TypeParam>()) {
    SCOPED_TRACE(c.example.file + " " + join(c.example.sets) + " on " + c.card);
    const Job<M> job = load<TypeParam>(c.example);
    RunOptions options = emulated(KernelLayout::automatic);
    options.cuda.card = c.card;
    const Results r = expect_agrees_with_cpu(job, options, "mixed sizes");
    for (const std::string& layout : c.layouts) EXPECT_NE(r.backend.find(layout), std::string::npos) << r.backend;
  }
}

// A member that diverges in the middle of a launch is flagged at the step the CPU flags it; the members beside it
// in the same launch (the same warp's block, the grid's list) finish as on the CPU.
TYPED_TEST(Emulated, AMemberThatDivergesMidLaunchIsFlaggedAndTheOthersFinish) {
  for (const KernelLayout layout : offered_layouts_of<M>()) {
    SCOPED_TRACE(layout_name(layout));
    Job<M> three = three_with_a_diverging_middle(load<TypeParam>(Cases::diverging()), Cases::diverging_dt_factor);
    const Results r = expect_agrees_with_cpu(three, emulated(layout), "diverging");
    EXPECT_EQ(r.diverged, (std::vector<std::uint8_t>{0, 1, 0}));
    // Not at its first step, nor at its last: inside a launch, with steps taken before it in the same launch.
    EXPECT_GT(r.steps_taken[1], 1);
    EXPECT_LT(r.steps_taken[1], three.steps[1]);
    std::printf("[emulated] %s: the middle member diverged at step %lld of %lld\n", layout_name(layout),
                static_cast<long long>(r.steps_taken[1]), static_cast<long long>(three.steps[1]));
  }
}

// More members than the launch has threads or blocks (a card of one SM): the kernels' grid-stride loops take the
// rest, each member once. many_members(), not the larger streamed(): just over the one SM's slices is the case (for
// rodpair and rolling 2100 members instead of 12000 and 20000, a sixth of the time, two minutes less under ASan).
TYPED_TEST(Emulated, MoreMembersThanBlocksAreTakenByTheGridStride) {
  if (Cases::slices_on_one_sm == 0) GTEST_SKIP() << M::name << " has no launch with fewer blocks than members";
  const Job<M> job = load<TypeParam>(Cases::many_members());
  RunOptions options = emulated(KernelLayout::automatic);
  options.cuda.card = "h100:1";
  ASSERT_GT(job.size(), Cases::slices_on_one_sm);
  expect_agrees_with_cpu(job, options, "grid stride");
}

// An ensemble larger than the device memory given streams through the slots batch by batch.
TYPED_TEST(Emulated, AStreamedEnsembleAgreesWithTheCpuBackend) {
  const Job<M> job = load<TypeParam>(Cases::streamed());
  RunOptions options = emulated(KernelLayout::automatic);
  options.cuda.card = "h100:1";  // workspace pools sized for one SM leave the budget to the members
  options.cuda.device_memory = streamed_budget<M, TypeParam>(job, options.cuda.card);
  const Results r = expect_agrees_with_cpu(job, options, "streamed");
  EXPECT_NE(r.backend.find("streamed in"), std::string::npos) << r.backend;
}

}  // namespace
}  // namespace rodswarm
