/// @file cosserat_cost.hpp
/// What a Cosserat node-step costs, for `rodswarm bench`'s roofline columns (a node-step is reported as a
/// bead-step).
#pragma once

#include <cstddef>

#include "rodswarm/models/cosserat_params.hpp"

namespace rodswarm::cosserat {

/// Floating-point operations per node-step, an ESTIMATE counted by hand from cosserat_forces.hpp and
/// cosserat_stepper.hpp per node (one element, one Voronoi point), an add or multiply as one, an FMA as two, a
/// sqrt, divide, sin, cos or atan2 as one, without contact. One evaluation: element strains, force and shear couple
/// about 60; Voronoi rotation Q_k Q_{k+1}^T, its log and the couple about 105; node and element assembly with the
/// inertia terms about 90. Verlet: one evaluation plus two drifts (exp and a 3x3 product each, about 95) = 440.
/// RK4: four evaluations, four stage rotations (95), the dexp^-1 rate (40) and the stage combinations (19 values
/// x 5) = 1940.
inline double flops_per_node_step(Scheme s) {
  return s == Scheme::rk4 ? 4 * (60 + 105 + 90 + 95 + 40) + 4 * 19 * 5 : 60 + 105 + 90 + 2 * 95 - 5;
}

/// Global-memory bytes per node-step: the state (x, v, Q, w, g: 19 reals per node) read and written once per
/// advance call of `steps_per_launch` steps; the block kernel's workspace stays in L1/L2.
inline double global_bytes_per_node_step(std::size_t real_bytes, double steps_per_launch) {
  return 2.0 * 19.0 * static_cast<double>(real_bytes) / (steps_per_launch > 0 ? steps_per_launch : 1.0);
}

}  // namespace rodswarm::cosserat
