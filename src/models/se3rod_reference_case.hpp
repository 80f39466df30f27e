/// @file se3rod_reference_case.hpp
/// How compare states one se3rod for the independent reference (src/reference/se3rod_*): model se3rod's members
/// and each rod of a rodpair member. Definition: se3rod_compare.cpp.
#pragma once

#include "reference/se3rod_reference.hpp"
#include "rodswarm/models/se3rod_params.hpp"

namespace rodswarm {

/// The rod of parameters `p` and arrays `pose` (12 per node), `twist` (6 per node), `rest` (6 per segment) as the
/// reference states it (its dt left at the default: the caller's), and its initial state in `start`.
reference::Se3rodCase se3rod_reference_case(const se3rod::Params<double>& p, const double* pose, const double* twist,
                                            const double* rest, reference::Se3rodState& start);

}  // namespace rodswarm
