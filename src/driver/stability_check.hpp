/// @file stability_check.hpp
/// Per-member check of dt against the chosen scheme's linearised stability bound
/// (models/greenspan_stability.hpp), at the initial state and at the steady state, as the design note asks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/greenspan_job.hpp"

namespace rodswarm {

struct StabilityReport {
  struct Detail {
    std::int64_t member;
    double omega2;  ///< the larger highest-mode omega^2 of the initial and steady states
    double gamma;   ///< alpha / (2m)
    double dt;
  };
  std::vector<std::uint8_t> unstable;  ///< [M] 1 where dt lies outside the bound
  std::vector<Detail> examples;        ///< the first few unstable members
  std::int64_t count = 0;
};

StabilityReport check_stability(const GreenspanJob& job);

/// The first line of every model's warning: "warning: dt lies outside <bound> for N member(s): 3, 7, ...".
std::string unstable_members_line(const StabilityReport& report, const std::string& bound);

/// The closing line of every model's warning (what happens to such members and where they are flagged).
inline constexpr const char* unstable_members_footer =
    "  such members may grow without bound; they are flagged in the results (members/stability_warning)";

/// One warning paragraph naming the members (up to ten indices) and what the bound requires; "" if none.
std::string describe_stability(const StabilityReport& report, greenspan::Scheme scheme);

}  // namespace rodswarm
