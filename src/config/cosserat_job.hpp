/// @file cosserat_job.hpp
/// A Cosserat run as plain structs: what the config layer (the only code that sees JSON) hands the engine.
/// Schema: README.md, "Model cosserat", and the top of cosserat_config.cpp. The members hold the initial state,
/// the rest data (rest strains of the discrete rest configuration) and the clamp positions and frames at t = 0.
#pragma once

#include "config/job.hpp"
#include "rodswarm/models/cosserat_model.hpp"

namespace rodswarm {

/// `steady` for rods: dynamic relaxation (the member's own dynamics plus added damping) stopped when the
/// stiffness-weighted static residual Z_s (note section 3.1) falls below tol times its value at t = 0 plus an
/// absolute floor, or at max_time.
struct CosseratSteadySpec {
  /// relaxation: the dynamics with added damping; newton: Newton on the linearisation of cosserat_statics.hpp
  /// (float64), with load increments where one increment does not converge.
  enum class Method { relaxation, newton } method = Method::relaxation;
  double damping = 0;   ///< added nu_f = nu_t [1/s]; 0 means 2 pi / (the member's t_end) ... see README
  double tol = 1e-10;   ///< relative Z_s target
  double max_time = 0;  ///< simulated seconds at most; 0 means integrator.t_end
};

template <>
struct JobSettings<cosserat::Model> {
  cosserat::Scheme scheme = cosserat::Scheme::verlet;  ///< integrator.scheme (all members)
  CosseratSteadySpec steady;
  /// Whether any member of the whole job (every shard's too) stands on an elastic foundation: the energy then has
  /// a "foundation" column.
  bool foundation = false;
};

using CosseratJob = Job<cosserat::Model>;

}  // namespace rodswarm
