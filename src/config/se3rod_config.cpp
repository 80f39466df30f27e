/// @file se3rod_config.cpp
/// JSON to Se3rodSpec and run settings: the shape of the se3rod schema (which keys, which types). Value ranges that
/// an ensemble can change are checked per member in se3rod_member.cpp. The model and its discrete choices:
/// docs/models/cosserat.md section 1.6 and docs/se3rod_discretisation.md.
///
/// Schema of model "se3rod" (SI units; defaults in parentheses; every key not listed is an error, with the nearest
/// valid key suggested):
///
///   "model": "se3rod", "precision": "float64" | "float32" ("float64"),
///   "params": {
///     "n": integer >= 1 (required): segments; the rod has n + 1 nodes, each with a pose (directors and position),
///     "length": > 0: the rod's rest length L (segments of rest length h = L / n); required for initial kinds
///         "straight" and "helix", an error for "points" (h is then the mean chord of the points),
///     "radius", "density", "youngs_modulus", "shear_modulus", "shear_coefficient" (kappa_s): > 0 (all required):
///         a uniform circular section, K = diag(E I, E I, G 2I; kappa_s G A, kappa_s G A, E A),
///     "ends": [END0, END1], each "free" | "clamped" (pose held) | "pinned" (position held, turns freely) |
///         "prescribed" (the end node moves rigidly with a constant body twist: a screw motion g(t) = g(0) exp(t xi)
///         whose angular velocity stays constant in the lab and whose linear velocity turns with the end)
///         (["free", "free"]),
///     "end_velocity0", "end_velocity1", "end_angular_velocity0", "end_angular_velocity1": [3] (0, 0, 0): a
///         prescribed end's velocity and angular velocity, lab frame at t = 0 (an error for an end not prescribed),
///     "damping_force", "damping_torque": >= 0 (0): -nu rho A D gamma and -nu rho J D omega on every node,
///     "g": [3] (0, 0, 0): gravity, "force0", "force1", "couple0", "couple1": [3] (0, 0, 0): dead loads on the end
///         nodes, lab frame, "force_density", "couple_density": [3] (0, 0, 0): dead loads per rest length, lab frame
///         (node k takes its Voronoi length's share: h inside, h/2 at the ends),
///     "rest": "initial" | "straight" ("initial"): the rest configuration is the initial one (a stress-free
///         shape stays at rest) or a straight, unstretched, unsheared rod (rest strain (0, 0, 0; 0, 0, 1): a helix
///         released from it springs back),
///     "tension" (0): an axial force (N) that the initial shape carries in every segment besides what the rest
///         shape gives: each segment's rest axial strain is lowered by tension / (E A), i.e. its rest length
///         shortened by that fraction, so that a straight rod with both ends held at its initial length L is a taut
///         string (the mass stays density A L); |tension| < E A, negative a precompression,
///     "contact": "none" | "plane" ("none"): "plane": every node the ends leave free rolls without slipping on the
///         rigid plane plane_normal . x = plane_offset, as a ball of the rod's radius (docs/se3rod_rolling_contact.md);
///         not with scheme "variational". Each rolling node must start on the plane (its gap n . p - offset - radius
///         within 1e-9 of max(L, radius)) and rolling (its contact point's velocity within 1e-9 of |v| + radius |w|).
///         A member whose plane would have to pull a node (a tensile normal reaction) stops, flagged separated,
///     "plane_normal": [3] (0, 0, 1): nonzero (normalised), pointing to the rod's side; "plane_offset" (0): both
///         only with contact "plane" },
///   "initial": {
///     "kind": "straight" | "helix" | "points" (required),
///     straight: "origin": [3] (0, 0, 0), "direction": [3] (0, 0, 1): d3 (nonzero, normalised), "normal": [3]
///       (1, 0, 0): d1, projected perpendicular to d3 and normalised (an error if parallel); d2 = d3 x d1; node k
///       at origin + k h direction, every node with the directors (d1, d2, d3),
///     helix: "origin": [3] (0, 0, 0): node 0, "axis": [3] (0, 0, 1) (nonzero, normalised), "normal": [3]
///       (1, 0, 0): from node 0 towards the axis (projected perpendicular to it, normalised), "helix_radius": > 0
///       (required), "pitch" (0): rise along the axis per turn (> 0 right-handed, 0 a ring arc). With e_r the unit
///       vector from the axis to node 0 (= -normal), e_p = axis x e_r and c = pitch / (2 pi), node k lies at
///       origin - R e_r + R (cos phi_k e_r + sin phi_k e_p) + c phi_k axis with phi_k = k h / sqrt(R^2 + c^2) (the
///       helix arc length between nodes is h), its d3 the helix tangent there, d1 the principal normal (towards
///       the axis), d2 = d3 x d1: every segment then has the same relative pose,
///     points: "points": [[3] x (n + 1)] (required): node positions; "normals": [[3] x (n + 1)] (required): d1 per
///       node, projected perpendicular to d3 and normalised, where d3 is the chord from the previous to the next
///       node (the one adjacent chord at the ends),
///     every kind, optional: "velocity": [3] (0, 0, 0): uniform node velocity (lab frame), "angular_velocity": [3]
///       (0, 0, 0): uniform angular velocity (lab frame); clamped ends keep both zero, pinned ends the velocity },
///   "integrator": { "scheme": "rkmk4" | "lie_euler" | "variational" ("rkmk4"), "dt": > 0 (required), "t_end": > 0
///       (required; a whole number of steps), "divergence_factor": > 0 (1000): a member diverges when some |r_k|
///       exceeds divergence_factor * max(1, L, max_k |r_k(0)|), or a value of its state is not finite },
///   "ensemble": as for greenspan (ensemble_spec.hpp); any number under params, initial and integrator can be
///       varied, array elements one by one ("params.force1[2]", "initial.points[3][0]"); params.n takes integral
///       values (grid and zip only),
///   "output": { "path" ("results.h5"), "save_every" (0: no series, the final state only; else a whole number of
///       steps), "fields": any of "positions", "directors", "velocities", "angular_velocities", "energy"
///       ("positions", "energy"); "contact" (contact "plane" only): per node the slip speed |u_t| of the
///       material point at the contact (m/s), the gap (m) and the plane's normal reaction (N; 0 on a node the ends
///       hold) },
///   "compare": { "tolerance": > 0, "members": integer >= 1 (4) }.
/// There is no "steady" section for this model.
#include "config/json_check.hpp"
#include "config/run_settings_config.hpp"
#include "config/se3rod_params.hpp"
#include "config/se3rod_spec.hpp"

