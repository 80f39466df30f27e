/// @file cosserat_slots.cpp
/// resolve_cosserat_slot: a `vary` key to the number it addresses inside a CosseratSpec, resolved once per key so
/// that expansion writes each member's values straight into the spec. Every numeric key of a spec is listed once
/// (numeric_slots), so that resolution and the suggestions offered for a misspelt key cannot disagree.
#include <functional>

#include "config/cosserat_spec.hpp"
#include "config/json_check.hpp"
#include "config/key_path.hpp"
#include "config/suggest.hpp"

namespace rodswarm::config_detail {

namespace {

/// Calls `emit(key, target, is_integer)` for every number of `spec` a vary key may address, in schema order.
void numeric_slots(CosseratSpec& s, const std::function<void(const std::string&, double*, bool)>& emit) {
  const auto num = [&](const std::string& key, double& x) { emit(key, &x, false); };
  const auto vec = [&](const std::string& key, CVec3& v) {
    for (std::size_t c = 0; c < 3; ++c) emit(index_key(key, c), &v[c], false);
  };
  const auto rows = [&](const std::string& key, std::vector<CVec3>& list) {
    for (std::size_t i = 0; i < list.size(); ++i) vec(index_key(key, i), list[i]);
  };
  const auto list = [&](const std::string& key, std::vector<double>& xs) {
    for (std::size_t i = 0; i < xs.size(); ++i) emit(index_key(key, i), &xs[i], false);
  };

  emit("params.n", &s.n, true);
  emit("params.rods", &s.rods, true);
  if (s.shape != CosseratShape::points) num("params.length", s.length);
  num("params.radius", s.radius);
  num("params.radius_end", s.radius_end);
  num("params.density", s.density);
  num("params.youngs_modulus", s.youngs_modulus);
  num("params.shear_modulus", s.shear_modulus);
  num("params.shear_coefficient", s.shear_coefficient);
  num("params.baumgarte", s.baumgarte);
  num("params.damping_force", s.damping_force);
  num("params.damping_torque", s.damping_torque);
  vec("params.g", s.g);
  vec("params.force0", s.force0);
  vec("params.force1", s.force1);
  vec("params.couple0", s.couple0);
  vec("params.couple1", s.couple1);
  vec("params.force_density", s.force_density);
  vec("params.couple_density", s.couple_density);
  vec("params.end_velocity0", s.end_velocity0);
  vec("params.end_velocity1", s.end_velocity1);
  vec("params.end_amplitude0", s.end_amplitude0);
  vec("params.end_amplitude1", s.end_amplitude1);
  num("params.end_frequency0", s.end_frequency0);
  num("params.end_frequency1", s.end_frequency1);
  num("params.end_twist_rate0", s.end_twist_rate0);
  num("params.end_twist_rate1", s.end_twist_rate1);
  if (s.has_rest_curvature) vec("params.rest_curvature", s.rest_curvature);
  if (s.has_growth) {
    if (s.growth == cosserat::GrowthLaw::exponential) num("params.growth.rate", s.growth_rate);
    num("params.growth.zone", s.growth_zone);
    if (s.growth == cosserat::GrowthLaw::table) {
      list("params.growth.times", s.growth_times);
      list("params.growth.values", s.growth_values);
    }
    if (s.growth == cosserat::GrowthLaw::lockhart) {
      num("params.growth.phi", s.lockhart_phi);
      num("params.growth.yield", s.lockhart_yield);
    }
    vec("params.growth.curvature_rate", s.curvature_rate);
  }
  if (s.has_contact) {
    num("params.contact.stiffness", s.contact_stiffness);
    num("params.contact.damping", s.contact_damping);
    num("params.contact.exponent", s.contact_exponent);
    if (s.plane) {
      vec("params.contact.plane.point", s.plane_point);
      vec("params.contact.plane.normal", s.plane_normal);
      vec("params.contact.plane.mu_static", s.mu_static);
      vec("params.contact.plane.mu_kinetic", s.mu_kinetic);
      num("params.contact.plane.slip_velocity", s.slip_velocity);
    }
    if (s.obstacle != cosserat::Obstacle::none) {
      vec("params.contact.obstacle.center", s.obstacle_center);
      if (s.obstacle == cosserat::Obstacle::cylinder) vec("params.contact.obstacle.axis", s.obstacle_axis);
      num("params.contact.obstacle.radius", s.obstacle_radius);
    }
  }
  if (s.surface != cosserat::Surface::none) {
    vec("params.surface.point", s.surface_point);
    if (s.surface != cosserat::Surface::sphere) vec("params.surface.normal", s.surface_normal);
    if (s.surface != cosserat::Surface::plane) num("params.surface.radius", s.surface_radius);
  }

  switch (s.shape) {
    case CosseratShape::straight:
      vec("initial.origin", s.origin);
      if (s.has_directions) {
        rows("initial.directions", s.directions);
      } else {
        vec("initial.direction", s.direction);
      }
      vec("initial.normal", s.normal);
      vec("initial.spacing", s.spacing);
      break;
    case CosseratShape::helix:
      vec("initial.origin", s.origin);
      vec("initial.axis", s.axis);
      vec("initial.normal", s.normal);
      num("initial.helix_radius", s.helix_radius);
      num("initial.pitch", s.pitch);
      vec("initial.spacing", s.spacing);
      break;
    case CosseratShape::points:
      rows("initial.points", s.points);
      rows("initial.normals", s.normals);
      break;
  }
  if (s.has_perturbation) {
    num("initial.perturbation.amplitude", s.perturbation_amplitude);
    if (s.has_perturbation_direction) vec("initial.perturbation.direction", s.perturbation_direction);
    emit("initial.perturbation.mode", &s.perturbation_mode, true);
  }
  vec("initial.velocity", s.velocity);
  vec("initial.angular_velocity", s.angular_velocity);

  num("integrator.dt", s.dt);
  num("integrator.t_end", s.t_end);
  num("integrator.divergence_factor", s.divergence_factor);
}

bool within(const std::string& key, const std::string& prefix) {
  return key.compare(0, prefix.size(), prefix) == 0 &&
         (key.size() == prefix.size() || key[prefix.size()] == '.' || key[prefix.size()] == '[');
}

/// Why an existing (or schema-valid) but unusable key cannot be varied, or "" when the key does not exist at all.
std::string why_not_numeric(const CosseratSpec& spec, const std::string& key, const std::vector<std::string>& keys) {
  for (const char* text :
       {"initial.kind", "integrator.scheme", "params.law", "params.constraints", "params.growth.law",
        "params.growth.mass", "params.contact.self", "params.contact.obstacle.kind", "params.surface.kind"}) {
    if (key == text) return "is not a number and cannot be varied";
  }
  if (within(key, "params.ends")) return "is not a number and cannot be varied";
  for (const char* top : {"model", "precision", "output", "compare", "ensemble", "steady"}) {
    if (within(key, top)) return "cannot be varied: only numeric keys under params, initial and integrator can";
  }
  // A whole vector, list or section whose numbers are varyable.
  for (const auto& k : keys) {
    if (k.size() > key.size() && k.compare(0, key.size(), key) == 0) {
      if (k[key.size()] == '[') return "is an array: vary its elements one by one, e.g. " + k;
      if (k[key.size()] == '.') return "is an object: vary one of its numbers, e.g. " + k;
    }
  }
  // Sections and keys that this config does not have.
  const std::pair<const char*, bool> sections[] = {
      {"params.rest_curvature", spec.has_rest_curvature},
      {"params.growth", spec.has_growth},
      {"params.contact.plane", spec.plane},
      {"params.contact.obstacle", spec.obstacle != cosserat::Obstacle::none},
      {"params.contact", spec.has_contact},
      {"params.surface", spec.surface != cosserat::Surface::none},
      {"initial.perturbation.direction", spec.has_perturbation_direction},
      {"initial.perturbation", spec.has_perturbation},
      {"initial.directions", spec.has_directions}};
  for (const auto& [section, present] : sections) {
    if (!present && within(key, section)) {
      return "cannot be varied: the config has no " + std::string(section) + " (give it a value there first)";
    }
  }
  if (spec.shape == CosseratShape::points && within(key, "params.length")) {
    return "is not used by initial kind \"points\"";
  }
  for (const char* name : {"rate", "times", "values", "phi", "yield"}) {
    if (within(key, std::string("params.growth.") + name)) return "is not used by this config's growth law";
  }
  const char* kind = spec.shape == CosseratShape::straight ? "straight"
                     : spec.shape == CosseratShape::helix  ? "helix"
                                                           : "points";
  if (spec.has_directions && within(key, "initial.direction")) {
    return "is not used: the config gives initial.directions (vary its elements, e.g. initial.directions[0][1])";
  }
  for (const char* name :
       {"origin", "direction", "normal", "spacing", "axis", "helix_radius", "pitch", "points", "normals"}) {
    if (within(key, std::string("initial.") + name)) {
      return "is not used by initial kind \"" + std::string(kind) + "\"";
    }
  }
  return "";
}

}  // namespace

std::vector<std::string> cosserat_numeric_keys(const CosseratSpec& spec) {
  CosseratSpec copy = spec;
  std::vector<std::string> keys;
  numeric_slots(copy, [&keys](const std::string& key, double*, bool) { keys.push_back(key); });
  return keys;
}

CosseratSlot resolve_cosserat_slot(CosseratSpec& spec, const std::string& key, const std::string& error_key,
                                   const std::string& source) {
  const KeyPath path = parse_key_path(key, source, error_key);
  const std::string canonical = format_key_path(path);
  CosseratSlot found;
  numeric_slots(spec, [&](const std::string& k, double* target, bool is_integer) {
    if (found.target == nullptr && k == canonical) found = CosseratSlot{target, is_integer};
  });
  if (found.target != nullptr) return found;
  const std::vector<std::string> keys = cosserat_numeric_keys(spec);
  const std::string why = why_not_numeric(spec, canonical, keys);
  if (!why.empty()) throw ConfigError(source, error_key, canonical + " " + why);
  throw ConfigError(source, error_key,
                    "no numeric key " + canonical + " in this config" + suggestion_suffix(canonical, keys));
}

}  // namespace rodswarm::config_detail
