// Ensemble expansion: grid (size, C order), zip, random (reproducible), lhs (stratified), vary-key errors,
// integer keys and per-member validation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <string>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"

namespace rodswarm {
namespace {

using namespace test;

json example1_with(const json& ensemble) {
  json c = json::parse(R"({
    "model": "greenspan",
    "params": {"n": 9, "dx": 0.1, "m": 0.1, "T0": 9.0, "alpha": 0.6, "g": 32.2, "eps": 0.01},
    "initial": {"kind": "triangle", "peak": [0.5, 0.5]},
    "integrator": {"scheme": "greenspan", "dt": 0.002, "t_end": 10.0}
  })");
  c["ensemble"] = ensemble;
  return c;
}

GreenspanJob expand(const char* ensemble) {
  return rodswarm::parse_job<rodswarm::greenspan::Model>(example1_with(json::parse(ensemble)), "e.json");
}

ConfigError error_of(const char* ensemble) {
  try {
    expand(ensemble);
  } catch (const ConfigError& e) {
    return e;
  }
  ADD_FAILURE() << "no ConfigError for " << ensemble;
  return ConfigError("", "", "");
}

TEST(ConfigEnsemble, GridSizeAndCOrder) {
  // Array form: the order written. params.m (3 values) slowest, params.alpha (2 values) fastest.
  const auto job = expand(R"({"mode": "grid", "vary": [
      {"params.m": {"values": [0.1, 0.2, 0.3]}},
      {"params.alpha": [1.0, 2.0]}]})");
  ASSERT_EQ(job.size(), 6);
  EXPECT_EQ(job.varied_keys, (std::vector<std::string>{"params.m", "params.alpha"}));
  EXPECT_EQ(job.varied_values[0], (std::vector<double>{0.1, 0.1, 0.2, 0.2, 0.3, 0.3}));
  EXPECT_EQ(job.varied_values[1], (std::vector<double>{1, 2, 1, 2, 1, 2}));
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(job.members.params[i].m, job.varied_values[0][i]);
    EXPECT_EQ(job.members.params[i].alpha, job.varied_values[1][i]);
    EXPECT_EQ(job.members.params[i].T0, 9.0);
  }
  EXPECT_EQ(job.members.total(rodswarm::greenspan::Model::beads), 54);
  EXPECT_EQ(job.t_end.size(), 6u);
}

TEST(ConfigEnsemble, GridObjectFormIsSortedByKey) {
  const auto job = expand(R"({"mode": "grid", "vary": {"params.m": [0.1, 0.2, 0.3], "params.alpha": [1, 2]}})");
  EXPECT_EQ(job.varied_keys, (std::vector<std::string>{"params.alpha", "params.m"}));
  EXPECT_EQ(job.varied_values[0], (std::vector<double>{1, 1, 1, 2, 2, 2}));
  EXPECT_EQ(job.varied_values[1], (std::vector<double>{0.1, 0.2, 0.3, 0.1, 0.2, 0.3}));
}

TEST(ConfigEnsemble, LinspaceAndLogspace) {
  const auto job = expand(R"({"mode": "grid", "vary": [
      {"params.m": {"linspace": [0.05, 0.2, 4]}}, {"params.T0": {"logspace": [1, 1000, 4]}}]})");
  ASSERT_EQ(job.size(), 16);
  const std::vector<double> m = {0.05, 0.1, 0.15, 0.2};
  const std::vector<double> t0 = {1, 10, 100, 1000};
  for (std::size_t i = 0; i < 16; ++i) {
    EXPECT_NEAR(job.varied_values[0][i], m[i / 4], 1e-15);
    EXPECT_NEAR(job.varied_values[1][i], t0[i % 4], 1e-12 * t0[i % 4]);
  }
  EXPECT_EQ(job.varied_values[0][15], 0.2);  // ends exact
  EXPECT_EQ(job.varied_values[1][15], 1000.0);
  EXPECT_EQ(expand(R"({"mode": "grid", "vary": {"params.m": {"linspace": [0.3, 0.5, 1]}}})").members.params[0].m, 0.3);
}

