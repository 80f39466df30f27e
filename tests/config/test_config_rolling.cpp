// parse_rolling_job: the schema's error classes (unknown keys, types, ranges, contact points, harmonics, whole
// numbers of steps), the projections of the initial shapes onto the modal basis against closed forms, varied keys
// (nested, array elements, frozen), the analysis intervals in steps, the warnings, load_any_job dispatching
// "rolling", and every config in examples/rolling.
#include <gtest/gtest.h>

#include <tuple>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <variant>
#include <vector>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"

namespace rodswarm {
namespace {

using namespace test;
using Model = rolling::Model;
using rolling::Ends;

constexpr double two_pi = 6.283185307179586;

/// Fixed ends on (0, 2 pi), K = 16, sigma resolved (kappa_K sigma = 8 * 0.8 = 6.4).
json base() {
  return json::parse(R"({
    "model": "rolling",
    "params": {"modes": 16, "L": 6.283185307179586, "G1": 0.5, "G2": 0.5, "sigma": 0.8},
    "initial": {"u": {"kind": "sine", "amplitude": 1.0, "k": 1.0}, "s1": 2.0, "s2": 3.0},
    "integrator": {"dt": 0.01, "t_end": 1.0}
  })");
}

RollingJob parse(const json& c) { return rodswarm::parse_job<rodswarm::rolling::Model>(c, "r.json"); }

ConfigError error_of(const json& config) { return rodswarm::test::config_error<Model>(config, "r.json"); }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
bool contains(const ConfigError& e, const std::string& text) { return contains(std::string(e.what()), text); }

/// The K modal values of string field f (0: u, 1: v, 2: u_t, 3: v_t) of member i.
std::vector<double> field(const RollingJob& job, std::size_t i, int f) {
  const auto& e = job.members;
  const int K = e.params[i].modes;
  const auto first = e.field[rodswarm::rolling::Model::state].begin() +
                     e.offset[rodswarm::rolling::Model::state_values][i] + static_cast<std::ptrdiff_t>(f * K);
  return std::vector<double>(first, first + K);
}

// ---------------------------------------------------------------------------------------------------------------
// Schema

TEST(ConfigRollingSchema, DefaultsAndLayout) {
  const auto job = parse(base());
  EXPECT_EQ(job.source, "r.json");
  ASSERT_EQ(job.size(), 1);
  EXPECT_EQ(job.precision, rodswarm::Precision::float64);
  EXPECT_TRUE(job.output.saves("positions") && job.output.saves("energy") && job.output.saves("contact"));
  EXPECT_FALSE(job.output.saves("velocities") || job.output.saves("lyapunov") || job.output.saves("momentum") ||
               job.output.saves("directors") || job.output.saves("gauss"));
  EXPECT_EQ(
      std::make_tuple(job.points, job.sample_interval, job.renorm_interval, job.reference_points, job.compare_t_end),
      std::make_tuple(129, 0.0, 0.0, 0, 0.0));
  EXPECT_TRUE(job.warnings.empty()) << job.warnings.front();
  const auto& e = job.members;
  const auto& p = e.params[0];
  EXPECT_EQ(std::make_tuple(p.modes, p.ends, p.frozen, p.lyapunov, p.sample_steps, p.L, p.c, p.F, p.G1, p.G2, p.sigma,
                            p.divergence_bound),
            std::make_tuple(16, Ends::fixed, 0, 0, 0, two_pi, 1.0, 1.0, 0.5, 0.5, 0.8, 1e8));
  EXPECT_EQ(e.dt[0], 0.01);
  EXPECT_EQ(job.t_end[0], 1.0);
  EXPECT_EQ(e.offset[rodswarm::rolling::Model::state_values], (std::vector<std::int64_t>{0, 66}));
  EXPECT_EQ(e.offset[rodswarm::rolling::Model::samples], (std::vector<std::int64_t>{0, 0}));
  EXPECT_EQ(e.field[rodswarm::rolling::Model::state][64], 2.0);
  EXPECT_EQ(e.field[rodswarm::rolling::Model::state][65], 3.0);
  EXPECT_TRUE(e.field[rodswarm::rolling::Model::twin].empty());
  // u = sin x is sqrt(pi) psi_2 (k = 2 of sin(k pi x / L) on L = 2 pi); v, u_t, v_t are zero.
  for (int f = 1; f < 4; ++f) EXPECT_EQ(field(job, 0, f), std::vector<double>(16, 0.0));
}

TEST(ConfigRollingSchema, AllKeys) {
  json c = base();
  c["precision"] = "float32";
  c["params"].update(json::parse(R"({"ends": "periodic", "c": 2.0, "F": -0.5, "frozen": true,
                                     "divergence_bound": 1e6, "modes": 33, "sigma": 0.4})"));
  c["integrator"]["scheme"] = "rk4";
  c["analysis"] = json::parse(R"({"spectrum": {"harmonic": 3, "sample_interval": 0.05},
                                  "lyapunov": {"renorm_interval": 0.5, "d0": 1e-7}})");
  c["output"] = json::parse(R"({"path": "x.h5", "save_every": 0.1, "fields": ["velocities", "lyapunov"],
                                "points": 33})");
  c["compare"] = json::parse(R"({"tolerance": 1e-3, "members": 2, "reference_points": 2048, "t_end": 0.5})");
  const auto job = parse(c);
  EXPECT_EQ(job.precision, rodswarm::Precision::float32);
  EXPECT_TRUE(job.output.saves("velocities") && job.output.saves("lyapunov"));
  EXPECT_FALSE(job.output.saves("positions") || job.output.saves("energy") || job.output.saves("contact"));
  EXPECT_EQ(job.output.path, "x.h5");
  EXPECT_EQ(std::make_tuple(job.output.save_every, job.points, job.compare.tolerance, job.compare.members,
                            job.reference_points, job.compare_t_end, job.sample_interval, job.harmonic,
                            job.renorm_interval, job.lyapunov_d0),
            std::make_tuple(0.1, 33, 1e-3, 2, 2048, 0.5, 0.05, 3, 0.5, 1e-7));
  const auto& p = job.members.params[0];
  EXPECT_EQ(std::make_tuple(p.ends, p.modes, p.c, p.F, p.frozen, p.lyapunov, p.harmonic, p.sample_steps, p.renorm_steps,
                            p.lyapunov_d0, p.divergence_bound),
            std::make_tuple(Ends::periodic, 33, 2.0, -0.5, 1, 1, 3, 5, 50, 1e-7, 1e6));
  // 100 steps, a sample every 5: 21 values from step 0; the twin is sized like the state.
  EXPECT_EQ(job.members.offset[rodswarm::rolling::Model::samples], (std::vector<std::int64_t>{0, 21}));
  EXPECT_EQ(job.members.field[rodswarm::rolling::Model::twin].size(),
            job.members.field[rodswarm::rolling::Model::state].size());
}

