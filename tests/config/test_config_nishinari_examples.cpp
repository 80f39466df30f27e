// Every config in examples/nishinari loads, holds what its README entry promises and is inside RK4's linear
// stability bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <variant>

#include "config/config_loader.hpp"

namespace {

using rodswarm::NishinariJob;

const std::string nishinari_dir = std::string(RODSWARM_SOURCE_DIR) + "/examples/nishinari/";

NishinariJob load_nishinari(const std::string& name) {
  auto job = rodswarm::load_any_job(nishinari_dir + name, {});
  EXPECT_TRUE(std::holds_alternative<NishinariJob>(job)) << name;
  return std::get<NishinariJob>(std::move(job));
}

/// RK4 on the linearised string (note section 9): stable for dt * omega_max < 2 sqrt(2).
double rk4_stability_ratio(const rodswarm::nishinari::Params<double>& p, double dt) {
  const double axial = 2 * std::sqrt(p.k / (p.m * p.l));
  const double twist = 2 * std::sqrt(p.h / (p.j * p.l));
  const double bend = 4 * std::sqrt(p.K / (p.m * p.l * p.l * p.l));
  return dt * std::max({axial, twist, bend}) / (2 * std::sqrt(2.0));
}

TEST(ConfigExamples, EveryNishinariExampleParsesAndIsStable) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(nishinari_dir)) {
    if (entry.path().extension() != ".json") continue;
    const std::string name = entry.path().filename().string();
    SCOPED_TRACE(name);
    ++count;
    const auto job = load_nishinari(name);
    ASSERT_GE(job.size(), 1);
    EXPECT_EQ(job.output.path, entry.path().stem().string() + ".h5");
    double worst = 0;
    for (std::int64_t i = 0; i < job.size(); ++i) {
      const auto idx = static_cast<std::size_t>(i);
      worst = std::max(worst, rk4_stability_ratio(job.members.params[idx], job.members.dt[idx]));
    }
    EXPECT_LT(worst, 0.75) << "dt * omega_max is " << worst << " of the RK4 bound";
  }
  EXPECT_EQ(count, 3);
}

TEST(ConfigExamples, NishinariHelix) {
  const auto job = load_nishinari("helix.json");
  ASSERT_EQ(job.size(), 1);
  const auto& p = job.members.params[0];
  EXPECT_EQ(p.n, 40);
  EXPECT_EQ(p.l, 0.05);
  EXPECT_EQ(p.m, 0.01);
  EXPECT_EQ(p.k, 100.0);
  EXPECT_EQ(p.K, 0.01);
  EXPECT_EQ(p.h, 0.008);
  EXPECT_EQ(p.j, 5e-7);
  EXPECT_EQ(p.end0, rodswarm::nishinari::EndKind::free);
  EXPECT_EQ(p.end1, rodswarm::nishinari::EndKind::free);
  EXPECT_EQ(job.formulation, rodswarm::nishinari::Formulation::intrinsic);
  EXPECT_EQ(job.twist_moment, rodswarm::nishinari::TwistMoment::conservative);
  EXPECT_EQ(job.members.dt[0], 0.001);
  EXPECT_EQ(job.t_end[0], 2.0);
  EXPECT_EQ(job.output.save_every, 0.02);
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
