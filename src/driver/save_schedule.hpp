/// @file save_schedule.hpp
/// The save loop every model's driver shares: saves at k * save_every (the same times for every member; a
/// member's steps per save is save_every / dt, checked whole by the config layer), a backend advanced from save
/// point to save point, and without saves one advance for the whole run (or about a hundred chunks when a
/// progress bar is drawn: each chunk moves the state through memory, which bench would otherwise count).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "backends/parallel_for.hpp"
#include "driver/progress.hpp"

namespace rodswarm {

struct SaveSchedule {
  std::vector<std::int64_t> total_steps;     ///< [M] t_end / dt
  std::vector<std::int64_t> steps_per_save;  ///< [M] save_every / dt (0 without saves)
  std::vector<double> time;                  ///< [S] save times, empty without saves
  std::int64_t max_steps = 0;                ///< the longest member's step count

  /// True when member i, having taken steps_done steps toward `target`, has a state to record at save k
  /// (it has not stopped early, and its run had not ended before save k).
  bool saved_at(std::size_t i, std::size_t k, std::int64_t steps_done, const std::vector<std::int64_t>& target) const {
    return steps_done == target[i] && (k == 0 || target[i] == static_cast<std::int64_t>(k) * steps_per_save[i]);
  }
};

/// Calls row(i, i * S + k) for every member that has a state at save k (see saved_at; the others keep their NaN
/// rows), in parallel over members. Small ensembles skip the parallel region: its barrier costs more than the work
/// when cores are busy.
template <class Row>
void for_each_saved_member(const SaveSchedule& plan, std::size_t k, const std::vector<std::int64_t>& steps_done,
                           const std::vector<std::int64_t>& target, Row&& row) {
  const auto members = static_cast<std::int64_t>(steps_done.size());
  const std::size_t S = plan.time.size();
  parallel_for(members, 16, 64, [&](std::int64_t ii) {
    const auto i = static_cast<std::size_t>(ii);
    if (plan.saved_at(i, k, steps_done[i], target)) row(i, i * S + k);
  });
}

/// Plans the saves of a job's members (their steps to t_end and between saves come from the config layer);
/// t_max_floor (0: none) extends the save times, so that the batches of a larger ensemble share them.
template <class Job>
SaveSchedule plan_saves(const Job& job, double t_max_floor) {
  SaveSchedule plan;
  const std::size_t members = static_cast<std::size_t>(job.size());
  plan.total_steps = job.steps;
  plan.steps_per_save.resize(members);
  double t_max = t_max_floor;
  for (std::size_t i = 0; i < members; ++i) {
    plan.steps_per_save[i] = job.save_steps(i);
    t_max = std::max(t_max, job.t_end[i]);
    plan.max_steps = std::max(plan.max_steps, plan.total_steps[i]);
  }
  const double save_every = job.output.save_every;
  const std::size_t S = save_every > 0 ? static_cast<std::size_t>(std::floor(t_max / save_every + 1e-9)) + 1 : 0;
  plan.time.resize(S);
  for (std::size_t k = 0; k < S; ++k) plan.time[k] = static_cast<double>(k) * save_every;
  return plan;
}

/// Runs the schedule: record(k, target) at save 0 and after every save point's advance(target) and store();
/// done(target) after each advance, for the progress bar. Ends with every member at its total steps and the
/// state stored. Returns the number of advance calls.
template <class Advance, class Store, class Record, class Done>
std::int64_t run_save_loop(const SaveSchedule& plan, bool progress, Advance&& advance, Store&& store, Record&& record,
                           Done&& done) {
  const std::size_t members = plan.total_steps.size();
  const std::size_t S = plan.time.size();
  std::vector<std::int64_t> target(members, 0);
  std::int64_t calls = 0;
  if (S > 0) record(std::size_t{0}, target);
  const bool saving = S > 1;
  const auto intervals = static_cast<std::int64_t>(
      saving ? S - 1 : static_cast<std::size_t>(progress ? std::min<std::int64_t>(100, plan.max_steps) : 1));
  for (std::int64_t k = 1; k <= intervals; ++k) {
    for (std::size_t i = 0; i < members; ++i) {
      target[i] = saving ? std::min<std::int64_t>(k * plan.steps_per_save[i], plan.total_steps[i])
                         : (plan.total_steps[i] * k + intervals - 1) / intervals;
    }
    advance(target);
    ++calls;
    if (saving) {
      store();
      record(static_cast<std::size_t>(k), target);
    }
    done(target);
  }
  if (target != plan.total_steps) {  // the remainder when t_end is not a multiple of save_every
    advance(plan.total_steps);
    ++calls;
  }
  store();
  return calls;
}

/// What a timed run of the save loop reports.
struct LoopTiming {
  std::int64_t advance_calls = 0;
  double wall_seconds = 0.0;  ///< load, every advance and store, saves recorded: excludes expansion and writing
};

/// run_save_loop between load() and the final store, timed, with a progress bar over bead-steps (beads(i) beads
/// per step of member i) drawn when `progress` is set. load() runs first inside the timing.
template <class Beads, class Load, class Advance, class Store, class Record>
LoopTiming timed_save_loop(const SaveSchedule& plan, bool progress, const std::string& label, Beads&& beads,
                           Load&& load, Advance&& advance, Store&& store, Record&& record) {
  const std::size_t members = plan.total_steps.size();
  auto work = [&](const std::vector<std::int64_t>& steps) {
    double sum = 0.0;
    for (std::size_t i = 0; i < members; ++i) sum += double(steps[i]) * beads(i);
    return sum;
  };
  ProgressBar bar(label, work(plan.total_steps), progress);
  LoopTiming timing;
  const auto start = std::chrono::steady_clock::now();
  load();
  timing.advance_calls = run_save_loop(plan, progress, advance, store, record,
                                       [&](const std::vector<std::int64_t>& target) { bar.update(work(target)); });
  timing.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  bar.finish();
  return timing;
}

/// timed_save_loop for a model backend with load(ensemble), advance(target) and store(ensemble): `description`
/// receives the backend's description right after load, when a CUDA backend has chosen its layout for this
/// ensemble.
template <class Backend, class Ensemble, class Beads, class Record>
LoopTiming timed_backend_loop(const SaveSchedule& plan, bool progress, const std::string& label, Beads&& beads,
                              Backend& backend, Ensemble& ensemble, std::string& description, Record&& record) {
  return timed_save_loop(
      plan, progress, label, beads,
      [&] {
        backend.load(ensemble);
        description = backend.description();
      },
      [&](const std::vector<std::int64_t>& target) { backend.advance(target); }, [&] { backend.store(ensemble); },
      record);
}

}  // namespace rodswarm
