// parse_nishinari_job: the schema's error classes (unknown keys, types, ranges, ends, normals, fixed-end
// velocities) and the initial shapes (straight, helix with its relative Euler angles, points, twist pulse).
#include <gtest/gtest.h>

#include <tuple>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"

namespace rodswarm {
namespace {

using namespace test;
using Model = nishinari::Model;
using nishinari::EndKind;
using Frame = std::array<Vec, 3>;  // rows t, n, b

json base() {
  return json::parse(R"({
    "model": "nishinari",
    "params": {"n": 6, "l": 0.05, "m": 0.01, "k": 100, "K": 0.01, "h": 0.008, "j": 5e-7},
    "initial": {"kind": "straight"},
    "integrator": {"dt": 0.001, "t_end": 0.1}
  })");
}

json helix(double dphi, double dtheta, double dpsi) {
  json c = base();
  c["params"]["n"] = 12;
  c["initial"] = {{"kind", "helix"},
                  {"origin", {0.3, -0.2, 1.0}},
                  {"direction", {1.0, 2.0, -0.5}},
                  {"normal", {0, 0, 1}},
                  {"dphi", dphi},
                  {"dtheta", dtheta},
                  {"dpsi", dpsi}};
  return c;
}

NishinariJob parse(const json& c) { return rodswarm::parse_job<rodswarm::nishinari::Model>(c, "cfg.json"); }

ConfigError error_of(const json& config) { return rodswarm::test::config_error<Model>(config); }

Vec sub(const Vec& a, const Vec& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double dot(const Vec& a, const Vec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vec cross(const Vec& a, const Vec& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Vec unit(const Vec& a) {
  const double l = std::sqrt(dot(a, a));
  return {a[0] / l, a[1] / l, a[2] / l};
}

Vec bead(const NishinariJob& job, std::size_t i) {
  const auto& r = job.members.field[rodswarm::nishinari::Model::positions];
  return {r[3 * i], r[3 * i + 1], r[3 * i + 2]};
}
Vec normal(const NishinariJob& job, std::size_t s) {
  const auto& n = job.members.field[rodswarm::nishinari::Model::normals];
  return {n[3 * s], n[3 * s + 1], n[3 * s + 2]};
}
/// Frame of segment s of member 0, from its positions and carried normal.
Frame frame(const NishinariJob& job, std::size_t s) {
  const Vec t = unit(sub(bead(job, s + 1), bead(job, s)));
  const Vec n = normal(job, s);
  return {t, n, cross(t, n)};
}

// ---------------------------------------------------------------------------------------------------------------
// Schema

TEST(ConfigNishinariSchema, Defaults) {
  const auto job = parse(base());
  EXPECT_EQ(job.source, "cfg.json");
  ASSERT_EQ(job.size(), 1);
  EXPECT_EQ(job.precision, rodswarm::Precision::float64);
  EXPECT_EQ(job.formulation, rodswarm::nishinari::Formulation::intrinsic);
  EXPECT_EQ(job.twist_moment, rodswarm::nishinari::TwistMoment::conservative);
  EXPECT_EQ(job.output.path, "results.h5");
  EXPECT_EQ(job.output.save_every, 0.0);
  EXPECT_TRUE(job.output.saves("positions") && job.output.saves("energy") && job.output.saves("momentum") &&
              !job.output.saves("velocities"));
  EXPECT_EQ(job.compare.members, 4);
  EXPECT_TRUE(job.varied_keys.empty());
  EXPECT_EQ(job.config, base());
  const auto& p = job.members.params[0];
  EXPECT_EQ(
      std::make_tuple(p.n, p.end0, p.end1, p.formulation, p.twist_moment, p.l, p.m, p.k, p.K, p.h, p.j, p.damping,
                      p.spin_damping),
      std::make_tuple(6, EndKind::free, EndKind::free, rodswarm::nishinari::Formulation::intrinsic,
                      rodswarm::nishinari::TwistMoment::conservative, 0.05, 0.01, 100.0, 0.01, 0.008, 5e-7, 0.0, 0.0));
  for (int c = 0; c < 3; ++c) {
    EXPECT_EQ(p.g[c], 0.0);
    EXPECT_EQ(p.load0[c], 0.0);
    EXPECT_EQ(p.load1[c], 0.0);
  }
  EXPECT_EQ(p.singular_cos, 0.02);
  EXPECT_DOUBLE_EQ(p.divergence_bound, 1000.0);  // max(1, 5 l = 0.25, |r| <= 0.25)
  EXPECT_EQ(job.members.dt[0], 0.001);
  EXPECT_EQ(job.t_end[0], 0.1);
  EXPECT_EQ(job.members.offset[rodswarm::nishinari::Model::beads], (std::vector<std::int64_t>{0, 6}));
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::positions].size(), 18u);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::velocities], std::vector<double>(18, 0.0));
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::normals].size(), 15u);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::spins], std::vector<double>(5, 0.0));
  EXPECT_EQ(job.members.status, std::vector<std::uint8_t>{0});
}

