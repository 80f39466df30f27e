// The CLI with model rodpair (issue 19: two se3rods in perfect rolling contact): the crossing example's rods, pressed
// together and pushed along each other, roll with the slip and gap of every saved state at round-off and the
// energy conserved; over three step sizes the energy error and the contact points converge at RKMK4's order; compare
// agrees with the independent reference; rods pulled apart separate (unless the contact is bilateral), a contact
// pushed off a rod's end stops singular; and bad contacts are refused with exit 2, naming the key.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"

namespace {

class CliRodpair : public rodswarm_test::CliFixture {
 protected:
  CliRodpair() : CliFixture("rodpair") {}
  /// The crossing example with one edit applied (t_end 0.2, saves every 0.01, unless the edit sets them).
  std::string crossing_with(const std::function<void(nlohmann::json&)>& edit, const std::string& name = "c.json") {
    return config_with(
        "crossing.json",
        [&edit](nlohmann::json& c) {
          c["integrator"]["t_end"] = 0.2;
          c["output"]["save_every"] = 0.01;
          edit(c);
        },
        name);
  }
  /// The contact's component `name` of member 0 at every save.
  std::vector<double> contact_series(const std::string& file, const std::string& name) {
    return inspect(file + " --member 0 --json")["series"]["contact"][name].get<std::vector<double>>();
  }
  std::vector<double> energy_series(const std::string& file) {
    return inspect(file + " --member 0 --json")["series"]["energy"]["total"].get<std::vector<double>>();
  }
};

// Pressed together and pushed along each other from rest, the rods roll: both contact points move, the rods keep
// pressing, every saved state rolls without slipping at contact (the restore's round-off), and the reaction does no
// work (the energy, which counts the dead loads' potential, stays at its start).
TEST_F(CliRodpair, CrossingRodsRollWithoutSlipOrGap) {
  const auto cfg = crossing_with([](nlohmann::json&) {});
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("0 diverged, 0 singular, 0 separated"), std::string::npos) << run.out;
  const auto s1 = contact_series("out.h5", "s1"), s2 = contact_series("out.h5", "s2");
  const auto normal = contact_series("out.h5", "normal_reaction"), slip = contact_series("out.h5", "slip"),
             gap = contact_series("out.h5", "gap"), energy = energy_series("out.h5");
  ASSERT_EQ(s1.size(), 21u);
  EXPECT_GT(s1.back() - s1.front(), 3e-3);  // rod 2 pushed along +x (rod 1's axis)
  EXPECT_GT(s2.back() - s2.front(), 3e-3);  // rod 1 pushed along +y (rod 2's axis)
  for (std::size_t k = 0; k < s1.size(); ++k) {
    EXPECT_LT(slip[k], 1e-15) << "save " << k;
    EXPECT_LT(std::abs(gap[k]), 1e-15) << "save " << k;
    if (k > 0) {
      EXPECT_GT(normal[k], 0.05) << "save " << k;
    }
    EXPECT_LT(std::abs(energy[k] - energy[0]), 1e-9) << "save " << k;
  }
}

// A start that does not roll (rod 2 thrown along rod 1, rod 1 spinning about its axis) is put on the rolling rows
// by the config: the first save already rolls without slipping, at contact, with only what the contact allows of
// the thrown motion left (rod 2's contact point no longer slides along rod 1).
TEST_F(CliRodpair, AStartThatDoesNotRollIsPutOnTheRows) {
  const auto cfg = crossing_with([](nlohmann::json& c) {
    c["rod1"]["initial"]["angular_velocity"] = {2, 0, 0};
    c["rod2"]["initial"]["velocity"] = {0.05, 0, 0};
    c["rod2"]["params"]["force_density"] = {0, 0, -20};
    c["integrator"]["t_end"] = 0.001;
    c["output"]["save_every"] = 0.0005;
  });
  const auto run = rodswarm("run " + cfg + " --backend cpu -q");
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  const auto slip = contact_series("out.h5", "slip"), gap = contact_series("out.h5", "gap");
  for (std::size_t k = 0; k < slip.size(); ++k) {
    EXPECT_LT(slip[k], 1e-15) << "save " << k;
    EXPECT_LT(std::abs(gap[k]), 1e-15) << "save " << k;
  }
}

