// End-to-end tests of the rodswarm binary: exit codes, error messages naming file and key, no half-written
// results, and the inspect --json round trip (PRODUCT.md).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {

using rodswarm_test::Outcome;

class Cli : public rodswarm_test::CliFixture {
 protected:
  /// Example 1's config with one edit applied.
  std::string example1_with(const std::function<void(nlohmann::json&)>& edit, const std::string& name = "c.json") {
    return config_with("example1.json", edit, name);
  }
};

TEST_F(Cli, RunWritesResultsAndInspectRoundTrips) {
  const auto cfg = example1_with([](nlohmann::json&) {});
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("run: 1 members, 5000 steps"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("bead-steps/s, 0 diverged"), std::string::npos) << run.out;
  ASSERT_TRUE(fs::exists(dir_ / "out.h5"));

  const auto inspect = rodswarm("inspect out.h5 --member 0 --final --json");
  ASSERT_EQ(inspect.code, 0) << inspect.err;
  const auto j = nlohmann::json::parse(inspect.out);
  EXPECT_EQ(j["member"], 0);
  EXPECT_DOUBLE_EQ(j["t"].get<double>(), 10.0);
  EXPECT_DOUBLE_EQ(j["params"]["m"].get<double>(), 0.1);
  ASSERT_EQ(j["positions"].size(), 11u);  // fixed ends included
  EXPECT_DOUBLE_EQ(j["positions"][0][1].get<double>(), 0.0);
  EXPECT_NEAR(j["positions"][5][0].get<double>(), 0.5, 1e-15);
  EXPECT_NEAR(j["positions"][5][1].get<double>(), -0.3236, 0.5e-4);
  EXPECT_EQ(j["positions"][5][2].get<double>(), 0.0);
  for (const char* key : {"kinetic", "potential", "total"}) EXPECT_TRUE(j["energy"].contains(key)) << key;
  EXPECT_EQ(j["diverged"], false);

  const auto summary = rodswarm("inspect out.h5 --json");
  ASSERT_EQ(summary.code, 0) << summary.err;
  EXPECT_EQ(nlohmann::json::parse(summary.out)["members"], 1);
}

TEST_F(Cli, AutoBackendFallsBackToCpuWithOneLine) {
  const auto cfg = example1_with([](nlohmann::json& c) { c["integrator"]["t_end"] = 0.1; });
  const auto run = rodswarm("run " + cfg + " --backend auto");
  ASSERT_EQ(run.code, 0) << run.err;
  // On a host with a GPU auto picks it and prints nothing; without one it says so once.
  if (run.out.find("cuda") == std::string::npos) {
    EXPECT_NE(run.err.find("no CUDA device found; using the CPU backend"), std::string::npos) << run.err;
  }
}

void expect_bad_input(const Outcome& o, const std::string& file, const std::string& key, const std::string& what) {
  EXPECT_EQ(o.code, 2) << o.err;
  EXPECT_NE(o.err.find(file), std::string::npos) << o.err;
  EXPECT_NE(o.err.find(key), std::string::npos) << o.err;
  EXPECT_NE(o.err.find(what), std::string::npos) << o.err;
}

TEST_F(Cli, UnknownKeyIsNamedWithASuggestion) {
  const auto cfg = example1_with([](nlohmann::json& c) { c["params"]["mass"] = 0.1; });
  expect_bad_input(rodswarm("run " + cfg), cfg, "params.mass", "params.m");
  EXPECT_FALSE(fs::exists(dir_ / "out.h5"));
}

TEST_F(Cli, WrongTypeIsNamed) {
  const auto cfg = example1_with([](nlohmann::json& c) { c["params"]["T0"] = "nine"; });
  expect_bad_input(rodswarm("run " + cfg), cfg, "params.T0", "number");
  EXPECT_FALSE(fs::exists(dir_ / "out.h5"));
}

TEST_F(Cli, NegativeMassIsRejected) {
  const auto cfg = example1_with([](nlohmann::json& c) { c["params"]["m"] = -0.1; });
  expect_bad_input(rodswarm("run " + cfg), cfg, "params.m", "positive");
  EXPECT_FALSE(fs::exists(dir_ / "out.h5"));
}

TEST_F(Cli, BadSetOverrideIsNamed) {
  const auto cfg = example1_with([](nlohmann::json&) {});
  expect_bad_input(rodswarm("run " + cfg + " --set params.mm=0.2"), "--set", "params.mm", "params.m");
  EXPECT_FALSE(fs::exists(dir_ / "out.h5"));
}