TEST(ConfigNishinariSchema, AllParams) {
  json c = base();
  c["precision"] = "float32";
  c["params"]["damping"] = 0.5;
  c["params"]["spin_damping"] = 1e-6;
  c["params"]["g"] = {0, 0, -9.81};
  c["params"]["load0"] = {1, 2, 3};
  c["params"]["load1"] = {-1, -2, -3};
  c["params"]["ends"] = {"pinned", "clamped"};
  c["params"]["formulation"] = "cartesian";
  c["params"]["twist_moment"] = "paper";
  c["integrator"]["scheme"] = "rk4";
  c["integrator"]["divergence_factor"] = 10;
  c["output"] = json::parse(R"({"path": "x.h5", "save_every": 0.01, "fields": ["velocities", "momentum"]})");
  c["compare"] = json::parse(R"({"tolerance": 1e-9, "members": 8})");
  const auto job = parse(c);
  EXPECT_EQ(job.precision, rodswarm::Precision::float32);
  EXPECT_EQ(job.formulation, rodswarm::nishinari::Formulation::cartesian);
  EXPECT_EQ(job.twist_moment, rodswarm::nishinari::TwistMoment::paper);
  EXPECT_TRUE(job.output.saves("velocities") && job.output.saves("momentum") && !job.output.saves("positions") &&
              !job.output.saves("energy"));
  EXPECT_EQ(job.output.path, "x.h5");
  EXPECT_EQ(job.output.save_every, 0.01);
  EXPECT_EQ(job.compare.tolerance, 1e-9);
  EXPECT_EQ(job.compare.members, 8);
  const auto& p = job.members.params[0];
  EXPECT_EQ(std::make_tuple(p.end0, p.end1, p.formulation, p.twist_moment, p.damping, p.spin_damping, p.g[2],
                            p.load0[1], p.load1[2]),
            std::make_tuple(EndKind::pinned, EndKind::clamped, rodswarm::nishinari::Formulation::cartesian,
                            rodswarm::nishinari::TwistMoment::paper, 0.5, 1e-6, -9.81, 2.0, -3.0));
  EXPECT_DOUBLE_EQ(p.divergence_bound, 10.0);
}

TEST(ConfigNishinariSchema, UnknownKeySuggestsNearest) {
  expect_suggestions(error_of, base(),
                     {{"/params/mass", "params.m"},
                      {"/params/spin_dampin", "params.spin_damping"},
                      {"/initial/orign", "initial.origin"},
                      {"/integrater", "integrator"}});
  json c = base();
  c["initial"]["twist_pulse"] = json::parse(R"({"center": 2, "width": 1, "angel": 0.1})");
  EXPECT_TRUE(
      contains(error_of(c), "initial.twist_pulse.angel: unknown key (did you mean \"initial.twist_pulse.angle\"?)"));
}