// Over dt = 8e-5, 4e-5, 2e-5 (the rods' stiff shear modes at dt omega = 0.95, 0.48, 0.24) the energy error falls at
// RKMK4's order until round-off, and the contact points converge at it: s(t) is smooth.
TEST_F(CliRodpair, EnergyAndContactPointsConvergeAtRkmk4sOrder) {
  double energy_error[3], s1_end[3];
  const double dts[3] = {8e-5, 4e-5, 2e-5};
  for (int q = 0; q < 3; ++q) {
    const std::string name = "c" + std::to_string(q) + ".json", out = "o" + std::to_string(q) + ".h5";
    const auto cfg = crossing_with(
        [&](nlohmann::json& c) {
          c["integrator"]["dt"] = dts[q];
          c["integrator"]["t_end"] = 0.1;
          c["output"]["path"] = out;
        },
        name);
    const auto run = rodswarm("run " + cfg + " --backend cpu -q");
    ASSERT_EQ(run.code, 0) << run.out << run.err;
    const auto energy = energy_series(out);
    energy_error[q] = 0;
    for (double e : energy) energy_error[q] = std::max(energy_error[q], std::abs(e - energy[0]));
    s1_end[q] = contact_series(out, "s1").back();
  }
  const double energy_order = std::log2(energy_error[0] / energy_error[1]);
  const double s1_order = std::log2(std::abs(s1_end[0] - s1_end[1]) / std::abs(s1_end[1] - s1_end[2]));
  std::printf("energy error %.3e %.3e %.3e J (order %.2f); s1 %.12f %.12f %.12f (order %.2f)\n", energy_error[0],
              energy_error[1], energy_error[2], energy_order, s1_end[0], s1_end[1], s1_end[2], s1_order);
  EXPECT_GT(energy_order, 3.5);
  EXPECT_LT(energy_error[2], 2e-12);
  EXPECT_GT(s1_order, 3.5);
}

// The reference (src/reference/rodpair_*: the contact's derivatives by automatic differentiation, one dense KKT
// system over both rods) agrees to round-off, with the contact moving and with it frozen. Rods of 8 segments for 50
// steps: the reference is slow under the sanitizer build.
TEST_F(CliRodpair, CompareAgreesWithTheReference) {
  const auto cfg = crossing_with([](nlohmann::json& c) {
    c["rod1"]["params"]["n"] = 8;
    c["rod2"]["params"]["n"] = 8;
    c["contact"]["s2"] = 0.5;
    c["integrator"]["t_end"] = 0.005;
    c["output"]["save_every"] = 0.001;
  });
  for (const char* frozen : {"false", "true"}) {  // the contact rolling along the rods, and its frozen control
    const auto compare = rodswarm("compare " + cfg + " --backend cpu --set contact.frozen=" + frozen);
    EXPECT_EQ(compare.code, 0) << compare.out << compare.err;
    EXPECT_NE(compare.out.find("contact_points"), std::string::npos) << compare.out;
    EXPECT_NE(compare.out.find("all fields within tolerance"), std::string::npos) << frozen << compare.out;
  }
}

// Rod 2 pulled away from rod 1: the contact would have to pull, so the member stops after its first step, flagged
// separated (not diverged), and the run says so and fails.
TEST_F(CliRodpair, RodsPulledApartSeparate) {
  const auto cfg = crossing_with([](nlohmann::json& c) { c["rod2"]["params"]["force_density"] = {0, 0, 2}; });
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  EXPECT_EQ(run.code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("0 diverged, 0 singular, 1 separated"), std::string::npos) << run.out;
  EXPECT_NE(run.err.find("stopped where the rods would have had to pull on each other"), std::string::npos) << run.err;
  const nlohmann::json j = inspect("out.h5 --member 0 --final --json");
  EXPECT_EQ(j["separated"], true);
  EXPECT_EQ(j["diverged"], false);
  EXPECT_EQ(j["steps_taken"], 1);
  EXPECT_LT(j["contact"]["normal_reaction"].get<double>(), 0);
}

