/// @file nishinari_advance_block.cu
/// The Nishinari kernel: one thread block per member, its threads sharing the member's beads, segments and
/// joints in every phase of the rate evaluation (forces, Euler-angle rates, RK4 stage combination) through the
/// block loop policy. The intrinsic formulation's frames come from a Hillis-Steele prefix product across the
/// block (models/nishinari_stepper.hpp, prefix_products).
///
/// A block walks the members blockIdx.x, blockIdx.x + gridDim.x, ...; its workspace (state copies, RK4
/// accumulators, scratch) is one slice of a pool sized by the grid, not by the ensemble, so the device memory
/// beyond the state itself does not grow with the number of members.
#include "block_loop.cuh"
#include "nishinari_kernels.cuh"
#include "rodswarm/models/nishinari_stepper.hpp"

namespace rodswarm {

template <class Real>
__global__ void nishinari_advance_block(nishinari::EnsembleView<Real> e, const std::int64_t* target, Real* pool,
                                        std::int64_t pool_stride) {
  Real* work = pool + static_cast<std::int64_t>(blockIdx.x) * pool_stride;
  for (std::int64_t i = blockIdx.x; i < e.members; i += gridDim.x) {
    const std::int64_t todo = target[i] - e.steps_done[i];
    // Uniform across the block: every thread reads the same member's values.
    if (e.status[i] != status_ok || todo <= 0) continue;
    const std::int64_t b = e.bead_offset[i];
    const std::int64_t s = nishinari::segment_offset(e.bead_offset, i);
    const nishinari::MemberIO<Real> io{e.r + 3 * b, e.v + 3 * b, e.normal + 3 * s, e.spin + s};
    const nishinari::Outcome out = nishinari::advance_member(io, e.params[i], e.dt[i], todo, work, BlockLoop{});
    if (threadIdx.x == 0) {
      e.steps_done[i] += out.steps;
      e.status[i] = out.status;
    }
    __syncthreads();  // the status written above is read by every thread of the next pass over this member
  }
}

template <class Real>
void launch_nishinari_advance(const nishinari::EnsembleView<Real>& e, const std::int64_t* target, Real* pool,
                              std::int64_t pool_stride, int blocks, int threads, cudaStream_t stream) {
  nishinari_advance_block<Real><<<blocks, threads, 0, stream>>>(e, target, pool, pool_stride);
  RODSWARM_CUDA_CHECK_LAUNCH();
}

template void launch_nishinari_advance<double>(const nishinari::EnsembleView<double>&, const std::int64_t*, double*,
                                               std::int64_t, int, int, cudaStream_t);
template void launch_nishinari_advance<float>(const nishinari::EnsembleView<float>&, const std::int64_t*, float*,
                                              std::int64_t, int, int, cudaStream_t);

}  // namespace rodswarm
