// Cosserat ensembles: nested vary keys (growth, contact), params.n and params.rods varied (members of different
// sizes), vary-key errors, per-member failures, and load_any_job dispatching "cosserat" with --set attribution.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <unistd.h>
#include <variant>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"

namespace rodswarm {
namespace {

using namespace test;

json rod() {
  return json::parse(R"({
    "model": "cosserat",
    "params": {"n": 6, "length": 1.0, "radius": 0.02, "density": 1000, "youngs_modulus": 1e6,
               "shear_modulus": 3e5, "shear_coefficient": 0.9, "ends": ["clamped", "free"],
               "growth": {"law": "exponential", "rate": 0.01},
               "contact": {"stiffness": 100, "plane": {"mu_static": [0.5, 0.5, 0.5], "mu_kinetic": [0.4, 0.4, 0.4]}}},
    "initial": {"kind": "straight", "perturbation": {"amplitude": 0.01, "direction": [1, 0, 0]}},
    "integrator": {"dt": 1e-4, "t_end": 0.01}
  })");
}

CosseratJob expand(const char* ensemble) { return parse_as<cosserat::Model>(with_ensemble(rod(), ensemble), "e.json"); }
ConfigError error_of(const json& c) { return config_error<cosserat::Model>(c, "e.json"); }
ConfigError error_of(const char* ensemble) { return error_of(with_ensemble(rod(), ensemble)); }

TEST(ConfigCosseratEnsemble, GridOverNestedKeys) {
  const auto job = expand(R"({"mode": "grid", "vary": [{"params.growth.rate": {"linspace": [0, 0.2, 3]}},
                                 {"params.contact.plane.mu_kinetic[0]": {"values": [0.1, 0.2, 0.3, 0.4]}}]})");
  ASSERT_EQ(job.size(), 12);
  EXPECT_EQ(job.varied_keys, (std::vector<std::string>{"params.growth.rate", "params.contact.plane.mu_kinetic[0]"}));
  const double rate[3] = {0, 0.1, 0.2};
  const double mu[4] = {0.1, 0.2, 0.3, 0.4};
  for (std::size_t i = 0; i < 12; ++i) {
    const auto& p = job.members.params[i];
    EXPECT_NEAR(p.growth_rate, rate[i / 4], 1e-15) << i;
    EXPECT_EQ(p.mu_kinetic[0], mu[i % 4]) << i;
    EXPECT_EQ(p.mu_kinetic[1], 0.4);
  }
  EXPECT_EQ(job.members.field[rodswarm::cosserat::Model::x].size(), 12u * 7 * 3);
  EXPECT_EQ(job.members.field[rodswarm::cosserat::Model::clamp].size(), 12u * 24);
}

TEST(ConfigCosseratEnsemble, ManyKindsOfKeys) {
  const auto job = expand(R"({"mode": "zip", "vary": {
      "params.contact.stiffness": [0, 50],
      "params.radius_end": [0.01, 0.03],
      "initial.perturbation.amplitude": [0, 0.02],
      "initial.perturbation.mode": [1, 3],
      "initial.direction[0]": [0, 1],
      "integrator.dt": [1e-4, 5e-5],
      "params.g[2]": [-9.81, -1.62]}})");
  ASSERT_EQ(job.size(), 2);
  const auto& e = job.members;
  EXPECT_EQ(e.params[1].contact_stiffness, 50.0);
  EXPECT_EQ(e.params[1].g[2], -1.62);
  EXPECT_EQ(e.dt[1], 5e-5);
  EXPECT_NEAR(e.field[rodswarm::cosserat::Model::radius][0], 0.02 - 0.01 * 0.5 / 6,
              1e-15);  // radius_end absent in the file, varied here
  EXPECT_NEAR(e.field[rodswarm::cosserat::Model::radius][11], 0.02 + 0.01 * 5.5 / 6, 1e-15);
  // Member 0: unperturbed along z; member 1: direction (1, 0, 1), mode 3.
  EXPECT_EQ(e.field[rodswarm::cosserat::Model::x][3 * 3], 0.0);
  EXPECT_NEAR(e.field[rodswarm::cosserat::Model::x][3 * 7 + 3 * 6 + 2], std::sqrt(0.5), 1e-15);
}

