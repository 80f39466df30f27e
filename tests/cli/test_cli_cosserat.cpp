// The CLI with model cosserat: run (with XDMF), inspect, compare, steady, validate, the stability warning, a
// stopped run that resumes, and the inputs it refuses (exit 2 with the file and key named, no results written).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {

const std::string kExamples = std::string(RODSWARM_SOURCE_DIR) + "/examples/cosserat/";

class CliCosserat : public rodswarm_test::CliFixture {
 protected:
  CliCosserat() : CliFixture("cosserat") {}
};

// timoshenko.json shortened to 20 steps (and a save every 10).
const std::string kShortTimoshenko = " --set integrator.t_end=0.01 --set output.save_every=0.005";

TEST_F(CliCosserat, RunWritesPositionsEnergyAndGaussThatInspectShows) {
  const auto run = rodswarm("run " + kExamples + "timoshenko.json --backend cpu --out out.h5" + kShortTimoshenko);
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("run: 1 members, 20 steps"), std::string::npos) << run.out;
  ASSERT_TRUE(fs::exists(dir_ / "out.h5"));
  EXPECT_FALSE(fs::exists(dir_ / "out.xdmf"));  // output.xdmf defaults to false

  const auto j = inspect("out.h5 --member 0 --final --json");
  EXPECT_DOUBLE_EQ(j["t"].get<double>(), 0.01);
  ASSERT_EQ(j["positions"].size(), 101u);  // n + 1 nodes
  for (const auto& x : j["positions"]) {
    ASSERT_EQ(x.size(), 3u);
    for (const auto& c : x) EXPECT_TRUE(std::isfinite(c.get<double>()));
  }
  // The clamped node stays at the origin; the tip force (-15, 0, 0) has started to pull the tip along -x.
  for (int a = 0; a < 3; ++a) EXPECT_EQ(j["positions"][0][a].get<double>(), 0.0) << a;
  EXPECT_LT(j["positions"][100][0].get<double>(), 0.0);
  EXPECT_NEAR(j["positions"][100][2].get<double>(), 3.0, 1e-3);

  ASSERT_TRUE(j.contains("energy"));
  EXPECT_EQ(j["energy"].size(), 8u) << j["energy"];
  double sum = 0, scale = 0;
  for (const char* key :
       {"translational", "rotational", "stretch_shear", "bend_twist", "gravity", "loads", "contact", "total"}) {
    ASSERT_TRUE(j["energy"].contains(key)) << key;
    if (std::string(key) != "total") {
      sum += j["energy"][key].get<double>();
      scale += std::fabs(j["energy"][key].get<double>());
    }
  }
  EXPECT_NEAR(j["energy"]["total"].get<double>(), sum, 1e-12 * scale + 1e-300);
  EXPECT_GT(scale, 0.0);

  ASSERT_TRUE(j.contains("gauss"));
  for (const char* key : {"zt", "zs", "violation"}) {
    ASSERT_TRUE(j["gauss"].contains(key)) << key;
    EXPECT_TRUE(std::isfinite(j["gauss"][key].get<double>())) << key;
  }
  EXPECT_EQ(j["rods"], 1);
  EXPECT_EQ(j["diverged"], false);

  const auto s = inspect("out.h5 --json");
  EXPECT_EQ(s["model"], "cosserat");
  EXPECT_EQ(s["members"], 1);
  EXPECT_EQ(s["diverged"], 0);
  EXPECT_EQ(s["saves"], 3);  // t = 0, 0.005, 0.01
  for (const char* field : {"positions", "energy", "gauss"}) {
    EXPECT_NE(std::find(s["fields"].begin(), s["fields"].end(), field), s["fields"].end()) << field << s["fields"];
  }
  EXPECT_NE(s["kind"], "steady");
}

TEST_F(CliCosserat, XdmfIsWrittenNextToTheResultsAndReferencesThem) {
  const auto run = rodswarm("run " + kExamples + "timoshenko.json --backend cpu --out rod.h5 --set output.xdmf=true" +
                            kShortTimoshenko);
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  ASSERT_TRUE(fs::exists(dir_ / "rod.h5"));
  ASSERT_TRUE(fs::exists(dir_ / "rod.xdmf"));
  const std::string xdmf = slurp(dir_ / "rod.xdmf");
  EXPECT_NE(xdmf.find("<Xdmf"), std::string::npos) << xdmf;
  EXPECT_NE(xdmf.find("rod.h5:/series/positions"), std::string::npos) << xdmf;
  // By its relative name, so that the pair can be moved together.
  EXPECT_EQ(xdmf.find(dir_.string()), std::string::npos) << xdmf;
}

