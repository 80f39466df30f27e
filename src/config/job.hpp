/// @file job.hpp
/// A run of any model as plain structs: what the config layer (the only code that sees JSON) hands the engine.
/// Job<M> is the shared part (run settings, the expanded members, their end times and step counts, warnings) and
/// the model's job-level settings, JobSettings<M>, specialized next to the model's parser
/// (src/config/<model>_job.hpp).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "config/run_settings.hpp"
#include "rodswarm/engine/ensemble.hpp"

namespace rodswarm {

/// How much of an ensemble parse_job builds.
struct ParseOptions {
  /// 0: every member. Else, for an ensemble of more members, only a representative sample of about this many
  /// (sample_members): the job's sampled_from then holds the ensemble's size (validate's estimates).
  std::int64_t sample = 0;
};

/// About how many values of state a sample builds at most: its member count is lowered for large members (a
/// sample of members of a million nodes is one or a few of them).
inline constexpr std::int64_t max_sample_values = std::int64_t{1} << 20;

/// What a model's config sets for the whole job beyond its members (a scheme, analysis intervals, ...).
template <class M>
struct JobSettings;

/// The steps of dt that reach t_end: the one place the step count is computed (the config layer checks that
/// t_end is a whole number of steps).
inline std::int64_t step_count(double t_end, double dt) { return std::llround(t_end / dt); }

template <class M>
struct Job : JobCommon, JobSettings<M> {
  using Model = M;

  /// Expanded members in float64: params, dt, the initial state and the inputs.
  Ensemble<M, double> members;
  std::vector<double> t_end;          ///< per member
  std::vector<std::int64_t> steps;    ///< per member: the steps to t_end
  std::vector<std::string> warnings;  ///< about the config, not errors, one line each (the CLI prints them)

  std::int64_t size() const { return members.members(); }

  /// Appends a member (Ensemble::add) that ends at t_end; call members.finish() after the last.
  void add_member(const ParamsOf<M, double>& p, double dt, double member_t_end,
                  const std::array<std::int64_t, extent_count<M>>& counts,
                  const std::array<const double*, field_count<M>>& data,
                  const std::array<double, scalar_count<M>>& scalars = {}) {
    members.add(p, dt, counts, data, scalars);
    t_end.push_back(member_t_end);
    steps.push_back(step_count(member_t_end, dt));
  }
  /// Moves member i's end time (and its step count with it).
  void set_t_end(std::size_t i, double t) {
    t_end[i] = t;
    steps[i] = step_count(t, members.dt[i]);
  }
  /// Steps of member i between saves (0 without saves).
  std::int64_t save_steps(std::size_t i) const {
    return output.save_every > 0 ? step_count(output.save_every, members.dt[i]) : 0;
  }
};

/// Members [first, first + count) of the job (batches, compare, bench), everything else as in `job`.
template <class M>
Job<M> slice_of(const Job<M>& job, std::int64_t first, std::int64_t count) {
  const std::int64_t last = std::min(job.size(), first + std::max<std::int64_t>(count, 0));
  Job<M> out;
  static_cast<JobCommon&>(out) = job.slice_common(static_cast<std::size_t>(first), static_cast<std::size_t>(last));
  static_cast<JobSettings<M>&>(out) = job;
  out.warnings = job.warnings;
  out.members.reserve(last - first);
  for (std::int64_t i = first; i < last; ++i) {
    out.members.append_member(job.members, i);
    out.t_end.push_back(job.t_end[static_cast<std::size_t>(i)]);
    out.steps.push_back(job.steps[static_cast<std::size_t>(i)]);
  }
  out.members.finish();
  return out;
}

/// The job restricted to its first `count` members (a negative count or one past the end: all of them).
template <class M>
Job<M> head_of(const Job<M>& job, std::int64_t count) {
  if (count < 0 || count >= job.size()) return job;
  return slice_of(job, 0, count);
}

}  // namespace rodswarm
