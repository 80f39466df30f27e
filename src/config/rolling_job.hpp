/// @file rolling_job.hpp
/// A rolling-contact run as plain structs: what the config layer (the only code that sees JSON) hands the
/// engine. Schema: README.md, "Model rolling", and the top of rolling_config.cpp. The members hold params (with
/// harmonic, sample_steps and renorm_steps already in steps of the member's dt), the initial modal state
/// (velocities as given; the stepper projects them onto the constraint before the first step) and room for the
/// harmonic signal. Warnings about the config that are not errors (the smeared delta not resolved by the modes, a
/// shape that does not vanish at fixed ends, modes coefficients dropped) are in Job::warnings; a warning that
/// holds for several members of an ensemble is one line that says how many and which first.
#pragma once

#include "config/job.hpp"
#include "rodswarm/models/rolling_model.hpp"

namespace rodswarm {

/// analysis and compare as the base config gives them; a member's own (possibly varied) values, in steps of its
/// dt, are in its params.
template <>
struct JobSettings<rolling::Model> {
  int points = 129;            ///< output.points: samples of each string at save points (ends included)
  double sample_interval = 0;  ///< analysis.spectrum.sample_interval; 0: no spectrum
  int harmonic = 1;            ///< analysis.spectrum.harmonic
  double renorm_interval = 0;  ///< analysis.lyapunov.renorm_interval; 0: no Lyapunov exponent
  double lyapunov_d0 = 1e-8;   ///< analysis.lyapunov.d0
  int reference_points = 0;    ///< compare.reference_points: grid intervals of the FD reference (0: automatic)
  double compare_t_end = 0;    ///< compare.t_end: how long compare integrates (0: min(t_end, 2 L / c))
};

using RollingJob = Job<rolling::Model>;

}  // namespace rodswarm
