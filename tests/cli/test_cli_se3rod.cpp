// The CLI with model se3rod: run and inspect (positions, directors, lab velocities, energies), validate, compare and
// bench, `modes` (frequencies against the closed form and against the period `run` measures on the same rod, mode
// shapes, the Newton equilibrium of a loaded rod), `steady` (that equilibrium), the stability warning naming its
// members, and the inputs refused with exit 2.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"
#include "rodswarm/models/se3rod_cost.hpp"

namespace fs = std::filesystem;

namespace {

class CliSe3rod : public rodswarm_test::CliFixture {
 protected:
  CliSe3rod() : CliFixture("se3rod") {}
  /// The cantilever example with one edit applied (t_end 0.02 unless the edit sets it).
  std::string cantilever_with(const std::function<void(nlohmann::json&)>& edit, const std::string& name = "c.json") {
    return config_with(
        "cantilever.json",
        [&edit](nlohmann::json& c) {
          c["integrator"]["t_end"] = 0.02;
          edit(c);
        },
        name);
  }
};

TEST_F(CliSe3rod, RunWritesPosesVelocitiesAndEnergiesThatInspectShows) {
  const auto cfg = cantilever_with([](nlohmann::json& c) {
    c["output"]["fields"] = {"positions", "directors", "velocities", "angular_velocities", "energy"};
  });
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("run: 1 members, 200 steps"), std::string::npos) << run.out;
  const auto j = inspect("out.h5 --member 0 --final --json");
  EXPECT_DOUBLE_EQ(j["t"].get<double>(), 0.02);
  ASSERT_EQ(j["positions"].size(), 21u);
  ASSERT_EQ(j["directors"].size(), 21u);
  EXPECT_EQ(j["directors"][0].size(), 9u);
  for (const char* key : {"kinetic", "elastic", "gravity", "loads", "total"})
    EXPECT_TRUE(j["energy"].contains(key)) << key;
  // The clamped node stays put; the tip moves along the initial velocity (0, 0.02, 0).
  EXPECT_EQ(j["positions"][0][1].get<double>(), 0.0);
  const double tip_y = j["positions"][20][1].get<double>(), tip_vy = j["velocities"][20][1].get<double>();
  EXPECT_GT(tip_y, 0.0002);
  EXPECT_LT(tip_y, 0.0005);
  EXPECT_GT(tip_vy, 0.0);
  EXPECT_LT(tip_vy, 0.03);
  // The total energy stays the initial kinetic energy, but for what RK4 takes from the top modes that the clamp's
  // velocity jump excites (dt omega_max = 1.19: |R| = 1 - 0.02 a step for them): 1.9e-4 of it after 200 steps.
  const double kinetic0 = 0.5 * 1000 * M_PI * 1e-4 * 0.02 * 0.02 * (1.0 - 0.5 / 20);
  EXPECT_NEAR(j["energy"]["total"].get<double>(), kinetic0, 1e-3 * kinetic0);
  EXPECT_LE(j["energy"]["total"].get<double>(), kinetic0);
  EXPECT_EQ(j["diverged"], false);
  EXPECT_DOUBLE_EQ(j["params"]["youngs_modulus"].get<double>(), 1e7);
}

TEST_F(CliSe3rod, ValidateCompareAndBenchRun) {
  const auto cfg = cantilever_with([](nlohmann::json& c) { c["params"]["g"] = {0, -9.81, 0}; });
  const auto validate = rodswarm("validate " + cfg);
  ASSERT_EQ(validate.code, 0) << validate.err;
  EXPECT_NE(validate.out.find("model se3rod, scheme rkmk4"), std::string::npos) << validate.out;
  for (const char* scheme : {"rkmk4", "lie_euler", "variational"}) {
    // Lie-Euler (explicit Euler on the twists) needs dt omega_max well below 1: 0.06 (200 steps, as the others).
    const std::string dt =
        std::string(scheme) == "lie_euler" ? " --set integrator.dt=5e-6 --set integrator.t_end=0.001" : "";
    const auto compare =
        rodswarm("compare " + cfg + " --backend cpu --set integrator.scheme='\"" + std::string(scheme) + "\"'" + dt);
    EXPECT_EQ(compare.code, 0) << scheme << compare.out << compare.err;
  }
  const auto bench = rodswarm("bench --model se3rod --backend cpu --scale 0.001 --steps-scale 0.1");
  EXPECT_EQ(bench.code, 0) << bench.err;
  EXPECT_NE(bench.out.find("variational"), std::string::npos) << bench.out;
  // The rolling row runs (its members pass the plane checks) and is charged the reaction's FLOPs.
  EXPECT_NE(bench.out.find("plane16 rkmk4     cpu"), std::string::npos) << bench.out;
  EXPECT_GT(rodswarm::se3rod::flops_per_node_step(rodswarm::se3rod::Scheme::rkmk4, rodswarm::se3rod::Contact::plane),
            rodswarm::se3rod::flops_per_node_step(rodswarm::se3rod::Scheme::rkmk4));
}

