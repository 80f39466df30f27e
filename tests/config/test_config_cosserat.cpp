// parse_cosserat_job: the schema's error classes (unknown keys, types, ranges, growth tables, prescribed-only keys,
// friction, surfaces), the rest shapes (straight, helix, points) with their discrete rest strains, the perturbation
// of the initial state, and every config in examples/cosserat.
#include <gtest/gtest.h>

#include <tuple>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"

namespace rodswarm {
namespace {

using namespace test;
using Model = cosserat::Model;
using cosserat::EndKind;
using Mat = std::array<double, 9>;  // row-major, rows = directors

json base() {
  return json::parse(R"({
    "model": "cosserat",
    "params": {"n": 8, "length": 2.0, "radius": 0.05, "density": 1000, "youngs_modulus": 1e6,
               "shear_modulus": 3.5e5, "shear_coefficient": 0.9},
    "initial": {"kind": "straight"},
    "integrator": {"dt": 1e-4, "t_end": 0.01}
  })");
}

json helix_config(int n, double R, double pitch, double length) {
  json c = base();
  c["params"]["n"] = n;
  c["params"]["length"] = length;
  c["initial"] = {{"kind", "helix"},     {"origin", {0.3, -0.2, 1.0}}, {"axis", {1.0, 2.0, -0.5}},
                  {"normal", {0, 0, 1}}, {"helix_radius", R},          {"pitch", pitch}};
  return c;
}

CosseratJob parse(const json& c) { return rodswarm::parse_job<rodswarm::cosserat::Model>(c, "cfg.json"); }

ConfigError error_of(const json& config) { return rodswarm::test::config_error<Model>(config); }

Vec sub(const Vec& a, const Vec& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double dot(const Vec& a, const Vec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
double norm(const Vec& a) { return std::sqrt(dot(a, a)); }
Vec cross(const Vec& a, const Vec& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Vec unit(const Vec& a) {
  const double l = norm(a);
  return {a[0] / l, a[1] / l, a[2] / l};
}

Vec node(const std::vector<double>& x, std::size_t j) { return {x[3 * j], x[3 * j + 1], x[3 * j + 2]}; }
Mat frame(const std::vector<double>& Q, std::size_t i) {
  Mat m{};
  std::copy_n(&Q[9 * i], 9, m.begin());
  return m;
}
Vec row(const Mat& m, int r) {
  return {m[static_cast<std::size_t>(3 * r)], m[static_cast<std::size_t>(3 * r + 1)],
          m[static_cast<std::size_t>(3 * r + 2)]};
}

/// Independent of the library: log(A B^T)^vee by atan2 (no small- or near-pi branches needed here).
Vec log_vee(const Mat& A, const Mat& B) {
  Mat R{};
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) R[static_cast<std::size_t>(3 * r + c)] = dot(row(A, r), row(B, c));
  }
  const Vec w = {R[7] - R[5], R[2] - R[6], R[3] - R[1]};
  const double s = 0.5 * norm(w), cth = 0.5 * (R[0] + R[4] + R[8] - 1);
  const double t = std::atan2(s, cth);
  const double f = t < 1e-6 ? 0.5 : t / (2 * std::sin(t));
  return {f * w[0], f * w[1], f * w[2]};
}

void expect_orthonormal(const Mat& Q, double tol) {
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b) EXPECT_NEAR(dot(row(Q, a), row(Q, b)), a == b ? 1.0 : 0.0, tol);
  }
  const Vec d3 = cross(row(Q, 0), row(Q, 1));
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(d3[static_cast<std::size_t>(c)], row(Q, 2)[static_cast<std::size_t>(c)], tol);
}

