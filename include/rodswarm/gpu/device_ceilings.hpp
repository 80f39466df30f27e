/// @file device_ceilings.hpp
/// The measured ceilings of a device for the roofline of `rodswarm bench`: the bandwidth of a large copy and the
/// peak FMA throughput in both precisions. Plain C++: the CUDA measurement lives in kernels/calibration_kernels.cu,
/// the CPU one and the cache in src/driver/calibration.cpp.
#pragma once

#include <string>

#include "rodswarm/common.hpp"

namespace rodswarm {

struct DeviceCeilings {
  std::string device;             ///< the cache key: "NVIDIA H200 (sm_90)", "Intel(R) Xeon(R) ... (2 threads)"
  double bytes_per_second = 0.0;  ///< large copy, bytes read + bytes written per second
  double flops_float64 = 0.0;     ///< FMA-bound peak, FLOP/s (one FMA = 2 FLOPs), double precision
  double flops_float32 = 0.0;     ///< the same in single precision
  std::string measured;           ///< when, ISO 8601 UTC ("2026-11-21T12:00:00Z")
  std::string method;             ///< how, in words (buffer size, repetitions, launch shape)

  /// Peak FLOP/s in `precision`.
  double flops(Precision precision) const { return precision == Precision::float32 ? flops_float32 : flops_float64; }
};

/// Measures device 0: a device-to-device cudaMemcpy of about 1 GiB (a quarter of the free memory if smaller),
/// best of several, counting read + write bytes; an FMA-bound kernel filling every SM several times, float64 and
/// float32, best of several. Takes about a second. Throws std::runtime_error when there is no device or rodswarm
/// was built without CUDA.
DeviceCeilings measure_cuda_ceilings();

}  // namespace rodswarm
