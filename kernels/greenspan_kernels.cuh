/// @file greenspan_kernels.cuh
/// Launchers of the Greenspan kernels, one file per kernel layout (see include/rodswarm/gpu/kernel_layout.hpp):
///   greenspan_advance_thread.cu  one member per thread, state in registers (unrolled, n <= 16)
///   greenspan_advance_warp.cu    one member per warp, state in shared memory
///   greenspan_advance_block.cu   one member per block, state in shared memory
///   greenspan_advance_grid.cu    one member per cooperative grid, state in global memory (L2)
///   greenspan_steady_kernel.cu   Newton steady state, one member per thread
/// Every kernel runs all the steps up to each member's target in one launch: global memory is touched at the
/// start and end of the launch only (except the grid layout). FLOPs per bead-step: greenspan::flops_per_bead_step
/// (models/greenspan_stepper.hpp); global bytes per bead-step: greenspan::global_bytes_per_bead_step
/// (gpu/greenspan_footprint.hpp).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "rodswarm/ensemble/greenspan_ensemble.hpp"
#include "rodswarm/gpu/member_buckets.hpp"
#include "rodswarm/models/greenspan_stepper.hpp"

namespace rodswarm {

/// One layout's members of a batch: d_order[0..count) are indices into the ensemble view.
struct DeviceBucket {
  KernelLayout layout;
  int max_n;  ///< largest member (the compiled tier for the thread layout)
  const std::int64_t* d_order;
  std::int64_t count;
};

/// Global workspace of the grid layout: workspace_size(max_n) values and three flag counters.
template <class Real>
struct GridWorkspace {
  Real* d_scratch;
  unsigned* d_flags;
};

/// Advances the bucket's ok members to d_target[i] steps on `stream` (asynchronous).
template <class Real>
void launch_advance_greenspan(greenspan::EnsembleView<Real> ensemble, greenspan::Scheme scheme,
                              const std::int64_t* d_target, const DeviceBucket& bucket, GridWorkspace<Real> grid,
                              cudaStream_t stream);

// One launcher per layout, called by launch_advance_greenspan.
template <class Real>
void launch_advance_thread(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme, const std::int64_t* d_target,
                           const DeviceBucket& bucket, cudaStream_t stream);
template <class Real>
void launch_advance_warp(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme, const std::int64_t* d_target,
                         const DeviceBucket& bucket, cudaStream_t stream);
template <class Real>
void launch_advance_block(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme, const std::int64_t* d_target,
                          const DeviceBucket& bucket, cudaStream_t stream);
template <class Real>
void launch_advance_grid(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme, const std::int64_t* d_target,
                         const DeviceBucket& bucket, GridWorkspace<Real> grid, cudaStream_t stream);

/// Newton steady state per member, one thread per member; d_scratch holds 6 * beads values (synchronous).
template <class Real>
void launch_solve_greenspan_steady(greenspan::EnsembleView<Real> ensemble, Real* d_scratch, Real tol, int max_iter,
                                   std::int32_t* d_iterations, double* d_residual, std::uint8_t* d_converged,
                                   cudaStream_t stream);

}  // namespace rodswarm
