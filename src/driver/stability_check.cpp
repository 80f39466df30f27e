#include "driver/stability_check.hpp"

#include <cmath>
#include <sstream>

namespace rodswarm {

std::string unstable_members_line(const StabilityReport& report, const std::string& bound) {
  std::ostringstream out;
  out << "warning: dt lies outside " << bound << " for " << report.count << " member(s): ";
  for (std::size_t k = 0; k < report.examples.size(); ++k) out << (k ? ", " : "") << report.examples[k].member;
  if (report.count > static_cast<std::int64_t>(report.examples.size())) out << ", ...";
  out << "\n";
  return out.str();
}

std::string omega_bound_example(const StabilityReport::Detail& d, const std::string& formula, double limit) {
  const double omega = std::sqrt(d.omega2);
  std::ostringstream out;
  out << "dt * omega_max = " << d.dt * omega << " with omega_max = " << formula << " = " << omega << "; " << limit
      << " or less is needed, i.e. dt < " << limit / omega;
  return out.str();
}

std::string stability_warning_text(const StabilityReport& report, const std::string& bound,
                                   const std::string& example) {
  if (report.count == 0) return "";
  return unstable_members_line(report, bound) + "  e.g. member " + std::to_string(report.examples.front().member) +
         ": " + example + "\n" + unstable_members_footer;
}

std::string step_line(const StabilityReport::Closest& c) {
  std::ostringstream out;
  out.precision(3);
  out << "step: ";
  if (c.member < 0) return out.str() + "no members";
  if (std::isinf(c.dt_max)) return out.str() + "no bound applies to it (omega_max is 0)";
  out << "member " << c.member
      << " is the closest to its scheme's bound: dt omega_max = " << c.dt * std::sqrt(c.omega2);
  if (c.dt_max <= 0) {
    out << ", and no dt meets that bound";
  } else {
    out << ", " << c.fraction() << " of the bound (stable up to dt = " << c.dt_max << ")";
  }
  return out.str();
}

void flag_unstable(StabilityReport& report, std::int64_t i, double omega2, double gamma, double dt) {
  report.unstable[static_cast<std::size_t>(i)] = 1;
  ++report.count;
  if (report.examples.size() < 10) report.examples.push_back({i, omega2, gamma, dt});
}

}  // namespace rodswarm
