/// @file greenspan_kernels.cuh
/// Launchers of the Greenspan kernels (greenspan_kernels.cu).
///
/// Layout "block per member": each block takes one member at a time (grid-stride over members), copies its
/// state into shared memory, runs all the steps up to the member's target there, and writes the state back:
/// global memory is touched at save points only. Work per bead-step (counted FLOPs, sqrt and divide as one):
/// paper scheme ~26, RK4 ~120; global bytes per bead-step ~ 32 / (steps per launch).
#pragma once

#include <cstdint>

#include "rodswarm/ensemble/greenspan_ensemble.hpp"
#include "rodswarm/models/greenspan_stepper.hpp"

namespace rodswarm {

/// Shared memory bytes one block needs for members of up to max_n beads.
template <class Real>
std::size_t greenspan_shared_bytes(int max_n);

/// Advances every ok member of `ensemble` (device pointers) to d_target[i] steps.
template <class Real>
void launch_advance_greenspan(greenspan::EnsembleView<Real> ensemble, greenspan::Scheme scheme,
                              const std::int64_t* d_target, int max_n);

/// Newton steady state per member, one thread per member; d_scratch holds 6 * beads values.
template <class Real>
void launch_solve_greenspan_steady(greenspan::EnsembleView<Real> ensemble, Real* d_scratch, Real tol, int max_iter,
                                   std::int32_t* d_iterations, double* d_residual, std::uint8_t* d_converged);

}  // namespace rodswarm
