/// @file nishinari_config.cpp
/// JSON to NishinariSpec and run settings: the shape of the Nishinari schema (which keys, which types). Value
/// ranges that an ensemble can change are checked per member in nishinari_member.cpp.
///
/// Schema of model "nishinari" (defaults in parentheses; every key not listed is an error, with the nearest valid
/// key suggested):
///
///   "model": "nishinari", "precision": "float64" | "float32" ("float64"),
///   "params": {
///     "n": integer >= 3 (required): beads,
///     "l", "m", "k", "K", "h", "j": numbers (required): segment rest length, bead mass, axial stiffness EZ,
///         bending stiffness EI, twist stiffness GJ, spin inertia of one segment; l, m, k, j > 0, K, h >= 0,
///     "damping": >= 0 (0): force -damping v_i on every bead,
///     "spin_damping": >= 0 (0): torque -spin_damping C_s on every segment,
///     "g": [3] (0, 0, 0): gravitational acceleration, "load0", "load1": [3] (0, 0, 0): constant forces on beads 0
///         and n-1,
///     "ends": [END0, END1], each "free" | "clamped" | "pinned" (["free", "free"]). A clamped end's wall frame is
///         the initial frame of its end segment (e_0 or e_{n-2}, after any twist pulse); clamped and pinned end
///         beads do not move,
///     "formulation": "intrinsic" | "cartesian" ("intrinsic"),
///     "twist_moment": "conservative" | "paper" ("conservative") },
///   "initial": {
///     "kind": "straight" | "helix" | "points" (required),
///     straight and helix:
///       "origin": [3] (0, 0, 0): r_0,
///       "direction": [3] (1, 0, 0): t_0 (normalised; must not be zero),
///       "normal": [3] (0, 1, 0): n_0, projected perpendicular to t_0 and normalised (must not be parallel to it),
///       "stretch": > 0 (1): every segment has length G = stretch * l,
///     helix only:
///       "dphi", "dtheta", "dpsi": numbers (0), radians, |dtheta| < pi/2: the relative Euler angles of every joint:
///         e_i = P(dpsi, dtheta, dphi) e_{i-1}, P = R_t(dpsi) R_n(dtheta) R_b(dphi) with rows = new frame in old
///         components (docs/models/nishinari.md section 2):
///           P = [[ cphi cth,                          sphi cth,                          -sth     ],
///                [-sphi cpsi + cphi sth spsi,          cphi cpsi + sphi sth spsi,         cth spsi ],
///                [ sphi spsi + cphi sth cpsi,          sphi sth cpsi - cphi spsi,         cth cpsi ]],
///         r_{s+1} = r_s + G t_s. "straight" is the helix with all angles zero.
///     points only:
///       "points": [[x, y, z] x n] (required): bead positions; no segment may have zero length,
///       "normals": [[x, y, z] x (n-1)] (required): segment normals, projected perpendicular to their segments and
///         normalised (none may be parallel to its segment),
///     every kind, optional:
///       "velocity": [3] (0, 0, 0): uniform bead velocity (clamped and pinned end beads keep velocity zero),
///       "velocities": [[3] x n]: per bead, instead of velocity (a fixed end bead's entry must be zero),
///       "spin": number (0): uniform spin C_s, "spins": [n-1]: per segment, instead of spin,
///       "twist_pulse": { "center": number (required): segment index, may be fractional,
///                        "width": > 0 (required): in segments, "angle": radians (0), "rate": rad/s (0) }:
///         with w_s = exp(-((s - center)/width)^2 / 2), rotates segment s's normal about its tangent by angle w_s
///         (n -> cos n + sin b) and adds rate w_s to its spin. },
///   "integrator": { "scheme": "rk4" ("rk4"; the only scheme), "dt": > 0 (required),
///                   "t_end": > 0 (required; a whole number of steps), "divergence_factor": > 0 (1000): a member
///                   diverges when some |r_i| exceeds divergence_factor * max(1, (n-1) l, sum_s G_s, max_i |r_i(0)|) },
///   "ensemble": as for greenspan (ensemble_spec.hpp); any number under params (params.n: integral values, grid and
///       zip only), initial and integrator can be varied, array elements one by one ("params.g[2]",
///       "initial.points[3][0]"),
///   "output": { "path" ("results.h5"), "save_every" (0: no series, the final state only; else a whole number of
///       steps), "fields": any of "positions", "velocities", "energy", "momentum", "normals", "spins" (positions,
///       energy, momentum) },
///   "compare": { "tolerance": > 0, "members": integer >= 1 (4) }.
/// There is no "steady" section for this model.
#include <climits>

#include "config/json_check.hpp"
#include "config/nishinari_params.hpp"
#include "config/nishinari_spec.hpp"
#include "config/run_settings_config.hpp"