/// The strains of the state (x, Q) of member 0 with the member's rest lengths, recomputed here from scratch and
/// compared with the member's rest strains.
void expect_rest_strains_of_state(const CosseratJob& job, double tol) {
  const auto& e = job.members;
  const auto& p = e.params[0];
  const auto N = static_cast<std::size_t>(p.n);
  for (std::size_t r = 0; r < static_cast<std::size_t>(p.rods); ++r) {
    for (std::size_t i = 0; i < N; ++i) {
      const std::size_t el = N * r + i, a = (N + 1) * r + i;
      const Vec l =
          sub(node(e.field[rodswarm::cosserat::Model::x], a + 1), node(e.field[rodswarm::cosserat::Model::x], a));
      EXPECT_NEAR(norm(l), e.field[rodswarm::cosserat::Model::rest_length0][el], tol);
      const Mat Q = frame(e.field[rodswarm::cosserat::Model::Q], el);
      for (int c = 0; c < 3; ++c) {
        const double sigma =
            dot(row(Q, c), l) / e.field[rodswarm::cosserat::Model::rest_length0][el] - (c == 2 ? 1.0 : 0.0);
        EXPECT_NEAR(sigma, e.field[rodswarm::cosserat::Model::rest_sigma][3 * el + static_cast<std::size_t>(c)], tol)
            << "element " << el;
      }
    }
    for (std::size_t k = 0; k + 1 < N; ++k) {
      const std::size_t el = N * r + k, vo = (N - 1) * r + k;
      const double Dh = 0.5 * (e.field[rodswarm::cosserat::Model::rest_length0][el] +
                               e.field[rodswarm::cosserat::Model::rest_length0][el + 1]);
      const Vec kappa = log_vee(frame(e.field[rodswarm::cosserat::Model::Q], el),
                                frame(e.field[rodswarm::cosserat::Model::Q], el + 1));
      for (std::size_t c = 0; c < 3; ++c) {
        EXPECT_NEAR(kappa[c] / Dh, e.field[rodswarm::cosserat::Model::rest_kappa][3 * vo + c],
                    tol * (1 + std::fabs(kappa[c] / Dh)))
            << "voronoi " << vo;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Schema

TEST(ConfigCosseratSchema, DefaultsAndStraightRod) {
  const auto job = parse(base());
  EXPECT_EQ(job.source, "cfg.json");
  ASSERT_EQ(job.size(), 1);
  EXPECT_EQ(job.precision, rodswarm::Precision::float64);
  EXPECT_EQ(job.scheme, rodswarm::cosserat::Scheme::verlet);
  EXPECT_TRUE(job.output.saves("positions") && job.output.saves("energy") && job.output.saves("gauss"));
  EXPECT_FALSE(job.output.saves("velocities") || job.output.saves("directors") || job.output.saves("momentum") ||
               job.output.xdmf);
  EXPECT_EQ(job.steady.tol, 1e-10);
  EXPECT_EQ(job.steady.damping, 0.0);
  EXPECT_EQ(job.steady.max_time, 0.0);
  const auto& e = job.members;
  const auto& p = e.params[0];
  EXPECT_EQ(std::make_tuple(p.n, p.rods, p.law, p.end0, p.end1, p.constraints, p.rho, p.E, p.G, p.shear_coeff, p.growth,
                            p.contact_stiffness),
            std::make_tuple(8, 1, rodswarm::cosserat::Law::variational, EndKind::free, EndKind::free,
                            rodswarm::cosserat::ConstraintMethod::overwrite, 1000.0, 1e6, 3.5e5, 0.9,
                            rodswarm::cosserat::GrowthLaw::none, 0.0));
  EXPECT_FALSE(p.plane || p.self_contact);
  EXPECT_EQ(p.obstacle, rodswarm::cosserat::Obstacle::none);
  EXPECT_EQ(p.surface, rodswarm::cosserat::Surface::none);
  EXPECT_DOUBLE_EQ(p.divergence_bound, 2000.0);  // 1000 max(1, L = 2, |x| <= 2)
  EXPECT_EQ(e.dt[0], 1e-4);
  EXPECT_EQ(job.t_end[0], 0.01);
  EXPECT_EQ(e.offset[rodswarm::cosserat::Model::nodes], (std::vector<std::int64_t>{0, 9}));
  EXPECT_EQ(e.offset[rodswarm::cosserat::Model::elements], (std::vector<std::int64_t>{0, 8}));
  EXPECT_EQ(e.offset[rodswarm::cosserat::Model::voronoi], (std::vector<std::int64_t>{0, 7}));
  EXPECT_EQ(e.offset[rodswarm::cosserat::Model::rods], (std::vector<std::int64_t>{0, 1}));
  // Along +z from the origin, d1 = x, d2 = y, d3 = z.
  for (std::size_t j = 0; j <= 8; ++j) {
    const Vec x = node(e.field[rodswarm::cosserat::Model::x], j);
    EXPECT_EQ(x[0], 0.0);
    EXPECT_EQ(x[1], 0.0);
    EXPECT_DOUBLE_EQ(x[2], 0.25 * static_cast<double>(j));
  }
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(frame(e.field[rodswarm::cosserat::Model::Q], i), (Mat{1, 0, 0, 0, 1, 0, 0, 0, 1}));
    EXPECT_DOUBLE_EQ(e.field[rodswarm::cosserat::Model::rest_length0][i], 0.25);
    EXPECT_EQ(e.field[rodswarm::cosserat::Model::radius][i], 0.05);
    EXPECT_EQ(e.field[rodswarm::cosserat::Model::growth][i], 1.0);
  }
  EXPECT_EQ(e.field[rodswarm::cosserat::Model::v], std::vector<double>(27, 0.0));
  EXPECT_EQ(e.field[rodswarm::cosserat::Model::w], std::vector<double>(24, 0.0));
  for (double s : e.field[rodswarm::cosserat::Model::rest_sigma]) EXPECT_NEAR(s, 0.0, 1e-15);
  EXPECT_EQ(e.field[rodswarm::cosserat::Model::rest_kappa], std::vector<double>(21, 0.0));
  ASSERT_EQ(e.field[rodswarm::cosserat::Model::clamp].size(), 24u);
  EXPECT_EQ(std::vector<double>(e.field[rodswarm::cosserat::Model::clamp].begin(),
                                e.field[rodswarm::cosserat::Model::clamp].begin() + 12),
            (std::vector<double>{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1}));
  EXPECT_DOUBLE_EQ(e.field[rodswarm::cosserat::Model::clamp][14], 2.0);
}

TEST(ConfigCosseratSchema, AllParams) {
  json c = base();
  c["precision"] = "float32";
  auto& p = c["params"];
  p["rods"] = 1;
  p["radius_end"] = 0.03;
  p["law"] = "pyelastica";
  p["ends"] = {"clamped", "prescribed"};
  p["constraints"] = "gauss";
  p["baumgarte"] = 50;
  p["damping_force"] = 0.5;
  p["damping_torque"] = 0.25;
  p["g"] = {0, 0, -9.81};
  p["force0"] = {1, 2, 3};
  p["force1"] = {-1, -2, -3};
  p["couple0"] = {0.1, 0, 0};
  p["couple1"] = {0, 0.2, 0};
  p["force_density"] = {0, 0.3, 0};
  p["couple_density"] = {0, 0, 0.4};
  p["end_velocity1"] = {0, 0, -0.1};
  p["end_amplitude1"] = {0.01, 0, 0};
  p["end_frequency1"] = 2.0;
  p["end_twist_rate1"] = 3.0;
  p["growth"] = json::parse(R"({"law": "table", "zone": 0.5, "times": [0, 1, 2], "values": [1, 1.1, 1.3],
                                "curvature_rate": [0, 0.5, 0], "mass": "conserved"})");
  p["contact"] = json::parse(R"({"stiffness": 1e4, "damping": 2, "exponent": 1.5, "self": true,
      "plane": {"point": [0, 0, -0.05], "normal": [0, 0, 2], "mu_static": [0.4, 0.5, 0.6],
                "mu_kinetic": [0.3, 0.5, 0.1], "slip_velocity": 1e-3},
      "obstacle": {"kind": "cylinder", "center": [1, 0, 0], "axis": [0, 3, 0], "radius": 0.2}})");
  p["surface"] = json::parse(R"({"kind": "cylinder", "point": [0, 0, 0], "normal": [0, 0, 5], "radius": 1})");
  c["initial"]["velocity"] = {1, 0, 0};
  c["initial"]["angular_velocity"] = {0, 0, 7};
  c["integrator"]["scheme"] = "rk4";
  c["integrator"]["divergence_factor"] = 10;
  c["output"] = json::parse(R"({"path": "c.h5", "save_every": 0.001, "fields": ["directors", "velocities"],
                                "xdmf": true})");
  c["compare"] = json::parse(R"({"tolerance": 1e-9, "members": 2})");
  c["steady"] = json::parse(R"({"damping": 3, "tol": 1e-8, "max_time": 5})");
  const auto job = parse(c);
  EXPECT_EQ(job.precision, rodswarm::Precision::float32);
  EXPECT_EQ(job.scheme, rodswarm::cosserat::Scheme::rk4);
  EXPECT_TRUE(job.output.saves("directors") && job.output.saves("velocities") && job.output.xdmf);
  EXPECT_FALSE(job.output.saves("positions") || job.output.saves("energy") || job.output.saves("gauss"));
  EXPECT_EQ(std::make_tuple(job.output.save_every, job.steady.damping, job.steady.tol, job.steady.max_time,
                            job.compare.members),
            std::make_tuple(0.001, 3.0, 1e-8, 5.0, 2));
  const auto& q = job.members.params[0];
  EXPECT_EQ(
      std::make_tuple(q.law, q.scheme, q.end0, q.end1, q.constraints, q.baumgarte, q.damping_force, q.damping_torque,
                      q.g[2], q.force0[1], q.force1[2], q.couple0[0], q.couple1[1], q.force_density[1],
                      q.couple_density[2], q.end_velocity1[2], q.end_amplitude1[0], q.end_frequency1, q.end_twist_rate1,
                      q.growth, q.mass_rule, q.growth_zone, q.growth_points, q.growth_time[2], q.growth_value[1],
                      q.curvature_rate[1], q.contact_stiffness, q.contact_damping, q.contact_exponent),
      std::make_tuple(rodswarm::cosserat::Law::pyelastica, rodswarm::cosserat::Scheme::rk4, EndKind::clamped,
                      EndKind::prescribed, rodswarm::cosserat::ConstraintMethod::gauss, 50.0, 0.5, 0.25, -9.81, 2.0,
                      -3.0, 0.1, 0.2, 0.3, 0.4, -0.1, 0.01, 2.0, 3.0, rodswarm::cosserat::GrowthLaw::table,
                      rodswarm::cosserat::MassRule::conserved, 0.5, 3, 2.0, 1.1, 0.5, 1e4, 2.0, 1.5));
  EXPECT_TRUE(q.self_contact && q.plane);
  EXPECT_EQ(q.plane_point[2], -0.05);
  EXPECT_EQ(q.plane_normal[2], 1.0);  // normalised
  EXPECT_EQ(std::make_tuple(q.mu_static[2], q.mu_kinetic[2], q.slip_velocity, q.obstacle, q.obstacle_center[0],
                            q.obstacle_axis[1], q.obstacle_radius, q.surface, q.surface_normal[2], q.surface_radius),
            std::make_tuple(0.6, 0.1, 1e-3, rodswarm::cosserat::Obstacle::cylinder, 1.0, 1.0, 0.2,
                            rodswarm::cosserat::Surface::cylinder, 1.0, 1.0));
  EXPECT_DOUBLE_EQ(q.divergence_bound, 20.0);
  // Radius linear from 0.05 to 0.03 at the element midpoints.
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_NEAR(job.members.field[rodswarm::cosserat::Model::radius][i],
                0.05 - 0.02 * (static_cast<double>(i) + 0.5) / 8, 1e-15);
  }
  // Velocities: clamped node 0 rests, prescribed node n moves with u + 2 pi f a, the others with the uniform one.
  const auto& v = job.members.field[rodswarm::cosserat::Model::v];
  EXPECT_EQ(node(v, 0), (Vec{0, 0, 0}));
  EXPECT_EQ(node(v, 4), (Vec{1, 0, 0}));
  EXPECT_NEAR(v[3 * 8], 2 * pi * 2.0 * 0.01, 1e-15);
  EXPECT_EQ(v[3 * 8 + 2], -0.1);
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(job.members.field[rodswarm::cosserat::Model::w][3 * i + 2], 7.0);
}

// params.bending: the exact gradient of the energy of law "variational"; a member's parameters carry it; with law
// "pyelastica" (its own couples) and for an unknown name, refused with the key.
TEST(ConfigCosseratSchema, BendingIsTheVariationalLawsExactGradient) {
  json c = base();
  c["params"]["bending"] = "exact";
  EXPECT_EQ(parse(c).members.params[0].bending, rodswarm::cosserat::Bending::exact);
  EXPECT_EQ(parse(base()).members.params[0].bending, rodswarm::cosserat::Bending::truncated);
  c["params"]["law"] = "pyelastica";
  EXPECT_EQ(error_of(c).key(), "params.bending");
  c = base();
  c["params"]["bending"] = "exakt";
  EXPECT_EQ(error_of(c).key(), "params.bending");
}

TEST(ConfigCosseratSchema, UnknownKeysSuggestNearest) {
  json c = base();
  c["params"]["densty"] = 1;
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "params.densty");
  EXPECT_STREQ(e.what(), "cfg.json: params.densty: unknown key (did you mean \"params.density\"?)");
  c = base();
  c["params"]["growth"] = json::parse(R"({"law": "exponential", "rat": 0.1})");
  EXPECT_TRUE(contains(error_of(c), "params.growth.rat: unknown key (did you mean \"params.growth.rate\"?)"));
  c = base();
  c["params"]["contact"] = json::parse(R"({"plane": {"mu_kinetik": [0, 0, 0]}})");
  EXPECT_TRUE(contains(error_of(c), "did you mean \"params.contact.plane.mu_kinetic\"?"));
  c = base();
  c["initial"]["perturbation"] = json::parse(R"({"amplitud": 0.1})");
  EXPECT_TRUE(contains(error_of(c), "did you mean \"initial.perturbation.amplitude\"?"));
  c = base();
  c["steady"] = json::parse(R"({"tolerance": 1e-3})");
  EXPECT_EQ(error_of(c).key(), "steady.tolerance");
  c = base();
  c["params"]["ends"] = {"clamped", "presribed"};
  e = error_of(c);
  EXPECT_EQ(e.key(), "params.ends[1]");
  EXPECT_TRUE(contains(e, "did you mean \"prescribed\"")) << e.what();
  c = base();
  c["integrator"]["scheme"] = "rk3";
  EXPECT_TRUE(contains(error_of(c), "integrator.scheme"));
}