TEST_F(Cli, DivergedMemberGivesExitOneAndIsFlagged) {
  const auto cfg = example1_with([](nlohmann::json& c) {
    c["output"]["save_every"] = 0.1;
    c["ensemble"] = {{"mode", "zip"}, {"vary", {{"integrator.dt", {0.002, 0.05}}}}};
  });
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  EXPECT_EQ(run.code, 1) << run.err;
  EXPECT_NE(run.err.find("stability bound for 1 member(s): 1"), std::string::npos) << run.err;
  EXPECT_NE(run.out.find("1 diverged"), std::string::npos) << run.out;
  const auto m1 = nlohmann::json::parse(rodswarm("inspect out.h5 --member 1 --final --json").out);
  EXPECT_EQ(m1["diverged"], true);
  const auto m0 = nlohmann::json::parse(rodswarm("inspect out.h5 --member 0 --final --json").out);
  EXPECT_EQ(m0["diverged"], false);
}

#if !RODSWARM_WITH_FLOAT32
// A build without float32 (RODSWARM_FLOAT32=OFF: the sanitizer presets) refuses it in every verb as bad input naming
// the key, with nothing left behind: no results, no OUT.partial/, no JSON report.
TEST_F(Cli, Float32IsRefusedByEveryVerbOfABuildWithoutIt) {
  const auto cfg = example1_with([](nlohmann::json& c) { c["integrator"]["t_end"] = 1.0; });
  for (const std::string verb : {"validate", "compare", "steady", "run"}) {
    std::string extra = verb == "run" ? " --out r.h5" : verb == "steady" ? " --out s.h5" : "";
    if (verb != "validate") extra += " --backend cpu";
    const auto r = rodswarm(verb + " " + cfg + " --precision float32" + extra);
    EXPECT_EQ(r.code, 2) << verb << ": " << r.out << r.err;
    EXPECT_NE(r.err.find("c.json: precision: \"float32\" is not in this build"), std::string::npos)
        << verb << ": " << r.err;
  }
  const auto bench = rodswarm("bench --backend cpu --precision float32 --json-out bench.json");
  EXPECT_EQ(bench.code, 2) << bench.out << bench.err;
  EXPECT_NE(bench.err.find("rodswarm bench: --precision: \"float32\" is not in this build"), std::string::npos)
      << bench.err;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "bench.json"));
  EXPECT_TRUE(no_results_left());
}
#endif

TEST_F(Cli, CompareValidateSteadyAndBenchRun) {
  const auto cfg = example1_with([](nlohmann::json& c) { c["integrator"]["t_end"] = 1.0; });
  const auto compare = rodswarm("compare " + cfg + " --backend cpu --members 1");
  EXPECT_EQ(compare.code, 0) << compare.out << compare.err;
  EXPECT_NE(compare.out.find("positions"), std::string::npos);

  const auto validate = rodswarm("validate " + cfg);
  EXPECT_EQ(validate.code, 0) << validate.err;
  EXPECT_NE(validate.out.find("members: 1"), std::string::npos) << validate.out;
  EXPECT_NE(validate.out.find("memory estimate"), std::string::npos) << validate.out;

  const auto steady = rodswarm("steady " + cfg + " --backend cpu --out steady.h5");
  EXPECT_EQ(steady.code, 0) << steady.err;
  const auto s = nlohmann::json::parse(rodswarm("inspect steady.h5 --member 0 --final --json").out);
  EXPECT_EQ(s["converged"], true);
  EXPECT_NEAR(s["positions"][5][1].get<double>(), -0.3235, 1.5e-4);

  // bench caches the device's ceilings: keep them in the test's directory, not the user's cache.
  ::setenv("RODSWARM_CACHE_DIR", dir_.string().c_str(), 1);
  const auto bench = rodswarm("bench --backend cpu --scale 0.01 --json");
  ::unsetenv("RODSWARM_CACHE_DIR");
  ASSERT_EQ(bench.code, 0) << bench.err;
  const auto rows = nlohmann::json::parse(bench.out)["rows"];
  ASSERT_EQ(rows.size(), 4u);
  for (const auto& row : rows) EXPECT_GT(row["bead_steps_per_second"].get<double>(), 0.0);
}

