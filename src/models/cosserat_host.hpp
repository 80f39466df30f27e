/// @file cosserat_host.hpp
/// Model cosserat on the host (driver/model_host.hpp): every hook it defines, declared once in its ModelHost, which
/// each of its host files (cosserat_*.cpp) includes, so that all of them see the same hooks.
#pragma once

#include "config/cosserat_job.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<cosserat::Model> : HostDefaults<cosserat::Model> {
  // results, record, stability, describe, compare, bench (driver/model_host.hpp)
  RODSWARM_REQUIRED_HOST_HOOKS;
  // `rodswarm steady`: steady_job, steady_scheme, solve_steady
  RODSWARM_STEADY_HOST_HOOKS;
  // `rodswarm modes`: check_modes, member_modes
  RODSWARM_MODES_HOST_HOOKS;
};

}  // namespace rodswarm
