#include "driver/calibration.hpp"

#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "backends/lanes/lane_peak.hpp"
#include "driver/utc_now.hpp"

namespace rodswarm {
namespace {

const char* const cache_format = "rodswarm-ceilings";
constexpr int cache_format_version = 1;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

bool positive_number(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_number() && std::isfinite(j[key].get<double>()) && j[key].get<double>() > 0.0;
}

/// The cache document of `file`: empty when it does not exist; nullopt (and a notice) when it is not a cache.
std::optional<nlohmann::json> read_cache(const std::filesystem::path& file, std::ostream& warn) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return nlohmann::json::object();
  std::ifstream in(file);
  if (!in) {
    warn << "rodswarm: cannot read the ceilings cache " << file.string() << "; measuring again\n";
    return std::nullopt;
  }
  nlohmann::json doc = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object() || doc.value("format", std::string()) != cache_format ||
      !doc.contains("devices") || !doc["devices"].is_object()) {
    warn << "rodswarm: ignoring the ceilings cache " << file.string()
         << ": not a rodswarm ceilings file (corrupt?); measuring again\n";
    return std::nullopt;
  }
  if (!doc.contains("format_version") || !doc["format_version"].is_number_integer() ||
      doc["format_version"].get<int>() > cache_format_version) {
    warn << "rodswarm: ignoring the ceilings cache " << file.string() << ": unknown format_version; measuring again\n";
    return std::nullopt;
  }
  return doc;
}

}  // namespace

double measure_cpu_peak_flops(Precision precision, long iterations, int repetitions) {
  return measure_lane_peak_flops(widest_host_lane_isa(), precision == Precision::float32, iterations, repetitions);
}

double measure_cpu_bandwidth(std::size_t bytes, int repetitions) {
  const auto n = static_cast<std::int64_t>(std::max<std::size_t>(bytes / sizeof(double), 4096));
  std::unique_ptr<double[]> src(new double[static_cast<std::size_t>(n)]);
  std::unique_ptr<double[]> dst(new double[static_cast<std::size_t>(n)]);
  double* s = src.get();
  double* d = dst.get();
  // First touch with the copy's static schedule: each thread's pages sit in its own NUMA node.
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    s[i] = double(i);
    d[i] = 0.0;
  }
  double best = std::numeric_limits<double>::infinity();
  for (int r = 0; r <= std::max(repetitions, 1); ++r) {
    const auto start = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) d[i] = s[i];
    const double seconds = seconds_since(start);
    if (r > 0) best = std::min(best, seconds);  // r = 0 warms the caches and the TLB
  }
  double check = 0.0;
  for (std::int64_t i = 0; i < n; i += 4096) check += d[i];
  if (check < 0.0) std::cerr << "";  // reads the copy, so it cannot be dropped
  // A copy reads every byte once and writes it once (the write-allocate read of the destination is not counted,
  // as in STREAM's copy).
  return 2.0 * double(n) * double(sizeof(double)) / best;
}

std::string cpu_device_name() {
  std::string model;
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) model = line.substr(colon + 1);
      break;
    }
  }
  const auto first = model.find_first_not_of(" \t");
  model = first == std::string::npos ? "unknown CPU" : model.substr(first, model.find_last_not_of(" \t") - first + 1);
  return model + " (" + std::to_string(omp_get_max_threads()) + " threads, " + lane_isa_name(widest_host_lane_isa()) +
         ")";
}

std::string ceilings_device_name(BackendKind kind) {
  return kind == BackendKind::cuda ? cuda_device_name() : cpu_device_name();
}

DeviceCeilings measure_cpu_ceilings(const CpuCalibrationSize& size) {
  DeviceCeilings c;
  c.device = cpu_device_name();
  c.bytes_per_second = measure_cpu_bandwidth(size.copy_bytes, size.repetitions);
  c.flops_float64 = measure_cpu_peak_flops(Precision::float64, size.fma_iterations, size.repetitions);
  c.flops_float32 = measure_cpu_peak_flops(Precision::float32, size.fma_iterations, size.repetitions);
  c.measured = utc_now();
  c.method = "array copy of " + std::to_string(size.copy_bytes >> 20) + " MiB on " +
             std::to_string(omp_get_max_threads()) + " OpenMP threads, best of " + std::to_string(size.repetitions) +
             ", read + write bytes; " + std::to_string(lane_peak_chains) + " chains of " +
             lane_isa_name(widest_host_lane_isa()) + " vector multiply-adds x " + std::to_string(size.fma_iterations) +
             " iterations per thread, best of " + std::to_string(size.repetitions) + ", 2 FLOPs per lane each";
  return c;
}

