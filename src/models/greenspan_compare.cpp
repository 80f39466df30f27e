/// @file greenspan_compare.cpp
/// `rodswarm compare` for model greenspan: the first K members on a backend and on the independent reference
/// (src/reference/greenspan_*): the paper's printed recursion (5.2) or textbook RK4, in Eigen, double.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <tuple>

#include "driver/field_error.hpp"
#include "config/greenspan_job.hpp"
#include "driver/compare_impl.hpp"
#include "reference/greenspan_reference.hpp"
#include "models/greenspan_host.hpp"

namespace rodswarm {
namespace {

reference::GreenspanCase case_of(const GreenspanJob& job, std::size_t i) {
  const auto& e = job.members;
  const auto& p = e.params[i];
  reference::GreenspanCase c;
  std::tie(c.n, c.dx, c.m, c.T0, c.eps, c.alpha, c.g, c.load, c.tension_exponent, c.y_left, c.y_right) =
      std::tie(p.n, p.dx, p.m, p.T0, p.eps, p.alpha, p.g, p.load, p.tension_exponent, p.y_left, p.y_right);
  c.dt = e.dt[i];
  c.y0 = Eigen::Map<const Eigen::VectorXd>(e.data(greenspan::Model::heights, static_cast<std::int64_t>(i)), p.n);
  c.v0 = Eigen::Map<const Eigen::VectorXd>(e.data(greenspan::Model::velocities, static_cast<std::int64_t>(i)), p.n);
  return c;
}

/// float64 rk4 1e-12, float64 greenspan 1e-10 (the printed recursion's alternating sums gather round-off),
/// float32 1e-5.
double default_compare_tolerance(const GreenspanJob& job) {
  if (job.precision == Precision::float32) return 1e-5;  // measured on Example 1: ~5e-7
  return job.scheme == greenspan::Scheme::rk4 ? 1e-12 : 1e-10;
}

}  // namespace

/// The backend against the paper's printed recursion (5.2) or textbook RK4 (src/reference/greenspan_*).
CompareReport ModelHost<greenspan::Model>::compare(const GreenspanJob& full_job, const RunOptions& options,
                                                   std::int64_t members) {
  GreenspanJob job = head_of(full_job, members);
  for (const char* field : {"positions", "velocities", "energy"}) job.output.set(field, true);
  const RunReport run = rodswarm::run(job, options);
  const Results& r = run.results;
  const double tol = compare_tolerance(job, default_compare_tolerance(job));

  CompareReport report;
  report.backend = r.backend + " " + r.precision;
  report.reference = job.scheme == greenspan::Scheme::rk4 ? "reference rk4 (Eigen, float64)"
                                                          : "reference printed recursion (5.2) (Eigen, float64)";
  report.members = job.size();
  report.saves = static_cast<std::int64_t>(r.time.size());
  FieldError pos, vel, energy;
  const std::size_t S = r.time.size(), B = static_cast<std::size_t>(r.max_beads), E = r.energy_names().size();
  const auto& series_positions = r.series("positions");
  const auto& series_velocities = r.series("velocities");
  const auto& series_energy = r.series("energy");
  const std::size_t total_index = E - 1;  // "total" is the last component

  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
    const auto c = case_of(job, i);
    const long steps = static_cast<long>(job.steps[i]);
    const long every = static_cast<long>(job.save_steps(i));
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
      compare_state(&series_positions[row * B * 3], &series_velocities[row * B * 3], &series_energy[row * E], ref.y[k],
                    ref.v[k]);
    }
    compare_state(&r.final("positions")[i * B * 3], &r.final("velocities")[i * B * 3], &r.final("energy")[i * E],
                  ref.y.back(), ref.v.back());
  }
  report.add("positions", pos, tol);
  report.add("velocities", vel, tol);
  report.add("energy", energy, tol);
  return report;
}

}  // namespace rodswarm

RODSWARM_COMPARE(rodswarm::greenspan::Model)
