// The CLI with model rolling: run and inspect (space-time field, energy, contact points and multiplier), the
// spectrum and Lyapunov analyses, compare, validate, steady (refused), the stability and resolution warnings, a
// stopped run that resumes, bench, and the inputs it refuses (exit 2 with the file and key named, no results
// written).
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

const std::string kExamples = std::string(RODSWARM_SOURCE_DIR) + "/examples/rolling/";
constexpr double kPi = 3.14159265358979323846;

class CliRolling : public rodswarm_test::CliFixture {
 protected:
  CliRolling() : CliFixture("rolling") {}
};

bool lists(const nlohmann::json& array, const std::string& name) {
  return std::find(array.begin(), array.end(), name) != array.end();
}

// fixed_contact.json shortened to 800 steps, with K = 64 modes (kappa_K = 32, kappa_K sigma = 6.4: resolved).
const std::string kShortFixedContact = " --set integrator.t_end=4 --set params.modes=64 --set params.sigma=0.2";

TEST_F(CliRolling, PeriodicRunKeepsTheContactPointsTogetherAndConservesEnergy) {
  const auto run = rodswarm("run " + kExamples + "periodic.json --out out.h5 --backend cpu -q");
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("run: 1 members, 2000 steps"), std::string::npos) << run.out;
  EXPECT_EQ(run.err.find("warning"), std::string::npos) << run.err;
  ASSERT_TRUE(fs::exists(dir_ / "out.h5"));

  const auto j = inspect("out.h5 --member 0 --final --json");
  EXPECT_EQ(j["member"], 0);
  EXPECT_DOUBLE_EQ(j["t"].get<double>(), 20.0);
  EXPECT_EQ(j["diverged"], false);
  EXPECT_EQ(j["rods"], 2);
  EXPECT_DOUBLE_EQ(j["params"]["sigma"].get<double>(), 0.2) << j["params"];
  EXPECT_DOUBLE_EQ(j["params"]["s1"].get<double>(), 1.0) << j["params"];  // the initial contact point
  // Both strings, output.points = 129 samples each, ends included: bead b of string u at x = L b / 128, then v.
  const double L = 2 * kPi;
  ASSERT_EQ(j["positions"].size(), 2u * 129u);
  for (std::size_t b = 0; b < 258; ++b) {
    const auto& x = j["positions"][b];
    ASSERT_EQ(x.size(), 3u);
    EXPECT_NEAR(x[0].get<double>(), L * double(b % 129) / 128, 1e-12) << b;
    EXPECT_TRUE(std::isfinite(x[1].get<double>())) << b;
    EXPECT_EQ(x[2].get<double>(), 0.0) << b;
  }
  // Periodic ends: each string takes the same value at x = 0 and x = L.
  EXPECT_NEAR(j["positions"][0][1].get<double>(), j["positions"][128][1].get<double>(), 1e-12);
  EXPECT_NEAR(j["positions"][129][1].get<double>(), j["positions"][257][1].get<double>(), 1e-12);

  ASSERT_EQ(j["energy"].size(), 3u) << j["energy"];
  const double kinetic = j["energy"]["kinetic"].get<double>(), potential = j["energy"]["potential"].get<double>();
  const double total = j["energy"]["total"].get<double>();
  EXPECT_GT(kinetic, 0.0);
  EXPECT_GT(potential, 0.0);
  EXPECT_NEAR(total, kinetic + potential, 1e-12 * total);

  // F = 1, G1 = G2 and s1 = s2 at t = 0: the contact points move, together.
  ASSERT_TRUE(j.contains("contact")) << j;
  const double s1 = j["contact"]["s1"].get<double>(), s2 = j["contact"]["s2"].get<double>();
  EXPECT_NEAR(s1, s2, 1e-8);
  EXPECT_GT(std::fabs(s1 - 1.0), 1e-2) << "the contact point did not move";
  EXPECT_GT(s1, 0.0);
  EXPECT_LT(s1, L);
  EXPECT_TRUE(std::isfinite(j["contact"]["lambda"].get<double>())) << j["contact"];
  EXPECT_FALSE(j.contains("lyapunov")) << "no analysis.lyapunov in periodic.json";

  // The series: saves every 0.1 from t = 0; energy conserved from the first save, s1 = s2 at every save.
  const auto all = inspect("out.h5 --member 0 --json");
  ASSERT_EQ(all["time"].size(), 201u);
  EXPECT_EQ(all["time"][0].get<double>(), 0.0);
  const auto& series = all["series"];
  for (const char* field : {"positions", "velocities", "energy", "contact"}) {
    EXPECT_TRUE(series.contains(field)) << field;
  }
  const auto& energy = series["energy"]["total"];
  ASSERT_EQ(energy.size(), 201u);
  const double e0 = energy[0].get<double>();
  EXPECT_GT(e0, 0.0);
  EXPECT_NEAR(total, e0, 1e-6 * e0);
  for (std::size_t k = 0; k < energy.size(); ++k) EXPECT_NEAR(energy[k].get<double>(), e0, 1e-6 * e0) << k;
  const auto& c = series["contact"];
  ASSERT_EQ(c["s1"].size(), 201u);
  EXPECT_EQ(c["s1"][0].get<double>(), 1.0);
  for (std::size_t k = 0; k < c["s1"].size(); ++k) {
    EXPECT_NEAR(c["s1"][k].get<double>(), c["s2"][k].get<double>(), 1e-8) << k;
  }
  EXPECT_EQ(c["s1"].back(), j["contact"]["s1"]);

  const auto s = inspect("out.h5 --json");
  EXPECT_EQ(s["model"], "rolling");
  EXPECT_EQ(s["kind"], "run");
  EXPECT_EQ(s["members"], 1);
  EXPECT_EQ(s["saves"], 201);
  EXPECT_EQ(s["max_beads"], 258);
  EXPECT_EQ(s["diverged"], 0);
  EXPECT_EQ(s["stability_warnings"], 0);
  for (const char* field : {"positions", "velocities", "energy", "contact"}) {
    EXPECT_TRUE(lists(s["fields"], field)) << field << s["fields"];
  }
  EXPECT_FALSE(lists(s["fields"], "lyapunov")) << s["fields"];
  EXPECT_FALSE(s.contains("spectrum")) << s;
}