TEST(ConfigRollingSchema, UnknownKeysSuggestTheNearest) {
  expect_suggestions(error_of, base(),
                     {{"/params/sigam", "params.sigma"},
                      {"/initial/s_1", "initial.s1"},
                      {"/integrator/dtt", "integrator.dt"},
                      {"/analyis", "analysis"},
                      {"/initial/u/amplitud", "initial.u.amplitude"}});
  json c = base();
  c["analysis"] = json::parse(R"({"spectrum": {"harmonik": 2, "sample_interval": 0.05}})");
  EXPECT_TRUE(contains(error_of(c), "did you mean \"analysis.spectrum.harmonic\""));
  c = base();
  c["output"] = json::parse(R"({"pointz": 65})");
  EXPECT_TRUE(contains(error_of(c), "did you mean \"output.points\""));
  c = base();
  c["compare"] = json::parse(R"({"reference_point": 65})");
  EXPECT_TRUE(contains(error_of(c), "did you mean \"compare.reference_points\""));
  c = base();
  c["steady"] = json::object();
  EXPECT_EQ(error_of(c).key(), "steady");
}

TEST(ConfigRollingSchema, WrongTypesAndMissingKeys) {
  struct Case {
    const char* pointer;
    json value;
    const char* key;
    const char* text;
  };
  const Case cases[] = {
      {"/params/L", "two", "params.L", "expected a number, got a string"},
      {"/params/modes", 2.5, "params.modes", "expected an integer"},
      {"/params/ends", "clamped", "params.ends", "unknown value \"clamped\""},
      {"/params/frozen", "yes", "params.frozen", "expected a boolean (or 0 / 1), got a string"},
      {"/initial/s1", json::array({1}), "initial.s1", "expected a number, got an array"},
      {"/initial/u", 1.0, "initial.u", "expected an object, got a number"},
      {"/initial/u/kind", "cosine", "initial.u.kind", "unknown value \"cosine\""},
      {"/integrator/scheme", "verlet", "integrator.scheme", "unknown value \"verlet\""},
      {"/output/points", 1.5, "output.points", "expected an integer"},
  };
  for (const auto& c : cases) {
    json config = base();
    config[json::json_pointer(c.pointer)] = c.value;
    const auto e = error_of(config);
    EXPECT_EQ(e.key(), c.key) << e.what();
    EXPECT_TRUE(contains(e, c.text)) << e.what();
    EXPECT_EQ(e.file(), "r.json");
  }
  for (const char* pointer : {"/params/modes", "/params/L", "/params/G1", "/params/G2", "/params/sigma", "/initial/s1",
                              "/initial/s2", "/integrator/dt", "/integrator/t_end", "/initial/u/k"}) {
    json config = base();
    const json::json_pointer ptr(pointer);
    config[ptr.parent_pointer()].erase(ptr.back());
    const auto e = error_of(config);
    EXPECT_TRUE(contains(e, "missing required key")) << pointer << ": " << e.what();
  }
  json config = base();
  config["initial"]["u"] = json::parse(R"({"amplitude": 1})");
  EXPECT_EQ(error_of(config).key(), "initial.u.kind");
  // A key of another shape kind names the kind it belongs to.
  config["initial"]["u"] = json::parse(R"({"kind": "sine", "k": 1, "center": 2})");
  const auto e = error_of(config);
  EXPECT_EQ(e.key(), "initial.u.center");
  EXPECT_TRUE(contains(e, "not used by kind \"sine\" (it belongs to kind \"gaussian\")")) << e.what();
  config["initial"]["u"] = json::parse(R"({"kind": "points", "values": [1]})");
  EXPECT_TRUE(contains(error_of(config), "expected at least 2 numbers, got 1"));
  config["initial"]["u"] = json::parse(R"({"kind": "modes", "coefficients": []})");
  EXPECT_EQ(error_of(config).key(), "initial.u.coefficients");
  config["initial"]["u"] = json::parse(R"({"kind": "modes", "coefficients": [1, "x"]})");
  EXPECT_EQ(error_of(config).key(), "initial.u.coefficients[1]");
}

