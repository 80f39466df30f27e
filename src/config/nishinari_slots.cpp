/// @file nishinari_slots.cpp
/// The numbers of a NishinariSpec that `ensemble.vary` may address, in schema order, and the keys of a config that
/// cannot vary (resolution, suggestions and messages: vary_slots.hpp).
#include "config/nishinari_params.hpp"
#include "config/nishinari_spec.hpp"

namespace rodswarm {

using config_detail::NishinariShape;
using config_detail::Unvaried;

template <>
void Schema<nishinari::Model>::numbers(Spec& s, const config_detail::NumberSlots& slots) {
  config_detail::param_slots(config_detail::nishinari_params(), s, slots);
  config_detail::param_slots(config_detail::nishinari_initial(), s, slots);
  if (s.shape == NishinariShape::points) {
    slots.rows("initial.points", s.points);
    slots.rows("initial.normals", s.normals);
  }
  if (s.has_velocities) slots.rows("initial.velocities", s.velocities);
  if (s.has_spins) slots.list("initial.spins", s.spins);
}

/// Keys of the other initial kinds, and the uniform or per-element form of the motion this config does not use.
template <>
std::vector<Unvaried> Schema<nishinari::Model>::unvaried(const Spec& s) {
  const std::string kind = config_detail::nishinari_initial_kinds.name(s.shape);
  std::vector<Unvaried> out;
  config_detail::param_unvaried(config_detail::nishinari_initial(), s, out);
  for (const char* name : {"points", "normals"}) {
    if (s.shape != NishinariShape::points) {
      out.push_back(
          {std::string("initial.") + name, "is not used by initial kind \"" + kind + "\" (only by \"points\")"});
    }
  }
  if (!s.has_velocities) {
    out.push_back({"initial.velocities",
                   "cannot be varied: the config has no initial.velocities list (vary initial.velocity[0..2])"});
  }
  if (!s.has_spins) {
    out.push_back({"initial.spins", "cannot be varied: the config has no initial.spins list (vary initial.spin)"});
  }
  if (!s.has_twist_pulse) {
    out.push_back({"initial.twist_pulse", "cannot be varied: the config has no initial.twist_pulse section"});
  }
  return out;
}

template <>
std::vector<ParamDoc> Schema<nishinari::Model>::param_docs() {
  return config_detail::param_docs(config_detail::nishinari_params(), config_detail::nishinari_initial());
}

}  // namespace rodswarm