TEST(ConfigCosseratSchema, TypesAndRequiredKeys) {
  json c = base();
  c["params"]["radius"] = "thin";
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "params.radius");
  EXPECT_TRUE(contains(e, "expected a number, got a string")) << e.what();
  c = base();
  c["params"].erase("shear_coefficient");
  e = error_of(c);
  EXPECT_EQ(e.key(), "params.shear_coefficient");
  EXPECT_TRUE(contains(e, "missing required key")) << e.what();
  c = base();
  c["params"].erase("length");
  EXPECT_EQ(error_of(c).key(), "params.length");
  c = base();
  c["params"]["n"] = 2.5;
  EXPECT_TRUE(contains(error_of(c), "params.n: expected an integer, got 2.5"));
  c = base();
  c["params"]["g"] = {0, 0};
  EXPECT_EQ(error_of(c).key(), "params.g");
  c = base();
  c["params"]["contact"] = json::parse(R"({"self": 1})");
  e = error_of(c);
  EXPECT_EQ(e.key(), "params.contact.self");
  EXPECT_TRUE(contains(e, "expected a boolean")) << e.what();
  c = base();
  c["output"] = json::parse(R"({"xdmf": "yes"})");
  EXPECT_EQ(error_of(c).key(), "output.xdmf");
  c = base();
  c["output"] = json::parse(R"({"fields": ["momentum"]})");
  e = error_of(c);
  EXPECT_EQ(e.key(), "output.fields[0]");
  c = base();
  c["initial"] = json::parse(R"({"kind": "helix"})");
  EXPECT_EQ(error_of(c).key(), "initial.helix_radius");
  c = base();
  c["initial"].erase("kind");
  EXPECT_EQ(error_of(c).key(), "initial.kind");
  c = base();
  c["params"]["contact"] = json::parse(R"({"obstacle": {"kind": "sphere"}})");
  EXPECT_EQ(error_of(c).key(), "params.contact.obstacle.radius");
  c = base();
  c["params"]["surface"] = json::parse(R"({"radius": 1})");
  EXPECT_EQ(error_of(c).key(), "params.surface.kind");
}

TEST(ConfigCosseratSchema, KeysOfAnotherVariant) {
  json c = base();
  c["initial"]["helix_radius"] = 0.1;
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.helix_radius");
  EXPECT_TRUE(contains(e, "not used by kind \"straight\" (it belongs to kind \"helix\")")) << e.what();
  c = base();
  c["params"]["growth"] = json::parse(R"({"law": "table", "rate": 0.1, "times": [0], "values": [1]})");
  e = error_of(c);
  EXPECT_EQ(e.key(), "params.growth.rate");
  EXPECT_TRUE(contains(e, "not used by growth law \"table\"")) << e.what();
  c = base();
  c["params"]["growth"] = json::parse(R"({"phi": 1})");
  EXPECT_EQ(error_of(c).key(), "params.growth.phi");
  c = base();
  c["params"]["surface"] = json::parse(R"({"kind": "plane", "radius": 1})");
  EXPECT_EQ(error_of(c).key(), "params.surface.radius");
  c = base();
  c["params"]["surface"] = json::parse(R"({"kind": "sphere", "normal": [0, 0, 1], "radius": 1})");
  EXPECT_EQ(error_of(c).key(), "params.surface.normal");
  c = base();
  c["params"]["contact"] = json::parse(R"({"obstacle": {"kind": "sphere", "axis": [0, 0, 1], "radius": 1}})");
  EXPECT_EQ(error_of(c).key(), "params.contact.obstacle.axis");
  // points: the rest lengths come from the points.
  c = base();
  c["initial"] = json::parse(R"({"kind": "points", "points": [[0,0,0],[0,0,1],[0,0,2]],
                                 "normals": [[1,0,0],[1,0,0]]})");
  c["params"]["n"] = 2;
  e = error_of(c);
  EXPECT_EQ(e.key(), "params.length");
  EXPECT_TRUE(contains(e, "not used by initial kind \"points\"")) << e.what();
  c["params"].erase("length");
  EXPECT_EQ(parse(c).members.field[rodswarm::cosserat::Model::rest_length0], (std::vector<double>{1.0, 1.0}));
}

TEST(ConfigCosseratSchema, Ranges) {
  const auto key_of = [](const json& c) { return error_of(c).key(); };
  json c = base();
  c["params"]["density"] = -1000;
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "params.density");
  EXPECT_TRUE(contains(e, "must be positive, got -1000")) << e.what();
  for (const char* key : {"radius", "youngs_modulus", "shear_modulus", "shear_coefficient", "length", "radius_end"}) {
    c = base();
    c["params"][key] = 0;
    EXPECT_EQ(key_of(c), std::string("params.") + key);
  }
  for (const char* key : {"baumgarte", "damping_force", "damping_torque", "end_frequency0"}) {
    c = base();
    c["params"][key] = -1;
    EXPECT_EQ(key_of(c), std::string("params.") + key);
  }
  c = base();
  c["params"]["n"] = 1;
  e = error_of(c);
  EXPECT_EQ(e.key(), "params.n");
  EXPECT_TRUE(contains(e, "must be an integer from 2 to")) << e.what();
  EXPECT_TRUE(contains(e, "(elements per rod)")) << e.what();
  c = base();
  c["params"]["rods"] = 0;
  EXPECT_EQ(key_of(c), "params.rods");
  c = base();
  c["integrator"]["t_end"] = 0.01005;
  EXPECT_TRUE(contains(error_of(c), "is not a whole number of steps"));
  c = base();
  c["output"] = json::parse(R"({"save_every": 0.00015})");
  EXPECT_EQ(key_of(c), "output.save_every");
  c = base();
  c["steady"] = json::parse(R"({"tol": -1})");
  EXPECT_EQ(key_of(c), "steady.tol");
  c = base();
  c["steady"] = json::parse(R"({"damping": -1})");
  EXPECT_EQ(key_of(c), "steady.damping");
  c = base();
  c["initial"]["normal"] = {0, 0, 3};
  e = error_of(c);
  EXPECT_EQ(e.key(), "initial.normal");
  EXPECT_TRUE(contains(e, "parallel")) << e.what();
  c = base();
  c["initial"]["direction"] = {0, 0, 0};
  EXPECT_EQ(key_of(c), "initial.direction");
}

TEST(ConfigCosseratSchema, GrowthRules) {
  const auto growth = [](const char* text) {
    json c = base();
    c["params"]["growth"] = json::parse(text);
    return error_of(c);
  };
  auto e = growth(R"({"law": "table", "times": [0, 1, 2], "values": [1, 1.1]})");
  EXPECT_EQ(e.key(), "params.growth.values");
  EXPECT_TRUE(contains(e, "expected as many values as params.growth.times (3), got 2")) << e.what();
  e = growth(R"({"law": "table", "times": [0, 1, 1], "values": [1, 1.1, 1.2]})");
  EXPECT_EQ(e.key(), "params.growth.times[2]");
  EXPECT_TRUE(contains(e, "increase strictly")) << e.what();
  EXPECT_EQ(growth(R"({"law": "table", "times": [0, 1], "values": [1, 0]})").key(), "params.growth.values[1]");
  EXPECT_EQ(growth(R"({"law": "table", "times": [], "values": []})").key(), "params.growth.times");
  EXPECT_EQ(growth(R"({"law": "table", "times": [0,1,2,3,4,5,6,7,8], "values": [1,1,1,1,1,1,1,1,1]})").key(),
            "params.growth.times");
  EXPECT_EQ(growth(R"({"law": "table", "values": [1]})").key(), "params.growth.times");
  EXPECT_EQ(growth(R"({"law": "exponential", "zone": 0})").key(), "params.growth.zone");
  EXPECT_EQ(growth(R"({"law": "exponential", "zone": 1.5})").key(), "params.growth.zone");
  EXPECT_EQ(growth(R"({"law": "lockhart", "phi": -1})").key(), "params.growth.phi");
  EXPECT_EQ(growth(R"({"law": "lockhart", "yield": -1})").key(), "params.growth.yield");
  EXPECT_EQ(growth(R"({"law": "grow"})").key(), "params.growth.law");
  EXPECT_EQ(growth(R"({"mass": "kept"})").key(), "params.growth.mass");
  // A shrinking rate is allowed; Lockhart parameters land in Params.
  json c = base();
  c["params"]["growth"] = json::parse(R"({"law": "lockhart", "phi": 1e-6, "yield": 100})");
  const auto p = parse(c).members.params[0];
  EXPECT_EQ(p.growth, rodswarm::cosserat::GrowthLaw::lockhart);
  EXPECT_EQ(p.lockhart_phi, 1e-6);
  EXPECT_EQ(p.lockhart_yield, 100.0);
  c["params"]["growth"] = json::parse(R"({"law": "exponential", "rate": -0.1})");
  EXPECT_EQ(parse(c).members.params[0].growth_rate, -0.1);
}

