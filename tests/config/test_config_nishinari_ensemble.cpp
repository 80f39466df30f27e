// Nishinari ensembles (grid over K and h, n varied, vary-key errors, per-member failures) and load_any_job:
// dispatch on model, load_job refusing nishinari, and --set error attribution.
#include <gtest/gtest.h>

#include <tuple>

#include <fstream>
#include <string>
#include <unistd.h>
#include <variant>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"

namespace rodswarm {
namespace {

using namespace test;

json helix() {
  return json::parse(R"({
    "model": "nishinari",
    "params": {"n": 8, "l": 0.05, "m": 0.01, "k": 100, "K": 0.01, "h": 0.008, "j": 5e-7},
    "initial": {"kind": "helix", "dphi": 0.15, "dtheta": 0.1, "dpsi": 0.05},
    "integrator": {"dt": 0.001, "t_end": 0.1}
  })");
}

NishinariJob expand(const char* ensemble) {
  return parse_as<nishinari::Model>(with_ensemble(helix(), ensemble), "e.json");
}
ConfigError error_of(const json& c) { return config_error<nishinari::Model>(c, "e.json"); }
ConfigError error_of(const char* ensemble) { return error_of(with_ensemble(helix(), ensemble)); }

TEST(ConfigNishinariEnsemble, GridOverBendingAndTwistStiffness) {
  const auto job = expand(R"({"mode": "grid", "vary": [{"params.K": {"linspace": [0.002, 0.02, 4]}},
                                                       {"params.h": {"values": [0.001, 0.016, 0.004]}}]})");
  ASSERT_EQ(job.size(), 12);
  EXPECT_EQ(job.varied_keys, (std::vector<std::string>{"params.K", "params.h"}));
  ASSERT_EQ(job.varied_values.size(), 2u);
  const double K[4] = {0.002, 0.008, 0.014, 0.02};
  const double h[3] = {0.001, 0.016, 0.004};
  for (std::size_t i = 0; i < 12; ++i) {
    const auto& p = job.members.params[i];
    EXPECT_NEAR(p.K, K[i / 3], 1e-15) << i;  // first key slowest
    EXPECT_EQ(p.h, h[i % 3]) << i;
    EXPECT_EQ(job.varied_values[0][i], p.K);
    EXPECT_EQ(job.varied_values[1][i], p.h);
    EXPECT_EQ(p.m, 0.01);
    EXPECT_EQ(p.n, 8);
  }
  EXPECT_EQ(job.members.total(rodswarm::nishinari::Model::beads), 96);
  EXPECT_EQ(job.members.total(rodswarm::nishinari::Model::segments), 84);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::positions].size(), 3u * 96);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::normals].size(), 3u * 84);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::spins].size(), 84u);
  // The shape does not depend on K or h: every member starts from the same helix.
  for (std::size_t i = 1; i < 12; ++i) {
    for (std::size_t k = 0; k < 24; ++k)
      ASSERT_EQ(job.members.field[rodswarm::nishinari::Model::positions][24 * i + k],
                job.members.field[rodswarm::nishinari::Model::positions][k]);
  }
  EXPECT_EQ(job.t_end, std::vector<double>(12, 0.1));
}

TEST(ConfigNishinariEnsemble, BeadCountVaried) {
  const auto job = expand(R"({"mode": "zip", "vary": {"params.n": {"values": [3, 5, 10]},
                                                     "initial.stretch": {"values": [1, 1.1, 0.9]}}})");
  ASSERT_EQ(job.size(), 3);
  EXPECT_EQ(job.members.offset[rodswarm::nishinari::Model::beads], (std::vector<std::int64_t>{0, 3, 8, 18}));
  EXPECT_EQ(job.members.params[2].n, 10);
  EXPECT_EQ(job.members.max_count(rodswarm::nishinari::Model::beads), 10);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::normals].size(), 3u * (2 + 4 + 9));
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::spins].size(), 15u);
  // Member 1: 5 beads, segment length 1.1 l.
  const auto* r = &job.members.field[rodswarm::nishinari::Model::positions][3 * 3];
  const double d[3] = {r[3] - r[0], r[4] - r[1], r[5] - r[2]};
  EXPECT_NEAR(std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), 0.055, 1e-15);

  auto e = error_of(R"({"mode": "grid", "vary": {"params.n": {"values": [4, 4.5]}}})");
  EXPECT_TRUE(contains(e, "params.n is an integer, but the values include 4.5")) << e.what();
  e = error_of(R"({"mode": "random", "count": 4, "vary": {"params.n": {"uniform": [3, 9]}}})");
  EXPECT_TRUE(contains(e, "cannot be drawn at random")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.n": {"values": [3, 2]}}})");
  EXPECT_EQ(e.key(), "params.n");
  EXPECT_TRUE(contains(e, "must be an integer from 3 to 1048576, got 2 (member 1)")) << e.what();
}

