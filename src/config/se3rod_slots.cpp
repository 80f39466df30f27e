/// @file se3rod_slots.cpp
/// The numbers of a Se3rodSpec that `ensemble.vary` may address, in schema order, and the keys of a config that
/// cannot vary (resolution, suggestions and messages: vary_slots.hpp).
#include "config/se3rod_params.hpp"
#include "config/se3rod_spec.hpp"

namespace rodswarm {

using config_detail::Se3rodShape;
using config_detail::Unvaried;

namespace config_detail {

void se3rod_rod_numbers(Se3rodSpec& s, const NumberSlots& slots, const std::string& prefix) {
  const std::string params = prefix + "params", initial = prefix + "initial";
  param_slots(se3rod_params(), s, slots, prefix);
  slots.number(params + ".tension", s.tension);
  for (int e = 0; e < 2; ++e) {
    if ((e == 0 ? s.end0 : s.end1) != se3rod::End::prescribed) continue;
    slots.vector(params + ".end_velocity" + std::to_string(e), s.end_velocity[e]);
    slots.vector(params + ".end_angular_velocity" + std::to_string(e), s.end_angular_velocity[e]);
  }
  if (s.contact == se3rod::Contact::plane) {
    slots.vector(params + ".plane_normal", s.plane_normal);
    slots.number(params + ".plane_offset", s.plane_offset);
  }
  param_slots(se3rod_initial(), s, slots, prefix);
  if (s.shape == Se3rodShape::points) {
    slots.rows(initial + ".points", s.points);
    slots.rows(initial + ".normals", s.normals);
  }
}

}  // namespace config_detail

template <>
void Schema<se3rod::Model>::numbers(Spec& s, const config_detail::NumberSlots& slots) {
  config_detail::se3rod_rod_numbers(s, slots, "");
}

namespace config_detail {

/// Keys of the other initial kinds, a length the points do not use, and the motion of an end not prescribed.
std::vector<Unvaried> se3rod_rod_unvaried(const Se3rodSpec& s, const std::string& prefix) {
  const std::string kind = se3rod_initial_kinds.name(s.shape);
  std::vector<Unvaried> out;
  for (int e = 0; e < 2; ++e) {
    const se3rod::End end = e == 0 ? s.end0 : s.end1;
    if (end == se3rod::End::prescribed) continue;
    const std::string why = "is only used by a prescribed end (params.ends[" + std::to_string(e) + "] is \"" +
                            se3rod_end_kinds.name(end) + "\")";
    out.push_back({prefix + "params.end_velocity" + std::to_string(e), why});
    out.push_back({prefix + "params.end_angular_velocity" + std::to_string(e), why});
  }
  if (s.contact != se3rod::Contact::plane) {
    for (const char* key : {"params.plane_normal", "params.plane_offset"})
      out.push_back({prefix + key, "is only used with params.contact \"plane\""});
  }
  if (!s.has_length) out.push_back({prefix + "params.length", "is not in this config (initial kind \"" + kind + "\")"});
  param_unvaried(se3rod_initial(), s, out, prefix);
  if (s.shape != Se3rodShape::points) {
    for (const char* name : {"points", "normals"})
      out.push_back({prefix + "initial." + name, "is not used by initial kind \"" + kind + "\" (only by \"points\")"});
  }
  return out;
}

}  // namespace config_detail

template <>
std::vector<Unvaried> Schema<se3rod::Model>::unvaried(const Spec& s) {
  return config_detail::se3rod_rod_unvaried(s, "");
}

template <>
std::vector<ParamDoc> Schema<se3rod::Model>::param_docs() {
  return config_detail::param_docs(config_detail::se3rod_params(), config_detail::se3rod_initial());
}

}  // namespace rodswarm
