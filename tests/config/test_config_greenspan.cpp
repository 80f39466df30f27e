// parse_greenspan_job / load_job: the schema's error classes (unknown keys, types, ranges, steps, models) and the
// settings sections.
#include <gtest/gtest.h>

#include <tuple>

#include <fstream>
#include <string>
#include <unistd.h>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"

namespace rodswarm {
namespace {

using namespace test;

json example1() {
  return json::parse(R"({
    "model": "greenspan",
    "params": {"n": 9, "dx": 0.1, "m": 0.1, "T0": 9.0, "alpha": 0.6, "g": 32.2, "eps": 0.01},
    "initial": {"kind": "triangle", "peak": [0.5, 0.5]},
    "integrator": {"scheme": "greenspan", "dt": 0.002, "t_end": 10.0}
  })");
}

ConfigError error_of(const json& config) { return rodswarm::test::config_error<rodswarm::greenspan::Model>(config); }

TEST(ConfigSchema, Example1Defaults) {
  const auto job = rodswarm::parse_job<rodswarm::greenspan::Model>(example1(), "cfg.json");
  EXPECT_EQ(job.source, "cfg.json");
  EXPECT_EQ(job.size(), 1);
  EXPECT_EQ(job.precision, rodswarm::Precision::float64);
  EXPECT_EQ(job.scheme, rodswarm::greenspan::Scheme::paper);
  EXPECT_EQ(job.output.path, "results.h5");
  EXPECT_EQ(job.output.save_every, 0.0);
  EXPECT_TRUE(job.output.saves("positions") && job.output.saves("energy") && !job.output.saves("velocities"));
  EXPECT_TRUE(job.varied_keys.empty());
  EXPECT_TRUE(job.varied_values.empty());
  const auto& p = job.members.params[0];
  EXPECT_EQ(std::make_tuple(p.n, p.tension_exponent, p.y_left, p.y_right), std::make_tuple(9, 1.0, 0.0, 0.0));
  EXPECT_DOUBLE_EQ(p.divergence_bound, 1000.0 * 1.0);  // max((n+1) dx, peak height 0.5) = 1
  EXPECT_EQ(job.members.dt[0], 0.002);
  EXPECT_EQ(job.t_end[0], 10.0);
  EXPECT_EQ(job.config, example1());
}

TEST(ConfigSchema, OptionalParamsDefault) {
  json c = example1();
  c["params"].erase("eps");
  c["params"].erase("alpha");
  c["params"].erase("g");
  const auto p = rodswarm::parse_job<rodswarm::greenspan::Model>(c, "cfg.json").members.params[0];
  EXPECT_EQ(p.eps, 0.0);
  EXPECT_EQ(p.alpha, 0.0);
  EXPECT_EQ(p.g, 0.0);
}

TEST(ConfigSchema, UnknownKeySuggestsNearest) {
  json c = example1();
  c["params"]["mass"] = 0.2;
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "params.mass");
  EXPECT_STREQ(e.what(), "cfg.json: params.mass: unknown key (did you mean \"params.m\"?)");

  expect_suggestions(error_of, example1(),
                     {{"/integrater", "integrator"}, {"/params/tension_exponnt", "params.tension_exponent"}});

  json far = example1();
  far["params"]["zzzzzz"] = 1;
  EXPECT_TRUE(contains(error_of(far), "expected one of: params.n, params.dx"));
}

TEST(ConfigSchema, ShapeKeyOfAnotherKind) {
  json c = example1();
  c["initial"]["vertices"] = json::parse("[[0,0],[1,0]]");
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.vertices");
  EXPECT_TRUE(contains(e, "not used by kind \"triangle\""));
}

