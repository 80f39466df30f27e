/// @file model_host.hpp
/// ModelHost<M>: what the engine's host side needs of model M beyond its device declaration
/// (include/rodswarm/models/<model>_model.hpp): what its results files hold and how one member's rows are computed,
/// its stability bound, how compare maps a member to its independent reference, its steady solver where it has
/// one, what validate says about a job, and its bench problems.
///
/// Declared once, here. A model defines the required members, and the optional ones it needs, as explicit
/// specializations in its own src/models/<model>_*.cpp; the same files instantiate the generic drivers for it
/// (RODSWARM_DRIVERS, src/driver/drivers_impl.hpp), so every use of a model's host is compiled where its
/// definitions are, and no model declares this interface again.
#pragma once

#include <array>
#include <cstdint>
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
};

template <class M>
struct ModelHost {
  using Model = M;
  using Job = rodswarm::Job<M>;

  // Required: every model defines these.
  /// What the results of `job` hold; `kind` "run" or "steady".
  static ResultsPlan results(const Job& job, const std::string& kind);
  /// The bead rows of the job's largest member (the results' padding; the batches of a run share it).
  static std::int32_t max_beads(const Job& job);
  /// Member i's rows of the planned fields at its current state (rows[d] null: not saved at this time). The rows
  /// arrive filled with NaN: per-bead rows beyond the member's own beads keep it.
  template <class Real>
  static void record(const Job& job, const RecordTables& tables, Ensemble<M, Real>& e, std::size_t i,
                     const FieldRows& rows);
  /// Member i's dt against the scheme's linearised stability bound; the bound's name in the warning ("RK4's
  /// linearised stability bound"), and what a flagged member's numbers say (the text after "e.g. member N: ").
  static MemberStability stability(const Job& job, std::size_t i);
  static std::string stability_bound(const Job& job);
  static std::string stability_example(const StabilityReport::Detail& d, const Job& job);
  /// The first `members` members on the backend and on the independent reference, field by field.
  static CompareReport compare(const Job& job, const RunOptions& options, std::int64_t members);
  /// validate's lines: the model and its scheme, then the members' sizes, then anything else.
  static std::vector<std::string> describe(const Job& job);
  /// `rodswarm bench`: the model's problems, the config of each, and what a bead-step costs.
  static std::vector<BenchCase> bench_problems();
  static BenchProblem bench_problem(const BenchCase& c);
  static BenchCost bench_cost(const Job& job, KernelLayout layout, std::size_t real_bytes, int beads,
                              double steps_per_launch);

  // Optional: the defaults below hold unless a model defines its own.
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
  /// The static equilibrium: the job the solver works on (its start, or added damping), its scheme's name, and the
  /// solver on a backend.
  static bool has_steady() { return false; }
  static Job steady_job(const Job& job) { return job; }
  static std::string steady_scheme(const Job&) { return "none"; }
  template <class Real>
  static SteadyOutcomes solve_steady(const Job& job, Backend<M, Real>&, Ensemble<M, Real>&, StabilityReport&) {
    throw std::invalid_argument(job.source + ": steady is not defined for model " + M::name);
  }
  /// `rodswarm modes`: member i's linearisation (modes.hpp), its state in `e` moved to the one linearised about.
  static bool has_modes() { return false; }
  /// Refuses (std::invalid_argument, naming the file and the key) a job with members the linearisation cannot
  /// take, before any member's work.
  static void check_modes(const Job&) {}
  static MemberModes member_modes(const Job& job, Ensemble<M, double>&, std::size_t, const ModesOptions&) {
    throw std::invalid_argument(job.source + ": modes is not defined for model " + M::name);
  }
};

}  // namespace rodswarm