// The cantilever's lowest frequencies from `modes` against Euler-Bernoulli's 1.8751^2 sqrt(E I / (rho A L^4)) (the
// discretisation and shear shift it by well under 1 % at n = 20) and against the period of the tip's oscillation
// that `run` measures when the rod is thrown sideways (the first mode dominates it).
TEST_F(CliSe3rod, ModesAgreeWithTheClosedFormAndWithTheRunsOscillation) {
  const auto cfg = cantilever_with([](nlohmann::json& c) {
    c["integrator"]["t_end"] = 8.0;
    c["output"]["save_every"] = 0.001;
    c["output"]["fields"] = {"positions"};
  });
  const auto modes = rodswarm("modes " + cfg + " --out modes.h5 --count 4");
  ASSERT_EQ(modes.code, 0) << modes.out << modes.err;
  EXPECT_NE(modes.out.find("modes: 1 members, 4 modes each"), std::string::npos) << modes.out;
  const auto m = inspect("modes.h5 --member 0 --final --json");
  const double r = 0.01, E = 1e7, rho = 1000;
  const double closed = 1.8751040687 * 1.8751040687 * std::sqrt(E * r * r / (4 * rho));
  const double w1 = m["frequencies"][0].get<double>(), w2 = m["frequencies"][1].get<double>();
  std::printf("modes: omega_1 %.9f %.9f, closed form %.9f\n", w1, w2, closed);
  EXPECT_NEAR(w1, closed, 5e-3 * closed);
  EXPECT_NEAR(w2, w1, 1e-6 * w1);  // the two bending planes
  EXPECT_EQ(m["mode_shapes"].size(), 4u);
  EXPECT_EQ(m["mode_shapes"][0].size(), 21u);
  EXPECT_EQ(m["converged"], true);
  EXPECT_EQ(m["newton_iterations"], 0);  // unloaded: the initial state is the equilibrium

  const auto run = rodswarm("run " + cfg + " --backend cpu -q");
  ASSERT_EQ(run.code, 0) << run.err;
  const auto j = inspect("out.h5 --member 0 --json");
  // omega_1 as the run has it: the zero crossings of the first bending mode's coordinate (cli_fixture.hpp).
  const int mode = rodswarm_test::mode_bending_more_in_y(m, 20);
  const rodswarm_test::RunFrequency f = rodswarm_test::run_frequency(m, mode, j, 20, 100);
  ASSERT_GE(f.periods, 1u);
  std::printf("run: omega %.9f from %zu periods; modes %.9f (relative %.2e)\n", f.omega, f.periods, w1,
              f.omega / w1 - 1);
  EXPECT_NEAR(f.omega, w1, 1e-4 * w1);
}

