/// @file calibration_kernels.cu
/// The ceilings of device 0 for the roofline of `rodswarm bench` (include/rodswarm/gpu/device_ceilings.hpp):
/// the bandwidth of a large device-to-device copy and the FMA throughput in float64 and float32.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <ctime>
#include <limits>
#include <stdexcept>
#include <string>

#include "cuda_check.hpp"
#include "device_buffer.cuh"
#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/device_ceilings.hpp"

namespace rodswarm {
namespace {

// Independent FMA chains per thread: with 16 in flight each warp issues an FMA every cycle although one FMA
// takes about 4 cycles to complete, so the pipelines stay full even at low occupancy.
constexpr int fma_chains = 16;
constexpr int fma_block = 256;
// 8 resident blocks of 256 threads fill an SM (2048 threads); 32 per SM fill every SM four times over, so the
// tail of the last wave is a small part of the run.
constexpr int fma_blocks_per_sm = 32;
constexpr int fma_repetitions = 5;
constexpr double fma_min_seconds = 0.02;  // iterations are doubled until one launch takes at least this
constexpr int copy_repetitions = 10;
constexpr std::size_t copy_max_bytes = std::size_t(1) << 30;

// Explicit intrinsics, so that the kernel is FMA instructions whatever the contraction flags.
__device__ inline float fused(float x, float a, float b) { return __fmaf_rn(x, a, b); }
__device__ inline double fused(double x, double a, double b) { return __fma_rn(x, a, b); }

/// Every thread runs `fma_chains` independent chains acc = acc * a + b for `iterations` rounds. With a = 1 - 1e-6
/// and b = 1e-7 the chains converge to 0.1 and stay finite in both precisions.
template <class Real>
__global__ void fma_peak_kernel(Real* out, Real a, Real b, long long iterations) {
  Real acc[fma_chains];
  const Real seed = static_cast<Real>(threadIdx.x) * Real(1e-6);
#pragma unroll
  for (int k = 0; k < fma_chains; ++k) acc[k] = Real(1) + seed + static_cast<Real>(k) * Real(1e-3);
#pragma unroll 4
  for (long long it = 0; it < iterations; ++it) {
#pragma unroll
    for (int k = 0; k < fma_chains; ++k) acc[k] = fused(acc[k], a, b);
  }
  Real sum = 0;
#pragma unroll
  for (int k = 0; k < fma_chains; ++k) sum += acc[k];
  // a and b are launch arguments, so the compiler cannot prove this false and must keep every chain.
  if (sum == Real(-1)) out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

/// A CUDA event that is destroyed with its owner.
struct Event {
  cudaEvent_t event{};
  Event() { RODSWARM_CUDA_CHECK(cudaEventCreate(&event)); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  ~Event() { cudaEventDestroy(event); }
};

/// Seconds that `work` (enqueued on the default stream) takes on the device, between two events.
template <class Work>
double device_seconds(Work&& work) {
  Event start, stop;
  RODSWARM_CUDA_CHECK(cudaEventRecord(start.event, 0));
  work();
  RODSWARM_CUDA_CHECK(cudaEventRecord(stop.event, 0));
  RODSWARM_CUDA_CHECK(cudaEventSynchronize(stop.event));
  float ms = 0.0f;
  RODSWARM_CUDA_CHECK(cudaEventElapsedTime(&ms, start.event, stop.event));
  return 1e-3 * static_cast<double>(ms);
}

struct FmaResult {
  double flops = 0.0;
  long long iterations = 0;
};

template <class Real>
FmaResult measure_fma(int blocks) {
  DeviceBuffer<Real> out(static_cast<std::size_t>(blocks) * fma_block);
  auto launch = [&](long long iterations) {
    return device_seconds([&] {
      fma_peak_kernel<Real><<<blocks, fma_block>>>(out.data(), Real(0.999999), Real(1e-7), iterations);
      RODSWARM_CUDA_CHECK_LAUNCH();
    });
  };
  // The first launches also load the module and raise the clocks; they only size the run.
  long long iterations = 256;
  double seconds = launch(iterations);
  while (seconds < fma_min_seconds && iterations < (1LL << 30)) {
    iterations *= 2;
    seconds = launch(iterations);
  }
  double best = seconds;
  for (int r = 0; r < fma_repetitions; ++r) best = std::min(best, launch(iterations));
  const double fmas = double(fma_chains) * double(iterations) * double(blocks) * double(fma_block);
  return {2.0 * fmas / best, iterations};
}

struct CopyResult {
  double bytes_per_second = 0.0;
  std::size_t bytes = 0;
};

CopyResult measure_copy() {
  std::size_t free_bytes = 0, total_bytes = 0;
  RODSWARM_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  // Two buffers of `bytes` each: at most half of the free memory.
  const std::size_t bytes = std::min(copy_max_bytes, free_bytes / 4) & ~std::size_t(4095);
  if (bytes == 0) throw std::runtime_error("calibration: no free device memory for the copy measurement");
  DeviceBuffer<unsigned char> src(bytes), dst(bytes);
  RODSWARM_CUDA_CHECK(cudaMemset(src.data(), 1, bytes));
  RODSWARM_CUDA_CHECK(cudaMemset(dst.data(), 0, bytes));
  auto copy = [&] {
    return device_seconds(
        [&] { RODSWARM_CUDA_CHECK(cudaMemcpyAsync(dst.data(), src.data(), bytes, cudaMemcpyDeviceToDevice, 0)); });
  };
  (void)copy();  // warm-up
  double best = std::numeric_limits<double>::infinity();
  for (int r = 0; r < copy_repetitions; ++r) best = std::min(best, copy());
  // A copy reads every byte once and writes it once.
  return {2.0 * double(bytes) / best, bytes};
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

}  // namespace

DeviceCeilings measure_cuda_ceilings() {
  if (cuda_device_count() == 0) throw std::runtime_error("calibration: no CUDA device is available");
  int sms = 0;
  RODSWARM_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = std::max(sms, 1) * fma_blocks_per_sm;

  DeviceCeilings c;
  c.device = cuda_device_name();
  const CopyResult copy = measure_copy();
  const FmaResult f64 = measure_fma<double>(blocks);
  const FmaResult f32 = measure_fma<float>(blocks);
  c.bytes_per_second = copy.bytes_per_second;
  c.flops_float64 = f64.flops;
  c.flops_float32 = f32.flops;
  c.measured = utc_now();
  c.method = "cudaMemcpy device-to-device of " + std::to_string(copy.bytes >> 20) + " MiB, best of " +
             std::to_string(copy_repetitions) + ", read + write bytes; FMA kernel of " + std::to_string(fma_chains) +
             " chains per thread, " + std::to_string(blocks) + " blocks x " + std::to_string(fma_block) + " threads (" +
             std::to_string(fma_blocks_per_sm) + " per SM), " + std::to_string(f64.iterations) + " (float64) and " +
             std::to_string(f32.iterations) + " (float32) iterations, best of " + std::to_string(fma_repetitions) +
             ", 2 FLOPs per FMA";
  return c;
}

}  // namespace rodswarm
