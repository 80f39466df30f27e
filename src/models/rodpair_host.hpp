/// @file rodpair_host.hpp
/// Model rodpair on the host (driver/model_host.hpp): every hook it defines, declared once in its ModelHost, which
/// each of its host files (rodpair_*.cpp) includes, so that all of them see the same hooks.
#pragma once

#include "config/rodpair_job.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<rodpair::Model> : HostDefaults<rodpair::Model> {
  // results, record, stability, describe, compare, bench (driver/model_host.hpp)
  RODSWARM_REQUIRED_HOST_HOOKS;
  // optional hooks this model replaces (their defaults: driver/model_host.hpp)
  static void check(const Job& job);
  static const char* stop_meaning(std::uint8_t status);
  static bool counts_as_diverged(std::uint8_t status);
  template <class Real>
  static void finish(const Job& job, const Ensemble<Model, Real>& e, Results& r, const RunOptions& options);
};

}  // namespace rodswarm
