/// @file rolling_reference_case.hpp
/// How compare states a member of a rolling job for the independent reference (src/reference/rolling_*): the
/// backend test also builds its reference runs with it. Definition: rolling_compare.cpp.
#pragma once

#include <cstddef>

#include "config/rolling_job.hpp"
#include "reference/rolling_reference.hpp"

namespace rodswarm {

/// Member i of a rolling job as the reference states it, on a grid of N intervals, with the largest RK4 step that
/// divides the member's dt into `substeps` and keeps the grid's highest frequency 2c/h within dt omega <= 2.
reference::RollingCase rolling_reference_case(const RollingJob& job, std::size_t i, int N, long& substeps);

}  // namespace rodswarm
