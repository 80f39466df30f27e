/// @file cosserat_host.hpp
/// Model cosserat on the host (driver/model_host.hpp): every hook it defines, declared once in its ModelHost, which
/// each of its host files (cosserat_*.cpp) includes, so that all of them see the same hooks.
#pragma once

#include "config/cosserat_job.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<cosserat::Model> : HostDefaults<cosserat::Model> {
  // run, validate and the stability check (cosserat_run.cpp)
  static ResultsPlan results(const Job& job, const std::string& kind);
  static std::int32_t max_beads(const Job& job);
  template <class Real>
  static void record(const Job& job, const RecordTables& tables, Ensemble<Model, Real>& e, std::size_t i,
                     const FieldRows& rows);
  static MemberStability stability(const Job& job, std::size_t i);
  static std::string stability_bound(const Job& job);
  static std::string stability_example(const StabilityReport::Detail& d, const Job& job);
  static std::vector<std::string> describe(const Job& job);
  // `rodswarm steady`
  static constexpr bool has_steady() { return true; }
  static Job steady_job(const Job& job);
  static std::string steady_scheme(const Job& job);
  template <class Real>
  static SteadyOutcomes solve_steady(const Job& job, Backend<Model, Real>& backend, Ensemble<Model, Real>& e,
                                     StabilityReport& stability);
  // `rodswarm modes` (cosserat_modes.cpp)
  static constexpr bool has_modes() { return true; }
  static void check_modes(const Job& job);
  static MemberModes member_modes(const Job& job, Ensemble<Model, double>& e, std::size_t i,
                                  const ModesOptions& options);
  // compare (cosserat_compare.cpp)
  static CompareReport compare(const Job& job, const RunOptions& options, std::int64_t members);
  // bench (cosserat_bench.cpp)
  static std::vector<BenchCase> bench_problems();
  static BenchProblem bench_problem(const BenchCase& c);
  static BenchCost bench_cost(const Job& job, KernelLayout layout, std::size_t real_bytes, int beads,
                              double steps_per_launch);
};

}  // namespace rodswarm
