/// @file drivers_impl.hpp
/// The drivers of run.hpp and the entry points of engine.hpp that use a model's run hooks, written once over the
/// model's host, and the macro that instantiates them at the end of the model's src/models/<model>_run.cpp, where
/// those hooks are defined (the model's class, src/models/<model>_host.hpp, declares them). compare and bench:
/// compare_impl.hpp, bench_impl.hpp.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "backends/parallel_for.hpp"
#include "driver/checkpointed_run_impl.hpp"
#include "driver/engine.hpp"
#include "driver/modes_impl.hpp"
#include "driver/precision_built.hpp"
#include "driver/run_impl.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <class M>
StabilityReport check_stability(const Job<M>& job) {
  const auto members = static_cast<std::size_t>(job.size());
  std::vector<MemberStability> each(members);
  parallel_for(static_cast<std::int64_t>(members), 64, 64, [&](std::int64_t i) {
    each[static_cast<std::size_t>(i)] = ModelHost<M>::stability(job, static_cast<std::size_t>(i));
  });
  StabilityReport report;
  report.unstable.assign(members, 0);
  for (std::size_t i = 0; i < members; ++i) {
    if (!each[i].stable) {
      flag_unstable(report, static_cast<std::int64_t>(i), each[i].omega2, each[i].gamma, job.members.dt[i]);
    }
    const StabilityReport::Closest c{static_cast<std::int64_t>(i), each[i].omega2, job.members.dt[i], each[i].dt_max};
    if (report.closest.member < 0 || c.fraction() > report.closest.fraction()) report.closest = c;
  }
  return report;
}

template <class M>
std::string stability_warning(const StabilityReport& report, const Job<M>& job) {
  if (report.count == 0) return "";
  return stability_warning_text(report, ModelHost<M>::stability_bound(job),
                                ModelHost<M>::stability_example(report.examples.front(), job));
}

namespace driver_detail {

/// The model's own stop conditions, with the report's count of each and the name of its flag in the results.
struct StopCount {
  std::uint8_t status;
  const char* name;
  std::int64_t count;
};
inline std::vector<StopCount> stop_counts(const RunReport& report) {
  std::vector<StopCount> counts;
  for (std::size_t k = 0; k < stop_flag_count; ++k) {
    counts.push_back({stop_flags[k].status, stop_flags[k].name, report.stopped[k]});
  }
  return counts;
}

}  // namespace driver_detail

template <class M>
std::int64_t failed_members(const RunReport& report) {
  std::int64_t failed = report.diverged;
  for (const auto& s : driver_detail::stop_counts(report)) {
    if (ModelHost<M>::stop_meaning(s.status) != nullptr && !ModelHost<M>::counts_as_diverged(s.status))
      failed += s.count;
  }
  return failed;
}

template <class M>
std::string failure_counts(const RunReport& report) {
  std::string text = std::to_string(report.diverged) + " diverged";
  for (const auto& s : driver_detail::stop_counts(report)) {
    if (ModelHost<M>::stop_meaning(s.status) != nullptr) text += ", " + std::to_string(s.count) + " " + s.name;
  }
  return text;
}

template <class M>
std::vector<std::string> stop_notes(const RunReport& report) {
  using H = ModelHost<M>;
  std::vector<std::string> lines;
  for (const auto& s : driver_detail::stop_counts(report)) {
    if (s.count == 0 || H::stop_meaning(s.status) == nullptr) continue;
    lines.push_back(std::to_string(s.count) + " member(s) " + H::stop_meaning(s.status) +
                    "; they are flagged in members/" + s.name +
                    (H::counts_as_diverged(s.status) ? " and counted as diverged" : ""));
  }
  return lines;
}

template <class M>
bool has_steady() {
  return ModelHost<M>::has_steady();
}

template <class M>
std::int32_t results_max_beads(const Job<M>& job) {
  return ModelHost<M>::max_beads(job);
}

template <class M>
void check_job(const Job<M>& job) {
  ModelHost<M>::check(job);
}

