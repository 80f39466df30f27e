/// @file nishinari_host.hpp
/// Model nishinari on the host (driver/model_host.hpp): every hook it defines, declared once in its ModelHost, which
/// each of its host files (nishinari_*.cpp) includes, so that all of them see the same hooks.
#pragma once

#include "config/nishinari_job.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <>
struct ModelHost<nishinari::Model> : HostDefaults<nishinari::Model> {
  // results, record, stability, describe, compare, bench (driver/model_host.hpp)
  RODSWARM_REQUIRED_HOST_HOOKS;
  // optional hooks this model replaces (their defaults: driver/model_host.hpp)
  static const char* stop_meaning(std::uint8_t status);
};

}  // namespace rodswarm