TEST(ConfigRollingSchema, Ranges) {
  struct Case {
    const char* pointer;
    json value;
    const char* key;
    const char* text;
  };
  const Case cases[] = {
      {"/params/modes", 0, "params.modes", "must be an integer from 1 to 65536"},
      {"/params/L", 0.0, "params.L", "must be positive"},
      {"/params/L", -1.0, "params.L", "must be positive"},
      {"/params/c", 0.0, "params.c", "must be positive"},
      {"/params/sigma", 0.0, "params.sigma", "must be positive"},
      {"/params/sigma", -0.1, "params.sigma", "must be positive"},
      {"/params/frozen", 2, "params.frozen", "must be false or true (0 or 1), got 2"},
      {"/params/divergence_bound", 0, "params.divergence_bound", "must be positive"},
      {"/integrator/dt", 0.0, "integrator.dt", "must be positive"},
      {"/integrator/dt", -0.01, "integrator.dt", "must be positive"},
      {"/integrator/t_end", 1.005, "integrator.t_end", "not a whole number of steps"},
      {"/initial/s1", -0.1, "initial.s1", "must be in [0, L] = [0, 6.283185307179586], got -0.1"},
      {"/initial/s2", 6.3, "initial.s2", "must be in [0, L]"},
      {"/output/points", 1, "output.points", "must be an integer from 2"},
      {"/output/save_every", 0.015, "output.save_every", "not a whole number of steps"},
      {"/compare/t_end", 0.015, "compare.t_end", "not a whole number of steps"},
      {"/compare/t_end", 2.0, "compare.t_end", "must not exceed integrator.t_end"},
      {"/compare/t_end", -1.0, "compare.t_end", "must be >= 0"},
      {"/compare/reference_points", -1, "compare.reference_points", "must be an integer >= 0"},
  };
  for (const auto& c : cases) {
    json config = base();
    config[json::json_pointer(c.pointer)] = c.value;
    const auto e = error_of(config);
    EXPECT_EQ(e.key(), c.key) << e.what();
    EXPECT_TRUE(contains(e, c.text)) << e.what();
  }
  // The ends of [0, L] are allowed...
  json config = base();
  config["initial"]["s1"] = 0.0;
  config["initial"]["s2"] = two_pi;
  config["params"]["ends"] = "periodic";
  EXPECT_NO_THROW(parse(config));
  // ... but with fixed ends a constraint row that vanishes is an error.
  config["params"]["ends"] = "fixed";
  auto e = error_of(config);
  EXPECT_EQ(e.key(), "initial.s1");
  EXPECT_TRUE(contains(e, "the constraint row vanishes")) << e.what();
  config["initial"]["s2"] = 3.0;
  EXPECT_NO_THROW(parse(config));
  config["params"]["F"] = 0.0;
  EXPECT_TRUE(contains(error_of(config), "params.F = 0"));

  // Shape ranges.
  config = base();
  config["initial"]["v"] = json::parse(R"({"kind": "pluck", "at": 6.3})");
  e = error_of(config);
  EXPECT_EQ(e.key(), "initial.v.at");
  EXPECT_TRUE(contains(e, "must be inside (0, L)")) << e.what();
  config["initial"]["v"] = json::parse(R"({"kind": "pluck", "at": 0})");
  EXPECT_EQ(error_of(config).key(), "initial.v.at");
  config["initial"]["v"] = json::parse(R"({"kind": "gaussian", "center": 1, "width": 0})");
  EXPECT_EQ(error_of(config).key(), "initial.v.width");
}

TEST(ConfigRollingSchema, Analysis) {
  json c = base();
  c["analysis"] = json::parse(R"({"spectrum": {"harmonic": 2, "sample_interval": 0.05}})");
  auto job = parse(c);
  EXPECT_EQ(job.members.params[0].harmonic, 2);
  EXPECT_EQ(job.members.params[0].sample_steps, 5);
  EXPECT_EQ(job.members.params[0].lyapunov, 0);
  EXPECT_TRUE(job.members.field[rodswarm::rolling::Model::twin].empty());
  EXPECT_FALSE(job.output.saves("lyapunov"));
  // Harmonics: fixed 1..K, periodic 1..(K - 1) / 2.
  for (const int h : {0, 17, -1}) {
    c["analysis"]["spectrum"]["harmonic"] = h;
    const auto e = error_of(c);
    EXPECT_EQ(e.key(), "analysis.spectrum.harmonic");
    EXPECT_TRUE(contains(e, "must be an integer from 1 to params.modes = 16")) << e.what();
  }
  c["analysis"]["spectrum"]["harmonic"] = 16;
  EXPECT_NO_THROW(parse(c));
  c["params"]["ends"] = "periodic";
  c["initial"]["s2"] = 3.0;
  auto e = error_of(c);
  EXPECT_TRUE(contains(e, "must be an integer from 1 to (params.modes - 1) / 2 = 7")) << e.what();
  c["analysis"]["spectrum"]["harmonic"] = 7;
  EXPECT_NO_THROW(parse(c));
  c["params"]["modes"] = 2;
  c["analysis"]["spectrum"]["harmonic"] = 1;
  EXPECT_TRUE(contains(error_of(c), "needs params.modes >= 3 with periodic ends"));

  // Whole numbers of steps.
  c = base();
  c["analysis"] = json::parse(R"({"spectrum": {"sample_interval": 0.025}})");
  e = error_of(c);
  EXPECT_EQ(e.key(), "analysis.spectrum.sample_interval");
  EXPECT_TRUE(contains(e, "0.025 is not a whole number of steps of integrator.dt = 0.01 (2.5 steps)")) << e.what();
  c["analysis"]["spectrum"]["sample_interval"] = 0.003;
  EXPECT_EQ(error_of(c).key(), "analysis.spectrum.sample_interval");
  c["analysis"]["spectrum"]["sample_interval"] = 0.0;
  EXPECT_TRUE(contains(error_of(c), "must be positive"));
  c["analysis"]["spectrum"]["sample_interval"] = 0.07;  // 7.000000000000001 steps: within 1e-9
  job = parse(c);
  EXPECT_EQ(job.members.params[0].sample_steps, 7);
  EXPECT_EQ(job.members.params[0].harmonic, 1);
  EXPECT_EQ(job.members.offset[rodswarm::rolling::Model::samples][1], 100 / 7 + 1);

  c = base();
  c["analysis"] = json::parse(R"({"lyapunov": {"renorm_interval": 0.125}})");
  e = error_of(c);
  EXPECT_EQ(e.key(), "analysis.lyapunov.renorm_interval");
  EXPECT_TRUE(contains(e, "not a whole number of steps")) << e.what();
  c["analysis"]["lyapunov"]["renorm_interval"] = 2.0;
  EXPECT_TRUE(contains(error_of(c), "must not exceed integrator.t_end"));
  c["analysis"]["lyapunov"]["renorm_interval"] = 0.25;
  c["analysis"]["lyapunov"]["d0"] = 0;
  EXPECT_EQ(error_of(c).key(), "analysis.lyapunov.d0");
  c["analysis"]["lyapunov"].erase("d0");
  job = parse(c);
  EXPECT_EQ(job.members.params[0].lyapunov, 1);
  EXPECT_EQ(job.members.params[0].renorm_steps, 25);
  EXPECT_EQ(job.members.params[0].lyapunov_d0, 1e-8);
  EXPECT_TRUE(job.output.saves("lyapunov"));  // on by default with analysis.lyapunov
  EXPECT_EQ(job.members.field[rodswarm::rolling::Model::twin].size(),
            job.members.field[rodswarm::rolling::Model::state].size());
  c["analysis"]["lyapunov"].erase("renorm_interval");
  EXPECT_EQ(error_of(c).key(), "analysis.lyapunov.renorm_interval");

  // The field "lyapunov" needs analysis.lyapunov.
  c = base();
  c["output"] = json::parse(R"({"fields": ["positions", "lyapunov"]})");
  e = error_of(c);
  EXPECT_EQ(e.key(), "output.fields[1]");
  EXPECT_TRUE(contains(e, "needs analysis.lyapunov")) << e.what();
  c["output"]["fields"] = {"positions", "gauss"};
  EXPECT_TRUE(contains(error_of(c), "unknown value \"gauss\""));
}