template <class M>
JobSummary summarize(const Job<M>& job) {
  using H = ModelHost<M>;
  JobSummary s;
  s.lines = H::describe(job);
  double t_max = 0;
  for (std::size_t i = 0; i < job.t_end.size(); ++i) {
    s.max_steps = std::max(s.max_steps, double(job.steps[i]));
    t_max = std::max(t_max, job.t_end[i]);
  }
  s.saves = job.output.save_every > 0 ? std::floor(t_max / job.output.save_every + 1e-9) + 1 : 0;
  // State: every field and scalar of the ensemble, and per member its params, dt, steps and status, and the
  // varied values; from a sample, scaled to the ensemble.
  const double built = static_cast<double>(job.size());
  s.members = job.sampled_from > 0 ? job.sampled_from : job.size();
  const double scale = built > 0 ? double(s.members) / built : 0.0;
  const double real = job.precision == Precision::float32 ? 4 : 8;
  s.state_bytes = built * (sizeof(ParamsOf<M, double>) + 24 + 8 * double(job.varied_keys.size()));
  for (const auto& f : job.members.field) s.state_bytes += double(f.size()) * real;
  for (const auto& v : job.members.scalar) s.state_bytes += double(v.size()) * 8;
  s.state_bytes *= scale;
  // Results: the planned datasets (series and final), the parameter columns and four per-member flags.
  const double members = double(s.members);
  const ResultsPlan plan = H::results(slice_of(job, 0, 1), "run");
  const double B = H::max_beads(job);
  s.results_bytes = members * (double(plan.param_names.size()) + 4);
  for (const FieldDecl& d : plan.fields) {
    double row = 1;
    for (const auto n : d.row) row *= n == 0 ? B : double(n);  // 0: one row per bead
    s.results_bytes += members * row * ((d.series ? s.saves : 0) + (d.final ? 1 : 0));
    if (d.series) s.values_per_save += row;
  }
  s.results_bytes *= 8;
  s.source = job.source;
  s.t_end = t_max;
  s.save_every = job.output.save_every;
  const auto params = job.config.find("params");
  s.sized_by_n = params != job.config.end() && params->is_object() && params->contains("n");
  return s;
}

}  // namespace rodswarm

/// The float32 backend factory of `Model`, where this build has float32 (precision_built.hpp).
#if RODSWARM_WITH_FLOAT32
#define RODSWARM_DRIVERS_FLOAT32(Model)                                                           \
  template std::unique_ptr<rodswarm::Backend<Model, float>> rodswarm::make_backend<Model, float>( \
      rodswarm::BackendKind, const rodswarm::CudaOptions&);
#else
#define RODSWARM_DRIVERS_FLOAT32(Model)
#endif

/// Instantiates the generic drivers and entry points for `Model` that use its results, stability, steady and
/// validate hooks: the last line of the model's src/models/<model>_run.cpp, where those are defined.
#define RODSWARM_DRIVERS(Model)                                                                                    \
  template rodswarm::RunReport rodswarm::run<Model>(const rodswarm::Job<Model>&, const rodswarm::RunOptions&);     \
  template rodswarm::RunReport rodswarm::steady<Model>(const rodswarm::Job<Model>&, const rodswarm::RunOptions&);  \
  template rodswarm::CheckpointedReport rodswarm::run_checkpointed<Model>(                                         \
      const rodswarm::Job<Model>&, const rodswarm::RunOptions&, const std::string&,                                \
      const rodswarm::CheckpointOptions&, std::ostream&);                                                          \
  template std::unique_ptr<rodswarm::Backend<Model, double>> rodswarm::make_backend<Model, double>(                \
      rodswarm::BackendKind, const rodswarm::CudaOptions&);                                                        \
  RODSWARM_DRIVERS_FLOAT32(Model)                                                                                  \
  template rodswarm::StabilityReport rodswarm::check_stability<Model>(const rodswarm::Job<Model>&);                \
  template std::string rodswarm::stability_warning<Model>(const rodswarm::StabilityReport&,                        \
                                                          const rodswarm::Job<Model>&);                            \
  template std::vector<std::string> rodswarm::stop_notes<Model>(const rodswarm::RunReport&);                       \
  template std::int64_t rodswarm::failed_members<Model>(const rodswarm::RunReport&);                               \
  template std::string rodswarm::failure_counts<Model>(const rodswarm::RunReport&);                                \
  template bool rodswarm::has_steady<Model>();                                                                     \
  template std::int32_t rodswarm::results_max_beads<Model>(const rodswarm::Job<Model>&);                           \
  template rodswarm::RunReport rodswarm::modes<Model>(const rodswarm::Job<Model>&, const rodswarm::ModesOptions&); \
  template bool rodswarm::has_modes<Model>();                                                                      \
  template rodswarm::JobSummary rodswarm::summarize<Model>(const rodswarm::Job<Model>&);                           \
  template void rodswarm::check_job<Model>(const rodswarm::Job<Model>&);
