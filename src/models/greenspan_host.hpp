/// @file greenspan_host.hpp
/// Model greenspan on the host (the interface: model_host.hpp): what its results files hold, its stability
/// bounds, its Newton steady state, how compare maps a member onto the independent reference, what validate
/// says about a job, and its bench problems. Definitions: greenspan_run.cpp, greenspan_compare.cpp,
/// greenspan_bench.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/greenspan_job.hpp"
#include "driver/bench.hpp"
#include "driver/compare.hpp"
#include "driver/run.hpp"
#include "models/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<greenspan::Model> {
  using Model = greenspan::Model;
  using Job = GreenspanJob;

  // What a results file holds.
  static std::string scheme_name(const Job& job);
  static std::vector<std::string> energy_names();
  static ParamTable params(const Job& job);
  /// Bead rows of member i: its n moving beads and the two fixed ends.
  static std::int32_t beads(const Job& job, std::size_t i) { return job.members.params[i].n + 2; }
  static std::int32_t max_beads(const Job& job);
  static std::vector<std::int32_t> rods(const Job&) { return {}; }
  static std::vector<FieldDecl> fields(const Job& job, const std::string& kind);
  template <class Real>
  static void record(const Job& job, Ensemble<Model, Real>& e, std::size_t i, const FieldRows& rows);
  static constexpr bool records_singular = false;
  static bool counts_as_diverged(std::uint8_t status) { return status == status_diverged; }

  /// dt against the scheme's linearised bound, at the initial state and at the steady state (design note).
  static StabilityReport check_stability(const Job& job);
  static std::string describe_stability(const StabilityReport& report, const Job& job);

  /// Newton on (5.3) from the straight chord between the ends, whatever the initial shape.
  static constexpr bool has_steady = true;
  static Job steady_job(const Job& job);
  static std::string steady_scheme(const Job&) { return "newton"; }
  template <class Real>
  static SteadyOutcomes solve_steady(const Job& job, Backend<Model, Real>& backend, Ensemble<Model, Real>& e,
                                     StabilityReport& stability);

  /// The backend against the paper's printed recursion (5.2) or textbook RK4 (src/reference/greenspan_*).
  static CompareReport compare(const Job& job, const RunOptions& options, std::int64_t members);
  /// float64 rk4 1e-12, float64 greenspan 1e-10 (the printed recursion's alternating sums gather round-off),
  /// float32 1e-5.
  static double default_compare_tolerance(const Job& job);

  /// validate: the model's lines (scheme, sizes).
  static std::vector<std::string> describe(const Job& job);

  static std::vector<BenchCase> bench_problems();
  static nlohmann::json bench_config(const BenchCase& c, std::int64_t members, std::int64_t steps);
  static double bench_flops(const Job& job);
  static double bench_bytes(const Job& job, KernelLayout layout, std::size_t real_bytes, int beads,
                            double steps_per_launch);
};

}  // namespace rodswarm
