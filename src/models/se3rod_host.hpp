/// @file se3rod_host.hpp
/// Model se3rod on the host (driver/model_host.hpp): every hook it defines, declared once in its ModelHost, which
/// each of its host files (se3rod_*.cpp) includes, so that all of them see the same hooks.
#pragma once

#include "config/se3rod_job.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<se3rod::Model> : HostDefaults<se3rod::Model> {
  // results, record, stability, describe, compare, bench (driver/model_host.hpp)
  RODSWARM_REQUIRED_HOST_HOOKS;
  // optional hooks this model replaces (their defaults: driver/model_host.hpp)
  static const char* stop_meaning(std::uint8_t status);
  static bool counts_as_diverged(std::uint8_t status);
  // `rodswarm steady`: Newton statics (se3rod_steady.cpp)
  RODSWARM_STEADY_HOST_HOOKS;
  // `rodswarm modes`: check_modes, member_modes
  RODSWARM_MODES_HOST_HOOKS;
};

}  // namespace rodswarm
