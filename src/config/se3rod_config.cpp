/// @file se3rod_config.cpp
/// JSON to Se3rodSpec and run settings: the shape of the se3rod schema (which keys, which types). Value ranges that
/// an ensemble can change are checked per member in se3rod_member.cpp. The model and its discrete choices:
/// docs/models/cosserat.md section 1.6 and docs/se3rod_discretisation.md.
/// The schema, for users: docs/config/se3rod.md.
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

void read_se3rod_initial(const json& initial, const std::string& rod, const std::string& source, Se3rodSpec& spec) {
  const auto read =
      read_section(initial, source, se3rod_initial(), "", se3rod_initial_kinds, {}, spec, std::nullopt, rod);
  spec.shape = read.kind;
  if (spec.shape == Se3rodShape::points) read_points_and_normals(read.r, spec.points, spec.normals);
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
  read_se3rod_initial(required_section(config, "initial", source), "", source, spec);
  spec.scheme =
      se3rod_schemes.value(read_integrator(config, source, se3rod_schemes.names(), keys.divergence_factor, spec));
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
