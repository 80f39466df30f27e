/// @file tridiagonal.hpp
/// Thomas algorithm for one tridiagonal system, host and device; used per member by Newton solvers.
#pragma once

#include "rodswarm/common.hpp"

namespace rodswarm::linalg {

/// Solves lower[i] x[i-1] + diag[i] x[i] + upper[i] x[i+1] = rhs[i], i = 0..n-1 (lower[0], upper[n-1] unused).
/// Overwrites rhs with x and uses `work` (n values) as scratch. No pivoting: the Jacobians it serves are
/// diagonally dominant or negative definite. Returns false if a pivot vanished.
template <class Real>
RODSWARM_HD bool solve_tridiagonal(const Real* lower, const Real* diag, const Real* upper, Real* rhs, Real* work,
                                   int n) {
  Real pivot = diag[0];
  if (pivot == Real(0)) return false;
  rhs[0] /= pivot;
  for (int i = 1; i < n; ++i) {
    work[i] = upper[i - 1] / pivot;
    pivot = diag[i] - lower[i] * work[i];
    if (pivot == Real(0)) return false;
    rhs[i] = (rhs[i] - lower[i] * rhs[i - 1]) / pivot;
  }
  for (int i = n - 2; i >= 0; --i) rhs[i] -= work[i + 1] * rhs[i + 1];
  return true;
}

}  // namespace rodswarm::linalg
