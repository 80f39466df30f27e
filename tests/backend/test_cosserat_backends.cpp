// What only model cosserat checks on every backend (the typed suite, test_backends.cpp, compares every example,
// a float32 run, an ensemble slice and a diverging member): growth laws, obstacles, the Gauss method on ends and
// mass rules beyond what the examples use, against the reference, which integrates the same discrete system with
// the same scheme, so that agreement is to round-off. Compiled once per backend by tests/backend/CMakeLists.txt
// (RODSWARM_TEST_CUDA = 0: CPU, label cpu; 1: CUDA, label gpu, skipped visibly without a device).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <variant>
#include <vector>

#include "backend_fixture.hpp"
#include "cosserat_backend_cases.hpp"

namespace rodswarm {
namespace {

using cosserat::Model;

class CosseratBackend : public BackendTest {
 protected:
  /// An example cut to 300 steps of its own dt with saves every 100, plus overrides.
  static CosseratJob load(const std::string& name, const std::vector<std::string>& sets = {}) {
    CosseratJob job = load_example<Model>(name, sets);
    BackendCases<Model>::shorten(job);
    return job;
  }
};

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
    EXPECT_TRUE(compare_and_print(job, options_).ok);
    if (job.members.params[0].contact_stiffness > 0) {
      // The obstacle does touch the rod: the run stores a contact energy.
      const RunReport run = rodswarm::run(job, options_);
      double contact = 0;  // "contact" is energy component 6
      for (std::size_t k = 0; k < run.results.time.size(); ++k)
        contact = std::max(contact, run.results.series("energy")[k * 8 + 6]);
      EXPECT_GT(contact, 0.0);
    }
  }
}

}  // namespace
}  // namespace rodswarm
