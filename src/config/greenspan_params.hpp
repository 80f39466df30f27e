/// @file greenspan_params.hpp
/// Model greenspan's numeric parameters, declared once (param_table.hpp): the `params` section's keys, defaults,
/// ranges, units and docs, where each lands in greenspan::Params and its results column. A new parameter is a
/// member of Params (include/rodswarm/models/greenspan.hpp) and a row here.
#pragma once

#include "config/greenspan_spec.hpp"
#include "config/member_checker.hpp"
#include "config/param_table.hpp"

namespace rodswarm::config_detail {

inline const ParamTable<GreenspanSpec, greenspan::Params<double>>& greenspan_params() {
  using S = GreenspanSpec;
  using P = greenspan::Params<double>;
  using R = ParamRange;
  // key, spec, default (nullopt: required), range, lo, hi, unit, doc, Params member, varied, results column
  static const ParamTable<S, P> table = {
      {"n", &S::n, std::nullopt, R::integer, 1, max_member_beads, "", "moving beads (the two fixed ends not counted)",
       &P::n, true, "n"},
      {"dx", &S::dx, std::nullopt, R::positive, 0, 0, "m", "horizontal bead spacing", &P::dx, true, "dx"},
      {"m", &S::m, std::nullopt, R::positive, 0, 0, "kg", "mass of each moving bead", &P::m, true, "m"},
      {"T0", &S::T0, std::nullopt, R::positive, 0, 0, "N", "tension scale of (6.1)", &P::T0, true, "T0"},
      {"eps", &S::eps, 0.0, R::non_negative, 0, 0, "", "quadratic coefficient of the bracket of (6.1)", &P::eps, true,
       "eps"},
      {"alpha", &S::alpha, 0.0, R::non_negative, 0, 0, "kg/s", "viscous damping (force per velocity)", &P::alpha, true,
       "alpha"},
      {"g", &S::g, 0.0, R::finite, 0, 0, "m/s^2", "gravitational acceleration, acting in -y", &P::g, true, "g"},
      {"load", InTable{}, 0.0, R::finite, 0, 0, "N", "constant force on every moving bead along +y (wind, pressure)",
       &P::load, true, "load"},
      {"tension_exponent", &S::tension_exponent, 1.0, R::positive, 0, 0, "",
       "q: the power the bracket of (6.1) is raised to", &P::tension_exponent, true, "tension_exponent"},
  };
  return table;
}

}  // namespace rodswarm::config_detail