TEST_F(CliCosserat, CompareAgreesWithTheReferenceOnEveryField) {
  const auto compare = rodswarm("compare " + kExamples +
                                "dynamic_cantilever.json --backend cpu --set integrator.t_end=0.01 "
                                "--set output.save_every=0.005");
  EXPECT_EQ(compare.code, 0) << compare.out << compare.err;
  for (const char* field : {"positions", "velocities", "directors", "angular_velocity", "energy"}) {
    const std::regex row(std::string("\n  ") + field + " +[-+.e0-9]+ +[-+.e0-9]+ +[-+.e0-9]+  ok\n");
    EXPECT_TRUE(std::regex_search(compare.out, row)) << field << "\n" << compare.out;
  }
  EXPECT_NE(compare.out.find("compare: all fields within tolerance"), std::string::npos) << compare.out;
  EXPECT_NE(compare.out.find("rk4"), std::string::npos) << compare.out;
}

TEST_F(CliCosserat, SteadyExitCodeMatchesItsNotConvergedCountAndWritesASteadyFile) {
  const auto steady = rodswarm("steady " + kExamples +
                               "timoshenko.json --backend cpu --out st.h5 --set params.n=20 --set steady.max_time=0.1");
  ASSERT_TRUE(steady.code == 0 || steady.code == 1) << steady.code << steady.out << steady.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(steady.out, m, std::regex("steady: 1 members, .* (\\d+) not converged -> st.h5")))
      << steady.out;
  const int unconverged = std::stoi(m[1]);
  EXPECT_EQ(steady.code, unconverged > 0 ? 1 : 0) << steady.out;

  const auto s = inspect("st.h5 --json");
  EXPECT_EQ(s["kind"], "steady");
  EXPECT_EQ(s["model"], "cosserat");
  EXPECT_EQ(s["converged"].get<int>(), 1 - unconverged);
  const auto j = inspect("st.h5 --member 0 --final --json");
  ASSERT_EQ(j["positions"].size(), 21u);
  EXPECT_EQ(j["converged"], unconverged == 0) << j;
  // Relaxing under the tip force (-15, 0, 0) bends the beam towards -x.
  EXPECT_LT(j["positions"][20][0].get<double>(), 0.0);
}

TEST_F(CliCosserat, ValidatePrintsTheModelAndTheSweepSize) {
  const auto validate = rodswarm("validate " + kExamples + "sweep.json");
  ASSERT_EQ(validate.code, 0) << validate.err;
  EXPECT_NE(validate.out.find("config OK: "), std::string::npos) << validate.out;
  EXPECT_NE(validate.out.find("model cosserat, scheme verlet, precision float64"), std::string::npos) << validate.out;
  EXPECT_NE(validate.out.find("members: 10000 (ensemble over the keys below)"), std::string::npos) << validate.out;
  EXPECT_NE(validate.out.find("    params.growth.rate\n"), std::string::npos) << validate.out;
  EXPECT_NE(validate.out.find("    params.force1[2]\n"), std::string::npos) << validate.out;
  EXPECT_NE(validate.out.find("nodes per member: up to 17"), std::string::npos) << validate.out;
  EXPECT_EQ(validate.err.find("warning"), std::string::npos) << validate.err;
  EXPECT_TRUE(no_results_left());
}

