/// @file nishinari_slots.cpp
/// resolve_nishinari_slot: a `vary` key to the number it addresses inside a NishinariSpec, resolved once per key so
/// that expansion writes each member's values straight into the spec.
#include <algorithm>

#include "config/json_check.hpp"
#include "config/key_path.hpp"
#include "config/nishinari_spec.hpp"
#include "config/suggest.hpp"

namespace rodswarm::config_detail {

namespace {

struct NamedField {
  const char* name;
  double NishinariSpec::*field;
};

struct NamedVector {
  const char* name;
  Vec3 NishinariSpec::*field;
};

const NamedField params_fields[] = {{"n", &NishinariSpec::n},
                                    {"l", &NishinariSpec::l},
                                    {"m", &NishinariSpec::m},
                                    {"k", &NishinariSpec::k},
                                    {"K", &NishinariSpec::K},
                                    {"h", &NishinariSpec::h},
                                    {"j", &NishinariSpec::j},
                                    {"damping", &NishinariSpec::damping},
                                    {"spin_damping", &NishinariSpec::spin_damping}};

const NamedVector params_vectors[] = {
    {"g", &NishinariSpec::g}, {"load0", &NishinariSpec::load0}, {"load1", &NishinariSpec::load1}};

/// straight and helix.
const NamedVector frame_vectors[] = {
    {"origin", &NishinariSpec::origin}, {"direction", &NishinariSpec::direction}, {"normal", &NishinariSpec::normal}};

const NamedField helix_angles[] = {
    {"dphi", &NishinariSpec::dphi}, {"dtheta", &NishinariSpec::dtheta}, {"dpsi", &NishinariSpec::dpsi}};

const NamedField pulse_fields[] = {{"center", &NishinariSpec::pulse_center},
                                   {"width", &NishinariSpec::pulse_width},
                                   {"angle", &NishinariSpec::pulse_angle},
                                   {"rate", &NishinariSpec::pulse_rate}};

const NamedField integrator_fields[] = {{"dt", &NishinariSpec::dt},
                                        {"t_end", &NishinariSpec::t_end},
                                        {"divergence_factor", &NishinariSpec::divergence_factor}};

bool is_name(const KeyToken& t, const char* name) { return !t.is_index && t.name == name; }

/// path[at] is the last token and an index below `size`.
bool last_index_below(const KeyPath& path, std::size_t at, std::size_t size) {
  return path.size() == at + 1 && path[at].is_index && path[at].index < size;
}

/// Element [i][c] of a list of 3-vectors, addressed by path[2], path[3], or nullptr.
double* row_element(std::vector<Vec3>& rows, const KeyPath& path) {
  if (path.size() != 4 || !path[2].is_index || !path[3].is_index) return nullptr;
  if (path[2].index >= rows.size() || path[3].index >= 3) return nullptr;
  return &rows[path[2].index][path[3].index];
}

double* find_slot(NishinariSpec& spec, const KeyPath& path) {
  if (path.size() < 2) return nullptr;
  if (is_name(path[0], "params")) {
    for (const auto& f : params_fields) {
      if (path.size() == 2 && is_name(path[1], f.name)) return &(spec.*f.field);
    }
    for (const auto& f : params_vectors) {
      if (is_name(path[1], f.name) && last_index_below(path, 2, 3)) return &(spec.*f.field)[path[2].index];
    }
  }
  if (is_name(path[0], "integrator") && path.size() == 2) {
    for (const auto& f : integrator_fields) {
      if (is_name(path[1], f.name)) return &(spec.*f.field);
    }
  }
  if (!is_name(path[0], "initial")) return nullptr;
  const KeyToken& name = path[1];
  if (spec.shape != NishinariShape::points) {
    for (const auto& f : frame_vectors) {
      if (is_name(name, f.name) && last_index_below(path, 2, 3)) return &(spec.*f.field)[path[2].index];
    }
    if (is_name(name, "stretch") && path.size() == 2) return &spec.stretch;
  }
  if (spec.shape == NishinariShape::helix && path.size() == 2) {
    for (const auto& f : helix_angles) {
      if (is_name(name, f.name)) return &(spec.*f.field);
    }
  }
  if (spec.shape == NishinariShape::points) {
    if (is_name(name, "points")) return row_element(spec.points, path);
    if (is_name(name, "normals")) return row_element(spec.normals, path);
  }
  if (!spec.has_velocities && is_name(name, "velocity") && last_index_below(path, 2, 3)) {
    return &spec.velocity[path[2].index];
  }
  if (spec.has_velocities && is_name(name, "velocities")) return row_element(spec.velocities, path);
  if (!spec.has_spins && is_name(name, "spin") && path.size() == 2) return &spec.spin;
  if (spec.has_spins && is_name(name, "spins") && last_index_below(path, 2, spec.spins.size())) {
    return &spec.spins[path[2].index];
  }
  if (spec.has_twist_pulse && is_name(name, "twist_pulse") && path.size() == 3) {
    for (const auto& f : pulse_fields) {
      if (is_name(path[2], f.name)) return &(spec.*f.field);
    }
  }
  return nullptr;
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

/// Why an existing (or schema-valid) but unusable key cannot be varied, or "" when the key does not exist at all.
std::string why_not_numeric(const NishinariSpec& spec, const std::string& key) {
  for (const char* text : {"initial.kind", "integrator.scheme", "params.formulation", "params.twist_moment"}) {
    if (key == text) return "is not a number and cannot be varied";
  }
  if (key.compare(0, 11, "params.ends") == 0) return "is not a number and cannot be varied";
  for (const char* top : {"model", "precision", "output", "compare", "ensemble"}) {
    const std::string t = top;
    if (key == t || key.compare(0, t.size() + 1, t + ".") == 0) {
      return "cannot be varied: only numeric keys under params, initial and integrator can";
    }
  }
  if (key == "params" || key == "initial" || key == "integrator" || key == "initial.twist_pulse") {
    return "is an object: vary one of its numbers";
  }
  const bool points = spec.shape == NishinariShape::points;
  const std::string kind = shape_name(spec.shape);
  // Keys of another initial kind.
  const auto starts = [&](const std::string& name) {
    return key.compare(0, name.size(), name) == 0 &&
           (key.size() == name.size() || key[name.size()] == '[' || key[name.size()] == '.');
  };
  for (const char* name : {"initial.origin", "initial.direction", "initial.normal", "initial.stretch"}) {
    if (points && starts(name)) return "is not used by initial kind \"points\"";
  }
  for (const char* name : {"initial.dphi", "initial.dtheta", "initial.dpsi"}) {
    if (spec.shape != NishinariShape::helix && starts(name)) {
      return "is not used by initial kind \"" + kind + "\" (only by \"helix\")";
    }
  }
  for (const char* name : {"initial.points", "initial.normals"}) {
    if (!points && starts(name)) return "is not used by initial kind \"" + kind + "\" (only by \"points\")";
  }
  if (spec.has_velocities && starts("initial.velocity")) {
    return "is not used: the config gives initial.velocities (vary its elements, e.g. initial.velocities[0][1])";
  }
  if (!spec.has_velocities && starts("initial.velocities")) {
    return "cannot be varied: the config has no initial.velocities list (vary initial.velocity[0..2])";
  }
  if (spec.has_spins && starts("initial.spin")) {
    return "is not used: the config gives initial.spins (vary its elements, e.g. initial.spins[0])";
  }
  if (!spec.has_spins && starts("initial.spins")) {
    return "cannot be varied: the config has no initial.spins list (vary initial.spin)";
  }
  if (!spec.has_twist_pulse && starts("initial.twist_pulse")) {
    return "cannot be varied: the config has no initial.twist_pulse section";
  }
  // Whole vectors and lists, or one row of a list of vectors.
  const auto list_or_row = [&](const std::string& list) {
    return key.compare(0, list.size(), list) == 0 && (key.size() == list.size() || key[list.size()] == '[') &&
           std::count(key.begin(), key.end(), ']') <= 1;
  };
  for (const char* name : {"params.g", "params.load0", "params.load1", "initial.origin", "initial.direction",
                           "initial.normal", "initial.velocity", "initial.spins"}) {
    if (key == name) return "is an array: vary its elements one by one, e.g. " + std::string(name) + "[0]";
  }
  for (const char* name : {"initial.points", "initial.normals", "initial.velocities"}) {
    if (list_or_row(name)) return "is an array: vary its elements one by one, e.g. " + std::string(name) + "[0][1]";
  }
  return "";
}

}  // namespace

std::vector<std::string> nishinari_numeric_keys(const NishinariSpec& spec) {
  std::vector<std::string> keys;
  for (const auto& f : params_fields) keys.push_back(std::string("params.") + f.name);
  for (const auto& f : params_vectors) {
    for (std::size_t c = 0; c < 3; ++c) keys.push_back(index_key(std::string("params.") + f.name, c));
  }
  const auto rows = [&keys](const char* list, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      for (std::size_t c = 0; c < 3; ++c) keys.push_back(index_key(index_key(list, i), c));
    }
  };
  if (spec.shape == NishinariShape::points) {
    rows("initial.points", spec.points.size());
    rows("initial.normals", spec.normals.size());
  } else {
    for (const auto& f : frame_vectors) {
      for (std::size_t c = 0; c < 3; ++c) keys.push_back(index_key(std::string("initial.") + f.name, c));
    }
    keys.push_back("initial.stretch");
    if (spec.shape == NishinariShape::helix) {
      for (const auto& f : helix_angles) keys.push_back(std::string("initial.") + f.name);
    }
  }
  if (spec.has_velocities) {
    rows("initial.velocities", spec.velocities.size());
  } else {
    for (std::size_t c = 0; c < 3; ++c) keys.push_back(index_key("initial.velocity", c));
  }
  if (spec.has_spins) {
    for (std::size_t i = 0; i < spec.spins.size(); ++i) keys.push_back(index_key("initial.spins", i));
  } else {
    keys.push_back("initial.spin");
  }
  if (spec.has_twist_pulse) {
    for (const auto& f : pulse_fields) keys.push_back(std::string("initial.twist_pulse.") + f.name);
  }
  for (const auto& f : integrator_fields) keys.push_back(std::string("integrator.") + f.name);
  return keys;
}

NishinariSlot resolve_nishinari_slot(NishinariSpec& spec, const std::string& key, const std::string& error_key,
                                     const std::string& source) {
  const KeyPath path = parse_key_path(key, source, error_key);
  if (double* target = find_slot(spec, path)) return NishinariSlot{target, target == &spec.n};
  const std::string canonical = format_key_path(path);
  const std::string why = why_not_numeric(spec, canonical);
  if (!why.empty()) throw ConfigError(source, error_key, canonical + " " + why);
  throw ConfigError(
      source, error_key,
      "no numeric key " + canonical + " in this config" + suggestion_suffix(canonical, nishinari_numeric_keys(spec)));
}

}  // namespace rodswarm::config_detail
