// parse_job for model se3rod: the schema's error classes (unknown keys, types, ranges, ends, normals, lengths,
// point counts) and the initial shapes (straight, helix, points) with their rest strains: a stress-free shape is
// stress-free to round-off, the helix's segments all share one relative pose, and "rest": "straight" gives the
// straight rest strain whatever the initial shape.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"
#include "rodswarm/models/se3rod_stepper.hpp"

namespace rodswarm {
namespace {

using namespace test;
using Model = se3rod::Model;

json base() {
  return json::parse(R"({
    "model": "se3rod",
    "params": {"n": 8, "length": 1.0, "radius": 0.01, "density": 1000, "youngs_modulus": 1e7,
               "shear_modulus": 3.3e6, "shear_coefficient": 0.9},
    "initial": {"kind": "straight"},
    "integrator": {"dt": 1e-4, "t_end": 0.01}
  })");
}

Se3rodJob parse(const json& c) { return parse_job<Model>(c, "cfg.json"); }
ConfigError error_of(const json& c) { return config_error<Model>(c); }

Pose<double> node(const Se3rodJob& job, int k, std::int64_t member = 0) {
  return se3rod::load_pose(job.members.data(Model::pose, member) + 12 * k);
}
Twist<double> rest(const Se3rodJob& job, int s, std::int64_t member = 0) {
  return se3rod::load_twist(job.members.data(Model::rest, member) + 6 * s);
}
double largest(const Twist<double>& t) {
  double m = 0;
  for (double x : {t.w.x, t.w.y, t.w.z, t.v.x, t.v.y, t.v.z}) m = std::max(m, std::fabs(x));
  return m;
}
/// The member's elastic energy at its initial state, over E A L (dimensionless).
double relative_elastic_energy(const Se3rodJob& job, std::int64_t member = 0) {
  const auto& p = job.members.params[static_cast<std::size_t>(member)];
  std::vector<double> pose(job.members.data(Model::pose, member), job.members.data(Model::pose, member) + 12 * p.n);
  std::vector<double> twist(6 * static_cast<std::size_t>(p.n), 0.0);
  const se3rod::Energy<double> e =
      se3rod::energy(se3rod::MemberIO<double>{pose.data(), twist.data(), job.members.data(Model::rest, member)}, p);
  return e.elastic / (p.youngs_modulus * pi * p.radius * p.radius * p.h * (p.n - 1));
}

TEST(ConfigSe3rodSchema, Defaults) {
  const Se3rodJob job = parse(base());
  ASSERT_EQ(job.size(), 1);
  const auto& p = job.members.params[0];
  EXPECT_EQ(p.n, 9);  // nodes
  EXPECT_DOUBLE_EQ(p.h, 1.0 / 8);
  EXPECT_EQ(p.scheme, se3rod::Scheme::rkmk4);
  EXPECT_EQ(p.end0, se3rod::End::free);
  EXPECT_EQ(p.end1, se3rod::End::free);
  // Straight along the default d3 = e_z with d1 = e_x; rest strain (0, 0, 0; 0, 0, 1).
  for (int k = 0; k < 9; ++k) {
    const Pose<double> g = node(job, k);
    EXPECT_DOUBLE_EQ(g.p.z, k / 8.0);
    EXPECT_DOUBLE_EQ(g.R.m[0], 1.0);
    EXPECT_DOUBLE_EQ(g.R.m[8], 1.0);
  }
  EXPECT_LT(largest(rest(job, 3) - Twist<double>{{0, 0, 0}, {0, 0, 1}}), 1e-15);
  EXPECT_DOUBLE_EQ(p.divergence_bound, 1000.0);
}

TEST(ConfigSe3rodSchema, ErrorsNameTheKey) {
  expect_suggestions(error_of, base(),
                     {{"/params/lenght", "params.length"}, {"/initial/directoin", "initial.direction"}});
  expect_required(error_of, base(),
                  {"params.n", "params.radius", "params.density", "params.youngs_modulus", "params.shear_modulus",
                   "params.shear_coefficient", "initial.kind", "integrator.dt", "integrator.t_end"});
  expect_out_of_range(error_of, base(), "params",
                      {{"radius", -0.01},
                       {"density", 0},
                       {"youngs_modulus", -1},
                       {"shear_modulus", 0},
                       {"shear_coefficient", -0.9},
                       {"length", 0},
                       {"damping_force", -1},
                       {"n", 0},
                       {"n", 2.5}});
  json c = base();
  c["params"]["density"] = "heavy";
  EXPECT_EQ(error_of(c).key(), "params.density");
  c = base();
  c["params"]["ends"] = {"clamped", "glued"};
  EXPECT_EQ(error_of(c).key(), "params.ends[1]");
  c = base();
  c["params"]["rest"] = "curved";
  EXPECT_EQ(error_of(c).key(), "params.rest");
  c = base();
  c["integrator"]["scheme"] = "rk4";
  EXPECT_EQ(error_of(c).key(), "integrator.scheme");
  c = base();
  c["params"].erase("length");
  EXPECT_EQ(error_of(c).key(), "params.length");
  c = base();
  c["initial"]["normal"] = {0, 0, 2};  // parallel to the default direction
  EXPECT_EQ(error_of(c).key(), "initial.normal");
  c = base();
  c["initial"]["helix_radius"] = 0.1;  // a key of another kind
  EXPECT_EQ(error_of(c).key(), "initial.helix_radius");
  c = base();
  c["steady"] = json::object();
  EXPECT_EQ(error_of(c).key(), "steady");
}

TEST(ConfigSe3rodSchema, PointsErrors) {
  json c = base();
  c["params"]["n"] = 2;
  c["params"].erase("length");
  c["initial"] = {
      {"kind", "points"}, {"points", {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}}, {"normals", {{0, 1, 0}, {0, 1, 0}}}};
  EXPECT_EQ(error_of(c).key(), "initial.normals");
  c["initial"]["normals"] = {{0, 1, 0}, {1, 0, 0}, {0, 1, 0}};  // node 1's normal along its tangent
  EXPECT_EQ(error_of(c).key(), "initial.normals[1]");
  c["initial"]["normals"] = {{0, 1, 0}, {0, 1, 0}, {0, 1, 0}};
  c["initial"]["points"] = {{0, 0, 0}, {0, 0, 0}, {2, 0, 0}};
  EXPECT_EQ(error_of(c).key(), "initial.points[1]");
  c["initial"]["points"] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  c["params"]["length"] = 2.0;
  EXPECT_EQ(error_of(c).key(), "params.length");
}

// A helix built from its parameters: nodes on the helix a rest length apart along it, d3 its tangent, d1 towards
// the axis, every segment the same relative pose; stress-free as its own rest shape, bent and twisted against a
// straight rest shape.
TEST(ConfigSe3rodShapes, HelixIsAScrewOrbit) {
  json c = base();
  c["params"]["n"] = 24;
  c["initial"] = {{"kind", "helix"}, {"axis", {0, 0, 1}}, {"normal", {1, 0, 0}}, {"helix_radius", 0.1}, {"pitch", 0.2}};
  const Se3rodJob job = parse(c);
  const double R = 0.1, cc = 0.2 / (2 * pi), s = std::sqrt(R * R + cc * cc), h = 1.0 / 24;
  for (int k = 0; k <= 24; ++k) {
    const Pose<double> g = node(job, k);
    const double phi = k * h / s;
    // Node 0 at the origin, the axis at x = +R (the normal points from node 0 towards the axis).
    EXPECT_NEAR(g.p.x, R - R * std::cos(phi), 1e-15);
    EXPECT_NEAR(g.p.y, -R * std::sin(phi), 1e-15);
    EXPECT_NEAR(g.p.z, cc * phi, 1e-15);
    const Vec3<double> d1{g.R.m[0], g.R.m[3], g.R.m[6]}, d3{g.R.m[2], g.R.m[5], g.R.m[8]};
    EXPECT_NEAR(dot(d1, Vec3<double>{std::cos(phi), std::sin(phi), 0}), 1.0, 1e-15);  // towards the axis
    EXPECT_NEAR(dot(d3, Vec3<double>{R * std::sin(phi), -R * std::cos(phi), cc}) / s, 1.0, 1e-15);
  }
  // Curvature 1 / (R (1 + (c/R)^2)) about d2... the same strain on every segment, and zero energy.
  for (int k = 1; k < 24; ++k) EXPECT_LT(largest(rest(job, k) - rest(job, 0)), 1e-13);
  const Twist<double> eta = rest(job, 0);
  EXPECT_NEAR(std::hypot(eta.w.x, eta.w.y), R / (s * s), 1e-12);  // the helix's curvature
  EXPECT_NEAR(std::fabs(eta.w.z), cc / (s * s), 1e-12);           // and torsion
  EXPECT_LT(relative_elastic_energy(job), 1e-28);
  c["params"]["rest"] = "straight";
  const Se3rodJob released = parse(c);
  EXPECT_LT(largest(rest(released, 5) - Twist<double>{{0, 0, 0}, {0, 0, 1}}), 1e-15);
  EXPECT_GT(relative_elastic_energy(released), 1e-5);
}

TEST(ConfigSe3rodShapes, PointsAndMotion) {
  json c = base();
  c["params"]["n"] = 2;
  c["params"].erase("length");
  c["params"]["ends"] = {"pinned", "free"};
  c["initial"] = {{"kind", "points"},
                  {"points", {{0, 0, 0}, {1, 0, 0}, {1, 2, 0}}},
                  {"normals", {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}},
                  {"velocity", {0, 0, 0.5}},
                  {"angular_velocity", {0, 0, 2}}};
  const Se3rodJob job = parse(c);
  const auto& p = job.members.params[0];
  EXPECT_DOUBLE_EQ(p.h, 1.5);  // the mean chord
  // Node 1's d3 is the chord from node 0 to node 2.
  const Pose<double> g1 = node(job, 1);
  EXPECT_NEAR(g1.R.m[2], 1 / std::sqrt(5.0), 1e-15);
  EXPECT_NEAR(g1.R.m[5], 2 / std::sqrt(5.0), 1e-15);
  EXPECT_LT(relative_elastic_energy(job), 1e-28);  // the points are their own rest shape
  // Lab velocities turned into body twists; the pinned node keeps no velocity but turns.
  for (int k = 0; k < 3; ++k) {
    const Pose<double> g = node(job, k);
    const Twist<double> xi = se3rod::load_twist(job.members.data(Model::twist, 0) + 6 * k);
    const Vec3<double> v = g.R * xi.v, w = g.R * xi.w;
    EXPECT_NEAR(v.z, k == 0 ? 0.0 : 0.5, 1e-15);
    EXPECT_NEAR(w.z, 2.0, 1e-15);
  }
}

// A prescribed end starts with (and the stepper keeps) the twist of its lab velocity and angular velocity; the
// other end and the interior take initial.velocity; the keys of a prescribed end are refused on any other end and
// can be varied like any vector.
TEST(ConfigSe3rodShapes, PrescribedEndsTakeTheirOwnMotion) {
  json c = base();
  c["params"]["ends"] = {"clamped", "prescribed"};
  c["params"]["end_velocity1"] = {0.1, 0.2, 0.3};
  c["params"]["end_angular_velocity1"] = {0, 0, 0.5};
  c["initial"]["direction"] = {0, 1, 0};
  c["initial"]["velocity"] = {0, 0, 7};
  const Se3rodJob job = parse(c);
  EXPECT_EQ(job.members.params[0].end1, se3rod::End::prescribed);
  for (int k : {0, 4, 8}) {
    const Pose<double> g = node(job, k);
    const Twist<double> xi = se3rod::load_twist(job.members.data(Model::twist, 0) + 6 * k);
    const Vec3<double> v = g.R * xi.v, w = g.R * xi.w;
    EXPECT_NEAR(v.x, k == 8 ? 0.1 : 0.0, 1e-15) << k;
    EXPECT_NEAR(v.y, k == 8 ? 0.2 : 0.0, 1e-15) << k;
    EXPECT_NEAR(v.z, k == 8 ? 0.3 : (k == 0 ? 0.0 : 7.0), 1e-15) << k;
    EXPECT_NEAR(w.z, k == 8 ? 0.5 : 0.0, 1e-15) << k;
  }
  json wrong = base();
  wrong["params"]["end_angular_velocity0"] = {1, 0, 0};
  EXPECT_EQ(error_of(wrong).key(), "params.end_angular_velocity0");
  json varied_wrong = base();
  varied_wrong["ensemble"] = json::parse(R"({"mode": "grid", "vary": {"params.end_velocity1[0]": [0.0, 1.0]}})");
  EXPECT_NE(std::string(error_of(varied_wrong).what()).find("is only used by a prescribed end"), std::string::npos)
      << error_of(varied_wrong).what();
  c["ensemble"] = json::parse(R"({"mode": "grid", "vary": {"params.end_velocity1[0]": [0.0, 0.5, 1.0]}})");
  const Se3rodJob swept = parse(c);
  ASSERT_EQ(swept.size(), 3);
  const Pose<double> g = node(swept, 8, 2);
  EXPECT_NEAR((g.R * se3rod::load_twist(swept.members.data(Model::twist, 2) + 6 * 8).v).x, 1.0, 1e-15);
}

TEST(ConfigSe3rodShapes, LoadsAndDivergenceBound) {
  json c = base();
  c["params"]["g"] = {0, -9.81, 0};
  c["params"]["force1"] = {1, 2, 3};
  c["params"]["couple0"] = {4, 5, 6};
  c["initial"]["origin"] = {0, 0, 5000};
  c["integrator"]["divergence_factor"] = 10;
  const Se3rodJob job = parse(c);
  const auto& p = job.members.params[0];
  EXPECT_DOUBLE_EQ(p.gravity[1], -9.81);
  EXPECT_DOUBLE_EQ(p.load1[3], 1);
  EXPECT_DOUBLE_EQ(p.load1[5], 3);
  EXPECT_DOUBLE_EQ(p.load0[0], 4);
  EXPECT_DOUBLE_EQ(p.divergence_bound, 10 * 5001);
}

TEST(ConfigSe3rodExamples, EveryExampleLoads) {
  EXPECT_GE(for_each_example<Model>([](const Se3rodJob& job) { EXPECT_GT(job.size(), 0); }), 4);
}

}  // namespace
}  // namespace rodswarm