namespace rodswarm {

namespace config_detail {
namespace {

const std::vector<OutputField> output_fields = {{"positions", true}, {"velocities", false}, {"energy", true},
                                                {"momentum", true},  {"normals", false},    {"spins", false}};
const std::vector<std::string> motion_keys = {"velocity", "velocities", "spin", "spins", "twist_pulse"};
const Choices<nishinari::Formulation> formulations{{nishinari::Formulation::intrinsic, "intrinsic"},
                                                   {nishinari::Formulation::cartesian, "cartesian"}};
const Choices<nishinari::TwistMoment> twist_moments{{nishinari::TwistMoment::conservative, "conservative"},
                                                    {nishinari::TwistMoment::paper, "paper"}};

/// The choices of `params`; its numbers are the table's (nishinari_params.hpp).
void read_choices(const ObjectReader& r, NishinariSpec& spec) {
  read_ends(r, nishinari_end_kinds, spec.end0, spec.end1);
  spec.formulation = r.choice_or("formulation", formulations, nishinari::Formulation::intrinsic);
  spec.twist_moment = r.choice_or("twist_moment", twist_moments, nishinari::TwistMoment::conservative);
}

void read_twist_pulse(const json& value, const std::string& source, NishinariSpec& spec) {
  const ObjectReader r(value, "initial.twist_pulse", source, {"center", "width", "angle", "rate"});
  spec.has_twist_pulse = true;
  spec.pulse_center = r.number("center");
  spec.pulse_width = r.number("width");
  spec.pulse_angle = r.number_or("angle", 0.0);
  spec.pulse_rate = r.number_or("rate", 0.0);
}

void read_initial(const json& top_initial, const std::string& source, NishinariSpec& spec) {
  std::vector<std::string> allowed;
  spec.shape = read_kind(top_initial, "initial", source, nishinari_initial_kinds, motion_keys, allowed);
  const ObjectReader r(top_initial, "initial", source, allowed);

  if (spec.shape == NishinariShape::points) {
    spec.points = expect_vector3_list(r.required("points"), "initial.points", source);
    spec.normals = expect_vector3_list(r.required("normals"), "initial.normals", source);
  } else {
    spec.origin = r.vector3_or("origin", {0, 0, 0});
    spec.direction = r.vector3_or("direction", {1, 0, 0});
    spec.normal = r.vector3_or("normal", {0, 1, 0});
    spec.stretch = r.number_or("stretch", 1.0);
    if (spec.shape == NishinariShape::helix) {
      spec.dphi = r.number_or("dphi", 0.0);
      spec.dtheta = r.number_or("dtheta", 0.0);
      spec.dpsi = r.number_or("dpsi", 0.0);
    }
  }

  if (r.has("velocity") && r.has("velocities")) {
    throw ConfigError(source, "initial.velocities",
                      "give either initial.velocity (uniform) or initial.velocities (per bead), not both");
  }
  spec.velocity = r.vector3_or("velocity", {0, 0, 0});
  if (const json* list = r.optional("velocities")) {
    spec.has_velocities = true;
    spec.velocities = expect_vector3_list(*list, "initial.velocities", source);
  }

  if (r.has("spin") && r.has("spins")) {
    throw ConfigError(source, "initial.spins",
                      "give either initial.spin (uniform) or initial.spins (per segment), not both");
  }
  spec.spin = r.number_or("spin", 0.0);
  if (const json* list = r.optional("spins")) {
    spec.has_spins = true;
    spec.spins = expect_number_list(*list, "initial.spins", source);
  }

  if (const json* pulse = r.optional("twist_pulse")) read_twist_pulse(*pulse, source, spec);
}

}  // namespace
}  // namespace config_detail

template <>
const SchemaKeys Schema<nishinari::Model>::keys = {
    {"model", "precision", "params", "initial", "integrator", "ensemble", "output", "compare"},
    {"params", "initial", "integrator"},
    {"initial.kind", "integrator.scheme", "params.formulation", "params.twist_moment", "params.ends"}};

template <>
config_detail::NishinariSpec Schema<nishinari::Model>::parse(const nlohmann::json& config, const std::string& source,
                                                             NishinariJob& job) {
  using namespace config_detail;
  parse_shared_settings(config, source, output_fields, job.precision, job.output, job.compare);
  NishinariSpec spec;
  const ObjectReader params(required_section(config, "params", source), "params", source,
                            param_keys(nishinari_params(), {"ends", "formulation", "twist_moment"}));
  read_params(params, nishinari_params(), spec);
  read_choices(params, spec);
  read_initial(required_section(config, "initial", source), source, spec);
  read_integrator(config, source, {"rk4"}, spec.dt, spec.t_end, &spec.divergence_factor);
  job.formulation = spec.formulation;
  job.twist_moment = spec.twist_moment;
  return spec;
}

}  // namespace rodswarm