// ---------------------------------------------------------------------------------------------------------------
// Projections

/// Sets initial.u to `shape` with the given ends and modes, and returns u's modal values.
std::vector<double> project(const json& shape, const char* ends, int K, double L = two_pi) {
  json c = base();
  c["params"]["ends"] = ends;
  c["params"]["modes"] = K;
  c["params"]["L"] = L;
  c["initial"]["u"] = shape;
  c["initial"]["s1"] = L / 3;
  c["initial"]["s2"] = L / 2;
  return field(parse(c), 0, 0);
}

TEST(ConfigRollingProjection, BasisSinesGiveOneCoefficient) {
  // Fixed ends on (0, 2 pi): sin x = sqrt(pi) psi_2, index 1.
  auto a = project(json::parse(R"({"kind": "sine", "k": 1})"), "fixed", 64);
  for (std::size_t m = 0; m < 64; ++m) EXPECT_NEAR(a[m], m == 1 ? std::sqrt(pi) : 0.0, 1e-13) << m;
  // Fixed ends on (0, 3): 0.7 sin(5 pi x / 3) = 0.7 sqrt(3/2) psi_5.
  a = project(json{{"kind", "sine"}, {"amplitude", 0.7}, {"k", 5 * pi / 3}}, "fixed", 32, 3.0);
  for (std::size_t m = 0; m < 32; ++m) EXPECT_NEAR(a[m], m == 4 ? 0.7 * std::sqrt(1.5) : 0.0, 1e-13) << m;
  // Periodic on (0, 2 pi): sin 3x is index 2j = 6, cos-modes and the constant get nothing.
  a = project(json::parse(R"({"kind": "sine", "amplitude": -2, "k": 3})"), "periodic", 33);
  for (std::size_t m = 0; m < 33; ++m) EXPECT_NEAR(a[m], m == 6 ? -2 * std::sqrt(pi) : 0.0, 1e-13) << m;
}

TEST(ConfigRollingProjection, SineOffTheBasis) {
  // sin(1.25 x) on fixed (0, 2 pi): 1 at x = L, its projection by an independent composite Simpson rule.
  const int K = 24;
  const auto a = project(json::parse(R"({"kind": "sine", "k": 1.25})"), "fixed", K);
  const int n = 200000;
  const double h = two_pi / n;
  for (int m = 0; m < K; ++m) {
    double sum = 0;
    for (int i = 0; i <= n; ++i) {
      const double x = i * h;
      const double w = (i == 0 || i == n) ? 1 : (i % 2 == 1 ? 4 : 2);
      sum += w * std::sin(1.25 * x) * std::sqrt(2 / two_pi) * std::sin((m + 1) * pi * x / two_pi);
    }
    EXPECT_NEAR(a[static_cast<std::size_t>(m)], sum * h / 3, 1e-12) << m;
  }
}

TEST(ConfigRollingProjection, PluckAgainstItsFourierSeries) {
  // Triangle through (0, 0), (x0, A), (L, 0): b_k = 2 A L^2 sin(k pi x0 / L) / (k^2 pi^2 x0 (L - x0)) in
  // sin(k pi x / L), so a_{k-1} = sqrt(L/2) b_k.
  const double L = 2.5, A = 0.3, x0 = 0.8;
  const int K = 100;
  const auto a = project(json{{"kind", "pluck"}, {"amplitude", A}, {"at", x0}}, "fixed", K, L);
  for (int k = 1; k <= K; ++k) {
    const double b = 2 * A * L * L * std::sin(k * pi * x0 / L) / (k * k * pi * pi * x0 * (L - x0));
    EXPECT_NEAR(a[static_cast<std::size_t>(k - 1)], std::sqrt(L / 2) * b, 1e-14) << k;
  }
  // The same triangle as points [0, A, 0] with the peak in the middle.
  const auto p = project(json{{"kind", "points"}, {"values", {0, A, 0}}}, "fixed", K, L);
  const auto t = project(json{{"kind", "pluck"}, {"amplitude", A}, {"at", L / 2}}, "fixed", K, L);
  for (std::size_t m = 0; m < static_cast<std::size_t>(K); ++m) {
    const double k = static_cast<double>(m + 1);
    const double b = 2 * A * L * L * std::sin(k * pi / 2) / (k * k * pi * pi * (L / 2) * (L / 2));
    EXPECT_NEAR(p[m], std::sqrt(L / 2) * b, 1e-14) << m;
    EXPECT_NEAR(t[m], p[m], 1e-14) << m;
  }
}

