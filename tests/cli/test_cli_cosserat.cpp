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

// The motion outputs (angular velocities, accelerations, angular accelerations, constraint forces) in the file and
// in inspect --json, checked against Gauss's principle on the confined sphere: every node's constraint force is
// normal to the sphere (a multiplier times the radial gradient), some push out and some in (the rod is bent by the
// sphere from a straight rest shape); the accelerations are what the velocities did over the last step (to first
// order); elements past the last are null.
TEST_F(CliCosserat, MotionOutputsShowGausssConstraintForces) {
  const auto run = rodswarm(
      "run " + kExamples +
      "confined_sphere.json --set integrator.t_end=0.05 --set output.save_every=0.0001 --set output.xdmf=false "
      "--set 'output.fields=[\"positions\", \"velocities\", \"accelerations\", \"constraint_forces\", "
      "\"angular_velocities\", \"angular_accelerations\"]' --out m.h5");
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  const auto last = inspect("m.h5 --member 0 --final --json");
  const auto& x = last["positions"];
  const auto& f = last["constraint_forces"];
  const std::size_t nodes = x.size();
  ASSERT_EQ(f.size(), nodes);
  double largest = 0, off_normal = 0;
  for (std::size_t j = 0; j < nodes; ++j) {
    const double r[3] = {x[j][0].get<double>(), x[j][1].get<double>(), x[j][2].get<double>()};
    const double q[3] = {f[j][0].get<double>(), f[j][1].get<double>(), f[j][2].get<double>()};
    const double rn = std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
    const double radial = (q[0] * r[0] + q[1] * r[1] + q[2] * r[2]) / rn;
    const double qn = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
    largest = std::max(largest, qn);
    off_normal = std::max(off_normal, std::sqrt(std::max(0.0, qn * qn - radial * radial)));
  }
  std::printf("constraint forces: largest %.3e N, largest part off the normal %.3e N\n", largest, off_normal);
  EXPECT_GT(largest, 1e-3);
  EXPECT_LT(off_normal, 1e-7 * largest);  // measured 5e-9: a - a_f cancels the elastic accelerations' digits
  const auto& spin = last["angular_velocities"];
  ASSERT_EQ(spin.size(), nodes);
  EXPECT_TRUE(spin[nodes - 1][0].is_null());  // one element fewer than nodes
  EXPECT_FALSE(spin[0][0].is_null());
  EXPECT_EQ(last["angular_accelerations"].size(), nodes);
  // The saves are one step apart: (v_{k+1} - v_k) / dt against the mean of a_k and a_{k+1} (Verlet's kick is the
  // acceleration at the midpoint; the projection onto the sphere after each step takes a little more).
  const auto series = inspect("m.h5 --member 0 --json")["series"];
  const auto& v = series["velocities"];
  const auto& a = series["accelerations"];
  const std::size_t k = v.size() / 2;
  double worst = 0, scale = 0;
  for (std::size_t j = 0; j < nodes; ++j) {
    for (std::size_t c = 0; c < 3; ++c) {
      const double dv = (v[k + 1][j][c].get<double>() - v[k][j][c].get<double>()) / 1e-4;
      const double mean = 0.5 * (a[k][j][c].get<double>() + a[k + 1][j][c].get<double>());
      worst = std::max(worst, std::fabs(dv - mean));
      scale = std::max(scale, std::fabs(mean));
    }
  }
  std::printf("accelerations against the velocities' differences: %.2e of the largest %.3e m/s^2\n", worst / scale,
              scale);
  EXPECT_LT(worst, 2e-2 * scale);
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

namespace {

class CliCosseratModes : public rodswarm_test::CliFixture {
 protected:
  CliCosseratModes() : CliFixture("cosserat") {}
  /// A slender cantilever (timoshenko.json at n = 20, r = 0.05, E = 1e8, G = 4e7), unloaded and undamped.
  std::string slender_with(const std::function<void(nlohmann::json&)>& edit, const std::string& name = "c.json") {
    return config_with(
        "timoshenko.json",
        [&edit](nlohmann::json& c) {
          c["params"]["n"] = 20;
          c["params"]["radius"] = 0.05;
          c["params"]["youngs_modulus"] = 1e8;
          c["params"]["shear_modulus"] = 4e7;
          c["params"]["force1"] = {0, 0, 0};
          c["params"]["damping_force"] = 0;
          c["params"]["damping_torque"] = 0;
          c["integrator"]["dt"] = 2.5e-4;
          edit(c);
        },
        name);
  }
};

// The slender cantilever's first frequency from `modes` against Euler-Bernoulli's 1.8751^2 sqrt(E I / (rho A L^4))
// (discretisation, shear and rotary inertia shift it by under 0.5 % at n = 20) and against the oscillation `run`
// measures when the rod is thrown sideways: the projection of the nodes' y displacements on the mode's (mass-
// weighted) keeps mode 1 and its upward zero crossings, interpolated, give omega_1 as the run has it.
TEST_F(CliCosseratModes, ModesAgreeWithTheClosedFormAndWithTheRunsOscillation) {
  const auto cfg = slender_with([](nlohmann::json& c) {
    c["initial"]["velocity"] = {0, 1e-4, 0};
    c["integrator"]["t_end"] = 14.0;
    c["output"]["save_every"] = 0.01;
    c["output"]["fields"] = {"positions"};
  });
  const auto modes = rodswarm("modes " + cfg + " --out modes.h5 --count 4");
  ASSERT_EQ(modes.code, 0) << modes.out << modes.err;
  EXPECT_NE(modes.out.find("modes: 1 members, 4 modes each"), std::string::npos) << modes.out;
  const auto m = inspect("modes.h5 --member 0 --final --json");
  const double r = 0.05, E = 1e8, rho = 5000, L = 3;
  const double closed = 1.8751040687 * 1.8751040687 * std::sqrt(E * r * r / (4 * rho)) / (L * L);
  const double w1 = m["frequencies"][0].get<double>(), w2 = m["frequencies"][1].get<double>();
  std::printf("modes: omega_1 %.9f %.9f, closed form %.9f\n", w1, w2, closed);
  EXPECT_NEAR(w1, closed, 5e-3 * closed);
  EXPECT_NEAR(w2, w1, 1e-6 * w1);  // the two bending planes
  ASSERT_EQ(m["mode_shapes"].size(), 4u);
  ASSERT_EQ(m["mode_shapes"][0].size(), 21u);
  EXPECT_TRUE(m["mode_shapes"][0][20][0].is_null());  // the last node starts no element: no rotation (NaN)
  EXPECT_EQ(m["converged"], true);
  EXPECT_EQ(m["newton_iterations"], 0);   // unloaded: the initial state is the equilibrium
  ASSERT_EQ(m["directors"].size(), 21u);  // padded to the nodes' rows: the last is NaN
  EXPECT_TRUE(m["directors"][20][0].is_null());

  const auto run = rodswarm("run " + cfg + " --backend cpu -q");
  ASSERT_EQ(run.code, 0) << run.err;
  const auto j = inspect("out.h5 --member 0 --json");
  const int mode = rodswarm_test::mode_bending_more_in_y(m, 20);
  const rodswarm_test::RunFrequency f = rodswarm_test::run_frequency(m, mode, j, 20, 10);
  ASSERT_GE(f.periods, 1u);
  std::printf("run: omega %.9f from %zu periods; modes %.9f (relative %.2e)\n", f.omega, f.periods, w1,
              f.omega / w1 - 1);
  EXPECT_NEAR(f.omega, w1, 5e-5 * w1);
  // The shapes' rotations are in the lab (Q^T theta; this rod's Q is not the identity: d1 = y, d2 = -x): each
  // element turns about e_z x (its slope), the way the mode bends it (the two bending planes share omega_1, so a
  // mode may bend in any direction between x and y).
  for (int k = 5; k < 15; ++k) {
    const auto& row = m["mode_shapes"][mode][k];
    const auto& next = m["mode_shapes"][mode][k + 1];
    const double sx = next[3].get<double>() - row[3].get<double>(), sy = next[4].get<double>() - row[4].get<double>();
    const double tx = row[0].get<double>(), ty = row[1].get<double>();
    const double size = std::hypot(tx, ty) * std::hypot(sx, sy);
    EXPECT_GT(-tx * sy + ty * sx, 0.99 * size) << k;  // along e_z x slope
    EXPECT_LT(std::fabs(row[2].get<double>()), 1e-6 * std::hypot(tx, ty)) << k;
  }
}

// Under timoshenko.json's tip force, modes moves the rod to its equilibrium by Newton; `steady` (dynamic
// relaxation) finds the same tip once its tolerance is tight (its default, 1e-10 of the initial Z_s, a quadratic
// measure, leaves the tip 3e-5 short).
TEST_F(CliCosseratModes, NewtonFindsTheEquilibriumThatSteadyRelaxesTo) {
  const std::string cfg = kExamples + "timoshenko.json --set params.n=20";
  const auto modes = rodswarm("modes " + cfg + " --out modes.h5");
  ASSERT_EQ(modes.code, 0) << modes.out << modes.err;
  const auto m = inspect("modes.h5 --member 0 --final --json");
  EXPECT_EQ(m["converged"], true);
  EXPECT_GT(m["newton_iterations"].get<int>(), 0);
  EXPECT_LE(m["newton_iterations"].get<int>(), 10);
  EXPECT_EQ(modes.err.find("not symmetric"), std::string::npos) << modes.err;  // a dead force is conservative
  const auto steady =
      rodswarm("steady " + cfg + " --set steady.tol=1e-18 --set steady.max_time=400 --backend cpu --out st.h5");
  ASSERT_EQ(steady.code, 0) << steady.out << steady.err;
  const auto s = inspect("st.h5 --member 0 --final --json");
  for (int c = 0; c < 3; ++c) {
    const double newton = m["positions"][20][c].get<double>(), relaxed = s["positions"][20][c].get<double>();
    std::printf("tip %d: Newton %.12e, dynamic relaxation %.12e\n", c, newton, relaxed);
    EXPECT_NEAR(newton, relaxed, 2e-10);
  }
  EXPECT_LT(m["positions"][20][0].get<double>(), -0.05);  // bent well away from the axis
}

// `steady` by Newton (steady.method "newton"): the tip timoshenko.json's force bends the rod to is the one dynamic
// relaxation reaches (at a tight tolerance), in a few iterations; a stiff rod's gravity sag (E = 1e10, where
// relaxation's Z_s floors above its target) converges in a few iterations to the Euler-Bernoulli-Timoshenko sag
// q L^4 / (8 E I) + q L^2 / (2 kappa_s G A), with a residual near round-off (E A 1e-13: strains rounded at
// 1e-13, about 1e-16 over h = 1/50 and a few operations); /steady/iterations holds
// Newton's iterations and the time is NaN (null in inspect --json: Newton has no time).
TEST_F(CliCosseratModes, SteadyByNewtonMatchesRelaxationAndSagsAStiffRod) {
  const std::string cfg = kExamples + "timoshenko.json --set params.n=20";
  const auto newton = rodswarm("steady " + cfg + " --set steady.method=\"newton\" --backend cpu --out nt.h5");
  ASSERT_EQ(newton.code, 0) << newton.out << newton.err;
  EXPECT_NE(newton.out.find("Newton, 0 not converged"), std::string::npos) << newton.out;
  const auto n = inspect("nt.h5 --member 0 --final --json");
  EXPECT_LE(n["newton_iterations"].get<int>(), 10);
  const auto relaxed =
      rodswarm("steady " + cfg + " --set steady.tol=1e-18 --set steady.max_time=400 --backend cpu --out st.h5");
  ASSERT_EQ(relaxed.code, 0) << relaxed.out << relaxed.err;
  const auto r = inspect("st.h5 --member 0 --final --json");
  for (int c = 0; c < 3; ++c) {
    std::printf("tip %d: Newton steady %.12e, dynamic relaxation %.12e\n", c, n["positions"][20][c].get<double>(),
                r["positions"][20][c].get<double>());
    EXPECT_NEAR(n["positions"][20][c].get<double>(), r["positions"][20][c].get<double>(), 2e-10);
  }

  const double E = 1e10, G = E / 3, radius = 0.01, A = M_PI * radius * radius, I = A * radius * radius / 4;
  const double q = 1000 * A * 9.81, sag = q / (8 * E * I) + q / (2 * 0.9 * G * A);  // L = 1
  const auto stiff = rodswarm("steady " + kExamples +
                              "dynamic_cantilever.json --set params.youngs_modulus=1e10 --set "
                              "params.shear_modulus=3.3333333333e9 --set params.g=[0,0,-9.81] --set "
                              "initial.perturbation.amplitude=0 --set steady.method=\"newton\" --out sag.h5");
  ASSERT_EQ(stiff.code, 0) << stiff.out << stiff.err;
  const auto g = inspect("sag.h5 --member 0 --final --json");
  const double tip = g["positions"][50][2].get<double>();
  std::printf("stiff sag: tip %.9e, closed form %.9e (%.1e), %d iterations, residual %.2e N\n", tip, -sag,
              -tip / sag - 1, g["newton_iterations"].get<int>(), g["residual"].get<double>());
  EXPECT_NEAR(-tip, sag, 1e-3 * sag);
  EXPECT_LE(g["newton_iterations"].get<int>(), 6);
  EXPECT_LT(g["residual"].get<double>(), 1e-13 * E * A);
  EXPECT_TRUE(g["t"].is_null()) << g["t"];
  // float32: refused, naming the key, before any file is written.
  const auto single = rodswarm("steady " + cfg + " --set steady.method=\"newton\" --precision float32 --out f.h5");
  EXPECT_EQ(single.code, 2) << single.out << single.err;
#if RODSWARM_WITH_FLOAT32
  EXPECT_NE(single.err.find("steady.method \"newton\" works in float64"), std::string::npos) << single.err;
#else  // a build without float32 (the sanitizer presets) refuses it first
  EXPECT_NE(single.err.find("precision: \"float32\" is not in this build"), std::string::npos) << single.err;
#endif
  EXPECT_FALSE(std::filesystem::exists(dir_ / "f.h5"));
}

// A couple held fixed in the lab is not conservative: K is not symmetric, and modes says so (the frequencies are
// those of its symmetric part).
TEST_F(CliCosseratModes, ANonConservativeCoupleIsWarned) {
  const auto modes = rodswarm("modes " + slender_with([](nlohmann::json& c) {
                                c["params"]["couple1"] = {10, 0, 10};
                              }) +
                              " --out modes.h5");
  ASSERT_EQ(modes.code, 0) << modes.out << modes.err;
  EXPECT_NE(modes.err.find("rodswarm: warning: modes: K is not symmetric for 1 members (e.g. member 0:"),
            std::string::npos)
      << modes.err;
}

// A member confined to a surface carries constraint rows that the linearisation does not (yet) take: refused with
// the file and the key, exit 2, no results file.
TEST_F(CliCosseratModes, ConfinedMemberIsRefused) {
  expect_refused(config_with("confined_sphere.json", [](nlohmann::json&) {}), "c.json", "params.surface",
                 "confined to a surface", "modes");
}

}  // namespace
