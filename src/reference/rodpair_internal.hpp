/// @file rodpair_internal.hpp
/// What the rodpair oracle's files share (rodpair_geometry.cpp states the contact's geometry and rows with its
/// derivatives by dual numbers; rodpair_reference.cpp steps, restores and reports). Not part of the interface.
#pragma once

#include <vector>

#include "reference/rodpair_reference.hpp"

namespace rodswarm::reference::rodpair_detail {

/// Rod i's normalised bump weights alpha_k(s), k = 0 .. n - 1.
std::vector<double> weights(const RodpairCase& c, int i, double s);
/// d = rbar2(s2) - rbar1(s1) at the state's s1, s2.
Eigen::Vector3d separation(const RodpairCase& c, const RodpairState& s);
/// The tangency conditions F = (d . rbar1'(s1), d . rbar2'(s2)).
Eigen::Vector2d tangency(const RodpairCase& c, const RodpairState& s);
/// dF/d(s1, s2) at the state's poses.
Eigen::Matrix2d tangency_jacobian(const RodpairCase& c, const RodpairState& s);
/// dF/dt at fixed (s1, s2), the poses moving with the state's body twists.
Eigen::Vector2d tangency_rate(const RodpairCase& c, const RodpairState& s);
/// The rows' value u (lab) for the state's twists.
Eigen::Vector3d slip(const RodpairCase& c, const RodpairState& s);
/// The rows as a dense 3 x 6 (n1 + n2) matrix on the stacked body twists (rod 1's nodes, then rod 2's): u = A xi.
Eigen::MatrixXd rows(const RodpairCase& c, const RodpairState& s);
/// The rows' rate at fixed body twists: the poses moving with the state's twists and s with `ds` = (s1', s2').
Eigen::Vector3d bias(const RodpairCase& c, const RodpairState& s, const Eigen::Vector2d& ds);

}  // namespace rodswarm::reference::rodpair_detail