TEST(ConfigCosseratSchema, PrescribedOnlyKeys) {
  for (const char* key : {"end_velocity1", "end_amplitude1"}) {
    json c = base();
    c["params"]["ends"] = {"prescribed", "clamped"};
    c["params"][key] = {0, 0, 1};
    const auto e = error_of(c);
    EXPECT_EQ(e.key(), std::string("params.") + key);
    EXPECT_TRUE(contains(e, "is only used by a prescribed end, but params.ends[1] is \"clamped\"")) << e.what();
  }
  json c = base();
  c["params"]["end_twist_rate0"] = 1.0;
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "params.end_twist_rate0");
  EXPECT_TRUE(contains(e, "params.ends[0] is \"free\"")) << e.what();
  c = base();
  c["params"]["ends"] = {"pinned", "free"};
  c["params"]["end_frequency0"] = 2.0;
  EXPECT_EQ(error_of(c).key(), "params.end_frequency0");
  // Zeros are fine anywhere; nonzero on a prescribed end is fine.
  c = base();
  c["params"]["end_twist_rate0"] = 0;
  c["params"]["ends"] = {"clamped", "prescribed"};
  c["params"]["end_twist_rate1"] = 1.0;
  EXPECT_EQ(parse(c).members.params[0].end_twist_rate1, 1.0);
  c["params"]["ends"] = {"clamped", "free", "free"};
  EXPECT_TRUE(contains(error_of(c), "expected [end0, end1] (2 strings), got 3 elements"));
}

TEST(ConfigCosseratSchema, ContactAndSurfaceRules) {
  const auto contact = [](const char* text) {
    json c = base();
    c["params"]["contact"] = json::parse(text);
    return c;
  };
  auto e = error_of(contact(R"({"plane": {"mu_static": [0.4, 0.2, 0.6], "mu_kinetic": [0.3, 0.3, 0.1]}})"));
  EXPECT_EQ(e.key(), "params.contact.plane.mu_kinetic[1]");
  EXPECT_TRUE(contains(e, "must not exceed the static coefficient")) << e.what();
  EXPECT_EQ(error_of(contact(R"({"plane": {"mu_static": [-0.1, 0, 0]}})")).key(), "params.contact.plane.mu_static[0]");
  EXPECT_EQ(error_of(contact(R"({"plane": {"normal": [0, 0, 0]}})")).key(), "params.contact.plane.normal");
  EXPECT_EQ(error_of(contact(R"({"plane": {"slip_velocity": 0}})")).key(), "params.contact.plane.slip_velocity");
  EXPECT_EQ(error_of(contact(R"({"exponent": 0.5})")).key(), "params.contact.exponent");
  EXPECT_EQ(error_of(contact(R"({"stiffness": -1})")).key(), "params.contact.stiffness");
  EXPECT_EQ(error_of(contact(R"({"obstacle": {"kind": "sphere", "radius": -1}})")).key(),
            "params.contact.obstacle.radius");
  EXPECT_EQ(error_of(contact(R"({"obstacle": {"kind": "cylinder", "axis": [0, 0, 0], "radius": 1}})")).key(),
            "params.contact.obstacle.axis");
  // Stiffness 0 with a plane, an obstacle and self contact: allowed (contact off); plane defaults.
  const auto job = parse(contact(R"({"plane": {}, "obstacle": {"kind": "sphere", "radius": 1}, "self": true})"));
  const auto& p = job.members.params[0];
  EXPECT_TRUE(p.plane && p.self_contact);
  EXPECT_EQ(std::make_tuple(p.contact_stiffness, p.plane_normal[2], p.slip_velocity, p.obstacle),
            std::make_tuple(0.0, 1.0, 1e-4, rodswarm::cosserat::Obstacle::sphere));

  json c = base();
  c["params"]["surface"] = json::parse(R"({"kind": "sphere", "radius": 0})");
  EXPECT_EQ(error_of(c).key(), "params.surface.radius");
  c["params"]["surface"] = json::parse(R"({"kind": "cylinder"})");
  EXPECT_EQ(error_of(c).key(), "params.surface.radius");
  c["params"]["surface"] = json::parse(R"({"kind": "plane", "normal": [0, 0, 0]})");
  EXPECT_EQ(error_of(c).key(), "params.surface.normal");
  c["params"]["surface"] = json::parse(R"({"kind": "plane", "point": [1, 2, 3], "normal": [0, -2, 0]})");
  const auto q = parse(c).members.params[0];
  EXPECT_EQ(q.surface, rodswarm::cosserat::Surface::plane);
  EXPECT_EQ(q.surface_point[2], 3.0);
  EXPECT_EQ(q.surface_normal[1], -1.0);
}

TEST(ConfigCosseratSchema, SlidingEndsAndFoundation) {
  // A sliding end needs its line or plane, and only a sliding end may have one.
  json c = base();
  c["params"]["ends"] = {"pinned", "sliding"};
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "params.slide1");
  EXPECT_TRUE(contains(e, "params.ends[1] is \"sliding\", which needs the line or plane")) << e.what();
  const std::pair<const char*, const char*> slides[] = {{R"({"kind": "line"})", "direction"},
                                                        {R"({"kind": "line", "normal": [0, 0, 1]})", "normal"},
                                                        {R"({"kind": "rail", "direction": [0, 0, 1]})", "kind"},
                                                        {R"({"kind": "plane", "normal": [0, 0, 0]})", "normal"}};
  for (const auto& [text, key] : slides) {
    c["params"]["slide1"] = json::parse(text);
    e = error_of(c);
    EXPECT_EQ(e.key(), std::string("params.slide1.") + key) << text;
  }
  c["params"]["slide1"] = json::parse(R"({"kind": "line", "normal": [0, 0, 1]})");
  EXPECT_TRUE(contains(error_of(c), "belongs to kind \"plane\"")) << c.dump();
  c["params"]["slide0"] = json::parse(R"({"kind": "line", "direction": [1, 0, 0]})");
  c["params"]["slide1"] = json::parse(R"({"kind": "plane", "normal": [0, 0, -2]})");
  e = error_of(c);
  EXPECT_EQ(e.key(), "params.slide0");
  EXPECT_TRUE(contains(e, "is only used by a sliding end, but params.ends[0] is \"pinned\"")) << e.what();
  c["params"]["ends"] = {"sliding", "sliding"};
  c["initial"]["velocity"] = {1, 2, 3};
  const auto job = parse(c);
  const auto& p = job.members.params[0];
  EXPECT_EQ(std::make_tuple(p.end0, p.slide0, p.slide_direction0[0], p.slide1, p.slide_direction1[2]),
            std::make_tuple(rodswarm::cosserat::EndKind::sliding, rodswarm::cosserat::Slide::line, 1.0,
                            rodswarm::cosserat::Slide::plane, -1.0));
  // The end nodes start with the part of the uniform velocity they may have: along x, and in the plane z = const.
  const auto* v = job.members.data(Model::v, 0);
  const auto n = static_cast<std::size_t>(p.n);
  EXPECT_EQ(std::vector<double>(v, v + 3), (std::vector<double>{1, 0, 0}));
  EXPECT_EQ(std::vector<double>(v + 3 * n, v + 3 * n + 3), (std::vector<double>{1, 2, 0}));
  EXPECT_EQ(std::vector<double>(v + 3, v + 6), (std::vector<double>{1, 2, 3}));
  EXPECT_FALSE(job.foundation);

  // The foundation: a kind, a stiffness >= 0, its own direction key.
  c = base();
  const std::pair<const char*, const char*> refused[] = {
      {R"({"stiffness": 10})", "kind"},
      {R"({"kind": "line"})", "stiffness"},
      {R"({"kind": "line", "stiffness": -1})", "stiffness"},
      {R"({"kind": "line", "stiffness": 1, "damping": -1})", "damping"},
      {R"({"kind": "plane", "stiffness": 1, "direction": [1, 0, 0]})", "direction"},  // a line's key
      {R"({"kind": "line", "stiffness": 1, "direction": [0, 0, 0]})", "direction"}};
  for (const auto& [text, key] : refused) {
    c["params"]["foundation"] = json::parse(text);
    EXPECT_EQ(error_of(c).key(), std::string("params.foundation.") + key) << text;
  }
  c["params"]["foundation"] = json::parse(R"({"kind": "plane", "stiffness": 5, "damping": 2, "point": [0, 1, 0],
                                              "normal": [0, 3, 0]})");
  const auto f = parse(c);
  const auto& q = f.members.params[0];
  EXPECT_TRUE(f.foundation);
  EXPECT_EQ(std::make_tuple(q.foundation, q.foundation_stiffness, q.foundation_damping, q.foundation_point[1],
                            q.foundation_direction[1]),
            std::make_tuple(rodswarm::cosserat::Foundation::plane, 5.0, 2.0, 1.0, 1.0));
  // Its stiffness can be varied like any number.
  c["ensemble"] = json::parse(R"({"mode": "grid", "vary": {"params.foundation.stiffness": [1, 2, 3]}})");
  EXPECT_EQ(parse(c).members.params[2].foundation_stiffness, 3.0);
}

