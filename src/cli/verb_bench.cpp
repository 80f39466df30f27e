/// `rodswarm bench`: throughput table (bead-steps/s and roofline fraction) on fixed problems.
#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli/verbs.hpp"
#include "driver/backend_select.hpp"
#include "driver/bench.hpp"

namespace rodswarm::cli {

void add_bench_verb(CLI::App& app, int& exit_code) {
  struct Options {
    std::string model = "greenspan", backend = "auto", precision = "float64";
    bool json = false;
    double scale = 1.0;
  };
  auto options = std::make_shared<Options>();
  CLI::App* verb = app.add_subcommand("bench", "throughput table: bead-steps per second and roofline fraction");
  verb->add_option("--model", options->model, "model to benchmark")->check(CLI::IsMember({"greenspan"}));
  verb->add_option("--backend", options->backend, "auto, cpu or cuda")->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  verb->add_option("--precision", options->precision, "float64 or float32")
      ->check(CLI::IsMember({"float64", "float32"}));
  verb->add_option("--scale", options->scale, "multiply the member counts (e.g. 0.01 for a smoke test)")
      ->check(CLI::PositiveNumber);
  verb->add_flag("--json", options->json, "machine-readable output");
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      BenchOptions bench;
      bench.backend = resolve_backend(options->backend, std::cerr);
      bench.precision = options->precision == "float32" ? Precision::float32 : Precision::float64;
      bench.scale = options->scale;
      const auto rows = bench_greenspan(bench);
      if (options->json) {
        std::cout << bench_json(rows).dump(2) << "\n";
      } else {
        std::cout << format_bench(rows) << "\n";
      }
      return exit_ok;
    });
  });
}

}  // namespace rodswarm::cli
