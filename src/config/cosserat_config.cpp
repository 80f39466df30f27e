/// @file cosserat_config.cpp
/// JSON to CosseratSpec and run settings: the shape of the Cosserat schema (which keys, which types). Value ranges
/// that an ensemble can change are checked per member in cosserat_member.cpp. The model and its discrete choices:
/// docs/models/cosserat.md and docs/cosserat_discretisation.md.
/// The schema, for users: docs/config/cosserat.md.
#include "config/cosserat_params.hpp"
#include "config/cosserat_spec.hpp"
#include "config/json_check.hpp"
#include "config/run_settings_config.hpp"

namespace rodswarm {

namespace config_detail {
namespace {

/// The keys of `params` besides the table's (cosserat_params.hpp), read here.
const std::vector<std::string> more_params_keys = {"law",     "bending", "ends",       "constraints", "rest_curvature",
                                                   "slide0",  "slide1",  "foundation", "loads",       "growth",
                                                   "contact", "surface"};
const std::vector<OutputField> output_fields = {{"positions", true},
                                                {"velocities", false},
                                                {"energy", true},
                                                {"directors", false},
                                                {"gauss", true},
                                                {"angular_velocities", false},
                                                {"accelerations", false},
                                                {"angular_accelerations", false},
                                                {"constraint_forces", false}};
const Choices<cosserat::Scheme> schemes{{cosserat::Scheme::verlet, "verlet"}, {cosserat::Scheme::rk4, "rk4"}};
const Choices<cosserat::Law> laws{{cosserat::Law::variational, "variational"},
                                  {cosserat::Law::pyelastica, "pyelastica"}};
const Choices<cosserat::Bending> bendings{{cosserat::Bending::truncated, "truncated"},
                                          {cosserat::Bending::exact, "exact"}};
const Choices<cosserat::ConstraintMethod> constraint_methods{{cosserat::ConstraintMethod::overwrite, "overwrite"},
                                                             {cosserat::ConstraintMethod::gauss, "gauss"}};
const Choices<cosserat::MassRule> mass_rules{{cosserat::MassRule::density, "density"},
                                             {cosserat::MassRule::conserved, "conserved"}};
const Kinds<cosserat::Obstacle> obstacle_kinds{{cosserat::Obstacle::sphere, "sphere", {}},
                                               {cosserat::Obstacle::cylinder, "cylinder", {"axis"}}};
const Kinds<cosserat::Slide> slide_kinds{{cosserat::Slide::line, "line", {"direction"}},
                                         {cosserat::Slide::plane, "plane", {"normal"}}};
const Kinds<cosserat::Foundation> foundation_kinds{{cosserat::Foundation::plane, "plane", {"normal"}},
                                                   {cosserat::Foundation::line, "line", {"direction"}}};
/// params.loads[i].law: "wave" (split by "on" and "frame" once read) or "drag".
enum class LoadKind { wave, drag };
const Kinds<LoadKind> load_kinds(
    {{LoadKind::wave, "wave", {"on", "frame", "amplitude", "wavenumber", "angular_frequency", "phase"}},
     {LoadKind::drag, "drag", {"coefficients", "flow"}}},
    "law", "load law");
const Choices<bool> load_targets{{false, "force"}, {true, "couple"}};  // true: a couple
const Choices<bool> load_frames{{false, "lab"}, {true, "body"}};       // true: the element's frame
const Kinds<cosserat::Surface> surface_kinds{{cosserat::Surface::plane, "plane", {"normal"}},
                                             {cosserat::Surface::sphere, "sphere", {"radius"}},
                                             {cosserat::Surface::cylinder, "cylinder", {"normal", "radius"}}};

/// The nested sections whose numbers are rows of the table (cosserat_params.hpp): their kinds and their other keys.
void read_growth(const json& value, const std::string& source, CosseratSpec& spec) {
  const auto growth = read_section(value, source, cosserat_params(), "growth", cosserat_growth_laws, {"mass"}, spec,
                                   cosserat::GrowthLaw::none);
  spec.has_growth = true;
  spec.growth = growth.kind;
  spec.mass_rule = growth.r.choice_or("mass", mass_rules, cosserat::MassRule::density);
  if (spec.growth == cosserat::GrowthLaw::table) {
    spec.growth_times = expect_number_list(growth.r.required("times"), growth.r.key("times"), source);
    spec.growth_values = expect_number_list(growth.r.required("values"), growth.r.key("values"), source);
  }
}

void read_contact(const json& value, const std::string& source, CosseratSpec& spec) {
  const ObjectReader r = read_section(value, source, cosserat_params(), "contact", {"plane", "obstacle", "self"}, spec);
  spec.has_contact = true;
  if (const json* plane = r.optional("plane")) {
    read_section(*plane, source, cosserat_params(), "contact.plane", {}, spec);
    spec.plane = true;
  }
  if (const json* obstacle = r.optional("obstacle"))
    spec.obstacle =
        read_section(*obstacle, source, cosserat_params(), "contact.obstacle", obstacle_kinds, {}, spec).kind;
  spec.self_contact = r.boolean_or("self", false);
}

void read_loads(const json& value, const std::string& source, CosseratSpec& spec) {
  const std::string key = "params.loads";
  expect_array(value, key, source);
  if (value.size() > static_cast<std::size_t>(cosserat::max_loads))
    throw ConfigError(source, key,
                      "has " + std::to_string(value.size()) + " entries; at most " +
                          std::to_string(cosserat::max_loads) + " are supported");
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string prefix = index_key(key, i);
    std::vector<std::string> allowed;
    const LoadKind kind = read_kind(value[i], prefix, source, load_kinds, {}, allowed);
    const ObjectReader r(value[i], prefix, source, allowed);
    CosseratLoadSpec load;
    if (kind == LoadKind::drag) {
      load.law = cosserat::LoadLaw::drag;
      r.required("coefficients");
      load.vector = r.vector3_or("coefficients", {0, 0, 0});
      load.flow = r.vector3_or("flow", {0, 0, 0});
    } else {
      const bool couple = r.choice_or("on", load_targets, false);
      const bool body = r.choice_or("frame", load_frames, false);
      if (body && !couple)
        throw ConfigError(source, r.key("frame"),
                          "\"body\" is for couples (\"on\": \"couple\"): a force per length is given in the lab "
                          "frame");
      load.law = !couple ? cosserat::LoadLaw::force_wave
                         : (body ? cosserat::LoadLaw::body_couple_wave : cosserat::LoadLaw::couple_wave);
      r.required("amplitude");
      load.vector = r.vector3_or("amplitude", {0, 0, 0});
      load.wavenumber = r.number_or("wavenumber", 0.0);
      load.angular_frequency = r.number_or("angular_frequency", 0.0);
      load.phase = r.number_or("phase", 0.0);
    }
    spec.loads.push_back(load);
  }
}

/// `params`: the table's numbers, then the choices, the rest curvature and the nested sections.
void read_cosserat_params(const ObjectReader& r, CosseratSpec& spec) {
  read_params(r, cosserat_params(), spec);
  spec.has_length = r.has("length");
  spec.law = r.choice_or("law", laws, cosserat::Law::variational);
  spec.bending = r.choice_or("bending", bendings, cosserat::Bending::truncated);
  if (spec.bending == cosserat::Bending::exact && spec.law == cosserat::Law::pyelastica)
    throw ConfigError(
        r.source(), r.key("bending"),
        "\"exact\" is the gradient of law \"variational\"'s energy; law \"pyelastica\" has its own couples");
  read_ends(r, cosserat_end_kinds, spec.end0, spec.end1);
  spec.constraints = r.choice_or("constraints", constraint_methods, cosserat::ConstraintMethod::overwrite);
  if (r.has("rest_curvature")) {
    spec.has_rest_curvature = true;
    spec.rest_curvature = r.vector3_or("rest_curvature", {0, 0, 0});
  }
  for (int e = 0; e < 2; ++e) {
    const std::string slide = "slide" + std::to_string(e);
    if (const json* value = r.optional(slide)) {
      spec.slide[e] = read_section(*value, r.source(), cosserat_params(), slide, slide_kinds, {}, spec).kind;
      spec.has_slide[e] = true;
    }
  }
  if (const json* foundation = r.optional("foundation"))
    spec.foundation =
        read_section(*foundation, r.source(), cosserat_params(), "foundation", foundation_kinds, {}, spec).kind;
  if (const json* loads = r.optional("loads")) read_loads(*loads, r.source(), spec);
  if (const json* growth = r.optional("growth")) read_growth(*growth, r.source(), spec);
  if (const json* contact = r.optional("contact")) read_contact(*contact, r.source(), spec);
  if (const json* surface = r.optional("surface"))
    spec.surface = read_section(*surface, r.source(), cosserat_params(), "surface", surface_kinds, {}, spec).kind;
}

void read_perturbation(const json& value, const std::string& source, CosseratSpec& spec) {
  const ObjectReader r(value, "initial.perturbation", source, {"amplitude", "amplitudes", "direction", "mode"});
  spec.has_perturbation = true;
  if (const json* list = r.optional("amplitudes")) {
    for (const char* single : {"amplitude", "mode"}) {
      if (r.has(single)) {
        throw ConfigError(source, r.key(single),
                          "give either initial.perturbation.amplitudes (one per mode, from mode 1) or amplitude and "
                          "mode, not both");
      }
    }
    spec.perturbation_amplitudes = expect_number_list(*list, r.key("amplitudes"), source, 1);
    if (spec.perturbation_amplitudes.size() > 64) {
      throw ConfigError(source, r.key("amplitudes"),
                        "at most 64 modes, got " + std::to_string(spec.perturbation_amplitudes.size()));
    }
  }
  spec.perturbation_amplitude = r.number_or("amplitude", 0.0);
  if (r.has("direction")) {
    spec.has_perturbation_direction = true;
    spec.perturbation_direction = r.vector3_or("direction", {0, 0, 0});
  }
  spec.perturbation_mode = static_cast<double>(r.integer_or("mode", 1));
}

/// `initial`: its kind and the numbers it takes (the table cosserat_initial), then its lists and the perturbation.
void read_initial(const json& value, const std::string& source, CosseratSpec& spec) {
  const auto initial = read_section(value, source, cosserat_initial(), "", cosserat_initial_kinds,
                                    {"perturbation", "velocities", "angular_velocities"}, spec);
  const ObjectReader& r = initial.r;
  spec.shape = initial.kind;
  if (spec.shape == CosseratShape::points) read_points_and_normals(r, spec.points, spec.normals);
  const auto& table = cosserat_initial();
  if (const json* list = list_instead_of_row(r, table, spec, "direction", "directions", "rod",
                                             "is not used: the config gives initial.directions (vary its elements, "
                                             "e.g. initial.directions[0][1])")) {
    spec.has_directions = true;
    spec.directions = expect_vector3_list(*list, "initial.directions", source);
  }
  if (const json* p = r.optional("perturbation")) read_perturbation(*p, source, spec);
  if (const json* list = list_instead_of_row(r, table, spec, "velocity", "velocities", "node",
                                             "is not used: the config gives initial.velocities")) {
    spec.has_velocities = true;
    spec.velocities = expect_vector3_list(*list, "initial.velocities", source);
  }
  if (const json* list = list_instead_of_row(r, table, spec, "angular_velocity", "angular_velocities", "element",
                                             "is not used: the config gives initial.angular_velocities")) {
    spec.has_angular_velocities = true;
    spec.angular_velocities = expect_vector3_list(*list, "initial.angular_velocities", source);
  }
}

}  // namespace
}  // namespace config_detail

