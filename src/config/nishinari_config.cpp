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
///         components (shared/design/models/nishinari.md section 2):
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
///       steps), "fields": any of "positions", "velocities", "energy", "momentum" (all but "velocities") },
///   "compare": { "tolerance": > 0, "members": integer >= 1 (4) }.
/// There is no "steady" section for this model.
#include <climits>

#include "config/json_check.hpp"
#include "config/nishinari_spec.hpp"
#include "config/run_settings_config.hpp"

namespace rodswarm::config_detail {

namespace {

const std::vector<std::string> params_keys = {
    "n", "l",     "m",     "k",    "K",           "h",           "j", "damping", "spin_damping",
    "g", "load0", "load1", "ends", "formulation", "twist_moment"};
const std::vector<std::string> integrator_keys = {"scheme", "dt", "t_end", "divergence_factor"};
const std::vector<std::string> initial_kinds = {"straight", "helix", "points"};
const std::vector<std::string> end_kinds = {"free", "clamped", "pinned"};
const std::vector<OutputField> output_fields = {
    {"positions", true}, {"velocities", false}, {"energy", true}, {"momentum", true}};
const std::vector<std::string> motion_keys = {"velocity", "velocities", "spin", "spins", "twist_pulse"};

/// The shape keys of each initial kind.
std::vector<std::string> shape_keys(NishinariShape shape) {
  switch (shape) {
    case NishinariShape::straight:
      return {"origin", "direction", "normal", "stretch"};
    case NishinariShape::helix:
      return {"origin", "direction", "normal", "stretch", "dphi", "dtheta", "dpsi"};
    case NishinariShape::points:
      return {"points", "normals"};
  }
  return {};
}

const char* shape_name(NishinariShape shape) {
  switch (shape) {
    case NishinariShape::straight:
      return "straight";
    case NishinariShape::helix:
      return "helix";
    case NishinariShape::points:
      return "points";
  }
  return "";
}

Vec3 vec3(const ObjectReader& r, const std::string& name, const Vec3& fallback) {
  const json* v = r.optional(name);
  if (v == nullptr) return fallback;
  const auto xyz = expect_number_array(*v, r.key(name), r.source(), 3);
  return {xyz[0], xyz[1], xyz[2]};
}

std::vector<Vec3> vec3_list(const json& list, const std::string& key, const std::string& source) {
  expect_array(list, key, source);
  std::vector<Vec3> out;
  out.reserve(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto xyz = expect_number_array(list[i], index_key(key, i), source, 3);
    out.push_back({xyz[0], xyz[1], xyz[2]});
  }
  return out;
}

nishinari::EndKind end_kind(const std::string& name) {
  return name == "clamped"  ? nishinari::EndKind::clamped
         : name == "pinned" ? nishinari::EndKind::pinned
                            : nishinari::EndKind::free;
}

void read_params(const ObjectReader& r, NishinariSpec& spec) {
  spec.n = static_cast<double>(r.integer("n"));
  spec.l = r.number("l");
  spec.m = r.number("m");
  spec.k = r.number("k");
  spec.K = r.number("K");
  spec.h = r.number("h");
  spec.j = r.number("j");
  spec.damping = r.number_or("damping", 0.0);
  spec.spin_damping = r.number_or("spin_damping", 0.0);
  spec.g = vec3(r, "g", {0, 0, 0});
  spec.load0 = vec3(r, "load0", {0, 0, 0});
  spec.load1 = vec3(r, "load1", {0, 0, 0});
  if (const json* ends = r.optional("ends")) {
    const std::string key = r.key("ends");
    expect_array(*ends, key, r.source());
    if (ends->size() != 2) {
      throw ConfigError(r.source(), key,
                        "expected [end0, end1] (2 strings), got " + std::to_string(ends->size()) + " elements");
    }
    spec.end0 = end_kind(expect_choice((*ends)[0], index_key(key, 0), r.source(), end_kinds));
    spec.end1 = end_kind(expect_choice((*ends)[1], index_key(key, 1), r.source(), end_kinds));
  }
  spec.formulation = r.choice_or("formulation", {"intrinsic", "cartesian"}, "intrinsic") == "cartesian"
                         ? nishinari::Formulation::cartesian
                         : nishinari::Formulation::intrinsic;
  spec.twist_moment = r.choice_or("twist_moment", {"conservative", "paper"}, "conservative") == "paper"
                          ? nishinari::TwistMoment::paper
                          : nishinari::TwistMoment::conservative;
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
  expect_object(top_initial, "initial", source);
  const auto kind_it = top_initial.find("kind");
  if (kind_it == top_initial.end()) {
    throw ConfigError(source, "initial.kind", "missing required key (one of \"straight\", \"helix\", \"points\")");
  }
  const std::string kind = expect_choice(*kind_it, "initial.kind", source, initial_kinds);
  spec.shape = kind == "straight" ? NishinariShape::straight
               : kind == "helix"  ? NishinariShape::helix
                                  : NishinariShape::points;
  std::vector<std::string> allowed = shape_keys(spec.shape);
  // A shape key of another kind is a likelier mistake than a typo: say so instead of "unknown key".
  for (const NishinariShape other : {NishinariShape::straight, NishinariShape::helix, NishinariShape::points}) {
    for (const auto& key : shape_keys(other)) {
      bool own = false;
      for (const auto& a : allowed) own = own || a == key;
      if (!own && top_initial.contains(key)) {
        throw ConfigError(source, join_key("initial", key),
                          "not used by kind \"" + kind + "\" (it belongs to kind \"" + shape_name(other) + "\")");
      }
    }
  }
  allowed.insert(allowed.begin(), "kind");
  allowed.insert(allowed.end(), motion_keys.begin(), motion_keys.end());
  const ObjectReader r(top_initial, "initial", source, allowed);

  if (spec.shape == NishinariShape::points) {
    spec.points = vec3_list(r.required("points"), "initial.points", source);
    spec.normals = vec3_list(r.required("normals"), "initial.normals", source);
  } else {
    spec.origin = vec3(r, "origin", {0, 0, 0});
    spec.direction = vec3(r, "direction", {1, 0, 0});
    spec.normal = vec3(r, "normal", {0, 1, 0});
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
  spec.velocity = vec3(r, "velocity", {0, 0, 0});
  if (const json* list = r.optional("velocities")) {
    spec.has_velocities = true;
    spec.velocities = vec3_list(*list, "initial.velocities", source);
  }

  if (r.has("spin") && r.has("spins")) {
    throw ConfigError(source, "initial.spins",
                      "give either initial.spin (uniform) or initial.spins (per segment), not both");
  }
  spec.spin = r.number_or("spin", 0.0);
  if (const json* list = r.optional("spins")) {
    expect_array(*list, "initial.spins", source);
    spec.has_spins = true;
    spec.spins.reserve(list->size());
    for (std::size_t i = 0; i < list->size(); ++i) {
      spec.spins.push_back(expect_number((*list)[i], index_key("initial.spins", i), source));
    }
  }

  if (const json* pulse = r.optional("twist_pulse")) read_twist_pulse(*pulse, source, spec);
}

void read_integrator(const ObjectReader& r, NishinariSpec& spec) {
  r.choice_or("scheme", {"rk4"}, "rk4");
  spec.dt = r.number("dt");
  spec.t_end = r.number("t_end");
  spec.divergence_factor = r.number_or("divergence_factor", 1000.0);
}

}  // namespace

NishinariSpec parse_nishinari_spec(const nlohmann::json& config, const std::string& source) {
  NishinariSpec spec;
  read_params(ObjectReader(required_section(config, "params", source), "params", source, params_keys), spec);
  read_initial(required_section(config, "initial", source), source, spec);
  read_integrator(ObjectReader(required_section(config, "integrator", source), "integrator", source, integrator_keys),
                  spec);
  return spec;
}

void parse_nishinari_run_settings(const nlohmann::json& config, const std::string& source, NishinariJob& job) {
  parse_shared_settings(config, source, output_fields, job.precision, job.output, job.compare);
}

}  // namespace rodswarm::config_detail
