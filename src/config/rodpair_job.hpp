/// @file rodpair_job.hpp
/// A rodpair run as plain structs: what the config layer (the only code that sees JSON) hands the engine. Schema:
/// README.md, "Model rodpair", and the top of rodpair_config.cpp. A member holds both rods' initial poses, body
/// twists and rest strains, and its contact placed and its motion put on the rolling rows.
#pragma once

#include "config/job.hpp"
#include "rodswarm/models/rodpair_model.hpp"

namespace rodswarm {

template <>
struct JobSettings<rodpair::Model> {
  double renorm_interval = 0;  ///< analysis.lyapunov.renorm_interval; 0: no Lyapunov exponent
  double lyapunov_d0 = 1e-8;   ///< analysis.lyapunov.d0
  double sample_interval = 0;  ///< analysis.spectrum.sample_interval; 0: no spectrum
  int harmonic = 1;            ///< analysis.spectrum.harmonic
};

using RodpairJob = Job<rodpair::Model>;

}  // namespace rodswarm