TEST_F(Cli, ValidatePrintsKernelLayoutsAndTheBatchPlan) {
  const auto cfg = example1_with([](nlohmann::json& c) {
    c["ensemble"] = {{"mode", "grid"}, {"vary", {{"params.n", {5, 9, 60, 600, 6000}}}}};
  });
  const auto resident = rodswarm("validate " + cfg + " --device-memory 1GiB");
  ASSERT_EQ(resident.code, 0) << resident.err;
  EXPECT_NE(resident.out.find("thread (n <= 8) x 1, thread (n <= 12) x 1, warp (n <= 60) x 1, block (n <= 600) x 1, "
                              "grid (n <= 6000) x 1"),
            std::string::npos)
      << resident.out;
  EXPECT_NE(resident.out.find("resident: one batch"), std::string::npos) << resident.out;
  // 1000 Example-1 members take about 280 kB on the device: a 100 kB budget streams them in batches (their count
  // follows the size of the params, which tests/unit/test_gpu_planning.cpp checks to the byte).
  const auto many = example1_with(
      [](nlohmann::json& c) {
        c["ensemble"] = {{"mode", "grid"}, {"vary", {{"params.m", {{"linspace", {0.05, 0.2, 1000}}}}}}};
      },
      "many.json");
  const auto streamed = rodswarm("validate " + many + " --device-memory 100KiB");
  ASSERT_EQ(streamed.code, 0) << streamed.err;
  EXPECT_NE(streamed.out.find(" batches through 3 slots"), std::string::npos) << streamed.out;
  EXPECT_NE(streamed.out.find("streamed: "), std::string::npos) << streamed.out;
  const auto forced = rodswarm("validate " + cfg + " --layout block --device-memory 1GiB");
  EXPECT_NE(forced.out.find("): block (n <= 600) x 4, grid (n <= 6000) x 1"), std::string::npos) << forced.out;
  const auto too_small = rodswarm("validate " + cfg + " --device-memory 10KiB");
  EXPECT_EQ(too_small.code, 0);
  EXPECT_NE(too_small.out.find("does not fit: member 0 needs"), std::string::npos) << too_small.out;
  const auto bad = rodswarm("validate " + cfg + " --layout cluster");
  EXPECT_EQ(bad.code, 2);
}

// validate's step line gives the largest dt each scheme's damped bound allows (the paper scheme's closed form, RK4's
// by bisection): 2 % under it validate is quiet, 2 % over it the member is warned.
TEST_F(Cli, ValidatesLargestStableDtIsTheEdgeOfTheWarning) {
  for (const std::string scheme : {"greenspan", "rk4"}) {
    const auto dt_max_at = [&](double dt) {
      const auto validate = rodswarm("validate " + example1_with([&](nlohmann::json& c) {
                                       c["integrator"]["scheme"] = scheme;
                                       c["integrator"]["dt"] = dt;
                                       c["integrator"]["t_end"] = 100 * dt;  // whole numbers of steps
                                       c["output"]["save_every"] = 10 * dt;
                                     }));
      EXPECT_EQ(validate.code, 0) << validate.err;
      const std::size_t at = validate.out.find("(stable up to dt = ");
      double dt_max = 0;
      EXPECT_NE(at, std::string::npos) << validate.out;
      if (at != std::string::npos) std::sscanf(validate.out.c_str() + at, "(stable up to dt = %lf)", &dt_max);
      return std::make_pair(dt_max, validate.err.find("warning: dt lies outside") != std::string::npos);
    };
    const double dt_max = dt_max_at(0.002).first;
    std::printf("%s: largest stable dt %.3g\n", scheme.c_str(), dt_max);
    ASSERT_GT(dt_max, 0.002) << scheme;                       // example 1's own step is inside
    EXPECT_FALSE(dt_max_at(0.98 * dt_max).second) << scheme;  // 2 %: the line prints 3 digits
    EXPECT_TRUE(dt_max_at(1.02 * dt_max).second) << scheme;
  }
}

TEST_F(Cli, CompareAboveToleranceExitsOne) {
  // A tolerance below round-off cannot be met: compare must say so with exit 1, not pass silently.
  const auto cfg = example1_with([](nlohmann::json& c) {
    c["integrator"]["t_end"] = 1.0;
    c["compare"] = {{"tolerance", 1e-30}};
  });
  const auto compare = rodswarm("compare " + cfg + " --backend cpu --members 1");
  EXPECT_EQ(compare.code, 1) << compare.out << compare.err;
  EXPECT_NE(compare.out.find("FAIL"), std::string::npos);
}

TEST_F(Cli, InspectOfAMissingFileIsBadInput) {
  // A file given to read that is not there, not a results file or damaged is the user's input: exit 2.
  const auto o = rodswarm("inspect nothing.h5 --json");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("nothing.h5"), std::string::npos);
}

}  // namespace

namespace {}  // namespace