TEST(ConfigNishinariSchema, KeysOfAnotherKind) {
  json c = base();
  c["initial"]["dphi"] = 0.1;
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.dphi");
  EXPECT_TRUE(contains(e, "not used by kind \"straight\"")) << e.what();
  c = base();
  c["initial"] = json::parse(R"({"kind": "points", "points": [[0,0,0],[1,0,0],[2,0,0]], "normals": [[0,1,0],[0,1,0]],
                                 "origin": [0, 0, 0]})");
  c["params"]["n"] = 3;
  e = error_of(c);
  EXPECT_EQ(e.key(), "initial.origin");
  EXPECT_TRUE(contains(e, "not used by kind \"points\""));
}

TEST(ConfigNishinariSchema, SteadySectionIsAnError) {
  json c = base();
  c["steady"] = json::parse(R"({"tol": 1e-10})");
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "steady");
  EXPECT_TRUE(contains(e, "unknown key")) << e.what();
}

TEST(ConfigNishinariSchema, WrongType) {
  json c = base();
  c["params"]["m"] = "0.01";
  EXPECT_STREQ(error_of(c).what(), "cfg.json: params.m: expected a number, got a string");
  c = base();
  c["params"]["n"] = 6.5;
  EXPECT_STREQ(error_of(c).what(), "cfg.json: params.n: expected an integer, got 6.5");
  c = base();
  c["params"]["g"] = {0, -9.81};
  EXPECT_TRUE(contains(error_of(c), "params.g: expected an array of 3 numbers, got 2 elements"));
  c = base();
  c["params"]["load1"] = {0, true, 0};
  EXPECT_EQ(error_of(c).key(), "params.load1[1]");
  c = base();
  c["params"]["ends"] = "free";
  EXPECT_TRUE(contains(error_of(c), "params.ends: expected an array, got a string"));
  c["params"]["ends"] = {"free"};
  EXPECT_TRUE(contains(error_of(c), "params.ends: expected [end0, end1]"));
  c = base();
  c["initial"]["stretch"] = json::array();
  EXPECT_TRUE(contains(error_of(c), "initial.stretch: expected a number, got an array"));
  c = base();
  c["initial"]["spins"] = {0, 0, "x", 0, 0};
  EXPECT_EQ(error_of(c).key(), "initial.spins[2]");
  c = base();
  c["initial"]["velocities"] = json::parse("[[0,0,0],[0,0]]");
  EXPECT_EQ(error_of(c).key(), "initial.velocities[1]");
}

TEST(ConfigNishinariSchema, MissingRequiredKeys) {
  rodswarm::test::expect_required(error_of, base(),
                                  {"params.n", "params.l", "params.m", "params.k", "params.K", "params.h", "params.j",
                                   "model", "params", "initial", "integrator", "initial.kind", "integrator.dt"});
  json c = base();
  c["initial"]["twist_pulse"] = json::parse(R"({"center": 2})");
  EXPECT_EQ(error_of(c).key(), "initial.twist_pulse.width");
}

TEST(ConfigNishinariSchema, ParameterRanges) {
  expect_out_of_range(error_of, base(), "params",
                      {{"l", 0.0},
                       {"m", -0.01},
                       {"k", -1.0},
                       {"j", 0.0},
                       {"K", -0.01},
                       {"h", -1e-3},
                       {"damping", -1},
                       {"spin_damping", -1},
                       {"n", 2}});
  json c = base();
  c["params"]["m"] = -0.01;
  EXPECT_STREQ(error_of(c).what(), "cfg.json: params.m: must be positive, got -0.01");
  c = base();
  c["params"]["K"] = 0;  // a string without bending or twist stiffness is allowed
  c["params"]["h"] = 0;
  EXPECT_NO_THROW(parse(c));
  c = base();
  c["params"]["n"] = 2;
  EXPECT_STREQ(error_of(c).what(), "cfg.json: params.n: must be an integer from 3 to 1048576, got 2");
  c["params"]["n"] = 3;
  EXPECT_EQ(parse(c).members.params[0].n, 3);
  c = base();
  c["initial"]["stretch"] = 0;
  EXPECT_EQ(error_of(c).key(), "initial.stretch");
}

