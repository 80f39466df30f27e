// ctest-labels: gpu
// The CUDA calibration on a device (label gpu): the ceilings must be those of a real data-centre-class GPU and
// consistent with each other. Skips, visibly, without a device.
#include <gtest/gtest.h>

#include <string>

#include "driver/calibration.hpp"
#include "scoped_cache_dir.hpp"

namespace rodswarm {
namespace {

TEST(CudaCalibration, MeasuresTheDevice) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device on this host: this GPU test did not run";
  const DeviceCeilings c = measure_cuda_ceilings();
  EXPECT_EQ(c.device, cuda_device_name());
  // Any GPU rodswarm targets (sm_80 and later): more than 100 GB/s of copy bandwidth and 1 TFLOP/s in float32,
  // less than 20 TB/s and 500 TFLOP/s (no tensor cores are involved).
  EXPECT_GT(c.bytes_per_second, 1e11);
  EXPECT_LT(c.bytes_per_second, 2e13);
  EXPECT_GT(c.flops_float32, 1e12);
  EXPECT_LT(c.flops_float32, 5e14);
  EXPECT_GT(c.flops_float64, 0.0);
  // float64 never outruns float32 (by more than timing noise).
  EXPECT_LT(c.flops_float64, 1.05 * c.flops_float32);
  // Against the nominal FMA rate from the SM count and clock: not above it (by more than clock reporting
  // allows) and not below half of it, or the kernel is not FMA-bound.
  for (bool f64 : {true, false}) {
    const double nominal = cuda_nominal_peak_flops(f64);
    const double measured = f64 ? c.flops_float64 : c.flops_float32;
    if (nominal > 0) {
      EXPECT_GT(measured, 0.5 * nominal) << (f64 ? "float64" : "float32");
      EXPECT_LT(measured, 1.2 * nominal) << (f64 ? "float64" : "float32");
    }
  }
}

TEST(CudaCalibration, IsCachedUnderTheDeviceName) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device on this host: this GPU test did not run";
  test::ScopedCacheDir cache("gpu");
  const Calibration first = load_or_measure_ceilings(BackendKind::cuda, false);
  EXPECT_FALSE(first.from_cache);
  const Calibration second = load_or_measure_ceilings(BackendKind::cuda, false);
  EXPECT_TRUE(second.from_cache);
  EXPECT_EQ(second.ceilings.device, cuda_device_name());
  EXPECT_EQ(second.ceilings.flops_float64, first.ceilings.flops_float64);
}

}  // namespace
}  // namespace rodswarm
