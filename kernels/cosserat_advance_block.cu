/// @file cosserat_advance_block.cu
/// The Cosserat kernel: one thread block per member, its threads sharing the member's nodes, elements and
/// Voronoi points in every pass (strains, forces and couples, accelerations, the Verlet drifts and kicks or the
/// RKMK4 stage combinations) through the block loop policy. Growth, constraints and contact are evaluated in
/// the same passes; the self-contact force on a node is gathered by that node's thread, so no atomics are used.
///
/// A block walks the members blockIdx.x, blockIdx.x + gridDim.x, ...; its workspace is one slice of a pool
/// sized by the grid, not by the ensemble.
#include "block_loop.cuh"
#include "cosserat_kernels.cuh"
#include "rodswarm/cosserat_backend.hpp"

namespace rodswarm {

template <class Real>
__global__ void cosserat_advance_block(cosserat::EnsembleView<Real> e, const std::int64_t* target, Real* pool,
                                       std::int64_t pool_stride) {
  Real* work = pool + static_cast<std::int64_t>(blockIdx.x) * pool_stride;
  for (std::int64_t i = blockIdx.x; i < e.members; i += gridDim.x) {
    const std::int64_t todo = target[i] - e.steps_done[i];
    // Uniform across the block: every thread reads the same member's values.
    if (e.status[i] != status_ok || todo <= 0) continue;
    const cosserat::Outcome out =
        cosserat::advance_member(cosserat::member_io(e, i), e.dt[i], e.steps_done[i], todo, work, BlockLoop{});
    __syncthreads();  // every thread has read steps_done[i] before thread 0 changes it
    if (threadIdx.x == 0) {
      e.steps_done[i] += out.steps;
      e.status[i] = out.status;
    }
    __syncthreads();
  }
}

template <class Real>
void launch_cosserat_advance(const cosserat::EnsembleView<Real>& e, const std::int64_t* target, Real* pool,
                             std::int64_t pool_stride, int blocks, int threads, cudaStream_t stream) {
  cosserat_advance_block<Real><<<blocks, threads, 0, stream>>>(e, target, pool, pool_stride);
  RODSWARM_CUDA_CHECK_LAUNCH();
}

template void launch_cosserat_advance<double>(const cosserat::EnsembleView<double>&, const std::int64_t*, double*,
                                              std::int64_t, int, int, cudaStream_t);
template void launch_cosserat_advance<float>(const cosserat::EnsembleView<float>&, const std::int64_t*, float*,
                                             std::int64_t, int, int, cudaStream_t);

}  // namespace rodswarm