TEST(ConfigNishinariSchema, BadEndName) {
  json c = base();
  c["params"]["ends"] = {"free", "clampd"};
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "params.ends[1]");
  EXPECT_TRUE(contains(e, "unknown value \"clampd\" (did you mean \"clamped\"?)")) << e.what();
  c["params"]["ends"] = {3, "free"};
  EXPECT_TRUE(contains(error_of(c), "params.ends[0]: expected a string, got a number"));
}

TEST(ConfigNishinariSchema, BadChoices) {
  json c = base();
  c["params"]["formulation"] = "cartesion";
  EXPECT_TRUE(contains(error_of(c), "did you mean \"cartesian\""));
  c = base();
  c["params"]["twist_moment"] = "papr";
  EXPECT_TRUE(contains(error_of(c), "did you mean \"paper\""));
  c = base();
  c["integrator"]["scheme"] = "greenspan";
  EXPECT_EQ(error_of(c).key(), "integrator.scheme");
  c = base();
  c["initial"]["kind"] = "helx";
  EXPECT_TRUE(contains(error_of(c), "initial.kind: unknown value \"helx\" (did you mean \"helix\"?)"));
  c = base();
  c["output"] = json::parse(R"({"fields": ["momentum", "momentum"]})");
  EXPECT_EQ(error_of(c).key(), "output.fields[1]");
  c["output"] = json::parse(R"({"fields": ["momentun"]})");
  EXPECT_TRUE(contains(error_of(c), "did you mean \"momentum\""));
}

TEST(ConfigNishinariSchema, GreenspanDoesNotSaveMomentum) {
  const json g = json::parse(R"({
    "model": "greenspan", "params": {"n": 9, "dx": 0.1, "m": 0.1, "T0": 9.0},
    "initial": {"kind": "triangle", "peak": [0.5, 0.5]}, "integrator": {"dt": 0.002, "t_end": 1.0}
  })");
  EXPECT_FALSE(rodswarm::parse_job<rodswarm::greenspan::Model>(g, "g.json").output.saves("momentum"));
  json bad = g;
  bad["output"] = json::parse(R"({"fields": ["momentum"]})");
  try {
    rodswarm::parse_job<rodswarm::greenspan::Model>(bad, "g.json");
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.key(), "output.fields[0]");
  }
}

TEST(ConfigNishinariSchema, Steps) {
  json c = base();
  c["integrator"]["t_end"] = 0.1005;
  EXPECT_TRUE(contains(error_of(c), "integrator.t_end: 0.1005 is not a whole number of steps"));
  c = base();
  c["output"] = json::parse(R"({"save_every": 0.0015})");
  EXPECT_EQ(error_of(c).key(), "output.save_every");
  c = base();
  c["integrator"]["dt"] = -0.001;
  EXPECT_EQ(error_of(c).key(), "integrator.dt");
  c = base();
  c["integrator"]["divergence_factor"] = 0;
  EXPECT_EQ(error_of(c).key(), "integrator.divergence_factor");
}

TEST(ConfigNishinariSchema, ParallelNormal) {
  json c = base();
  c["initial"]["direction"] = {0, 0, 2};
  c["initial"]["normal"] = {0, 0, -1};
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.normal");
  EXPECT_TRUE(contains(e, "parallel")) << e.what();
  c["initial"]["normal"] = {0, 0, 0};
  EXPECT_EQ(error_of(c).key(), "initial.normal");
  c["initial"]["direction"] = {0, 0, 0};
  EXPECT_EQ(error_of(c).key(), "initial.direction");

  c = base();
  c["params"]["n"] = 3;
  c["initial"] = json::parse(R"({"kind": "points", "points": [[0,0,0],[1,0,0],[1,1,0]],
                                 "normals": [[0,1,0],[0,-3,0]]})");
  e = error_of(c);
  EXPECT_EQ(e.key(), "initial.normals[1]");
  EXPECT_TRUE(contains(e, "parallel to segment 1")) << e.what();
}