TEST(ConfigCosseratEnsemble, ElementsAndRodsVaried) {
  const auto job = expand(R"({"mode": "zip", "vary": {"params.n": [2, 5, 10], "params.rods": [1, 2, 3]}})");
  ASSERT_EQ(job.size(), 3);
  const auto& e = job.members;
  EXPECT_EQ(e.offset[rodswarm::cosserat::Model::nodes], (std::vector<std::int64_t>{0, 3, 15, 48}));
  EXPECT_EQ(e.offset[rodswarm::cosserat::Model::elements], (std::vector<std::int64_t>{0, 2, 12, 42}));
  EXPECT_EQ(e.offset[rodswarm::cosserat::Model::voronoi], (std::vector<std::int64_t>{0, 1, 9, 36}));
  EXPECT_EQ(e.offset[rodswarm::cosserat::Model::rods], (std::vector<std::int64_t>{0, 1, 3, 6}));
  EXPECT_EQ(e.params[2].n, 10);
  EXPECT_EQ(e.params[2].rods, 3);
  EXPECT_DOUBLE_EQ(e.field[rodswarm::cosserat::Model::rest_length0].back(), 0.1);
  EXPECT_EQ(e.field[rodswarm::cosserat::Model::clamp].size(), 6u * 24);

  auto err = error_of(R"({"mode": "random", "count": 4, "vary": {"params.n": {"uniform": [2, 10]}}})");
  EXPECT_TRUE(contains(err, "params.n is an integer and cannot be drawn at random")) << err.what();
  err = error_of(R"({"mode": "grid", "vary": {"params.n": [4, 4.5]}})");
  EXPECT_TRUE(contains(err, "params.n is an integer, but the values include 4.5")) << err.what();
  err = error_of(R"({"mode": "grid", "vary": {"initial.perturbation.mode": [1, 2.5]}})");
  EXPECT_TRUE(contains(err, "is an integer")) << err.what();
  err = error_of(R"({"mode": "grid", "vary": {"params.n": [4, 1]}})");
  EXPECT_EQ(err.key(), "params.n");
  EXPECT_TRUE(contains(err, "(member 1)")) << err.what();
}

TEST(ConfigCosseratEnsemble, VaryKeyErrors) {
  auto e = error_of(R"({"mode": "grid", "vary": {"params.growth.rat": [0.1, 0.2]}})");
  EXPECT_EQ(e.key(), "ensemble.vary.params.growth.rat");
  EXPECT_TRUE(contains(e, "did you mean \"params.growth.rate\"")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.densty": [1, 2]}})");
  EXPECT_TRUE(contains(e, "did you mean \"params.density\"")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.law": [0, 1]}})");
  EXPECT_TRUE(contains(e, "params.law is not a number and cannot be varied")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.ends[0]": [0, 1]}})");
  EXPECT_TRUE(contains(e, "is not a number")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.g": [0, 1]}})");
  EXPECT_TRUE(contains(e, "params.g is an array: vary its elements one by one, e.g. params.g[0]")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.growth": [0, 1]}})");
  EXPECT_TRUE(contains(e, "params.growth is an object")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.contact.obstacle.radius": [1, 2]}})");
  EXPECT_TRUE(contains(e, "the config has no params.contact.obstacle")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.surface.radius": [1, 2]}})");
  EXPECT_TRUE(contains(e, "the config has no params.surface")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.growth.phi": [1, 2]}})");
  EXPECT_TRUE(contains(e, "params.growth.phi is not used by params.growth law \"exponential\"")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.growth.times[0]": [1, 2]}})");
  EXPECT_TRUE(contains(e, "params.growth.times[0] is not used by params.growth law \"exponential\"")) << e.what();
  // A key of the table's nested rows that the section's kind does not take: named with the kind.
  json sphere = with_ensemble(rod(), R"({"mode": "grid", "vary": {"params.surface.normal[0]": [0, 1]}})");
  sphere["params"]["surface"] = json::parse(R"({"kind": "sphere", "radius": 2})");
  e = error_of(sphere);
  EXPECT_TRUE(contains(e, "params.surface.normal[0] is not used by params.surface kind \"sphere\"")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"initial.helix_radius": [1, 2]}})");
  EXPECT_TRUE(contains(e, "is not used by initial kind \"straight\"")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"initial.twist_turns": [1, 2]}})");
  EXPECT_TRUE(contains(e, "initial.twist_turns is not used by initial kind \"straight\"")) << e.what();
  // A uniform velocity that initial.velocities replaces (a rule across keys: set_unused).
  json each = with_ensemble(rod(), R"({"mode": "grid", "vary": {"initial.velocity[0]": [0, 1]}})");
  each["initial"]["velocities"] = json::array();
  for (int node = 0; node <= 6; ++node) each["initial"]["velocities"].push_back({0, 0, 0});
  e = error_of(each);
  EXPECT_TRUE(contains(e, "initial.velocity[0] is not used: the config gives initial.velocities")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"output.save_every": [1, 2]}})");
  EXPECT_TRUE(contains(e, "only numeric keys under params, initial and integrator")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.rest_curvature[0]": [1, 2]}})");
  EXPECT_TRUE(contains(e, "the config has no params.rest_curvature")) << e.what();
  e = error_of(R"({"mode": "zip", "vary": {"params.g[2]": [1, 2], "params.g[02]": [1, 2]}})");
  EXPECT_TRUE(contains(e, "varies the same number as")) << e.what();
}

