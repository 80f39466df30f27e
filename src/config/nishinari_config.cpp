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

/// `initial`: its kind and the numbers it takes (the table nishinari_initial), its lists and the twist pulse.
void read_initial(const json& value, const std::string& source, NishinariSpec& spec) {
  const auto initial = read_section(value, source, nishinari_initial(), "", nishinari_initial_kinds,
                                    {"velocities", "spins", "twist_pulse"}, spec);
  const ObjectReader& r = initial.r;
  spec.shape = initial.kind;
  if (spec.shape == NishinariShape::points) read_points_and_normals(r, spec.points, spec.normals);
  if (const json* list = list_instead_of_row(r, nishinari_initial(), spec, "velocity", "velocities", "bead",
                                             "is not used: the config gives initial.velocities (vary its elements, "
                                             "e.g. initial.velocities[0][1])")) {
    spec.has_velocities = true;
    spec.velocities = expect_vector3_list(*list, "initial.velocities", source);
  }
  if (const json* list = list_instead_of_row(r, nishinari_initial(), spec, "spin", "spins", "segment",
                                             "is not used: the config gives initial.spins (vary its elements, e.g. "
                                             "initial.spins[0])")) {
    spec.has_spins = true;
    spec.spins = expect_number_list(*list, "initial.spins", source);
  }
  if (const json* pulse = r.optional("twist_pulse")) {
    read_section(*pulse, source, nishinari_initial(), "twist_pulse", {}, spec);
    spec.has_twist_pulse = true;
  }
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
