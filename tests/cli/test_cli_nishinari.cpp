// The CLI with model nishinari: run, inspect, validate, compare, bench, a resumed run, and the verbs and inputs
// it refuses (exit 2 with the file and key named).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
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

// The twist wave's normals and spins as output fields, in both formulations: every save's spins carry the
// energy's `spin` column (sum of j C_s^2 / 2), the normals are across their segments and of unit length to RK4's
// error, and the row past
// the last segment is NaN (null in JSON).
TEST_F(CliNishinari, NormalsAndSpinsAreOutputsThatCarryTheSpinEnergy) {
  for (const char* formulation : {"intrinsic", "cartesian"}) {
    const auto cfg = config_with("twist_wave.json", [formulation](nlohmann::json& c) {
      c["params"]["formulation"] = formulation;
      c["integrator"]["t_end"] = 0.1;
      c["output"]["save_every"] = 0.02;
      c["output"]["fields"] = {"positions", "energy", "normals", "spins"};
    });
    const auto run = rodswarm("run " + cfg + " --backend cpu");
    ASSERT_EQ(run.code, 0) << run.err;
    const auto series = nlohmann::json::parse(rodswarm("inspect out.h5 --member 0 --json").out)["series"];
    const auto &spins = series["spins"], &normals = series["normals"], &x = series["positions"];
    const auto& energy = series["energy"];
    ASSERT_EQ(spins.size(), 6u);  // t = 0 and five saves
    const std::size_t beads = x[0].size();
    double worst_energy = 0, worst_unit = 0, worst_across = 0, largest_spin = 0;
    for (std::size_t k = 0; k < spins.size(); ++k) {
      ASSERT_EQ(spins[k].size(), beads);
      EXPECT_TRUE(spins[k][beads - 1][0].is_null());
      EXPECT_TRUE(normals[k][beads - 1][0].is_null());
      double e = 0;
      for (std::size_t s = 0; s + 1 < beads; ++s) {
        const double C = spins[k][s][0].get<double>();
        largest_spin = std::max(largest_spin, std::fabs(C));
        e += 0.5 * 5e-7 * C * C;  // j of the example
        double n[3], t[3], nn = 0, tn = 0, tt = 0;
        for (int a = 0; a < 3; ++a) {
          n[a] = normals[k][s][a].get<double>();
          t[a] = x[k][s + 1][a].get<double>() - x[k][s][a].get<double>();
          nn += n[a] * n[a];
          tn += t[a] * n[a];
          tt += t[a] * t[a];
        }
        worst_unit = std::max(worst_unit, std::fabs(std::sqrt(nn) - 1));
        worst_across = std::max(worst_across, std::fabs(tn) / std::sqrt(tt));
      }
      const double column = energy["spin"][k].get<double>();
      worst_energy = std::max(worst_energy, std::fabs(e - column) / std::max(column, 1e-300));
    }
    std::printf("%s: largest spin %.3e rad/s, spin energy against the column %.1e, |n| - 1 %.1e, n . t %.1e\n",
                formulation, largest_spin, worst_energy, worst_unit, worst_across);
    EXPECT_GT(largest_spin, 1e-3);  // the wave moves: the spins are not all zero
    EXPECT_LT(worst_energy, 1e-12);
    // The normals are RK4's state, not renormalised: measured 3.1e-7 (intrinsic) and 8.7e-7 (cartesian) off unit
    // length after 100 steps at spins of 25 rad/s.
    EXPECT_LT(worst_unit, 1e-5);
    EXPECT_LT(worst_across, 1e-12);
  }
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
