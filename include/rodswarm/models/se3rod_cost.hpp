/// @file se3rod_cost.hpp
/// What an se3rod node-step costs, for `rodswarm bench`'s roofline columns.
#pragma once

#include <cstddef>

#include "rodswarm/models/se3rod_params.hpp"

namespace rodswarm::se3rod {

/// Floating-point operations per node-step, an ESTIMATE counted by hand from se3rod.hpp, se3rod_stepper.hpp and
/// linalg/se3.hpp (an add or multiply as one, an FMA as two, a sqrt, divide, sin or cos as one, so the roofline
/// fraction is if anything understated). Per segment pass: the relative pose about 60, its log about 80, the
/// wrench 12, dexp^-T about 100, the adjoint transpose about 60 (310). Per node and rate: the acceleration (ad^T,
/// gravity in the body frame, the inverse inertia) about 70. RKMK4 per stage adds dexp^-1 about 100, the exp
/// about 80, the pose product about 60 and the stage sums about 40; Lie-Euler the exp and the product; the
/// variational step two segment passes, about five fixed-point passes of about 130, the exp and product.
///
/// Rolling on a plane (se3rod_plane_contact.hpp) adds, per rolling node and rate, the reaction: the contact offset
/// R^T n about 20, the centripetal and free rows about 40, the scale about 20, the 3x3 compliance about 60 and its
/// solve about 50, the normal reaction and its sign about 20, the force's acceleration about 20 (230); and per step
/// the restore: the gap and the move about 15, the offset, compliance and solve again about 130, the projection
/// about 30 (175). Every node is counted as rolling (the bench's rods have free ends).
inline double flops_per_node_step(Scheme s, Contact contact = Contact::none) {
  const double reaction = contact == Contact::plane ? 230 : 0, restore = contact == Contact::plane ? 175 : 0;
  switch (s) {
    case Scheme::lie_euler:
      return 310 + 70 + 140 + reaction + restore;
    case Scheme::variational:
      return 2 * 310 + 5 * 130 + 140 + 2 * 70 + 100;  // refuses contact
    case Scheme::rkmk4:
      break;
  }
  return 4 * (310 + 70 + 100 + 80 + 60 + 40 + reaction) + restore;
}

/// Global-memory bytes per node-step: the state (pose 12 and twist 6 reals per node) read and written once per
/// advance call of `steps_per_launch` steps, and the rest strains (6 per segment) read once. The workspace (42
/// reals per node) stays in L1/L2 for members of up to a few hundred nodes and is not counted as DRAM traffic.
inline double global_bytes_per_node_step(std::size_t real_bytes, double steps_per_launch) {
  return (2.0 * 18.0 + 6.0) * static_cast<double>(real_bytes) / (steps_per_launch > 0 ? steps_per_launch : 1.0);
}

}  // namespace rodswarm::se3rod
