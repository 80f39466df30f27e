/// @file rolling_slots.cpp
/// resolve_rolling_slot: a `vary` key to the number it addresses inside a RollingSpec, resolved once per key so that
/// expansion writes each member's values straight into the spec. Every numeric key of a spec is listed once
/// (numeric_slots), so that resolution and the suggestions offered for a misspelt key cannot disagree.
#include <functional>

#include "config/json_check.hpp"
#include "config/key_path.hpp"
#include "config/rolling_spec.hpp"
#include "config/suggest.hpp"

namespace rodswarm::config_detail {

namespace {

const char* kind_name(RollingShapeKind kind) {
  switch (kind) {
    case RollingShapeKind::zero:
      return "zero";
    case RollingShapeKind::sine:
      return "sine";
    case RollingShapeKind::modes:
      return "modes";
    case RollingShapeKind::pluck:
      return "pluck";
    case RollingShapeKind::gaussian:
      return "gaussian";
    case RollingShapeKind::points:
      return "points";
  }
  return "";
}

/// Every numeric key a shape of some kind has.
const char* const shape_numeric_keys[] = {"amplitude", "k", "coefficients", "at", "center", "width", "values"};

/// Whether shapes of `kind` have the numeric key `name`.
bool uses(RollingShapeKind kind, const std::string& name) {
  switch (kind) {
    case RollingShapeKind::zero:
      return false;
    case RollingShapeKind::sine:
      return name == "amplitude" || name == "k";
    case RollingShapeKind::modes:
      return name == "coefficients";
    case RollingShapeKind::pluck:
      return name == "amplitude" || name == "at";
    case RollingShapeKind::gaussian:
      return name == "amplitude" || name == "center" || name == "width";
    case RollingShapeKind::points:
      return name == "values";
  }
  return false;
}

/// Calls `emit(key, target, is_integer)` for every number of `spec` a vary key may address, in schema order.
void numeric_slots(RollingSpec& s, const std::function<void(const std::string&, double*, bool)>& emit) {
  const auto num = [&](const std::string& key, double& x) { emit(key, &x, false); };
  const auto list = [&](const std::string& key, std::vector<double>& xs) {
    for (std::size_t i = 0; i < xs.size(); ++i) emit(index_key(key, i), &xs[i], false);
  };

  emit("params.modes", &s.modes, true);
  num("params.L", s.L);
  num("params.c", s.c);
  num("params.F", s.F);
  num("params.G1", s.G1);
  num("params.G2", s.G2);
  num("params.sigma", s.sigma);
  emit("params.frozen", &s.frozen, true);
  num("params.divergence_bound", s.divergence_bound);

  for (int i = 0; i < 4; ++i) {
    if (!rolling_has_shape(s, i)) continue;
    RollingShape& shape = rolling_shape(s, i);
    const std::string prefix = std::string("initial.") + rolling_shape_names[i] + ".";
    switch (shape.kind) {
      case RollingShapeKind::zero:
        break;
      case RollingShapeKind::sine:
        num(prefix + "amplitude", shape.amplitude);
        num(prefix + "k", shape.k);
        break;
      case RollingShapeKind::modes:
        list(prefix + "coefficients", shape.coefficients);
        break;
      case RollingShapeKind::pluck:
        num(prefix + "amplitude", shape.amplitude);
        num(prefix + "at", shape.at);
        break;
      case RollingShapeKind::gaussian:
        num(prefix + "amplitude", shape.amplitude);
        num(prefix + "center", shape.center);
        num(prefix + "width", shape.width);
        break;
      case RollingShapeKind::points:
        list(prefix + "values", shape.values);
        break;
    }
  }
  num("initial.s1", s.s1);
  num("initial.s2", s.s2);

  num("integrator.dt", s.dt);
  num("integrator.t_end", s.t_end);

  if (s.spectrum) {
    emit("analysis.spectrum.harmonic", &s.harmonic, true);
    num("analysis.spectrum.sample_interval", s.sample_interval);
  }
  if (s.lyapunov) {
    num("analysis.lyapunov.renorm_interval", s.renorm_interval);
    num("analysis.lyapunov.d0", s.d0);
  }
}

bool within(const std::string& key, const std::string& prefix) {
  return key.compare(0, prefix.size(), prefix) == 0 &&
         (key.size() == prefix.size() || key[prefix.size()] == '.' || key[prefix.size()] == '[');
}

/// Why an existing (or schema-valid) but unusable key cannot be varied, or "" when the key does not exist at all.
std::string why_not_numeric(const RollingSpec& spec, const std::string& key, const std::vector<std::string>& keys) {
  for (const char* text : {"params.ends", "integrator.scheme"}) {
    if (key == text) return "is not a number and cannot be varied";
  }
  for (int i = 0; i < 4; ++i) {
    if (key == std::string("initial.") + rolling_shape_names[i] + ".kind")
      return "is not a number and cannot be varied";
  }
  for (const char* top : {"model", "precision", "output", "compare", "ensemble"}) {
    if (within(key, top)) {
      return "cannot be varied: only numeric keys under params, initial, integrator and analysis can";
    }
  }
  // A whole list or section whose numbers are varyable.
  for (const auto& k : keys) {
    if (k.size() > key.size() && k.compare(0, key.size(), key) == 0) {
      if (k[key.size()] == '[') return "is an array: vary its elements one by one, e.g. " + k;
      if (k[key.size()] == '.') return "is an object: vary one of its numbers, e.g. " + k;
    }
  }
  // Sections this config does not have.
  const std::pair<const char*, bool> sections[] = {{"analysis.spectrum", spec.spectrum},
                                                   {"analysis.lyapunov", spec.lyapunov}};
  for (const auto& [section, present] : sections) {
    if (!present && within(key, section)) {
      return "cannot be varied: the config has no " + std::string(section) + " (give it a value there first)";
    }
  }
  for (int i = 0; i < 4; ++i) {
    const std::string shape_key = std::string("initial.") + rolling_shape_names[i];
    if (!within(key, shape_key) || key == shape_key) continue;
    if (!rolling_has_shape(spec, i)) {
      return "cannot be varied: the config has no " + shape_key + " (give it a shape there first)";
    }
    const RollingShapeKind kind = rolling_shape(spec, i).kind;
    for (const char* name : shape_numeric_keys) {
      if (within(key, shape_key + "." + name) && !uses(kind, name)) {
        return "is not used by " + shape_key + " of kind \"" + kind_name(kind) + "\"";
      }
    }
  }
  return "";
}

}  // namespace

std::vector<std::string> rolling_numeric_keys(const RollingSpec& spec) {
  RollingSpec copy = spec;
  std::vector<std::string> keys;
  numeric_slots(copy, [&keys](const std::string& key, double*, bool) { keys.push_back(key); });
  return keys;
}

RollingSlot resolve_rolling_slot(RollingSpec& spec, const std::string& key, const std::string& error_key,
                                 const std::string& source) {
  const KeyPath path = parse_key_path(key, source, error_key);
  const std::string canonical = format_key_path(path);
  RollingSlot found;
  numeric_slots(spec, [&](const std::string& k, double* target, bool is_integer) {
    if (found.target == nullptr && k == canonical) found = RollingSlot{target, is_integer};
  });
  if (found.target != nullptr) return found;
  const std::vector<std::string> keys = rolling_numeric_keys(spec);
  const std::string why = why_not_numeric(spec, canonical, keys);
  if (!why.empty()) throw ConfigError(source, error_key, canonical + " " + why);
  throw ConfigError(source, error_key,
                    "no numeric key " + canonical + " in this config" + suggestion_suffix(canonical, keys));
}

}  // namespace rodswarm::config_detail
