/// @file greenspan_kernels.cu
/// CUDA kernels for Greenspan ensembles. The physics and stage algebra are the shared host-device code of
/// include/rodswarm/models/; this file only decides where state lives (shared memory) and who iterates.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "block_loop.cuh"
#include "cuda_check.hpp"
#include "greenspan_kernels.cuh"
#include "rodswarm/models/greenspan_steady.hpp"

namespace rodswarm {
namespace {

template <class Real>
__global__ void advance_greenspan_kernel(greenspan::EnsembleView<Real> e, greenspan::Scheme scheme,
                                         const std::int64_t* __restrict__ target) {
  extern __shared__ __align__(16) unsigned char shared_raw[];  // aligned for double and float arrays
  Real* shared = reinterpret_cast<Real*>(shared_raw);
  for (std::int64_t i = blockIdx.x; i < e.members; i += gridDim.x) {
    // Every thread reads the same values, so the branches below are uniform across the block.
    const std::int64_t todo = target[i] - e.steps_done[i];
    if (e.status[i] != status_ok || todo <= 0) continue;
    const greenspan::Params<Real> p = e.params[i];
    const int n = p.n;
    Real* y = shared;
    Real* v = shared + n;
    Real* scratch = shared + 2 * n;
    const std::int64_t base = e.offset[i];
    for (int j = threadIdx.x; j < n; j += blockDim.x) {
      y[j] = e.y[base + j];
      v[j] = e.v[base + j];
    }
    __syncthreads();
    bool diverged = false;
    const long long done = greenspan::advance_member(greenspan::MemberWork<Real>::bind(y, v, scratch, n), p, scheme,
                                                     e.dt[i], todo, BlockLoop{}, &diverged);
    for (int j = threadIdx.x; j < n; j += blockDim.x) {
      e.y[base + j] = y[j];
      e.v[base + j] = v[j];
    }
    if (threadIdx.x == 0) {
      e.steps_done[i] += done;
      if (diverged) e.status[i] = status_diverged;
    }
    __syncthreads();  // the next member reuses the shared arrays
  }
}

template <class Real>
__global__ void solve_greenspan_steady_kernel(greenspan::EnsembleView<Real> e, Real* scratch, Real tol, int max_iter,
                                              std::int32_t* iterations, double* residual, std::uint8_t* converged) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= e.members) return;
  const greenspan::Params<Real> p = e.params[i];
  const std::int64_t base = e.offset[i];
  Real* y = e.y + base;
  const auto out = greenspan::solve_steady(y, p, scratch + 6 * base, tol, max_iter);
  for (int j = 0; j < p.n; ++j) e.v[base + j] = Real(0);
  iterations[i] = out.iterations;
  residual[i] = static_cast<double>(out.residual);
  converged[i] = out.converged ? 1 : 0;
}

int block_threads(int max_n) {
  // One thread per segment force, rounded to whole warps, at most 256 (beyond that threads loop over beads).
  const int want = ((max_n + 1 + 31) / 32) * 32;
  return std::min(want, 256);
}

}  // namespace

template <class Real>
std::size_t greenspan_shared_bytes(int max_n) {
  return static_cast<std::size_t>(2 * max_n + greenspan::workspace_size(max_n)) * sizeof(Real);
}

template <class Real>
void launch_advance_greenspan(greenspan::EnsembleView<Real> ensemble, greenspan::Scheme scheme,
                              const std::int64_t* d_target, int max_n) {
  if (ensemble.members == 0) return;
  const std::size_t shared = greenspan_shared_bytes<Real>(max_n);
  int device = 0;
  RODSWARM_CUDA_CHECK(cudaGetDevice(&device));
  int shared_optin = 0;
  RODSWARM_CUDA_CHECK(cudaDeviceGetAttribute(&shared_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  if (shared > static_cast<std::size_t>(shared_optin)) {
    throw std::runtime_error("members of " + std::to_string(max_n) + " beads need " + std::to_string(shared) +
                             " bytes of shared memory per block; this device allows " + std::to_string(shared_optin) +
                             " (use --backend cpu for such members)");
  }
  RODSWARM_CUDA_CHECK(cudaFuncSetAttribute(advance_greenspan_kernel<Real>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           static_cast<int>(shared)));
  const auto blocks = static_cast<unsigned>(std::min<std::int64_t>(ensemble.members, 1 << 30));
  advance_greenspan_kernel<Real><<<blocks, block_threads(max_n), shared>>>(ensemble, scheme, d_target);
  RODSWARM_CUDA_CHECK_LAUNCH();
  RODSWARM_CUDA_CHECK(cudaDeviceSynchronize());
}

template <class Real>
void launch_solve_greenspan_steady(greenspan::EnsembleView<Real> ensemble, Real* d_scratch, Real tol, int max_iter,
                                   std::int32_t* d_iterations, double* d_residual, std::uint8_t* d_converged) {
  if (ensemble.members == 0) return;
  const int threads = 128;
  const auto blocks = static_cast<unsigned>((ensemble.members + threads - 1) / threads);
  solve_greenspan_steady_kernel<Real>
      <<<blocks, threads>>>(ensemble, d_scratch, tol, max_iter, d_iterations, d_residual, d_converged);
  RODSWARM_CUDA_CHECK_LAUNCH();
  RODSWARM_CUDA_CHECK(cudaDeviceSynchronize());
}

template std::size_t greenspan_shared_bytes<double>(int);
template std::size_t greenspan_shared_bytes<float>(int);
template void launch_advance_greenspan<double>(greenspan::EnsembleView<double>, greenspan::Scheme, const std::int64_t*,
                                               int);
template void launch_advance_greenspan<float>(greenspan::EnsembleView<float>, greenspan::Scheme, const std::int64_t*,
                                              int);
template void launch_solve_greenspan_steady<double>(greenspan::EnsembleView<double>, double*, double, int,
                                                    std::int32_t*, double*, std::uint8_t*);
template void launch_solve_greenspan_steady<float>(greenspan::EnsembleView<float>, float*, float, int, std::int32_t*,
                                                   double*, std::uint8_t*);

}  // namespace rodswarm
