/// @file run_impl.hpp
/// The generic drivers (run.hpp) written once for every model: the ensemble in the run's precision, stepped on a
/// backend from save point to save point, the model's datasets recorded at every save and at the end, the
/// per-member flags, and the model's analysis after the run. A model's src/models/<model>_run.cpp includes this
/// file and instantiates the drivers for its model (RODSWARM_DRIVERS).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <type_traits>

#include "backends/cpu_backend.hpp"
#include "backends/emulated/emulated_backend.hpp"
#include "backends/parallel_for.hpp"
#include "driver/engine.hpp"
#include "driver/precision_built.hpp"
#include "driver/run.hpp"
#include "driver/save_schedule.hpp"
#include "driver/utc_now.hpp"
#include "rodswarm/version.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_backend(BackendKind kind, const CudaOptions& cuda) {
  switch (kind) {
    case BackendKind::cuda:
      return make_cuda_backend<M, Real>(cuda);
    case BackendKind::emulated:
      return make_emulated_backend<M, Real>(cuda);
    default:
      return make_cpu_backend<M, Real>();
  }
}

namespace driver_detail {

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();

/// Metadata, member parameters, bead counts and the planned fields (NaN, sized for M members and S saves, per-bead
/// rows B = the results' padding): everything but the state.
template <class M>
Results results_skeleton(const Job<M>& job, const std::string& backend, int max_beads, const std::string& kind,
                         std::size_t saves) {
  ResultsPlan plan = ModelHost<M>::results(job, kind);
  if (plan.fields.size() > max_fields) throw std::logic_error("more fields than FieldRows holds");
  Results r;
  r.kind = kind;
  r.model = M::name;
  r.scheme = plan.scheme;
  r.backend = backend;
  r.precision = job.precision == Precision::float32 ? "float32" : "float64";
  r.config_json = job.config.dump();
  r.rodswarm_version = version;
  r.created = utc_now();
  r.members = job.size();
  r.max_beads = std::max(max_beads, ModelHost<M>::max_beads(job));
  r.varied_keys = job.varied_keys;
  r.param_names = std::move(plan.param_names);
  r.params = std::move(plan.params);
  r.beads = std::move(plan.beads);
  r.rods = std::move(plan.rods);
  r.time.assign(saves, 0.0);
  const auto members = static_cast<std::size_t>(r.members);
  for (auto& d : plan.fields) {
    ResultsField f;
    f.name = d.name;
    f.row = d.row;
    if (f.per_bead()) f.row[0] = static_cast<std::uint64_t>(r.max_beads);
    f.components = d.components;
    if (d.series && saves > 0) f.series.assign(members * saves * f.row_size(), nan_value);
    if (d.final) f.final.assign(members * f.row_size(), nan_value);
    r.fields.push_back(std::move(f));
  }
  return r;
}

/// Member i's rows of every field at save k (final rows when k < 0); null where not saved.
inline FieldRows rows_of(Results& r, std::size_t i, long long k) {
  FieldRows rows{};
  const std::size_t S = r.time.size();
  for (std::size_t d = 0; d < r.fields.size(); ++d) {
    ResultsField& f = r.fields[d];
    std::vector<double>& data = k < 0 ? f.final : f.series;
    const std::size_t row = k < 0 ? i : i * S + static_cast<std::size_t>(k);
    rows[d] = data.empty() ? nullptr : data.data() + row * f.row_size();
  }
  return rows;
}

/// The final rows and per-member flags of every member.
template <class M, class Real>
void record_final(const Job<M>& job, const RecordTables& tables, Ensemble<M, Real>& ensemble, Results& r) {
  using H = ModelHost<M>;
  const auto members = static_cast<std::size_t>(job.size());
  r.final_time.resize(members);
  r.diverged.resize(members);
  r.steps_taken.resize(members);
  // A flag for each stop reason the model has (saved only then).
  std::vector<const StopFlag*> kept;
  for (const StopFlag& flag : stop_flags) {
    if (H::stop_meaning(flag.status) == nullptr) continue;
    kept.push_back(&flag);
    (r.*flag.flags).resize(members);
  }
  parallel_for(static_cast<std::int64_t>(members), 16, 64, [&](std::int64_t ii) {
    const auto i = static_cast<std::size_t>(ii);
    H::record(job, tables, ensemble, i, rows_of(r, i, -1));
    r.final_time[i] = double(ensemble.steps_done[i]) * job.members.dt[i];
    r.diverged[i] = H::counts_as_diverged(ensemble.status[i]) ? 1 : 0;
    for (const StopFlag* flag : kept) (r.*flag->flags)[i] = ensemble.status[i] == flag->status ? 1 : 0;
    r.steps_taken[i] = ensemble.steps_done[i];
  });
}

template <class M, class Real>
RunReport run_typed(const Job<M>& job, const RunOptions& options) {
  using H = ModelHost<M>;
  auto backend = make_backend<M, Real>(options.backend, options.cuda);
  RunReport report;
  report.stability = check_stability(job);
  const SaveSchedule plan = plan_saves(job, options.t_max);
  report.max_steps = plan.max_steps;
  Results& r = report.results;
  r = results_skeleton(job, backend->description(), options.max_beads, "run", plan.time.size());
  r.time = plan.time;
  r.stability_warning = report.stability.unstable;
  auto ensemble = to_precision<Real>(job.members);
  H::prepare(job, ensemble);
  const RecordTables tables = H::record_tables(job);

  auto record_save = [&](std::size_t k, const std::vector<std::int64_t>& target) {
    for_each_saved_member(plan, k, ensemble.steps_done, target, [&](std::size_t i, std::size_t) {
      H::record(job, tables, ensemble, i, rows_of(r, i, static_cast<long long>(k)));
    });
  };
  const LoopTiming timing = timed_backend_loop(
      plan, options.progress, options.progress_label,
      [&](std::size_t i) { return M::sizes(job.members.params[i]).work_units; }, *backend, ensemble, r.backend,
      record_save);
  report.advance_calls = timing.advance_calls;
  report.wall_seconds = timing.wall_seconds;

  record_final(job, tables, ensemble, r);
  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
    report.diverged += r.diverged[i];
    for (std::size_t k = 0; k < stop_flag_count; ++k) {
      const std::vector<std::uint8_t>& flags = r.*stop_flags[k].flags;
      if (!flags.empty()) report.stopped[k] += flags[i];
    }
    report.bead_steps += double(ensemble.steps_done[i]) * M::sizes(job.members.params[i]).work_units;
  }
  H::finish(job, ensemble, r, options);
  return report;
}