TEST(ConfigRollingProjection, GaussianAgainstItsTransform) {
  // Far from the ends (10 widths and more), <A exp(-(x - x0)^2 / (2 w^2)), psi_k> is the full-line integral
  // A w sqrt(2 pi) exp(-(kappa w)^2 / 2) sqrt(2/L) sin(kappa x0).
  const double L = 4.0, A = 1.5, x0 = 1.7, w = 0.1;
  const int K = 80;
  const auto a = project(json{{"kind", "gaussian"}, {"amplitude", A}, {"center", x0}, {"width", w}}, "fixed", K, L);
  for (int k = 1; k <= K; ++k) {
    const double kappa = k * pi / L;
    const double expected =
        A * w * std::sqrt(2 * pi) * std::exp(-0.5 * kappa * kappa * w * w) * std::sqrt(2 / L) * std::sin(kappa * x0);
    EXPECT_NEAR(a[static_cast<std::size_t>(k - 1)], expected, 1e-14) << k;
  }
  // Periodic: the constant mode gets the area / sqrt(L), the cos and sin modes cos and sin of kappa x0.
  const auto b = project(json{{"kind", "gaussian"}, {"amplitude", A}, {"center", x0}, {"width", w}}, "periodic", 41, L);
  EXPECT_NEAR(b[0], A * w * std::sqrt(2 * pi) / std::sqrt(L), 1e-14);
  for (int j = 1; j <= 20; ++j) {
    const double kappa = 2 * pi * j / L;
    const double f = A * w * std::sqrt(2 * pi) * std::exp(-0.5 * kappa * kappa * w * w) * std::sqrt(2 / L);
    EXPECT_NEAR(b[static_cast<std::size_t>(2 * j - 1)], f * std::cos(kappa * x0), 1e-14) << j;
    EXPECT_NEAR(b[static_cast<std::size_t>(2 * j)], f * std::sin(kappa * x0), 1e-14) << j;
  }
}

TEST(ConfigRollingProjection, ModesAreTheUnnormalisedBasis) {
  const double L = 3.0;
  auto a = project(json::parse(R"({"kind": "modes", "coefficients": [0.5, -1, 0, 2]})"), "fixed", 6, L);
  const double s = std::sqrt(L / 2);
  EXPECT_EQ(a, (std::vector<double>{0.5 * s, -s, 0, 2 * s, 0, 0}));
  // Periodic: c0 + c1 cos(2 pi x / L) + c2 sin(2 pi x / L) + c3 cos(4 pi x / L) + ...
  a = project(json::parse(R"({"kind": "modes", "coefficients": [0.5, -1, 0, 2, 3]})"), "periodic", 7, L);
  EXPECT_EQ(a, (std::vector<double>{0.5 * std::sqrt(L), -s, 0, 2 * s, 3 * s, 0, 0}));
  // The same function as samples: 0.5 + 2 cos(4 pi x / L) - cos(2 pi x / L) + 3 sin(4 pi x / L), by 4097 points,
  // converges to it at second order.
  std::vector<double> values(4097);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double x = L * static_cast<double>(i) / 4096.0;
    values[i] = 0.5 - std::cos(2 * pi * x / L) + 2 * std::cos(4 * pi * x / L) + 3 * std::sin(4 * pi * x / L);
  }
  const auto p = project(json{{"kind", "points"}, {"values", values}}, "periodic", 7, L);
  for (std::size_t m = 0; m < 7; ++m) EXPECT_NEAR(p[m], a[m], 1e-5) << m;
}

TEST(ConfigRollingProjection, AllFourFieldsAndTheContactPoints) {
  json c = base();
  c["initial"] = json::parse(R"({"u": {"kind": "modes", "coefficients": [1]},
                                 "v": {"kind": "modes", "coefficients": [0, 2]},
                                 "u_t": {"kind": "modes", "coefficients": [0, 0, 3]},
                                 "v_t": {"kind": "zero"}, "s1": 1.5, "s2": 4.5})");
  const auto job = parse(c);
  const double s = std::sqrt(pi);
  for (int f = 0; f < 4; ++f) {
    std::vector<double> expected(16, 0.0);
    if (f < 3) expected[static_cast<std::size_t>(f)] = (f + 1) * s;
    EXPECT_EQ(field(job, 0, f), expected) << f;
  }
  EXPECT_EQ(job.members.field[rodswarm::rolling::Model::state][64], 1.5);
  EXPECT_EQ(job.members.field[rodswarm::rolling::Model::state][65], 4.5);
}

// ---------------------------------------------------------------------------------------------------------------
// Warnings

TEST(ConfigRollingWarnings, UnresolvedSmearedDelta) {
  json c = base();
  c["params"]["sigma"] = 0.1;  // kappa_K sigma = 8 * 0.1 = 0.8
  auto job = parse(c);
  ASSERT_EQ(job.warnings.size(), 1u);
  const std::string& w = job.warnings[0];
  EXPECT_TRUE(contains(w, "r.json: params.sigma = 0.1 is not resolved by params.modes = 16")) << w;
  EXPECT_TRUE(contains(w, "exceeds 1e-6")) << w;
  // kappa_K = K / 2 on (0, 2 pi): K sigma / 2 >= 5.257 needs K >= 106, or sigma >= 0.6571 with K = 16.
  EXPECT_TRUE(contains(w, "params.modes >= 106")) << w;
  EXPECT_TRUE(contains(w, "params.sigma >= 0.6571")) << w;
  // Just resolved: g_K = exp(-(8 * 0.66)^2 / 2) = 8.7e-7.
  c["params"]["sigma"] = 0.66;
  EXPECT_TRUE(parse(c).warnings.empty());
  c["params"]["sigma"] = 0.65;  // 1.3e-6
  EXPECT_EQ(parse(c).warnings.size(), 1u);
  // Periodic: the last mode (index K - 1 = 15) is cos 8x, kappa 8; K = 18 would end with cos 9x.
  c["params"]["ends"] = "periodic";
  c["params"]["sigma"] = 0.66;
  EXPECT_TRUE(parse(c).warnings.empty());
  c["params"]["sigma"] = 0.65;
  job = parse(c);
  ASSERT_EQ(job.warnings.size(), 1u);
  EXPECT_TRUE(contains(job.warnings[0], "params.modes >= 18 resolves it")) << job.warnings[0];

  // Over an ensemble: one line, with how many members and which first.
  c = base();
  c["ensemble"] = json::parse(R"({"mode": "grid", "vary": {"params.sigma": [1.0, 0.5, 0.2, 0.9]}})");
  job = parse(c);
  ASSERT_EQ(job.warnings.size(), 1u);
  EXPECT_TRUE(contains(job.warnings[0], "params.sigma = 0.5 is not resolved")) << job.warnings[0];
  EXPECT_TRUE(contains(job.warnings[0], "(2 of 4 members, first member 1)")) << job.warnings[0];
}

