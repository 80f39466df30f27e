/// @file rolling_reference.hpp
/// Independent CPU reference for two strings in perfect rolling contact (Gay-Balmaz & Putkaradze, reduced model
/// (16)-(19); docs/models/rolling.md). Eigen/double, and a DIFFERENT discretisation from the backends:
/// finite differences on a uniform grid with the smeared delta taken as an exact Gaussian (summed over the
/// images that make it odd about fixed ends, or periodic), where the backends use modes and a mode-wise Gaussian
/// filter (docs/rolling_discretisation.md). Both converge to the same continuum problem, so compare measures the
/// backends against a second discretisation, not a copy of the first. It includes no rodswarm/ header.
///
/// The initial state is handed over as modal coefficients of the model's basis (docs/rolling_discretisation.md
/// section 1), because that is what a member holds; the reference synthesises its grid values from them itself.
#pragma once

#include <vector>

#include <Eigen/Dense>

namespace rodswarm::reference {

struct RollingCase {
  bool periodic = false;  ///< false: u = v = 0 at x = 0 and x = L
  bool frozen = false;    ///< s1' = s2' = 0
  double L = 1, c = 1, F = 1, G1 = 0, G2 = 0, sigma = 0.1;

  /// Initial state in the model's basis: K = a0.size() modes per string (fixed: sqrt(2/L) sin(k pi x/L),
  /// k = 1..K; periodic: 1/sqrt(L), sqrt(2/L) cos(2 pi j x/L), sqrt(2/L) sin(2 pi j x/L), j = 1, 2, ...).
  std::vector<double> a0, b0, ad0, bd0;  ///< u, v, u_t, v_t
  double s1 = 0, s2 = 0;

  int points = 1024;       ///< grid intervals N (h = L/N)
  double dt = 1e-3;        ///< RK4 step
  int output_points = 65;  ///< P: u and v are reported at x = i L/(P-1), i = 0..P-1 (N must be a multiple of P-1)
  /// Harmonic signal: the projection of u onto mode `harmonic` of the basis (fixed: k; periodic: the sin(2 pi j
  /// x/L) mode j), by the grid's own quadrature.
  int harmonic = 1;
};

struct RollingState {
  double t = 0;
  Eigen::VectorXd u, v, ut, vt;  ///< grid values (fixed: N + 1 including the ends; periodic: N)
  double s1 = 0, s2 = 0;
};

struct RollingSample {
  double t = 0;
  std::vector<double> u, v, ut, vt;  ///< at the P output points
  double s1 = 0, s2 = 0;
  double lambda = 0;                  ///< the multiplier at this state
  double kinetic = 0, potential = 0;  ///< grid energy: h sum u_t^2 / 2 + c^2 sum (du)^2 / (2h), both strings
  double constraint = 0;              ///< smeared u_t(s1) - F v_t(s2)
  double harmonic = 0;                ///< see RollingCase::harmonic
  /// Fixed ends: a contact point left [0, L] and the run stopped there. Also set when the constraint is singular
  /// (both contact points on fixed ends) or the state is not finite. A stopped sample is the run's last.
  bool stopped = false;
};

/// The grid state at t = 0, synthesised from the modal coefficients (velocities then projected onto the
/// constraint, as the backends do before the first step).
RollingState rolling_initial_state(const RollingCase& c);

/// Samples at steps 0, save_every, 2 save_every, ... and at `steps` (not twice). save_every <= 0: first and last.
std::vector<RollingSample> rolling_run(const RollingCase& c, long steps, long save_every);

/// Largest Lyapunov exponent by twin trajectories on the grid (Benettin): twin = state + d0 e, with e the unit
/// vector along the grid synthesis of the unit modal direction (all 4K amplitudes and velocities equal, the
/// contact points untouched), its velocities projected on its own constraint; renormalised to d0 every
/// renorm_steps steps. Returns the running estimate sum(log(d/d_prev)) / t at every renormalisation.
/// Distances (and the unit length of e) are in the grid mass norm d^2 = h sum(du^2 + dv^2 + du_t^2 + dv_t^2) +
/// ds1^2 + ds2^2 (ds wrapped when periodic), the grid quadrature of the backends' Euclidean norm on the modal
/// state. The estimates end early if the run stops (see RollingSample::stopped).
std::vector<double> rolling_lyapunov(const RollingCase& c, long steps, long renorm_steps, double d0);

}  // namespace rodswarm::reference
