#include "driver/bench.hpp"

#include <omp.h>

#include <chrono>
#include <cstdio>
#include <sstream>

#include "config/config_loader.hpp"
#include "driver/greenspan_driver.hpp"

namespace rodswarm {
namespace {

/// 8 independent FMA chains per thread keep the pipelines full; the result is consumed so nothing is elided.
template <class Real>
double fma_peak() {
  const long iterations = 20'000'000;
  double total_flops = 0.0;
  Real sink = 0;
  const auto start = std::chrono::steady_clock::now();
#pragma omp parallel reduction(+ : total_flops, sink)
  {
    Real acc[16];
    for (int k = 0; k < 16; ++k) acc[k] = Real(1) + Real(k) * Real(1e-3) + Real(omp_get_thread_num());
    const Real a = Real(0.999999), b = Real(1e-7);
    for (long it = 0; it < iterations; ++it) {
#pragma omp simd
      for (int k = 0; k < 16; ++k) acc[k] = acc[k] * a + b;
    }
    for (int k = 0; k < 16; ++k) sink += acc[k];
    total_flops += 2.0 * 16.0 * double(iterations);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (sink == Real(-1)) std::puts("");  // keeps the loop alive
  return total_flops / seconds;
}

nlohmann::json problem_config(const std::string& scheme, bool large, std::int64_t members, std::int64_t steps) {
  // Example 1 of the paper, or a 1000-bead string with the same tension scale, damped enough to be inside both
  // schemes' stability bounds at dt = 1e-5.
  nlohmann::json params = large ? nlohmann::json{{"n", 1000},   {"dx", 0.002},  {"m", 0.001}, {"T0", 9.0},
                                                 {"eps", 0.01}, {"alpha", 0.2}, {"g", 32.2}}
                                : nlohmann::json{{"n", 9},      {"dx", 0.1},    {"m", 0.1}, {"T0", 9.0},
                                                 {"eps", 0.01}, {"alpha", 0.6}, {"g", 32.2}};
  const double dt = large ? 1e-5 : 0.002;
  nlohmann::json peak = large ? nlohmann::json::array({1.0, 0.05}) : nlohmann::json::array({0.5, 0.5});
  nlohmann::json cfg = {{"model", "greenspan"},
                        {"params", params},
                        {"initial", {{"kind", "triangle"}, {"peak", peak}}},
                        {"integrator", {{"scheme", scheme}, {"dt", dt}, {"t_end", dt * double(steps)}}},
                        {"output", {{"fields", nlohmann::json::array()}}}};
  if (members > 1) {
    // Members differ in their peak height so that no two are identical.
    const double y = peak[1].get<double>();
    cfg["ensemble"] = {{"mode", "grid"}, {"vary", {{"initial.peak[1]", {{"linspace", {0.5 * y, y, members}}}}}}};
  }
  return cfg;
}

}  // namespace

double measure_cpu_peak_flops(Precision precision) {
  return precision == Precision::float32 ? fma_peak<float>() : fma_peak<double>();
}

std::vector<BenchRow> bench_greenspan(const BenchOptions& options) {
  const bool gpu = options.backend == BackendKind::cuda;
  const double peak = gpu ? cuda_nominal_peak_flops(options.precision == Precision::float64)
                          : measure_cpu_peak_flops(options.precision);
  struct Problem {
    const char* name;
    bool large;
    std::int64_t members, steps;
  };
  const Problem problems[] = {
      {"example1 (n=9)", false, gpu ? 1 << 20 : 1 << 14, gpu ? 2000 : 1000},
      {"string (n=1000)", true, gpu ? 10000 : 64, gpu ? 500 : 1000},
  };
  std::vector<BenchRow> rows;
  for (const auto& problem : problems) {
    for (const std::string scheme : {"greenspan", "rk4"}) {
      const auto members = std::max<std::int64_t>(1, std::llround(double(problem.members) * options.scale));
      GreenspanJob job = parse_greenspan_job(problem_config(scheme, problem.large, members, problem.steps), "bench");
      job.precision = options.precision;
      RunOptions run;
      run.backend = options.backend;
      const RunReport report = run_greenspan(job, run);
      BenchRow row;
      row.model = "greenspan";
      row.problem = problem.name;
      row.scheme = scheme;
      row.backend = report.results.backend;
      row.precision = options.precision == Precision::float32 ? "float32" : "float64";
      row.members = members;
      row.beads = problem.large ? 1000 : 9;
      row.steps = problem.steps;
      row.seconds = report.wall_seconds;
      row.bead_steps_per_second = report.bead_steps / report.wall_seconds;
      row.flop_per_bead_step = greenspan::flops_per_bead_step(job.scheme);
      row.achieved_flops = row.bead_steps_per_second * row.flop_per_bead_step;
      row.peak_flops = peak;
      row.roofline_fraction = peak > 0 ? row.achieved_flops / peak : 0.0;
      rows.push_back(row);
    }
  }
  return rows;
}

std::string format_bench(const std::vector<BenchRow>& rows) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line, "%-10s %-16s %-9s %-8s %8s %6s %6s %9s %13s %9s %9s %8s\n", "model", "problem",
                "scheme", "prec", "members", "beads", "steps", "wall_s", "bead_steps/s", "GFLOP/s", "peak", "roof%");
  out << line;
  for (const auto& r : rows) {
    std::snprintf(line, sizeof line, "%-10s %-16s %-9s %-8s %8lld %6d %6lld %9.3f %13.3e %9.2f %9.1f %7.1f%%\n",
                  r.model.c_str(), r.problem.c_str(), r.scheme.c_str(), r.precision.c_str(),
                  static_cast<long long>(r.members), r.beads, static_cast<long long>(r.steps), r.seconds,
                  r.bead_steps_per_second, r.achieved_flops * 1e-9, r.peak_flops * 1e-9, 100.0 * r.roofline_fraction);
    out << line;
  }
  if (!rows.empty())
    out << "backend: " << rows.front().backend << "; peak = "
        << (rows.front().backend.rfind("cuda", 0) == 0 ? "nominal device FMA peak"
                                                       : "measured FMA peak of all host threads")
        << "; FLOPs per bead-step as counted in include/rodswarm/models/greenspan_stepper.hpp";
  return out.str();
}

nlohmann::json bench_json(const std::vector<BenchRow>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& r : rows) {
    out.push_back({{"model", r.model},
                   {"problem", r.problem},
                   {"scheme", r.scheme},
                   {"backend", r.backend},
                   {"precision", r.precision},
                   {"members", r.members},
                   {"beads", r.beads},
                   {"steps", r.steps},
                   {"seconds", r.seconds},
                   {"bead_steps_per_second", r.bead_steps_per_second},
                   {"flop_per_bead_step", r.flop_per_bead_step},
                   {"achieved_flops", r.achieved_flops},
                   {"peak_flops", r.peak_flops},
                   {"roofline_fraction", r.roofline_fraction}});
  }
  return out;
}

}  // namespace rodswarm