TEST(ConfigSchema, WrongType) {
  json c = example1();
  c["params"]["m"] = "0.1";
  EXPECT_STREQ(error_of(c).what(), "cfg.json: params.m: expected a number, got a string");
  c = example1();
  c["params"]["n"] = 9.5;
  EXPECT_STREQ(error_of(c).what(), "cfg.json: params.n: expected an integer, got 9.5");
  c = example1();
  c["params"]["n"] = 9.0;  // integral floats are integers
  EXPECT_EQ(rodswarm::parse_job<rodswarm::greenspan::Model>(c, "cfg.json").members.params[0].n, 9);
  c = example1();
  c["params"]["alpha"] = true;
  EXPECT_TRUE(contains(error_of(c), "params.alpha: expected a number, got a boolean"));
  c = example1();
  c["params"] = json::array();
  EXPECT_TRUE(contains(error_of(c), "params: expected an object, got an array"));
  c = example1();
  c["initial"]["peak"] = json::parse("[0.5]");
  EXPECT_TRUE(contains(error_of(c), "initial.peak: expected an array of 2 numbers"));
  c = example1();
  c["initial"]["peak"][1] = nullptr;
  EXPECT_EQ(error_of(c).key(), "initial.peak[1]");
}

TEST(ConfigSchema, MissingRequiredKeys) {
  rodswarm::test::expect_required(error_of, example1(),
                                  {"params.n", "params.dx", "params.m", "params.T0", "model", "params", "initial",
                                   "integrator", "integrator.t_end"});
}

TEST(ConfigSchema, NegativeMass) {
  json c = example1();
  c["params"]["m"] = -0.1;
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "params.m");
  EXPECT_STREQ(e.what(), "cfg.json: params.m: must be positive, got -0.1");
}

TEST(ConfigSchema, ParameterRanges) {
  expect_out_of_range(error_of, example1(), "params",
                      {{"dx", 0.0}, {"T0", -1.0}, {"eps", -0.01}, {"alpha", -1}, {"n", 0}, {"tension_exponent", 0}});
  json c = example1();
  c["params"]["g"] = -32.2;  // any finite g
  c["params"]["tension_exponent"] = 1.5;
  EXPECT_NO_THROW(rodswarm::parse_job<rodswarm::greenspan::Model>(c, "cfg.json"));
}

TEST(ConfigSchema, TEndMustBeAWholeNumberOfSteps) {
  json c = example1();
  c["integrator"]["t_end"] = 10.001;
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "integrator.t_end");
  EXPECT_TRUE(contains(e, "not a whole number of steps")) << e.what();
  c["integrator"]["t_end"] = 0.3;  // 150 steps of 0.002, though 0.3 / 0.002 is not exactly 150 in binary
  EXPECT_NO_THROW(rodswarm::parse_job<rodswarm::greenspan::Model>(c, "cfg.json"));
  c["integrator"]["dt"] = 0.0;
  EXPECT_EQ(error_of(c).key(), "integrator.dt");
}

TEST(ConfigSchema, SaveEveryMustBeAWholeNumberOfSteps) {
  json c = example1();
  c["output"] = json::parse(R"({"save_every": 0.003})");
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "output.save_every");
  c["output"]["save_every"] = 0.1;
  EXPECT_EQ(rodswarm::parse_job<rodswarm::greenspan::Model>(c, "cfg.json").output.save_every, 0.1);
  c["output"]["save_every"] = -1;
  EXPECT_EQ(error_of(c).key(), "output.save_every");
}

TEST(ConfigSchema, DivergenceBound) {
  json c = example1();
  c["initial"]["peak"] = {0.5, -3.0};
  c["integrator"]["divergence_factor"] = 10;
  EXPECT_DOUBLE_EQ(rodswarm::parse_job<rodswarm::greenspan::Model>(c, "cfg.json").members.params[0].divergence_bound,
                   30.0);
  c["integrator"]["divergence_factor"] = 0;
  EXPECT_EQ(error_of(c).key(), "integrator.divergence_factor");
}

