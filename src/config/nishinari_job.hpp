/// @file nishinari_job.hpp
/// A Nishinari run as plain structs: what the config layer (the only code that sees JSON) hands the driver.
/// Schema: README.md, "Model nishinari".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/run_settings.hpp"
#include "rodswarm/common.hpp"
#include "rodswarm/ensemble/nishinari_ensemble.hpp"
#include "rodswarm/models/nishinari_params.hpp"

namespace rodswarm {

struct NishinariJob : JobCommon {
  nishinari::Formulation formulation = nishinari::Formulation::intrinsic;      ///< params.formulation (all members)
  nishinari::TwistMoment twist_moment = nishinari::TwistMoment::conservative;  ///< params.twist_moment

  /// Expanded members in float64: params (wall frames of clamped ends filled from the initial frames), dt and the
  /// initial Cartesian state (positions, velocities, segment normals, spins).
  nishinari::Ensemble<double> members;
  std::vector<double> t_end;  ///< per member

  std::int64_t size() const { return members.members(); }
};

}  // namespace rodswarm
