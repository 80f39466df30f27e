/// @file rolling_advance_thread.cu
/// The rolling-contact kernel: one thread per member. A member is 4K + 2 reals (K modes per string) whose every
/// evaluation is a handful of dot products over its modes, so the ensemble, not the member, supplies the
/// parallelism. A thread walks the members tid, tid + grid size, ...; its workspace is one slice of a pool sized
/// by the grid, not by the ensemble.
#include "rolling_kernels.cuh"
#include "rodswarm/models/rolling_stepper.hpp"

namespace rodswarm {

template <class Real>
__global__ void rolling_advance_thread(rolling::EnsembleView<Real> e, const std::int64_t* target, Real* pool,
                                       std::int64_t pool_stride) {
  const std::int64_t tid = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  Real* work = pool + tid * pool_stride;
  for (std::int64_t i = tid; i < e.members; i += stride) {
    const std::int64_t todo = target[i] - e.steps_done[i];
    if (e.status[i] != status_ok || todo <= 0) continue;
    const rolling::Outcome out =
        rolling::advance_member(rolling::member_io(e, i), e.dt[i], e.steps_done[i], todo, work);
    e.steps_done[i] += out.steps;
    e.status[i] = out.status;
  }
}

template <class Real>
void launch_rolling_advance(const rolling::EnsembleView<Real>& e, const std::int64_t* target, Real* pool,
                            std::int64_t pool_stride, int blocks, int threads, cudaStream_t stream) {
  rolling_advance_thread<Real><<<blocks, threads, 0, stream>>>(e, target, pool, pool_stride);
  RODSWARM_CUDA_CHECK_LAUNCH();
}

template void launch_rolling_advance<double>(const rolling::EnsembleView<double>&, const std::int64_t*, double*,
                                             std::int64_t, int, int, cudaStream_t);
template void launch_rolling_advance<float>(const rolling::EnsembleView<float>&, const std::int64_t*, float*,
                                            std::int64_t, int, int, cudaStream_t);

}  // namespace rodswarm