// A cantilever under a tip load: modes moves it to its equilibrium (Newton) first; the tip sits at P L^3 / (3 E I)
// plus the shear term, and a compressive end load lowers the first frequency.
TEST_F(CliSe3rod, ModesFindTheEquilibriumOfALoadedRod) {
  const double P = 1e-4;
  const auto cfg = cantilever_with([P](nlohmann::json& c) { c["params"]["force1"] = {0, -P, 0}; });
  const auto modes = rodswarm("modes " + cfg + " --out modes.h5");
  ASSERT_EQ(modes.code, 0) << modes.out << modes.err;
  const auto m = inspect("modes.h5 --member 0 --final --json");
  EXPECT_EQ(m["converged"], true);
  EXPECT_GT(m["newton_iterations"].get<int>(), 0);
  const double r = 0.01, E = 1e7, G = E / 3, I = M_PI * r * r * r * r / 4, A = M_PI * r * r;
  const double tip = P / (3 * E * I) + P / (0.9 * G * A);
  EXPECT_NEAR(m["positions"][20][1].get<double>(), -tip, 5e-3 * tip);
  // --backend as every verb takes it: the same answer (modes solves on the host), the device said to have no part.
  const auto emulated = rodswarm("modes " + cfg + " --backend emulated --out emulated.h5");
  ASSERT_EQ(emulated.code, 0) << emulated.out << emulated.err;
  EXPECT_NE(emulated.err.find("--backend emulated has nothing to run"), std::string::npos) << emulated.err;
  EXPECT_EQ(inspect("emulated.h5 --member 0 --final --json")["frequencies"], m["frequencies"]);
  const auto initial = rodswarm("modes " + cfg + " --out initial.h5 --about initial");
  EXPECT_EQ(initial.code, 1);  // not an equilibrium: said, and the file still written
  EXPECT_EQ(inspect("initial.h5 --member 0 --final --json")["converged"], false);
  const auto compressed = rodswarm("modes " +
                                   cantilever_with(
                                       [](nlohmann::json& c) {
                                         c["params"]["force1"] = {-0.5 * 2.4674 * 1e7 * M_PI * 1e-8 / 4, 0, 0};
                                       },
                                       "compressed.json") +
                                   " --out compressed.h5");
  ASSERT_EQ(compressed.code, 0) << compressed.err;
  const double w_free = inspect("modes.h5 --member 0 --final --json")["frequencies"][0].get<double>();
  const double w_loaded = inspect("compressed.h5 --member 0 --final --json")["frequencies"][0].get<double>();
  // Half Euler's load P_c = pi^2 E I / (4 L^2): omega^2 falls by about half.
  EXPECT_NEAR(w_loaded * w_loaded / (w_free * w_free), 0.5, 0.05);
}

// `steady`: Newton statics, the solve modes starts from, so the same equilibrium to the bit; the loaded tip at
// P L^3 / (3 E I) plus the shear term, at rest (twists zeroed), with Newton's iterations and residual in /steady and
// no time (Newton has none). float32 is refused naming the precision, before any file is written.
TEST_F(CliSe3rod, SteadyFindsTheEquilibriumModesStartsFrom) {
  const double P = 1e-4;
  const auto cfg = cantilever_with([P](nlohmann::json& c) { c["params"]["force1"] = {0, -P, 0}; });
  const auto steady = rodswarm("steady " + cfg + " --out steady.h5");
  ASSERT_EQ(steady.code, 0) << steady.out << steady.err;
  EXPECT_NE(steady.out.find("Newton, 0 not converged"), std::string::npos) << steady.out;
  const auto modes = rodswarm("modes " + cfg + " --out modes.h5");
  ASSERT_EQ(modes.code, 0) << modes.out << modes.err;
  const auto s = inspect("steady.h5 --member 0 --final --json");
  const auto m = inspect("modes.h5 --member 0 --final --json");
  EXPECT_EQ(s["converged"], true);
  EXPECT_EQ(s["newton_iterations"], m["newton_iterations"]);
  EXPECT_EQ(s["positions"], m["positions"]);
  EXPECT_EQ(s["directors"], m["directors"]);
  EXPECT_TRUE(s["t"].is_null()) << s["t"];
  EXPECT_EQ(inspect("steady.h5 --json")["backend"], "host (Eigen, float64)");  // where Newton ran, not the backend
  const double r = 0.01, E = 1e7, G = E / 3, I = M_PI * r * r * r * r / 4, A = M_PI * r * r;
  const double tip = P / (3 * E * I) + P / (0.9 * G * A);
  EXPECT_NEAR(s["positions"][20][1].get<double>(), -tip, 5e-3 * tip);
  EXPECT_LT(s["residual"].get<double>(), 1e-10 * E * A);

  const auto single = rodswarm("steady " + cfg + " --precision float32 --out f.h5");
  EXPECT_EQ(single.code, 2) << single.out << single.err;
#if RODSWARM_WITH_FLOAT32
  EXPECT_NE(single.err.find("c.json: precision: se3rod's steady (Newton statics) works in float64"), std::string::npos)
      << single.err;
#else  // a build without float32 (the sanitizer presets) refuses it first
  EXPECT_NE(single.err.find("precision: \"float32\" is not in this build"), std::string::npos) << single.err;
#endif
  EXPECT_FALSE(fs::exists(dir_ / "f.h5"));
}