TEST(ConfigCosseratSchema, DistributedLoadList) {
  json c = base();
  // Each entry: a law, its own keys, finite numbers, drag coefficients >= 0; "body" only for couples; at most 4.
  const std::pair<const char*, const char*> refused[] = {
      {R"([{"amplitude": [1, 0, 0]}])", "params.loads[0].law"},
      {R"([{"law": "wind", "amplitude": [1, 0, 0]}])", "params.loads[0].law"},
      {R"([{"law": "wave"}])", "params.loads[0].amplitude"},
      {R"([{"law": "wave", "amplitude": [1, 0]}])", "params.loads[0].amplitude"},
      {R"([{"law": "wave", "amplitude": [1, 0, 0], "coefficients": [1, 1, 1]}])", "params.loads[0].coefficients"},
      {R"([{"law": "wave", "amplitude": [1, 0, 0], "on": "node"}])", "params.loads[0].on"},
      {R"([{"law": "wave", "amplitude": [1, 0, 0], "frame": "body"}])", "params.loads[0].frame"},
      {R"([{"law": "wave", "amplitude": [1, 0, 0], "wavenumber": "fast"}])", "params.loads[0].wavenumber"},
      {R"([{"law": "drag", "coefficients": [1, 1, 1]}, {"law": "drag", "coefficients": [1, -1, 1]}])",
       "params.loads[1].coefficients[1]"},
      {R"([{"law": "drag", "coefficients": [1, 1, 1], "phase": 1}])", "params.loads[0].phase"},
      {R"([{"law": "drag"}])", "params.loads[0].coefficients"},
      {R"({"law": "drag", "coefficients": [1, 1, 1]})", "params.loads"},
      {R"([{"law": "drag", "coefficients": [1, 1, 1]}, {"law": "drag", "coefficients": [1, 1, 1]},
          {"law": "drag", "coefficients": [1, 1, 1]}, {"law": "drag", "coefficients": [1, 1, 1]},
          {"law": "drag", "coefficients": [1, 1, 1]}])",
       "params.loads"}};
  for (const auto& [text, key] : refused) {
    c["params"]["loads"] = json::parse(text);
    EXPECT_EQ(error_of(c).key(), key) << text << ": " << error_of(c).what();
  }
  c["params"]["loads"] = json::parse(R"([{"law": "wave", "amplitude": [1, 2, 3], "wavenumber": 4,
                                          "angular_frequency": 5, "phase": 6},
                                         {"law": "wave", "on": "couple", "amplitude": [0, 1, 0]},
                                         {"law": "wave", "on": "couple", "frame": "body", "amplitude": [0, 0, 2]},
                                         {"law": "drag", "coefficients": [2, 2, 1], "flow": [0.5, 0, 0]}])");
  const auto job = parse(c);
  const auto& p = job.members.params[0];
  using rodswarm::cosserat::LoadLaw;
  EXPECT_EQ(p.loads, 4);
  EXPECT_EQ(std::make_tuple(p.load_law[0], p.load_law[1], p.load_law[2], p.load_law[3]),
            std::make_tuple(LoadLaw::force_wave, LoadLaw::couple_wave, LoadLaw::body_couple_wave, LoadLaw::drag));
  EXPECT_EQ(std::make_tuple(p.load_vector[2], p.load_wavenumber[0], p.load_frequency[0], p.load_phase[0],
                            p.load_vector[8], p.load_vector[11], p.load_flow[9], p.load_frequency[1]),
            std::make_tuple(3.0, 4.0, 5.0, 6.0, 2.0, 1.0, 0.5, 0.0));
  // Their numbers vary like any other; a key of another law, or of an entry that is not there, does not.
  c["ensemble"] = json::parse(R"({"mode": "grid", "vary": {"params.loads[3].coefficients[1]": [1, 3]}})");
  EXPECT_EQ(parse(c).members.params[1].load_vector[10], 3.0);
  c["ensemble"] = json::parse(R"({"mode": "grid", "vary": {"params.loads[0].phase": [1, 3]}})");
  EXPECT_EQ(parse(c).members.params[1].load_phase[0], 3.0);
  const std::pair<const char*, const char*> unvaried[] = {
      {"params.loads[3].phase", "is not used by law \"wave\" (params.loads[3].law is \"drag\")"},
      {"params.loads[0].flow[1]", "is not used by law \"drag\" (params.loads[0].law is \"wave\")"},
      {"params.loads[0].law", "not a number"}};
  for (const auto& [key, why] : unvaried) {
    c["ensemble"] = json::parse(std::string(R"({"mode": "grid", "vary": {")") + key + R"(": [1, 3]}})");
    EXPECT_TRUE(contains(error_of(c), why)) << key << ": " << error_of(c).what();
  }
  c["params"]["loads"].erase(3);
  c["ensemble"] = json::parse(R"({"mode": "grid", "vary": {"params.loads[3].flow[0]": [1, 3]}})");
  EXPECT_TRUE(contains(error_of(c), "the config's params.loads has 3 entries")) << error_of(c).what();
}

TEST(ConfigCosseratShapes, PerturbationInSeveralModes) {
  json c = base();
  c["params"]["ends"] = {"pinned", "pinned"};
  c["initial"]["perturbation"] = json::parse(R"({"amplitudes": [0.001, 0, 0.002], "direction": [1, 0, 0]})");
  const auto job = parse(c);
  const auto& p = job.members.params[0];
  const auto* x = job.members.data(Model::x, 0);
  for (int j = 0; j <= p.n; ++j) {
    const double s = double(j) / p.n;
    EXPECT_NEAR(x[3 * j], 0.001 * std::sin(M_PI * s) + 0.002 * std::sin(3 * M_PI * s), 1e-15) << j;
  }
  c["initial"]["perturbation"]["mode"] = 2;
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.perturbation.mode");
  EXPECT_TRUE(contains(e, "give either initial.perturbation.amplitudes")) << e.what();
  c["initial"]["perturbation"] = json::parse(R"({"amplitudes": [], "direction": [1, 0, 0]})");
  EXPECT_EQ(error_of(c).key(), "initial.perturbation.amplitudes");
  c["initial"]["perturbation"] = json::parse(R"({"amplitudes": [0.001, 0.002], "direction": [1, 0, 0]})");
  c["ensemble"] = json::parse(R"({"mode": "grid", "vary": {"initial.perturbation.amplitudes[1]": [0, 0.01]}})");
  const auto varied = parse(c);
  const double mid = varied.members.data(Model::x, 1)[3 * (p.n / 4)];
  EXPECT_NEAR(mid, 0.001 * std::sin(M_PI / 4) + 0.01 * std::sin(M_PI / 2), 1e-15);
}

TEST(ConfigCosseratShapes, PerNodeVelocitiesAndPerElementAngularVelocities) {
  json c = base();  // n = 8 along z
  c["params"]["ends"] = {"free", "sliding"};
  c["params"]["slide1"] = json::parse(R"({"kind": "line", "direction": [0, 0, 1]})");
  json v = json::array(), w = json::array();
  for (int j = 0; j <= 8; ++j) v.push_back({0.1 * j, 0, j == 8 ? 0.0 : 1.0});
  for (int i = 0; i < 8; ++i) w.push_back({0, 0, 0.5 * i});
  v[8] = {0, 0, 2.0};  // along the roller's line: allowed
  c["initial"]["velocities"] = v;
  c["initial"]["angular_velocities"] = w;
  const auto job = parse(c);
  const auto* vv = job.members.data(Model::v, 0);
  const auto* ww = job.members.data(Model::w, 0);
  for (int j = 0; j < 8; ++j)
    EXPECT_EQ(std::vector<double>(vv + 3 * j, vv + 3 * j + 3), (std::vector<double>{0.1 * j, 0, 1}));
  EXPECT_EQ(std::vector<double>(vv + 24, vv + 27), (std::vector<double>{0, 0, 2}));
  EXPECT_EQ(ww[3 * 7 + 2], 3.5);
  // An end node's velocity must be what its end allows: off the roller's line, or moving a pinned node.
  c["initial"]["velocities"][8] = {1, 0, 2};
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.velocities[8]");
  EXPECT_TRUE(contains(e, "node 8 of rod 0 is held by its \"sliding\" end 1, which allows the velocity")) << e.what();
  c["initial"]["velocities"][8] = {0, 0, 2};
  c["params"]["ends"] = {"pinned", "sliding"};
  EXPECT_EQ(error_of(c).key(), "initial.velocities[0]");
  c["initial"]["velocities"][0] = {0, 0, 0};
  EXPECT_NO_THROW(parse(c));
  // Sizes, both forms at once, and varying one entry.
  c["initial"]["velocities"].erase(3);
  e = error_of(c);
  EXPECT_EQ(e.key(), "initial.velocities");
  EXPECT_TRUE(contains(e, "expected 9 rows")) << e.what();
  c["initial"]["velocities"] = v;
  c["initial"]["velocities"][0] = {0, 0, 0};
  c["initial"]["angular_velocities"].erase(0);
  EXPECT_EQ(error_of(c).key(), "initial.angular_velocities");
  c["initial"]["angular_velocities"] = w;
  c["initial"]["angular_velocity"] = {1, 0, 0};
  EXPECT_EQ(error_of(c).key(), "initial.angular_velocities");
  c["initial"].erase("angular_velocity");
  c["ensemble"] = json::parse(R"({"mode": "grid", "vary": {"initial.velocities[4][1]": [0, 3]}})");
  EXPECT_EQ(parse(c).members.data(Model::v, 1)[3 * 4 + 1], 3.0);
}

