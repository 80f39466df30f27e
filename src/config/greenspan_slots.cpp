/// @file greenspan_slots.cpp
/// The numbers of a GreenspanSpec that `ensemble.vary` may address, in schema order (resolution, suggestions and
/// messages: vary_slots.hpp).
#include "config/greenspan_params.hpp"
#include "config/greenspan_spec.hpp"

namespace rodswarm {

template <>
void Schema<greenspan::Model>::numbers(Spec& s, const config_detail::NumberSlots& slots) {
  config_detail::param_slots(config_detail::greenspan_params(), s, slots);
  switch (s.kind) {
    case config_detail::InitialKind::triangle:
      slots.vector("initial.peak", s.peak);
      break;
    case config_detail::InitialKind::polyline:
      slots.rows("initial.vertices", s.vertices);
      break;
    case config_detail::InitialKind::points:
      slots.rows("initial.points", s.points);
      break;
  }
  slots.list("initial.velocities", s.velocities);
}

/// The shape keys of the other initial kinds.
template <>
std::vector<config_detail::Unvaried> Schema<greenspan::Model>::unvaried(const Spec& s) {
  std::vector<config_detail::Unvaried> out;
  for (const auto& kind : config_detail::greenspan_initial_kinds.entries()) {
    if (kind.value == s.kind) continue;
    const std::string why =
        std::string("is not used by initial kind \"") + config_detail::greenspan_initial_kinds.name(s.kind) + "\"";
    for (const auto& key : kind.keys) out.push_back({"initial." + key, why});
  }
  return out;
}

template <>
std::vector<ParamDoc> Schema<greenspan::Model>::param_docs() {
  return config_detail::param_docs(config_detail::greenspan_params());
}

}  // namespace rodswarm
