/// @file nishinari_config.cpp
/// JSON to NishinariSpec and run settings: the shape of the Nishinari schema (which keys, which types). Value
/// ranges that an ensemble can change are checked per member in nishinari_member.cpp.
/// The schema, for users: docs/config/nishinari.md.
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
  read_integrator(config, source, {"rk4"}, keys.divergence_factor, spec);
  job.formulation = spec.formulation;
  job.twist_moment = spec.twist_moment;
  return spec;
}

}  // namespace rodswarm