TEST(ConfigCosseratSchema, OtherModelsRejectCosseratOutputKeys) {
  const json nishinari = json::parse(R"({
    "model": "nishinari",
    "params": {"n": 6, "l": 0.05, "m": 0.01, "k": 100, "K": 0.01, "h": 0.008, "j": 5e-7},
    "initial": {"kind": "straight"}, "integrator": {"dt": 0.001, "t_end": 0.1}})");
  for (const char* output : {R"({"xdmf": true})", R"({"fields": ["directors"]})", R"({"fields": ["gauss"]})"}) {
    json c = nishinari;
    c["output"] = json::parse(output);
    EXPECT_THROW(rodswarm::parse_job<rodswarm::nishinari::Model>(c, "n.json"), ConfigError) << output;
  }
  const auto job = rodswarm::parse_job<rodswarm::nishinari::Model>(nishinari, "n.json");
  EXPECT_FALSE(job.output.saves("gauss") || job.output.saves("directors") || job.output.xdmf);
}

// ---------------------------------------------------------------------------------------------------------------
// Shapes and rest strains

TEST(ConfigCosseratShapes, StraightFramesFromDirectionAndNormal) {
  json c = base();
  c["initial"] = {{"kind", "straight"}, {"origin", {1, 2, 3}}, {"direction", {1, 1, 0}}, {"normal", {1, 0, 1}}};
  const auto job = parse(c);
  const auto& e = job.members;
  const Vec d3 = unit({1, 1, 0});
  const Vec d1 = unit({0.5, -0.5, 1});  // (1, 0, 1) minus its part along d3
  for (std::size_t i = 0; i < 8; ++i) {
    const Mat Q = frame(e.field[rodswarm::cosserat::Model::Q], i);
    expect_orthonormal(Q, 1e-15);
    for (int k = 0; k < 3; ++k) {
      EXPECT_NEAR(row(Q, 2)[static_cast<std::size_t>(k)], d3[static_cast<std::size_t>(k)], 1e-15);
      EXPECT_NEAR(row(Q, 0)[static_cast<std::size_t>(k)], d1[static_cast<std::size_t>(k)], 1e-15);
    }
  }
  for (std::size_t j = 0; j <= 8; ++j) {
    const Vec x = node(e.field[rodswarm::cosserat::Model::x], j);
    for (int k = 0; k < 3; ++k) {
      EXPECT_NEAR(x[static_cast<std::size_t>(k)],
                  1.0 + k + 0.25 * static_cast<double>(j) * d3[static_cast<std::size_t>(k)], 1e-14);
    }
  }
  expect_rest_strains_of_state(job, 1e-14);
}

TEST(ConfigCosseratShapes, HelixNodesFramesAndRestCurvature) {
  const double R = 0.3, pitch = 0.4, L = 2.5;
  const double h = pitch / (2 * pi);
  const Vec axis = unit({1.0, 2.0, -0.5});
  const Vec origin = {0.3, -0.2, 1.0};
  const double kappa = R / (R * R + h * h), tau = h / (R * R + h * h);
  double previous_error = 0;
  for (const int n : {32, 64}) {
    const auto job = parse(helix_config(n, R, pitch, L));
    const auto& e = job.members;
    // The axis passes through origin + R (normal projected perpendicular to the axis).
    const Vec raw = {0, 0, 1};
    Vec towards = sub(raw, {dot(raw, axis) * axis[0], dot(raw, axis) * axis[1], dot(raw, axis) * axis[2]});
    towards = unit(towards);
    const Vec centre = {origin[0] + R * towards[0], origin[1] + R * towards[1], origin[2] + R * towards[2]};
    EXPECT_NEAR(norm(sub(node(e.field[rodswarm::cosserat::Model::x], 0), origin)), 0.0, 1e-15);
    double chords = 0;
    for (std::size_t j = 0; j <= static_cast<std::size_t>(n); ++j) {
      const Vec d = sub(node(e.field[rodswarm::cosserat::Model::x], j), centre);
      const double along = dot(d, axis);
      const Vec radial = sub(d, {along * axis[0], along * axis[1], along * axis[2]});
      EXPECT_NEAR(norm(radial), R, 1e-14) << j;  // on the cylinder
      // Nodes at equal parameter steps: the rise is h phi_j with phi_j = j Phi / n.
      const double phi = L / std::sqrt(R * R + h * h) * static_cast<double>(j) / n;
      EXPECT_NEAR(along, h * phi, 1e-14) << j;
      if (j > 0) chords += e.field[rodswarm::cosserat::Model::rest_length0][j - 1];
    }
    EXPECT_LT(chords, L);
    EXPECT_NEAR(chords, L, 1e-2 * L);
    double error = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
      const Mat Q = frame(e.field[rodswarm::cosserat::Model::Q], i);
      expect_orthonormal(Q, 1e-14);
      // d1 points from the element midpoint towards the axis.
      const Vec mid = sub({0.5 * (node(e.field[rodswarm::cosserat::Model::x], i)[0] +
                                  node(e.field[rodswarm::cosserat::Model::x], i + 1)[0]),
                           0.5 * (node(e.field[rodswarm::cosserat::Model::x], i)[1] +
                                  node(e.field[rodswarm::cosserat::Model::x], i + 1)[1]),
                           0.5 * (node(e.field[rodswarm::cosserat::Model::x], i)[2] +
                                  node(e.field[rodswarm::cosserat::Model::x], i + 1)[2])},
                          centre);
      const double along = dot(mid, axis);
      const Vec inward = unit(sub({along * axis[0], along * axis[1], along * axis[2]}, mid));
      EXPECT_NEAR(dot(row(Q, 0), inward), 1.0, 1e-12) << i;
      if (i + 1 < static_cast<std::size_t>(n)) {
        // Body curvature of a right-handed helix with d1 the principal normal: (0, kappa, tau).
        const Vec k = {e.field[rodswarm::cosserat::Model::rest_kappa][3 * i],
                       e.field[rodswarm::cosserat::Model::rest_kappa][3 * i + 1],
                       e.field[rodswarm::cosserat::Model::rest_kappa][3 * i + 2]};
        EXPECT_NEAR(k[0], 0.0, 1e-12);
        error = std::max({error, std::fabs(k[1] - kappa) / kappa, std::fabs(k[2] - tau) / kappa});
      }
    }
    EXPECT_LT(error, 3e-3) << n;
    if (previous_error > 0) {
      EXPECT_LT(error, 0.3 * previous_error);  // O(h^2)
    }
    previous_error = error;
    expect_rest_strains_of_state(job, 1e-12);
  }
}

TEST(ConfigCosseratShapes, RingArcAndLeftHandedHelix) {
  // pitch 0: a ring arc, curvature 1/R about d2, no twist.
  auto job = parse(helix_config(40, 0.5, 0.0, 1.0));
  for (std::size_t k = 0; k < 39; ++k) {
    EXPECT_NEAR(job.members.field[rodswarm::cosserat::Model::rest_kappa][3 * k + 1], 2.0, 1e-3);
    EXPECT_NEAR(job.members.field[rodswarm::cosserat::Model::rest_kappa][3 * k + 2], 0.0, 1e-13);
  }
  // Negative pitch: left-handed, negative twist.
  job = parse(helix_config(40, 0.5, -0.3, 1.0));
  EXPECT_LT(job.members.field[rodswarm::cosserat::Model::rest_kappa][2], 0.0);
  expect_rest_strains_of_state(job, 1e-12);
}

// A ring: a regular polygon of sides length / n about the axis, node n equal to node 0 to the bit, n Voronoi points
// whose rest curvature is the ring's own (or the given one), lowered in twist by 2 pi twist_turns / length.
TEST(ConfigCosseratShapes, RingPolygonClosesAndTakesItsTwistAsRestTwist) {
  json c = base();
  c["params"]["n"] = 12;
  c["params"]["length"] = 1.5;
  c["initial"] = {{"kind", "ring"}, {"origin", {0.2, -0.1, 0.3}}, {"axis", {0, 1, 1}}, {"twist_turns", 0.7}};
  const auto job = parse(c);
  const auto& e = job.members;
  ASSERT_TRUE(e.params[0].ring);
  const auto& x = e.field[rodswarm::cosserat::Model::x];
  const auto& kappa = e.field[rodswarm::cosserat::Model::rest_kappa];
  ASSERT_EQ(kappa.size(), 3u * 12);
  for (int q = 0; q < 3; ++q) EXPECT_EQ(x[3 * 12 + static_cast<std::size_t>(q)], x[static_cast<std::size_t>(q)]);
  const Vec axis = unit({0, 1, 1}), centre = {0.2, -0.1, 0.3};
  const double R = 1.5 / (2 * 12 * std::sin(pi / 12));
  for (std::size_t j = 0; j < 12; ++j) {
    EXPECT_NEAR(norm(sub(node(x, j), centre)), R, 1e-12);
    EXPECT_NEAR(dot(sub(node(x, j), centre), axis), 0.0, 1e-12);
    EXPECT_NEAR(e.field[rodswarm::cosserat::Model::rest_length0][j], 1.5 / 12, 1e-12);
    const Mat Q = frame(e.field[rodswarm::cosserat::Model::Q], j);
    expect_orthonormal(Q, 1e-12);
    for (int q = 0; q < 3; ++q)
      EXPECT_NEAR(row(Q, 1)[static_cast<std::size_t>(q)], axis[static_cast<std::size_t>(q)], 1e-12);
    // Voronoi point j joins element j to element j + 1 (mod 12): a bend of 2 pi / 12 about d2, then the twist.
    const Vec k = log_vee(Q, frame(e.field[rodswarm::cosserat::Model::Q], (j + 1) % 12));
    const double D = 1.5 / 12;
    EXPECT_NEAR(kappa[3 * j + 1], k[1] / D, 1e-9);
    EXPECT_NEAR(std::fabs(k[1]), 2 * pi / 12, 1e-12);
    EXPECT_NEAR(kappa[3 * j + 2], k[2] / D - 2 * pi * 0.7 / 1.5, 1e-9);
  }
  // A naturally straight rod closed into it: only the twist.
  c["params"]["rest_curvature"] = {0, 0, 0};
  const auto straight = parse(c);
  for (std::size_t k = 0; k < 12; ++k)
    EXPECT_NEAR(straight.members.field[rodswarm::cosserat::Model::rest_kappa][3 * k + 2], -2 * pi * 0.7 / 1.5, 1e-12);
}