TEST(ConfigSchema, RunSettings) {
  json c = example1();
  c["precision"] = "float32";
  c["integrator"]["scheme"] = "rk4";
  c["output"] = json::parse(R"({"path": "x.h5", "save_every": 0.01, "fields": ["velocities"]})");
  c["compare"] = json::parse(R"({"tolerance": 1e-9, "members": 8})");
  c["steady"] = json::parse(R"({"tol": 1e-11, "max_iter": 20})");
  const auto job = rodswarm::parse_job<rodswarm::greenspan::Model>(c, "cfg.json");
  EXPECT_EQ(job.precision, rodswarm::Precision::float32);
  EXPECT_EQ(job.scheme, rodswarm::greenspan::Scheme::rk4);
  EXPECT_EQ(job.output.path, "x.h5");
  EXPECT_TRUE(job.output.saves("velocities") && !job.output.saves("positions") && !job.output.saves("energy"));
  EXPECT_EQ(std::make_tuple(job.compare.tolerance, job.compare.members, job.steady.tol, job.steady.max_iter),
            std::make_tuple(1e-9, 8, 1e-11, 20));
}

TEST(ConfigSchema, BadRunSettings) {
  json c = example1();
  c["precision"] = "float16";
  EXPECT_TRUE(contains(error_of(c), "precision: unknown value \"float16\" (did you mean \"float64\"?)"));
  c = example1();
  c["integrator"]["scheme"] = "rk5";
  EXPECT_TRUE(contains(error_of(c), "did you mean \"rk4\""));
  c = example1();
  c["output"] = json::parse(R"({"fields": ["energie"]})");
  EXPECT_EQ(error_of(c).key(), "output.fields[0]");
  c["output"] = json::parse(R"({"fields": ["energy", "energy"]})");
  EXPECT_EQ(error_of(c).key(), "output.fields[1]");
  c["output"] = json::parse(R"({"path": ""})");
  EXPECT_EQ(error_of(c).key(), "output.path");
  c = example1();
  c["compare"] = json::parse(R"({"members": 0})");
  EXPECT_EQ(error_of(c).key(), "compare.members");
  c["compare"] = json::parse(R"({"tolerance": 0})");
  EXPECT_EQ(error_of(c).key(), "compare.tolerance");
  c = example1();
  c["steady"] = json::parse(R"({"max_iter": 2.5})");
  EXPECT_EQ(error_of(c).key(), "steady.max_iter");
  c["steady"] = json::parse(R"({"tolerance": 1})");
  EXPECT_TRUE(contains(error_of(c), "steady.tolerance: unknown key (did you mean \"steady.tol\"?)"));
}

ConfigError load_error(const json& config, const std::string& name) {
  const auto path = write_temp(name, config);
  try {
    rodswarm::load_job<rodswarm::greenspan::Model>(path, {});
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.file(), path);
    return e;
  }
  ADD_FAILURE() << "no ConfigError";
  return ConfigError("", "", "");
}

TEST(ConfigSchema, LoadJobDispatchesOnModel) {
  const auto path = write_temp("ok.json", example1());
  EXPECT_EQ(rodswarm::load_job<rodswarm::greenspan::Model>(path, {}).source, path);

  // Another model's name dispatches to that model's schema: greenspan's keys are unknown to se3rod.
  json c = example1();
  c["model"] = "se3rod";
  const auto other = load_error(c, "other.json");
  EXPECT_EQ(other.key(), "params.T0");
  EXPECT_TRUE(contains(other, "unknown key")) << other.what();

  c["model"] = "grenspan";
  EXPECT_TRUE(contains(load_error(c, "typo.json"), "did you mean \"greenspan\""));
  c["model"] = 3;
  EXPECT_TRUE(contains(load_error(c, "type.json"), "model: expected a string, got a number"));
  c.erase("model");
  EXPECT_EQ(load_error(c, "missing.json").key(), "model");
  EXPECT_TRUE(contains(load_error(json::array(), "array.json"), "expected an object, got an array"));
}

}  // namespace
}  // namespace rodswarm
