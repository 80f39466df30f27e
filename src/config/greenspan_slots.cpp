/// @file greenspan_slots.cpp
/// resolve_slot: a `vary` key to the number it addresses inside a GreenspanSpec, resolved once per key so that
/// expansion writes each member's values straight into the spec.
#include <algorithm>

#include "config/greenspan_spec.hpp"
#include "config/json_check.hpp"
#include "config/key_path.hpp"
#include "config/suggest.hpp"

namespace rodswarm::config_detail {

namespace {

struct NamedField {
  const char* name;
  double GreenspanSpec::*field;
};

const NamedField params_fields[] = {
    {"n", &GreenspanSpec::n},     {"dx", &GreenspanSpec::dx},
    {"m", &GreenspanSpec::m},     {"T0", &GreenspanSpec::T0},
    {"eps", &GreenspanSpec::eps}, {"alpha", &GreenspanSpec::alpha},
    {"g", &GreenspanSpec::g},     {"tension_exponent", &GreenspanSpec::tension_exponent}};

const NamedField integrator_fields[] = {{"dt", &GreenspanSpec::dt},
                                        {"t_end", &GreenspanSpec::t_end},
                                        {"divergence_factor", &GreenspanSpec::divergence_factor}};

bool is_name(const KeyToken& t, const char* name) { return !t.is_index && t.name == name; }

/// Element [i] or [i][j] of a fixed-width array of rows, or nullptr.
template <std::size_t W>
double* row_element(std::vector<std::array<double, W>>& rows, const KeyPath& path) {
  if (path.size() != 4 || !path[2].is_index || !path[3].is_index) return nullptr;
  if (path[2].index >= rows.size() || path[3].index >= W) return nullptr;
  return &rows[path[2].index][path[3].index];
}

double* find_slot(GreenspanSpec& spec, const KeyPath& path) {
  if (path.size() < 2) return nullptr;
  if (is_name(path[0], "params") && path.size() == 2) {
    for (const auto& f : params_fields) {
      if (is_name(path[1], f.name)) return &(spec.*f.field);
    }
  }
  if (is_name(path[0], "integrator") && path.size() == 2) {
    for (const auto& f : integrator_fields) {
      if (is_name(path[1], f.name)) return &(spec.*f.field);
    }
  }
  if (is_name(path[0], "initial")) {
    if (spec.kind == InitialKind::triangle && is_name(path[1], "peak") && path.size() == 3 && path[2].is_index &&
        path[2].index < 2) {
      return &spec.peak[path[2].index];
    }
    if (spec.kind == InitialKind::polyline && is_name(path[1], "vertices")) return row_element(spec.vertices, path);
    if (spec.kind == InitialKind::points && is_name(path[1], "points")) return row_element(spec.points, path);
    if (spec.has_velocities && is_name(path[1], "velocities") && path.size() == 3 && path[2].is_index &&
        path[2].index < spec.velocities.size()) {
      return &spec.velocities[path[2].index];
    }
  }
  return nullptr;
}

/// Why an existing but unusable key cannot be varied, or "" when the key does not exist at all.
std::string why_not_numeric(const GreenspanSpec& spec, const std::string& key) {
  if (key == "initial.kind" || key == "integrator.scheme") return "is not a number and cannot be varied";
  for (const char* top : {"model", "precision", "output", "compare", "steady", "ensemble"}) {
    const std::string t = top;
    if (key == t || key.compare(0, t.size() + 1, t + ".") == 0) {
      return "cannot be varied: only numeric keys under params, initial and integrator can";
    }
  }
  if (key == "params" || key == "initial" || key == "integrator") return "is an object: vary one of its numbers";
  const char* array = nullptr;
  if (spec.kind == InitialKind::triangle && key == "initial.peak") array = "initial.peak";
  // The list itself or one of its rows ("initial.vertices[2]"): at most one index.
  const auto list_or_row = [&](const std::string& list) {
    return key.compare(0, list.size(), list) == 0 && (key.size() == list.size() || key[list.size()] == '[') &&
           std::count(key.begin(), key.end(), ']') <= 1;
  };
  if (spec.kind == InitialKind::polyline && list_or_row("initial.vertices")) array = "initial.vertices";
  if (spec.kind == InitialKind::points && list_or_row("initial.points")) array = "initial.points";
  if (spec.has_velocities && key == "initial.velocities") array = "initial.velocities";
  if (array == nullptr) return "";
  const std::string example = std::string(array) == "initial.peak" || std::string(array) == "initial.velocities"
                                  ? std::string(array) + "[0]"
                                  : std::string(array) + "[0][1]";
  return "is an array: vary its elements one by one, e.g. " + example;
}

}  // namespace

std::vector<std::string> numeric_keys(const GreenspanSpec& spec) {
  std::vector<std::string> keys;
  for (const auto& f : params_fields) keys.push_back(std::string("params.") + f.name);
  switch (spec.kind) {
    case InitialKind::triangle:
      keys.push_back("initial.peak[0]");
      keys.push_back("initial.peak[1]");
      break;
    case InitialKind::polyline:
      for (std::size_t i = 0; i < spec.vertices.size(); ++i) {
        for (std::size_t c = 0; c < 2; ++c) keys.push_back(index_key(index_key("initial.vertices", i), c));
      }
      break;
    case InitialKind::points:
      for (std::size_t i = 0; i < spec.points.size(); ++i) {
        for (std::size_t c = 0; c < 3; ++c) keys.push_back(index_key(index_key("initial.points", i), c));
      }
      break;
  }
  for (std::size_t i = 0; i < spec.velocities.size(); ++i) keys.push_back(index_key("initial.velocities", i));
  for (const auto& f : integrator_fields) keys.push_back(std::string("integrator.") + f.name);
  return keys;
}

Slot resolve_slot(GreenspanSpec& spec, const std::string& key, const std::string& error_key,
                  const std::string& source) {
  const KeyPath path = parse_key_path(key, source, error_key);
  if (double* target = find_slot(spec, path)) return Slot{target, target == &spec.n};
  const std::string canonical = format_key_path(path);
  const std::string why = why_not_numeric(spec, canonical);
  if (!why.empty()) throw ConfigError(source, error_key, canonical + " " + why);
  throw ConfigError(
      source, error_key,
      "no numeric key " + canonical + " in this config" + suggestion_suffix(canonical, numeric_keys(spec)));
}

}  // namespace rodswarm::config_detail
