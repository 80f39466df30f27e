// The configs shipped in examples/greenspan load and hold the paper's parameters.
#include <gtest/gtest.h>

#include <tuple>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <variant>

#include "config/config_loader.hpp"

namespace rodswarm {
namespace {

GreenspanJob load_example(const std::string& name) {
  const std::string path = std::string(RODSWARM_SOURCE_DIR) + "/examples/greenspan/" + name;
  return rodswarm::parse_job<rodswarm::greenspan::Model>(rodswarm::read_config_file(path), path);
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
    EXPECT_EQ(std::make_tuple(p.n, p.dx, p.m, p.T0, p.alpha, p.g, p.eps, p.tension_exponent),
              std::make_tuple(ex.n, ex.dx, ex.m, ex.T0, ex.alpha, ex.g, ex.eps, 1.0));
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
    EXPECT_DOUBLE_EQ(job.members.field[rodswarm::greenspan::Model::heights][static_cast<std::size_t>(n / 2)], 1.0)
        << file;
  }
}

TEST(ConfigExamples, Example3And5Polylines) {
  const auto ex3 = load_example("example3.json");
  EXPECT_DOUBLE_EQ(ex3.members.field[rodswarm::greenspan::Model::heights][0], 0.5);
  EXPECT_DOUBLE_EQ(ex3.members.field[rodswarm::greenspan::Model::heights][1], 1.0);
  EXPECT_NEAR(ex3.members.field[rodswarm::greenspan::Model::heights][18], -5.0 / 9.0 * (1.9 - 2.0), 1e-14);
  const auto ex4 = load_example("example4.json");
  EXPECT_EQ(ex4.members.field[rodswarm::greenspan::Model::heights],
            ex3.members.field[rodswarm::greenspan::Model::heights]);
  const auto ex5 = load_example("example5.json");
  EXPECT_DOUBLE_EQ(ex5.members.field[rodswarm::greenspan::Model::heights][4], -1.0);
  EXPECT_DOUBLE_EQ(ex5.members.field[rodswarm::greenspan::Model::heights][14], 1.0);
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
  EXPECT_TRUE(job.output.saves("energy") && !job.output.saves("positions") && !job.output.saves("velocities"));
  for (double t : job.t_end) ASSERT_EQ(t, 10.0);
}

}  // namespace
}  // namespace rodswarm
