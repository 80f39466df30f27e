#include "driver/stability_check.hpp"

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

void flag_unstable(StabilityReport& report, std::int64_t i, double omega2, double gamma, double dt) {
  report.unstable[static_cast<std::size_t>(i)] = 1;
  ++report.count;
  if (report.examples.size() < 10) report.examples.push_back({i, omega2, gamma, dt});
}

}  // namespace rodswarm
