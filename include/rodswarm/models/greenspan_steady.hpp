/// @file greenspan_steady.hpp
/// Steady state of a Greenspan member: Newton's method on (5.3),
///   f(d_{i+1}) - f(d_i) = m g,  i = 1..n,
/// with its tridiagonal Jacobian and a backtracking line search. Host and device: the CPU backend runs it per
/// member under OpenMP, the CUDA backend one member per thread.
/// (The paper's (6.3) prints sqrt(0.01 - d^2) where (5.3) gives sqrt(dx^2 + d^2): a typo; this solves (5.3).)
#pragma once

#include "rodswarm/common.hpp"
#include "rodswarm/linalg/tridiagonal.hpp"
#include "rodswarm/models/greenspan.hpp"

namespace rodswarm::greenspan {

/// Scratch values the steady solver needs for a member of n beads.
RODSWARM_HD inline int steady_workspace_size(int n) { return 6 * n; }

template <class Real>
struct SteadyOutcome {
  int iterations;  ///< Newton iterations taken
  Real residual;   ///< max |residual| of (5.3) at the returned state, in force units
  bool converged;  ///< residual <= tol * (T0 + m |g|)
};

template <class Real>
RODSWARM_HD Real steady_residual_max(const Real* y, const Params<Real>& p) {
  Real r = Real(0);
  for (int j = 0; j < p.n; ++j) {
    const Real rj = std::fabs(steady_residual(y, j, p));
    r = (rj > r || rj != rj) ? rj : r;  // NaN propagates so that it is never taken for convergence
  }
  return r;
}

/// Solves (5.3) for y (n moving heights) starting from the values in y. tol is relative to T0 + m|g|.
template <class Real>
RODSWARM_HD SteadyOutcome<Real> solve_steady(Real* y, const Params<Real>& p, Real* scratch, Real tol, int max_iter) {
  const int n = p.n;
  Real* lower = scratch;
  Real* diag = scratch + n;
  Real* upper = scratch + 2 * n;
  Real* rhs = scratch + 3 * n;
  Real* work = scratch + 4 * n;
  Real* trial = scratch + 5 * n;
  const Real scale = p.T0 + p.m * std::fabs(p.g);
  Real res = steady_residual_max(y, p);
  int it = 0;
  while (!(res <= tol * scale) && it < max_iter) {
    ++it;
    for (int j = 0; j < n; ++j) {
      const Real yc = y[j];
      const Real k_left = segment_stiffness(yc - bead_height(y, j, p), p);
      const Real k_right = segment_stiffness(bead_height(y, j + 2, p) - yc, p);
      lower[j] = k_left;
      upper[j] = k_right;
      diag[j] = -(k_left + k_right);
      rhs[j] = -steady_residual(y, j, p);
    }
    if (!linalg::solve_tridiagonal(lower, diag, upper, rhs, work, n)) break;
    // Backtracking: halve the Newton step until the residual does not grow (it rarely needs to).
    Real lambda = Real(1);
    Real trial_res = res;
    for (int halvings = 0; halvings < 40; ++halvings) {
      for (int j = 0; j < n; ++j) trial[j] = y[j] + lambda * rhs[j];
      trial_res = steady_residual_max(trial, p);
      if (trial_res <= res) break;
      lambda *= Real(0.5);
    }
    if (!(trial_res <= res)) break;  // no descent: round-off floor reached or a bad start; report as is
    for (int j = 0; j < n; ++j) y[j] = trial[j];
    res = trial_res;
  }
  return SteadyOutcome<Real>{it, res, res <= tol * scale};
}

}  // namespace rodswarm::greenspan
