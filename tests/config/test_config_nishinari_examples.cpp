// Every config in examples/nishinari loads, holds what its README entry promises and is inside RK4's linear
// stability bound.
#include <gtest/gtest.h>

#include <tuple>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <variant>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"

namespace rodswarm {
namespace {

using namespace test;

NishinariJob load_nishinari(const std::string& name) {
  return rodswarm::test::load_example<rodswarm::nishinari::Model>(name);
}

/// RK4 on the linearised string (note section 9): stable for dt * omega_max < 2 sqrt(2).
double rk4_stability_ratio(const rodswarm::nishinari::Params<double>& p, double dt) {
  const double axial = 2 * std::sqrt(p.k / (p.m * p.l));
  const double twist = 2 * std::sqrt(p.h / (p.j * p.l));
  const double bend = 4 * std::sqrt(p.K / (p.m * p.l * p.l * p.l));
  return dt * std::max({axial, twist, bend}) / (2 * std::sqrt(2.0));
}

TEST(ConfigExamples, EveryNishinariExampleParsesAndIsStable) {
  const int count = rodswarm::test::for_each_example<rodswarm::nishinari::Model>([](const NishinariJob& job) {
    double worst = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
      worst = std::max(worst, rk4_stability_ratio(job.members.params[i], job.members.dt[i]));
    }
    EXPECT_LT(worst, 0.75) << "dt * omega_max is " << worst << " of the RK4 bound";
  });
  EXPECT_EQ(count, 3);
}

TEST(ConfigExamples, NishinariHelix) {
  const auto job = load_nishinari("helix.json");
  ASSERT_EQ(job.size(), 1);
  const auto& p = job.members.params[0];
  EXPECT_EQ(std::make_tuple(p.n, p.l, p.m, p.k, p.K, p.h, p.j, p.end0, p.end1),
            std::make_tuple(40, 0.05, 0.01, 100.0, 0.01, 0.008, 5e-7, rodswarm::nishinari::EndKind::free,
                            rodswarm::nishinari::EndKind::free));
  EXPECT_EQ(std::make_tuple(job.formulation, job.twist_moment, job.members.dt[0], job.t_end[0], job.output.save_every),
            std::make_tuple(rodswarm::nishinari::Formulation::intrinsic, rodswarm::nishinari::TwistMoment::conservative,
                            0.001, 2.0, 0.02));
  EXPECT_TRUE(job.output.saves("positions") && job.output.saves("energy") && job.output.saves("momentum") &&
              !job.output.saves("velocities"));
  EXPECT_EQ(job.config["initial"]["dphi"], 0.15);
  EXPECT_EQ(job.config["initial"]["dtheta"], 0.1);
  EXPECT_EQ(job.config["initial"]["dpsi"], 0.05);
  // A genuinely 3-D helix: the beads leave the plane of t_0 and n_0.
  double max_z = 0;
  for (int i = 0; i < 40; ++i)
    max_z = std::max(
        max_z,
        std::fabs(job.members.field[rodswarm::nishinari::Model::positions][static_cast<std::size_t>(3 * i + 2)]));
  EXPECT_GT(max_z, 0.1);
}

TEST(ConfigExamples, NishinariTwistWave) {
  const auto job = load_nishinari("twist_wave.json");
  ASSERT_EQ(job.size(), 1);
  const auto& p = job.members.params[0];
  EXPECT_EQ(p.n, 60);
  EXPECT_EQ(p.end0, rodswarm::nishinari::EndKind::clamped);
  EXPECT_EQ(p.end1, rodswarm::nishinari::EndKind::free);
  EXPECT_EQ(job.t_end[0], 0.5);
  EXPECT_EQ(job.output.save_every, 0.005);
  // Straight along x; normals twisted by 0.3 rad at segment 30, by nearly nothing at the clamp.
  EXPECT_NEAR(job.members.field[rodswarm::nishinari::Model::positions][3 * 59], 59 * 0.05, 1e-13);
  const auto& nrm = job.members.field[rodswarm::nishinari::Model::normals];
  EXPECT_NEAR(std::atan2(nrm[3 * 30 + 2], nrm[3 * 30 + 1]), 0.3, 1e-15);
  EXPECT_NEAR(std::atan2(nrm[3 * 33 + 2], nrm[3 * 33 + 1]), 0.3 * std::exp(-0.5), 1e-15);
  EXPECT_LT(std::fabs(nrm[2]), 1e-20);
  EXPECT_EQ(p.wall0[0], 1.0);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::spins], std::vector<double>(59, 0.0));
}

TEST(ConfigExamples, NishinariSweep) {
  const auto job = load_nishinari("sweep.json");
  ASSERT_EQ(job.size(), 10000);
  EXPECT_EQ(job.varied_keys, (std::vector<std::string>{"params.K", "params.h"}));
  const auto& ps = job.members.params;
  EXPECT_EQ(ps.front().K, 0.002);
  EXPECT_EQ(ps.front().h, 0.001);
  EXPECT_EQ(ps[99].K, 0.002);  // params.K varies slowest
  EXPECT_EQ(ps[99].h, 0.016);
  EXPECT_EQ(ps.back().K, 0.02);
  EXPECT_EQ(ps.back().n, 20);
  EXPECT_EQ(job.members.total(rodswarm::nishinari::Model::beads), 200000);
  EXPECT_EQ(job.output.save_every, 0.05);
  EXPECT_TRUE(job.output.saves("energy") && job.output.saves("momentum") && !job.output.saves("positions") &&
              !job.output.saves("velocities"));
  for (double t : job.t_end) ASSERT_EQ(t, 0.5);
}

}  // namespace
}  // namespace rodswarm
