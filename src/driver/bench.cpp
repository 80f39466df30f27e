#include "driver/bench.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <sstream>
#include <stdexcept>

#include "config/config_loader.hpp"
#include "driver/utc_now.hpp"
#include "driver/greenspan_driver.hpp"
#include "driver/cosserat_driver.hpp"
#include "driver/nishinari_driver.hpp"
#include "driver/rolling_driver.hpp"
#include "rodswarm/gpu/greenspan_footprint.hpp"
#include "rodswarm/models/greenspan_stepper.hpp"
#include "rodswarm/models/cosserat_cost.hpp"
#include "rodswarm/models/nishinari_cost.hpp"
#include "rodswarm/models/rolling_cost.hpp"

#ifndef RODSWARM_GIT_COMMIT
#define RODSWARM_GIT_COMMIT "unknown"
#endif

namespace rodswarm {
namespace {

std::string precision_name(Precision p) { return p == Precision::float32 ? "float32" : "float64"; }

std::int64_t scaled(std::int64_t count, double factor) {
  return std::max<std::int64_t>(1, std::llround(double(count) * factor));
}

/// Greenspan problems: Example 1 of the paper (n = 9), or a 1000-bead string with the same tension scale,
/// damped enough to be inside both schemes' stability bounds at dt = 1e-5. Members differ in their peak height
/// so that no two are identical.
nlohmann::json greenspan_config(const BenchCase& c, std::int64_t members, std::int64_t steps) {
  nlohmann::json params, peak;
  double dt = 0.0;
  if (c.beads == 9) {
    params = {{"n", 9}, {"dx", 0.1}, {"m", 0.1}, {"T0", 9.0}, {"eps", 0.01}, {"alpha", 0.6}, {"g", 32.2}};
    peak = {0.5, 0.5};
    dt = 0.002;
  } else if (c.beads == 1000) {
    params = {{"n", 1000}, {"dx", 0.002}, {"m", 0.001}, {"T0", 9.0}, {"eps", 0.01}, {"alpha", 0.2}, {"g", 32.2}};
    peak = {1.0, 0.05};
    dt = 1e-5;
  } else {
    throw std::logic_error("bench: no greenspan problem with " + std::to_string(c.beads) + " beads");
  }
  nlohmann::json cfg = {{"model", "greenspan"},
                        {"params", params},
                        {"initial", {{"kind", "triangle"}, {"peak", peak}}},
                        {"integrator", {{"scheme", c.scheme}, {"dt", dt}, {"t_end", dt * double(steps)}}},
                        {"output", {{"fields", nlohmann::json::array()}}}};
  if (members > 1) {
    const double y = peak[1].get<double>();
    cfg["ensemble"] = {{"mode", "grid"}, {"vary", {{"initial.peak[1]", {{"linspace", {0.5 * y, y, members}}}}}}};
  }
  return cfg;
}

/// The layout the CUDA backend ran: the one its description names, else the automatic choice by member size.
KernelLayout cuda_layout(const std::string& description, const BenchCase& c, const BenchOptions& options) {
  const std::string named = layout_from_description(description);
  if (!named.empty()) {
    try {
      return parse_layout(named);
    } catch (const std::invalid_argument&) {
      // Several layouts, or a name this code does not know: fall through to the choice by size.
    }
  }
  const std::size_t shared = options.precision == Precision::float32
                                 ? greenspan::shared_bytes_per_member<float>(c.beads)
                                 : greenspan::shared_bytes_per_member<double>(c.beads);
  return choose_layout(c.beads, shared, cuda_shared_memory_per_block(), options.layout);
}

/// The measured part of a row: what ran and how fast. bench saves nothing and draws no progress bar, so the
/// driver advances the whole run in one call: the state crosses global memory once per call (the driver says how
/// many it made).
BenchRow measured_row(const BenchCase& c, BackendKind kind, const BenchOptions& options, std::int64_t members,
                      std::int64_t steps, const RunReport& report) {
  BenchRow row;
  row.model = c.model;
  row.problem = c.problem;
  row.scheme = c.scheme;
  row.backend = kind == BackendKind::cuda ? "cuda" : "cpu";
  row.description = report.results.backend;
  row.precision = precision_name(options.precision);
  row.members = members;
  row.beads = c.beads;
  row.steps = steps;
  row.steps_per_launch =
      report.advance_calls > 0 ? (report.max_steps + report.advance_calls - 1) / report.advance_calls : 0;
  row.diverged = report.diverged;
  row.seconds = report.wall_seconds;
  row.bead_steps_per_second = report.wall_seconds > 0 ? report.bead_steps / report.wall_seconds : 0.0;
  return row;
}

/// The roofline columns of a row whose FLOPs and bytes per bead-step are set.
void place_under_roof(BenchRow& row, const DeviceCeilings& ceilings, Precision precision) {
  row.achieved_flops = row.bead_steps_per_second * row.flop_per_bead_step;
  row.peak_flops = ceilings.flops(precision);
  row.bytes_per_second = ceilings.bytes_per_second;
  const Roofline roof =
      roofline(row.peak_flops, row.bytes_per_second, row.flop_per_bead_step / row.bytes_per_bead_step);
  row.attainable_flops = roof.attainable_flops;
  row.bound = roof.bound;
  row.roofline_fraction = roof.attainable_flops > 0 ? row.achieved_flops / roof.attainable_flops : 0.0;
}

BenchRow run_greenspan_case(const BenchCase& c, BackendKind kind, const BenchOptions& options,
                            const DeviceCeilings& ceilings) {
  const std::int64_t members = scaled(c.members, options.scale);
  const std::int64_t steps = scaled(kind == BackendKind::cuda ? c.cuda_steps : c.cpu_steps, options.steps_scale);
  GreenspanJob job = parse_greenspan_job(greenspan_config(c, members, steps), "bench");
  job.precision = options.precision;
  RunOptions run;
  run.backend = kind;
  run.cuda.layout = options.layout;
  const RunReport report = run_greenspan(job, run);

  BenchRow row = measured_row(c, kind, options, members, steps, report);
  row.flop_per_bead_step = greenspan::flops_per_bead_step(job.scheme);
  // The CPU backend keeps one member's state and workspace in cache for all the steps of an advance call, so it
  // moves the state once per call like the block layout does.
  const KernelLayout layout =
      kind == BackendKind::cuda ? cuda_layout(row.description, c, options) : KernelLayout::block;
  // A description naming several layouts ("thread+warp") is shown as is; the bytes then follow the first guess.
  const std::string named = layout_from_description(row.description);
  row.layout = kind == BackendKind::cuda ? (named.empty() ? layout_name(layout) : named) : "member/thread";
  const std::size_t real_bytes = options.precision == Precision::float32 ? sizeof(float) : sizeof(double);
  row.bytes_per_bead_step = greenspan::global_bytes_per_bead_step(job.scheme, layout, real_bytes, c.beads,
                                                                  static_cast<double>(row.steps_per_launch));
  place_under_roof(row, ceilings, options.precision);
  return row;
}

/// Nishinari problems: a released helix (the material of examples/nishinari/helix.json) of c.beads beads, in the
/// formulation named by c.scheme; members differ in their helix angle so that no two are identical.
nlohmann::json nishinari_config(const BenchCase& c, std::int64_t members, std::int64_t steps) {
  const double dt = 1e-3;
  nlohmann::json cfg = {{"model", "nishinari"},
                        {"params",
                         {{"n", c.beads},
                          {"l", 0.05},
                          {"m", 0.01},
                          {"k", 100.0},
                          {"K", 0.01},
                          {"h", 0.008},
                          {"j", 5e-7},
                          {"formulation", c.scheme}}},
                        {"initial", {{"kind", "helix"}, {"dphi", 0.15}, {"dtheta", 0.1}, {"dpsi", 0.05}}},
                        {"integrator", {{"scheme", "rk4"}, {"dt", dt}, {"t_end", dt * double(steps)}}},
                        {"output", {{"fields", nlohmann::json::array()}}}};
  if (members > 1) {
    cfg["ensemble"] = {{"mode", "grid"}, {"vary", {{"initial.dphi", {{"linspace", {0.05, 0.15, members}}}}}}};
  }
  return cfg;
}

/// Models whose bench case is a config (nishinari, cosserat, rolling): the case's config is built,
/// parsed and run as a user's would be, then the row gets the model's FLOP and byte counts.
template <class Parse, class Run, class Flops, class Bytes>
BenchRow run_block_model_case(const BenchCase& c, BackendKind kind, const BenchOptions& options,
                              const DeviceCeilings& ceilings,
                              nlohmann::json (*config)(const BenchCase&, std::int64_t, std::int64_t), Parse&& parse,
                              Run&& run_job, Flops&& flops, Bytes&& bytes) {
  const std::int64_t members = scaled(c.members, options.scale);
  const std::int64_t steps = scaled(kind == BackendKind::cuda ? c.cuda_steps : c.cpu_steps, options.steps_scale);
  auto job = parse(config(c, members, steps), "bench");
  job.precision = options.precision;
  RunOptions run;
  run.backend = kind;
  const RunReport report = run_job(job, run);

  BenchRow row = measured_row(c, kind, options, members, steps, report);
  row.flop_per_bead_step = flops(job);
  row.layout = kind == BackendKind::cuda ? "block" : "member/thread";
  const std::size_t real_bytes = options.precision == Precision::float32 ? sizeof(float) : sizeof(double);
  row.bytes_per_bead_step = bytes(real_bytes, static_cast<double>(row.steps_per_launch));
  place_under_roof(row, ceilings, options.precision);
  return row;
}

BenchRow run_nishinari_case(const BenchCase& c, BackendKind kind, const BenchOptions& options,
                            const DeviceCeilings& ceilings) {
  return run_block_model_case(
      c, kind, options, ceilings, nishinari_config, parse_nishinari_job, run_nishinari,
      [](const NishinariJob& job) { return nishinari::flops_per_bead_step(job.formulation); },
      nishinari::global_bytes_per_bead_step);
}

/// Cosserat problems: a clamped rod (the material of examples/cosserat/dynamic_cantilever.json) of c.beads - 1
/// elements released from a bent shape under gravity, by the scheme c.scheme; members differ in their
/// perturbation so that no two are identical.
nlohmann::json cosserat_config(const BenchCase& c, std::int64_t members, std::int64_t steps) {
  const double dt = 2e-5;
  nlohmann::json cfg = {
      {"model", "cosserat"},
      {"params",
       {{"n", c.beads - 1},
        {"length", 1.0},
        {"radius", 0.01},
        {"density", 1000.0},
        {"youngs_modulus", 1e6},
        {"shear_modulus", 1e6 / 3},
        {"shear_coefficient", 0.9},
        {"ends", {"clamped", "free"}},
        {"g", {0.0, -9.81, 0.0}}}},
      {"initial", {{"kind", "straight"}, {"perturbation", {{"amplitude", 0.02}, {"direction", {1.0, 0.0, 0.0}}}}}},
      {"integrator", {{"scheme", c.scheme}, {"dt", dt}, {"t_end", dt * double(steps)}}},
      {"output", {{"fields", nlohmann::json::array()}}}};
  if (members > 1) {
    cfg["ensemble"] = {{"mode", "grid"},
                       {"vary", {{"initial.perturbation.amplitude", {{"linspace", {0.01, 0.03, members}}}}}}};
  }
  return cfg;
}

BenchRow run_cosserat_case(const BenchCase& c, BackendKind kind, const BenchOptions& options,
                           const DeviceCeilings& ceilings) {
  return run_block_model_case(
      c, kind, options, ceilings, cosserat_config, parse_cosserat_job, run_cosserat,
      [](const CosseratJob& job) { return cosserat::flops_per_node_step(job.scheme); },
      cosserat::global_bytes_per_node_step);
}

/// Rolling-contact problems: the paper's fixed-end case (u(x, 0) = sin x on (0, 2 pi), contact at generic
/// points, F = 1, G1 = G2 = 1) with K = c.beads / 2 modes per string and sigma resolved by them; members differ
/// in their first contact point so that no two are identical. No Lyapunov twin, no signal.
nlohmann::json rolling_config(const BenchCase& c, std::int64_t members, std::int64_t steps) {
  const int K = c.beads / 2;
  const double L = 2 * 3.141592653589793, sigma = 12.0 / K;  // g_K = exp(-(K/2 sigma)^2/2) = exp(-18)
  const double dt = 2.0 / (K / 2.0);                         // dt omega_max = 2 at c = 1
  nlohmann::json cfg = {
      {"model", "rolling"},
      {"params",
       {{"modes", K}, {"ends", "fixed"}, {"L", L}, {"c", 1.0}, {"F", 1.0}, {"G1", 1.0}, {"G2", 1.0}, {"sigma", sigma}}},
      {"initial", {{"u", {{"kind", "sine"}, {"amplitude", 1.0}, {"k", 1.0}}}, {"s1", 2.1}, {"s2", 3.7}}},
      {"integrator", {{"scheme", "rk4"}, {"dt", dt}, {"t_end", dt * double(steps)}}},
      {"output", {{"fields", nlohmann::json::array()}}}};
  if (members > 1) {
    cfg["ensemble"] = {{"mode", "grid"}, {"vary", {{"initial.s1", {{"linspace", {1.0, 5.0, members}}}}}}};
  }
  return cfg;
}

BenchRow run_rolling_case(const BenchCase& c, BackendKind kind, const BenchOptions& options,
                          const DeviceCeilings& ceilings) {
  BenchRow row = run_block_model_case(
      c, kind, options, ceilings, rolling_config, parse_rolling_job, run_rolling,
      [](const RollingJob&) { return rolling::flops_per_mode_step(); }, rolling::global_bytes_per_mode_step);
  row.layout = kind == BackendKind::cuda ? "thread" : "member/thread";
  return row;
}

BenchRow run_case(const BenchCase& c, BackendKind kind, const BenchOptions& options, const DeviceCeilings& ceilings) {
  if (std::string(c.model) == "cosserat") return run_cosserat_case(c, kind, options, ceilings);
  if (std::string(c.model) == "greenspan") return run_greenspan_case(c, kind, options, ceilings);
  if (std::string(c.model) == "nishinari") return run_nishinari_case(c, kind, options, ceilings);
  if (std::string(c.model) == "rolling") return run_rolling_case(c, kind, options, ceilings);
  throw std::logic_error(std::string("bench: no runner for model '") + c.model + "'");
}

std::string gb(double bytes_per_second) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GB/s", bytes_per_second * 1e-9);
  return buf;
}

std::string gflops(double flops) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GFLOP/s", flops * 1e-9);
  return buf;
}

