/// @file cosserat_slots.cpp
/// The numbers of a CosseratSpec that `ensemble.vary` may address, in schema order, and the keys of a config that
/// cannot vary (resolution, suggestions and messages: vary_slots.hpp).
#include "config/cosserat_params.hpp"
#include "config/cosserat_spec.hpp"

namespace rodswarm {

using config_detail::CosseratShape;
using config_detail::Unvaried;

template <>
void Schema<cosserat::Model>::numbers(Spec& s, const config_detail::NumberSlots& slots) {
  config_detail::param_slots(config_detail::cosserat_params(), s, slots);
  if (s.has_rest_curvature) slots.vector("params.rest_curvature", s.rest_curvature);
  for (std::size_t l = 0; l < s.loads.size(); ++l) {
    config_detail::CosseratLoadSpec& load = s.loads[l];
    const std::string key = config_detail::index_key("params.loads", l);
    if (load.law == cosserat::LoadLaw::drag) {
      slots.vector(key + ".coefficients", load.vector);
      slots.vector(key + ".flow", load.flow);
    } else {
      slots.vector(key + ".amplitude", load.vector);
      slots.numbers(key, "wavenumber angular_frequency phase",
                    {&load.wavenumber, &load.angular_frequency, &load.phase});
    }
  }
  if (s.growth == cosserat::GrowthLaw::table) {
    slots.list("params.growth.times", s.growth_times);
    slots.list("params.growth.values", s.growth_values);
  }

  config_detail::param_slots(config_detail::cosserat_initial(), s, slots);
  if (s.has_directions) slots.rows("initial.directions", s.directions);
  if (s.shape == CosseratShape::points) {
    slots.rows("initial.points", s.points);
    slots.rows("initial.normals", s.normals);
  }
  if (s.has_perturbation) {
    slots.number("initial.perturbation.amplitude", s.perturbation_amplitude);
    if (!s.perturbation_amplitudes.empty()) slots.list("initial.perturbation.amplitudes", s.perturbation_amplitudes);
    if (s.has_perturbation_direction) slots.vector("initial.perturbation.direction", s.perturbation_direction);
    slots.integer("initial.perturbation.mode", s.perturbation_mode);
  }
  if (s.has_velocities) slots.rows("initial.velocities", s.velocities);
  if (s.has_angular_velocities) slots.rows("initial.angular_velocities", s.angular_velocities);
}

/// Sections this config does not have, and keys of another growth law or initial kind.
template <>
std::vector<Unvaried> Schema<cosserat::Model>::unvaried(const Spec& s) {
  std::vector<Unvaried> out;
  config_detail::param_unvaried(config_detail::cosserat_params(), s, out);
  config_detail::param_unvaried(config_detail::cosserat_initial(), s, out);
  const std::pair<const char*, bool> sections[] = {{"params.rest_curvature", s.has_rest_curvature},
                                                   {"params.growth", s.has_growth},
                                                   {"params.loads", !s.loads.empty()},
                                                   {"initial.perturbation.direction", s.has_perturbation_direction},
                                                   {"initial.perturbation", s.has_perturbation},
                                                   {"initial.directions", s.has_directions}};
  for (const auto& [section, present] : sections) {
    if (!present) {
      out.push_back(
          {section, "cannot be varied: the config has no " + std::string(section) + " (give it a value there first)"});
    }
  }
  // The load list: keys of the other law, and entries the config does not have.
  for (std::size_t l = 0; l < static_cast<std::size_t>(cosserat::max_loads); ++l) {
    const std::string key = config_detail::index_key("params.loads", l);
    if (l >= s.loads.size()) {
      if (!s.loads.empty())
        out.push_back(
            {key, "cannot be varied: the config's params.loads has " + std::to_string(s.loads.size()) + " entries"});
      continue;
    }
    const bool drag = s.loads[l].law == cosserat::LoadLaw::drag;
    const std::string why = std::string("is not used by law \"") + (drag ? "wave" : "drag") + "\" (" + key +
                            ".law is \"" + (drag ? "drag" : "wave") + "\")";
    const auto other = drag ? std::vector<const char*>{"amplitude", "wavenumber", "angular_frequency", "phase"}
                            : std::vector<const char*>{"coefficients", "flow"};
    for (const char* name : other) out.push_back({key + "." + name, why});
  }
  if (s.shape == CosseratShape::points) out.push_back({"params.length", "is not used by initial kind \"points\""});
  for (const char* name : {"times", "values"}) {
    out.push_back({std::string("params.growth.") + name,
                   "is not used by params.growth law \"" +
                       std::string(config_detail::cosserat_growth_laws.name(s.growth)) + "\""});
  }
  for (const char* name : {"points", "normals"}) {
    out.push_back(
        {std::string("initial.") + name,
         "is not used by initial kind \"" + std::string(config_detail::cosserat_initial_kinds.name(s.shape)) + "\""});
  }
  return out;
}

template <>
std::vector<ParamDoc> Schema<cosserat::Model>::param_docs() {
  return config_detail::param_docs(config_detail::cosserat_params(), config_detail::cosserat_initial());
}

}  // namespace rodswarm
