/// @file linear_statics.hpp
/// A member's statics and small oscillations from its linearisation, for any model that can give, at a state, the
/// stiffness K = -dF/dq and the forces F on its free degrees of freedom (a ReducedSystem) and can move its state
/// by a step on them: Newton to the equilibrium under the member's loads, applied in increments (continuation)
/// where one increment does not converge, and the lowest modes of K phi = omega^2 M phi with a diagonal M. Host
/// only, Eigen, float64: `rodswarm modes` (ModelHost<M>::member_modes) and the statics tests use it. The dense and
/// sparse factorisations and the eigensolver are compiled once, in linear_statics.cpp (library rodswarm_statics):
/// inline here, they cost every including unit about 40 s of a 2-core build.
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>
#include <vector>

namespace rodswarm::statics {

/// K and F restricted to the free degrees of freedom `dofs` (the model's numbering) at one state. K is dense, or
/// (`sparse`: a model whose forces are local, for Newton on long members) in `K_sparse`, K left empty.
struct ReducedSystem {
  Eigen::MatrixXd K;
  Eigen::SparseMatrix<double> K_sparse;
  bool sparse = false;
  /// K (dense) is singular along the member's rigid motions (a free ring): Newton's step is then the least-squares
  /// one of smallest norm, which moves the member only in the directions that change its forces.
  bool rigid = false;
  Eigen::VectorXd F;
  std::vector<int> dofs;
};

/// Newton's step K zeta = F: dense LU with partial pivoting (away from equilibrium K is not symmetric), or sparse LU
/// (its fill-in on a banded K stays banded; NaN where the factorisation fails, a singular K), or for a member that
/// nothing holds (`rigid`) the least-squares step by SVD. Its threshold would also drop a physical stiffness below
/// 1e-9 of the largest (a ring on a very weak foundation), along which Newton would then not move.
Eigen::VectorXd newton_step(const ReducedSystem& s);

struct EquilibriumResult {
  int iterations = 0;   ///< Newton iterations, all increments together
  double residual = 0;  ///< Problem::residual at the end
  bool converged = false;
};

/// Newton on one load increment: from the current state to the equilibrium under the loads scaled by `scale`, at
/// most 50 iterations. Returns whether it converged (the residual below the tolerance, then iterated while it still
/// halves, to round-off); the state is left at the best iterate either way (a step that made the residual worse
/// once it had converged, or not finite, as near a singular K, is taken back), its residual in `residual`.
template <class Problem>
bool newton_increment(Problem& problem, double scale, double tolerance, int& iterations, double& residual_out) {
  double previous = INFINITY, best = INFINITY;
  auto best_state = problem.state();
  for (int iteration = 0; iteration < 50; ++iteration) {
    const ReducedSystem s = problem.system(scale);
    const double residual = problem.residual(s);
    if (!std::isfinite(residual)) break;
    const bool better = residual < best;  // Newton's residual need not fall at every step far from the solution
    if (better) {
      best = residual;
      best_state = problem.state();
    }
    if (best <= tolerance && (!better || residual > 0.5 * previous || residual == 0)) break;
    previous = residual;
    if (s.dofs.empty()) break;
    const Eigen::VectorXd zeta = newton_step(s);
    ++iterations;
    problem.step(s, zeta);
  }
  problem.set_state(best_state);
  residual_out = best;
  return best <= tolerance;
}

/// Newton from the problem's current state to the equilibrium of its loads, with continuation in the load where the
/// whole load does not converge. `adaptive` = false (what `modes` uses): 1, 2, 4, ... 64 equal increments, each
/// count started again from the start until every increment converges. `adaptive` = true (`steady` by Newton): the
/// whole load first; where an increment does not converge, the state goes back to the last converged load and the
/// increment halves (down to 1/64 of the load), and after a converged increment the next one doubles. Both take the
/// same path where the whole load or two halves converge; neither is better everywhere (the adaptive one takes 134
/// iterations against 193 on a cantilever at F L^2/EI = 5, 705 against 299 on se3rod's rollup). The state is left
/// at the equilibrium, or at the start when no schedule converged.
/// Problem:
///   State state() const; void set_state(const State&);
///   ReducedSystem system(double load_scale) const;       K and F at the current state, the loads scaled
///   double residual(const ReducedSystem&) const;         a force (NaN when any component is)
///   double tolerance() const;
///   void step(const ReducedSystem&, const Eigen::VectorXd& zeta);   moves the state by zeta on the free dofs
template <class Problem>
EquilibriumResult solve_equilibrium(Problem& problem, bool adaptive = false) {
  const auto start = problem.state();
  const double tolerance = problem.tolerance();
  EquilibriumResult out;
  const auto give_up = [&]() {
    problem.set_state(start);
    out.residual = problem.residual(problem.system(1.0));
    return out;
  };
  if (!adaptive) {
    for (int stages = 1; stages <= 64; stages *= 2) {
      problem.set_state(start);
      bool ok = true;
      for (int stage = 1; stage <= stages && ok; ++stage)
        ok = newton_increment(problem, double(stage) / stages, tolerance, out.iterations, out.residual);
      if (ok) {
        out.converged = true;
        return out;
      }
    }
    return give_up();
  }
  auto converged_state = start;
  double done = 0, increment = 1;
  while (done < 1) {
    const double scale = std::min(1.0, done + increment);
    if (newton_increment(problem, scale, tolerance, out.iterations, out.residual)) {
      done = scale;
      converged_state = problem.state();
      increment *= 2;
      continue;
    }
    increment *= 0.5;
    if (increment < 1.0 / 64) return give_up();
    problem.set_state(converged_state);
  }
  out.converged = true;
  return out;
}

/// The lowest `count` modes of K phi = omega^2 M phi, M = diag(mass) over the free dofs, K symmetrised (it is
/// symmetric at an equilibrium, to the finite differences' error): omega ascending, an unstable direction
/// (omega^2 < 0) as -sqrt(-omega^2); the M-normalised vectors as the columns of `vectors`.
struct Modes {
  std::vector<double> omega;
  Eigen::MatrixXd vectors;
  double asymmetry = 0;  ///< max |K - K^T| over max |K|: finite differences leave ~1e-10, non-conservative loads more
};
Modes lowest_modes(const ReducedSystem& s, const Eigen::VectorXd& mass, int count);

}  // namespace rodswarm::statics
