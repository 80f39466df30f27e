/// @file rodpair_cost.hpp
/// What a rodpair node-step costs, for `rodswarm bench`'s roofline columns.
#pragma once

#include <cstddef>

#include "rodswarm/models/se3rod_cost.hpp"

namespace rodswarm::rodpair {

/// Floating-point operations per node-step (both rods' nodes), an ESTIMATE counted by hand from
/// rodpair_contact.hpp and rodpair_pair_stepper.hpp on top of the one-rod RKMK4 step (se3rod_cost.hpp). The
/// contact's helpers each loop over all nodes of a rod (the bump's weights are evaluated everywhere, zero outside
/// its support), so they cost per node: a raw bump with its derivatives about 25 and a smear's sums about 20 (45
/// per smear and node). Per stage: the tangency's four smears 180, the place's two 90, the rows about 80, the bias
/// (four smears for the sides' rates and its own sums) about 250, the compliance about 80 and the reaction's
/// wrenches about 70 (750); per step the end's place, rows and gap about 170 and the restore (three placements of
/// two Newton iterations, each three tangencies, the move, the rows, the compliance and the projection) about 1300.
inline double flops_per_node_step() {
  return se3rod::flops_per_node_step(se3rod::Scheme::rkmk4) + 4 * 750 + 170 + 1300;
}

/// Global-memory bytes per node-step: as for one se3rod (the contact's 8 reals per member are not counted).
inline double global_bytes_per_node_step(std::size_t real_bytes, double steps_per_launch) {
  return se3rod::global_bytes_per_node_step(real_bytes, steps_per_launch);
}

}  // namespace rodswarm::rodpair
