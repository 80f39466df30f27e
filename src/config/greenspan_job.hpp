/// @file greenspan_job.hpp
/// A Greenspan run as plain structs: what the config layer (the only code that sees JSON) hands the driver.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/run_settings.hpp"
#include "rodswarm/common.hpp"
#include "rodswarm/ensemble/greenspan_ensemble.hpp"
#include "rodswarm/models/greenspan_stepper.hpp"

namespace rodswarm {

struct GreenspanJob : JobCommon {
  greenspan::Scheme scheme = greenspan::Scheme::paper;
  SteadySpec steady;

  /// Expanded members in float64: params, dt and the initial state y0, v0.
  greenspan::Ensemble<double> members;
  std::vector<double> t_end;  ///< per member

  std::int64_t size() const { return members.members(); }
};

}  // namespace rodswarm
