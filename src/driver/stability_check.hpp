/// @file stability_check.hpp
/// dt against a scheme's linearised stability bound: what a model says of one member (its bounds are each model's:
/// src/models/<model>_run.cpp), what the check over a job reports, and the warning naming the members.
#pragma once

#include <cstdint>
#include <limits>
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
  /// The member whose dt is the largest fraction of its bound's largest dt (validate's "step:" line); member -1
  /// for an empty job.
  struct Closest {
    std::int64_t member = -1;
    double omega2 = 0;
    double dt = 0;
    double dt_max = std::numeric_limits<double>::infinity();  ///< the largest dt its bound allows (0: none)
    double fraction() const { return dt_max > 0 ? dt / dt_max : std::numeric_limits<double>::infinity(); }
  } closest;
};

/// One member's dt against its scheme's bound.
struct MemberStability {
  double omega2 = 0;  ///< the highest linearised frequency squared
  double gamma = 0;   ///< a damping rate where the bound has one, else 0
  bool stable = true;
  double dt_max = std::numeric_limits<double>::infinity();  ///< the largest dt the bound allows (0: none does)
};

/// The bound of an explicit scheme on an undamped system, dt omega_max < limit (RK4: 2.8 on the imaginary axis,
/// position Verlet: 2).
inline MemberStability omega_bound(double omega, double dt, double limit) {
  const double dt_max = omega > 0 ? limit / omega : std::numeric_limits<double>::infinity();
  return {omega * omega, 0.0, (dt * omega) < limit, dt_max};
}

/// validate's line on the step: "step: member 3 is the closest to its scheme's bound: dt omega_max = 1.19, 0.42 of
/// the bound (stable up to dt = 0.000238)", or what stands in for it when no bound applies or none can be met.
std::string step_line(const StabilityReport::Closest& closest);

/// What a flagged member's numbers say under that bound: "dt * omega_max = 3.2 with omega_max = <formula> = 16;
/// 2.8 or less is needed, i.e. dt < 0.175".
std::string omega_bound_example(const StabilityReport::Detail& d, const std::string& formula, double limit);

/// The warning: the members line, the first member's example (`example`: the text after "e.g. member N: "), and
/// the closing line; "" when no member is flagged.
std::string stability_warning_text(const StabilityReport& report, const std::string& bound, const std::string& example);

/// The first line of every model's warning: "warning: dt lies outside <bound> for N member(s): 3, 7, ...".
std::string unstable_members_line(const StabilityReport& report, const std::string& bound);

/// The closing line of every model's warning (what happens to such members and where they are flagged).
inline constexpr const char* unstable_members_footer =
    "  such members may grow without bound; they are flagged in the results (members/stability_warning)";

/// Marks member i unstable (dt, omega^2 and gamma for the warning's example).
void flag_unstable(StabilityReport& report, std::int64_t i, double omega2, double gamma, double dt);

}  // namespace rodswarm
