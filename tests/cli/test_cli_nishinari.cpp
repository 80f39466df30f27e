// The CLI with model nishinari: run, inspect, validate, compare, bench, a resumed run, and the verbs and inputs
// it refuses (exit 2 with the file and key named).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {

class CliNishinari : public rodswarm_test::CliFixture {
 protected:
  CliNishinari() : CliFixture("nishinari") {}
  /// The helix example, shortened, with one edit applied.
  std::string helix_with(const std::function<void(nlohmann::json&)>& edit) {
    return config_with("helix.json", [&edit](nlohmann::json& c) {
      c["integrator"]["t_end"] = 0.2;
      edit(c);
    });
  }
};

TEST_F(CliNishinari, RunWritesEnergiesMomentumAndFlagsThatInspectShows) {
  const auto cfg = helix_with([](nlohmann::json&) {});
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("run: 1 members, 200 steps"), std::string::npos) << run.out;
  const auto j = nlohmann::json::parse(rodswarm("inspect out.h5 --member 0 --final --json").out);
  EXPECT_DOUBLE_EQ(j["t"].get<double>(), 0.2);
  ASSERT_EQ(j["positions"].size(), 40u);
  for (const char* key : {"kinetic", "spin", "axial", "bending", "twist", "external", "potential", "total"})
    EXPECT_TRUE(j["energy"].contains(key)) << key;
  EXPECT_EQ(j["momentum"]["linear"].size(), 3u);
  EXPECT_EQ(j["momentum"]["angular"].size(), 3u);
  // Free ends, no forces: the linear momentum stays zero (released from rest); the intrinsic formulation keeps it
  // to integration accuracy only (it integrates frame components, not sum m v).
  for (int a = 0; a < 3; ++a) EXPECT_NEAR(j["momentum"]["linear"][a].get<double>(), 0.0, 1e-6);
  EXPECT_EQ(j["singular"], false);
  EXPECT_EQ(j["diverged"], false);
  EXPECT_DOUBLE_EQ(j["params"]["K"].get<double>(), 0.01);
}

TEST_F(CliNishinari, ValidateCompareAndBenchRun) {
  const auto cfg = helix_with([](nlohmann::json&) {});
  const auto validate = rodswarm("validate " + cfg);
  ASSERT_EQ(validate.code, 0) << validate.err;
  EXPECT_NE(validate.out.find("model nishinari, intrinsic formulation, conservative twist moment"), std::string::npos)
      << validate.out;
  const auto compare = rodswarm("compare " + cfg + " --backend cpu --set params.formulation='\"cartesian\"'");
  EXPECT_EQ(compare.code, 0) << compare.out << compare.err;
  EXPECT_NE(compare.out.find("cartesian formulation"), std::string::npos) << compare.out;
  const auto bench = rodswarm("bench --model nishinari --backend cpu --scale 0.001 --steps-scale 0.1");
  EXPECT_EQ(bench.code, 0) << bench.err;
  EXPECT_NE(bench.out.find("intrinsic"), std::string::npos) << bench.out;
}

TEST_F(CliNishinari, UnstableDtIsWarnedWithTheMember) {
  const auto cfg = helix_with([](nlohmann::json& c) { c["params"]["k"] = 1e6; });
  const auto validate = rodswarm("validate " + cfg);
  EXPECT_EQ(validate.code, 0);
  EXPECT_NE(validate.err.find("outside RK4's linearised stability bound for 1 member(s): 0"), std::string::npos)
      << validate.err;
}

TEST_F(CliNishinari, BadInputAndSteadyAreRefusedWithExitTwo) {
  const auto negative = rodswarm("run " + helix_with([](nlohmann::json& c) { c["params"]["m"] = -1; }));
  EXPECT_EQ(negative.code, 2);
  EXPECT_NE(negative.err.find("params.m"), std::string::npos) << negative.err;
  EXPECT_FALSE(fs::exists(dir_ / "out.h5"));
  const auto ends = rodswarm("run " + helix_with([](nlohmann::json& c) { c["params"]["ends"] = {"glued", "free"}; }));
  EXPECT_EQ(ends.code, 2);
  EXPECT_NE(ends.err.find("params.ends"), std::string::npos) << ends.err;
  const auto steady = rodswarm("steady " + helix_with([](nlohmann::json&) {}));
  EXPECT_EQ(steady.code, 2);
  EXPECT_NE(steady.err.find("greenspan"), std::string::npos) << steady.err;
}

}  // namespace