TEST(ConfigEnsemble, ArrayElementKeys) {
  const auto job =
      expand(R"({"mode": "zip", "vary": {"initial.peak[1]": [0.1, -0.2], "integrator.dt": [0.001, 0.002]}})");
  ASSERT_EQ(job.size(), 2);
  EXPECT_DOUBLE_EQ(job.members.field[rodswarm::greenspan::Model::heights][4], 0.1);
  EXPECT_DOUBLE_EQ(job.members.field[rodswarm::greenspan::Model::heights][9 + 4], -0.2);
  EXPECT_EQ(job.members.dt[0], 0.001);
  EXPECT_EQ(job.members.dt[1], 0.002);
  EXPECT_EQ(job.varied_keys, (std::vector<std::string>{"initial.peak[1]", "integrator.dt"}));
}

TEST(ConfigEnsemble, Zip) {
  const auto job = expand(R"({"mode": "zip", "vary": [{"params.m": [0.1, 0.2, 0.3]}, {"params.alpha": [1, 2, 3]}]})");
  ASSERT_EQ(job.size(), 3);
  const double m[] = {0.1, 0.2, 0.3};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(job.members.params[i].m, m[i]);
    EXPECT_EQ(job.members.params[i].alpha, static_cast<double>(i + 1));
  }
  const auto e = error_of(R"({"mode": "zip", "vary": [{"params.m": [0.1, 0.2, 0.3]}, {"params.alpha": [1, 2]}]})");
  EXPECT_EQ(e.key(), "ensemble.vary[1].params.alpha");
  EXPECT_TRUE(contains(e, "same length")) << e.what();
}

TEST(ConfigEnsemble, RandomIsReproducible) {
  const char* spec = R"({"mode": "random", "count": 200, "seed": 7, "vary": [
      {"params.m": {"uniform": [0.05, 0.2]}}, {"params.alpha": {"normal": [0.6, 0.01]}},
      {"params.T0": {"loguniform": [1, 100]}}]})";
  const auto a = expand(spec);
  const auto b = expand(spec);
  ASSERT_EQ(a.size(), 200);
  EXPECT_EQ(a.varied_values, b.varied_values);
  for (double m : a.varied_values[0]) EXPECT_TRUE(m >= 0.05 && m < 0.2) << m;
  for (double t : a.varied_values[2]) EXPECT_TRUE(t >= 1 && t <= 100) << t;
  double mean = 0;
  for (double x : a.varied_values[1]) mean += x / 200;
  EXPECT_NEAR(mean, 0.6, 0.005);

  const auto other = expand(R"({"mode": "random", "count": 200, "seed": 8, "vary": [
      {"params.m": {"uniform": [0.05, 0.2]}}, {"params.alpha": {"normal": [0.6, 0.01]}},
      {"params.T0": {"loguniform": [1, 100]}}]})");
  EXPECT_NE(a.varied_values, other.varied_values);

  // A larger count keeps the first members (values are drawn member by member).
  const auto longer = expand(R"({"mode": "random", "count": 300, "seed": 7, "vary": [
      {"params.m": {"uniform": [0.05, 0.2]}}, {"params.alpha": {"normal": [0.6, 0.01]}},
      {"params.T0": {"loguniform": [1, 100]}}]})");
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_TRUE(std::equal(a.varied_values[k].begin(), a.varied_values[k].end(), longer.varied_values[k].begin()));
  }
}

TEST(ConfigEnsemble, RandomMatchesTheDocumentedStream) {
  // uniform = a + (b - a) * (x >> 11) * 2^-53 with x the raw mt19937_64 output: platform independent.
  const auto job =
      expand(R"({"mode": "random", "count": 3, "seed": 0, "vary": {"params.m": {"uniform": [0.1, 0.2]}}})");
  std::mt19937_64 engine(0);
  for (std::size_t i = 0; i < 3; ++i) {
    const double u = static_cast<double>(engine() >> 11) * 0x1p-53;
    EXPECT_EQ(job.varied_values[0][i], 0.1 + 0.1 * u);
  }
  // The default seed is 0.
  EXPECT_EQ(expand(R"({"mode": "random", "count": 3, "vary": {"params.m": {"uniform": [0.1, 0.2]}}})").varied_values,
            job.varied_values);
}

