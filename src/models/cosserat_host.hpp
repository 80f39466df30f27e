/// @file cosserat_host.hpp
/// Model cosserat on the host (the interface: model_host.hpp): what its results files hold (nodes, directors,
/// the energy split and Gauss's diagnostics), its stability bound, its steady state by dynamic relaxation, how
/// compare maps a member onto the independent reference, what validate says about a job, and its bench problems.
/// Definitions: cosserat_run.cpp, cosserat_compare.cpp, cosserat_bench.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/cosserat_job.hpp"
#include "driver/bench.hpp"
#include "driver/compare.hpp"
#include "driver/run.hpp"
#include "models/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<cosserat::Model> {
  using Model = cosserat::Model;
  using Job = CosseratJob;

  static std::string scheme_name(const Job& job) { return job.scheme == cosserat::Scheme::rk4 ? "rk4" : "verlet"; }
  static std::vector<std::string> energy_names();
  /// The material and loads every member has, then each varied key's value.
  static ParamTable params(const Job& job);
  /// Bead rows of member i: its nodes (all rods').
  static std::int32_t beads(const Job& job, std::size_t i);
  static std::int32_t max_beads(const Job& job);
  static std::vector<std::int32_t> rods(const Job& job);
  static std::vector<FieldDecl> fields(const Job& job, const std::string& kind);
  template <class Real>
  static void record(const Job& job, Ensemble<Model, Real>& e, std::size_t i, const FieldRows& rows);
  static constexpr bool records_singular = false;
  static bool counts_as_diverged(std::uint8_t status) { return status != status_ok; }

  /// Verlet dt < 2/omega_max, RK4 dt < 2.8/omega_max, omega_max from cosserat_omega_max.
  static StabilityReport check_stability(const Job& job);
  static std::string describe_stability(const StabilityReport& report, const Job& job);

  /// Dynamic relaxation: the member's dynamics with added damping (steady_job), stopped per member when
  /// Z_s <= tol * Z_s(0) (or below 1e-300). newton_iterations holds the steps taken, newton_residual the final Z_s.
  static constexpr bool has_steady = true;
  static Job steady_job(const Job& job);
  static std::string steady_scheme(const Job& job) { return scheme_name(job); }
  template <class Real>
  static SteadyOutcomes solve_steady(const Job& job, Backend<Model, Real>& backend, Ensemble<Model, Real>& e,
                                     StabilityReport& stability);

  /// The backend against the reference integrating the same discrete system with the same scheme
  /// (docs/cosserat_discretisation.md), at every save: positions, velocities, directors, angular velocities and
  /// the total energy. Default tolerance round-off: float64 1e-8, float32 2e-3.
  static CompareReport compare(const Job& job, const RunOptions& options, std::int64_t members);

  static std::vector<std::string> describe(const Job& job);

  static std::vector<BenchCase> bench_problems();
  static nlohmann::json bench_config(const BenchCase& c, std::int64_t members, std::int64_t steps);
  static double bench_flops(const Job& job);
  static double bench_bytes(const Job& job, KernelLayout layout, std::size_t real_bytes, int beads,
                            double steps_per_launch);
};

/// The highest linearised frequency of a member (note 1.7, plus the contact penalty sqrt(k_c/m)).
double cosserat_omega_max(const cosserat::Params<double>& p, const double* rest_length0, const double* radius);

}  // namespace rodswarm