TEST_F(CliRolling, FixedContactRunWritesTheSpectrumAndAFiniteLyapunovExponent) {
  const auto run =
      rodswarm("run " + kExamples + "fixed_contact.json --out fc.h5 --backend cpu -q" + kShortFixedContact);
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("run: 1 members, 800 steps"), std::string::npos) << run.out;
  EXPECT_EQ(run.err.find("warning"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("not resolved"), std::string::npos) << run.err;

  const auto s = inspect("fc.h5 --json");
  EXPECT_EQ(s["model"], "rolling");
  for (const char* field : {"positions", "energy", "contact", "lyapunov"}) {
    EXPECT_TRUE(lists(s["fields"], field)) << field << s["fields"];
  }
  EXPECT_TRUE(lists(s["final_fields"], "lyapunov")) << s["final_fields"];
  EXPECT_TRUE(lists(s["final_fields"], "contact")) << s["final_fields"];
  // /spectrum: harmonic 2 sampled every 0.05 over t = 0 ... 4 (81 samples), power on 65 frequencies of /spectrum/omega
  // (N_fft = 128).
  ASSERT_TRUE(s.contains("spectrum")) << s;
  EXPECT_EQ(s["spectrum"]["harmonic"], 2);
  EXPECT_DOUBLE_EQ(s["spectrum"]["sample_interval"].get<double>(), 0.05);
  EXPECT_EQ(s["spectrum"]["samples"], 81);
  EXPECT_EQ(s["spectrum"]["frequencies"], 65);

  const auto j = inspect("fc.h5 --member 0 --final --json");
  ASSERT_TRUE(j.contains("lyapunov")) << j;
  ASSERT_TRUE(j["lyapunov"].is_number()) << j["lyapunov"];  // NaN would be written as null
  EXPECT_TRUE(std::isfinite(j["lyapunov"].get<double>())) << j["lyapunov"];
  EXPECT_EQ(j["positions"].size(), 258u);
  // Fixed ends: both strings vanish at x = 0 and x = L.
  for (std::size_t b : {0u, 128u, 129u, 257u}) EXPECT_NEAR(j["positions"][b][1].get<double>(), 0.0, 1e-12) << b;
  // u = sin x, v = 0 at rest: the energy is int (u_x)^2 / 2 = pi / 2, and it is conserved.
  EXPECT_NEAR(j["energy"]["total"].get<double>(), kPi / 2, 1e-6 * kPi / 2);
  // F = 1 and G1 = G2: the contact points keep their distance 3.7 - 2.1 = 1.6.
  const double s1 = j["contact"]["s1"].get<double>(), s2 = j["contact"]["s2"].get<double>();
  EXPECT_NEAR(s2 - s1, 1.6, 1e-6) << j["contact"];
  EXPECT_GT(s1, 0.0);
  EXPECT_LT(s2, 2 * kPi);

  // The running estimate: NaN (null) at t = 0, before the first renormalisation; the final value at the last save.
  const auto series = inspect("fc.h5 --member 0 --json")["series"]["lyapunov"];
  ASSERT_EQ(series.size(), 41u);
  EXPECT_TRUE(series[0].is_null()) << series[0];
  EXPECT_EQ(series.back(), j["lyapunov"]);
}

