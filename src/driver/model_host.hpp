/// @file model_host.hpp
/// ModelHost<M>: what the engine's host side needs of model M beyond its device declaration
/// (include/rodswarm/models/<model>_model.hpp): what its results files hold and how one member's rows are computed,
/// its stability bound, how compare maps a member to its independent reference, its steady solver and its modes
/// where it has them, what validate says about a job, and its bench problems.
///
/// Each model declares its host once, as a class: src/models/<model>_host.hpp specialises ModelHost<M>, deriving
/// from HostDefaults<M> (the optional hooks' defaults below), and every one of the model's host files includes it,
/// so every file that uses the host sees the same members and none can fall back on a default the model replaced.
/// The primary template is only declared: a file that forgot the model's header does not compile. The required
/// hooks have no default: the class declares them with RODSWARM_REQUIRED_HOST_HOOKS (below), and a model that does
/// not define one fails to link. A verb's hooks exist only where the model says it has the verb
/// (RODSWARM_STEADY_HOST_HOOKS, RODSWARM_MODES_HOST_HOOKS), and the drivers reach them under
/// `if constexpr (H::has_steady())`, so no model can reach a verb through defaults.
///
/// Required of every model (declared in its class, defined in src/models/<model>_*.cpp):
///   static ResultsPlan results(const Job& job, const std::string& kind);   what the results of `job` hold; `kind`
///       "run" or "steady"
///   static std::int32_t max_beads(const Job& job);   the bead rows of the job's largest member (the results'
///       padding; the batches of a run share it)
///   template <class Real> static void record(const Job&, const RecordTables&, Ensemble<M, Real>& e, std::size_t i,
///       const FieldRows& rows);   member i's rows of the planned fields at its current state (rows[d] null: not
///       saved at this time); the rows arrive filled with NaN: per-bead rows beyond the member's own beads keep it
///   static MemberStability stability(const Job&, std::size_t i);   member i's dt against the scheme's linearised
///       stability bound
///   static std::string stability_bound(const Job&);   the bound's name in the warning ("RK4's linearised
///       stability bound")
///   static std::string stability_example(const StabilityReport::Detail&, const Job&);   what a flagged member's
///       numbers say (the text after "e.g. member N: ")
///   static CompareReport compare(const Job&, const RunOptions&, std::int64_t members);   the first `members`
///       members on the backend and on the independent reference, field by field (<model>_compare.cpp)
///   static std::vector<std::string> describe(const Job&);   validate's lines: the model and its scheme, then the
///       members' sizes, then anything else
///   static std::vector<BenchCase> bench_problems(); static BenchProblem bench_problem(const BenchCase&);
///   static BenchCost bench_cost(const Job&, KernelLayout, std::size_t real_bytes, int beads,
///       double steps_per_launch);   `rodswarm bench`: the model's problems, the config of each, and what a
///       bead-step costs (<model>_bench.cpp)
/// With `static constexpr bool has_steady() { return true; }`:
///   static Job steady_job(const Job&);   the job the solver works on (its start, or added damping)
///   static std::string steady_scheme(const Job&);   its scheme's name
///   template <class Real> static SteadyOutcomes solve_steady(const Job&, Backend<M, Real>&, Ensemble<M, Real>&,
///       StabilityReport&);   the static equilibrium on a backend
/// With `static constexpr bool has_modes() { return true; }` (<model>_modes.cpp):
///   static void check_modes(const Job&);   refuses (std::invalid_argument, naming the file and the key) a job with
///       members the linearisation cannot take, before any member's work
///   static MemberModes member_modes(const Job&, Ensemble<M, double>&, std::size_t i, const ModesOptions&);
///       member i's linearisation (modes.hpp), its state in the ensemble moved to the one linearised about
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/job.hpp"
#include "driver/bench.hpp"
#include "driver/compare.hpp"
#include "driver/modes.hpp"
#include "driver/run.hpp"
#include "driver/stability_check.hpp"
#include "io/results.hpp"

namespace rodswarm {

/// A dataset a model saves: its row shape, the names of its components, and whether a run saves it at every save
/// point (series) and at the end (final). A row {B, k} is per bead: B is the results' bead padding.
struct FieldDecl {
  std::string name;
  std::vector<std::uint64_t> row;
  std::vector<std::string> components;
  bool series = false;
  bool final = false;
};

/// What a results file of a job holds besides the state: its scheme, parameter columns ([column][member]), bead
/// rows and rods per member, and the datasets saved, in the order record() fills them.
struct ResultsPlan {
  std::string scheme;
  std::vector<std::string> param_names;
  std::vector<std::vector<double>> params;
  std::vector<std::int32_t> beads;
  std::vector<std::int32_t> rods;  ///< empty for models of one rod or string
  std::vector<FieldDecl> fields;
};

/// Where member i's rows go at one time, in the order of ResultsPlan::fields; null: not saved.
constexpr std::size_t max_fields = 16;
using FieldRows = std::array<double*, max_fields>;

/// Tables record() reads, built once per run (rolling: its basis functions at the output points): member i
/// uses tables[table_of[i]].
struct RecordTables {
  std::vector<std::vector<double>> tables;
  std::vector<std::size_t> table_of;
  const std::vector<double>& of(std::size_t i) const { return tables[table_of[i]]; }
};

/// What a model's steady solver reports per member.
struct SteadyOutcomes {
  std::vector<std::int32_t> iterations;
  std::vector<double> residual;
  std::vector<std::uint8_t> converged;
  std::vector<std::uint8_t> failed;  ///< counted as diverged
  std::vector<double> time;          ///< the member's final time (NaN: the solver has none)
  std::vector<std::int64_t> steps;   ///< steps taken (dynamic relaxation; 0 for Newton)
  std::vector<std::uint8_t> stability_warning;
  double bead_steps = 0;
  std::int64_t advance_calls = 0;
  std::string solved_on;  ///< where the solve ran when not on the backend (the results' backend attribute)

