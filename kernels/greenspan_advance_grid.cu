/// @file greenspan_advance_grid.cu
/// Layout "grid": for members too large for one SM's shared memory. A cooperative grid (every block resident)
/// takes the members of its list one after another; all its threads share the member's beads, the state and
/// workspace stay in global memory (L2 holds them for members up to tens of MB), and phases end at grid-wide
/// barriers (grid_loop.cuh). Slower per bead-step than the on-chip layouts, since every phase crosses L2, but
/// it has no size limit beyond device memory.
#include <algorithm>

#include "cuda_check.hpp"
#include "greenspan_kernels.cuh"
#include "greenspan_member_io.cuh"
#include "grid_loop.cuh"

namespace rodswarm {
namespace {

constexpr int grid_block_size = 256;

template <class Real>
__global__ void __launch_bounds__(grid_block_size)
    advance_greenspan_grid_kernel(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme,
                                  const std::int64_t* __restrict__ target, const std::int64_t* __restrict__ order,
                                  std::int64_t count, Real* scratch, unsigned* flags) {
  const GridLoop loop{flags, 0u};
  for (std::int64_t k = 0; k < count; ++k) {
    // Every thread of the grid reads member i's counters before the member's first barrier; thread 0 updates
    // them after its last one, so the reads and the update never race.
    const std::int64_t i = order[k];
    const std::int64_t todo = steps_to_do(e, target, i);
    if (todo == 0) continue;
    const greenspan::Params<Real> p = e.params[i];
    const std::int64_t base = e.offset[i];
    bool diverged = false;
    const long long done =
        greenspan::advance_member(greenspan::MemberWork<Real>::bind(e.y + base, e.v + base, scratch, p.n), p, scheme,
                                  e.dt[i], todo, loop, &diverged);
    if (blockIdx.x == 0 && threadIdx.x == 0) record_steps(e, i, done, diverged);
  }
}

}  // namespace

template <class Real>
void launch_advance_grid(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme, const std::int64_t* d_target,
                         const DeviceBucket& bucket, GridWorkspace<Real> grid, cudaStream_t stream) {
  int device = 0, cooperative = 0, sms = 0, per_sm = 0;
  RODSWARM_CUDA_CHECK(cudaGetDevice(&device));
  RODSWARM_CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  if (cooperative == 0) throw std::runtime_error("this device does not support cooperative launches (grid layout)");
  RODSWARM_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  RODSWARM_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, advance_greenspan_grid_kernel<Real>, grid_block_size, 0));
  // No more blocks than can be resident (a cooperative launch requires it), nor than the largest member needs.
  const std::int64_t wanted = (static_cast<std::int64_t>(bucket.max_n) + grid_block_size) / grid_block_size;
  const int blocks =
      static_cast<int>(std::max<std::int64_t>(1, std::min<std::int64_t>(wanted, std::int64_t(per_sm) * sms)));
  RODSWARM_CUDA_CHECK(cudaMemsetAsync(grid.d_flags, 0, 3 * sizeof(unsigned), stream));
  const std::int64_t* order = bucket.d_order;
  std::int64_t count = bucket.count;
  Real* scratch = grid.d_scratch;
  unsigned* flags = grid.d_flags;
  void* args[] = {&e, &scheme, &d_target, &order, &count, &scratch, &flags};
  RODSWARM_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(advance_greenspan_grid_kernel<Real>),
                                                  dim3(static_cast<unsigned>(blocks)), dim3(grid_block_size), args, 0,
                                                  stream));
}

template void launch_advance_grid<double>(greenspan::EnsembleView<double>, greenspan::Scheme, const std::int64_t*,
                                          const DeviceBucket&, GridWorkspace<double>, cudaStream_t);
template void launch_advance_grid<float>(greenspan::EnsembleView<float>, greenspan::Scheme, const std::int64_t*,
                                         const DeviceBucket&, GridWorkspace<float>, cudaStream_t);

}  // namespace rodswarm
