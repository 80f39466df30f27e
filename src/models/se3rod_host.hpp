/// @file se3rod_host.hpp
/// Model se3rod on the host (driver/model_host.hpp): every hook it defines, declared once in its ModelHost, which
/// each of its host files (se3rod_*.cpp) includes, so that all of them see the same hooks.
#pragma once

#include "config/se3rod_job.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<se3rod::Model> : HostDefaults<se3rod::Model> {
  // run, validate and the stability check (se3rod_run.cpp)
  static ResultsPlan results(const Job& job, const std::string& kind);
  static std::int32_t max_beads(const Job& job);
  template <class Real>
  static void record(const Job& job, const RecordTables& tables, Ensemble<Model, Real>& e, std::size_t i,
                     const FieldRows& rows);
  static MemberStability stability(const Job& job, std::size_t i);
  static std::string stability_bound(const Job& job);
  static std::string stability_example(const StabilityReport::Detail& d, const Job& job);
  static std::vector<std::string> describe(const Job& job);
  // optional hooks this model replaces (their defaults: driver/model_host.hpp)
  static const char* stop_meaning(std::uint8_t status);
  static bool counts_as_diverged(std::uint8_t status);
  // `rodswarm modes` (se3rod_modes.cpp)
  static constexpr bool has_modes() { return true; }
  static void check_modes(const Job& job);
  static MemberModes member_modes(const Job& job, Ensemble<Model, double>& e, std::size_t i,
                                  const ModesOptions& options);
  // compare (se3rod_compare.cpp)
  static CompareReport compare(const Job& job, const RunOptions& options, std::int64_t members);
  // bench (se3rod_bench.cpp)
  static std::vector<BenchCase> bench_problems();
  static BenchProblem bench_problem(const BenchCase& c);
  static BenchCost bench_cost(const Job& job, KernelLayout layout, std::size_t real_bytes, int beads,
                              double steps_per_launch);
};

}  // namespace rodswarm