std::filesystem::path ceilings_cache_path() {
  auto env = [](const char* name) {
    const char* value = std::getenv(name);
    return value != nullptr ? std::string(value) : std::string();
  };
  if (!env("RODSWARM_CACHE_DIR").empty()) return std::filesystem::path(env("RODSWARM_CACHE_DIR")) / "ceilings.json";
  if (!env("XDG_CACHE_HOME").empty()) {
    return std::filesystem::path(env("XDG_CACHE_HOME")) / "rodswarm" / "ceilings.json";
  }
  if (!env("HOME").empty()) return std::filesystem::path(env("HOME")) / ".cache" / "rodswarm" / "ceilings.json";
  return {};
}

nlohmann::json ceilings_entry_json(const DeviceCeilings& c) {
  return {{"bytes_per_second", c.bytes_per_second},
          {"flops_float64", c.flops_float64},
          {"flops_float32", c.flops_float32},
          {"measured", c.measured},
          {"method", c.method}};
}

std::optional<DeviceCeilings> load_cached_ceilings(const std::filesystem::path& file, const std::string& device,
                                                   std::ostream& warn) {
  if (file.empty()) return std::nullopt;
  const auto doc = read_cache(file, warn);
  if (!doc || !doc->contains("devices") || !(*doc)["devices"].contains(device)) return std::nullopt;
  const nlohmann::json& entry = (*doc)["devices"][device];
  if (!entry.is_object() || !positive_number(entry, "bytes_per_second") || !positive_number(entry, "flops_float64") ||
      !positive_number(entry, "flops_float32")) {
    warn << "rodswarm: ignoring the cached ceilings of '" << device << "' in " << file.string()
         << ": missing or non-positive values; measuring again\n";
    return std::nullopt;
  }
  DeviceCeilings c;
  c.device = device;
  c.bytes_per_second = entry["bytes_per_second"].get<double>();
  c.flops_float64 = entry["flops_float64"].get<double>();
  c.flops_float32 = entry["flops_float32"].get<double>();
  c.measured = entry.contains("measured") && entry["measured"].is_string() ? entry["measured"].get<std::string>() : "";
  c.method = entry.contains("method") && entry["method"].is_string() ? entry["method"].get<std::string>() : "";
  return c;
}

bool store_cached_ceilings(const std::filesystem::path& file, const DeviceCeilings& ceilings, std::ostream& warn) {
  if (file.empty()) return false;
  std::ostringstream ignored;  // a corrupt file was reported when it was read; here it is simply replaced
  nlohmann::json doc = read_cache(file, ignored).value_or(nlohmann::json::object());
  if (!doc.contains("devices")) doc["devices"] = nlohmann::json::object();
  doc["format"] = cache_format;
  doc["format_version"] = cache_format_version;
  doc["devices"][ceilings.device] = ceilings_entry_json(ceilings);

  std::error_code ec;
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
  const std::filesystem::path tmp = file.string() + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << doc.dump(2) << "\n";
    out.close();
    if (!out) {
      std::filesystem::remove(tmp, ec);
      warn << "rodswarm: cannot write the ceilings cache " << file.string() << "; the ceilings are not cached\n";
      return false;
    }
  }
  std::filesystem::rename(tmp, file, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    warn << "rodswarm: cannot write the ceilings cache " << file.string() << "; the ceilings are not cached\n";
    return false;
  }
  return true;
}

Calibration load_or_measure_ceilings(BackendKind kind, bool force, const CalibrationOptions& options) {
  std::ostream& warn = options.warn != nullptr ? *options.warn : std::cerr;
  Calibration result;
  result.backend = kind;
  result.cache_file = ceilings_cache_path();
  if (!force) {
    if (auto cached = load_cached_ceilings(result.cache_file, ceilings_device_name(kind), warn)) {
      result.ceilings = *cached;
      result.from_cache = true;
      return result;
    }
  }
  result.ceilings = kind == BackendKind::cuda ? measure_cuda_ceilings() : measure_cpu_ceilings(options.cpu);
  if (!store_cached_ceilings(result.cache_file, result.ceilings, warn)) result.cache_file.clear();
  return result;
}

}  // namespace rodswarm