TEST_F(CliCosserat, UnknownKeyIsRefusedWithASuggestion) {
  const auto cfg = config_with("timoshenko.json", [](nlohmann::json& c) {
    c["params"]["densty"] = c["params"]["density"];
    c["params"].erase("density");
  });
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  EXPECT_EQ(run.code, 2) << run.out << run.err;
  EXPECT_NE(run.err.find("c.json"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("params.densty"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("did you mean \"params.density\""), std::string::npos) << run.err;
  EXPECT_TRUE(no_results_left());
}

TEST_F(CliCosserat, NegativeDensityIsRefused) {
  const auto in_file =
      rodswarm("run " + config_with("timoshenko.json", [](nlohmann::json& c) { c["params"]["density"] = -5000; }) +
               " --backend cpu");
  EXPECT_EQ(in_file.code, 2) << in_file.out << in_file.err;
  EXPECT_NE(in_file.err.find("c.json"), std::string::npos) << in_file.err;
  EXPECT_NE(in_file.err.find("params.density"), std::string::npos) << in_file.err;
  EXPECT_TRUE(no_results_left());

  const auto by_set = rodswarm("run " + config_with("timoshenko.json", [](nlohmann::json&) {}) +
                               " --backend cpu --set params.density=-1");
  EXPECT_EQ(by_set.code, 2) << by_set.out << by_set.err;
  EXPECT_NE(by_set.err.find("params.density"), std::string::npos) << by_set.err;
  EXPECT_TRUE(no_results_left());

  // An ensemble member with a negative density is as bad as a single config.
  const auto member = rodswarm(
      "run " +
      config_with("timoshenko.json",
                  [](nlohmann::json& c) {
                    c["ensemble"] = {{"mode", "grid"}, {"vary", {{"params.density", {{"values", {5000, -1}}}}}}};
                  }) +
      " --backend cpu" + kShortTimoshenko);
  EXPECT_EQ(member.code, 2) << member.out << member.err;
  EXPECT_NE(member.err.find("params.density"), std::string::npos) << member.err;
  EXPECT_TRUE(no_results_left());
}

TEST_F(CliCosserat, WrongTypeIsRefused) {
  const auto run =
      rodswarm("run " + config_with("timoshenko.json", [](nlohmann::json& c) { c["params"]["n"] = "one hundred"; }) +
               " --backend cpu");
  EXPECT_EQ(run.code, 2) << run.out << run.err;
  EXPECT_NE(run.err.find("c.json"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("params.n"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("string"), std::string::npos) << run.err;
  EXPECT_TRUE(no_results_left());

  const auto ends = rodswarm("run " +
                             config_with("timoshenko.json",
                                         [](nlohmann::json& c) {
                                           c["params"]["ends"] = {"clamped", "glued"};
                                         }) +
                             " --backend cpu");
  EXPECT_EQ(ends.code, 2) << ends.out << ends.err;
  EXPECT_NE(ends.err.find("params.ends"), std::string::npos) << ends.err;
  EXPECT_TRUE(no_results_left());

  const auto xdmf =
      rodswarm("run " + config_with("timoshenko.json", [](nlohmann::json& c) { c["output"]["xdmf"] = "yes"; }) +
               " --backend cpu");
  EXPECT_EQ(xdmf.code, 2) << xdmf.out << xdmf.err;
  EXPECT_NE(xdmf.err.find("output.xdmf"), std::string::npos) << xdmf.err;
  EXPECT_TRUE(no_results_left());
}

TEST_F(CliCosserat, UnstableDtIsWarnedWithTheMembers) {
  // omega_max = 943 1/s for timoshenko: position Verlet needs dt < 2.1e-3; members 1 and 3 exceed it.
  const auto cfg = config_with("timoshenko.json", [](nlohmann::json& c) {
    c["integrator"]["t_end"] = 0.02;
    c["output"]["save_every"] = 0;
    c["ensemble"] = {{"mode", "grid"}, {"vary", {{"integrator.dt", {5e-4, 0.01, 5e-4, 0.02}}}}};
  });
  expect_members_1_and_3_warned(cfg, "position Verlet's linearised stability bound for 2 member(s): 1, 3",
                                "dt * omega_max = ");

  // The stable member alone is not warned about.
  const auto stable = rodswarm("validate " + config_with("timoshenko.json", [](nlohmann::json&) {}));
  EXPECT_EQ(stable.code, 0) << stable.err;
  EXPECT_EQ(stable.err.find("stability"), std::string::npos) << stable.err;
}

TEST_F(CliCosserat, BatchedRunWritesEveryFieldOfEveryMember) {
  // Three members of a shortened dynamic_cantilever with every field saved, in one batch and in batches of one.
  const auto cfg = config_with("dynamic_cantilever.json", [](nlohmann::json& c) {
    c["integrator"]["t_end"] = 5e-4;
    c["output"]["save_every"] = 2.5e-4;
    c["output"]["fields"] = {"positions", "velocities", "energy", "directors", "gauss"};
    c["ensemble"] = {{"mode", "grid"}, {"vary", {{"params.youngs_modulus", {1e7, 2e7, 3e7}}}}};
  });
  const auto one = rodswarm("run " + cfg + " --backend cpu --out one.h5 --batch-size 8");
  ASSERT_EQ(one.code, 0) << one.out << one.err;
  const auto batched = rodswarm("run " + cfg + " --backend cpu --out batched.h5 --batch-size 1");
  ASSERT_EQ(batched.code, 0) << batched.out << batched.err;
  EXPECT_NE(batched.out.find("run: 3 members, 10 steps"), std::string::npos) << batched.out;
  EXPECT_FALSE(fs::exists(dir_ / "batched.h5.partial"));
  const auto s = inspect("batched.h5 --json");
  EXPECT_EQ(s["members"], 3);
  EXPECT_EQ(s["fields"], inspect("one.h5 --json")["fields"]);
  for (const char* field : {"positions", "velocities", "energy", "gauss", "directors"}) {
    EXPECT_NE(std::find(s["fields"].begin(), s["fields"].end(), field), s["fields"].end()) << field << s["fields"];
  }
  for (int member = 0; member < 3; ++member) {
    const std::string args = " --member " + std::to_string(member) + " --json";
    const auto a = inspect("one.h5" + args), b = inspect("batched.h5" + args);
    for (const char* key : {"positions", "energy", "gauss", "rods", "params", "series", "diverged"}) {
      EXPECT_TRUE(b.contains(key)) << key;
      EXPECT_EQ(a[key], b[key]) << member << " " << key;
    }
  }
}

TEST_F(CliCosserat, SweepExampleRunsWithItsDefaultBatching) {
  // sweep.json's 10^4 members exceed the default batch (4096): three batches, shortened to one step.
  const auto run = rodswarm("run " + kExamples +
                            "sweep.json --backend cpu --set integrator.t_end=0.00025 --set output.save_every=0");
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("run: 10000 members, 1 steps"), std::string::npos) << run.out;
  EXPECT_EQ(inspect("sweep.h5 --json")["members"], 10000);
  EXPECT_EQ(inspect("sweep.h5 --member 9999 --final --json")["rods"], 1);
}

}  // namespace
