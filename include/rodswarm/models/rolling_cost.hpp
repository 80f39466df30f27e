/// @file rolling_cost.hpp
/// What a rolling-contact mode-step costs, for `rodswarm bench`'s roofline columns (one mode of one string is
/// reported as a bead: a member has 2K).
#pragma once

#include <cstddef>

namespace rodswarm::rolling {

/// Floating-point operations per mode-step, an ESTIMATE counted by hand from rolling.hpp and rolling_stepper.hpp
/// (an add or multiply as one, an FMA as two), per member and then divided by its 2K modes. One evaluation: two
/// smeared rows at 13 per mode (filter, psi, psi' and the recurrences) = 26K, the eight dot products with the
/// wavenumbers = 22K, the rates = 11K: 59K. A stage combination over the 4K + 2 state values = 16K. Four stages
/// (300K), the update (8K) and the projection (two rows and three short passes, 38K): about 346K per member-step,
/// 173 per mode-step. The Lyapunov twin, when on, doubles it (bench runs without).
inline double flops_per_mode_step() { return 173.0; }

/// Global-memory bytes per mode-step: the state (4K + 2 reals, about 2 per mode) read and written once per
/// advance call of `steps_per_launch` steps. The per-thread workspace (16K reals) is not counted: on the CPU it
/// sits in L1; on the GPU it lives in L1/L2 while the grid's pool fits there (which bench's sizes keep), else
/// the kernel is bound by that traffic (about 62 reals per mode-step) and this row's roof is optimistic.
inline double global_bytes_per_mode_step(std::size_t real_bytes, double steps_per_launch) {
  return 2.0 * 2.0 * static_cast<double>(real_bytes) / (steps_per_launch > 0 ? steps_per_launch : 1.0);
}

}  // namespace rodswarm::rolling