TEST_F(CliRolling, CompareAgreesWithTheReferenceAndFailsBelowItsError) {
  // A short window on a coarse grid keeps the sanitizer build fast; the tolerance follows the grid's own error.
  const auto compare = rodswarm("compare " + kExamples +
                                "periodic.json --backend cpu --set compare.t_end=2 --set compare.reference_points=768");
  EXPECT_EQ(compare.code, 0) << compare.out << compare.err;
  for (const char* field : {"displacement", "velocity", "contact", "multiplier", "energy"}) {
    const std::regex row(std::string("\n  ") + field + " +[-+.e0-9]+ +[-+.e0-9]+ +[-+.e0-9]+  ok\n");
    EXPECT_TRUE(std::regex_search(compare.out, row)) << field << "\n" << compare.out;
  }
  EXPECT_NE(compare.out.find("compare: all fields within tolerance"), std::string::npos) << compare.out;
  EXPECT_NE(compare.out.find("finite differences"), std::string::npos) << compare.out;
  EXPECT_TRUE(no_results_left());

  // No discretisation agrees with another to 1e-12 (a window of 100 steps is enough to show it).
  const auto strict = rodswarm("compare " + kExamples +
                               "periodic.json --backend cpu --set compare.tolerance=1e-12 --set compare.t_end=1 "
                               "--set compare.reference_points=768");
  EXPECT_EQ(strict.code, 1) << strict.out << strict.err;
  for (const char* field : {"displacement", "velocity", "contact", "multiplier", "energy"}) {
    const std::regex row(std::string("\n  ") + field + " +[-+.e0-9]+ +[-+.e0-9]+ +1\\.0e-12  FAIL\n");
    EXPECT_TRUE(std::regex_search(strict.out, row)) << field << "\n" << strict.out;
  }
  EXPECT_NE(strict.out.find("compare: FAILED"), std::string::npos) << strict.out;
}

TEST_F(CliRolling, ValidatePrintsTheLyapunovMapSize) {
  const auto validate = rodswarm("validate " + kExamples + "lyapunov_map.json");
  ASSERT_EQ(validate.code, 0) << validate.err;
  EXPECT_NE(validate.out.find("config OK: "), std::string::npos) << validate.out;
  EXPECT_NE(validate.out.find("model rolling"), std::string::npos) << validate.out;
  EXPECT_NE(validate.out.find("members: 2048"), std::string::npos) << validate.out;
  for (const char* key : {"params.frozen", "initial.s1", "initial.s2"}) {
    EXPECT_NE(validate.out.find(std::string("    ") + key + "\n"), std::string::npos) << key << validate.out;
  }
  EXPECT_NE(validate.out.find("Lyapunov exponent on"), std::string::npos) << validate.out;
  EXPECT_EQ(validate.err.find("warning"), std::string::npos) << validate.err;
  EXPECT_EQ(validate.err.find("not resolved"), std::string::npos) << validate.err;
  EXPECT_TRUE(no_results_left());
}

