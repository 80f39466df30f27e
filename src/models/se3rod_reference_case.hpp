/// @file se3rod_reference_case.hpp
/// How compare states one se3rod for the independent reference (src/reference/se3rod_*), and gathers a rod's
/// errors against it: model se3rod's members and each rod of a rodpair member. Definition: se3rod_compare.cpp.
#pragma once

#include "driver/compare.hpp"
#include "driver/field_error.hpp"
#include "reference/se3rod_reference.hpp"
#include "rodswarm/models/se3rod_params.hpp"

namespace rodswarm {

/// The rod of parameters `p` and arrays `pose` (12 per node), `twist` (6 per node), `rest` (6 per segment) as the
/// reference states it (its dt left at the default: the caller's), and its initial state in `start`.
reference::Se3rodCase se3rod_reference_case(const se3rod::Params<double>& p, const double* pose, const double* twist,
                                            const double* rest, reference::Se3rodState& start);

/// The errors of a rod's saved rows against the reference, over every member and save.
struct Se3rodFieldErrors {
  FieldError positions, directors, velocities, angular, energy;

  /// Adds the nodes of reference state `s` against the saved rows from node 0 of `pos` (3 a node), `dir` (9: R row
  /// by row), `vel` and `ang` (3: lab frame, R gamma and R omega).
  void add_nodes(const reference::Se3rodState& s, const double* pos, const double* dir, const double* vel,
                 const double* ang);
  /// The rows positions, directors, velocities, angular_velocities and energy, each held to `tolerance`.
  void report(CompareReport& report, double tolerance) const;
};

}  // namespace rodswarm
