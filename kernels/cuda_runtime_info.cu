/// @file cuda_runtime_info.cu
/// Device discovery. Any error from the runtime (no driver on a GPU-less host) means "no device".
#include <cuda_runtime.h>

#include <string>

#include "rodswarm/backend.hpp"

namespace rodswarm {

bool cuda_compiled() { return true; }

int cuda_device_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();  // clear the sticky error so later calls start clean
    return 0;
  }
  return count;
}

std::string cuda_device_name() {
  if (cuda_device_count() == 0) return "";
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) return "";
  return std::string(prop.name) + " (sm_" + std::to_string(prop.major) + std::to_string(prop.minor) + ")";
}

DeviceMemory cuda_device_memory() {
  if (cuda_device_count() == 0) return {};
  DeviceMemory m;
  if (cudaMemGetInfo(&m.free, &m.total) != cudaSuccess) return {};
  return m;
}

std::size_t cuda_shared_memory_per_block() {
  if (cuda_device_count() == 0) return 0;
  int bytes = 0;
  if (cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0) != cudaSuccess) return 0;
  return static_cast<std::size_t>(bytes);
}

}  // namespace rodswarm

namespace rodswarm {

double cuda_nominal_peak_flops(bool double_precision) {
  if (cuda_device_count() == 0) return 0.0;
  int sms = 0, clock_khz = 0, major = 0, minor = 0;
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess ||
      cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0) != cudaSuccess ||
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0) != cudaSuccess ||
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0) != cudaSuccess) {
    return 0.0;
  }
  // FMA per SM per clock, from NVIDIA's tuning guides: data-centre parts (sm_60, 70, 80, 90, 100) have full-rate
  // FP64; other parts run FP64 at 1/32 or 1/64 of FP32.
  const bool datacenter = (minor == 0) && (major == 6 || major == 7 || major == 8 || major == 9 || major == 10);
  const double fp32_fma = (major >= 9 || (major == 8 && minor != 0)) ? 128.0 : 64.0;
  const double fp64_fma = datacenter ? (major >= 9 ? 64.0 : 32.0) : fp32_fma / 64.0;
  const double fma = double_precision ? fp64_fma : fp32_fma;
  return 2.0 * fma * sms * clock_khz * 1e3;
}

}  // namespace rodswarm
