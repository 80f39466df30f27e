#include "driver/stability_check.hpp"

#include <cmath>
#include <sstream>

#include "rodswarm/models/greenspan_stability.hpp"
#include "rodswarm/models/greenspan_steady.hpp"

namespace rodswarm {

StabilityReport check_stability(const GreenspanJob& job) {
  const auto& e = job.members;
  const std::int64_t members = e.members();
  StabilityReport report;
  report.unstable.assign(static_cast<std::size_t>(members), 0);
  std::vector<double> omega2(static_cast<std::size_t>(members), 0.0);
#pragma omp parallel
  {
    std::vector<double> y, scratch;
#pragma omp for schedule(dynamic, 64)
    for (std::int64_t i = 0; i < members; ++i) {
      const auto& p = e.params[static_cast<std::size_t>(i)];
      const double* y0 = e.y.data() + e.offset[static_cast<std::size_t>(i)];
      double w2 = greenspan::highest_mode_omega2(y0, p);
      // Steady state from the straight chord between the ends; if Newton fails the initial state decides alone.
      y.resize(static_cast<std::size_t>(p.n));
      scratch.resize(static_cast<std::size_t>(greenspan::steady_workspace_size(p.n)));
      for (int j = 0; j < p.n; ++j) y[j] = p.y_left + (p.y_right - p.y_left) * (j + 1) / (p.n + 1);
      if (greenspan::solve_steady(y.data(), p, scratch.data(), 1e-10, 50).converged) {
        w2 = std::max(w2, greenspan::highest_mode_omega2(y.data(), p));
      }
      const double gamma = p.alpha / (2.0 * p.m);
      const double dt = e.dt[static_cast<std::size_t>(i)];
      const bool ok = job.scheme == greenspan::Scheme::rk4 ? greenspan::rk4_stable(w2, gamma, dt)
                                                           : greenspan::paper_scheme_stable(w2, gamma, dt);
      report.unstable[static_cast<std::size_t>(i)] = ok ? 0 : 1;
      omega2[static_cast<std::size_t>(i)] = w2;
    }
  }
  for (std::int64_t i = 0; i < members; ++i) {
    if (!report.unstable[static_cast<std::size_t>(i)]) continue;
    ++report.count;
    if (report.examples.size() < 10) {
      const auto& p = e.params[static_cast<std::size_t>(i)];
      report.examples.push_back(
          {i, omega2[static_cast<std::size_t>(i)], p.alpha / (2.0 * p.m), e.dt[static_cast<std::size_t>(i)]});
    }
  }
  return report;
}

std::string unstable_members_line(const StabilityReport& report, const std::string& bound) {
  std::ostringstream out;
  out << "warning: dt lies outside " << bound << " for " << report.count << " member(s): ";
  for (std::size_t k = 0; k < report.examples.size(); ++k) out << (k ? ", " : "") << report.examples[k].member;
  if (report.count > static_cast<std::int64_t>(report.examples.size())) out << ", ...";
  out << "\n";
  return out.str();
}

std::string describe_stability(const StabilityReport& report, greenspan::Scheme scheme) {
  if (report.count == 0) return "";
  std::ostringstream out;
  out << unstable_members_line(report, std::string("the ") + (scheme == greenspan::Scheme::rk4 ? "rk4" : "greenspan") +
                                           " scheme's linearised stability bound");
  const auto& d = report.examples.front();
  if (scheme == greenspan::Scheme::rk4) {
    out << "  e.g. member " << d.member << ": dt * omega_max = " << d.dt * std::sqrt(d.omega2)
        << " (RK4 needs about 2.8 or less)\n";
  } else {
    out << "  e.g. member " << d.member << ": omega_max^2 = " << d.omega2 << ", gamma = alpha/2m = " << d.gamma
        << ", dt = " << d.dt << "; the greenspan scheme needs omega_max^2 < 4 gamma/dt = " << 4.0 * d.gamma / d.dt
        << " and gamma dt < 1 (with alpha = 0 no dt is stable)\n";
  }
  out << unstable_members_footer;
  return out.str();
}

}  // namespace rodswarm
