// What only model nishinari checks on every backend (the typed suite, test_backends.cpp, compares its examples,
// float32 runs, an ensemble slice and a diverging member): the Cartesian formulation's round-off agreement, and
// every kind of end and load in both formulations. Compiled once per backend by tests/backend/CMakeLists.txt
// (RODSWARM_TEST_CUDA = 0: CPU, label cpu; 1: CUDA, label gpu, skipped visibly without a device).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "backend_fixture.hpp"

namespace rodswarm {
namespace {

using nishinari::Model;

class NishinariBackend : public BackendTest {};

// The Cartesian formulation takes the reference's own steps: agreement to round-off, on a released 3D helix and a
// twist wave.
TEST_F(NishinariBackend, CartesianFormulationAgreesWithTheReferenceToRoundOff) {
  for (const char* example : {"helix.json", "twist_wave.json"}) {
    SCOPED_TRACE(example);
    const CompareReport report =
        compare_and_print(load_example<Model>(example, {"params.formulation=\"cartesian\""}), options_);
    EXPECT_TRUE(report.ok);
    for (const auto& row : report.rows) EXPECT_LT(row.max_rel, 1e-10) << row.field;
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
      EXPECT_TRUE(compare_and_print(load_example<Model>("helix.json", all), options_).ok);
    }
  }
}

}  // namespace
}  // namespace rodswarm
