/// @file rodpair_slots.cpp
/// The numbers of a RodpairSpec that `ensemble.vary` may address, in schema order (each rod's as se3rod's, under
/// rod1. and rod2.), and the keys of a config that cannot vary.
#include "config/rodpair_spec.hpp"
#include "config/se3rod_params.hpp"

namespace rodswarm {

using config_detail::Unvaried;

template <>
void Schema<rodpair::Model>::numbers(Spec& s, const config_detail::NumberSlots& slots) {
  config_detail::se3rod_rod_numbers(s.rod[0], slots, "rod1.");
  config_detail::se3rod_rod_numbers(s.rod[1], slots, "rod2.");
  slots.number("contact.s1", s.s1);
  slots.number("contact.s2", s.s2);
  if (s.has_width[0]) slots.number("contact.width1", s.width[0]);
  if (s.has_width[1]) slots.number("contact.width2", s.width[1]);
  slots.integer("contact.frozen", s.frozen);
  slots.integer("contact.bilateral", s.bilateral);
  if (s.analysis.spectrum) {
    slots.integer("analysis.spectrum.rod", s.spectrum_rod);
    slots.vector("analysis.spectrum.direction", s.direction);
  }
  config_detail::analysis_slots(s.analysis, slots);
}

template <>
std::vector<Unvaried> Schema<rodpair::Model>::unvaried(const Spec& s) {
  std::vector<Unvaried> out = config_detail::se3rod_rod_unvaried(s.rod[0], "rod1.");
  for (auto& u : config_detail::se3rod_rod_unvaried(s.rod[1], "rod2.")) out.push_back(std::move(u));
  for (int r = 0; r < 2; ++r) {
    const std::string key = r == 0 ? "contact.width1" : "contact.width2";
    if (!s.has_width[r]) out.push_back({key, "is not in this config (its default, the rod's h, cannot vary: set it)"});
  }
  config_detail::analysis_unvaried(s.analysis, out);
  return out;
}

/// Each rod's table is se3rod's, under rod1. and rod2. (the results columns are rodpair's own: rodpair_run.cpp).
template <>
std::vector<ParamDoc> Schema<rodpair::Model>::param_docs() {
  std::vector<ParamDoc> rows;
  for (const char* rod : {"rod1.", "rod2."}) {
    for (auto& row :
         config_detail::param_docs(config_detail::se3rod_params(), config_detail::se3rod_initial(), rod, false))
      rows.push_back(row);
  }
  return rows;
}

}  // namespace rodswarm
