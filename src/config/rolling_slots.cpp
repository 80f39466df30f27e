/// @file rolling_slots.cpp
/// The numbers of a RollingSpec that `ensemble.vary` may address, in schema order, and the keys of a config that
/// cannot vary (resolution, suggestions and messages: vary_slots.hpp).
#include <algorithm>

#include "config/rolling_params.hpp"
#include "config/rolling_spec.hpp"

namespace rodswarm {

using config_detail::RollingShape;
using config_detail::RollingShapeKind;
using config_detail::Unvaried;

template <>
void Schema<rolling::Model>::numbers(Spec& s, const config_detail::NumberSlots& slots) {
  config_detail::param_slots(config_detail::rolling_params(), s, slots);
  slots.integer("params.frozen", s.frozen);
  for (int i = 0; i < 4; ++i) {
    if (!config_detail::rolling_has_shape(s, i)) continue;
    RollingShape& shape = config_detail::rolling_shape(s, i);
    const std::string prefix = std::string("initial.") + config_detail::rolling_shape_names[i] + ".";
    switch (shape.kind) {
      case RollingShapeKind::zero:
        break;
      case RollingShapeKind::sine:
        slots.number(prefix + "amplitude", shape.amplitude);
        slots.number(prefix + "k", shape.k);
        break;
      case RollingShapeKind::modes:
        slots.list(prefix + "coefficients", shape.coefficients);
        break;
      case RollingShapeKind::pluck:
        slots.number(prefix + "amplitude", shape.amplitude);
        slots.number(prefix + "at", shape.at);
        break;
      case RollingShapeKind::gaussian:
        slots.number(prefix + "amplitude", shape.amplitude);
        slots.number(prefix + "center", shape.center);
        slots.number(prefix + "width", shape.width);
        break;
      case RollingShapeKind::points:
        slots.list(prefix + "values", shape.values);
        break;
    }
  }
  slots.number("initial.s1", s.s1);
  slots.number("initial.s2", s.s2);
  config_detail::analysis_slots(s.analysis, slots);
}

/// Analysis sections and shapes this config does not have, and the keys of other shape kinds.
template <>
std::vector<Unvaried> Schema<rolling::Model>::unvaried(const Spec& s) {
  std::vector<Unvaried> out;
  config_detail::analysis_unvaried(s.analysis, out);
  const auto& kinds = config_detail::rolling_shape_kinds;
  for (int i = 0; i < 4; ++i) {
    const std::string shape_key = std::string("initial.") + config_detail::rolling_shape_names[i];
    if (!config_detail::rolling_has_shape(s, i)) {
      out.push_back({shape_key, "cannot be varied: the config has no " + shape_key + " (give it a shape there first)"});
      continue;
    }
    const RollingShapeKind kind = config_detail::rolling_shape(s, i).kind;
    const std::vector<std::string>& own = kinds.keys(kind);
    for (const auto& other : kinds.entries()) {
      for (const auto& name : other.keys) {
        if (std::find(own.begin(), own.end(), name) != own.end()) continue;
        out.push_back(
            {shape_key + "." + name, "is not used by " + shape_key + " of kind \"" + kinds.name(kind) + "\""});
      }
    }
  }
  return out;
}

template <>
std::vector<ParamDoc> Schema<rolling::Model>::param_docs() {
  return config_detail::param_docs(config_detail::rolling_params());
}

}  // namespace rodswarm
