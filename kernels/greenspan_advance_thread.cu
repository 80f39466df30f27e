/// @file greenspan_advance_thread.cu
/// Layout "thread": one thread integrates one member, with the member's heights, velocities and stepper
/// workspace in registers. The bead loops are unrolled to the compile-time tier MaxN (n rounded up to a multiple
/// of 4, see gpu/member_buckets.hpp) so that every index is a constant; the ptxas report shows no stack frame
/// when that worked. For Example-1-sized members this is the layout that fills the FP64 pipes: a warp holds 32
/// independent members, so there are no barriers and no idle lanes.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "cuda_check.hpp"
#include "greenspan_kernels.cuh"
#include "greenspan_member_io.cuh"
#include "unrolled_loop.cuh"

namespace rodswarm {
namespace {

constexpr int thread_block_size = 128;

// One kernel per scheme (a template argument, not a runtime switch): the kernel's register allocation is the
// maximum over its paths, and RK4 needs about twice the registers of the paper's scheme.
template <class Real, int MaxN, greenspan::Scheme scheme>
__global__ void __launch_bounds__(thread_block_size)
    advance_greenspan_thread_kernel(greenspan::EnsembleView<Real> e, const std::int64_t* __restrict__ target,
                                    const std::int64_t* __restrict__ order, std::int64_t count) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t k = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; k < count; k += stride) {
    const std::int64_t i = order[k];
    const std::int64_t todo = steps_to_do(e, target, i);
    if (todo == 0) continue;
    const greenspan::Params<Real> p = e.params[i];
    const std::int64_t base = e.offset[i];
    Real y[MaxN], v[MaxN], scratch[greenspan::workspace_size(MaxN)];
#pragma unroll
    for (int j = 0; j < MaxN; ++j) {
      y[j] = j < p.n ? e.y[base + j] : Real(0);
      v[j] = j < p.n ? e.v[base + j] : Real(0);
    }
    bool diverged = false;
    // The workspace is laid out for MaxN beads, so its sub-array offsets are constants too.
    const long long done = greenspan::advance_member(greenspan::MemberWork<Real>::bind(y, v, scratch, MaxN), p, scheme,
                                                     e.dt[i], todo, UnrolledLoop<MaxN + 1>{}, &diverged);
#pragma unroll
    for (int j = 0; j < MaxN; ++j) {
      if (j < p.n) {
        e.y[base + j] = y[j];
        e.v[base + j] = v[j];
      }
    }
    record_steps(e, i, done, diverged);
  }
}

template <class Real, int MaxN>
void launch_tier(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme, const std::int64_t* d_target,
                 const DeviceBucket& bucket, cudaStream_t stream) {
  const auto blocks = static_cast<unsigned>(
      std::min<std::int64_t>((bucket.count + thread_block_size - 1) / thread_block_size, 1 << 30));
  if (scheme == greenspan::Scheme::rk4) {
    advance_greenspan_thread_kernel<Real, MaxN, greenspan::Scheme::rk4>
        <<<blocks, thread_block_size, 0, stream>>>(e, d_target, bucket.d_order, bucket.count);
  } else {
    advance_greenspan_thread_kernel<Real, MaxN, greenspan::Scheme::paper>
        <<<blocks, thread_block_size, 0, stream>>>(e, d_target, bucket.d_order, bucket.count);
  }
  RODSWARM_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <class Real>
void launch_advance_thread(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme, const std::int64_t* d_target,
                           const DeviceBucket& bucket, cudaStream_t stream) {
  static_assert(thread_layout_max_beads == 16 && thread_layout_tier == 4, "instantiate one kernel per tier");
  switch (bucket.max_n) {
    case 4:
      return launch_tier<Real, 4>(e, scheme, d_target, bucket, stream);
    case 8:
      return launch_tier<Real, 8>(e, scheme, d_target, bucket, stream);
    case 12:
      return launch_tier<Real, 12>(e, scheme, d_target, bucket, stream);
    case 16:
      return launch_tier<Real, 16>(e, scheme, d_target, bucket, stream);
    default:
      throw std::logic_error("no thread-layout kernel for tier " + std::to_string(bucket.max_n));
  }
}

template void launch_advance_thread<double>(greenspan::EnsembleView<double>, greenspan::Scheme, const std::int64_t*,
                                            const DeviceBucket&, cudaStream_t);
template void launch_advance_thread<float>(greenspan::EnsembleView<float>, greenspan::Scheme, const std::int64_t*,
                                           const DeviceBucket&, cudaStream_t);

}  // namespace rodswarm