  /// `members` members' outcomes before a Newton solve fills them: none converged yet, no time (Newton has none),
  /// no steps, none failed or warned.
  static SteadyOutcomes newton(std::size_t members) {
    SteadyOutcomes s;
    s.iterations.assign(members, 0);
    s.residual.assign(members, 0.0);
    s.converged.assign(members, 0);
    s.failed.assign(members, 0);
    s.time.assign(members, std::numeric_limits<double>::quiet_NaN());
    s.steps.assign(members, 0);
    s.stability_warning.assign(members, 0);
    return s;
  }
};

/// The host of model M: defined by the model, in src/models/<model>_host.hpp.
template <class M>
struct ModelHost;

/// The optional hooks' defaults, which a model's ModelHost inherits and replaces by declaring its own.
template <class M>
struct HostDefaults {
  using Model = M;
  using Job = rodswarm::Job<M>;

  /// Whether a member that stopped with `status` counts as diverged (results' members/diverged).
  static bool counts_as_diverged(std::uint8_t status) { return status != status_ok; }
  /// What a member stopped with `status` (status_singular, status_separated) means, for the run's message;
  /// nullptr: the model never stops a member so, and its results have no members/singular (members/separated).
  static const char* stop_meaning(std::uint8_t) { return nullptr; }
  /// Refuses a job before it runs (std::invalid_argument).
  static void check(const Job&) {}
  static RecordTables record_tables(const Job&) { return {}; }
  /// The state integrated from, when it is not the config's as is.
  template <class Real>
  static void prepare(const Job&, Ensemble<M, Real>&) {}
  /// Analysis after the run (spectra).
  template <class Real>
  static void finish(const Job&, const Ensemble<M, Real>&, Results&, const RunOptions&) {}
  /// `rodswarm steady` and `rodswarm modes`: a model that has them says so and declares their hooks.
  static constexpr bool has_steady() { return false; }
  static constexpr bool has_modes() { return false; }
};

}  // namespace rodswarm

/// The hooks every model defines, declared in its class (src/models/<model>_host.hpp) by the one line
/// `RODSWARM_REQUIRED_HOST_HOOKS;`, so that the six classes do not spell the interface again: run, validate and the
/// stability check (<model>_run.cpp), compare
/// (<model>_compare.cpp) and bench (<model>_bench.cpp). A model that does not define one fails to link.
#define RODSWARM_REQUIRED_HOST_HOOKS                                                                      \
  static ResultsPlan results(const Job& job, const std::string& kind);                                    \
  static std::int32_t max_beads(const Job& job);                                                          \
  template <class Real>                                                                                   \
  static void record(const Job& job, const RecordTables& tables, Ensemble<Model, Real>& e, std::size_t i, \
                     const FieldRows& rows);                                                              \
  static MemberStability stability(const Job& job, std::size_t i);                                        \
  static std::string stability_bound(const Job& job);                                                     \
  static std::string stability_example(const StabilityReport::Detail& d, const Job& job);                 \
  static std::vector<std::string> describe(const Job& job);                                               \
  static CompareReport compare(const Job& job, const RunOptions& options, std::int64_t members);          \
  static std::vector<BenchCase> bench_problems();                                                         \
  static BenchProblem bench_problem(const BenchCase& c);                                                  \
  static BenchCost bench_cost(const Job& job, KernelLayout layout, std::size_t real_bytes, int beads,     \
                              double steps_per_launch)

/// `rodswarm steady`: the flag and its hooks (defined in <model>_run.cpp).
#define RODSWARM_STEADY_HOST_HOOKS                                                                            \
  static constexpr bool has_steady() { return true; }                                                         \
  static Job steady_job(const Job& job);                                                                      \
  static std::string steady_scheme(const Job& job);                                                           \
  template <class Real>                                                                                       \
  static SteadyOutcomes solve_steady(const Job& job, Backend<Model, Real>& backend, Ensemble<Model, Real>& e, \
                                     StabilityReport& stability)

/// `rodswarm modes`: the flag and its hooks (defined in <model>_modes.cpp).
#define RODSWARM_MODES_HOST_HOOKS                                                            \
  static constexpr bool has_modes() { return true; }                                         \
  static void check_modes(const Job& job);                                                   \
  static MemberModes member_modes(const Job& job, Ensemble<Model, double>& e, std::size_t i, \
                                  const ModesOptions& options)