TEST(ConfigCosseratSchema, ARingHasNoEnds) {
  json c = base();
  c["initial"] = {{"kind", "ring"}};
  c["params"]["ends"] = {"clamped", "free"};
  EXPECT_EQ(error_of(c).key(), "params.ends");
  c["params"].erase("ends");
  c["params"]["force1"] = {0, 0, 1};
  EXPECT_EQ(error_of(c).key(), "params.force1");
  c["params"].erase("force1");
  c["params"]["slide0"] = {{"kind", "line"}, {"direction", {1, 0, 0}}};
  EXPECT_EQ(error_of(c).key(), "params.slide0");
  c["params"].erase("slide0");
  c["params"]["radius_end"] = 0.02;
  EXPECT_EQ(error_of(c).key(), "params.radius_end");
  c["params"].erase("radius_end");
  c["params"]["n"] = 2;
  EXPECT_EQ(error_of(c).key(), "params.n");
  c["params"]["n"] = 3;
  c["initial"]["velocities"] = {{0, 0, 1}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.velocities[3]");
  EXPECT_TRUE(contains(e, "node 0 of its ring")) << e.what();
  c["initial"]["velocities"] = {{0, 0, 1}, {0, 0, 0}, {0, 0, 0}, {0, 0, 1}};
  EXPECT_NO_THROW(parse(c));
}

TEST(ConfigCosseratShapes, PointsRestStrainsFromTheDiscreteShape) {
  json c = base();
  c["params"].erase("length");
  c["params"]["n"] = 4;
  c["params"]["rods"] = 2;
  c["initial"] = json::parse(R"({"kind": "points",
    "points": [[0,0,0],[0.1,0.02,0.3],[0.15,0.1,0.55],[0.1,0.25,0.8],[0.0,0.3,1.1],
               [1,0,0],[1.2,0,0],[1.4,0.1,0],[1.6,0.1,0.1],[1.8,0,0.1]],
    "normals": [[1,0,0],[1,0.2,0],[0.8,0.3,0.1],[0,1,0], [0,0,1],[0,0.2,1],[0.1,0,1],[0,0,1]]})");
  const auto job = parse(c);
  const auto& e = job.members;
  EXPECT_EQ(e.offset[rodswarm::cosserat::Model::nodes].back(), 10);
  EXPECT_EQ(e.offset[rodswarm::cosserat::Model::voronoi].back(), 6);
  EXPECT_EQ(e.offset[rodswarm::cosserat::Model::rods].back(), 2);
  EXPECT_NEAR(e.field[rodswarm::cosserat::Model::rest_length0][4], 0.2, 1e-15);
  for (std::size_t i = 0; i < 8; ++i) {
    const Mat Q = frame(e.field[rodswarm::cosserat::Model::Q], i);
    expect_orthonormal(Q, 1e-14);
    EXPECT_NEAR(dot(row(Q, 2), unit(sub(node(e.field[rodswarm::cosserat::Model::x], i + i / 4 + 1),
                                        node(e.field[rodswarm::cosserat::Model::x], i + i / 4)))),
                1.0, 1e-14);
  }
  expect_rest_strains_of_state(job, 1e-13);
  // A genuinely curved and twisted rest shape.
  EXPECT_GT(std::fabs(e.field[rodswarm::cosserat::Model::rest_kappa][0]) +
                std::fabs(e.field[rodswarm::cosserat::Model::rest_kappa][1]),
            0.1);
  // Clamp data of rod 1: node 5 and element 4, node 9 and element 7.
  EXPECT_EQ(std::vector<double>(e.field[rodswarm::cosserat::Model::clamp].begin() + 24,
                                e.field[rodswarm::cosserat::Model::clamp].begin() + 27),
            (std::vector<double>{1, 0, 0}));
  EXPECT_TRUE(std::equal(e.field[rodswarm::cosserat::Model::clamp].begin() + 27,
                         e.field[rodswarm::cosserat::Model::clamp].begin() + 36,
                         e.field[rodswarm::cosserat::Model::Q].begin() + 36));
  EXPECT_TRUE(std::equal(e.field[rodswarm::cosserat::Model::clamp].begin() + 36,
                         e.field[rodswarm::cosserat::Model::clamp].begin() + 39,
                         e.field[rodswarm::cosserat::Model::x].begin() + 27));
  EXPECT_TRUE(std::equal(e.field[rodswarm::cosserat::Model::clamp].begin() + 39,
                         e.field[rodswarm::cosserat::Model::clamp].begin() + 48,
                         e.field[rodswarm::cosserat::Model::Q].begin() + 63));

  c["initial"]["points"].erase(9);
  auto err = error_of(c);
  EXPECT_EQ(err.key(), "initial.points");
  EXPECT_TRUE(contains(err, "expected params.rods (n + 1) = 10 points")) << err.what();
  c = base();
  c["params"].erase("length");
  c["params"]["n"] = 2;
  c["initial"] =
      json::parse(R"({"kind": "points", "points": [[0,0,0],[0,0,0],[0,0,1]], "normals": [[1,0,0],[1,0,0]]})");
  EXPECT_EQ(error_of(c).key(), "initial.points[1]");
  c["initial"] =
      json::parse(R"({"kind": "points", "points": [[0,0,0],[0,0,1],[0,0,2]], "normals": [[1,0,0],[0,0,1]]})");
  EXPECT_EQ(error_of(c).key(), "initial.normals[1]");
}

TEST(ConfigCosseratShapes, TwistNearPiUsesTheAtan2Log) {
  // Two elements along z whose d1 differ by a turn of pi - 1e-6 about d3: kappa = (0, 0, theta / Dh).
  const double theta = pi - 1e-6;
  json c = base();
  c["params"].erase("length");
  c["params"]["n"] = 2;
  c["initial"] = {{"kind", "points"},
                  {"points", {{0, 0, 0}, {0, 0, 0.5}, {0, 0, 1}}},
                  {"normals", {{1, 0, 0}, {std::cos(theta), std::sin(theta), 0}}}};
  const auto job = parse(c);
  EXPECT_NEAR(job.members.field[rodswarm::cosserat::Model::rest_kappa][0], 0.0, 1e-9);
  EXPECT_NEAR(job.members.field[rodswarm::cosserat::Model::rest_kappa][1], 0.0, 1e-9);
  EXPECT_NEAR(job.members.field[rodswarm::cosserat::Model::rest_kappa][2], theta / 0.5, 1e-9);
}

TEST(ConfigCosseratShapes, RodsSpacingAndDirections) {
  json c = base();
  c["params"]["rods"] = 2;
  c["initial"] = json::parse(R"({"kind": "straight", "origin": [-1, 0, 0], "normal": [0, 0, 1],
                                 "directions": [[1, 0, 0], [0, 1, 0]], "spacing": [1, -1, 0.5]})");
  const auto job = parse(c);
  const auto& e = job.members;
  EXPECT_EQ(node(e.field[rodswarm::cosserat::Model::x], 8), (Vec{1, 0, 0}));
  EXPECT_EQ(node(e.field[rodswarm::cosserat::Model::x], 9), (Vec{0, -1, 0.5}));
  EXPECT_EQ(node(e.field[rodswarm::cosserat::Model::x], 17), (Vec{0, 1, 0.5}));
  EXPECT_EQ(frame(e.field[rodswarm::cosserat::Model::Q], 8),
            (Mat{0, 0, 1, 1, 0, 0, 0, 1, 0}));             // d1 = z, d2 = d3 x d1 = x, d3 = y
  EXPECT_DOUBLE_EQ(e.params[0].divergence_bound, 4000.0);  // total rest length 4
  expect_rest_strains_of_state(job, 1e-15);
  c["initial"]["directions"] = json::parse("[[1, 0, 0]]");
  EXPECT_EQ(error_of(c).key(), "initial.directions");
  c["initial"]["directions"] = json::parse("[[1, 0, 0], [0, 0, 1]]");
  EXPECT_EQ(error_of(c).key(), "initial.normal");
  c["initial"]["direction"] = {1, 0, 0};
  EXPECT_EQ(error_of(c).key(), "initial.directions");
}

