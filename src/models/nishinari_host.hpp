/// @file nishinari_host.hpp
/// Model nishinari on the host (the interface: model_host.hpp): what its results files hold (the Cartesian state,
/// the energy split, linear and angular momentum), its stability bound, how compare maps a member onto the
/// independent reference, what validate says about a job, and its bench problems. Definitions:
/// nishinari_run.cpp, nishinari_compare.cpp, nishinari_bench.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/nishinari_job.hpp"
#include "driver/bench.hpp"
#include "driver/compare.hpp"
#include "driver/run.hpp"
#include "models/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<nishinari::Model> {
  using Model = nishinari::Model;
  using Job = NishinariJob;

  static std::string scheme_name(const Job&) { return "rk4"; }
  static std::vector<std::string> energy_names();
  static ParamTable params(const Job& job);
  static std::int32_t beads(const Job& job, std::size_t i) { return job.members.params[i].n; }
  static std::int32_t max_beads(const Job& job);
  static std::vector<std::int32_t> rods(const Job&) { return {}; }
  static std::vector<FieldDecl> fields(const Job& job, const std::string& kind);
  template <class Real>
  static void record(const Job& job, Ensemble<Model, Real>& e, std::size_t i, const FieldRows& rows);
  /// A member stopped at a singularity (gimbal lock) is flagged singular and counted as diverged.
  static constexpr bool records_singular = true;
  static constexpr const char* singular_meaning =
      "stopped at a singularity (cos of a relative pitch angle near 0, gimbal lock)";
  static bool counts_as_diverged(std::uint8_t status) { return status != status_ok; }

  /// Members whose dt lies outside RK4's linearised bound (models/nishinari.hpp, rk4_stable_dt).
  static StabilityReport check_stability(const Job& job);
  static std::string describe_stability(const StabilityReport& report, const Job& job);

  /// Either formulation against the reference's Cartesian RK4 (Eigen, double). The Cartesian formulation takes
  /// the reference's steps, so the default tolerance is round-off (float64 1e-9, float32 1e-3). The intrinsic one
  /// integrates other variables: the gap is integration error, so its default tolerance is four times the
  /// reference's own error estimate (Richardson, from a second reference run at dt/2: the two formulations' errors
  /// are each of about that size, not equal), and at least 1e-9. Relative errors are taken against the field's
  /// largest reference value, or against a scale of the member where the field is near zero: (n-1) l / t_end for
  /// velocities, the sum of the energy components' magnitudes for the total energy.
  static CompareReport compare(const Job& job, const RunOptions& options, std::int64_t members);

  static std::vector<std::string> describe(const Job& job);

  static std::vector<BenchCase> bench_problems();
  static nlohmann::json bench_config(const BenchCase& c, std::int64_t members, std::int64_t steps);
  static double bench_flops(const Job& job);
  static double bench_bytes(const Job& job, KernelLayout layout, std::size_t real_bytes, int beads,
                            double steps_per_launch);
};

}  // namespace rodswarm
