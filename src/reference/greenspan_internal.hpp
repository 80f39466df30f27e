/// @file greenspan_internal.hpp
/// Helpers shared by the reference's time schemes (input checks, save points). Not part of the public API.
#pragma once

#include "reference/greenspan_reference.hpp"

namespace rodswarm::reference::greenspan_detail {

/// Throws std::invalid_argument unless the case is usable: n >= 1, dx, m, T0, dt > 0, alpha, eps >= 0,
/// tension_exponent > 0, y0 and v0 of size n, everything finite.
void check_case(const GreenspanCase& c);

/// Whether step k (0..steps) is saved: the initial state, every save_every steps (none in between when
/// save_every <= 0) and the final state, each once.
bool is_save_point(long k, long steps, long save_every);

/// Appends one state to a trajectory.
void append_state(Trajectory& out, double time, const Eigen::VectorXd& y, const Eigen::VectorXd& v);

}  // namespace rodswarm::reference::greenspan_detail