// validate's step line: dt omega_max with omega_max^2 = 4 (E + ks G)/(rho h^2) + 4 ks G/(rho r^2) (20 segments of
// the unit cantilever, ks = 0.9), its fraction of RKMK4's 2 sqrt 2, and the largest stable dt; past the bound, the
// warning names the member.
TEST_F(CliSe3rod, ValidateSaysTheStepAgainstTheBoundAndWarnsPastIt) {
  const double E = 1e7, G = E / 3, rho = 1000, r = 0.01, h = 1.0 / 20, ks = 0.9;
  const double omega = std::sqrt(4 * (E + ks * G) / (rho * h * h) + 4 * ks * G / (rho * r * r));
  const double limit = 2 * std::sqrt(2.0);
  for (const double dt : {1e-4, 1e-3}) {
    const auto cfg = cantilever_with([dt](nlohmann::json& c) { c["integrator"]["dt"] = dt; });
    const auto validate = rodswarm("validate " + cfg);
    EXPECT_EQ(validate.code, 0) << validate.err;
    double product = 0, fraction = 0, dt_max = 0;
    const std::size_t at = validate.out.find("step: member 0 is the closest to its scheme's bound: ");
    ASSERT_NE(at, std::string::npos) << validate.out;
    ASSERT_EQ(std::sscanf(validate.out.c_str() + at,
                          "step: member 0 is the closest to its scheme's bound: dt omega_max = %lf, %lf of the bound "
                          "(stable up to dt = %lf)",
                          &product, &fraction, &dt_max),
              3)
        << validate.out;
    EXPECT_NEAR(product, dt * omega, 5e-3 * dt * omega);  // printed to 3 digits
    EXPECT_NEAR(fraction, dt * omega / limit, 5e-3 * dt * omega / limit);
    EXPECT_NEAR(dt_max, limit / omega, 5e-3 * limit / omega);
    const bool warned =
        validate.err.find("outside RKMK4's linearised stability bound for 1 member(s): 0") != std::string::npos;
    EXPECT_EQ(warned, dt * omega > limit) << validate.err;
  }
  // Lie-Euler's limit sqrt(2 ln 2 / steps) shrinks as dt does: its largest stable dt is 2 ln 2 / (t_end omega^2).
  const double t_end = 1e-4;
  const auto euler = rodswarm("validate " + cantilever_with([t_end](nlohmann::json& c) {
                                c["integrator"]["scheme"] = "lie_euler";
                                c["integrator"]["dt"] = 1e-6;
                                c["integrator"]["t_end"] = t_end;
                                c["output"]["save_every"] = t_end;
                              }));
  EXPECT_EQ(euler.code, 0) << euler.err;
  const std::size_t at = euler.out.find("(stable up to dt = ");
  ASSERT_NE(at, std::string::npos) << euler.out;
  double dt_max = 0;
  ASSERT_EQ(std::sscanf(euler.out.c_str() + at, "(stable up to dt = %lf)", &dt_max), 1) << euler.out;
  const double expected = 2 * std::log(2.0) / (t_end * omega * omega);
  EXPECT_NEAR(dt_max, expected, 5e-3 * expected) << euler.out;
}

