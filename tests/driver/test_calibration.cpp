// The ceilings cache (path from the environment, round trip keyed by device, corrupt files) and the CPU
// measurements, with the cache in a temporary directory and the measurements shrunk to well under a second.
#include <gtest/gtest.h>

#include "backends/lanes/lane_isa.hpp"

#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "driver/calibration.hpp"
#include "scoped_cache_dir.hpp"

namespace rodswarm {
namespace {

using test::ScopedCacheDir;
using test::ScopedEnv;

std::string test_name() { return ::testing::UnitTest::GetInstance()->current_test_info()->name(); }

DeviceCeilings fake(const std::string& device, double scale) {
  DeviceCeilings c;
  c.device = device;
  c.bytes_per_second = 1.5e10 * scale;
  c.flops_float64 = 2.5e11 * scale;
  c.flops_float32 = 5.0e11 * scale;
  c.measured = "2026-01-02T03:04:05Z";
  c.method = "test " + std::to_string(scale);
  return c;
}

CalibrationOptions small(std::ostream& warn) {
  CalibrationOptions o;
  o.cpu.copy_bytes = std::size_t(8) << 20;
  o.cpu.fma_iterations = 200'000;
  o.cpu.repetitions = 2;
  o.warn = &warn;
  return o;
}

void expect_same(const DeviceCeilings& a, const DeviceCeilings& b) {
  EXPECT_EQ(a.device, b.device);
  EXPECT_EQ(a.bytes_per_second, b.bytes_per_second);
  EXPECT_EQ(a.flops_float64, b.flops_float64);
  EXPECT_EQ(a.flops_float32, b.flops_float32);
  EXPECT_EQ(a.measured, b.measured);
  EXPECT_EQ(a.method, b.method);
}

TEST(CalibrationCache, PathFollowsTheEnvironmentInOrder) {
  ScopedEnv rc("RODSWARM_CACHE_DIR", std::string("/tmp/rc"));
  ScopedEnv xdg("XDG_CACHE_HOME", std::string("/tmp/xdg"));
  ScopedEnv home("HOME", std::string("/tmp/home"));
  EXPECT_EQ(ceilings_cache_path(), "/tmp/rc/ceilings.json");
  {
    ScopedEnv no_rc("RODSWARM_CACHE_DIR", std::nullopt);
    EXPECT_EQ(ceilings_cache_path(), "/tmp/xdg/rodswarm/ceilings.json");
    ScopedEnv empty_xdg("XDG_CACHE_HOME", std::string());
    EXPECT_EQ(ceilings_cache_path(), "/tmp/home/.cache/rodswarm/ceilings.json");
    ScopedEnv no_home("HOME", std::nullopt);
    EXPECT_TRUE(ceilings_cache_path().empty());
  }
}

TEST(CalibrationCache, RoundTripIsKeyedByDevice) {
  ScopedCacheDir cache(test_name());
  std::ostringstream warn;
  const auto a = fake("device A (sm_90)", 1.0), b = fake("device B", 3.0);
  ASSERT_TRUE(store_cached_ceilings(cache.file(), a, warn));
  ASSERT_TRUE(store_cached_ceilings(cache.file(), b, warn));
  const auto got_a = load_cached_ceilings(cache.file(), a.device, warn);
  const auto got_b = load_cached_ceilings(cache.file(), b.device, warn);
  ASSERT_TRUE(got_a.has_value());
  ASSERT_TRUE(got_b.has_value());
  expect_same(*got_a, a);
  expect_same(*got_b, b);
  EXPECT_FALSE(load_cached_ceilings(cache.file(), "device C", warn).has_value());
  EXPECT_EQ(warn.str(), "");
  // Replacing one device's entry keeps the other's; no temporary file is left behind.
  const auto a2 = fake(a.device, 2.0);
  ASSERT_TRUE(store_cached_ceilings(cache.file(), a2, warn));
  expect_same(*load_cached_ceilings(cache.file(), a.device, warn), a2);
  expect_same(*load_cached_ceilings(cache.file(), b.device, warn), b);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(cache.dir())) {
    ++files;
    EXPECT_EQ(entry.path().filename(), "ceilings.json");
  }
  EXPECT_EQ(files, 1);
  std::ifstream in(cache.file());
  const auto doc = nlohmann::json::parse(in);
  EXPECT_EQ(doc["format"], "rodswarm-ceilings");
  EXPECT_EQ(doc["devices"].size(), 2u);
}

TEST(CalibrationCache, MissingFileIsNoEntryAndNoWarning) {
  ScopedCacheDir cache(test_name());
  std::ostringstream warn;
  EXPECT_FALSE(load_cached_ceilings(cache.file(), "x", warn).has_value());
  EXPECT_EQ(warn.str(), "");
}

TEST(CalibrationCache, CorruptFileWarnsAndIsMeasuredAgain) {
  ScopedCacheDir cache(test_name());
  std::ofstream(cache.file()) << "{\"format\": \"rodswarm-ceilings\", \"devices\": {";  // truncated
  std::ostringstream warn;
  EXPECT_FALSE(load_cached_ceilings(cache.file(), cpu_device_name(), warn).has_value());
  EXPECT_NE(warn.str().find(cache.file().string()), std::string::npos) << warn.str();

  std::ostringstream warn2;
  const Calibration c = load_or_measure_ceilings(BackendKind::cpu, false, small(warn2));
  EXPECT_FALSE(c.from_cache);
  EXPECT_NE(warn2.str().find("corrupt"), std::string::npos) << warn2.str();
  EXPECT_EQ(c.cache_file, cache.file());
  // The measurement replaced the corrupt file with a valid one.
  std::ostringstream warn3;
  const auto stored = load_cached_ceilings(cache.file(), cpu_device_name(), warn3);
  ASSERT_TRUE(stored.has_value()) << warn3.str();
  expect_same(*stored, c.ceilings);
}

TEST(CalibrationCache, OtherShapesAreRejectedWithAWarning) {
  ScopedCacheDir cache(test_name());
  const std::string device = "dev";
  const nlohmann::json bad_docs[] = {
      nlohmann::json::array({1, 2}),
      {{"format", "something-else"}, {"format_version", 1}, {"devices", nlohmann::json::object()}},
      {{"format", "rodswarm-ceilings"}, {"format_version", 99}, {"devices", nlohmann::json::object()}},
      {{"format", "rodswarm-ceilings"},
       {"format_version", 1},
       {"devices", {{device, {{"bytes_per_second", 1e10}, {"flops_float64", 0.0}, {"flops_float32", 1e11}}}}}},
      {{"format", "rodswarm-ceilings"},
       {"format_version", 1},
       {"devices", {{device, {{"bytes_per_second", "fast"}, {"flops_float64", 1e11}, {"flops_float32", 1e11}}}}}},
  };
  for (const auto& doc : bad_docs) {
    std::ofstream(cache.file(), std::ios::trunc) << doc.dump();
    std::ostringstream warn;
    EXPECT_FALSE(load_cached_ceilings(cache.file(), device, warn).has_value()) << doc.dump();
    EXPECT_NE(warn.str().find("ignoring"), std::string::npos) << doc.dump();
  }
}

TEST(CalibrationCache, LoadOrMeasureReadsTheCacheUnlessForced) {
  ScopedCacheDir cache(test_name());
  std::ostringstream warn;
  // A cached entry with values no measurement gives: returned as is, then replaced by --calibrate.
  const auto sentinel = fake(cpu_device_name(), 1e-3);
  ASSERT_TRUE(store_cached_ceilings(cache.file(), sentinel, warn));
  const Calibration cached = load_or_measure_ceilings(BackendKind::cpu, false, small(warn));
  EXPECT_TRUE(cached.from_cache);
  expect_same(cached.ceilings, sentinel);

  const Calibration forced = load_or_measure_ceilings(BackendKind::cpu, true, small(warn));
  EXPECT_FALSE(forced.from_cache);
  EXPECT_EQ(forced.ceilings.device, sentinel.device);
  EXPECT_NE(forced.ceilings.bytes_per_second, sentinel.bytes_per_second);
  const Calibration again = load_or_measure_ceilings(BackendKind::cpu, false, small(warn));
  EXPECT_TRUE(again.from_cache);
  expect_same(again.ceilings, forced.ceilings);
  EXPECT_EQ(warn.str(), "");
}

TEST(CalibrationCache, UnwritableCacheStillReturnsTheMeasurement) {
  ScopedCacheDir cache(test_name());
  // A regular file where the cache directory should be: the store fails, the measurement is still returned.
  std::ofstream(cache.dir() / "blocker") << "x";
  ScopedEnv env("RODSWARM_CACHE_DIR", (cache.dir() / "blocker").string());
  std::ostringstream warn;
  const Calibration c = load_or_measure_ceilings(BackendKind::cpu, false, small(warn));
  EXPECT_FALSE(c.from_cache);
  EXPECT_TRUE(c.cache_file.empty());
  EXPECT_GT(c.ceilings.flops_float64, 0.0);
  EXPECT_NE(warn.str().find("cannot write"), std::string::npos) << warn.str();
}

TEST(CpuCalibration, MeasurementsArePlausible) {
  const auto c = measure_cpu_ceilings({std::size_t(16) << 20, 500'000, 2});
  // Any host of the last 20 years: more than 100 MB/s and 100 MFLOP/s, less than 10 TB/s and 100 TFLOP/s.
  EXPECT_GT(c.bytes_per_second, 1e8);
  EXPECT_LT(c.bytes_per_second, 1e13);
  for (double flops : {c.flops_float64, c.flops_float32}) {
    EXPECT_GT(flops, 1e8);
    EXPECT_LT(flops, 1e14);
  }
  EXPECT_EQ(c.device, cpu_device_name());
  EXPECT_NE(c.device.find(std::string(" threads, ") + lane_isa_name(widest_host_lane_isa()) + ")"), std::string::npos)
      << c.device;
  EXPECT_NE(c.method.find(lane_isa_name(widest_host_lane_isa())), std::string::npos) << c.method;
  EXPECT_EQ(c.measured.size(), 20u) << c.measured;  // 2026-01-02T03:04:05Z
  EXPECT_NE(c.method.find("16 MiB"), std::string::npos) << c.method;
}

TEST(CudaCalibration, RefusedWithoutADevice) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a CUDA device is present: test_calibration_gpu measures it";
  EXPECT_THROW(measure_cuda_ceilings(), std::runtime_error);
  ScopedCacheDir cache(test_name());
  EXPECT_THROW(load_or_measure_ceilings(BackendKind::cuda, false), std::runtime_error);
}

}  // namespace
}  // namespace rodswarm
