/// @file engine.hpp
/// What the CLI and the tests call for a job of any model: each is written once (drivers_impl.hpp) over the
/// model's host (src/driver/model_host.hpp) and instantiated in the model's own src/models/<model>_run.cpp
/// (RODSWARM_DRIVERS), where the model's host is defined.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "config/job.hpp"
#include "driver/bench.hpp"
#include "driver/checkpointed_run.hpp"
#include "driver/compare.hpp"
#include "driver/run.hpp"
#include "driver/stability_check.hpp"

namespace rodswarm {

/// The first `members` members on the backend and on the model's independent reference, field by field.
template <class M>
CompareReport compare(const Job<M>& job, const RunOptions& options, std::int64_t members);

/// dt against the model's stability bound, per member, and the warning naming the members ("" if none).
template <class M>
StabilityReport check_stability(const Job<M>& job);
template <class M>
std::string stability_warning(const StabilityReport& report, const Job<M>& job);

/// The run's lines about members stopped by one of the model's own conditions (a singularity, a rolling contact
/// that parted): none when there are none or the model has none.
template <class M>
std::vector<std::string> stop_notes(const RunReport& report);

/// The members that did not finish: the diverged, and those stopped by a model's condition that it does not
/// already count among the diverged.
template <class M>
std::int64_t failed_members(const RunReport& report);

/// The failed members of a report as the run's line says them: "2 diverged", "2 diverged, 1 singular".
template <class M>
std::string failure_counts(const RunReport& report);

/// Whether the model has a steady-state solver.
template <class M>
bool has_steady();
/// The bead rows of the job's largest member: the results' padding, which every share of a job must use for
/// the shares' files to join (RunOptions::max_beads, ModesOptions::max_beads).
template <class M>
std::int32_t results_max_beads(const Job<M>& job);

/// What `rodswarm validate` says about a job: the model's lines, the sizes and the memory estimate.
/// For a job holding a sample of its ensemble (validate of a large one), the sizes are the sample's scaled to the
/// whole ensemble.
struct JobSummary {
  std::vector<std::string> lines;  ///< the model and its scheme, the members' sizes, anything else
  double max_steps = 0, saves = 0;
  std::int64_t members = 0;                   ///< the ensemble's members
  double state_bytes = 0, results_bytes = 0;  ///< the whole ensemble's
  // What the sizes grow with, for a refusal to name (memory_plan.hpp):
  std::string source;          ///< the config file
  double t_end = 0;            ///< the largest integrator.t_end
  double save_every = 0;       ///< output.save_every (0: no series)
  double values_per_save = 0;  ///< the values a member's series hold at one save
  bool sized_by_n = false;     ///< the config sets params.n (the beads or nodes of a member)
};
template <class M>
JobSummary summarize(const Job<M>& job);

/// The model's own refusals of a job that the config layer accepts (a float32 run that cannot follow a Lyapunov
/// twin): what run and compare throw, so that validate says it first.
template <class M>
void check_job(const Job<M>& job);

/// `rodswarm bench`: the model's problems, and one of them run on one backend.
template <class M>
std::vector<BenchCase> bench_problems();
template <class M>
BenchRow run_bench_case(const BenchCase& c, BackendKind kind, const BenchOptions& options,
                        const DeviceCeilings& ceilings);

}  // namespace rodswarm
