/// @file rolling_host.hpp
/// Model rolling on the host (the interface: model_host.hpp): what its results files hold (both strings sampled at
/// output.points points, the contact points, the multiplier, the energy, the running Lyapunov estimate, the
/// harmonic's power spectrum), its stability bound, how compare maps a member onto the finite-difference
/// reference, what validate says about a job, and its bench problems. Definitions: rolling_run.cpp,
/// rolling_compare.cpp, rolling_bench.cpp.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/rolling_job.hpp"
#include "driver/bench.hpp"
#include "driver/compare.hpp"
#include "driver/run.hpp"
#include "models/model_host.hpp"
#include "reference/rolling_reference.hpp"

namespace rodswarm {

template <>
struct ModelHost<rolling::Model> {
  using Model = rolling::Model;
  using Job = RollingJob;

  static std::string scheme_name(const Job&) { return "rk4"; }
  static std::vector<std::string> energy_names() { return {"kinetic", "potential", "total"}; }
  static ParamTable params(const Job& job);
  /// Bead rows of a member: the output points of both strings.
  static std::int32_t beads(const Job& job, std::size_t) { return 2 * job.points; }
  static std::int32_t max_beads(const Job& job) { return 2 * job.points; }
  static std::vector<std::int32_t> rods(const Job& job) {
    return std::vector<std::int32_t>(static_cast<std::size_t>(job.size()), 2);
  }
  static std::vector<FieldDecl> fields(const Job& job, const std::string& kind);

  /// psi_m(x_j) at the output points for every distinct (ends, K, L) of the job: sampling a member is then a
  /// matrix-vector product.
  struct BasisTables {
    std::map<std::tuple<int, int, double>, std::vector<double>> tables;
    const std::vector<double>& of(const rolling::Params<double>& p) const {
      return tables.at(std::make_tuple(int(p.ends), p.modes, p.L));
    }
  };
  static BasisTables recorder(const Job& job);
  template <class Real>
  static void record(const Job& job, const BasisTables& tables, Ensemble<Model, Real>& e, std::size_t i,
                     const FieldRows& rows);
  /// A member whose contact point left its string (fixed ends) is flagged singular, not diverged.
  static constexpr bool records_singular = true;
  static constexpr const char* singular_meaning = "stopped where a contact point left its string (fixed ends)";
  static bool counts_as_diverged(std::uint8_t status) { return status == status_diverged; }

  /// float32 cannot follow a Lyapunov twin closer than 1e-3.
  static void check(const Job& job);
  /// The initial velocities projected onto the constraint (the stepper would do it on its first step; here the
  /// save at t = 0 already holds the state that is integrated).
  template <class Real>
  static void prepare(const Job& job, Ensemble<Model, Real>& e);
  /// The harmonic's signal, NaN after the samples a member reached, and its power spectrum.
  template <class Real>
  static void finish(const Job& job, const Ensemble<Model, Real>& e, Results& r, const RunOptions& options);

  /// Members whose dt lies outside RK4's bound dt omega_max < 2.8.
  static StabilityReport check_stability(const Job& job);
  static std::string describe_stability(const StabilityReport& report, const Job& job);

  /// The backend (modes) against the reference's finite differences (a second discretisation) on a grid of
  /// compare.reference_points intervals (default max(2048, 32 K), rounded to the output points), over
  /// compare.t_end (default one wave round trip 2L/c: chaos amplifies any difference), at every save: both
  /// strings' displacement and velocity at the output points, the contact points, the multiplier and the total
  /// energy. Default tolerance: four times the reference's own discretisation error (a second run on half the
  /// grid, Richardson for order 2), at least 1e-9 (float32: 2e-4).
  static CompareReport compare(const Job& job, const RunOptions& options, std::int64_t members);

  static std::vector<std::string> describe(const Job& job);

  static std::vector<BenchCase> bench_problems();
  static nlohmann::json bench_config(const BenchCase& c, std::int64_t members, std::int64_t steps);
  static double bench_flops(const Job& job);
  static double bench_bytes(const Job& job, KernelLayout layout, std::size_t real_bytes, int beads,
                            double steps_per_launch);
};

/// The highest modal frequency c kappa_K of a member.
double rolling_omega_max(const rolling::Params<double>& p);

/// The running Lyapunov estimate of a member: the sum of logs over the time of the last renormalisation; NaN
/// when the member computes none or has not renormalised yet.
double lyapunov_estimate(const rolling::Params<double>& p, double dt, std::int64_t steps_done, double log_sum);

/// Member i of a rolling job as the reference states it, on a grid of N intervals, with the largest RK4 step that
/// divides the member's dt into `substeps` and keeps the grid's highest frequency 2c/h within dt omega <= 2.
reference::RollingCase rolling_reference_case(const RollingJob& job, std::size_t i, int N, long& substeps);

}  // namespace rodswarm
