// The CLI with model se3rod's pretension (params.tension): a thin rod pinned at both ends at its initial length is
// a taut, stiff string. `modes` gives its transverse frequencies as the closed form of a string with bending
// stiffness, converging with the segments; `run` keeps it at rest; `compare` agrees with the reference; a tension
// the rod cannot carry is refused, naming the key. (Issue 19's string limit compares such rods with the reduced
// `rolling` model.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"

namespace {

constexpr double kLength = 1, kRadius = 1e-3, kDensity = 1000, kYoungs = 1e9, kTension = 10;

class CliSe3rodTension : public rodswarm_test::CliFixture {
 protected:
  CliSe3rodTension() : CliFixture("se3rod") {}
  /// A rod of `n` segments along x, pinned at both ends, at rest, under kTension.
  std::string taut_rod(
      int n, const std::string& name = "c.json",
      const std::function<void(nlohmann::json&)>& edit = [](nlohmann::json&) {}) {
    return config_with(
        "cantilever.json",
        [n, &edit](nlohmann::json& c) {
          c["params"] = {{"n", n},
                         {"length", kLength},
                         {"radius", kRadius},
                         {"density", kDensity},
                         {"youngs_modulus", kYoungs},
                         {"shear_modulus", kYoungs / 3},
                         {"shear_coefficient", 0.9},
                         {"ends", {"pinned", "pinned"}},
                         {"tension", kTension}};
          c["initial"] = {{"kind", "straight"}, {"direction", {1, 0, 0}}, {"normal", {0, 0, 1}}};
          c["integrator"] = {{"scheme", "rkmk4"}, {"dt", 1e-6}, {"t_end", 1e-4}};
          c["output"]["fields"] = {"positions", "velocities", "energy"};
          c["output"]["save_every"] = 0;
          edit(c);
        },
        name);
  }
  /// The relative errors of the first three transverse frequencies `modes` gives for `n` segments against those of
  /// a pinned string of tension T with bending stiffness E I (rotary inertia and shear neglected):
  /// omega_k = (k pi / L) sqrt(T / (rho A) + (E I / (rho A)) (k pi / L)^2).
  std::vector<double> frequency_errors(int n) {
    const std::string out = "modes" + std::to_string(n) + ".h5";
    const auto modes =
        rodswarm("modes " + taut_rod(n, "c" + std::to_string(n) + ".json") + " --out " + out + " --count 8");
    EXPECT_EQ(modes.code, 0) << modes.out << modes.err;
    const auto m = inspect(out + " --member 0 --final --json");
    EXPECT_EQ(m["converged"], true);
    EXPECT_EQ(m["newton_iterations"], 0);  // the straight taut rod is the equilibrium
    // The twist about the axis is a rigid motion (both ends turn freely): a frequency near zero, left out; the
    // transverse ones come in pairs (two planes).
    std::vector<double> transverse;
    for (const auto& w : m["frequencies"])
      if (std::abs(w.get<double>()) > 1.0) transverse.push_back(w.get<double>());
    EXPECT_GE(transverse.size(), 5u);
    const double A = M_PI * kRadius * kRadius, I = A * kRadius * kRadius / 4, rhoA = kDensity * A;
    std::vector<double> errors;
    for (int k = 1; k <= 3 && std::size_t(2 * k - 1) < transverse.size(); ++k) {
      const double q = k * M_PI / kLength, closed = q * std::sqrt(kTension / rhoA + kYoungs * I / rhoA * q * q);
      EXPECT_NEAR(transverse[2 * k - 2], transverse[2 * k - 1], 1e-9 * closed) << "the two planes, k = " << k;
      errors.push_back(transverse[2 * k - 2] / closed - 1);
      std::printf("n = %d, k = %d: omega %.9f, closed form %.9f, relative %.3e\n", n, k, transverse[2 * k - 2], closed,
                  errors.back());
    }
    return errors;
  }
};

// Measured: n = 20 gives 2.5e-6, 5.5e-5, 2.9e-4 for k = 1, 2, 3 and n = 40 gives -8.6e-7, 1.1e-6, 1.9e-5 (the
// floor near -1e-6 k^2 is the rod's rotary inertia and shear, which the closed form leaves out). Without the
// tension the first frequency would be pi^2 sqrt(E I / (rho A)) = 4.9 rad/s instead of 177.
TEST_F(CliSe3rodTension, ATautPinnedRodVibratesAsAStiffString) {
  const auto coarse = frequency_errors(20), fine = frequency_errors(40);
  ASSERT_EQ(coarse.size(), 3u);
  ASSERT_EQ(fine.size(), 3u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_LT(std::abs(coarse[k]), 1e-3) << "n = 20, k = " << k + 1;
    EXPECT_LT(std::abs(fine[k]), 3e-5) << "n = 40, k = " << k + 1;
  }
  EXPECT_LT(std::abs(fine[2]), std::abs(coarse[2]) / 8) << "the third frequency converges";
}

// Straight, taut and at rest is an equilibrium: the pinned ends hold the tension and nothing moves; the elastic
// energy is the prestress's, T^2 L / (2 E A).
TEST_F(CliSe3rodTension, ATautRodAtRestStaysAtRest) {
  const auto run = rodswarm("run " + taut_rod(20) + " --backend cpu -q");
  ASSERT_EQ(run.code, 0) << run.err;
  const auto j = inspect("out.h5 --member 0 --final --json");
  double largest = 0;
  for (const auto& v : j["velocities"])
    for (const auto& c : v) largest = std::max(largest, std::abs(c.get<double>()));
  EXPECT_LT(largest, 1e-12);
  const double EA = kYoungs * M_PI * kRadius * kRadius;
  EXPECT_NEAR(j["energy"]["elastic"].get<double>(), kTension * kTension * kLength / (2 * EA), 1e-12);
}

// A plucked taut rod (the inner nodes thrown sideways) against the reference, which reads the same rest strains.
TEST_F(CliSe3rodTension, CompareAgreesWithTheReference) {
  const auto taut = taut_rod(10);
  const auto compare = rodswarm("compare " + taut + " --backend cpu --set initial.velocity='[0, 0, 0.01]'" +
                                " --set integrator.t_end=5e-5");
  EXPECT_EQ(compare.code, 0) << compare.out << compare.err;
  EXPECT_NE(compare.out.find("all fields within tolerance"), std::string::npos) << compare.out;
}

TEST_F(CliSe3rodTension, ATensionTheRodCannotCarryIsRefused) {
  const auto cfg = taut_rod(10);
  expect_refused(cfg + " --set params.tension=1e4", "--set", "params.tension", "smaller in size than E A");
  expect_refused(cfg + " --set params.tension=-1e4", "--set", "params.tension", "smaller in size than E A");
  expect_refused(cfg + " --set params.tension='\"taut\"'", "--set", "params.tension", "expected a number");
  // In the file, and as an ensemble's value: the file is named.
  const auto in_file = taut_rod(10, "varied.json", [](nlohmann::json& c) {
    c["ensemble"] = {{"mode", "grid"}, {"vary", {{{"params.tension", {10, 5000}}}}}};
  });
  expect_refused(in_file, in_file, "params.tension", "smaller in size than E A");
}

}  // namespace
