// Nishinari on every backend: one test body compiled per backend by tests/backend/CMakeLists.txt
// (RODSWARM_TEST_CUDA = 0: CPU, label cpu; 1: CUDA, label gpu, skipped visibly without a device). Every check is
// against the independent reference (src/reference/nishinari_*) through compare_nishinari, or against the
// driver's per-member flags.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <variant>
#include <vector>

#include "backend_fixture.hpp"
#include "config/config_loader.hpp"
#include "driver/compare.hpp"
#include "driver/nishinari_driver.hpp"

namespace rodswarm {
namespace {

const std::string examples = examples_of("nishinari");

class NishinariBackend : public BackendTest {
 protected:
  static NishinariJob load(const std::string& name, const std::vector<std::string>& sets = {}) {
    return std::get<NishinariJob>(load_any_job(examples + name, sets));
  }
  /// compare_nishinari on the first `members` members; prints the table so that a failure shows the numbers.
  CompareReport compare(const NishinariJob& job, std::int64_t members = 1) {
    const CompareReport report = compare_nishinari(job, options_, members);
    std::printf("%s\n", format_compare(report).c_str());
    return report;
  }
};

// The Cartesian formulation takes the reference's own steps: agreement to round-off. The intrinsic one agrees
// within four times the reference's own integration error (compare.hpp); both on a released 3D helix and a twist wave.
TEST_F(NishinariBackend, ExamplesAgreeWithTheReferenceInBothFormulations) {
  for (const char* example : {"helix.json", "twist_wave.json"}) {
    for (const char* formulation : {"cartesian", "intrinsic"}) {
      SCOPED_TRACE(std::string(example) + " " + formulation);
      const auto job = load(example, {std::string("params.formulation=\"") + formulation + "\""});
      const CompareReport report = compare(job);
      EXPECT_TRUE(report.ok);
      if (std::string(formulation) == "cartesian") {
        for (const auto& row : report.rows) EXPECT_LT(row.max_rel, 1e-10) << row.field;
      }
    }
  }
}

TEST_F(NishinariBackend, Float32AgreesWithTheReference) {
  for (const char* formulation : {"cartesian", "intrinsic"}) {
    SCOPED_TRACE(formulation);
    const auto job = load("helix.json", {std::string("params.formulation=\"") + formulation + "\"",
                                         "precision=\"float32\"", "integrator.t_end=0.5"});
    EXPECT_TRUE(compare(job).ok);
  }
}

// Clamped, pinned and free ends with gravity, damping, spin damping and end loads, both twist moments.
TEST_F(NishinariBackend, EndsAndForcesAgreeWithTheReference) {
  const std::vector<std::vector<std::string>> cases = {
      {"params.ends=[\"clamped\",\"free\"]", "params.g=[0,0,-9.81]", "params.damping=0.002"},
      {"params.ends=[\"pinned\",\"clamped\"]", "params.twist_moment=\"paper\"", "params.spin_damping=1e-8"},
      {"params.ends=[\"free\",\"pinned\"]", "params.load0=[0.01,0,0.02]", "params.g=[0,-1,0]"},
      {"params.ends=[\"clamped\",\"clamped\"]", "params.twist_moment=\"paper\""},
  };
  for (const auto& sets : cases) {
    for (const char* formulation : {"cartesian", "intrinsic"}) {
      auto all = sets;
      all.push_back(std::string("params.formulation=\"") + formulation + "\"");
      all.push_back("integrator.t_end=0.5");
      SCOPED_TRACE(all.front() + " " + formulation);
      EXPECT_TRUE(compare(load("helix.json", all)).ok);
    }
  }
}

// Every member of an ensemble is its own problem: a slice of the (K, h) sweep agrees member by member.
TEST_F(NishinariBackend, EnsembleMembersAgreeWithTheReference) {
  const auto job = load("sweep.json", {"ensemble.vary[0].params.K.linspace[2]=3",
                                       "ensemble.vary[1].params.h.linspace[2]=2", "integrator.t_end=0.2"});
  ASSERT_EQ(job.size(), 6);
  EXPECT_TRUE(compare(job, 6).ok);
}

// A member that diverges is flagged and stopped; the others complete.
TEST_F(NishinariBackend, ADivergingMemberIsFlaggedAndTheOthersFinish) {
  auto job = load("helix.json", {"output.save_every=0.1", "integrator.t_end=0.5", "params.formulation=\"cartesian\"",
                                 "ensemble={\"mode\":\"grid\",\"vary\":{\"params.k\":[100,1e7,50]}}"});
  ASSERT_EQ(job.size(), 3);
  const RunReport report = run_nishinari(job, options_);
  const Results& r = report.results;
  EXPECT_EQ(report.stability.count, 1);  // k = 1e7 puts dt far outside RK4's bound
  EXPECT_EQ(report.stability.unstable[1], 1);
  EXPECT_EQ(r.diverged[0], 0);
  EXPECT_EQ(r.diverged[1], 1);
  EXPECT_EQ(r.diverged[2], 0);
  EXPECT_EQ(r.singular[1], 0);
  EXPECT_LT(r.steps_taken[1], 500);
  EXPECT_EQ(r.steps_taken[0], 500);
  EXPECT_EQ(r.steps_taken[2], 500);
  EXPECT_EQ(report.diverged, 1);
}

}  // namespace
}  // namespace rodswarm
