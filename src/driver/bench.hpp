/// @file bench.hpp
/// `rodswarm bench`: throughput of a backend on fixed problems, in bead-steps per second and as a fraction of
/// the device's peak FLOP/s (the state stays on chip, so the kernels are compute-bound: the FLOP roof is the
/// roofline that applies).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rodswarm/backend.hpp"

namespace rodswarm {

struct BenchRow {
  std::string model, problem, scheme, backend, precision;
  std::int64_t members = 0;
  int beads = 0;  ///< moving beads per member
  std::int64_t steps = 0;
  double seconds = 0.0;
  double bead_steps_per_second = 0.0;
  double flop_per_bead_step = 0.0;
  double achieved_flops = 0.0;
  double peak_flops = 0.0;  ///< measured (CPU) or nominal (GPU) peak
  double roofline_fraction = 0.0;
};

struct BenchOptions {
  BackendKind backend = BackendKind::cpu;
  Precision precision = Precision::float64;
  double scale = 1.0;  ///< multiplies member counts (tests use small values)
};

/// Peak FLOP/s of this host's cores, measured with an FMA-bound loop on every OpenMP thread.
double measure_cpu_peak_flops(Precision precision);

std::vector<BenchRow> bench_greenspan(const BenchOptions& options);

std::string format_bench(const std::vector<BenchRow>& rows);
nlohmann::json bench_json(const std::vector<BenchRow>& rows);

}  // namespace rodswarm
