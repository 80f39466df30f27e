/// @file cosserat_driver.hpp
/// Host driver for Cosserat ensembles: the ensemble in the run's precision, stepped on a backend from save point
/// to save point; at each save the nodes, the directors, the energy split and Gauss's diagnostics (Z_t, Z_s and
/// the constraint violation, note section 3.1) of every member are recorded; members that diverge are flagged and
/// stopped while the others finish. `steady` for rods is dynamic relaxation stopped on Z_s.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/cosserat_job.hpp"
#include "driver/greenspan_driver.hpp"
#include "driver/stability_check.hpp"
#include "io/results.hpp"

namespace rodswarm {

/// The highest linearised frequency of a member (note 1.7, plus the contact penalty sqrt(k_c/m)).
double cosserat_omega_max(const cosserat::Params<double>& p, const double* rest_length0, const double* radius);

/// Members whose dt lies outside the scheme's bound: Verlet dt < 2/omega_max, RK4 dt < 2.8/omega_max.
StabilityReport check_stability(const CosseratJob& job);

/// One warning paragraph naming the members (up to ten) and the largest stable dt; "" if none.
std::string describe_stability(const StabilityReport& report, const CosseratJob& job);

/// Integrates every member from t = 0 to its t_end (RunOptions and RunReport as for Greenspan; bead_steps
/// counts nodes x steps).
RunReport run_cosserat(const CosseratJob& job, const RunOptions& options);

/// Dynamic relaxation of every member (steady section): the member's dynamics with added damping, stopped per
/// member when Z_s <= tol * Z_s(0) (or below 1e-300). Results kind "steady": newton_iterations holds the steps
/// taken, newton_residual the final Z_s, converged the flag.
RunReport steady_cosserat(const CosseratJob& job, const RunOptions& options);

/// Members [first, first + count) of the job (batches, compare, bench).
CosseratJob slice_of(const CosseratJob& job, std::int64_t first, std::int64_t count);

/// Names of the energy components a Cosserat results file holds, in order.
const std::vector<std::string>& cosserat_energy_names();

/// The ensemble converted to another precision (parameters, rest data and state).
template <class Real>
cosserat::Ensemble<Real> to_precision(const cosserat::Ensemble<double>& in);

}  // namespace rodswarm
