/// @file greenspan_host.hpp
/// Model greenspan on the host (driver/model_host.hpp): every hook it defines, declared once in its ModelHost, which
/// each of its host files (greenspan_*.cpp) includes, so that all of them see the same hooks.
#pragma once

#include "config/greenspan_job.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<greenspan::Model> : HostDefaults<greenspan::Model> {
  // results, record, stability, describe, compare, bench (driver/model_host.hpp)
  RODSWARM_REQUIRED_HOST_HOOKS;
  // optional hooks this model replaces (their defaults: driver/model_host.hpp)
  static bool counts_as_diverged(std::uint8_t status);
  // `rodswarm steady`: steady_job, steady_scheme, solve_steady
  RODSWARM_STEADY_HOST_HOOKS;
};

}  // namespace rodswarm
