/// @file modes_impl.hpp
/// The generic `modes` driver (modes.hpp): the model's host linearises each member on the host in float64
/// (ModelHost<M>::member_modes, which also moves the member's state to the equilibrium it linearises about), members
/// in parallel over the cores; the results hold the state linearised about (the model's final fields), the
/// frequencies and the mode shapes, and per member the Newton iterations, residual and convergence (/steady).
#pragma once

#include <chrono>
#include <cstdio>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "backends/parallel_for.hpp"
#include "driver/modes.hpp"
#include "driver/run_impl.hpp"

namespace rodswarm {

template <class M>
bool has_modes() {
  return ModelHost<M>::has_modes();
}

namespace driver_detail {

template <class M>
RunReport modes_of(const Job<M>& job, const ModesOptions& options) {
  using H = ModelHost<M>;
  if (options.count < 1) throw std::invalid_argument("modes: --count must be at least 1");
  H::check_modes(job);
  RunReport report;
  Results& r = report.results;
  r = driver_detail::results_skeleton(job, kHostEigen, options.max_beads, "modes", 0);
  r.scheme = options.equilibrium ? "linearisation about the equilibrium" : "linearisation about the initial state";
  r.precision = "float64";
  auto ensemble = to_precision<double>(job.members);
  const auto members = static_cast<std::size_t>(job.size());
  std::vector<MemberModes> found(members);
  const auto start = std::chrono::steady_clock::now();
  parallel_for(job.size(), 1, 1, [&](std::int64_t i) {
    found[static_cast<std::size_t>(i)] = H::member_modes(job, ensemble, static_cast<std::size_t>(i), options);
  });
  report.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const RecordTables tables = H::record_tables(job);
  for (std::size_t i = 0; i < members; ++i) H::record(job, tables, ensemble, i, driver_detail::rows_of(r, i, -1));
  const auto K = static_cast<std::uint64_t>(options.count), B = static_cast<std::uint64_t>(r.max_beads);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ResultsField omega{"frequencies", {K}, {}, {}, std::vector<double>(members * K, nan)};
  ResultsField shapes{"mode_shapes",
                      {K, B, 6},
                      {"rotation", "rotation", "rotation", "displacement", "displacement", "displacement"},
                      {},
                      std::vector<double>(members * K * B * 6, nan)};
  r.final_time.assign(members, 0.0);
  r.diverged.assign(members, 0);
  r.steps_taken.assign(members, 0);
  r.stability_warning.assign(members, 0);
  for (std::size_t i = 0; i < members; ++i) {
    const MemberModes& m = found[i];
    const std::size_t nodes = m.omega.empty() ? 0 : m.shapes.size() / (6 * m.omega.size());
    for (std::size_t k = 0; k < m.omega.size() && k < K; ++k) {
      omega.final[i * K + k] = m.omega[k];
      for (std::size_t q = 0; q < nodes * 6; ++q) shapes.final[(i * K + k) * B * 6 + q] = m.shapes[k * nodes * 6 + q];
    }
    r.newton_iterations.push_back(m.iterations);
    r.newton_residual.push_back(m.residual);
    r.converged.push_back(m.converged ? 1 : 0);
  }
  std::int64_t asymmetric = 0, worst = -1;
  for (std::size_t i = 0; i < members; ++i) {
    if (found[i].asymmetry <= modes_asymmetry_limit) continue;
    ++asymmetric;
    if (worst < 0 || found[i].asymmetry > found[static_cast<std::size_t>(worst)].asymmetry)
      worst = static_cast<std::int64_t>(i);
  }
  if (asymmetric > 0) {
    char line[400];
    std::snprintf(line, sizeof line,
                  "K is not symmetric for %lld members (e.g. member %lld: |K - K^T| up to %.2e of its largest entry, "
                  "finite differences leave under %.0e): their loads are not conservative (couples fixed in the "
                  "lab), and the frequencies written are those of K's symmetric part",
                  static_cast<long long>(asymmetric), static_cast<long long>(worst),
                  found[static_cast<std::size_t>(worst)].asymmetry, modes_asymmetry_limit);
    report.warnings.emplace_back(line);
  }
  r.fields.push_back(std::move(omega));
  r.fields.push_back(std::move(shapes));
  return report;
}

}  // namespace driver_detail

template <class M>
RunReport modes(const Job<M>& job, const ModesOptions& options) {
  using H = ModelHost<M>;
  // A model without modes declares none of their hooks (check_modes, member_modes).
  if constexpr (!H::has_modes()) {
    throw std::invalid_argument(job.source + ": modes is not defined for model " + M::name);
  } else {
    return driver_detail::modes_of(job, options);
  }
}

}  // namespace rodswarm
