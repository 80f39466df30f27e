/// @file rolling_host.hpp
/// Model rolling on the host (driver/model_host.hpp): every hook it defines, declared once in its ModelHost, which
/// each of its host files (rolling_*.cpp) includes, so that all of them see the same hooks.
#pragma once

#include "config/rolling_job.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<rolling::Model> : HostDefaults<rolling::Model> {
  // results, record, stability, describe, compare, bench (driver/model_host.hpp)
  RODSWARM_REQUIRED_HOST_HOOKS;
  // optional hooks this model replaces (their defaults: driver/model_host.hpp)
  static RecordTables record_tables(const Job& job);
  static const char* stop_meaning(std::uint8_t status);
  static bool counts_as_diverged(std::uint8_t status);
  static void check(const Job& job);
  template <class Real>
  static void prepare(const Job& job, Ensemble<Model, Real>& e);
  template <class Real>
  static void finish(const Job& job, const Ensemble<Model, Real>& e, Results& r, const RunOptions& options);
};

}  // namespace rodswarm