TEST(ConfigCosseratEnsemble, PerMemberFailuresNameTheMember) {
  auto e = error_of(R"({"mode": "grid", "vary": {"params.contact.plane.mu_kinetic[2]": [0.3, 0.6]}})");
  EXPECT_EQ(e.key(), "params.contact.plane.mu_kinetic[2]");
  EXPECT_TRUE(contains(e, "(member 1)")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.density": [1000, 500, -1000]}})");
  EXPECT_EQ(e.key(), "params.density");
  EXPECT_TRUE(contains(e, "must be positive, got -1000 (member 2)")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.end_twist_rate1": [0, 1]}})");
  EXPECT_EQ(e.key(), "params.end_twist_rate1");
  EXPECT_TRUE(contains(e, "prescribed")) << e.what();
  EXPECT_TRUE(contains(e, "(member 1)")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"integrator.dt": [1e-4, 3e-4]}})");
  EXPECT_EQ(e.key(), "integrator.t_end");
  EXPECT_TRUE(contains(e, "(member 1)")) << e.what();
}

TEST(ConfigCosseratEnsemble, GrowthTableAndPointsElementsVaried) {
  json c = rod();
  c["params"]["n"] = 2;
  c["params"].erase("length");
  c["params"]["growth"] = json::parse(R"({"law": "table", "times": [0, 1], "values": [1, 2]})");
  c["initial"] =
      json::parse(R"({"kind": "points", "points": [[0,0,0],[0,0,1],[0,0,2]], "normals": [[1,0,0],[1,0,0]]})");
  c["ensemble"] = json::parse(R"({"mode": "zip", "vary": {"params.growth.values[1]": [2, 3],
                                                          "initial.points[2][0]": [0, 0.5]}})");
  const auto job = rodswarm::parse_job<rodswarm::cosserat::Model>(c, "e.json");
  ASSERT_EQ(job.size(), 2);
  EXPECT_EQ(job.members.params[1].growth_value[1], 3.0);
  EXPECT_NEAR(job.members.field[rodswarm::cosserat::Model::rest_length0][3], std::sqrt(1.25), 1e-15);
  c["ensemble"] = json::parse(R"({"mode": "grid", "vary": {"params.growth.times[1]": [1, 0]}})");
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "params.growth.times[1]");
  EXPECT_TRUE(contains(e, "(member 1)")) << e.what();
}

TEST(ConfigCosseratLoad, LoadAnyJobDispatchesAndAttributesOverrides) {
  const auto path = write_temp("c.json", rod());
  const auto any = rodswarm::load_any_job(path, {"params.growth.rate=0.5"});
  ASSERT_TRUE(std::holds_alternative<CosseratJob>(any));
  EXPECT_EQ(std::get<CosseratJob>(any).source, path);
  EXPECT_EQ(std::get<CosseratJob>(any).members.params[0].growth_rate, 0.5);
  const ConfigError e = rodswarm::test::load_error(path, {"params.density=-1"});
  EXPECT_EQ(e.file(), "--set");
  EXPECT_EQ(e.key(), "params.density");
}

}  // namespace
}  // namespace rodswarm