// The same pull on a bilateral contact (the rods held together: a sleeve, or the string limit's multiplier of either
// sign): the member runs to its end unflagged, the reaction tensile at every save, the rods still rolling without
// slip or gap; and the reference, which holds them the same way, agrees (rods of 8 segments for 50 steps).
TEST_F(CliRodpair, ABilateralContactHoldsThePulledRods) {
  const auto cfg = crossing_with([](nlohmann::json& c) {
    c["rod2"]["params"]["force_density"] = {0, 0, 2};
    c["contact"]["bilateral"] = true;
    c["integrator"]["t_end"] = 0.02;
    c["output"]["save_every"] = 0.002;
  });
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("0 diverged, 0 singular, 0 separated"), std::string::npos) << run.out;
  const std::vector<double> normal = contact_series("out.h5", "normal_reaction"),
                            slip = contact_series("out.h5", "slip"), gap = contact_series("out.h5", "gap");
  ASSERT_EQ(normal.size(), 11u);
  for (std::size_t k = 1; k < normal.size(); ++k) {  // save 0 is the start, before any step's reaction
    EXPECT_LT(normal[k], 0) << "save " << k;
    EXPECT_LT(std::fabs(slip[k]), 1e-14) << "save " << k;
    EXPECT_LT(std::fabs(gap[k]), 1e-14) << "save " << k;
  }
  const auto small = crossing_with(
      [](nlohmann::json& c) {
        c["rod1"]["params"]["n"] = 8;
        c["rod2"]["params"]["n"] = 8;
        c["rod2"]["params"]["force_density"] = {0, 0, 2};
        c["contact"]["s2"] = 0.5;
        c["contact"]["bilateral"] = 1;
        c["integrator"]["t_end"] = 0.005;
        c["output"]["save_every"] = 0.001;
      },
      "small.json");
  const auto compare = rodswarm("compare " + small + " --backend cpu");
  EXPECT_EQ(compare.code, 0) << compare.out << compare.err;
  EXPECT_NE(compare.out.find("all fields within tolerance"), std::string::npos) << compare.out;
}

// Rod 2 crossing near rod 1's end and pushed hard along it: the contact point reaches the end of rod 1 (where the
// smeared contact is no longer defined) and the member stops there, flagged singular, with s1 just past the rod.
TEST_F(CliRodpair, AContactPushedOffARodsEndStopsSingular) {
  const auto cfg = crossing_with([](nlohmann::json& c) {
    c["rod2"]["initial"]["origin"] = {0.97, -0.5, 0.025};
    c["contact"]["s1"] = 0.97;
    c["rod2"]["params"]["force_density"] = {50, 0, -20};
    c["integrator"]["t_end"] = 0.5;
  });
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  EXPECT_EQ(run.code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("0 diverged, 1 singular, 0 separated"), std::string::npos) << run.out;
  EXPECT_NE(run.err.find("stopped where a contact point reached a rod's end"), std::string::npos) << run.err;
  const nlohmann::json j = inspect("out.h5 --member 0 --final --json");
  EXPECT_EQ(j["singular"], true);
  const double s1 = j["contact"]["s1"].get<double>();
  EXPECT_GT(s1, 1.0);
  EXPECT_LT(s1, 1.001);
}

// What cannot be a rolling contact is refused before anything runs, naming the file and the key.
TEST_F(CliRodpair, ContactsThatCannotRollAreRefused) {
  expect_refused(crossing_with([](nlohmann::json& c) {
                   c["rod2"]["initial"]["origin"] = {0.45, -0.5, 0.03};
                 }),
                 "c.json", "rod2.initial", "the rods do not touch");
  expect_refused(crossing_with([](nlohmann::json& c) { c["contact"]["width1"] = 0.01; }), "c.json", "contact.width1",
                 "at least half the rod's segment length");
  expect_refused(crossing_with([](nlohmann::json& c) {
                   c["rod2"]["initial"]["direction"] = {1, 0, 0};
                 }),
                 "c.json", "contact.s1", "not run parallel");
  expect_refused(crossing_with([](nlohmann::json& c) { c["rod1"]["params"]["contact"] = "plane"; }), "c.json",
                 "rod1.params.contact", "unknown key");
  expect_refused(crossing_with([](nlohmann::json& c) { c["rod2"]["params"]["radius"] = -1; }), "c.json",
                 "rod2.params.radius", "must be positive");
  expect_refused(crossing_with([](nlohmann::json& c) { c["integrator"]["scheme"] = "variational"; }), "c.json",
                 "integrator.scheme");
  expect_refused(crossing_with([](nlohmann::json& c) { c.erase("rod2"); }), "c.json", "rod2", "missing");
  expect_refused(crossing_with([](nlohmann::json& c) {
                   c["ensemble"] = {{"mode", "grid"}, {"vary", {{"rod2.params.n", {20, 1}}}}};
                 }),
                 "c.json", "rod2.params.n", "at least 2 segments");
}