namespace rodswarm {

namespace config_detail {
namespace {

/// The keys of `params` besides the table's (se3rod_params.hpp), read here.
const std::vector<std::string> more_params_keys = {"ends",
                                                   "rest",
                                                   "tension",
                                                   "end_velocity0",
                                                   "end_velocity1",
                                                   "end_angular_velocity0",
                                                   "end_angular_velocity1",
                                                   "contact",
                                                   "plane_normal",
                                                   "plane_offset"};
const std::vector<OutputField> output_fields = {{"positions", true},   {"directors", false},
                                                {"velocities", false}, {"angular_velocities", false},
                                                {"energy", true},      {"contact", false}};
const std::vector<std::string> motion_keys = {"velocity", "angular_velocity"};

}  // namespace

void read_se3rod_params(const ObjectReader& r, Se3rodSpec& spec) {
  read_params(r, se3rod_params(), spec);
  spec.has_length = r.has("length");
  read_ends(r, se3rod_end_kinds, spec.end0, spec.end1);
  spec.rest = r.choice_or("rest", se3rod_rest_kinds, Se3rodRest::initial);
  spec.tension = r.number_or("tension", 0.0);
  spec.contact = r.choice_or("contact", se3rod_contacts, se3rod::Contact::none);
  for (const char* key : {"plane_normal", "plane_offset"}) {
    if (r.has(key) && spec.contact != se3rod::Contact::plane) {
      throw ConfigError(r.source(), r.key(key), "is only used with params.contact \"plane\"");
    }
  }
  spec.plane_normal = r.vector3_or("plane_normal", {0, 0, 1});
  spec.plane_offset = r.number_or("plane_offset", 0.0);
  for (int e = 0; e < 2; ++e) {
    const std::string end = std::to_string(e);
    for (const char* what : {"end_velocity", "end_angular_velocity"}) {
      const std::string key = what + end;
      if (r.has(key) && (e == 0 ? spec.end0 : spec.end1) != se3rod::End::prescribed) {
        throw ConfigError(r.source(), r.key(key),
                          "is only used by a prescribed end (params.ends[" + end + "] is \"" +
                              se3rod_end_kinds.name(e == 0 ? spec.end0 : spec.end1) + "\")");
      }
    }
    spec.end_velocity[e] = r.vector3_or("end_velocity" + end, {0, 0, 0});
    spec.end_angular_velocity[e] = r.vector3_or("end_angular_velocity" + end, {0, 0, 0});
  }
}

void read_se3rod_initial(const json& initial, const std::string& prefix, const std::string& source, Se3rodSpec& spec) {
  std::vector<std::string> allowed;
  spec.shape = read_kind(initial, prefix, source, se3rod_initial_kinds, motion_keys, allowed);
  const ObjectReader r(initial, prefix, source, allowed);
  if (spec.shape == Se3rodShape::points) {
    spec.points = expect_vector3_list(r.required("points"), r.key("points"), source);
    spec.normals = expect_vector3_list(r.required("normals"), r.key("normals"), source);
  } else {
    spec.origin = r.vector3_or("origin", {0, 0, 0});
    spec.normal = r.vector3_or("normal", {1, 0, 0});
    if (spec.shape == Se3rodShape::helix) {
      spec.direction = r.vector3_or("axis", {0, 0, 1});
      spec.helix_radius = r.number("helix_radius");
      spec.pitch = r.number_or("pitch", 0.0);
    } else {
      spec.direction = r.vector3_or("direction", {0, 0, 1});
    }
  }
  spec.velocity = r.vector3_or("velocity", {0, 0, 0});
  spec.angular_velocity = r.vector3_or("angular_velocity", {0, 0, 0});
}

std::vector<std::string> se3rod_params_keys(bool plane_contact) {
  std::vector<std::string> keys = param_keys(se3rod_params());
  for (const auto& key : more_params_keys) {
    if (plane_contact || (key != "contact" && key != "plane_normal" && key != "plane_offset")) keys.push_back(key);
  }
  return keys;
}

void check_se3rod_length(const Se3rodSpec& spec, const std::string& prefix, const std::string& source) {
  if (spec.shape == Se3rodShape::points && spec.has_length) {
    throw ConfigError(source, prefix + "params.length",
                      "is not used by initial kind \"points\" (the rest lengths are the points' chords)");
  }
  if (spec.shape != Se3rodShape::points && !spec.has_length) {
    throw ConfigError(source, prefix + "params.length",
                      std::string("missing required key (initial kind \"") + se3rod_initial_kinds.name(spec.shape) +
                          "\" needs the rod's rest length)");
  }
}

}  // namespace config_detail

template <>
const SchemaKeys Schema<se3rod::Model>::keys = {
    {"model", "precision", "params", "initial", "integrator", "ensemble", "output", "compare"},
    {"params", "initial", "integrator"},
    {"initial.kind", "integrator.scheme", "params.ends", "params.rest", "params.contact"}};

template <>
config_detail::Se3rodSpec Schema<se3rod::Model>::parse(const nlohmann::json& config, const std::string& source,
                                                       Se3rodJob& job) {
  using namespace config_detail;
  parse_shared_settings(config, source, output_fields, job.precision, job.output, job.compare);
  Se3rodSpec spec;
  read_se3rod_params(
      ObjectReader(required_section(config, "params", source), "params", source, se3rod_params_keys(true)), spec);
  read_se3rod_initial(required_section(config, "initial", source), "initial", source, spec);
  spec.scheme = se3rod_schemes.value(
      read_integrator(config, source, se3rod_schemes.names(), spec.dt, spec.t_end, &spec.divergence_factor));
  check_se3rod_length(spec, "", source);
  if (spec.contact == se3rod::Contact::plane && spec.scheme == se3rod::Scheme::variational) {
    throw ConfigError(source, "params.contact",
                      "\"plane\" needs scheme \"rkmk4\" or \"lie_euler\" (the variational integrator has no "
                      "reaction forces)");
  }
  if (spec.contact != se3rod::Contact::plane && job.output.saves("contact")) {
    throw ConfigError(source, "output.fields", "\"contact\" is only saved with params.contact \"plane\"");
  }
  if (spec.contact == se3rod::Contact::plane && job.precision == Precision::float32) {
    // Measured on examples/se3rod/rolling_incline.json (docs/se3rod_rolling_contact.md): float32's round-off in the
    // stiff internal forces excites vibrations that make the reactions fluctuate by 7e-4 N after 0.01 s and 3e-2 to
    // 6e-2 N after 1 s, of 0.15 N, and 2 of its 5 members were flagged separated.
    job.warnings.push_back(source +
                           ": params.contact \"plane\" in float32: round-off in the stiff internal forces shows in "
                           "the plane's reactions and grows over a run; a member may be flagged separated by it "
                           "(use float64 for rolling contact)");
  }
  job.scheme = spec.scheme;
  return spec;
}

}  // namespace rodswarm