TEST(ConfigCosseratShapes, PerturbationMovesTheStateNotTheRestData) {
  json c = helix_config(24, 0.3, 0.2, 1.5);
  c["params"]["ends"] = {"clamped", "clamped"};
  const auto rest = parse(c);
  c["initial"]["perturbation"] = json::parse(R"({"amplitude": 0.02, "direction": [0, 1, 0], "mode": 2})");
  const auto job = parse(c);
  const auto& e = job.members;
  EXPECT_EQ(e.field[rodswarm::cosserat::Model::rest_length0],
            rest.members.field[rodswarm::cosserat::Model::rest_length0]);
  EXPECT_EQ(e.field[rodswarm::cosserat::Model::rest_sigma], rest.members.field[rodswarm::cosserat::Model::rest_sigma]);
  EXPECT_EQ(e.field[rodswarm::cosserat::Model::rest_kappa], rest.members.field[rodswarm::cosserat::Model::rest_kappa]);
  EXPECT_EQ(node(e.field[rodswarm::cosserat::Model::x], 0), node(rest.members.field[rodswarm::cosserat::Model::x], 0));
  EXPECT_EQ(node(e.field[rodswarm::cosserat::Model::x], 24),
            node(rest.members.field[rodswarm::cosserat::Model::x], 24));
  double moved = 0;
  for (std::size_t j = 0; j <= 24; ++j)
    moved = std::max(moved, norm(sub(node(e.field[rodswarm::cosserat::Model::x], j),
                                     node(rest.members.field[rodswarm::cosserat::Model::x], j))));
  EXPECT_NEAR(moved, 0.02, 2e-3);
  for (std::size_t i = 0; i < 24; ++i) {
    const Mat Q = frame(e.field[rodswarm::cosserat::Model::Q], i);
    expect_orthonormal(Q, 1e-14);
    const Vec chord =
        unit(sub(node(e.field[rodswarm::cosserat::Model::x], i + 1), node(e.field[rodswarm::cosserat::Model::x], i)));
    EXPECT_NEAR(dot(row(Q, 2), chord), 1.0, 1e-14) << i;  // d3 follows the new chord
  }
  // Clamp frames are the perturbed end elements'.
  EXPECT_TRUE(std::equal(e.field[rodswarm::cosserat::Model::clamp].begin() + 3,
                         e.field[rodswarm::cosserat::Model::clamp].begin() + 12,
                         e.field[rodswarm::cosserat::Model::Q].begin()));
  EXPECT_TRUE(std::equal(e.field[rodswarm::cosserat::Model::clamp].begin() + 15,
                         e.field[rodswarm::cosserat::Model::clamp].begin() + 24,
                         e.field[rodswarm::cosserat::Model::Q].begin() + 9 * 23));
  EXPECT_NE(e.field[rodswarm::cosserat::Model::x], rest.members.field[rodswarm::cosserat::Model::x]);

  // Straight rod: node j moves by amplitude sin(mode pi j / n) along the projected direction.
  c = base();
  c["initial"]["perturbation"] = json::parse(R"({"amplitude": 0.1, "direction": [3, 0, 4]})");
  const auto straight = parse(c);
  for (std::size_t j = 0; j <= 8; ++j) {
    const Vec x = node(straight.members.field[rodswarm::cosserat::Model::x], j);
    EXPECT_NEAR(x[0], 0.1 * std::sin(pi * static_cast<double>(j) / 8), 1e-15) << j;
    EXPECT_EQ(x[1], 0.0);
    EXPECT_NEAR(x[2], 0.25 * static_cast<double>(j), 1e-15);
  }
  for (double s : straight.members.field[rodswarm::cosserat::Model::rest_sigma]) EXPECT_NEAR(s, 0.0, 1e-15);
  EXPECT_EQ(straight.members.field[rodswarm::cosserat::Model::rest_kappa], std::vector<double>(21, 0.0));

  c["initial"]["perturbation"] = json::parse(R"({"amplitude": 0.1})");
  EXPECT_EQ(error_of(c).key(), "initial.perturbation.direction");
  c["initial"]["perturbation"] = json::parse(R"({"amplitude": 0.1, "direction": [0, 0, 1]})");
  EXPECT_EQ(error_of(c).key(), "initial.perturbation.direction");
  c["initial"]["perturbation"] = json::parse(R"({"amplitude": 0.1, "direction": [1, 0, 0], "mode": 0})");
  EXPECT_EQ(error_of(c).key(), "initial.perturbation.mode");
  c["initial"]["perturbation"] = json::parse(R"({"amplitude": 0})");
  EXPECT_EQ(parse(c).members.field[rodswarm::cosserat::Model::x],
            parse(base()).members.field[rodswarm::cosserat::Model::x]);
}

TEST(ConfigCosseratShapes, RestCurvatureOverride) {
  json c = helix_config(16, 0.3, 0.2, 1.5);
  c["params"]["rest_curvature"] = {0, 0, 0.5};
  const auto job = parse(c);
  for (std::size_t k = 0; k < 15; ++k) {
    EXPECT_EQ(job.members.field[rodswarm::cosserat::Model::rest_kappa][3 * k], 0.0);
    EXPECT_EQ(job.members.field[rodswarm::cosserat::Model::rest_kappa][3 * k + 1], 0.0);
    EXPECT_EQ(job.members.field[rodswarm::cosserat::Model::rest_kappa][3 * k + 2], 0.5);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// examples/cosserat

CosseratJob load_example(const std::string& name) {
  return rodswarm::test::load_example<rodswarm::cosserat::Model>(name);
}

/// dt omega_max with the estimate of docs/models/cosserat.md section 1.7 (plus the penalty contact's sqrt(k / m_j)).
double stability_product(const CosseratJob& job, std::size_t i) {
  const auto& e = job.members;
  const auto& p = e.params[i];
  double worst = 0;
  for (auto k = e.offset[rodswarm::cosserat::Model::elements][i];
       k < e.offset[rodswarm::cosserat::Model::elements][i + 1]; ++k) {
    const double l = e.field[rodswarm::cosserat::Model::rest_length0][static_cast<std::size_t>(k)],
                 r = e.field[rodswarm::cosserat::Model::radius][static_cast<std::size_t>(k)];
    double w2 = 4 * p.E / (p.rho * l * l) + 4 * p.shear_coeff * p.G / (p.rho * r * r);
    if (p.contact_stiffness > 0) w2 += p.contact_stiffness / (p.rho * pi * r * r * l);
    worst = std::max(worst, std::sqrt(w2) * e.dt[i]);
  }
  return worst;
}

TEST(ConfigCosseratExamples, EveryExampleParsesAndIsStable) {
  const int count = rodswarm::test::for_each_example<rodswarm::cosserat::Model>([](const CosseratJob& job) {
    double worst = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i)
      worst = std::max(worst, stability_product(job, i));
    const double bound = job.scheme == rodswarm::cosserat::Scheme::rk4 ? 2.8 : 2.0;
    EXPECT_LT(worst, 0.5 * bound) << "dt * omega_max = " << worst;
    // Unperturbed examples start in their rest state.
    if (!job.config["initial"].contains("perturbation") && !job.config["params"].contains("rest_curvature")) {
      expect_rest_strains_of_state(job, 1e-11);
    }
  });
  EXPECT_EQ(count, 16);
}

TEST(ConfigCosseratExamples, Timoshenko) {
  const auto job = load_example("timoshenko.json");
  ASSERT_EQ(job.size(), 1);
  const auto& p = job.members.params[0];
  EXPECT_EQ(std::make_tuple(p.n, p.rho, p.E, p.G, p.end0, p.end1, p.force1[0]),
            std::make_tuple(100, 5000.0, 1e6, 1e4, EndKind::clamped, EndKind::free, -15.0));
  EXPECT_EQ(job.members.field[rodswarm::cosserat::Model::radius][0], 0.25);
  EXPECT_NEAR(job.members.field[rodswarm::cosserat::Model::x][3 * 100 + 2], 3.0, 1e-14);
  EXPECT_GT(p.damping_force, 0.0);
}

TEST(ConfigCosseratExamples, SweepAndAssemblies) {
  const auto sweep = load_example("sweep.json");
  EXPECT_GE(sweep.size(), 10000);
  EXPECT_EQ(sweep.varied_keys.size(), 2u);
  EXPECT_TRUE(sweep.output.saves("energy") && !sweep.output.saves("positions"));
  const auto contact = load_example("self_contact.json");
  EXPECT_EQ(contact.members.params[0].rods, 2);
  EXPECT_TRUE(contact.members.params[0].self_contact);
  const auto sphere = load_example("confined_sphere.json");
  EXPECT_EQ(sphere.members.params[0].surface, rodswarm::cosserat::Surface::sphere);
  // Every node starts on the sphere.
  const auto& sp = sphere.members.params[0];
  for (std::int64_t j = 0; j < sphere.members.total(rodswarm::cosserat::Model::nodes); ++j) {
    const Vec x = node(sphere.members.field[rodswarm::cosserat::Model::x], static_cast<std::size_t>(j));
    EXPECT_NEAR(norm(sub(x, {sp.surface_point[0], sp.surface_point[1], sp.surface_point[2]})), sp.surface_radius,
                1e-12);
  }
  const auto helical = load_example("helical_buckling.json");
  EXPECT_EQ(helical.members.params[0].end0, EndKind::prescribed);
  EXPECT_EQ(helical.members.params[0].end1, EndKind::prescribed);
  EXPECT_GT(std::fabs(helical.members.params[0].end_twist_rate1), 0.0);
  const auto grow = load_example("growing_buckle.json");
  EXPECT_EQ(grow.members.params[0].growth, rodswarm::cosserat::GrowthLaw::exponential);
}

}  // namespace
}  // namespace rodswarm
