/// @file job_options.hpp
/// Options shared by the verbs that read a config: CONFIG, --set, --backend, --precision.
#pragma once

#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "config/config_loader.hpp"
#include "driver/backend_select.hpp"
#include "driver/greenspan_driver.hpp"

namespace rodswarm::cli {

struct JobOptions {
  std::string config;
  std::vector<std::string> sets;
  std::string backend = "auto";
  std::string precision;  ///< empty: the config's
  std::string out;        ///< --out, for the verbs that write results

  void add_to(CLI::App& verb, bool with_backend = true) {
    verb.add_option("CONFIG", config, "config file (JSON)")->required();
    verb.add_option("--set", sets, "override one config key, e.g. --set params.m=0.2 (repeatable)");
    if (with_backend) {
      verb.add_option("--backend", backend, "auto, cpu or cuda (auto: cuda when a device is present)")
          ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
    }
    verb.add_option("--precision", precision, "float64 or float32 (overrides the config)")
        ->check(CLI::IsMember({"float64", "float32"}));
  }

  GreenspanJob load() const {
    std::vector<std::string> all = sets;
    if (!precision.empty()) all.push_back("precision=\"" + precision + "\"");
    return load_job(config, all);
  }

  BackendKind resolve() const { return resolve_backend(backend, std::cerr); }

  /// Adds --out to a verb that writes a results file.
  void add_out_to(CLI::App& verb) { verb.add_option("--out", out, "results file (default: the config's output.path)"); }
  std::string output_path(const GreenspanJob& job) const { return out.empty() ? job.output.path : out; }

  /// Run options with the backend resolved (prints the CPU fallback notice once).
  RunOptions run_options() const {
    RunOptions run;
    run.backend = resolve();
    return run;
  }
};

}  // namespace rodswarm::cli