TEST_F(CliRolling, SteadyIsRefused) {
  const auto steady = rodswarm("steady " + kExamples + "periodic.json --backend cpu --out st.h5");
  EXPECT_EQ(steady.code, 2) << steady.out << steady.err;
  EXPECT_NE(steady.err.find("periodic.json"), std::string::npos) << steady.err;
  EXPECT_NE(steady.err.find("steady is not defined for model rolling"), std::string::npos) << steady.err;
  EXPECT_TRUE(no_results_left());
}

TEST_F(CliRolling, Float32LyapunovTwinNeedsALargerSeparation) {
  // float32 rounds O(1) states at 6e-8: a twin 1e-8 away would measure round-off, so the run is refused.
  const auto run = rodswarm("run " + kExamples + "fixed_contact.json --backend cpu --precision float32 -q --out f.h5 " +
                            "--set params.modes=64 --set params.sigma=0.2 --set integrator.t_end=1");
  EXPECT_EQ(run.code, 2) << run.out << run.err;
  EXPECT_NE(run.err.find("analysis.lyapunov.d0"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("float64"), std::string::npos) << run.err;
  EXPECT_TRUE(no_results_left());
  // validate says it first (scripts/gpu-check asks validate before comparing an example in float32).
  const auto validate = rodswarm("validate " + kExamples + "fixed_contact.json --precision float32");
  EXPECT_EQ(validate.code, 2) << validate.out << validate.err;
  EXPECT_NE(validate.err.find("analysis.lyapunov.d0"), std::string::npos) << validate.err;
  const auto ok = rodswarm("run " + kExamples + "fixed_contact.json --backend cpu --precision float32 -q --out f.h5 " +
                           "--set params.modes=64 --set params.sigma=0.2 --set integrator.t_end=1 " +
                           "--set analysis.lyapunov.d0=1e-3");
#if RODSWARM_WITH_FLOAT32
  EXPECT_EQ(ok.code, 0) << ok.out << ok.err;
#else  // a build without float32 (the sanitizer presets): refused as such, bad input naming the key
  EXPECT_EQ(ok.code, 2) << ok.out << ok.err;
  EXPECT_NE(ok.err.find("fixed_contact.json: precision: \"float32\" is not in this build"), std::string::npos)
      << ok.err;
  EXPECT_TRUE(no_results_left());
#endif
}

TEST_F(CliRolling, UnknownKeyIsRefusedWithASuggestion) {
  const auto cfg = config_with("periodic.json", [](nlohmann::json& c) {
    c["params"]["sigmaa"] = c["params"]["sigma"];
    c["params"].erase("sigma");
  });
  expect_refused(cfg, "c.json", "params.sigmaa", "did you mean \"params.sigma\"");
  // The same misspelling given with --set.
  expect_refused(config_with("periodic.json", [](nlohmann::json&) {}) + " --set params.sigmaa=0.3", "", "params.sigmaa",
                 "did you mean \"params.sigma\"");
  // A key of another shape kind is named as such.
  expect_refused(config_with("periodic.json", [](nlohmann::json& c) { c["initial"]["u_t"]["at"] = 1.0; }), "c.json",
                 "initial.u_t.at", "belongs to kind \"pluck\"");
}

TEST_F(CliRolling, WrongTypeIsRefused) {
  expect_refused(config_with("periodic.json", [](nlohmann::json& c) { c["params"]["modes"] = "sixty-five"; }), "c.json",
                 "params.modes", "string");
  expect_refused(config_with("periodic.json", [](nlohmann::json& c) { c["params"]["sigma"] = {0.2}; }), "c.json",
                 "params.sigma", "array");
  expect_refused(config_with("periodic.json", [](nlohmann::json& c) { c["initial"]["s1"] = "one"; }), "c.json",
                 "initial.s1", "string");
  expect_refused(config_with("fixed_contact.json", [](nlohmann::json& c) { c["params"]["frozen"] = "no"; }), "c.json",
                 "params.frozen");
}

TEST_F(CliRolling, ContactPointOutsideTheStringIsRefused) {
  expect_refused(config_with("periodic.json", [](nlohmann::json& c) { c["initial"]["s1"] = 7.0; }), "c.json",
                 "initial.s1", "[0, L]");
  expect_refused(config_with("fixed_contact.json", [](nlohmann::json& c) { c["initial"]["s2"] = -0.5; }), "c.json",
                 "initial.s2", "[0, L]");
  // An ensemble member outside is as bad as a single config.
  expect_refused(config_with("periodic.json",
                             [](nlohmann::json& c) {
                               c["ensemble"] = {{"mode", "grid"}, {"vary", {{"initial.s1", {{"values", {1.0, 7.0}}}}}}};
                             }),
                 "c.json", "initial.s1", "member 1");
}

TEST_F(CliRolling, NonPositiveSigmaIsRefused) {
  expect_refused(config_with("periodic.json", [](nlohmann::json& c) { c["params"]["sigma"] = 0; }), "c.json",
                 "params.sigma", "positive");
  expect_refused(config_with("fixed_contact.json", [](nlohmann::json& c) { c["params"]["sigma"] = -0.1; }), "c.json",
                 "params.sigma", "positive");
  expect_refused(config_with("periodic.json", [](nlohmann::json&) {}) + " --set params.sigma=0", "", "params.sigma",
                 "positive");
}

TEST_F(CliRolling, IntervalsThatAreNotWholeStepsAreRefused) {
  // dt = 0.005: 0.0523 is 10.46 steps.
  expect_refused(config_with("fixed_contact.json",
                             [](nlohmann::json& c) { c["analysis"]["spectrum"]["sample_interval"] = 0.0523; }),
                 "c.json", "analysis.spectrum.sample_interval", "not a whole number of steps");
  expect_refused(config_with("fixed_contact.json",
                             [](nlohmann::json& c) { c["analysis"]["lyapunov"]["renorm_interval"] = 0.0123; }),
                 "c.json", "analysis.lyapunov.renorm_interval", "not a whole number of steps");
  expect_refused(config_with("periodic.json", [](nlohmann::json& c) { c["output"]["save_every"] = 0.015; }), "c.json",
                 "output.save_every", "not a whole number of steps");
}

TEST_F(CliRolling, UnstableDtIsWarnedWithTheMembers) {
  // periodic.json: kappa_K = 32 (last mode cos 32x), so RK4 needs dt < 2.8 / 32 = 0.0875; members 1 and 3 exceed it.
  const auto cfg = config_with("periodic.json", [](nlohmann::json& c) {
    c["integrator"]["t_end"] = 1.0;
    c["output"]["save_every"] = 0.5;
    c["ensemble"] = {{"mode", "grid"}, {"vary", {{"integrator.dt", {0.01, 0.1, 0.01, 0.1}}}}};
  });
  expect_members_1_and_3_warned(cfg, "RK4's stability bound for 2 member(s): 1, 3", "dt * omega_max = 3.2");

  // The example itself (dt kappa_K = 0.32, kappa_K sigma = 6.4) is warned about for nothing.
  const auto stable = rodswarm("validate " + (examples() / "periodic.json").string());
  EXPECT_EQ(stable.code, 0) << stable.err;
  EXPECT_EQ(stable.err, "");
}

TEST_F(CliRolling, UnresolvedSigmaIsWarned) {
  // periodic.json's K = 65 (kappa_K = 32) resolves sigma >= 5.26 / 32 = 0.1643, not 0.1.
  const std::string expected = "params.sigma = 0.1 is not resolved by params.modes = 65";
  const auto validate = rodswarm("validate " + kExamples + "periodic.json --set params.sigma=0.1");
  EXPECT_EQ(validate.code, 0) << validate.err;
  EXPECT_NE(validate.err.find(expected), std::string::npos) << validate.err;
  EXPECT_NE(validate.err.find("params.modes >= 106"), std::string::npos) << validate.err;
  EXPECT_NE(validate.err.find("params.sigma >= 0.1643"), std::string::npos) << validate.err;
  EXPECT_EQ(validate.out.find("resolved"), std::string::npos) << validate.out;

  const auto run = rodswarm("run " + kExamples +
                            "periodic.json --backend cpu -q --out out.h5 --set params.sigma=0.1 "
                            "--set integrator.t_end=0.1");
  EXPECT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_NE(run.err.find(expected), std::string::npos) << run.err;
  EXPECT_TRUE(fs::exists(dir_ / "out.h5"));

  // fixed_contact.json's sigma = 0.1 needs K >= 106: the K = 64 of a shortened run does not resolve it.
  const auto coarse = rodswarm("validate " + kExamples + "fixed_contact.json --set params.modes=64");
  EXPECT_EQ(coarse.code, 0) << coarse.err;
  EXPECT_NE(coarse.err.find("params.sigma = 0.1 is not resolved by params.modes = 64"), std::string::npos)
      << coarse.err;
}

TEST_F(CliRolling, CompareWarnsAboutAnUnresolvedSigma) {
  // The warning matters most here: compare's reference, which does not truncate, will disagree.
  const auto compare =
      rodswarm("compare " + kExamples + "periodic.json --backend cpu --set params.sigma=0.1 --set compare.t_end=1");
  EXPECT_TRUE(compare.code == 0 || compare.code == 1) << compare.code << compare.out << compare.err;
  EXPECT_NE(compare.err.find("params.sigma = 0.1 is not resolved by params.modes = 65"), std::string::npos)
      << compare.err;
  EXPECT_EQ(compare.out.find("not resolved"), std::string::npos) << compare.out;
}

TEST_F(CliRolling, BenchPrintsRowsForModelRolling) {
  // bench caches the device's ceilings: keep them in the test's directory, not the user's cache.
  ::setenv("RODSWARM_CACHE_DIR", dir_.string().c_str(), 1);
  const auto bench = rodswarm("bench --model rolling --backend cpu --scale 0.001 --steps-scale 0.01 --json");
  ::unsetenv("RODSWARM_CACHE_DIR");
  ASSERT_EQ(bench.code, 0) << bench.out << bench.err;
  const auto report = nlohmann::json::parse(bench.out);
  EXPECT_EQ(report["model"], "rolling");
  const auto& rows = report["rows"];
  ASSERT_EQ(rows.size(), 2u) << rows;
  for (const auto& row : rows) {
    EXPECT_EQ(row["model"], "rolling") << row;
    EXPECT_EQ(row["backend"], "cpu") << row;
    EXPECT_EQ(row["scheme"], "rk4") << row;
    EXPECT_EQ(row["diverged"], 0) << row;
    EXPECT_GE(row["members"].get<int>(), 1) << row;
    EXPECT_GE(row["steps"].get<int>(), 1) << row;
    EXPECT_GT(row["bead_steps_per_second"].get<double>(), 0.0) << row;
    EXPECT_GT(row["flop_per_bead_step"].get<double>(), 0.0) << row;
  }
  EXPECT_EQ(rows[0]["problem"], "K=32");
  EXPECT_EQ(rows[0]["beads"], 64);  // 2K: the modes of both strings
  EXPECT_EQ(rows[1]["problem"], "K=128");
  EXPECT_EQ(rows[1]["beads"], 256);
}

// A member whose contact point a blow-up carried off its string (dt 1.2, far beyond RK4's bound) is counted in
// the run's line and its exit code: at d3a5c6a the run said "0 diverged" and exited 0.
TEST_F(CliRolling, SingularMembersAreCountedInTheReportAndTheExitCode) {
  const std::string sets =
      " --set params.modes=32 --set params.sigma=0.4 --set integrator.t_end=12 --set output.save_every=0"
      " --set analysis.spectrum.sample_interval=1.2 --set analysis.lyapunov.renorm_interval=1.2";
  const auto healthy = rodswarm("run " + kExamples + "fixed_contact.json --out ok.h5 --backend cpu -q" + sets +
                                " --set integrator.dt=0.01");
  EXPECT_EQ(healthy.code, 0) << healthy.out << healthy.err;
  EXPECT_NE(healthy.out.find("0 diverged, 0 singular"), std::string::npos) << healthy.out;
  const auto run = rodswarm("run " + kExamples + "fixed_contact.json --out out.h5 --backend cpu -q" + sets +
                            " --set integrator.dt=1.2 --set params.G1=10");
  EXPECT_EQ(run.code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("0 diverged, 1 singular"), std::string::npos) << run.out;
  EXPECT_NE(run.err.find("1 member(s) stopped where a contact point left its string"), std::string::npos) << run.err;
  EXPECT_EQ(inspect("out.h5 --member 0 --final --json")["singular"], true);
}

}  // namespace
