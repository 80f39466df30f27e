/// @file greenspan_spec.hpp
/// A Greenspan config as plain structs (internal to the config layer): parsed from JSON once, then copied and
/// edited in place for each ensemble member, so that expansion never touches JSON.
#pragma once

#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/greenspan_job.hpp"

namespace rodswarm::config_detail {

enum class InitialKind { triangle, polyline, points };

/// The numeric content of params, initial and integrator, types checked, ranges not yet. Every number that
/// `ensemble.vary` may address is a double here (params.n too: its integrality is checked per member).
struct GreenspanSpec {
  // params
  double n = 0, dx = 0, m = 0, T0 = 0, eps = 0, alpha = 0, g = 0, tension_exponent = 1;
  // initial
  InitialKind kind = InitialKind::triangle;
  std::array<double, 2> peak{};
  std::vector<std::array<double, 2>> vertices;
  std::vector<std::array<double, 3>> points;
  std::vector<double> velocities;
  bool has_velocities = false;
  // integrator
  greenspan::Scheme scheme = greenspan::Scheme::paper;
  double dt = 0, t_end = 0, divergence_factor = 1000;
};

/// Reads params, initial and integrator: unknown keys, missing required keys and wrong types are errors.
GreenspanSpec parse_greenspan_spec(const nlohmann::json& config, const std::string& source);

/// Reads precision, output, compare and steady into `job` (these are not varied, so ranges are checked here).
void parse_run_settings(const nlohmann::json& config, const std::string& source, GreenspanJob& job);

/// One member ready for Ensemble::add.
struct MemberState {
  greenspan::Params<double> params{};
  double dt = 0, t_end = 0;
  std::vector<double> y, v;  ///< n moving beads
};

/// Checks every range rule on `spec` (positive mass, whole number of steps, shape inside the string, ...) and
/// fills `out`. Throws ConfigError(source, key, what) on the first violation. `save_every` is output.save_every,
/// which must be a whole number of this member's steps.
void build_member(const GreenspanSpec& spec, double save_every, const std::string& source, MemberState& out);

/// Where a varied number lives in a spec.
struct Slot {
  double* target = nullptr;
  bool is_integer = false;  ///< params.n: only integral values
};

/// Resolves a `vary` key (as written) to the number it addresses in `spec`. `error_key` names the key in
/// messages ("ensemble.vary.params.m"). Keys that do not exist, are not numbers or are outside params, initial and
/// integrator are errors, with the nearest numeric key suggested.
Slot resolve_slot(GreenspanSpec& spec, const std::string& key, const std::string& error_key, const std::string& source);

/// Every key resolve_slot accepts for `spec`, in schema order (for suggestions).
std::vector<std::string> numeric_keys(const GreenspanSpec& spec);

}  // namespace rodswarm::config_detail
