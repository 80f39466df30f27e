// Initial shapes: triangle (the paper's Examples 1, 2, 6), polyline (Examples 3, 5), points, velocities.
#include <gtest/gtest.h>

#include <string>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"

namespace rodswarm {
namespace {

using namespace test;

json with_initial(int n, double dx, const json& initial) {
  json c = json::parse(R"({
    "model": "greenspan",
    "params": {"m": 0.1, "T0": 9.0, "alpha": 0.6, "g": 32.2, "eps": 0.01},
    "integrator": {"dt": 0.002, "t_end": 10.0}
  })");
  c["params"]["n"] = n;
  c["params"]["dx"] = dx;
  c["initial"] = initial;
  return c;
}

std::vector<double> heights(const json& config) {
  const auto job = rodswarm::parse_job<rodswarm::greenspan::Model>(config, "cfg.json");
  return job.members.field[rodswarm::greenspan::Model::heights];
}

ConfigError error_of(const json& config) { return rodswarm::test::config_error<rodswarm::greenspan::Model>(config); }

TEST(ConfigShapes, Example1Triangle) {
  // y = x left of the centre (0.5, 0.5), y = -x + 1 right of it.
  const auto y = heights(with_initial(9, 0.1, json::parse(R"({"kind": "triangle", "peak": [0.5, 0.5]})")));
  ASSERT_EQ(y.size(), 9u);
  for (int i = 1; i <= 9; ++i) {
    const double x = i * 0.1;
    EXPECT_DOUBLE_EQ(y[static_cast<std::size_t>(i - 1)], i <= 5 ? x : 1.0 - x) << "bead " << i;
  }
  EXPECT_EQ(y[0], 0.1);
  EXPECT_EQ(y[4], 0.5);
}

TEST(ConfigShapes, Example6Triangle) {
  const auto y = heights(with_initial(39, 0.05, json::parse(R"({"kind": "triangle", "peak": [1, 1]})")));
  ASSERT_EQ(y.size(), 39u);
  for (int i = 1; i <= 39; ++i) {
    const double x = i * 0.05;
    EXPECT_NEAR(y[static_cast<std::size_t>(i - 1)], i <= 20 ? x : 2.0 - x, 1e-15) << "bead " << i;
  }
}

TEST(ConfigShapes, AsymmetricTriangle) {
  const auto y = heights(with_initial(3, 1.0, json::parse(R"({"kind": "triangle", "peak": [1, 3]})")));
  EXPECT_EQ(y, (std::vector<double>{3.0, 2.0, 1.0}));
}

TEST(ConfigShapes, TrianglePeakMustBeInside) {
  for (double px : {0.0, 1.0, -0.5, 1.5}) {
    const auto e = error_of(with_initial(9, 0.1, json{{"kind", "triangle"}, {"peak", {px, 0.5}}}));
    EXPECT_EQ(e.key(), "initial.peak[0]") << px;
  }
}

TEST(ConfigShapes, Example3Polyline) {
  // (0.1, 0.5), (0.2, 1), the rest on y = -5/9 (x - 2).
  const auto config =
      with_initial(19, 0.1, json::parse(R"({"kind": "polyline", "vertices": [[0, 0], [0.1, 0.5], [0.2, 1], [2, 0]]})"));
  const auto y = heights(config);
  ASSERT_EQ(y.size(), 19u);
  EXPECT_DOUBLE_EQ(y[0], 0.5);
  EXPECT_DOUBLE_EQ(y[1], 1.0);
  for (int i = 3; i <= 19; ++i) EXPECT_NEAR(y[static_cast<std::size_t>(i - 1)], -5.0 / 9.0 * (i * 0.1 - 2), 1e-14);
  const auto p = rodswarm::parse_job<rodswarm::greenspan::Model>(config, "cfg.json").members.params[0];
  EXPECT_EQ(p.y_left, 0.0);
  EXPECT_EQ(p.y_right, 0.0);
}

TEST(ConfigShapes, Example5Polyline) {
  const auto y = heights(
      with_initial(19, 0.1, json::parse(R"({"kind": "polyline", "vertices": [[0, 0], [0.5, -1], [1.5, 1], [2, 0]]})")));
  for (int i = 1; i <= 19; ++i) {
    const double x = i * 0.1;
    const double expected = i <= 5 ? -2 * x : i <= 15 ? 2 * x - 2 : -2 * x + 4;
    EXPECT_NEAR(y[static_cast<std::size_t>(i - 1)], expected, 1e-14) << "bead " << i;
  }
}

TEST(ConfigShapes, PolylineEndsSetTheFixedBeads) {
  const auto config = with_initial(3, 0.25, json::parse(R"({"kind": "polyline", "vertices": [[0, 1], [1, -1]]})"));
  const auto job = rodswarm::parse_job<rodswarm::greenspan::Model>(config, "cfg.json");
  EXPECT_EQ(job.members.params[0].y_left, 1.0);
  EXPECT_EQ(job.members.params[0].y_right, -1.0);
  EXPECT_EQ(job.members.field[rodswarm::greenspan::Model::heights], (std::vector<double>{0.5, 0.0, -0.5}));
}

TEST(ConfigShapes, PolylineErrors) {
  auto poly = [](const char* vertices) {
    return with_initial(9, 0.1, json{{"kind", "polyline"}, {"vertices", json::parse(vertices)}});
  };
  EXPECT_EQ(error_of(poly("[[0, 0]]")).key(), "initial.vertices");
  EXPECT_EQ(error_of(poly("[[0.1, 0], [1, 0]]")).key(), "initial.vertices[0][0]");
  EXPECT_EQ(error_of(poly("[[0, 0], [0.9, 0]]")).key(), "initial.vertices[1][0]");
  EXPECT_EQ(error_of(poly("[[0, 0], [0.5, 1], [0.5, 2], [1, 0]]")).key(), "initial.vertices[2][0]");
  EXPECT_EQ(error_of(poly("[[0, 0], [0.5, 1, 2], [1, 0]]")).key(), "initial.vertices[1]");
  EXPECT_NO_THROW(rodswarm::parse_job<rodswarm::greenspan::Model>(poly("[[0, 0], [1.0000000000001, 0]]"),
                                                                  "cfg.json"));  // 1e-9 relative
}

json points_config(int n, double dx) {
  json pts = json::array();
  for (int i = 0; i <= n + 1; ++i) pts.push_back({i * dx, 0.1 * i * i, 0.0});
  return with_initial(n, dx, json{{"kind", "points"}, {"points", pts}});
}

TEST(ConfigShapes, Points) {
  const auto job = rodswarm::parse_job<rodswarm::greenspan::Model>(points_config(4, 0.2), "cfg.json");
  const auto& p = job.members.params[0];
  EXPECT_EQ(p.y_left, 0.0);
  EXPECT_DOUBLE_EQ(p.y_right, 2.5);
  ASSERT_EQ(job.members.field[rodswarm::greenspan::Model::heights].size(), 4u);
  for (int i = 1; i <= 4; ++i)
    EXPECT_DOUBLE_EQ(job.members.field[rodswarm::greenspan::Model::heights][static_cast<std::size_t>(i - 1)],
                     0.1 * i * i);
  EXPECT_DOUBLE_EQ(p.divergence_bound, 1000 * 2.5);
}

TEST(ConfigShapes, PointsErrors) {
  json c = points_config(4, 0.2);
  c["initial"]["points"].erase(5);
  EXPECT_EQ(error_of(c).key(), "initial.points");
  c = points_config(4, 0.2);
  c["initial"]["points"][2][0] = 0.41;
  EXPECT_EQ(error_of(c).key(), "initial.points[2][0]");
  c = points_config(4, 0.2);
  c["initial"]["points"][2][2] = 0.1;
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.points[2][2]");
  EXPECT_NE(std::string(e.what()).find("planar"), std::string::npos);
  c = points_config(4, 0.2);
  c["initial"]["points"][2] = json::parse("[0.4, 0.1]");
  EXPECT_EQ(error_of(c).key(), "initial.points[2]");
}

TEST(ConfigShapes, Velocities) {
  json c = with_initial(3, 0.25, json::parse(R"({"kind": "triangle", "peak": [0.5, 0.5], "velocities": [1, 2, 3]})"));
  EXPECT_EQ(rodswarm::parse_job<rodswarm::greenspan::Model>(c, "cfg.json")
                .members.field[rodswarm::greenspan::Model::velocities],
            (std::vector<double>{1, 2, 3}));
  c["initial"].erase("velocities");
  EXPECT_EQ(rodswarm::parse_job<rodswarm::greenspan::Model>(c, "cfg.json")
                .members.field[rodswarm::greenspan::Model::velocities],
            (std::vector<double>{0, 0, 0}));
  c["initial"]["velocities"] = {1, 2};
  EXPECT_EQ(error_of(c).key(), "initial.velocities");
  c["initial"]["velocities"] = {1, "2", 3};
  EXPECT_EQ(error_of(c).key(), "initial.velocities[1]");
}

TEST(ConfigShapes, UnknownKind) {
  const auto e = error_of(with_initial(9, 0.1, json::parse(R"({"kind": "trinagle", "peak": [0.5, 0.5]})")));
  EXPECT_EQ(e.key(), "initial.kind");
  EXPECT_NE(std::string(e.what()).find("did you mean \"triangle\""), std::string::npos);
}

}  // namespace
}  // namespace rodswarm
