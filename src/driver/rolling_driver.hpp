/// @file rolling_driver.hpp
/// Host driver for rolling-contact ensembles: the ensemble in the run's precision, stepped on a backend from save
/// point to save point; at each save both strings are sampled at output.points points (the space-time field),
/// with the contact points, the multiplier, the energy and the running Lyapunov estimate; after the run the
/// recorded harmonic of every member becomes its power spectrum (docs/rolling_discretisation.md, section 2).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/rolling_job.hpp"
#include "driver/greenspan_driver.hpp"
#include "driver/stability_check.hpp"
#include "io/results.hpp"

namespace rodswarm {

/// The highest modal frequency c kappa_K of a member.
double rolling_omega_max(const rolling::Params<double>& p);

/// Members whose dt lies outside RK4's bound dt omega_max < 2.8.
StabilityReport check_stability(const RollingJob& job);

/// One warning paragraph naming the members (up to ten) and the largest stable dt; "" if none.
std::string describe_stability(const StabilityReport& report, const RollingJob& job);

/// Integrates every member from t = 0 to its t_end (RunOptions and RunReport as for Greenspan; bead_steps
/// counts modes x steps, 2K per member, the Lyapunov twin not included).
RunReport run_rolling(const RollingJob& job, const RunOptions& options);

/// Members [first, first + count) of the job (batches, compare, bench).
RollingJob slice_of(const RollingJob& job, std::int64_t first, std::int64_t count);

/// Names of the energy components a rolling results file holds, in order.
const std::vector<std::string>& rolling_energy_names();

/// The ensemble converted to another precision.
template <class Real>
rolling::Ensemble<Real> to_precision(const rolling::Ensemble<double>& in);

/// The running Lyapunov estimate of member i: the sum of logs over the time of the last renormalisation; NaN
/// when the member computes none or has not renormalised yet.
double lyapunov_estimate(const rolling::Params<double>& p, double dt, std::int64_t steps_done, double log_sum);

}  // namespace rodswarm