TEST(ConfigRollingWarnings, ShapesThatDoNotFitTheEnds) {
  json c = base();
  c["initial"]["v"] = json::parse(R"({"kind": "sine", "k": 1.25})");
  auto job = parse(c);
  ASSERT_EQ(job.warnings.size(), 1u);
  EXPECT_TRUE(contains(job.warnings[0], "initial.v does not vanish at the fixed ends (v(0) = 0, v(L) = "))
      << job.warnings[0];
  // A pluck vanishes at both ends: no warning, fixed or periodic; a Gaussian's tails of 1e-9 neither.
  c["initial"]["v"] = json::parse(R"({"kind": "pluck", "at": 1})");
  EXPECT_TRUE(parse(c).warnings.empty());
  c["initial"]["u_t"] = json::parse(R"({"kind": "gaussian", "center": 3.14, "width": 0.5})");
  EXPECT_TRUE(parse(c).warnings.empty());
  c["params"]["ends"] = "periodic";
  EXPECT_TRUE(parse(c).warnings.empty());
  // Periodic: a ramp is not periodic.
  c["initial"]["u_t"] = json::parse(R"({"kind": "points", "values": [0, 1]})");
  job = parse(c);
  ASSERT_EQ(job.warnings.size(), 1u);
  EXPECT_TRUE(contains(job.warnings[0], "initial.u_t is not periodic")) << job.warnings[0];
  // More coefficients than modes: the rest are dropped.
  c = base();
  c["initial"]["u"] = json{{"kind", "modes"}, {"coefficients", std::vector<double>(20, 0.1)}};
  job = parse(c);
  ASSERT_EQ(job.warnings.size(), 1u);
  EXPECT_TRUE(contains(job.warnings[0], "initial.u.coefficients has 20 coefficients, more than the 16"))
      << job.warnings[0];
}

// ---------------------------------------------------------------------------------------------------------------
// Ensembles

json with_ensemble(const char* ensemble) {
  json c = base();
  c["params"]["frozen"] = false;
  c["initial"]["v"] = json::parse(R"({"kind": "modes", "coefficients": [0.1, 0.2, 0.3]})");
  c["initial"]["v_t"] = json::parse(R"({"kind": "pluck", "amplitude": 0.5, "at": 1.0})");
  c["analysis"] = json::parse(R"({"spectrum": {"harmonic": 2, "sample_interval": 0.1},
                                  "lyapunov": {"renorm_interval": 0.5}})");
  c["ensemble"] = json::parse(ensemble);
  return c;
}

TEST(ConfigRollingEnsemble, GridOverContactPointsAndFrozen) {
  const auto job = parse(with_ensemble(R"({"mode": "grid", "vary": [{"params.frozen": {"values": [0, 1]}},
      {"initial.s1": {"linspace": [0.5, 2.5, 3]}}, {"initial.s2": [3.0, 4.0]}]})"));
  ASSERT_EQ(job.size(), 12);
  EXPECT_EQ(job.varied_keys, (std::vector<std::string>{"params.frozen", "initial.s1", "initial.s2"}));
  const double s1[3] = {0.5, 1.5, 2.5}, s2[2] = {3.0, 4.0};
  for (std::size_t i = 0; i < 12; ++i) {
    EXPECT_EQ(job.members.params[i].frozen, i < 6 ? 0 : 1) << i;
    EXPECT_EQ(job.members.field[rodswarm::rolling::Model::state][66 * i + 64], s1[(i / 2) % 3]) << i;
    EXPECT_EQ(job.members.field[rodswarm::rolling::Model::state][66 * i + 65], s2[i % 2]) << i;
    EXPECT_EQ(job.members.params[i].lyapunov, 1);
    // The shapes are the same for every member (projected once, reused).
    EXPECT_EQ(field(job, i, 1), field(job, 0, 1));
    EXPECT_EQ(field(job, i, 3), field(job, 0, 3));
  }
  EXPECT_EQ(job.members.field[rodswarm::rolling::Model::twin].size(), 12u * 66);
  EXPECT_EQ(job.members.field[rodswarm::rolling::Model::signal].size(), 12u * 11);
}