// A prescribed end (a constant body twist) launches waves into a rod clamped at the other end: pushed along its
// axis at v, the middle node stays at rest until the compression front arrives at L / (2 c), c = sqrt(E / rho),
// then moves at v, so at t = L / c it has moved v L / (2 c); turned about the axis at Omega, the middle section
// turns by Omega (t - L / (2 c_t)), c_t = sqrt(G / rho). The lumped chain rings behind the front (no clean order):
// a few 1e-4 at n = 40.
TEST_F(CliSe3rod, APrescribedEndLaunchesAxialAndTorsionalWavesAtTheirSpeeds) {
  const double L = 1, E = 1e7, G = E / 3, rho = 1000, v = 0.01, Omega = 0.01;
  const double c = std::sqrt(E / rho), ct = std::sqrt(G / rho);
  for (const bool torsion : {false, true}) {
    const double t_end = torsion ? 0.015 : 0.01;  // 0.87 L / c_t, and L / c
    const auto cfg = cantilever_with(
        [&](nlohmann::json& j) {
          j["params"]["n"] = 40;
          j["params"]["ends"] = {"prescribed", "clamped"};
          if (torsion) {
            j["params"]["end_angular_velocity0"] = {Omega, 0, 0};
          } else {
            j["params"]["end_velocity0"] = {v, 0, 0};
          }
          j["initial"]["velocity"] = {0, 0, 0};
          j["integrator"]["dt"] = 1e-6;
          j["integrator"]["t_end"] = t_end;
          j["output"]["save_every"] = 0.0005;
          j["output"]["fields"] = {"positions", "directors"};
        },
        torsion ? "torsion.json" : "axial.json");
    const auto run = rodswarm("run " + cfg + " --backend cpu -q --out " + (torsion ? "t.h5" : "a.h5"));
    ASSERT_EQ(run.code, 0) << run.out << run.err;
    const auto j = inspect(std::string(torsion ? "t.h5" : "a.h5") + " --member 0 --json");
    const auto& t = j["time"];
    const std::size_t last = t.size() - 1;
    // Node 0 itself: x(t) = x(0) + v t, or turned by Omega t (d1 = (0, -sin, cos) from (0, 0, 1)).
    auto angle = [&](std::size_t save, int node) {
      const auto& R = j["series"]["directors"][save][node];  // R row by row: column 0 is d1
      return std::atan2(-R[3].get<double>(), R[6].get<double>());
    };
    auto moved = [&](std::size_t save, int node) {
      return j["series"]["positions"][save][node][0].get<double>() - j["series"]["positions"][0][node][0].get<double>();
    };
    const double T = t[last].get<double>();
    const double end = torsion ? angle(last, 0) : moved(last, 0);
    EXPECT_NEAR(end, (torsion ? Omega : v) * T, 1e-12 * v * T);
    const double arrival = L / (2 * (torsion ? ct : c));
    const double expected = (torsion ? Omega : v) * (T - arrival);
    const double middle = torsion ? angle(last, 20) : moved(last, 20);
    std::size_t early = 0;  // the last save before 0.8 of the arrival time: nothing has arrived
    while (t[early + 1].get<double>() < 0.8 * arrival) ++early;
    const double before = torsion ? angle(early, 20) : moved(early, 20);
    std::printf("%s: the middle at t = %.4f: %.6e (closed form %.6e, %.2e); at t = %.4f: %.2e\n",
                torsion ? "torsion" : "axial", T, middle, expected, middle / expected - 1, t[early].get<double>(),
                before);
    EXPECT_NEAR(middle, expected, 2e-3 * expected);
    EXPECT_LT(std::fabs(before), 1e-3 * expected);
  }
}

// Lie-Euler at dt omega_max = 1.19 blows up within 50 steps. Its twists' exponentials leave the rotations off
// SO(3), where Eigen's matrix logarithm in the reference ran for minutes (compare hung). The reference now turns
// such a state to NaN: compare fails at once, with infinite errors.
TEST_F(CliSe3rod, CompareOfAMemberThatBlewUpFailsAtOnce) {
  const auto cfg = cantilever_with([](nlohmann::json& c) {
    c["integrator"]["scheme"] = "lie_euler";
    c["integrator"]["t_end"] = 0.05;
  });
  const auto compare = rodswarm("compare " + cfg + " --backend cpu");
  EXPECT_EQ(compare.code, 1) << compare.out << compare.err;
  EXPECT_NE(compare.out.find("inf"), std::string::npos) << compare.out;
}

TEST_F(CliSe3rod, BadInputIsRefusedWithExitTwo) {
  expect_refused(cantilever_with([](nlohmann::json& c) { c["params"]["radius"] = -0.01; }), "c.json", "params.radius");
  expect_refused(cantilever_with([](nlohmann::json& c) {
                   c["params"]["ends"] = {"glued", "free"};
                 }),
                 "c.json", "params.ends");
  expect_refused(cantilever_with([](nlohmann::json& c) {
                   c["initial"]["normal"] = {1, 0, 0};
                 }),
                 "c.json", "initial.normal");
  expect_refused(cantilever_with([](nlohmann::json& c) {
                   c["params"]["end_velocity1"] = {0.1, 0, 0};
                 }),
                 "c.json", "params.end_velocity1", "is only used by a prescribed end");
}

}  // namespace
