/// @file calibration.hpp
/// Ceilings of the devices `rodswarm bench` runs on (copy bandwidth, FMA peak in both precisions): measured once
/// per device and cached as JSON, keyed by device name, so that every bench row can be placed under its roofline.
///
/// Cache file: `$RODSWARM_CACHE_DIR/ceilings.json`, else `$XDG_CACHE_HOME/rodswarm/ceilings.json`, else
/// `$HOME/.cache/rodswarm/ceilings.json`. Layout: `{"format": "rodswarm-ceilings", "format_version": 1,
/// "devices": {"<device>": {"bytes_per_second": ..., "flops_float64": ..., "flops_float32": ..., "measured": ...,
/// "method": ...}}}`.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/device_ceilings.hpp"

namespace rodswarm {

/// Sizes of the CPU measurements; the defaults take about a second on two cores, tests shrink them.
struct CpuCalibrationSize {
  std::size_t copy_bytes = std::size_t(512) << 20;  ///< bytes of the copied array (its destination as much again)
  long fma_iterations = 20'000'000;                 ///< rounds of 16 vector FMAs per thread
  int repetitions = 3;                              ///< the best of this many is kept
};

/// Peak FLOP/s of this host's cores on the widest vector unit they have (src/backends/lanes/lane_peak.hpp: 16
/// independent chains of vector FMAs per OpenMP thread, AVX-512, AVX2+FMA or SSE2 as the host has); best of
/// `repetitions`.
double measure_cpu_peak_flops(Precision precision, long iterations = 20'000'000, int repetitions = 3);

/// Copy bandwidth of this host in bytes/s (read + write), copying an array of `bytes` on every OpenMP thread;
/// best of `repetitions` after a warm-up copy.
double measure_cpu_bandwidth(std::size_t bytes, int repetitions = 3);

/// "<CPU model from /proc/cpuinfo> (<OpenMP threads> threads, <widest vector unit>)": the cache key of the CPU
/// backend's ceilings.
std::string cpu_device_name();

/// The name a backend's ceilings are cached under: cpu_device_name() or cuda_device_name().
std::string ceilings_device_name(BackendKind kind);

/// Measures the CPU: bandwidth and the FMA peak in both precisions.
DeviceCeilings measure_cpu_ceilings(const CpuCalibrationSize& size = {});

/// The cache file from the environment (see the file comment); empty when none of the variables is set.
std::filesystem::path ceilings_cache_path();

/// The cached ceilings of `device` in `file`, or nothing when the file or the entry is absent. A file that is
/// not a valid cache, or an entry with missing or non-positive values, is reported on `warn` and ignored.
std::optional<DeviceCeilings> load_cached_ceilings(const std::filesystem::path& file, const std::string& device,
                                                   std::ostream& warn);

/// Adds or replaces the entry of `ceilings.device` in `file`, keeping the other devices' entries; written to a
/// temporary file and renamed, so a reader never sees half a file. Returns false (and says why on `warn`) when
/// the file cannot be written.
bool store_cached_ceilings(const std::filesystem::path& file, const DeviceCeilings& ceilings, std::ostream& warn);

/// Ceilings of one backend and where they came from.
struct Calibration {
  BackendKind backend = BackendKind::cpu;
  DeviceCeilings ceilings;
  bool from_cache = false;           ///< false: measured by this call
  std::filesystem::path cache_file;  ///< read from or stored to; empty when there is no cache
};

struct CalibrationOptions {
  CpuCalibrationSize cpu;
  std::ostream* warn = nullptr;  ///< notices (corrupt cache, unwritable cache); nullptr: std::cerr
};

/// The cached ceilings of `kind`'s device, or, when there are none or `force` is set, measures them and stores
/// them in the cache. Throws std::runtime_error when the device cannot be measured (CUDA without a device).
Calibration load_or_measure_ceilings(BackendKind kind, bool force, const CalibrationOptions& options = {});

/// A cache entry: the ceilings without the device name.
nlohmann::json ceilings_entry_json(const DeviceCeilings& ceilings);

}  // namespace rodswarm
