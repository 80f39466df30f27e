/// @file rolling_params.hpp
/// Model rolling's numeric parameters, declared once (param_table.hpp): the `params` section's keys, defaults,
/// ranges, units and docs and where each lands in rolling::Params. A new parameter is a member of Params
/// (include/rodswarm/models/rolling_params.hpp) and a row here. The choice of ends and the frozen switch (a boolean
/// or 0 / 1) are read in rolling_config.cpp; the results columns (rolling_run.cpp, written out there) interleave
/// them with these.
#pragma once

#include "config/member_checker.hpp"
#include "config/param_table.hpp"
#include "config/rolling_spec.hpp"

namespace rodswarm::config_detail {

/// Most modes per string accepted: the projection of a quadrature shape costs about 16 K^2 basis evaluations.
inline constexpr double rolling_max_modes = 1 << 16;

inline const ParamTable<RollingSpec, rolling::Params<double>>& rolling_params() {
  using S = RollingSpec;
  using P = rolling::Params<double>;
  using R = ParamRange;
  // key, spec, default (nullopt: required), range, lo, hi, unit, doc, Params member, varied, results column,
  // column value, and what an integer's range error says it is
  static const ParamTable<S, P> table = {
      {"modes", &S::modes, std::nullopt, R::integer, 1, rolling_max_modes, "", "K: modes per string", &P::modes, true,
       "modes", nullptr, "modes per string"},
      {"L", &S::L, std::nullopt, R::positive, 0, 0, "m", "length of both strings", &P::L, true, "L"},
      {"c", &S::c, 1.0, R::positive, 0, 0, "m/s", "wave speed", &P::c, true, "c"},
      {"F", &S::F, 1.0, R::finite, 0, 0, "", "rolling constraint u_t(s1) = F v_t(s2)", &P::F, true, "F"},
      {"G1", &S::G1, std::nullopt, R::finite, 0, 0, "", "contact-point speed s1' = G1 u_t(s1)", &P::G1, true, "G1"},
      {"G2", &S::G2, std::nullopt, R::finite, 0, 0, "", "contact-point speed s2' = G2 v_t(s2)", &P::G2, true, "G2"},
      {"sigma", &S::sigma, std::nullopt, R::positive, 0, 0, "m", "width of the smeared delta (a modal Gaussian)",
       &P::sigma, true, "sigma"},
      {"divergence_bound", &S::divergence_bound, 1e8, R::positive, 0, 0, "",
       "a member diverges when a state component exceeds it in magnitude", &P::divergence_bound},
  };
  return table;
}

}  // namespace rodswarm::config_detail
