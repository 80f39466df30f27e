/// @file precision_built.hpp
/// Whether this build carries precision float32 (CMake option RODSWARM_FLOAT32, on by default), and the refusal a
/// float32 job meets in a build without it. The sanitizer presets turn it off: their tests run float64 only, and
/// they compiled the float32 instantiations of every backend, lane unit and typed test without ever running them.
#pragma once

#include <string>

#include "config/config_error.hpp"

#ifndef RODSWARM_WITH_FLOAT32
#define RODSWARM_WITH_FLOAT32 1  // CMake defines it on every target (cmake/RodswarmOptions.cmake)
#endif

namespace rodswarm {

inline constexpr bool float32_built = RODSWARM_WITH_FLOAT32 != 0;

/// Bad input for this build: exit 2, naming the config file and the key.
[[noreturn]] inline void refuse_float32_not_built(const std::string& source) {
  throw ConfigError(source, "precision",
                    "\"float32\" is not in this build of rodswarm (configured with RODSWARM_FLOAT32=OFF, as the "
                    "sanitizer presets are): run it in float64, or with a build of the default preset");
}

}  // namespace rodswarm
