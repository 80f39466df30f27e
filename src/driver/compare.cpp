#include "driver/compare.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "driver/field_error.hpp"
#include "reference/greenspan_reference.hpp"

namespace rodswarm {
namespace {

reference::GreenspanCase case_of(const GreenspanJob& job, std::size_t i) {
  const auto& e = job.members;
  const auto& p = e.params[i];
  reference::GreenspanCase c;
  c.n = p.n;
  c.dx = p.dx;
  c.m = p.m;
  c.T0 = p.T0;
  c.eps = p.eps;
  c.alpha = p.alpha;
  c.g = p.g;
  c.tension_exponent = p.tension_exponent;
  c.y_left = p.y_left;
  c.y_right = p.y_right;
  c.dt = e.dt[i];
  c.y0 = Eigen::Map<const Eigen::VectorXd>(e.y.data() + e.offset[i], p.n);
  c.v0 = Eigen::Map<const Eigen::VectorXd>(e.v.data() + e.offset[i], p.n);
  return c;
}

}  // namespace

double default_compare_tolerance(const GreenspanJob& job) {
  if (job.precision == Precision::float32) return 1e-5;  // measured on Example 1: ~5e-7
  return job.scheme == greenspan::Scheme::rk4 ? 1e-12 : 1e-10;
}

CompareReport compare_greenspan(const GreenspanJob& full_job, const RunOptions& options, std::int64_t members) {
  GreenspanJob job = head_of(full_job, members);
  job.output.positions = job.output.velocities = job.output.energy = true;
  RunOptions run_options = options;
  run_options.member_limit = -1;
  const RunReport run = run_greenspan(job, run_options);
  const Results& r = run.results;
  const double tol = job.compare.tolerance > 0 ? job.compare.tolerance : default_compare_tolerance(job);

  CompareReport report;
  report.backend = r.backend + " " + r.precision;
  report.reference = job.scheme == greenspan::Scheme::rk4 ? "reference rk4 (Eigen, float64)"
                                                          : "reference printed recursion (5.2) (Eigen, float64)";
  report.members = job.size();
  report.saves = static_cast<std::int64_t>(r.time.size());
  FieldError pos, vel, energy;
  const std::size_t S = r.time.size(), B = static_cast<std::size_t>(r.max_beads), E = r.energy_names.size();
  const std::size_t total_index = E - 1;  // "total" is the last component

  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
    const auto c = case_of(job, i);
    const long steps = std::lround(job.t_end[i] / c.dt);
    const long every = job.output.save_every > 0 ? std::lround(job.output.save_every / c.dt) : 0;
    const auto ref = job.scheme == greenspan::Scheme::rk4 ? reference::greenspan_rk4(c, steps, every)
                                                          : reference::greenspan_printed_recursion(c, steps, every);
    auto compare_state = [&](const double* positions, const double* velocities, const double* en,
                             const Eigen::VectorXd& y, const Eigen::VectorXd& v) {
      for (int j = 0; j < c.n; ++j) {
        pos.add(positions[3 * (j + 1) + 1], y[j]);
        vel.add(velocities[3 * (j + 1) + 1], v[j]);
      }
      energy.add(en[total_index], reference::greenspan_energy(c, y, v));
    };
    // Saved series: reference entry k is the state after k * every steps, the same as save k.
    for (std::size_t k = 0; k < S && every > 0 && k < ref.y.size(); ++k) {
      if (static_cast<long>(k) * every > steps) break;
      const std::size_t row = i * S + k;
      compare_state(&r.series_positions[row * B * 3], &r.series_velocities[row * B * 3], &r.series_energy[row * E],
                    ref.y[k], ref.v[k]);
    }
    compare_state(&r.final_positions[i * B * 3], &r.final_velocities[i * B * 3], &r.final_energy[i * E], ref.y.back(),
                  ref.v.back());
  }
  for (auto [name, err] :
       {std::pair<const char*, FieldError>{"positions", pos}, {"velocities", vel}, {"energy", energy}}) {
    CompareRow row{name, err.max_abs, err.relative(), tol, err.relative() <= tol};
    report.ok = report.ok && row.ok;
    report.rows.push_back(row);
  }
  return report;
}

std::string format_compare(const CompareReport& report) {
  std::ostringstream out;
  out << "compare: " << report.members << " member(s), " << report.saves << " save(s) + final state\n"
      << "  backend:   " << report.backend << "\n  reference: " << report.reference << "\n";
  // The field column is as wide as the longest name (at least 11: the models' tables line up as before).
  int width = 11;
  for (const auto& row : report.rows) width = std::max(width, static_cast<int>(row.field.size()));
  char line[200];
  std::snprintf(line, sizeof line, "  %-*s %14s %14s %11s  %s\n", width, "field", "max_abs_error", "max_rel_error",
                "tolerance", "status");
  out << line;
  for (const auto& row : report.rows) {
    std::snprintf(line, sizeof line, "  %-*s %14.3e %14.3e %11.1e  %s\n", width, row.field.c_str(), row.max_abs,
                  row.max_rel, row.tolerance, row.ok ? "ok" : "FAIL");
    out << line;
  }
  out << (report.ok ? "compare: all fields within tolerance" : "compare: FAILED: errors above tolerance");
  return out.str();
}

}  // namespace rodswarm