TEST(ConfigNishinariSchema, HelixPitchBelowHalfPi) {
  for (const double dtheta : {pi / 2, 1.6, -pi / 2, -2.0}) {
    const auto e = error_of(helix(0.1, dtheta, 0.0));
    EXPECT_EQ(e.key(), "initial.dtheta");
    EXPECT_TRUE(contains(e, "below pi/2")) << e.what();
  }
  EXPECT_NO_THROW(parse(helix(0.1, 1.5, 0.0)));
}

TEST(ConfigNishinariSchema, PointsAtGimbalLock) {
  // Segment 1 along z = b_0 of segment 0 (t_0 = x, n_0 = y): relative pitch pi/2.
  json c = base();
  c["params"]["n"] = 3;
  c["initial"] = json::parse(R"({"kind": "points", "points": [[0,0,0],[1,0,0],[1,0,1]],
                                 "normals": [[0,1,0],[0,1,0]]})");
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.normals[0]");
  EXPECT_TRUE(contains(e, "joint 1")) << e.what();
  // The same bend about b_0 (n_0 = z) is a plain dphi = pi/2.
  c["initial"]["normals"] = json::parse("[[0,0,1],[-1,0,0]]");
  EXPECT_NO_THROW(parse(c));
}

TEST(ConfigNishinariSchema, PointsErrors) {
  json c = base();
  c["params"]["n"] = 3;
  c["initial"] = json::parse(R"({"kind": "points", "points": [[0,0,0],[1,0,0],[1,0,0]],
                                 "normals": [[0,1,0],[0,1,0]]})");
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.points[2]");
  EXPECT_TRUE(contains(e, "zero length")) << e.what();
  c["initial"]["points"] = json::parse("[[0,0,0],[1,0,0]]");
  EXPECT_TRUE(contains(error_of(c), "initial.points: expected n = 3 points"));
  c["initial"]["points"] = json::parse("[[0,0,0],[1,0,0],[2,0,0]]");
  c["initial"]["normals"] = json::parse("[[0,1,0]]");
  EXPECT_TRUE(contains(error_of(c), "initial.normals: expected n - 1 = 2 normals"));
  c["initial"].erase("normals");
  EXPECT_EQ(error_of(c).key(), "initial.normals");
}

TEST(ConfigNishinariSchema, MotionListsAndExclusions) {
  json c = base();
  c["initial"]["velocity"] = {1, 0, 0};
  c["initial"]["velocities"] = json::parse("[[0,0,0],[0,0,0],[0,0,0],[0,0,0],[0,0,0],[0,0,0]]");
  EXPECT_EQ(error_of(c).key(), "initial.velocities");
  c = base();
  c["initial"]["spin"] = 1;
  c["initial"]["spins"] = {0, 0, 0, 0, 0};
  EXPECT_EQ(error_of(c).key(), "initial.spins");
  c = base();
  c["initial"]["spins"] = {0, 0, 0};
  EXPECT_TRUE(contains(error_of(c), "initial.spins: expected n - 1 = 5 values"));
  c = base();
  c["initial"]["velocities"] = json::parse("[[0,0,0]]");
  EXPECT_TRUE(contains(error_of(c), "initial.velocities: expected n = 6 velocities"));
  c = base();
  c["initial"]["twist_pulse"] = json::parse(R"({"center": 2, "width": 0})");
  EXPECT_EQ(error_of(c).key(), "initial.twist_pulse.width");
}

