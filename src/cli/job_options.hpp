/// @file job_options.hpp
/// Options shared by the verbs that read a config: CONFIG, --set, --backend, --precision.
#pragma once

#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "config/config_loader.hpp"
#include "driver/backend_select.hpp"
#include "rodswarm/gpu/card_properties.hpp"
#include "driver/run.hpp"
#include "io/results_target.hpp"

namespace rodswarm::cli {

struct JobOptions {
  std::string config;
  std::vector<std::string> sets;
  std::string backend = "auto";
  std::string precision;  ///< empty: the config's
  std::string out;        ///< --out, for the verbs that write results
  CLI::Option* out_option = nullptr;
  bool force = false;               ///< --force: replace an existing file that is not a rodswarm results file
  std::string layout = "auto";      ///< --layout: CUDA kernel layout
  std::string card = "h100";        ///< --card: the emulated backend's card
  std::uint64_t device_memory = 0;  ///< --device-memory: device bytes the ensemble may use (0: 90% of free)
  std::uint64_t host_memory = 0;    ///< --host-memory: host bytes a run may use (0: the memory available)

  void add_to(CLI::App& verb, bool with_backend = true) {
    verb.add_option("CONFIG", config, "config file (JSON)")->required();
    verb.add_option("--set", sets, "override one config key, e.g. --set params.m=0.2 (repeatable)");
    if (with_backend) {
      verb.add_option("--backend", backend,
                      "auto, cpu, cuda or emulated (auto: cuda when a device is present; emulated: the CUDA "
                      "backend's kernels run on the CPU as a GPU runs them, slowly, to check them without a GPU)")
          ->check(CLI::IsMember({"auto", "cpu", "cuda", "emulated"}));
      verb.add_option("--card", card,
                      "the card the emulated backend imitates: a100, h100, h200, l4 or rtx4090, optionally with a "
                      "number of its SMs (h100:16)");
    }
    verb.add_option("--precision", precision, "float64 or float32 (overrides the config)")
        ->check(CLI::IsMember({"float64", "float32"}));
    verb.add_option("--layout", layout,
                    "CUDA kernel layout: auto (by member size), thread, warp, block or grid (see README)")
        ->check(CLI::IsMember({"auto", "thread", "warp", "block", "grid"}));
    verb.add_option("--device-memory", device_memory,
                    "device memory the ensemble may use, e.g. 2GiB (default 90% of the free memory); larger "
                    "ensembles stream through in batches")
        ->transform(CLI::AsSizeValue(false));
    verb.add_option("--host-memory", host_memory,
                    "host memory the run may use, e.g. 8GiB (default: the memory available); results stream to the "
                    "file in batches that fit")
        ->transform(CLI::AsSizeValue(false));
  }

  CudaOptions cuda_options() const {
    CudaOptions cuda;
    cuda.layout = parse_layout(layout);
    cuda.device_memory = static_cast<std::size_t>(device_memory);
    cuda.card = card;
    try {
      (void)card_by_key(card);  // an unknown card is refused before any work
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::string("--card: ") + e.what());
    }
    return cuda;
  }

  /// The config of any model, with --set and --precision applied.
  AnyJob load_any(const ParseOptions& parse = {}) const { return load_any_job(config, overrides(), parse); }
  std::vector<std::string> overrides() const {
    std::vector<std::string> all = sets;
    if (!precision.empty()) all.push_back("precision=\"" + precision + "\"");
    return all;
  }

  BackendKind resolve() const { return resolve_backend(backend, std::cerr); }

  /// Adds --out and --force to a verb that writes a results file.
  void add_out_to(CLI::App& verb) {
    out_option = verb.add_option("--out", out, "results file (default: the config's output.path)");
    verb.add_flag("--force", force,
                  "replace an existing file that is not a rodswarm results file (an input is never replaced)");
  }
  /// The results path (--out, else the config's output.path) and where it came from, for messages.
  template <class Job>
  std::pair<std::string, ResultsPathSource> output_path(const Job& job) const {
    if (out_option != nullptr && out_option->count() > 0) return {out, ResultsPathSource{"--out", ""}};
    return {job.output.path, ResultsPathSource{config, "output.path"}};
  }
  ResultsTargetOptions target_options() const { return ResultsTargetOptions{{config}, force}; }

  /// Run options with the backend resolved (prints the CPU fallback notice once).
  RunOptions run_options() const {
    RunOptions run;
    run.backend = resolve();
    run.cuda = cuda_options();
    return run;
  }
};

}  // namespace rodswarm::cli