TEST(ConfigEnsemble, LatinHypercubeHasOneSamplePerStratum) {
  const int count = 50;
  const auto job = expand(R"({"mode": "lhs", "count": 50, "seed": 3, "vary": [
      {"params.m": {"uniform": [0.05, 0.15]}}, {"params.alpha": {"uniform": [0, 1]}},
      {"params.T0": {"loguniform": [1, 100]}}]})");
  ASSERT_EQ(job.size(), count);
  auto strata = [&](std::size_t k, auto to_unit) {
    std::vector<int> hits(count, 0);
    for (double x : job.varied_values[k]) {
      const int s = static_cast<int>(std::floor(to_unit(x) * count));
      ASSERT_TRUE(s >= 0 && s < count) << x;
      ++hits[static_cast<std::size_t>(s)];
    }
    EXPECT_TRUE(std::all_of(hits.begin(), hits.end(), [](int h) { return h == 1; })) << "key " << k;
  };
  strata(0, [](double x) { return (x - 0.05) / 0.1; });
  strata(1, [](double x) { return x; });
  strata(2, [](double x) { return std::log(x) / std::log(100.0); });
  // Shuffled independently per key: the columns are not both sorted.
  EXPECT_FALSE(std::is_sorted(job.varied_values[0].begin(), job.varied_values[0].end()));
  EXPECT_EQ(job.varied_values, expand(R"({"mode": "lhs", "count": 50, "seed": 3, "vary": [
      {"params.m": {"uniform": [0.05, 0.15]}}, {"params.alpha": {"uniform": [0, 1]}},
      {"params.T0": {"loguniform": [1, 100]}}]})")
                                   .varied_values);
}

TEST(ConfigEnsemble, ASampleHoldsTheWholeEnsemblesValuesOfItsMembers) {
  // validate's estimate builds a sample; each sampled member must be the member run builds, in every mode (random
  // and lhs samples share one draw of their first members).
  for (const char* ensemble :
       {R"({"mode": "grid", "vary": [{"params.m": {"linspace": [0.1, 0.2, 40]}}, {"params.alpha": [1, 2, 3]}]})",
        R"({"mode": "zip", "vary": {"params.m": {"linspace": [0.1, 0.2, 90]}, "params.T0": {"linspace": [5, 9, 90]}}})",
        R"({"mode": "random", "count": 100, "seed": 4, "vary": {"params.m": {"uniform": [0.1, 0.2]}}})",
        R"({"mode": "lhs", "count": 100, "seed": 5, "vary": [{"params.m": {"uniform": [0.05, 0.15]}},
               {"params.alpha": {"normal": [0.6, 0.05]}}]})"}) {
    SCOPED_TRACE(ensemble);
    const json config = example1_with(json::parse(ensemble));
    const auto whole = rodswarm::parse_job<rodswarm::greenspan::Model>(config, "e.json");
    const auto sample = rodswarm::parse_job<rodswarm::greenspan::Model>(config, "e.json", ParseOptions{7});
    ASSERT_EQ(sample.sampled_from, whole.size());
    ASSERT_EQ(sample.sample_indices.size(), std::size_t(sample.size()));
    ASSERT_GE(sample.size(), 7);
    for (std::size_t j = 0; j < sample.sample_indices.size(); ++j) {
      const auto i = std::size_t(sample.sample_indices[j]);
      for (std::size_t k = 0; k < whole.varied_values.size(); ++k) {
        EXPECT_EQ(sample.varied_values[k][j], whole.varied_values[k][i]) << "key " << k << ", member " << i;
      }
      EXPECT_EQ(sample.members.params[j].m, whole.members.params[i].m) << "member " << i;
      EXPECT_EQ(sample.members.params[j].alpha, whole.members.params[i].alpha) << "member " << i;
      EXPECT_EQ(sample.members.params[j].T0, whole.members.params[i].T0) << "member " << i;
    }
  }
}