TEST(ConfigNishinariEnsemble, NumericKeysEverywhere) {
  const auto job = expand(R"({"mode": "zip", "vary": {
      "params.g[2]": {"values": [-9.81, 0]}, "params.load1[0]": {"values": [1, 2]},
      "params.damping": {"values": [0.1, 0.2]}, "initial.origin[1]": {"values": [3, 4]},
      "initial.dtheta": {"values": [0.2, -0.3]}, "initial.velocity[0]": {"values": [0.5, 0.6]},
      "initial.spin": {"values": [1, 2]}, "integrator.dt": {"values": [0.001, 0.0005]},
      "integrator.t_end": {"values": [0.1, 0.2]}}})");
  ASSERT_EQ(job.size(), 2);
  const auto& p = job.members.params;
  EXPECT_EQ(std::make_tuple(p[0].g[2], p[1].g[2], p[1].load1[0], p[1].damping), std::make_tuple(-9.81, 0.0, 2.0, 0.2));
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::positions][1], 3.0);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::positions][3 * 8 + 1], 4.0);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::velocities][3 * 8], 0.6);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::spins][7], 2.0);
  EXPECT_EQ(job.members.dt[1], 0.0005);
  EXPECT_EQ(job.t_end[1], 0.2);
}

TEST(ConfigNishinariEnsemble, ListedArraysAndTwistPulse) {
  json c = helix();
  c["params"]["n"] = 3;
  c["initial"] = json::parse(R"({"kind": "points", "points": [[0,0,0],[0.05,0,0],[0.1,0,0]],
                                 "normals": [[0,1,0],[0,1,0]], "spins": [0, 0],
                                 "velocities": [[0,0,0],[0,0,0],[0,0,0]],
                                 "twist_pulse": {"center": 1, "width": 1}})");
  c["ensemble"] = json::parse(R"({"mode": "zip", "vary": {"initial.points[2][1]": {"values": [0.01, 0.02]},
      "initial.normals[0][2]": {"values": [0.5, 1]}, "initial.spins[1]": {"values": [3, 4]},
      "initial.velocities[1][2]": {"values": [5, 6]}, "initial.twist_pulse.rate": {"values": [1, 2]}}})");
  const auto job = rodswarm::parse_job<rodswarm::nishinari::Model>(c, "e.json");
  ASSERT_EQ(job.size(), 2);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::positions][3 * 3 + 7], 0.02);
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::spins][2 + 1],
            4.0 + 2.0);  // spins[1] plus rate w with w = 1 at the centre
  EXPECT_EQ(job.members.field[rodswarm::nishinari::Model::velocities][3 * 3 + 5], 6.0);
  EXPECT_GT(job.members.field[rodswarm::nishinari::Model::normals][3 * 2 + 2], 0.0);
}

TEST(ConfigNishinariEnsemble, BadVaryKeys) {
  auto e = error_of(R"({"mode": "grid", "vary": {"params.dampng": {"values": [1]}}})");
  EXPECT_EQ(e.key(), "ensemble.vary.params.dampng");
  EXPECT_TRUE(contains(e, "no numeric key params.dampng in this config (did you mean \"params.damping\"?)"))
      << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"initial.origin[0][1]": {"values": [1]}}})");
  EXPECT_TRUE(contains(e, "did you mean \"initial.origin[0]\"")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.g": {"values": [1]}}})");
  EXPECT_TRUE(contains(e, "params.g is an array: vary its elements one by one, e.g. params.g[0]")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.ends[0]": {"values": [1]}}})");
  EXPECT_TRUE(contains(e, "is not a number")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.formulation": {"values": [1]}}})");
  EXPECT_TRUE(contains(e, "is not a number")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"initial.points[0][0]": {"values": [1]}}})");
  EXPECT_TRUE(contains(e, "not used by initial kind \"helix\"")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"initial.twist_pulse.angle": {"values": [1]}}})");
  EXPECT_TRUE(contains(e, "the config has no initial.twist_pulse (give it a value there first)")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"output.save_every": {"values": [1]}}})");
  EXPECT_TRUE(contains(e, "only numeric keys under params, initial and integrator")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"params.g[3]": {"values": [1]}}})");
  EXPECT_TRUE(contains(e, "no numeric key params.g[3]")) << e.what();
  e = error_of(R"({"mode": "zip", "vary": [{"params.K": {"values": [1]}}, {"params.K": {"values": [2]}}]})");
  EXPECT_TRUE(contains(e, "varies the same number as")) << e.what();

  json straight = with_ensemble(helix(), R"({"mode": "grid", "vary": {"initial.dpsi": {"values": [0.1]}}})");
  straight["initial"] = json::parse(R"({"kind": "straight"})");
  e = error_of(straight);
  EXPECT_TRUE(contains(e, "initial.dpsi is not used by initial kind \"straight\" (only by \"helix\")")) << e.what();
}