template <>
const SchemaKeys Schema<cosserat::Model>::keys = {
    {"model", "precision", "params", "initial", "integrator", "ensemble", "output", "compare", "steady"},
    {"params", "initial", "integrator"},
    {"initial.kind",
     "integrator.scheme",
     "params.law",
     "params.constraints",
     "params.growth.law",
     "params.growth.mass",
     "params.contact.self",
     "params.contact.obstacle.kind",
     "params.surface.kind",
     "params.ends",
     "params.slide0.kind",
     "params.slide1.kind",
     "params.foundation.kind",
     "params.loads[0].law",
     "params.loads[0].on",
     "params.loads[0].frame",
     "params.loads[1].law",
     "params.loads[1].on",
     "params.loads[1].frame",
     "params.loads[2].law",
     "params.loads[2].on",
     "params.loads[2].frame",
     "params.loads[3].law",
     "params.loads[3].on",
     "params.loads[3].frame"}};

template <>
config_detail::CosseratSpec Schema<cosserat::Model>::parse(const nlohmann::json& config, const std::string& source,
                                                           CosseratJob& job) {
  using namespace config_detail;
  parse_shared_settings(config, source, output_fields, job.precision, job.output, job.compare, true);
  if (const auto it = config.find("steady"); it != config.end()) {
    const ObjectReader r(*it, "steady", source, {"method", "damping", "tol", "max_time"});
    using Method = CosseratSteadySpec::Method;
    job.steady.method = r.choice_or(
        "method", Choices<Method>{{Method::relaxation, "relaxation"}, {Method::newton, "newton"}}, Method::relaxation);
    job.steady.damping = r.number_or("damping", job.steady.damping);
    if (!(job.steady.damping >= 0)) {
      throw ConfigError(source, "steady.damping",
                        "must be >= 0 (0: the driver picks), got " + format_number(job.steady.damping));
    }
    job.steady.tol = positive_number(r, "tol", job.steady.tol);
    job.steady.max_time = r.number_or("max_time", job.steady.max_time);
    if (!(job.steady.max_time >= 0)) {
      throw ConfigError(source, "steady.max_time",
                        "must be >= 0 (0: integrator.t_end), got " + format_number(job.steady.max_time));
    }
  }
  CosseratSpec spec;
  read_cosserat_params(ObjectReader(required_section(config, "params", source), "params", source,
                                    param_keys(cosserat_params(), more_params_keys)),
                       spec);
  read_initial(required_section(config, "initial", source), source, spec);
  spec.scheme = schemes.value(read_integrator(config, source, schemes.names(), keys.divergence_factor, spec));
  if (spec.shape == CosseratShape::points && spec.has_length) {
    throw ConfigError(source, "params.length",
                      "not used by initial kind \"points\" (the rest lengths are the chords between the points)");
  }
  if (spec.shape != CosseratShape::points && !spec.has_length) {
    throw ConfigError(source, "params.length",
                      std::string("missing required key (the rest length of each rod, for initial kind \"") +
                          cosserat_initial_kinds.name(spec.shape) + "\")");
  }
  job.scheme = spec.scheme;
  return spec;
}

}  // namespace rodswarm