TEST(ConfigNishinariSchema, VelocitiesOfFixedEndBeads) {
  const json list = json::parse("[[0,0,0],[1,0,0],[1,0,0],[1,0,0],[1,0,0],[0,0.5,0]]");
  json c = base();
  c["params"]["ends"] = {"clamped", "pinned"};
  c["initial"]["velocities"] = list;
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.velocities[5]");
  EXPECT_TRUE(contains(e, "bead 5 is pinned (params.ends[1]): its velocity must be [0, 0, 0]")) << e.what();
  c["initial"]["velocities"][0] = {0, 0, 1e-3};
  EXPECT_EQ(error_of(c).key(), "initial.velocities[0]");
  c["params"]["ends"] = {"free", "free"};  // free ends may move
  EXPECT_NO_THROW(parse(c));

  // Uniform velocity: fixed end beads stay at rest, the others move.
  c = base();
  c["params"]["ends"] = {"clamped", "free"};
  c["initial"]["velocity"] = {0.1, 0.2, 0.3};
  const auto job = parse(c);
  const std::vector<double> expected = {0,   0,   0,   0.1, 0.2, 0.3, 0.1, 0.2, 0.3,
                                        0.1, 0.2, 0.3, 0.1, 0.2, 0.3, 0.1, 0.2, 0.3};
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::velocities], expected);
}

// ---------------------------------------------------------------------------------------------------------------
// Shapes

TEST(ConfigNishinariShapes, Straight) {
  json c = base();
  c["initial"] = json::parse(R"({"kind": "straight", "origin": [1, 2, 3], "direction": [0, 0, 2],
                                 "normal": [1, 0, 5], "stretch": 1.1})");
  const auto job = parse(c);
  for (std::size_t i = 0; i < 6; ++i) {
    const Vec r = bead(job, i);
    EXPECT_NEAR(r[0], 1.0, 1e-15);
    EXPECT_NEAR(r[1], 2.0, 1e-15);
    EXPECT_NEAR(r[2], 3.0 + 1.1 * 0.05 * static_cast<double>(i), 1e-14);
  }
  for (std::size_t s = 0; s < 5; ++s) {
    const Vec n = normal(job, s);
    EXPECT_EQ(n[0], 1.0);  // projected perpendicular to z and normalised
    EXPECT_EQ(n[1], 0.0);
    EXPECT_EQ(n[2], 0.0);
  }
  // Straight is the helix with zero angles.
  json h = c;
  h["initial"]["kind"] = "helix";
  const auto hj = parse(h);
  EXPECT_EQ(hj.members.field[rodswarm::nishinari::Model::positions],
            job.members.field[rodswarm::nishinari::Model::positions]);
  EXPECT_EQ(hj.members.field[rodswarm::nishinari::Model::normals],
            job.members.field[rodswarm::nishinari::Model::normals]);
}

TEST(ConfigNishinariShapes, StraightDefaults) {
  const auto job = parse(base());
  for (std::size_t i = 0; i < 6; ++i) {
    const Vec r = bead(job, i);
    EXPECT_DOUBLE_EQ(r[0], 0.05 * static_cast<double>(i));
    EXPECT_EQ(r[1], 0.0);
    EXPECT_EQ(r[2], 0.0);
  }
  for (std::size_t s = 0; s < 5; ++s) EXPECT_EQ(normal(job, s), (Vec{0, 1, 0}));
}