TEST(ConfigNishinariEnsemble, FailingMemberIsNamed) {
  auto e = error_of(R"({"mode": "grid", "vary": {"params.m": {"linspace": [0.01, -0.01, 3]}}})");
  EXPECT_EQ(e.key(), "params.m");
  EXPECT_TRUE(contains(e, "must be positive, got 0 (member 1)")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"initial.dtheta": {"values": [0.1, 1.6]}}})");
  EXPECT_EQ(e.key(), "initial.dtheta");
  EXPECT_TRUE(contains(e, "(member 1)")) << e.what();
}

TEST(ConfigNishinariEnsemble, RandomDraws) {
  const auto job = expand(R"({"mode": "lhs", "count": 50, "seed": 3,
                             "vary": {"params.h": {"loguniform": [0.001, 0.01]}, "initial.dpsi": {"uniform": [-0.2, 0.2]}}})");
  ASSERT_EQ(job.size(), 50);
  for (const auto& p : job.members.params) {
    EXPECT_GE(p.h, 0.001);
    EXPECT_LE(p.h, 0.01);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// load_any_job / load_job

json greenspan_config() {
  return json::parse(R"({
    "model": "greenspan", "params": {"n": 9, "dx": 0.1, "m": 0.1, "T0": 9.0},
    "initial": {"kind": "triangle", "peak": [0.5, 0.5]}, "integrator": {"dt": 0.002, "t_end": 1.0}
  })");
}

TEST(ConfigNishinariLoad, AnyJobDispatchesOnModel) {
  const auto npath = write_temp("n.json", helix());
  const auto any = rodswarm::load_any_job(npath, {});
  ASSERT_TRUE(std::holds_alternative<NishinariJob>(any));
  EXPECT_EQ(std::get<NishinariJob>(any).source, npath);
  EXPECT_EQ(std::get<NishinariJob>(any).members.params[0].n, 8);

  const auto gpath = write_temp("g.json", greenspan_config());
  const auto g = rodswarm::load_any_job(gpath, {"params.m=0.2"});
  ASSERT_TRUE(std::holds_alternative<rodswarm::GreenspanJob>(g));
  EXPECT_EQ(std::get<rodswarm::GreenspanJob>(g).members.params[0].m, 0.2);

  json other = greenspan_config();
  other["model"] = "se3rod";  // dispatched to se3rod's schema, which has no params.T0
  try {
    rodswarm::load_any_job(write_temp("c.json", other), {});
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.key(), "params.T0");
    EXPECT_TRUE(contains(e, "unknown key")) << e.what();
  }
}

TEST(ConfigNishinariLoad, SetOverridesAndTheirErrors) {
  const auto path = write_temp("set.json", helix());
  const auto job = std::get<NishinariJob>(
      rodswarm::load_any_job(path, {"params.K=0.02", "params.ends=[\"clamped\", \"free\"]", "initial.dpsi=0"}));
  EXPECT_EQ(job.members.params[0].K, 0.02);
  EXPECT_EQ(job.members.params[0].end0, rodswarm::nishinari::EndKind::clamped);
  EXPECT_EQ(job.config["initial"]["dpsi"], 0);

  const auto set_error = [&path](const std::string& assignment) {
    return rodswarm::test::load_error(path, {assignment});
  };
  auto e = set_error("params.mass=1");
  EXPECT_EQ(e.file(), "--set");
  EXPECT_EQ(e.key(), "params.mass");
  EXPECT_TRUE(contains(e, "did you mean \"params.m\"")) << e.what();
  e = set_error("params.h=-1");
  EXPECT_EQ(e.file(), "--set");
  EXPECT_EQ(e.key(), "params.h");
  e = set_error("params.ends[1]=\"welded\"");
  EXPECT_EQ(e.file(), "--set");
  EXPECT_EQ(e.key(), "params.ends[1]");
  e = set_error("initial.dtheta=2");
  EXPECT_EQ(e.file(), "--set");
  EXPECT_EQ(e.key(), "initial.dtheta");
  e = set_error("model=\"greenspan\"");  // the nishinari keys are then wrong, but the model was the typed change
  EXPECT_EQ(e.file(), path);

  // Overridden keys that are fine do not capture errors in keys the file holds.
  json bad = helix();
  bad["params"]["j"] = 0;
  const auto bad_path = write_temp("bad_j.json", bad);
  try {
    rodswarm::load_any_job(bad_path, {"params.K=0.02"});
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& err) {
    EXPECT_EQ(err.file(), bad_path);
    EXPECT_EQ(err.key(), "params.j");
  }
}

}  // namespace
}  // namespace rodswarm
