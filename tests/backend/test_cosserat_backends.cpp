// Cosserat on every backend: one test body compiled per backend by tests/backend/CMakeLists.txt
// (RODSWARM_TEST_CUDA = 0: CPU, label cpu; 1: CUDA, label gpu, skipped visibly without a device). Every check is
// against the independent reference (src/reference/cosserat_*) through compare_cosserat, which integrates the
// same discrete system with the same scheme, so agreement is to round-off; or against the driver's flags.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <variant>
#include <vector>

#include "backend_fixture.hpp"
#include "config/config_loader.hpp"
#include "driver/compare.hpp"
#include "driver/cosserat_driver.hpp"

namespace rodswarm {
namespace {

const std::string examples = examples_of("cosserat");

class CosseratBackend : public BackendTest {
 protected:
  /// An example cut to `steps` steps of its own dt with saves every steps/3, plus overrides.
  static CosseratJob load(const std::string& name, const std::vector<std::string>& sets = {}, long steps = 300) {
    auto job = std::get<CosseratJob>(load_any_job(examples + name, sets));
    const double dt = job.members.dt[0];
    job.output.save_every = dt * double(steps / 3);
    for (auto& t : job.t_end) t = dt * double(steps);
    return job;
  }
  /// compare_cosserat on the first `members` members; prints the table so that a failure shows the numbers.
  CompareReport compare(const CosseratJob& job, std::int64_t members = 1) {
    const CompareReport report = compare_cosserat(job, options_, members);
    std::printf("%s\n", format_compare(report).c_str());
    return report;
  }
};

// Every example (clamps, prescribed twisting ends, growth, friction on a plane, a confining sphere, rod-rod
// contact), both schemes on the cantilever, both constitutive laws on the Timoshenko beam.
TEST_F(CosseratBackend, ExamplesAgreeWithTheReference) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"timoshenko.json", {}},         {"timoshenko.json", {"params.law=\"pyelastica\""}},
      {"dynamic_cantilever.json", {}}, {"dynamic_cantilever.json", {"integrator.scheme=\"verlet\""}},
      {"axial_stretching.json", {}},   {"axial_friction.json", {}},
      {"rolling_friction.json", {}},   {"helical_buckling.json", {}},
      {"growing_buckle.json", {}},     {"confined_sphere.json", {}},
      {"self_contact.json", {}},
  };
  for (const auto& [example, sets] : cases) {
    SCOPED_TRACE(example + (sets.empty() ? "" : " " + sets[0]));
    EXPECT_TRUE(compare(load(example, sets)).ok);
  }
}

// Growth laws, obstacles, the Gauss method on ends and mass rules beyond what the examples use.
TEST_F(CosseratBackend, GrowthObstaclesAndGaussEndsAgreeWithTheReference) {
  const std::vector<std::vector<std::string>> cases = {
      {"params.growth={\"law\":\"lockhart\",\"phi\":1e-3,\"yield\":0,\"zone\":0.5}", "params.force1=[2,0,0]"},
      {"params.growth={\"law\":\"table\",\"times\":[0,0.001,0.01],\"values\":[1,1.01,1.05],\"mass\":\"conserved\","
       "\"curvature_rate\":[0.5,0,0]}"},
      {"params.constraints=\"gauss\"", "params.ends=[\"clamped\",\"clamped\"]"},
      {"params.contact={\"stiffness\":1e4,\"damping\":1,\"obstacle\":{\"kind\":\"sphere\",\"center\":[0.5,0,0.045],"
       "\"radius\":0.04}}"},
      {"params.contact={\"stiffness\":1e4,\"exponent\":1.5,\"obstacle\":{\"kind\":\"cylinder\",\"center\":[0.7,0,0.045]"
       ","
       "\"axis\":[0,1,0],\"radius\":0.04}}"},
  };
  for (const auto& sets : cases) {
    SCOPED_TRACE(sets[0]);
    const CosseratJob job = load("dynamic_cantilever.json", sets);
    EXPECT_TRUE(compare(job).ok);
    if (job.members.params[0].contact_stiffness > 0) {
      // The obstacle does touch the rod: the run stores a contact energy.
      const RunReport run = run_cosserat(job, options_);
      double contact = 0;  // "contact" is energy component 6
      for (std::size_t k = 0; k < run.results.time.size(); ++k)
        contact = std::max(contact, run.results.series_energy[k * 8 + 6]);
      EXPECT_GT(contact, 0.0);
    }
  }
}

TEST_F(CosseratBackend, Float32AgreesWithTheReference) {
  EXPECT_TRUE(compare(load("dynamic_cantilever.json", {"precision=\"float32\""}, 150)).ok);
}

TEST_F(CosseratBackend, EnsembleMembersAgreeWithTheReference) {
  auto job = load("sweep.json", {}, 150);
  EXPECT_TRUE(compare(job, 4).ok);
}

TEST_F(CosseratBackend, ADivergingMemberIsFlaggedAndTheOthersFinish) {
  // Member 1 gets a dt far beyond Verlet's bound and blows up; members 0 and 2 finish.
  auto job = load("dynamic_cantilever.json", {"integrator.scheme=\"verlet\""}, 200);
  job = slice_of(job, 0, 1);
  CosseratJob three = job;
  three.members = cosserat::Ensemble<double>{};
  three.t_end.clear();
  for (int k = 0; k < 3; ++k) {
    const auto& e = job.members;
    three.members.add(e.params[0], k == 1 ? e.dt[0] * 50 : e.dt[0], e.x.data(), e.v.data(), e.Q.data(), e.w.data(),
                      e.rest_length0.data(), e.radius.data(), e.rest_sigma.data(), e.rest_kappa.data(), e.clamp.data());
    three.t_end.push_back(job.t_end[0] * (k == 1 ? 50 : 1));
  }
  three.output.save_every = 0;
  const RunReport report = run_cosserat(three, options_);
  EXPECT_EQ(report.diverged, 1);
  EXPECT_EQ(report.results.diverged[0], 0);
  EXPECT_EQ(report.results.diverged[1], 1);
  EXPECT_EQ(report.results.diverged[2], 0);
  EXPECT_EQ(report.results.steps_taken[2], 200);
  EXPECT_TRUE(std::isfinite(report.results.final_positions[3]));
}

}  // namespace
}  // namespace rodswarm
