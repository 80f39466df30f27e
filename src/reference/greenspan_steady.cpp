/// @file greenspan_steady.cpp
/// Steady state: Newton's method on the algebraic system (5.3), i.e. (5.1) with a = v = 0.
/// (The paper's (6.3) prints sqrt((0.01) - d^2) for Example 2; that is a typo for (5.3)'s sqrt(dx^2 + d^2),
/// which is what is solved here.)
#include <cmath>
#include <stdexcept>

#include "reference/greenspan_reference.hpp"

namespace rodswarm::reference {

SteadySolution greenspan_steady(const GreenspanCase& c, const Eigen::VectorXd& initial, double tol, int max_iter) {
  if (initial.size() != c.n) throw std::invalid_argument("greenspan_steady: initial must have n entries");
  if (!(tol > 0.0) || max_iter < 0) throw std::invalid_argument("greenspan_steady: need tol > 0, max_iter >= 0");

  // Residuals are forces: scale the tolerance by the force scale of the problem.
  const double threshold = tol * (c.T0 + c.m * std::abs(c.g));
  SteadySolution sol;
  sol.y = initial;
  Eigen::VectorXd residual = greenspan_steady_residual(c, sol.y);
  sol.residual = residual.cwiseAbs().maxCoeff();

  while (sol.residual > threshold && sol.iterations < max_iter) {
    // Newton step J delta = -R. -J is symmetric positive definite (f' > 0), but a plain LU keeps this obvious.
    const Eigen::MatrixXd jacobian = greenspan_steady_jacobian(c, sol.y);
    const Eigen::VectorXd delta = jacobian.partialPivLu().solve(-residual);

    // Backtracking on |R|_2 (the Newton direction descends |R|^2): halve until a sufficient decrease.
    const double norm = residual.norm();
    double lambda = 1.0;
    Eigen::VectorXd trial = sol.y + delta;
    Eigen::VectorXd trial_residual = greenspan_steady_residual(c, trial);
    while (!(trial_residual.norm() <= (1.0 - 1e-4 * lambda) * norm) && lambda > 1e-10) {
      lambda *= 0.5;
      trial = sol.y + lambda * delta;
      trial_residual = greenspan_steady_residual(c, trial);
    }
    ++sol.iterations;
    // At the rounding floor no step decreases |R|: stop rather than take a step that makes it worse.
    if (!(trial_residual.norm() < norm)) break;
    sol.y = trial;
    residual = trial_residual;
    sol.residual = residual.cwiseAbs().maxCoeff();
  }
  sol.converged = sol.residual <= threshold;
  return sol;
}

}  // namespace rodswarm::reference
