/// @file bench.hpp
/// `rodswarm bench`: throughput of the backends on a fixed table of problems, each row placed under the roofline
/// of its device. A row reports bead-steps/s (moving beads x steps / wall time), the model's FLOPs and
/// global-memory bytes per bead-step, the attainable roof min(peak FLOP/s, bandwidth x FLOP/byte) from the
/// device's calibrated ceilings (driver/calibration.hpp), the fraction of that roof achieved and which ceiling
/// bounds it. When the CPU and the GPU both run, the GPU/CPU ratio of each problem comes from the same invocation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "driver/calibration.hpp"
#include "driver/run.hpp"
#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/kernel_layout.hpp"

namespace rodswarm {

/// One row of the suite's table: a model, a problem size and a scheme, with the steps each backend runs. The
/// CPU runs the same members and beads as the GPU but fewer steps, so that a row takes seconds on a small host;
/// rates are per bead-step, so they compare (the roofline columns show when the regimes differ).
struct BenchCase {
  std::string model;
  std::string problem;  ///< short label, e.g. "n=9"
  std::string scheme;   ///< the model's scheme name, as in its config
  int beads;            ///< the model's work units per member (moving beads, nodes, modes)
  std::int64_t members;
  std::int64_t cpu_steps;
  std::int64_t cuda_steps;
};

/// What a model says of one of its bench problems: the config's physics (params, initial, the integrator's scheme;
/// the engine adds the model's name, dt and t_end for the row's steps, no output fields, and the ensemble), the step,
/// and the key members of an ensemble differ in (a grid from `from` to `to`), so that no two are identical.
struct BenchProblem {
  nlohmann::json config;
  double dt = 0;
  std::string vary;
  double from = 0, to = 0;
};

/// What a bead-step of a problem costs: FLOPs, and the bytes the backend moves (global memory on a GPU).
struct BenchCost {
  double flops = 0, bytes = 0;
};

/// The suite: every model's problems (ModelHost<M>::bench_problems), in registry order.
const std::vector<BenchCase>& bench_cases();

struct BenchRow {
  std::string model, problem, scheme;
  std::string backend;      ///< "cpu" or "cuda"
  std::string description;  ///< the backend's own description ("cuda (NVIDIA H200 (sm_90), layout thread)")
  std::string layout;       ///< CUDA kernel layout, or "member/thread" for the CPU backend
  std::string precision;    ///< "float64" or "float32"
  std::int64_t members = 0;
  int beads = 0;  ///< moving beads per member
  std::int64_t steps = 0;
  std::int64_t steps_per_launch = 0;  ///< steps each advance call runs with the state on chip
  std::int64_t diverged = 0;          ///< members that diverged (their steps after it are not counted)
  double seconds = 0.0;               ///< integration wall time (load, advance, store)
  double bead_steps_per_second = 0.0;
  double flop_per_bead_step = 0.0;
  double bytes_per_bead_step = 0.0;  ///< global-memory bytes the kernels must move per bead-step
  double achieved_flops = 0.0;       ///< FLOP/s
  double peak_flops = 0.0;           ///< the device's calibrated FMA peak in the row's precision, FLOP/s
  double bytes_per_second = 0.0;     ///< the device's calibrated copy bandwidth
  double attainable_flops = 0.0;     ///< the roof: min(peak_flops, bytes_per_second x FLOP/byte)
  double roofline_fraction = 0.0;    ///< achieved_flops / attainable_flops
  std::string bound;                 ///< "compute" or "memory": the ceiling that sets the roof
};

/// GPU over CPU bead-steps/s of one problem and scheme, both measured in the same invocation.
struct BenchRatio {
  std::string model, problem, scheme;
  double cpu_bead_steps_per_second = 0.0;
  double cuda_bead_steps_per_second = 0.0;
  double ratio = 0.0;
};

struct BenchOptions {
  std::vector<BackendKind> backends = {BackendKind::cpu};  ///< run in this order
  std::string model = "greenspan";                         ///< a model of the registry, or "all"
  Precision precision = Precision::float64;
  double scale = 1.0;                             ///< multiplies member counts (tests use small values)
  double steps_scale = 1.0;                       ///< multiplies step counts
  KernelLayout layout = KernelLayout::automatic;  ///< forwarded to the CUDA backend
  bool calibrate = false;                         ///< re-measure the ceilings instead of reading the cache
  CalibrationOptions calibration;
};

struct BenchReport {
  std::string model, precision;
  std::string commit;           ///< `git rev-parse --short HEAD` when rodswarm was configured, or "unknown"
  std::string date;             ///< ISO 8601 UTC, when the run started
  std::string host;             ///< CPU name (as cached)
  std::string instruction_set;  ///< the CPU lane backend's (lane_isa_name: RODSWARM_SIMD's or the widest)
  std::string device;           ///< CUDA device name, "" when the GPU was not benchmarked
  double scale = 1.0, steps_scale = 1.0;
  std::vector<Calibration> ceilings;  ///< one per backend benchmarked
  std::vector<BenchRow> rows;
  std::vector<BenchRatio> ratios;
};

/// A member or step count of the table scaled by --scale / --steps-scale (at least 1).
std::int64_t bench_scaled(std::int64_t count, double factor);
/// The measured part of a row: what ran and how fast. bench saves nothing and draws no progress bar, so the
/// driver advances the whole run in one call: the state crosses global memory once per call (the driver says how
/// many it made).
BenchRow bench_measured_row(const BenchCase& c, BackendKind kind, const BenchOptions& options, std::int64_t members,
                            std::int64_t steps, const RunReport& report);
/// The roofline columns of a row whose FLOPs and bytes per bead-step are set.
void bench_place_under_roof(BenchRow& row, const DeviceCeilings& ceilings, Precision precision);

/// The roof for a kernel of `flop_per_byte` on a device of the given ceilings.
struct Roofline {
  double attainable_flops = 0.0;  ///< min(peak_flops, bytes_per_second x flop_per_byte)
  const char* bound = "compute";  ///< "compute" when the FLOP ceiling is the lower one, else "memory"
};
Roofline roofline(double peak_flops, double bytes_per_second, double flop_per_byte);

/// The kernel layout named in a CUDA backend description ("cuda (NVIDIA H200 (sm_90), layout thread)" ->
/// "thread"); "" when it names none.
std::string layout_from_description(const std::string& description);

/// The CPU row's layout from its backend description: "<instruction set> x<lanes>" for the lane backend
/// ("cpu (2 OpenMP threads, avx512 lanes: 8 x float64)" -> "avx512 x8"), "member/thread" for the scalar one.
std::string cpu_layout_from_description(const std::string& description);

/// Calibrates (or reads the cached ceilings of) every backend in `options`, then runs every case of the model
/// on each backend in turn. Throws std::runtime_error for backend failures.
BenchReport run_bench(const BenchOptions& options);

/// GPU/CPU ratios of the rows that ran on both backends.
std::vector<BenchRatio> bench_ratios(const std::vector<BenchRow>& rows);

/// The ceilings used, the table and the ratios, readable in about 120 columns.
std::string format_bench(const BenchReport& report);
nlohmann::json bench_json(const BenchReport& report);

}  // namespace rodswarm
