/// @file nishinari_job.hpp
/// A Nishinari run as plain structs: what the config layer (the only code that sees JSON) hands the engine.
/// Schema: README.md, "Model nishinari". The members hold the Cartesian exchange state (positions, velocities,
/// segment normals, spins); the wall frames of clamped ends are filled from the initial frames.
#pragma once

#include "config/job.hpp"
#include "rodswarm/models/nishinari_model.hpp"

namespace rodswarm {

template <>
struct JobSettings<nishinari::Model> {
  nishinari::Formulation formulation = nishinari::Formulation::intrinsic;      ///< params.formulation (all members)
  nishinari::TwistMoment twist_moment = nishinari::TwistMoment::conservative;  ///< params.twist_moment
};

using NishinariJob = Job<nishinari::Model>;

}  // namespace rodswarm
