/// @file nishinari_params.hpp
/// Model nishinari's numeric parameters, declared once (param_table.hpp): the `params` section's keys, defaults,
/// ranges, units and docs, where each lands in nishinari::Params and its results column. A new parameter is a
/// member of Params (include/rodswarm/models/nishinari_params.hpp) and a row here. The choices (ends, formulation,
/// twist_moment) are read in nishinari_config.cpp.
#pragma once

#include "config/member_checker.hpp"
#include "config/nishinari_spec.hpp"
#include "config/param_table.hpp"

namespace rodswarm::config_detail {

inline const ParamTable<NishinariSpec, nishinari::Params<double>>& nishinari_params() {
  using S = NishinariSpec;
  using P = nishinari::Params<double>;
  using R = ParamRange;
  const Vec3 zero{0, 0, 0};
  // key, spec, default (nullopt: required), range, lo, hi, unit, doc, Params member, varied, results column
  static const ParamTable<S, P> table = {
      {"n", &S::n, std::nullopt, R::integer, 3, max_member_beads, "", "beads", &P::n, true, "n"},
      {"l", &S::l, std::nullopt, R::positive, 0, 0, "m", "rest length of a segment", &P::l, true, "l"},
      {"m", &S::m, std::nullopt, R::positive, 0, 0, "kg", "mass of a bead", &P::m, true, "m"},
      {"k", &S::k, std::nullopt, R::positive, 0, 0, "N", "axial stiffness EZ: N = k (G - l) / l", &P::k, true, "k"},
      {"K", &S::K, std::nullopt, R::non_negative, 0, 0, "N m^2", "bending stiffness EI", &P::K, true, "K"},
      {"h", &S::h, std::nullopt, R::non_negative, 0, 0, "N m^2", "twist stiffness GJ", &P::h, true, "h"},
      {"j", &S::j, std::nullopt, R::positive, 0, 0, "kg m", "spin inertia of a segment about its tangent (2 rho I l)",
       &P::j, true, "j"},
      {"damping", &S::damping, 0.0, R::non_negative, 0, 0, "kg/s", "viscous force -damping v on every bead",
       &P::damping, true, "damping"},
      {"spin_damping", &S::spin_damping, 0.0, R::non_negative, 0, 0, "kg m/s",
       "viscous torque -spin_damping C_s on every segment", &P::spin_damping, true, "spin_damping"},
      {"g", &S::g, zero, R::finite, 0, 0, "m/s^2", "gravitational acceleration", &P::g, true, "g"},
      {"load0", &S::load0, zero, R::finite, 0, 0, "N", "constant force on bead 0", &P::load0, true, "load0"},
      {"load1", &S::load1, zero, R::finite, 0, 0, "N", "constant force on bead n - 1", &P::load1, true, "load1"},
  };
  return table;
}

}  // namespace rodswarm::config_detail
