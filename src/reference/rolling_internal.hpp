/// @file rolling_internal.hpp
/// Internals of the rolling-contact reference (docs/rolling_discretisation.md section 3), shared by its grid, step,
/// run and Lyapunov sources: the grid, the smeared delta as a banded grid row, the wave operator, the right-hand
/// side with the index-reduced multiplier, the post-step projection and one RK4 step.
///
/// Semi-discrete system (grid mass h I, constraint row w_j = h delta_sigma(x_j - s)):
///   u_tt = c^2 D2 u - lambda d1,   v_tt = c^2 D2 v + lambda F d2,   d1_j = delta_sigma(x_j - s1), d2 likewise
///   C = h d1.u_t - F h d2.v_t = 0,   s1' = G1 h d1.u_t,   s2' = G2 h d2.v_t
/// and d/dt C = 0 (with d d1/ds1 = d1' from the Gaussian's derivative) gives
///   lambda = [d1.(c^2 D2 u) - F d2.(c^2 D2 v) + s1' d1'.u_t - F s2' d2'.v_t] / (d1.d1 + F^2 d2.d2).
#pragma once

#include <vector>

#include <Eigen/Dense>

#include "reference/rolling_reference.hpp"

namespace rodswarm::reference::rolling_detail {

/// The Gaussian is evaluated only within kCutoff standard deviations of each image of the contact point: beyond,
/// exp(-kCutoff^2 / 2) = exp(-50) ~ 2e-22 of its peak, far below round-off of the sums it enters. (A cutoff of
/// 4 sigma, exp(-8) ~ 3e-4, makes the row jump as grid points enter the window and visibly spoils the energy and
/// trajectory orders in dt; 10 sigma does not.)
inline constexpr double kCutoff = 10.0;
/// d1.d1 + F^2 d2.d2 below this (both contact points on fixed ends) is singular: the run stops.
inline constexpr double kSingular = 1e-300;

/// Uniform grid x_j = j h, h = L / N. Fixed ends store j = 0..N (n = N + 1, the end values stay 0); periodic
/// stores j = 0..N-1 (n = N).
struct Grid {
  int N = 0, n = 0;
  double h = 0;
  bool periodic = false;
};
Grid grid(const RollingCase& c);

/// Throws std::invalid_argument unless the case is usable (positive sizes and constants, N a multiple of P - 1,
/// dt inside RK4's stability bound dt 2c/h < 2.8, fixed-end contact points inside [0, L], ...).
void check_case(const RollingCase& c);

/// Grid row of the smeared delta, stored on the contiguous index range [first, first + val.size()) that holds its
/// non-zero entries: val = delta_sigma(x_j - s) (images summed), dval = its derivative in s. Fixed ends: the end
/// points hold 0 (the odd images cancel there). `s` records which contact point the row was built for.
struct Row {
  double s = 0;
  bool built = false;
  int first = 0;
  Eigen::VectorXd val, dval;
};
/// Zeroed scratch of size n for building rows (left zeroed).
struct RowScratch {
  Eigen::VectorXd val, dval;
};
/// Fills `row` for contact point s, unless it already holds that s (a row and its scratch serve one case).
void smeared_delta(const RollingCase& c, double s, RowScratch& scratch, Row& row);
Row smeared_delta(const RollingCase& c, double s);

/// sum_j w_j f_j for w = row.val (derivative = false) or row.dval (derivative = true).
double dot(const Row& row, const Eigen::VectorXd& f, bool derivative = false);
/// sum_j val_j^2.
double norm2(const Row& row);
/// f += a val.
void axpy(double a, const Row& row, Eigen::VectorXd& f);

/// out = c^2 D2 u (three-point Laplacian); zero at fixed ends.
void wave_operator(const RollingCase& c, const Eigen::VectorXd& u, Eigen::VectorXd& out);

/// Basis function m of the model (docs section 1) at grid point j, with the angle reduced exactly in integers.
double basis_on_grid(const RollingCase& c, int m, int j);
/// Grid values of sum_m coeffs[m] psi_m (fixed ends exactly 0).
Eigen::VectorXd synthesise(const RollingCase& c, const std::vector<double>& coeffs);
/// Grid quadrature h sum_j u_j psi(x_j) of the harmonic RollingCase::harmonic.
double harmonic(const RollingCase& c, const Eigen::VectorXd& u);

/// Grid energy: kinetic h sum (u_t^2 + v_t^2) / 2, potential c^2 sum over intervals ((du)^2 + (dv)^2) / (2h).
struct Energy {
  double kinetic = 0, potential = 0;
};
Energy energy(const RollingCase& c, const RollingState& y);

/// Scratch reused from step to step (no allocation per step once sized).
struct Workspace {
  RowScratch scratch;
  Row d1, d2;
  RollingState k1, k2, k3, k4, stage;
};

/// The constraint residual U1 - F V2 of the smeared contact velocities U1 = h d1.u_t, V2 = h d2.v_t.
double constraint(const RollingCase& c, const RollingState& y);

/// Writes the time derivative of y into dy (dy.t untouched) and returns the multiplier and whether the
/// constraint is singular (then lambda = 0).
struct RateInfo {
  double lambda = 0;
  bool singular = false;
};
RateInfo rate(const RollingCase& c, const RollingState& y, RollingState& dy, Workspace& ws);
RateInfo rate(const RollingCase& c, const RollingState& y);

/// Mass-orthogonal projection of (u_t, v_t) onto the constraint at the state's s1, s2:
/// (u_t, v_t) -= r (d1, -F d2) / (d1.d1 + F^2 d2.d2), r = d1.u_t - F d2.v_t. False (nothing done) if singular.
bool project_velocities(const RollingCase& c, RollingState& y, Workspace& ws);

/// Periodic: wraps s into [0, L). Fixed: false if a contact point is outside [0, L].
bool place_contacts(const RollingCase& c, RollingState& y);

/// True if every value of the state is finite.
bool finite(const RollingState& y);

/// One classical RK4 step of c.dt (lambda at each stage), then place_contacts and the projection. Returns false
/// when the run must stop: a contact point left a fixed-end string, a singular constraint, or a non-finite state.
/// y.t is advanced by dt.
bool rk4_step(const RollingCase& c, RollingState& y, Workspace& ws);

}  // namespace rodswarm::reference::rolling_detail