TEST(ConfigNishinariShapes, HelixRecoversItsRelativeAngles) {
  const double dphi = 0.15, dtheta = 0.1, dpsi = 0.05;
  for (const auto& angles : {std::array<double, 3>{dphi, dtheta, dpsi}, std::array<double, 3>{-0.4, 0.7, 1.2},
                             std::array<double, 3>{2.5, -1.3, -2.9}}) {
    SCOPED_TRACE(angles[0]);
    const auto job = parse(helix(angles[0], angles[1], angles[2]));
    const std::size_t n = 12;
    EXPECT_NEAR(bead(job, 0)[0], 0.3, 1e-15);
    EXPECT_NEAR(bead(job, 0)[2], 1.0, 1e-15);
    for (std::size_t s = 0; s + 1 < n; ++s) {
      // Segment length G = stretch l, normals unit and perpendicular.
      const Vec d = sub(bead(job, s + 1), bead(job, s));
      EXPECT_NEAR(std::sqrt(dot(d, d)), 0.05, 1e-14);
      const Frame e = frame(job, s);
      for (int a = 0; a < 3; ++a) {
        for (int b = 0; b < 3; ++b) EXPECT_NEAR(dot(e[a], e[b]), a == b ? 1.0 : 0.0, 1e-13);
      }
    }
    // t_0 along direction, n_0 the projected normal.
    const Frame e0 = frame(job, 0);
    const Vec t0 = unit({1.0, 2.0, -0.5});
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(e0[0][c], t0[c], 1e-14);
    const Vec z{0, 0, 1};
    const Vec n0 = unit(sub(z, {t0[0] * t0[2], t0[1] * t0[2], t0[2] * t0[2]}));
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(e0[1][c], n0[c], 1e-14);
    for (std::size_t i = 1; i + 1 < n; ++i) {
      const Frame a = frame(job, i - 1), b = frame(job, i);
      double P[3][3];
      for (int r = 0; r < 3; ++r) {
        for (int k = 0; k < 3; ++k) P[r][k] = dot(b[r], a[k]);  // P = e_i e_{i-1}^T
      }
      EXPECT_NEAR(std::atan2(P[0][1], P[0][0]), angles[0], 1e-12) << "joint " << i;
      EXPECT_NEAR(std::atan2(-P[0][2], std::hypot(P[0][0], P[0][1])), angles[1], 1e-12) << "joint " << i;
      EXPECT_NEAR(std::atan2(P[1][2], P[2][2]), angles[2], 1e-12) << "joint " << i;
    }
  }
}

TEST(ConfigNishinariShapes, PlanarCircle) {
  // dphi alone bends about b: a regular polygon in the plane of t_0 and n_0 (here xy), turning towards n.
  const double dphi = 2 * pi / 11;
  json c = helix(dphi, 0, 0);
  c["initial"]["origin"] = {0, 0, 0};
  c["initial"]["direction"] = {1, 0, 0};
  c["initial"]["normal"] = {0, 1, 0};
  const auto job = parse(c);
  for (std::size_t i = 0; i < 12; ++i) EXPECT_NEAR(bead(job, i)[2], 0.0, 1e-15);
  EXPECT_GT(bead(job, 2)[1], 0.0);
  // 11 segments of length l turning by 2 pi / 11 close the polygon.
  EXPECT_NEAR(bead(job, 11)[0], 0.0, 1e-14);
  EXPECT_NEAR(bead(job, 11)[1], 0.0, 1e-14);
}

TEST(ConfigNishinariShapes, Points) {
  json c = base();
  c["params"]["n"] = 4;
  c["initial"] = json::parse(R"({"kind": "points", "points": [[0,0,0],[0.05,0,0],[0.1,0.01,0],[0.1,0.06,0.01]],
                                 "normals": [[0,2,0],[1,1,0.5],[0,0,1]], "spins": [0.5, -1, 2],
                                 "velocities": [[1,0,0],[0,1,0],[0,0,1],[1,1,1]]})");
  const auto job = parse(c);
  const auto& pts = c["initial"]["points"];
  for (std::size_t i = 0; i < 4; ++i) {
    for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(bead(job, i)[k], pts[i][k].get<double>());
  }
  for (std::size_t s = 0; s < 3; ++s) {
    const Frame e = frame(job, s);
    EXPECT_NEAR(dot(e[1], e[1]), 1.0, 1e-15);
    EXPECT_NEAR(dot(e[0], e[1]), 0.0, 1e-15);
    const auto& raw = c["initial"]["normals"][s];
    const Vec rn{raw[0].get<double>(), raw[1].get<double>(), raw[2].get<double>()};
    EXPECT_GT(dot(e[1], rn), 0.0);           // same side as given
    EXPECT_NEAR(dot(e[2], rn), 0.0, 1e-14);  // n lies in the plane of t and the given normal
  }
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::spins], (std::vector<double>{0.5, -1, 2}));
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::velocities],
            (std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1}));
}

