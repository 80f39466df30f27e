/// @file greenspan_steady_kernel.cu
/// Newton steady state of every member (models/greenspan_steady.hpp), one member per thread, its tridiagonal
/// workspace in global memory.
#include "cuda_check.hpp"
#include "greenspan_kernels.cuh"
#include "rodswarm/models/greenspan_steady.hpp"

namespace rodswarm {
namespace {

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

}  // namespace

template <class Real>
void launch_solve_greenspan_steady(greenspan::EnsembleView<Real> ensemble, Real* d_scratch, Real tol, int max_iter,
                                   std::int32_t* d_iterations, double* d_residual, std::uint8_t* d_converged,
                                   cudaStream_t stream) {
  if (ensemble.members == 0) return;
  const int threads = 128;
  const auto blocks = static_cast<unsigned>((ensemble.members + threads - 1) / threads);
  solve_greenspan_steady_kernel<Real>
      <<<blocks, threads, 0, stream>>>(ensemble, d_scratch, tol, max_iter, d_iterations, d_residual, d_converged);
  RODSWARM_CUDA_CHECK_LAUNCH();
  RODSWARM_CUDA_CHECK(cudaStreamSynchronize(stream));
}

template void launch_solve_greenspan_steady<double>(greenspan::EnsembleView<double>, double*, double, int,
                                                    std::int32_t*, double*, std::uint8_t*, cudaStream_t);
template void launch_solve_greenspan_steady<float>(greenspan::EnsembleView<float>, float*, float, int, std::int32_t*,
                                                   double*, std::uint8_t*, cudaStream_t);

}  // namespace rodswarm
