/// @file utc_now.hpp
/// The current time as ISO 8601 UTC ("2026-11-21T10:00:00Z"), for results files, bench reports and calibrations.
#pragma once

#include <ctime>
#include <string>

namespace rodswarm {

inline std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

}  // namespace rodswarm
