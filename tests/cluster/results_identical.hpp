/// @file results_identical.hpp
/// Two results files compared dataset by dataset, bitwise (NaN padding included): what `run --shard` + `merge`
/// and `mpirun -n R` must give against a plain run. Attributes that describe the process, not the results
/// (created, backend: its thread count differs per rank), are left out; the part attribute is compared.
#pragma once

#include <cstring>
#include <string>
#include <vector>

#include "io/results.hpp"

namespace rodswarm_test {

template <class T>
void compare_bits(const std::string& name, const std::vector<T>& a, const std::vector<T>& b,
                  std::vector<std::string>& differences) {
  if (a.size() != b.size()) {
    differences.push_back(name + ": " + std::to_string(a.size()) + " values against " + std::to_string(b.size()));
  } else if (!a.empty() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) != 0) {
    differences.push_back(name + ": values differ");
  }
}

/// The differences between the files at `a` and `b` (empty: identical), one line each.
inline std::vector<std::string> results_differences(const std::string& a, const std::string& b) {
  const rodswarm::Results x = rodswarm::read_results(a), y = rodswarm::read_results(b);
  std::vector<std::string> d;
  const auto text = [&d](const std::string& name, const std::string& u, const std::string& v) {
    if (u != v) d.push_back(name + ": \"" + u + "\" against \"" + v + "\"");
  };
  text("kind", x.kind, y.kind);
  text("model", x.model, y.model);
  text("scheme", x.scheme, y.scheme);
  text("precision", x.precision, y.precision);
  text("config", x.config_json, y.config_json);
  text("run_fingerprint", x.run_fingerprint, y.run_fingerprint);
  text("part", x.part.shard + "@" + std::to_string(x.part.first), y.part.shard + "@" + std::to_string(y.part.first));
  if (x.members != y.members || x.max_beads != y.max_beads) d.push_back("members or max_beads");
  compare_bits("members/beads", x.beads, y.beads, d);
  compare_bits("members/rods", x.rods, y.rods, d);
  if (x.param_names != y.param_names) d.push_back("parameter names");
  for (std::size_t k = 0; k < x.params.size() && k < y.params.size(); ++k)
    compare_bits("members/params/" + x.param_names[k], x.params[k], y.params[k], d);
  compare_bits("time", x.time, y.time, d);
  if (x.fields.size() != y.fields.size()) d.push_back("fields");
  for (std::size_t f = 0; f < x.fields.size() && f < y.fields.size(); ++f) {
    if (x.fields[f].name != y.fields[f].name || x.fields[f].row != y.fields[f].row) d.push_back("field names");
    compare_bits("series/" + x.fields[f].name, x.fields[f].series, y.fields[f].series, d);
    compare_bits("final/" + x.fields[f].name, x.fields[f].final, y.fields[f].final, d);
  }
  compare_bits("final/time", x.final_time, y.final_time, d);
  compare_bits("members/diverged", x.diverged, y.diverged, d);
  compare_bits("members/steps_taken", x.steps_taken, y.steps_taken, d);
  compare_bits("members/stability_warning", x.stability_warning, y.stability_warning, d);
  for (const rodswarm::StopFlag& flag : rodswarm::stop_flags) {
    compare_bits(flag.dataset + 1, x.*flag.flags, y.*flag.flags, d);
  }
  compare_bits("spectrum/signal", x.spectrum.signal, y.spectrum.signal, d);
  compare_bits("spectrum/omega", x.spectrum.omega, y.spectrum.omega, d);
  compare_bits("spectrum/power", x.spectrum.power, y.spectrum.power, d);
  compare_bits("steady/iterations", x.newton_iterations, y.newton_iterations, d);
  compare_bits("steady/residual", x.newton_residual, y.newton_residual, d);
  compare_bits("steady/converged", x.converged, y.converged, d);
  return d;
}

/// gtest-printable: "identical", or the differences one per line.
inline std::string differences_text(const std::vector<std::string>& d) {
  if (d.empty()) return "identical";
  std::string text;
  for (const auto& line : d) text += line + "\n";
  return text;
}

/// Each model's example for the identity tests, shortened to a fraction of a second: ensembles of members of
/// several sizes where the sweep has them.
struct ModelExample {
  const char* model;
  const char* args;  ///< the example and its overrides
};
inline const std::vector<ModelExample>& every_model_example() {
  static const std::vector<ModelExample> examples = {
      {"greenspan", "examples/greenspan/sweep.json --set integrator.t_end=0.1"},
      {"nishinari", "examples/nishinari/sweep.json --set integrator.t_end=0.005"},
      {"cosserat", "examples/cosserat/sweep.json --set integrator.t_end=0.005"},
      {"rolling", "examples/rolling/sweep.json --set integrator.t_end=4"},
      {"se3rod", "examples/se3rod/sweep.json --set integrator.t_end=0.05"},
      {"rodpair", "examples/rodpair/sweep.json --set integrator.t_end=0.01"},
  };
  return examples;
}

}  // namespace rodswarm_test
