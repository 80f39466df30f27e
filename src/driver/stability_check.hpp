/// @file stability_check.hpp
/// What every model's check of dt against its scheme's linearised stability bound reports, and the lines every
/// model's warning starts and ends with (the bounds themselves are each model's: src/models/<model>_run.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rodswarm {

struct StabilityReport {
  struct Detail {
    std::int64_t member;
    double omega2;  ///< the highest linearised frequency squared
    double gamma;   ///< a damping rate where the bound has one (greenspan: alpha / (2m)), else 0
    double dt;
  };
  std::vector<std::uint8_t> unstable;  ///< [M] 1 where dt lies outside the bound
  std::vector<Detail> examples;        ///< the first few unstable members
  std::int64_t count = 0;
};

/// The first line of every model's warning: "warning: dt lies outside <bound> for N member(s): 3, 7, ...".
std::string unstable_members_line(const StabilityReport& report, const std::string& bound);

/// The closing line of every model's warning (what happens to such members and where they are flagged).
inline constexpr const char* unstable_members_footer =
    "  such members may grow without bound; they are flagged in the results (members/stability_warning)";

/// Marks member i unstable (dt, omega^2 and gamma for the warning's example).
void flag_unstable(StabilityReport& report, std::int64_t i, double omega2, double gamma, double dt);

}  // namespace rodswarm
