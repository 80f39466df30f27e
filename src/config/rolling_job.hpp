/// @file rolling_job.hpp
/// A rolling-contact run as plain structs: what the config layer (the only code that sees JSON) hands the
/// driver. Schema: README.md, "Model rolling", and the top of rolling_config.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/run_settings.hpp"
#include "rodswarm/common.hpp"
#include "rodswarm/ensemble/rolling_ensemble.hpp"
#include "rodswarm/models/rolling_params.hpp"

namespace rodswarm {

struct RollingJob : JobCommon {
  /// Expanded members in float64: params (with harmonic, sample_steps and renorm_steps already in steps of the
  /// member's dt), dt, the initial modal state (velocities as given; the stepper projects them onto the
  /// constraint before the first step) and room for the harmonic signal.
  rolling::Ensemble<double> members;
  std::vector<double> t_end;  ///< per member

  // analysis and compare as the base config gives them; a member's own (possibly varied) values, in steps of its
  // dt, are in members.params.
  int points = 129;            ///< output.points: samples of each string at save points (ends included)
  double sample_interval = 0;  ///< analysis.spectrum.sample_interval; 0: no spectrum
  int harmonic = 1;            ///< analysis.spectrum.harmonic
  double renorm_interval = 0;  ///< analysis.lyapunov.renorm_interval; 0: no Lyapunov exponent
  double lyapunov_d0 = 1e-8;   ///< analysis.lyapunov.d0
  int reference_points = 0;    ///< compare.reference_points: grid intervals of the FD reference (0: automatic)
  double compare_t_end = 0;    ///< compare.t_end: how long compare integrates (0: min(t_end, 2 L / c))
  /// Warnings about the config that are not errors (the smeared delta not resolved by the modes, a shape that does
  /// not vanish at fixed ends, modes coefficients dropped), one line each, for the CLI to print to stderr. A warning
  /// that holds for several members of an ensemble is one line that says how many and which first.
  std::vector<std::string> warnings;

  std::int64_t size() const { return members.members(); }
};

}  // namespace rodswarm
