/// @file nishinari_driver.hpp
/// Host driver for Nishinari ensembles: the ensemble in the run's precision, stepped on a backend from save
/// point to save point; at each save the Cartesian state, the energy split (kinetic, spin, axial, bending, twist,
/// external) and the linear and angular momentum of every member are recorded; members that diverge or reach a
/// singularity are flagged and stopped while the others finish.
#pragma once

#include <cstdint>
#include <string>

#include "config/nishinari_job.hpp"
#include "driver/greenspan_driver.hpp"
#include "driver/stability_check.hpp"
#include "io/results.hpp"

namespace rodswarm {

/// Members whose dt lies outside RK4's linearised bound (models/nishinari.hpp, rk4_stable_dt).
StabilityReport check_stability(const NishinariJob& job);

/// One warning paragraph naming the members (up to ten) and the largest stable dt; "" if none.
std::string describe_stability(const StabilityReport& report, const NishinariJob& job);

/// Integrates every member from t = 0 to its t_end (RunOptions and RunReport as for Greenspan).
RunReport run_nishinari(const NishinariJob& job, const RunOptions& options);

/// Members [first, first + count) of the job (batches, compare, bench).
NishinariJob slice_of(const NishinariJob& job, std::int64_t first, std::int64_t count);

/// Names of the energy components a Nishinari results file holds, in order.
const std::vector<std::string>& nishinari_energy_names();

}  // namespace rodswarm
