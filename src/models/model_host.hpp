/// @file model_host.hpp
/// ModelHost<M>: what the engine's host side needs of model M beyond its device declaration
/// (include/rodswarm/models/<model>_model.hpp): the datasets it saves and how one member's are computed, its
/// parameter columns, its stability bound, how compare maps a member to its independent reference, its steady
/// solver where it has one, what validate says about it, and its bench problems. Each model specializes it in
/// src/models/<model>_host.hpp; the generic drivers (src/driver/run_impl.hpp) call nothing else of it.
///
/// Required members (J = Job<M>):
///   scheme_name(J), energy_names(), params(J) -> ParamTable, beads(J, i), max_beads(J), rods(J)
///   fields(J, kind) -> std::vector<FieldDecl>            the datasets saved (kind "run" or "steady")
///   record<Real>(J, Ensemble<M, Real>&, i, FieldRows)    member i's rows of those datasets (null: not saved)
///   check_stability(J) -> StabilityReport, describe_stability(report, J) -> warning text ("" if none)
///   counts_as_diverged(status), records_singular          the per-member flags of the results file
///   compare(J, RunOptions, members) -> CompareReport
///   describe(J) -> lines for validate;  bench_problems()
/// Optional members:
///   check(J)                             refuses a job before it runs (std::invalid_argument)
///   recorder(J) -> R                     what record needs built once per run; record then takes (J, R, ...)
///   prepare<Real>(J, Ensemble<M, Real>&) the state integrated from, when it is not the config's as is
///   finish<Real>(J, Ensemble<M, Real>&, Results&, RunOptions)   analysis after the run (spectra)
///   has_steady = true, steady_job(J) -> J (the job the solver works on), steady_scheme(J),
///   solve_steady<Real>(J, Backend<M, Real>&, Ensemble<M, Real>&, StabilityReport&) -> SteadyOutcomes
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "io/results.hpp"

namespace rodswarm {

template <class M>
struct ModelHost;

/// A model's parameter columns of a results file: names, then one value per member for each.
struct ParamTable {
  std::vector<std::string> names;
  std::vector<std::vector<double>> values;  ///< [column][member]
};

/// A dataset a model saves: its row shape, the names of its components, and whether a run saves it at every save
/// point (series) and at the end (final).
struct FieldDecl {
  std::string name;
  std::vector<std::uint64_t> row;
  std::vector<std::string> components;
  bool series = false;
  bool final = false;
};

/// Where member i's rows go at one time, in the order of ModelHost<M>::fields(); null: not saved.
constexpr std::size_t max_fields = 16;
using FieldRows = std::array<double*, max_fields>;

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

template <class H, class = void>
struct HasSteady : std::false_type {};
template <class H>
struct HasSteady<H, std::void_t<decltype(H::has_steady)>> : std::bool_constant<H::has_steady> {};

template <class H, class = void>
struct HasCheck : std::false_type {};
template <class H>
struct HasCheck<H, std::void_t<decltype(&H::check)>> : std::true_type {};

}  // namespace rodswarm
