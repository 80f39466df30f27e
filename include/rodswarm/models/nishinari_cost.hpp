/// @file nishinari_cost.hpp
/// What a Nishinari bead-step costs, for `rodswarm bench`'s roofline columns.
#pragma once

#include <cstddef>

#include "rodswarm/models/nishinari_params.hpp"

namespace rodswarm::nishinari {

/// Floating-point operations per bead-step of RK4 (4 rate evaluations and the stage combinations), an ESTIMATE
/// counted by hand from nishinari_stepper.hpp and nishinari.hpp per bead (one segment and one joint), an add or
/// multiply as one, an FMA as two, and a sqrt, divide, sin, cos, atan2 or hypot as one (they cost more, so the
/// roofline fraction is if anything understated). Cartesian, per rate: segment frame and carried-normal rate
/// about 110, joint rotation, twist angle and bending factor about 70, segment load and its rotation to world
/// about 60, bead force about 20; stages 10 state values x 5. Intrinsic, per rate: joint rotation from the
/// angles about 45, (48)-(49) and the segment load about 75, angle rates about 45, bead rates about 45; stages
/// 8 state values x 5.
inline double flops_per_bead_step(Formulation f) {
  return f == Formulation::cartesian ? 4 * (110 + 70 + 60 + 20) + 10 * 5 : 4 * (45 + 75 + 45 + 45) + 8 * 5;
}

/// Global-memory bytes per bead-step: the exchange state (positions, velocities, normals, spins: 10 reals per
/// bead) read and written once per advance call of `steps_per_launch` steps. The block kernel's workspace
/// (about 50 reals per bead) is touched every stage but stays in L1/L2 for members of up to a few hundred beads,
/// so it is not counted as DRAM traffic.
inline double global_bytes_per_bead_step(std::size_t real_bytes, double steps_per_launch) {
  return 2.0 * 10.0 * static_cast<double>(real_bytes) / (steps_per_launch > 0 ? steps_per_launch : 1.0);
}

}  // namespace rodswarm::nishinari
