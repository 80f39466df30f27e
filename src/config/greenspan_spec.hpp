/// @file greenspan_spec.hpp
/// A Greenspan config as plain structs (internal to the config layer): parsed from JSON once, then copied and
/// edited in place for each ensemble member, so that expansion never touches JSON. Its schema (schema.hpp):
/// greenspan_config.cpp reads it, greenspan_slots.cpp lists its varied numbers, greenspan_member.cpp checks and
/// builds a member.
#pragma once

#include <array>
#include <vector>

#include "config/choices.hpp"
#include "config/param_table.hpp"
#include "config/greenspan_job.hpp"
#include "config/schema.hpp"

namespace rodswarm {
namespace config_detail {

enum class InitialKind { triangle, polyline, points };

/// Each initial kind and the key that holds its shape.
inline const Kinds<InitialKind> greenspan_initial_kinds{{InitialKind::triangle, "triangle", {"peak"}},
                                                        {InitialKind::polyline, "polyline", {"vertices"}},
                                                        {InitialKind::points, "points", {"points"}}};

struct GreenspanMember;

struct GreenspanSpec : StepSpec {
  using Member = GreenspanMember;
  /// The numbers of params that only the table reads (param_table.hpp: InTable), at their rows.
  TableValues table_values;

  // params
  double n = 0, dx = 0, m = 0, T0 = 0, eps = 0, alpha = 0, g = 0, tension_exponent = 1;
  // initial
  InitialKind kind = InitialKind::triangle;
  std::array<double, 2> peak{};
  std::vector<std::array<double, 2>> vertices;
  std::vector<std::array<double, 3>> points;
  std::vector<double> velocities;
  bool has_velocities = false;
  // integrator (dt, t_end, divergence_factor: StepSpec)
  greenspan::Scheme scheme = greenspan::Scheme::paper;
};

struct GreenspanMember : MemberSteps {
  greenspan::Params<double> params{};
  std::vector<double> y, v;  ///< n moving beads
};

}  // namespace config_detail

RODSWARM_SCHEMA(greenspan::Model, config_detail::GreenspanSpec)

}  // namespace rodswarm