// The Lyapunov twin (analysis.lyapunov) steps beside the member without touching it (the member's rows are those of
// a run without it, bitwise), its estimate does not depend on d0 while the twin stays linear (1e-8 against 1e-6),
// and the frozen-contact control holds s1 and s2 where they started while the rods keep rolling without slipping.
TEST_F(CliRodpair, TheLyapunovTwinAndTheFrozenControl) {
  auto with_twin = [&](double d0, bool frozen, const std::string& name, const std::string& out) {
    return crossing_with(
        [&](nlohmann::json& c) {
          c["analysis"]["lyapunov"] = {{"renorm_interval", 0.01}, {"d0", d0}};
          c["contact"]["frozen"] = frozen;
          c["output"]["fields"] = {"positions", "contact", "lyapunov"};
          c["output"]["path"] = out;
        },
        name);
  };
  const auto plain = crossing_with([](nlohmann::json& c) {
    c["output"]["fields"] = {"positions", "contact"};
    c["output"]["path"] = "plain.h5";
  });
  ASSERT_EQ(rodswarm("run " + plain + " --backend cpu -q").code, 0);
  ASSERT_EQ(rodswarm("run " + with_twin(1e-8, false, "a.json", "a.h5") + " --backend cpu -q").code, 0);
  ASSERT_EQ(rodswarm("run " + with_twin(1e-6, false, "b.json", "b.h5") + " --backend cpu -q").code, 0);
  ASSERT_EQ(rodswarm("run " + with_twin(1e-8, true, "f.json", "f.h5") + " --backend cpu -q").code, 0);
  const nlohmann::json plain_rows = inspect("plain.h5 --member 0 --json"), a = inspect("a.h5 --member 0 --json");
  EXPECT_EQ(a["series"]["positions"], plain_rows["series"]["positions"]);
  EXPECT_EQ(a["series"]["contact"], plain_rows["series"]["contact"]);
  const double la = inspect("a.h5 --member 0 --final --json")["lyapunov"].get<double>();
  const double lb = inspect("b.h5 --member 0 --final --json")["lyapunov"].get<double>();
  const double lf = inspect("f.h5 --member 0 --final --json")["lyapunov"].get<double>();
  std::printf("Lyapunov estimate over 0.2 s: %.6f (d0 1e-8), %.6f (d0 1e-6), frozen control %.6f\n", la, lb, lf);
  EXPECT_TRUE(std::isfinite(la) && std::isfinite(lf));
  EXPECT_NEAR(la, lb, 1e-4 * std::abs(la));
  const auto s1 = contact_series("f.h5", "s1"), s2 = contact_series("f.h5", "s2"),
             slip = contact_series("f.h5", "slip");
  for (std::size_t k = 0; k < s1.size(); ++k) {
    EXPECT_EQ(s1[k], s1[0]) << k;
    EXPECT_EQ(s2[k], s2[0]) << k;
    EXPECT_LT(slip[k], 1e-15) << k;
  }
}

