/// `rodswarm bench`: throughput table (bead-steps/s, roofline fraction) on fixed problems, CPU and GPU side by side.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/verbs.hpp"
#include "cluster/team.hpp"
#include "driver/backend_select.hpp"
#include "driver/bench.hpp"
#include "driver/precision_built.hpp"
#include "io/results.hpp"
#include "rodswarm/models/registry.hpp"

namespace rodswarm::cli {
namespace {

/// "all": the CPU, then the GPU when there is one (saying so once when there is none); otherwise one backend.
std::vector<BackendKind> bench_backends(const std::string& name) {
  if (name != "all") return {resolve_backend(name, std::cerr)};
  if (cuda_device_count() > 0) return {BackendKind::cpu, BackendKind::cuda};
  std::cerr << "rodswarm: no CUDA device found; benchmarking the CPU backend only\n";
  return {BackendKind::cpu};
}

}  // namespace

void add_bench_verb(CLI::App& app, int& exit_code) {
  struct Options {
    std::string model = "greenspan", backend = "all", precision = "float64", layout = "auto", json_out;
    bool json = false, calibrate = false;
    double scale = 1.0, steps_scale = 1.0;
  };
  auto options = std::make_shared<Options>();
  CLI::App* verb = app.add_subcommand("bench", "throughput table: bead-steps per second under the device's roofline");
  std::vector<std::string> models;
  for_each_type(Models{}, [&](auto model) { models.emplace_back(decltype(model)::name); });
  models.emplace_back("all");
  verb->add_option("--model", options->model, "model to benchmark, or all")->check(CLI::IsMember(models));
  verb->add_option("--backend", options->backend, "all (CPU, then the GPU when present), auto, cpu or cuda")
      ->check(CLI::IsMember({"all", "auto", "cpu", "cuda"}));
  verb->add_option("--layout", options->layout, "CUDA kernel layout: auto, thread, warp, block or grid")
      ->check(CLI::IsMember({"auto", "thread", "warp", "block", "grid"}));
  verb->add_option("--precision", options->precision, "float64 or float32")
      ->check(CLI::IsMember({"float64", "float32"}));
  verb->add_option("--scale", options->scale, "multiply the member counts (e.g. 0.01 for a smoke test)")
      ->check(CLI::PositiveNumber);
  verb->add_option("--steps-scale", options->steps_scale, "multiply the step counts")->check(CLI::PositiveNumber);
  verb->add_flag("--calibrate", options->calibrate,
                 "measure the ceilings (copy bandwidth, FMA peak) of every backend benchmarked again and cache them");
  verb->add_flag("--json", options->json, "machine-readable output");
  verb->add_option("--json-out", options->json_out, "also write the JSON report to this file (bench/run)");
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      BenchOptions bench;
      bench.backends = bench_backends(options->backend);
      bench.model = options->model;
      bench.precision = options->precision == "float32" ? Precision::float32 : Precision::float64;
      // Before the JSON report is opened and the ceilings calibrated: a refusal leaves nothing behind.
      if (bench.precision == Precision::float32 && !float32_built) {
        throw ConfigError("rodswarm bench", "--precision",
                          "\"float32\" is not in this build of rodswarm (configured with RODSWARM_FLOAT32=OFF, as the "
                          "sanitizer presets are): bench float64, or with a build of the default preset");
      }
      bench.scale = options->scale;
      bench.steps_scale = options->steps_scale;
      bench.layout = parse_layout(options->layout);
      bench.calibrate = options->calibrate;
      // Opened before the run, so that a bad path fails at once rather than after minutes of benchmarking.
      std::ofstream json_out;
      if (!options->json_out.empty()) {
        json_out.open(options->json_out);
        if (!json_out) throw IoError(options->json_out + ": cannot write the JSON report");
      }
      // Under mpirun every rank runs the suite at once, each on its share of the node (its GPU, its cores): the
      // leader reports its own table, then every rank's bead-steps/s per row and their sum.
      Team& team = Team::world();
      if (!team.leader()) bench.calibrate = false;  // one rank measures the ceilings (they are cached)
      const BenchReport report = run_bench(bench);
      std::ostringstream mine;
      for (const BenchRow& row : report.rows) mine << row.bead_steps_per_second << "\n";
      const std::vector<std::string> ranks = team.gather(mine.str());
      if (!team.leader()) return static_cast<int>(exit_ok);
      nlohmann::json json = bench_json(report);
      std::ostringstream per_rank;
      if (team.size() > 1) {
        std::vector<std::vector<double>> rates(ranks.size());
        for (std::size_t r = 0; r < ranks.size(); ++r) {
          std::istringstream in(ranks[r]);
          for (double v = 0; in >> v;) rates[r].push_back(v);
        }
        json["ranks"] = rates;
        per_rank << "\nbead-steps/s per rank (" << ranks.size()
                 << " ranks ran the suite at once; rank 0's table above):\n";
        for (std::size_t k = 0; k < report.rows.size(); ++k) {
          const BenchRow& row = report.rows[k];
          double total = 0;
          per_rank << "  " << row.problem << " " << row.scheme << " " << row.backend << ":";
          for (const auto& rate : rates) {
            const double v = k < rate.size() ? rate[k] : 0.0;
            total += v;
            char cell[32];
            std::snprintf(cell, sizeof cell, " %.3e", v);
            per_rank << cell;
          }
          char cell[48];
          std::snprintf(cell, sizeof cell, "  total %.3e", total);
          per_rank << cell << "\n";
          json["rows"][k]["total_bead_steps_per_second"] = total;
        }
      }
      if (json_out.is_open()) {
        json_out << json.dump(2) << "\n";
        if (!json_out.flush()) throw IoError(options->json_out + ": cannot write the JSON report");
      }
      if (options->json) {
        std::cout << json.dump(2) << "\n";
      } else {
        std::cout << format_bench(report) << "\n" << per_rank.str();
      }
      return static_cast<int>(exit_ok);
    });
  });
}

}  // namespace rodswarm::cli
