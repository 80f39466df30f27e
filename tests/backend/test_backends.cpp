// The backend suite every model gets, typed over the run's precision: compiled once per model of RODSWARM_MODELS
// (RODSWARM_TEST_MODEL, with the model's cases from <model>_backend_cases.hpp) and once per backend
// (RODSWARM_TEST_CUDA; the GPU executable skips, visibly, without a device). Every check is against the model's
// independent reference through its compare, against the driver's per-member flags, or, on a GPU, against the
// CPU backend directly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "backend_fixture.hpp"
#include RODSWARM_TEST_CASES  // e.g. "greenspan_backend_cases.hpp": BackendCases<M> of this executable's model

namespace rodswarm {
namespace {

using M = RODSWARM_TEST_MODEL::Model;
using Cases = BackendCases<M>;

/// The case's example with its overrides, the run's precision, and the model's cut to a test's length.
template <class Real>
Job<M> load(const ExampleCase& c) {
  std::vector<std::string> sets = c.sets;
  sets.emplace_back(std::is_same_v<Real, float> ? "precision=\"float32\"" : "precision=\"float64\"");
  Job<M> job = load_example<M>(c.file, sets);
  Cases::shorten(job);
  return job;
}

template <class Real>
class Backends : public BackendTest {};
using Precisions = ::testing::Types<double, float>;
TYPED_TEST_SUITE(Backends, Precisions);

// Every example the model offers (float64), or those its float32 error allows (float32), on the backend and on the
// reference.
TYPED_TEST(Backends, ExamplesAgreeWithTheReference) {
  const auto cases = std::is_same_v<TypeParam, float> ? Cases::float32_examples() : Cases::examples();
  ASSERT_FALSE(cases.empty());
  for (const ExampleCase& c : cases) {
    SCOPED_TRACE(c.file + (c.sets.empty() ? "" : " " + c.sets.front()));
    EXPECT_TRUE(compare_and_print(load<TypeParam>(c), this->options_).ok);
  }
}

// Every member of an ensemble is its own problem: a slice of one agrees member by member (float64).
class EnsembleBackend : public BackendTest {};
TEST_F(EnsembleBackend, MembersAgreeWithTheReference) {
  const Job<M> job = load<double>(Cases::ensemble());
  const std::int64_t members = std::min<std::int64_t>(Cases::ensemble_members, job.size());
  ASSERT_GE(members, 2);
  EXPECT_TRUE(compare_and_print(job, options_, members).ok);
}

// A member whose dt is far outside its scheme's bound blows up and is flagged; its neighbours finish.
TYPED_TEST(Backends, ADivergingMemberIsFlaggedAndTheOthersFinish) {
  Job<M> three = three_with_a_diverging_middle(load<TypeParam>(Cases::diverging()), Cases::diverging_dt_factor);
  three.output.save_every = 0;
  const RunReport report = run(three, this->options_);
  const Results& r = report.results;
  EXPECT_EQ(report.stability.unstable[1], 1);
  EXPECT_EQ(report.diverged, 1);
  EXPECT_EQ(r.diverged[1], 1);
  EXPECT_LT(r.steps_taken[1], three.steps[1]);
  for (std::size_t i : {0u, 2u}) {
    EXPECT_EQ(r.diverged[i], 0) << i;
    EXPECT_EQ(r.steps_taken[i], three.steps[i]) << i;
    EXPECT_TRUE(std::isfinite(r.final("positions")[i * static_cast<std::size_t>(r.max_beads) * 3])) << i;
  }
}

#if RODSWARM_TEST_CUDA
// The CUDA backend against the CPU backend directly, field by field: both run the model's one stepper, so they
// differ by round-off (contractions into FMAs, the order of the block's reductions), not by a discretisation.
TYPED_TEST(Backends, CudaAgreesWithTheCpuBackendAtRoundOff) {
  const double tolerance = std::is_same_v<TypeParam, float> ? 1e-3 : 1e-9;
  for (const ExampleCase& c : Cases::examples()) {
    SCOPED_TRACE(c.file + (c.sets.empty() ? "" : " " + c.sets.front()));
    Job<M> job = load<TypeParam>(c);
    Cases::shorten_for_round_off(job);
    RunOptions cpu = this->options_;
    cpu.backend = BackendKind::cpu;
    const Results a = run(job, cpu).results, b = run(job, this->options_).results;
    EXPECT_EQ(a.steps_taken, b.steps_taken);
    EXPECT_EQ(a.diverged, b.diverged);
    for (const ResultsField& f : a.fields) {
      const double series = relative_difference(f.series, b.series(f.name));
      const double final = relative_difference(f.final, b.final(f.name));
      std::printf("%s %s: series %.3e, final %.3e relative to the CPU\n", c.file.c_str(), f.name.c_str(), series,
                  final);
      EXPECT_LE(series, tolerance) << f.name;
      EXPECT_LE(final, tolerance) << f.name;
    }
  }
}
#endif

}  // namespace
}  // namespace rodswarm