TEST(ConfigNishinariShapes, UniformSpinAndVelocity) {
  json c = base();
  c["initial"]["spin"] = 3.5;
  c["initial"]["velocity"] = {0, 0, -1};
  const auto job = parse(c);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::spins], std::vector<double>(5, 3.5));
  for (std::size_t i = 0; i < 6; ++i)
    EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::velocities][3 * i + 2], -1.0);
}

TEST(ConfigNishinariShapes, TwistPulseRotatesNormalsAboutTangents) {
  json c = helix(0.15, 0.1, 0.05);
  const auto plain = parse(c);
  c["initial"]["spin"] = 0.25;
  c["initial"]["twist_pulse"] = json::parse(R"({"center": 4.5, "width": 2, "angle": 0.3, "rate": 7})");
  const auto pulsed = parse(c);
  EXPECT_EQ(pulsed.members.field[rodswarm::nishinari::Model::positions],
            plain.members.field[rodswarm::nishinari::Model::positions]);  // positions untouched
  for (std::size_t s = 0; s < 11; ++s) {
    const double x = (static_cast<double>(s) - 4.5) / 2;
    const double w = std::exp(-0.5 * x * x);
    const Frame e = frame(plain, s);
    const Vec n1 = normal(pulsed, s);
    EXPECT_NEAR(dot(n1, n1), 1.0, 1e-14);
    EXPECT_NEAR(dot(n1, e[0]), 0.0, 1e-14);
    // Signed angle from the plain normal to the pulsed one about t: positive turns n towards b.
    const double angle = std::atan2(dot(cross(e[1], n1), e[0]), dot(e[1], n1));
    EXPECT_NEAR(angle, 0.3 * w, 1e-13) << "segment " << s;
    EXPECT_GT(dot(n1, e[2]), 0.0);
    EXPECT_NEAR(pulsed.members.field[rodswarm::nishinari::Model::spins][s], 0.25 + 7 * w, 1e-14);
  }
}

TEST(ConfigNishinariShapes, WallFramesOfClampedEnds) {
  json c = helix(0.15, 0.1, 0.05);
  const auto free_job = parse(c);
  EXPECT_EQ(free_job.members.params[0].wall0[0], 1.0);  // identity when not clamped
  EXPECT_EQ(free_job.members.params[0].wall1[4], 1.0);
  c["params"]["ends"] = {"clamped", "clamped"};
  const auto job = parse(c);
  const auto& p = job.members.params[0];
  const Frame e0 = frame(job, 0), e_last = frame(job, 10);
  for (int a = 0; a < 3; ++a) {
    for (int k = 0; k < 3; ++k) {
      EXPECT_NEAR(p.wall0[3 * a + k], e0[a][k], 1e-14);
      EXPECT_NEAR(p.wall1[3 * a + k], e_last[a][k], 1e-14);
    }
  }
  c["params"]["ends"] = {"pinned", "free"};
  EXPECT_EQ(parse(c).members.params[0].wall0[1], 0.0);
}

TEST(ConfigNishinariShapes, DivergenceBound) {
  json c = base();
  c["initial"]["origin"] = {0, -30, 40};
  c["integrator"]["divergence_factor"] = 10;
  // The farthest bead is the last one, at x = 5 l.
  EXPECT_DOUBLE_EQ(parse(c).members.params[0].divergence_bound, 10 * std::hypot(0.25, 50.0));
  c = base();
  c["params"]["n"] = 101;  // length 5
  c["params"]["l"] = 0.05;
  EXPECT_NEAR(parse(c).members.params[0].divergence_bound, 5000.0, 1e-9);
}

}  // namespace
}  // namespace rodswarm
