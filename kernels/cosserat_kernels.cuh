/// @file cosserat_kernels.cuh
/// Host-side launchers of the Cosserat kernels (cosserat_advance_block.cu).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_check.hpp"
#include "rodswarm/ensemble/cosserat_ensemble.hpp"

namespace rodswarm {

/// Advances every running member of `e` to target[i] steps: `blocks` blocks of `threads` threads, each with
/// pool_stride reals of workspace at pool + blockIdx.x * pool_stride.
template <class Real>
void launch_cosserat_advance(const cosserat::EnsembleView<Real>& e, const std::int64_t* target, Real* pool,
                             std::int64_t pool_stride, int blocks, int threads, cudaStream_t stream);

}  // namespace rodswarm