TEST(ConfigEnsemble, LatinHypercubeNormal) {
  const auto job = expand(R"({"mode": "lhs", "count": 1000, "vary": {"params.alpha": {"normal": [0.6, 0.05]}}})");
  std::vector<double> x = job.varied_values[0];
  std::sort(x.begin(), x.end());
  EXPECT_NEAR(x[500], 0.6, 0.05 * 0.01);  // median of a stratified sample
  // Stratum s of N(0.6, 0.05) under Phi: exactly one sample in each.
  for (std::size_t s = 0; s < x.size(); ++s) {
    const double p = 0.5 * std::erfc(-(x[s] - 0.6) / (0.05 * std::sqrt(2.0)));
    EXPECT_EQ(static_cast<std::size_t>(std::floor(p * 1000)), s);
  }
}

TEST(ConfigEnsemble, BadVaryKeys) {
  auto e = error_of(R"({"mode": "grid", "vary": {"params.mass": [0.1, 0.2]}})");
  EXPECT_EQ(e.key(), "ensemble.vary.params.mass");
  EXPECT_TRUE(contains(e, "did you mean \"params.m\"")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"initial.peak[2]": [0.1]}})");
  EXPECT_TRUE(contains(e, "no numeric key initial.peak[2]")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"integrator.scheme": [1]}})");
  EXPECT_TRUE(contains(e, "not a number")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"initial.peak": [1]}})");
  EXPECT_TRUE(contains(e, "is an array")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"output.save_every": [1]}})");
  EXPECT_TRUE(contains(e, "only numeric keys under params, initial and integrator")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": {"initial.vertices[0][1]": [1]}})");
  EXPECT_EQ(e.key(), "ensemble.vary.initial.vertices[0][1]");
  e = error_of(R"({"mode": "grid", "vary": {"params.m[": [1]}})");
  EXPECT_TRUE(contains(e, "malformed key")) << e.what();
  e = error_of(R"({"mode": "grid", "vary": [{"params.m": [1]}, {"params.m": [2]}]})");
  EXPECT_TRUE(contains(e, "same number")) << e.what();
  // A key with a default may be varied although the file does not write it.
  EXPECT_EQ(expand(R"({"mode": "grid", "vary": {"params.tension_exponent": [0.5, 1.5]}})").size(), 2);
}

TEST(ConfigEnsemble, IntegerKey) {
  const auto job = expand(R"({"mode": "grid", "vary": {"params.n": [5, 9.0]}})");
  ASSERT_EQ(job.size(), 2);
  EXPECT_EQ(job.members.params[0].n, 5);
  EXPECT_EQ(job.members.params[1].n, 9);
  EXPECT_EQ(job.members.offset[rodswarm::greenspan::Model::beads], (std::vector<std::int64_t>{0, 5, 14}));
  auto e = error_of(R"({"mode": "grid", "vary": {"params.n": [3, 9.5]}})");
  EXPECT_EQ(e.key(), "ensemble.vary.params.n");
  EXPECT_TRUE(contains(e, "integer")) << e.what();
  e = error_of(R"({"mode": "zip", "vary": {"params.n": {"linspace": [3, 4, 3]}}})");
  EXPECT_TRUE(contains(e, "3.5")) << e.what();
  e = error_of(R"({"mode": "random", "count": 4, "vary": {"params.n": {"uniform": [3, 9]}}})");
  EXPECT_TRUE(contains(e, "cannot be drawn at random")) << e.what();
}

TEST(ConfigEnsemble, FailingMemberIsNamed) {
  const auto e = error_of(R"({"mode": "grid", "vary": {"params.m": [0.1, 0.2, 0.3, -0.05]}})");
  EXPECT_STREQ(e.what(), "e.json: params.m: must be positive, got -0.05 (member 3)");
  const auto steps = error_of(R"({"mode": "grid", "vary": {"integrator.dt": [0.002, 0.003]}})");
  EXPECT_EQ(steps.key(), "integrator.t_end");
  EXPECT_TRUE(contains(steps, "(member 1)")) << steps.what();
  // With n = 3 the string ends at x = 0.4, left of the peak at x = 0.5.
  const auto peak = error_of(R"({"mode": "grid", "vary": {"params.n": [9, 3]}})");
  EXPECT_EQ(peak.key(), "initial.peak[0]");
  EXPECT_TRUE(contains(peak, "(member 1)")) << peak.what();
}

