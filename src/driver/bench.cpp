#include "driver/bench.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <sstream>
#include <stdexcept>

#include "backends/lanes/lane_isa.hpp"
#include "config/config_loader.hpp"
#include "driver/utc_now.hpp"
#include "driver/engine.hpp"
#include "rodswarm/git_commit.hpp"  // generated at every build: RODSWARM_GIT_COMMIT
#include "rodswarm/models/registry.hpp"

namespace rodswarm {
namespace {

std::string precision_name(Precision p) { return p == Precision::float32 ? "float32" : "float64"; }

BenchRow run_case(const BenchCase& c, BackendKind kind, const BenchOptions& options, const DeviceCeilings& ceilings) {
  BenchRow row;
  if (!with_type_named(Models{}, c.model,
                       [&](auto model) { row = run_bench_case<decltype(model)>(c, kind, options, ceilings); })) {
    throw std::logic_error("bench: no model '" + c.model + "'");
  }
  return row;
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

std::int64_t bench_scaled(std::int64_t count, double factor) {
  return std::max<std::int64_t>(1, std::llround(double(count) * factor));
}

BenchRow bench_measured_row(const BenchCase& c, BackendKind kind, const BenchOptions& options, std::int64_t members,
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

void bench_place_under_roof(BenchRow& row, const DeviceCeilings& ceilings, Precision precision) {
  row.achieved_flops = row.bead_steps_per_second * row.flop_per_bead_step;
  row.peak_flops = ceilings.flops(precision);
  row.bytes_per_second = ceilings.bytes_per_second;
  const Roofline roof =
      roofline(row.peak_flops, row.bytes_per_second, row.flop_per_bead_step / row.bytes_per_bead_step);
  row.attainable_flops = roof.attainable_flops;
  row.bound = roof.bound;
  row.roofline_fraction = roof.attainable_flops > 0 ? row.achieved_flops / roof.attainable_flops : 0.0;
}

const std::vector<BenchCase>& bench_cases() {
  static const std::vector<BenchCase> cases = [] {
    std::vector<BenchCase> all;
    for_each_type(Models{}, [&](auto model) {
      const auto problems = bench_problems<decltype(model)>();
      all.insert(all.end(), problems.begin(), problems.end());
    });
    return all;
  }();
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

std::string cpu_layout_from_description(const std::string& description) {
  const std::string key = " lanes: ";
  const auto at = description.find(key);
  const auto comma = description.rfind(", ", at);
  if (at == std::string::npos || comma == std::string::npos) return "member/thread";
  const auto width_end = description.find(' ', at + key.size());
  return description.substr(comma + 2, at - comma - 2) + " x" +
         description.substr(at + key.size(), width_end - at - key.size());
}

BenchReport run_bench(const BenchOptions& options) {
  BenchReport report;
  report.model = options.model;
  report.precision = precision_name(options.precision);
  report.commit = RODSWARM_GIT_COMMIT;
  report.date = utc_now();
  report.host = cpu_device_name();
  report.instruction_set = lane_isa_name(chosen_lane_isa());
  report.scale = options.scale;
  report.steps_scale = options.steps_scale;
  for (const BackendKind kind : options.backends) {
    report.ceilings.push_back(load_or_measure_ceilings(kind, options.calibrate, options.calibration));
    if (kind == BackendKind::cuda) report.device = report.ceilings.back().ceilings.device;
  }
  for (std::size_t b = 0; b < options.backends.size(); ++b) {
    for (const BenchCase& c : bench_cases()) {
      if (options.model != "all" && options.model != c.model) continue;
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
  out << "\ncpu instruction set: " << report.instruction_set
      << " (widest on this host: " << lane_isa_name(widest_host_lane_isa()) << "; RODSWARM_SIMD chooses)";
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
         "(include/rodswarm/models/*_stepper.hpp, include/rodswarm/models/*_cost.hpp). roof (GFLOP/s) = min(peak\n"
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
          {"instruction_set", report.instruction_set},
          {"device", report.device.empty() ? nlohmann::json(nullptr) : nlohmann::json(report.device)},
          {"scale", report.scale},
          {"steps_scale", report.steps_scale},
          {"ceilings", ceilings},
          {"rows", rows},
          {"ratios", ratios}};
}

}  // namespace rodswarm