TEST(ConfigRollingEnsemble, NestedKeysAndSteps) {
  const auto job = parse(with_ensemble(R"({"mode": "zip", "vary": {
      "initial.u.amplitude": [1, 2],
      "initial.u.k": [1, 2],
      "initial.v.coefficients[1]": [0, 1],
      "initial.v_t.at": [1, 2],
      "params.modes": [16, 24],
      "params.sigma": [0.8, 0.6],
      "params.G1": [0.5, -1],
      "analysis.spectrum.harmonic": [2, 4],
      "analysis.spectrum.sample_interval": [0.1, 0.05],
      "analysis.lyapunov.renorm_interval": [0.5, 0.25],
      "analysis.lyapunov.d0": [1e-8, 1e-9],
      "integrator.dt": [0.01, 0.005],
      "integrator.t_end": [1, 0.5]}})"));
  ASSERT_EQ(job.size(), 2);
  const auto& e = job.members;
  EXPECT_EQ(e.offset[rodswarm::rolling::Model::state_values], (std::vector<std::int64_t>{0, 66, 66 + 98}));
  EXPECT_EQ(std::make_tuple(e.params[1].modes, e.params[1].sigma, e.params[1].G1, e.params[1].harmonic,
                            e.params[0].sample_steps),
            std::make_tuple(24, 0.6, -1.0, 4, 10));
  EXPECT_EQ(e.params[1].sample_steps, 10);  // 0.05 / 0.005
  EXPECT_EQ(e.params[0].renorm_steps, 50);
  EXPECT_EQ(e.params[1].renorm_steps, 50);  // 0.25 / 0.005
  EXPECT_EQ(e.params[1].lyapunov_d0, 1e-9);
  EXPECT_EQ(e.dt[1], 0.005);
  EXPECT_EQ(job.t_end[1], 0.5);
  // Signal room: 100 steps / 10 + 1, twice.
  EXPECT_EQ(e.offset[rodswarm::rolling::Model::samples], (std::vector<std::int64_t>{0, 11, 22}));
  // u = 2 sin 2x = 2 sqrt(pi) psi_4; v's second coefficient is 1.
  const auto u1 = field(job, 1, 0);
  for (std::size_t m = 0; m < 24; ++m) EXPECT_NEAR(u1[m], m == 3 ? 2 * std::sqrt(pi) : 0.0, 1e-13) << m;
  EXPECT_NEAR(field(job, 0, 1)[1], 0.0, 0.0);
  EXPECT_NEAR(field(job, 1, 1)[1], std::sqrt(pi), 1e-15);
  // The pluck moved from 1 to 2: a different projection.
  EXPECT_NE(field(job, 1, 3)[0], field(job, 0, 3)[0]);
  // The job-level values are the base config's.
  EXPECT_EQ(job.harmonic, 2);
  EXPECT_EQ(job.sample_interval, 0.1);
}

TEST(ConfigRollingEnsemble, FrozenAsABooleanOrANumber) {
  json c = with_ensemble(R"({"mode": "zip", "vary": {"params.frozen": [1, 0]}})");
  c["params"]["frozen"] = true;
  auto job = parse(c);
  EXPECT_EQ(job.members.params[0].frozen, 1);
  EXPECT_EQ(job.members.params[1].frozen, 0);
  c["params"]["frozen"] = 1;
  c.erase("ensemble");
  EXPECT_EQ(parse(c).members.params[0].frozen, 1);
  c["params"]["frozen"] = 0.5;
  EXPECT_TRUE(contains(error_of(c), "must be false or true (0 or 1), got 0.5"));
  c = with_ensemble(R"({"mode": "zip", "vary": {"params.frozen": [0, 2]}})");
  auto e = error_of(c);
  EXPECT_EQ(e.key(), "params.frozen");
  EXPECT_TRUE(contains(e, "(member 1)")) << e.what();
  c = with_ensemble(R"({"mode": "zip", "vary": {"params.frozen": [0, 0.5]}})");
  EXPECT_TRUE(contains(error_of(c), "params.frozen is an integer, but the values include 0.5"));
  c = with_ensemble(R"({"mode": "random", "count": 4, "seed": 1, "vary": {"params.frozen": {"uniform": [0, 1]}}})");
  EXPECT_TRUE(contains(error_of(c), "cannot be drawn at random"));
}

TEST(ConfigRollingEnsemble, RandomOverContinuousKeys) {
  const auto job = parse(with_ensemble(R"({"mode": "lhs", "count": 50, "seed": 7, "vary": {
      "initial.s1": {"uniform": [0.5, 2.5]}, "params.F": {"normal": [1, 0.1]}}})"));
  ASSERT_EQ(job.size(), 50);
  for (std::size_t i = 0; i < 50; ++i) {
    const double s1 = job.members.field[rodswarm::rolling::Model::state][66 * i + 64];
    EXPECT_TRUE(s1 >= 0.5 && s1 <= 2.5) << s1;
    EXPECT_EQ(job.varied_values[0][i], s1);
    EXPECT_EQ(job.varied_values[1][i], job.members.params[i].F);
  }
}

TEST(ConfigRollingEnsemble, VaryKeyErrors) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"initial.u.amplitud": [1]})",
       "no numeric key initial.u.amplitud in this config (did you mean "
       "\"initial.u.amplitude\"?)"},
      {R"({"params.sigam": [1]})", "did you mean \"params.sigma\""},
      {R"({"params.ends": [1]})", "params.ends is not a number and cannot be varied"},
      {R"({"initial.u.kind": [1]})", "initial.u.kind is not a number and cannot be varied"},
      {R"({"initial.u.center": [1]})", "initial.u.center is not used by initial.u of kind \"sine\""},
      {R"({"initial.u_t.amplitude": [1]})", "the config has no initial.u_t (give it a shape there first)"},
      {R"({"initial.v.coefficients": [1]})",
       "is an array: vary its elements one by one, e.g. "
       "initial.v.coefficients[0]"},
      {R"({"initial.v.coefficients[3]": [1]})", "no numeric key initial.v.coefficients[3]"},
      {R"({"analysis.spectrum": [1]})", "is an object: vary one of its numbers"},
      {R"({"output.points": [65]})",
       "cannot be varied: only numeric keys under params, initial, integrator and "
       "analysis can"},
      {R"({"compare.t_end": [1]})", "cannot be varied"},
  };
  for (const auto& [vary, text] : cases) {
    const auto e = error_of(with_ensemble((std::string(R"({"mode": "grid", "vary": )") + vary + "}").c_str()));
    EXPECT_TRUE(contains(e, text)) << e.what();
    EXPECT_TRUE(contains(e.key(), "ensemble.vary.")) << e.key();
  }
  json c = base();
  c["ensemble"] = json::parse(R"({"mode": "grid", "vary": {"analysis.lyapunov.d0": [1e-8]}})");
  EXPECT_TRUE(contains(error_of(c), "the config has no analysis.lyapunov (give it a value there first)"));
  // A member outside a range names the member.
  c = with_ensemble(R"({"mode": "grid", "vary": {"initial.s2": [3, 7]}})");
  const auto e = error_of(c);
  EXPECT_EQ(e.key(), "initial.s2");
  EXPECT_TRUE(contains(e, "(member 1)")) << e.what();
  c = with_ensemble(R"({"mode": "grid", "vary": {"params.modes": [16, 1]}})");
  const auto h = error_of(c);  // harmonic 2 needs K >= 2
  EXPECT_EQ(h.key(), "analysis.spectrum.harmonic");
  EXPECT_TRUE(contains(h, "(member 1)")) << h.what();
}