nlohmann::json calibration_json(const Calibration& c) {
  nlohmann::json j = ceilings_entry_json(c.ceilings);
  j["device"] = c.ceilings.device;
  j["source"] = c.from_cache ? "cache" : "measured";
  j["cache_file"] = c.cache_file.string();
  return j;
}

}  // namespace

const std::vector<BenchCase>& bench_cases() {
  // model, problem, scheme, beads, members, CPU steps, CUDA steps. Both problems are 10^7 bead-steps per step.
  // CPU: about 5 s a row on two cores. CUDA: about 2 s a row at half an H100's float64 peak, so that the driver's
  // host work per chunk (targets and progress over every member, the target upload) stays a small part of it.
  static const std::vector<BenchCase> cases = {
      {"greenspan", "n=9", "greenspan", 9, 1'000'000, 50, 100'000},
      {"greenspan", "n=9", "rk4", 9, 1'000'000, 15, 25'000},
      {"greenspan", "n=1000", "greenspan", 1000, 10'000, 50, 30'000},
      {"greenspan", "n=1000", "rk4", 1000, 10'000, 15, 10'000},
      // Nishinari: the scheme column names the formulation (both RK4). 1.6e5 and 1.28e5 bead-steps per step.
      {"nishinari", "n=16", "intrinsic", 16, 10'000, 20, 2'000},
      {"nishinari", "n=16", "cartesian", 16, 10'000, 20, 2'000},
      {"nishinari", "n=128", "intrinsic", 128, 1'000, 20, 2'000},
      {"nishinari", "n=128", "cartesian", 128, 1'000, 20, 2'000},
      // Cosserat: beads = nodes (elements + 1). 1.7e5 and 1.3e5 node-steps per step; about 2-3 s a CPU row.
      {"cosserat", "n=16", "verlet", 17, 10'000, 200, 2'000},
      {"cosserat", "n=16", "rk4", 17, 10'000, 50, 500},
      {"cosserat", "n=128", "verlet", 129, 1'000, 200, 2'000},
      {"cosserat", "n=128", "rk4", 129, 1'000, 50, 500},
      // Rolling contact: beads = modes of both strings (2K). 6.4e5 and 2.6e6 mode-steps per step.
      {"rolling", "K=32", "rk4", 64, 10'000, 50, 2'000},
      {"rolling", "K=128", "rk4", 256, 10'000, 10, 500},
  };
  return cases;
}

Roofline roofline(double peak_flops, double bytes_per_second, double flop_per_byte) {
  const double memory_roof = bytes_per_second * flop_per_byte;
  if (memory_roof < peak_flops) return {memory_roof, "memory"};
  return {peak_flops, "compute"};
}

std::string layout_from_description(const std::string& description) {
  const std::string key = "layout ";
  const auto at = description.rfind(key);
  if (at == std::string::npos) return "";
  const auto begin = at + key.size();
  const auto end = description.find_first_of(",) ", begin);
  return description.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

BenchReport run_bench(const BenchOptions& options) {
  BenchReport report;
  report.model = options.model;
  report.precision = precision_name(options.precision);
  report.commit = RODSWARM_GIT_COMMIT;
  report.date = utc_now();
  report.host = cpu_device_name();
  report.scale = options.scale;
  report.steps_scale = options.steps_scale;
  for (const BackendKind kind : options.backends) {
    report.ceilings.push_back(load_or_measure_ceilings(kind, options.calibrate, options.calibration));
    if (kind == BackendKind::cuda) report.device = report.ceilings.back().ceilings.device;
  }
  for (std::size_t b = 0; b < options.backends.size(); ++b) {
    for (const BenchCase& c : bench_cases()) {
      if (options.model != c.model) continue;
      report.rows.push_back(run_case(c, options.backends[b], options, report.ceilings[b].ceilings));
    }
  }
  report.ratios = bench_ratios(report.rows);
  return report;
}

std::vector<BenchRatio> bench_ratios(const std::vector<BenchRow>& rows) {
  std::vector<BenchRatio> ratios;
  for (const BenchRow& cpu : rows) {
    if (cpu.backend != "cpu") continue;
    for (const BenchRow& gpu : rows) {
      if (gpu.backend != "cuda" || gpu.model != cpu.model || gpu.problem != cpu.problem || gpu.scheme != cpu.scheme ||
          gpu.precision != cpu.precision)
        continue;
      BenchRatio r;
      r.model = cpu.model;
      r.problem = cpu.problem;
      r.scheme = cpu.scheme;
      r.cpu_bead_steps_per_second = cpu.bead_steps_per_second;
      r.cuda_bead_steps_per_second = gpu.bead_steps_per_second;
      r.ratio = cpu.bead_steps_per_second > 0 ? gpu.bead_steps_per_second / cpu.bead_steps_per_second : 0.0;
      ratios.push_back(r);
    }
  }
  return ratios;
}

std::string format_bench(const BenchReport& report) {
  std::ostringstream out;
  char line[512];
  out << "rodswarm bench: model " << report.model << ", " << report.precision << ", commit " << report.commit << ", "
      << report.date;
  if (report.scale != 1.0 || report.steps_scale != 1.0) {
    out << " (members x " << report.scale << ", steps x " << report.steps_scale << ")";
  }
  out << "\nceilings (copy bandwidth, FMA peak in " << report.precision << "):\n";
  const Precision precision = report.precision == "float32" ? Precision::float32 : Precision::float64;
  for (const Calibration& c : report.ceilings) {
    const char* name = c.backend == BackendKind::cuda ? "cuda" : "cpu";
    out << "  " << name << (c.backend == BackendKind::cuda ? " " : "  ") << c.ceilings.device << ": "
        << gb(c.ceilings.bytes_per_second) << ", " << gflops(c.ceilings.flops(precision)) << "\n";
    out << "        measured " << c.ceilings.measured
        << (c.cache_file.empty() ? std::string(" (this run), not cached")
                                 : (c.from_cache ? ", read from " : " (this run), stored in ") + c.cache_file.string())
        << "\n";
  }
  std::snprintf(line, sizeof line, "%-7s %-9s %-7s %-13s %7s %6s %6s %12s %7s %5s %7s %8s %-7s %6s\n", "problem",
                "scheme", "backend", "layout", "members", "steps", "wall_s", "bead-steps/s", "FLOP/bs", "B/bs",
                "GFLOP/s", "roof", "bound", "roof%");
  out << line;
  for (const BenchRow& r : report.rows) {
    std::snprintf(line, sizeof line,
                  "%-7s %-9s %-7s %-13s %7lld %6lld %6.3g %12.3e %7.1f %5.3g %7.1f %8.1f %-7s %5.1f%%\n",
                  r.problem.c_str(), r.scheme.c_str(), r.backend.c_str(), r.layout.c_str(),
                  static_cast<long long>(r.members), static_cast<long long>(r.steps), r.seconds,
                  r.bead_steps_per_second, r.flop_per_bead_step, r.bytes_per_bead_step, r.achieved_flops * 1e-9,
                  r.attainable_flops * 1e-9, r.bound.c_str(), 100.0 * r.roofline_fraction);
    out << line;
  }
  for (const BenchRow& r : report.rows) {
    if (r.diverged > 0) {
      out << "note: " << r.diverged << " members diverged in " << r.problem << " " << r.scheme << " on " << r.backend
          << "; only the steps before that are counted\n";
    }
  }
  if (!report.ratios.empty()) {
    out << "\nGPU/CPU (bead-steps/s, both from this run):\n";
    std::snprintf(line, sizeof line, "%-7s %-9s %14s %14s %9s\n", "problem", "scheme", "cpu", "cuda", "GPU/CPU");
    out << line;
    for (const BenchRatio& r : report.ratios) {
      std::snprintf(line, sizeof line, "%-7s %-9s %14.3e %14.3e %9.1f\n", r.problem.c_str(), r.scheme.c_str(),
                    r.cpu_bead_steps_per_second, r.cuda_bead_steps_per_second, r.ratio);
      out << line;
    }
  }
  out << "\nbead-steps/s = moving beads x steps / wall_s. FLOP/bs, B/bs: FLOPs and global-memory bytes per bead-step\n"
         "(include/rodswarm/models/*_stepper.hpp, include/rodswarm/gpu/*_footprint.hpp). roof (GFLOP/s) = min(peak\n"
         "FLOP/s, bandwidth x FLOP/B); bound: the ceiling that sets it; roof% = GFLOP/s / roof.";
  return out.str();
}

nlohmann::json bench_json(const BenchReport& report) {
  nlohmann::json rows = nlohmann::json::array();
  for (const BenchRow& r : report.rows) {
    rows.push_back({{"model", r.model},
                    {"problem", r.problem},
                    {"scheme", r.scheme},
                    {"backend", r.backend},
                    {"backend_description", r.description},
                    {"layout", r.layout},
                    {"precision", r.precision},
                    {"members", r.members},
                    {"beads", r.beads},
                    {"steps", r.steps},
                    {"steps_per_launch", r.steps_per_launch},
                    {"diverged", r.diverged},
                    {"seconds", r.seconds},
                    {"bead_steps_per_second", r.bead_steps_per_second},
                    {"flop_per_bead_step", r.flop_per_bead_step},
                    {"bytes_per_bead_step", r.bytes_per_bead_step},
                    {"achieved_flops", r.achieved_flops},
                    {"peak_flops", r.peak_flops},
                    {"bytes_per_second", r.bytes_per_second},
                    {"attainable_flops", r.attainable_flops},
                    {"roofline_fraction", r.roofline_fraction},
                    {"bound", r.bound}});
  }
  nlohmann::json ratios = nlohmann::json::array();
  for (const BenchRatio& r : report.ratios) {
    ratios.push_back({{"model", r.model},
                      {"problem", r.problem},
                      {"scheme", r.scheme},
                      {"cpu_bead_steps_per_second", r.cpu_bead_steps_per_second},
                      {"cuda_bead_steps_per_second", r.cuda_bead_steps_per_second},
                      {"gpu_over_cpu", r.ratio}});
  }
  nlohmann::json ceilings = nlohmann::json::object();
  for (const Calibration& c : report.ceilings) {
    ceilings[c.backend == BackendKind::cuda ? "cuda" : "cpu"] = calibration_json(c);
  }
  return {{"format", "rodswarm-bench"},
          {"model", report.model},
          {"precision", report.precision},
          {"commit", report.commit},
          {"date", report.date},
          {"host", report.host},
          {"device", report.device.empty() ? nlohmann::json(nullptr) : nlohmann::json(report.device)},
          {"scale", report.scale},
          {"steps_scale", report.steps_scale},
          {"ceilings", ceilings},
          {"rows", rows},
          {"ratios", ratios}};
}

}  // namespace rodswarm
