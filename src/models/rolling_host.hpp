/// @file rolling_host.hpp
/// Model rolling on the host (driver/model_host.hpp): every hook it defines, declared once in its ModelHost, which
/// each of its host files (rolling_*.cpp) includes, so that all of them see the same hooks.
#pragma once

#include "config/rolling_job.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<rolling::Model> : HostDefaults<rolling::Model> {
  // run, validate and the stability check (rolling_run.cpp)
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
  static RecordTables record_tables(const Job& job);
  static const char* stop_meaning(std::uint8_t status);
  static bool counts_as_diverged(std::uint8_t status);
  static void check(const Job& job);
  template <class Real>
  static void prepare(const Job& job, Ensemble<Model, Real>& e);
  template <class Real>
  static void finish(const Job& job, const Ensemble<Model, Real>& e, Results& r, const RunOptions& options);
  // compare (rolling_compare.cpp)
  static CompareReport compare(const Job& job, const RunOptions& options, std::int64_t members);
  // bench (rolling_bench.cpp)
  static std::vector<BenchCase> bench_problems();
  static BenchProblem bench_problem(const BenchCase& c);
  static BenchCost bench_cost(const Job& job, KernelLayout layout, std::size_t real_bytes, int beads,
                              double steps_per_launch);
};

}  // namespace rodswarm