// ---------------------------------------------------------------------------------------------------------------
// load_any_job

TEST(ConfigRollingLoad, DispatchAndOverrides) {
  const std::string path = write_temp("r.json", base());
  auto any = rodswarm::load_any_job(path, {"params.frozen=true", "initial.s1=1.25"});
  ASSERT_TRUE(std::holds_alternative<RollingJob>(any));
  const auto& job = std::get<RollingJob>(any);
  EXPECT_EQ(job.members.params[0].frozen, 1);
  EXPECT_EQ(job.members.field[rodswarm::rolling::Model::state][64], 1.25);
  const ConfigError e = rodswarm::test::load_error(path, {"initial.s1=9"});
  EXPECT_EQ(e.file(), "--set");
  EXPECT_EQ(e.key(), "initial.s1");
}

// ---------------------------------------------------------------------------------------------------------------
// examples/rolling

RollingJob load_example(const std::string& name) {
  return rodswarm::test::load_example<rodswarm::rolling::Model>(name);
}

double last_kappa(const rodswarm::rolling::Params<double>& p) {
  return p.ends == Ends::fixed ? p.modes * pi / p.L : 2 * pi * (p.modes / 2) / p.L;
}

TEST(ConfigRollingExamples, EveryExampleParsesResolvedAndStable) {
  const int count = rodswarm::test::for_each_example<rodswarm::rolling::Model>([](const RollingJob& job) {
    EXPECT_TRUE(job.warnings.empty()) << job.warnings.front();
    double worst = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
      const auto& p = job.members.params[i];
      worst = std::max(worst, job.members.dt[i] * p.c * last_kappa(p));
    }
    // RK4 is stable below 2.8 on the imaginary axis.
    EXPECT_LT(worst, 0.5 * 2.8) << "dt * Omega_max = " << worst;
  });
  EXPECT_EQ(count, 6);
}

TEST(ConfigRollingExamples, FixedContactIsThePapersFigure2) {
  const auto contact = load_example("fixed_contact.json");
  const auto frozen = load_example("fixed_frozen.json");
  for (const RollingJob* job : {&contact, &frozen}) {
    ASSERT_EQ(job->size(), 1);
    const auto& p = job->members.params[0];
    EXPECT_EQ(p.ends, Ends::fixed);
    EXPECT_EQ(p.L, two_pi);
    EXPECT_EQ(p.harmonic, 2);  // sin x = sin(2 pi x / L)
    EXPECT_EQ(p.lyapunov, 1);
    EXPECT_GT(p.sample_steps, 0);
    EXPECT_NEAR(p.sample_steps * job->members.dt[0], 0.05, 1e-15);
    EXPECT_NEAR(p.renorm_steps * job->members.dt[0], 1.0, 1e-12);
    EXPECT_NE(job->members.field[rodswarm::rolling::Model::state][static_cast<std::size_t>(4 * p.modes)],
              job->members.field[rodswarm::rolling::Model::state]
                                [static_cast<std::size_t>(4 * p.modes + 1)]);  // s1 != s2: the generic crossing
    const auto u = field(*job, 0, 0);
    for (std::size_t m = 0; m < u.size(); ++m) EXPECT_NEAR(u[m], m == 1 ? std::sqrt(pi) : 0.0, 1e-13) << m;
    EXPECT_TRUE(job->output.saves("contact") && job->output.saves("lyapunov") && job->output.saves("positions"));
  }
  EXPECT_EQ(contact.members.params[0].frozen, 0);
  EXPECT_EQ(frozen.members.params[0].frozen, 1);
  // The control differs from the contact run in params.frozen and the output path only.
  json a = contact.config, b = frozen.config;
  a["params"].erase("frozen");
  b["params"].erase("frozen");
  a["output"].erase("path");
  b["output"].erase("path");
  EXPECT_EQ(a, b);
}

TEST(ConfigRollingExamples, LyapunovMapAndPeriodic) {
  const auto map = load_example("lyapunov_map.json");
  EXPECT_EQ(map.size(), 2048);
  EXPECT_EQ(map.varied_keys, (std::vector<std::string>{"params.frozen", "initial.s1", "initial.s2"}));
  EXPECT_EQ(map.members.params.front().frozen, 0);
  EXPECT_EQ(map.members.params.back().frozen, 1);
  EXPECT_EQ(map.output.save_every, 0.0);
  EXPECT_TRUE(map.members.field[rodswarm::rolling::Model::signal].empty());
  EXPECT_EQ(map.members.field[rodswarm::rolling::Model::twin].size(),
            map.members.field[rodswarm::rolling::Model::state].size());
  for (const auto& p : map.members.params) ASSERT_EQ(p.lyapunov, 1);

  const auto periodic = load_example("periodic.json");
  ASSERT_EQ(periodic.size(), 1);
  const auto& p = periodic.members.params[0];
  EXPECT_EQ(p.ends, Ends::periodic);
  EXPECT_EQ(p.F, 1.0);
  EXPECT_EQ(p.G1, p.G2);
  const auto K = static_cast<std::size_t>(p.modes);
  EXPECT_EQ(periodic.members.field[rodswarm::rolling::Model::state][4 * K],
            periodic.members.field[rodswarm::rolling::Model::state][4 * K + 1]);  // s1 = s2: the paper's exact case
  EXPECT_EQ(p.lyapunov, 0);
  EXPECT_EQ(p.sample_steps, 0);
}

}  // namespace
}  // namespace rodswarm
