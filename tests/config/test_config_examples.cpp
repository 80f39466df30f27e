// The configs shipped in examples/greenspan load and hold the paper's parameters; every config in
// examples/nishinari loads, holds what its README entry promises and is inside RK4's linear stability bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <variant>

#include "config/config_loader.hpp"

namespace {

using rodswarm::GreenspanJob;

GreenspanJob load_example(const std::string& name) {
  const std::string path = std::string(RODSWARM_SOURCE_DIR) + "/examples/greenspan/" + name;
  return rodswarm::parse_greenspan_job(rodswarm::read_config_file(path), path);
}

struct PaperExample {
  const char* file;
  int n;
  double dx, m, T0, alpha, g, eps, dt, t_end;
};

TEST(ConfigExamples, PaperParameters) {
  const PaperExample examples[] = {
      {"example1.json", 9, 0.1, 0.1, 9.0, 0.6, 32.2, 0.01, 0.002, 10.0},
      {"example2.json", 19, 0.1, 0.05, 12.5, 0.15, 32.2, 0.01, 0.00025, 6.0},
      {"example3.json", 19, 0.1, 0.05, 12.5, 0.15, 32.2, 0.01, 0.00025, 6.0},
      {"example4.json", 19, 0.1, 0.05, 12.5, 0.15, 0.0, 0.01, 0.00025, 6.0},
      {"example5.json", 19, 0.1, 0.05, 12.5, 0.15, 32.2, 0.01, 0.00025, 6.0},
      {"example6.json", 39, 0.05, 0.025, 10.0, 0.125, 32.2, 0.01, 0.00025, 4.0},
  };
  for (const auto& ex : examples) {
    SCOPED_TRACE(ex.file);
    const auto job = load_example(ex.file);
    ASSERT_EQ(job.size(), 1);
    const auto& p = job.members.params[0];
    EXPECT_EQ(p.n, ex.n);
    EXPECT_EQ(p.dx, ex.dx);
    EXPECT_EQ(p.m, ex.m);
    EXPECT_EQ(p.T0, ex.T0);
    EXPECT_EQ(p.alpha, ex.alpha);
    EXPECT_EQ(p.g, ex.g);
    EXPECT_EQ(p.eps, ex.eps);
    EXPECT_EQ(p.tension_exponent, 1.0);
    EXPECT_EQ(job.members.dt[0], ex.dt);
    EXPECT_EQ(job.t_end[0], ex.t_end);
    EXPECT_EQ(job.scheme, rodswarm::greenspan::Scheme::paper);
    EXPECT_GT(job.output.save_every, 0.0);
    EXPECT_EQ(job.output.path, std::string(ex.file).substr(0, 8) + ".h5");
  }
}

TEST(ConfigExamples, Example2And6CentreAtOneOne) {
  for (const char* file : {"example2.json", "example6.json"}) {
    const auto job = load_example(file);
    const int n = job.members.params[0].n;
    EXPECT_DOUBLE_EQ(job.members.y[static_cast<std::size_t>(n / 2)], 1.0) << file;
  }
}

TEST(ConfigExamples, Example3And5Polylines) {
  const auto ex3 = load_example("example3.json");
  EXPECT_DOUBLE_EQ(ex3.members.y[0], 0.5);
  EXPECT_DOUBLE_EQ(ex3.members.y[1], 1.0);
  EXPECT_NEAR(ex3.members.y[18], -5.0 / 9.0 * (1.9 - 2.0), 1e-14);
  const auto ex4 = load_example("example4.json");
  EXPECT_EQ(ex4.members.y, ex3.members.y);
  const auto ex5 = load_example("example5.json");
  EXPECT_DOUBLE_EQ(ex5.members.y[4], -1.0);
  EXPECT_DOUBLE_EQ(ex5.members.y[14], 1.0);
}

TEST(ConfigExamples, Sweep) {
  const auto job = load_example("sweep.json");
  ASSERT_EQ(job.size(), 10000);
  EXPECT_EQ(job.varied_keys, (std::vector<std::string>{"params.m", "params.alpha"}));
  EXPECT_EQ(job.members.params.front().m, 0.05);
  EXPECT_EQ(job.members.params.front().alpha, 0.1);
  EXPECT_EQ(job.members.params[99].m, 0.05);  // params.m varies slowest
  EXPECT_EQ(job.members.params[99].alpha, 1.2);
  EXPECT_EQ(job.members.params.back().m, 0.2);
  EXPECT_EQ(job.output.path, "sweep.h5");
  EXPECT_EQ(job.output.save_every, 0.1);
  EXPECT_TRUE(job.output.energy && !job.output.positions && !job.output.velocities);
  for (double t : job.t_end) ASSERT_EQ(t, 10.0);
}

// ---------------------------------------------------------------------------------------------------------------
// examples/nishinari

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
  EXPECT_TRUE(job.output.positions && job.output.energy && job.output.momentum && !job.output.velocities);
  EXPECT_EQ(job.config["initial"]["dphi"], 0.15);
  EXPECT_EQ(job.config["initial"]["dtheta"], 0.1);
  EXPECT_EQ(job.config["initial"]["dpsi"], 0.05);
  // A genuinely 3-D helix: the beads leave the plane of t_0 and n_0.
  double max_z = 0;
  for (int i = 0; i < 40; ++i) max_z = std::max(max_z, std::fabs(job.members.r[static_cast<std::size_t>(3 * i + 2)]));
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
  EXPECT_NEAR(job.members.r[3 * 59], 59 * 0.05, 1e-13);
  const auto& nrm = job.members.normal;
  EXPECT_NEAR(std::atan2(nrm[3 * 30 + 2], nrm[3 * 30 + 1]), 0.3, 1e-15);
  EXPECT_NEAR(std::atan2(nrm[3 * 33 + 2], nrm[3 * 33 + 1]), 0.3 * std::exp(-0.5), 1e-15);
  EXPECT_LT(std::fabs(nrm[2]), 1e-20);
  EXPECT_EQ(p.wall0[0], 1.0);
  EXPECT_EQ(job.members.spin, std::vector<double>(59, 0.0));
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
  EXPECT_EQ(job.members.beads(), 200000);
  EXPECT_EQ(job.output.save_every, 0.05);
  EXPECT_TRUE(job.output.energy && job.output.momentum && !job.output.positions && !job.output.velocities);
  for (double t : job.t_end) ASSERT_EQ(t, 0.5);
}

}  // namespace