TEST(ConfigEnsemble, SectionErrors) {
  EXPECT_EQ(error_of(R"({"vary": {"params.m": [1]}})").key(), "ensemble.mode");
  EXPECT_TRUE(contains(error_of(R"({"mode": "grd", "vary": {"params.m": [1]}})"), "did you mean \"grid\""));
  EXPECT_EQ(error_of(R"({"mode": "random", "vary": {"params.m": {"uniform": [0, 1]}}})").key(), "ensemble.count");
  EXPECT_EQ(error_of(R"({"mode": "random", "count": 0, "vary": {"params.m": {"uniform": [0, 1]}}})").key(),
            "ensemble.count");
  EXPECT_EQ(error_of(R"({"mode": "grid", "count": 3, "vary": {"params.m": [1]}})").key(), "ensemble.count");
  EXPECT_EQ(error_of(R"({"mode": "random", "count": 2, "seed": -1, "vary": {"params.m": {"uniform": [0, 1]}}})").key(),
            "ensemble.seed");
  EXPECT_EQ(error_of(R"({"mode": "grid", "vary": {}})").key(), "ensemble.vary");
  EXPECT_EQ(error_of(R"({"mode": "grid", "vary": {"params.m": []}})").key(), "ensemble.vary.params.m");
  EXPECT_TRUE(
      contains(error_of(R"({"mode": "grid", "vary": {"params.m": {"uniform": [0, 1]}}})"), "not used by mode grid"));
  EXPECT_TRUE(contains(error_of(R"({"mode": "random", "count": 2, "vary": {"params.m": [1, 2]}})"), "draws values"));
  EXPECT_TRUE(contains(error_of(R"({"mode": "grid", "vary": {"params.m": {"linspce": [0, 1, 2]}}})"),
                       "did you mean \"ensemble.vary.params.m.linspace\""));
  EXPECT_EQ(error_of(R"({"mode": "grid", "vary": {"params.m": {"linspace": [0, 1, 0]}}})").key(),
            "ensemble.vary.params.m.linspace[2]");
  EXPECT_EQ(error_of(R"({"mode": "grid", "vary": {"params.m": {"logspace": [0, 1, 3]}}})").key(),
            "ensemble.vary.params.m.logspace");
  EXPECT_EQ(error_of(R"({"mode": "lhs", "count": 2, "vary": {"params.m": {"uniform": [1, 0]}}})").key(),
            "ensemble.vary.params.m.uniform");
  EXPECT_EQ(error_of(R"({"mode": "lhs", "count": 2, "vary": {"params.m": {"loguniform": [0, 1]}}})").key(),
            "ensemble.vary.params.m.loguniform");
  EXPECT_EQ(error_of(R"({"mode": "grid", "extra": 1, "vary": {"params.m": [1]}})").key(), "ensemble.extra");
  // The linspace and logspace lists hold 2^24 values in all: the second of two lists of 2^23 + 1 is refused before
  // it is built (22 lists of 10^7 values once took 1.7 GB before the grid's size was checked).
  const ConfigError all = error_of(R"({"mode": "grid", "vary": [{"params.m": {"linspace": [0, 1, 8388609]}},
      {"params.T0": {"linspace": [1, 2, 8388609]}}]})");
  EXPECT_EQ(all.key(), "ensemble.vary[1].params.T0.linspace[2]");
  EXPECT_TRUE(contains(all, "between 1 and 8388607 (the vary lists hold 16777216 values in all)")) << all.what();
  EXPECT_EQ(error_of(R"({"mode": "grid", "vary": [{"params.m": [1], "params.T0": [1]}]})").key(), "ensemble.vary[0]");
}

TEST(ConfigEnsemble, GridTooLarge) {
  const auto e = error_of(R"({"mode": "grid", "vary": [{"params.m": {"linspace": [0.1, 0.2, 100000]}},
      {"params.T0": {"linspace": [1, 2, 100000]}}]})");
  EXPECT_EQ(e.key(), "ensemble.vary");
}

TEST(ConfigEnsemble, NoEnsembleIsOneMemberWithoutSuffix) {
  json c = example1_with(json());
  c.erase("ensemble");
  c["params"]["m"] = -1;
  try {
    rodswarm::parse_job<rodswarm::greenspan::Model>(c, "e.json");
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).find("member"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace rodswarm