// What the analysis cannot be is refused by name.
// The time spectrum, as on the strings (rodpair_spectrum.hpp): rod 2's string mode 1 along z (the direction given
// unnormalised), sampled at the saves, is the sine-weighted sum of its nodes' displacements from the chord between
// its end nodes that the saved positions give; the run leaves the member's motion bitwise as without it; inspect
// gives the signal and its power spectrum.
TEST_F(CliRodpair, TheSpectrumRecordsARodsStringMode) {
  const auto plain = crossing_with([](nlohmann::json& c) { c["output"]["path"] = "plain.h5"; }, "plain.json");
  ASSERT_EQ(rodswarm("run " + plain + " --backend cpu -q").code, 0);
  const auto cfg = crossing_with([](nlohmann::json& c) {
    c["analysis"]["spectrum"] = {{"rod", 2}, {"harmonic", 1}, {"direction", {0, 0, 2}}, {"sample_interval", 0.01}};
  });
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  const nlohmann::json j = inspect("out.h5 --member 0 --json"), without = inspect("plain.h5 --member 0 --json");
  EXPECT_EQ(j["series"]["positions"], without["series"]["positions"]);
  ASSERT_TRUE(j.contains("spectrum")) << j;
  const auto signal = j["spectrum"]["signal"].get<std::vector<double>>();
  const auto& saves = j["series"]["positions"];
  ASSERT_EQ(signal.size(), saves.size());  // 0 ... 0.2 s every 0.01 s: 21 samples, one per save
  EXPECT_EQ(j["spectrum"]["power"].size(), j["spectrum"]["omega"].size());
  const std::size_t first = 21, nodes = 21;  // rod 2's nodes follow rod 1's 21
  const double h = 1.0 / 20, pi = 3.14159265358979323846;
  double largest = 0, worst = 0;
  for (std::size_t t = 0; t < saves.size(); ++t) {
    const double z0 = saves[t][first][2].get<double>(), span = saves[t][first + nodes - 1][2].get<double>() - z0;
    double q = 0;
    for (std::size_t k = 1; k + 1 < nodes; ++k) {
      const double fraction = double(k) / double(nodes - 1);
      q += std::sin(pi * fraction) * (saves[t][first + k][2].get<double>() - z0 - fraction * span);
    }
    q *= std::sqrt(2.0 / 1.0) * h;
    largest = std::max(largest, std::fabs(q));
    worst = std::max(worst, std::fabs(q - signal[t]));
  }
  EXPECT_GT(largest, 1e-3);  // rod 2 is pressed down: its first mode moves
  EXPECT_LT(worst, 1e-14 * largest) << worst << " of " << largest;
}

TEST_F(CliRodpair, BadAnalysisSettingsAreRefused) {
  const auto twin = crossing_with([](nlohmann::json& c) { c["analysis"]["lyapunov"] = {{"renorm_interval", 0.01}}; });
  expect_refused(twin + " --set analysis.lyapunov.renorm_interval=0.00015", "--set",
                 "analysis.lyapunov.renorm_interval", "whole number of steps");
  expect_refused(crossing_with([](nlohmann::json& c) { c["contact"]["frozen"] = 2; }), "c.json", "contact.frozen",
                 "0 or 1");
  expect_refused(crossing_with([](nlohmann::json& c) { c["contact"]["bilateral"] = 0.5; }), "c.json",
                 "contact.bilateral", "0 or 1");
  auto spectrum = [&](const char* key, const nlohmann::json& value) {
    return crossing_with([&](nlohmann::json& c) {
      c["analysis"]["spectrum"] = {{"sample_interval", 0.01}};
      c["analysis"]["spectrum"][key] = value;
    });
  };
  expect_refused(spectrum("rod", 3), "c.json", "analysis.spectrum.rod", "1 or 2");
  expect_refused(spectrum("harmonic", 20), "c.json", "analysis.spectrum.harmonic", "from 1 to");
  expect_refused(spectrum("direction", nlohmann::json::array({0, 0, 0})), "c.json", "analysis.spectrum.direction",
                 "nonzero");
  expect_refused(spectrum("sample_interval", 0.00015), "c.json", "analysis.spectrum.sample_interval",
                 "whole number of steps");
  expect_refused(spectrum("modes", 1), "c.json", "analysis.spectrum.modes");
  expect_refused(crossing_with([](nlohmann::json& c) { c["contact"]["bilateral"] = "yes"; }), "c.json",
                 "contact.bilateral", "expected a boolean");
  expect_refused(crossing_with([](nlohmann::json& c) {
                   c["output"]["fields"] = {"positions", "lyapunov"};
                 }),
                 "c.json", "output.fields[1]", "needs analysis.lyapunov");
  expect_refused(twin + " --set analysis.lyapunov.renorm_interval=100", "--set", "analysis.lyapunov.renorm_interval",
                 "must not exceed integrator.t_end");
}

// validate names the model and both rods' nodes; the sweep varies keys under rod1. and rod2.
TEST_F(CliRodpair, ValidateDescribesThePair) {
  const auto v = rodswarm("validate " + (examples() / "sweep.json").string());
  EXPECT_EQ(v.code, 0) << v.err;
  EXPECT_NE(v.out.find("model rodpair, scheme rkmk4"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("nodes per member: up to 42"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("members: 16"), std::string::npos) << v.out;
}

}  // namespace