template <class M, class Real>
RunReport steady_typed(const Job<M>& original, const RunOptions& options) {
  using H = ModelHost<M>;
  // The job the solver works on: its starting state, or the added damping of a dynamic relaxation.
  const Job<M> job = H::steady_job(original);
  auto backend = make_backend<M, Real>(options.backend, options.cuda);
  RunReport report;
  Results& r = report.results;
  r = results_skeleton(job, backend->description(), options.max_beads, "steady", 0);
  r.scheme = H::steady_scheme(job);
  auto ensemble = to_precision<Real>(job.members);

  const auto start = std::chrono::steady_clock::now();
  const SteadyOutcomes s = H::solve_steady(job, *backend, ensemble, report.stability);
  r.backend = s.solved_on.empty() ? backend->description() : s.solved_on;
  report.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report.advance_calls = s.advance_calls;
  report.bead_steps = s.bead_steps;

  const RecordTables tables = H::record_tables(job);
  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i)
    H::record(job, tables, ensemble, i, rows_of(r, i, -1));
  r.final_time = s.time;
  r.diverged = s.failed;
  r.steps_taken = s.steps;
  r.stability_warning = s.stability_warning;
  r.newton_iterations = s.iterations;
  r.newton_residual = s.residual;
  r.converged = s.converged;
  for (const auto f : s.failed) report.diverged += f;
  return report;
}

}  // namespace driver_detail

template <class M>
RunReport run(const Job<M>& job, const RunOptions& options) {
  check_layout_offered(M::layouts, options.cuda.layout, M::name);
  ModelHost<M>::check(job);
  if (job.precision == Precision::float32) {
    if constexpr (float32_built) return driver_detail::run_typed<M, float>(job, options);
    refuse_float32_not_built(job.source);
  }
  return driver_detail::run_typed<M, double>(job, options);
}

template <class M>
RunReport steady(const Job<M>& job, const RunOptions& options) {
  check_layout_offered(M::layouts, options.cuda.layout, M::name);
  // A model without a steady solver declares none of its hooks (steady_job, steady_scheme, solve_steady).
  if constexpr (!ModelHost<M>::has_steady()) {
    throw std::invalid_argument(job.source + ": steady is not defined for model " + M::name);
  } else {
    if (job.precision == Precision::float32) {
      if constexpr (float32_built) return driver_detail::steady_typed<M, float>(job, options);
      refuse_float32_not_built(job.source);
    }
    return driver_detail::steady_typed<M, double>(job, options);
  }
}

}  // namespace rodswarm
