/// @file compare.hpp
/// `rodswarm compare`: the first K members on a fast backend and on the independent reference
/// (src/reference/), field by field.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/cosserat_job.hpp"
#include "config/greenspan_job.hpp"
#include "config/nishinari_job.hpp"
#include "config/rolling_job.hpp"
#include "driver/greenspan_driver.hpp"
#include "reference/rolling_reference.hpp"

namespace rodswarm {

struct CompareRow {
  std::string field;  ///< positions, velocities, energy
  double max_abs = 0.0;
  double max_rel = 0.0;  ///< max_abs / max |reference value| of the field
  double tolerance = 0.0;
  bool ok = true;
};

struct CompareReport {
  std::string backend, reference;
  std::int64_t members = 0;
  std::int64_t saves = 0;
  std::vector<CompareRow> rows;
  bool ok = true;
};

/// Default relative tolerance: float64 rk4 1e-12, float64 greenspan 1e-10 (the printed recursion's alternating
/// sums gather round-off), float32 1e-5.
double default_compare_tolerance(const GreenspanJob& job);

CompareReport compare_greenspan(const GreenspanJob& job, const RunOptions& options, std::int64_t members);

/// Nishinari: the backend in either formulation against the reference's Cartesian RK4 (Eigen, double). The
/// Cartesian formulation takes the reference's steps, so the default tolerance is round-off (float64 1e-9,
/// float32 1e-3). The intrinsic one integrates other variables: the gap is integration error, so its default
/// tolerance is four times the reference's own error estimate (Richardson, from a second reference run at dt/2:
/// the two formulations' errors are each of about that size, not equal), and at least 1e-9. Relative errors are taken
/// against the field's largest reference value, or against a scale of the member where the field is near zero: (n-1) l
/// / t_end for velocities, the sum of the energy components' magnitudes for the total energy.
CompareReport compare_nishinari(const NishinariJob& job, const RunOptions& options, std::int64_t members);

/// Cosserat: the backend against the reference integrating the same discrete system with the same scheme
/// (docs/cosserat_discretisation.md), at every save: positions, velocities, directors, angular velocities and the
/// total energy. Default tolerance round-off: float64 1e-8, float32 2e-3.
CompareReport compare_cosserat(const CosseratJob& job, const RunOptions& options, std::int64_t members);

/// Rolling contact: the backend (modes) against the reference's finite differences (a second discretisation) on
/// a grid of compare.reference_points intervals (default max(2048, 32 K), rounded to the output points), over
/// compare.t_end (default one wave round trip 2L/c: chaos amplifies any difference), at every save: both strings'
/// displacement and velocity at the output points, the contact points, the multiplier and the total energy.
/// Default tolerance: four times the reference's own discretisation error (a second run on half the grid,
/// Richardson for order 2), at least 1e-9 (float32: 2e-4).
CompareReport compare_rolling(const RollingJob& job, const RunOptions& options, std::int64_t members);

/// Member i of a rolling job as the reference states it, on a grid of N intervals, with the largest RK4 step that
/// divides the member's dt into `substeps` and keeps the grid's highest frequency 2c/h within dt omega <= 2.
reference::RollingCase rolling_reference_case(const RollingJob& job, std::size_t i, int N, long& substeps);

/// The table as printed by the CLI.
std::string format_compare(const CompareReport& report);

}  // namespace rodswarm
