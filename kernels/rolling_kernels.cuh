/// @file rolling_kernels.cuh
/// Host-side launcher of the rolling-contact kernel (rolling_advance_thread.cu).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_check.hpp"
#include "rodswarm/ensemble/rolling_ensemble.hpp"

namespace rodswarm {

/// Advances every running member of `e` to target[i] steps: one thread per member over a grid of `blocks` x
/// `threads`, each thread with pool_stride reals of workspace at pool + thread * pool_stride.
template <class Real>
void launch_rolling_advance(const rolling::EnsembleView<Real>& e, const std::int64_t* target, Real* pool,
                            std::int64_t pool_stride, int blocks, int threads, cudaStream_t stream);

}  // namespace rodswarm
