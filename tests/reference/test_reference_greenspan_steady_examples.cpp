/// @file test_reference_steady_examples.cpp
/// Steady states of the paper's Examples 2 and 6 by Newton on (5.3), against long-time RK4 dynamics.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "reference/greenspan_reference.hpp"

namespace {

using rodswarm::reference::GreenspanCase;

/// Structure the steady state of a symmetric hanging string must have.
void expect_symmetric_hanging_string(const GreenspanCase& c, const Eigen::VectorXd& y) {
  for (int i = 0; i < c.n; ++i) EXPECT_NEAR(y(i), y(c.n - 1 - i), 1e-13) << "y_i = y_{n+1-i}, i = " << i + 1;
  // Hanging chain: every particle below the ends, heights falling to the centre and rising after it.
  for (int i = 0; i < c.n; ++i) EXPECT_LT(y(i), 0.0);
  for (int i = 0; i + 1 < c.n; ++i) {
    if (2 * (i + 1) < c.n + 1) {
      EXPECT_GT(y(i), y(i + 1)) << "left half falls, i = " << i + 1;
    } else {
      EXPECT_LT(y(i), y(i + 1)) << "right half rises, i = " << i + 1;
    }
  }
}

/// The Jacobian of (5.3) is the negative of a stiffness matrix: symmetric, tridiagonal, negative definite.
void expect_jacobian_structure(const GreenspanCase& c, const Eigen::VectorXd& y) {
  const Eigen::MatrixXd J = rodswarm::reference::greenspan_steady_jacobian(c, y);
  EXPECT_LE((J - J.transpose()).cwiseAbs().maxCoeff(), 0.0);
  for (int i = 0; i < c.n; ++i)
    for (int j = 0; j < c.n; ++j)
      if (std::abs(i - j) > 1) {
        EXPECT_EQ(J(i, j), 0.0);
      }
  const Eigen::LLT<Eigen::MatrixXd> cholesky(-J);  // succeeds iff -J is positive definite
  EXPECT_EQ(cholesky.info(), Eigen::Success);
  // Newton's Jacobian against a central difference of the residual.
  const double h = 1e-6;
  for (int j = 0; j < c.n; ++j) {
    Eigen::VectorXd plus = y, minus = y;
    plus(j) += h;
    minus(j) -= h;
    const Eigen::VectorXd column = (rodswarm::reference::greenspan_steady_residual(c, plus) -
                                    rodswarm::reference::greenspan_steady_residual(c, minus)) /
                                   (2 * h);
    EXPECT_LE((column - J.col(j)).cwiseAbs().maxCoeff(), 1e-6 * J.cwiseAbs().maxCoeff()) << "column " << j;
  }
}

/// Newton from the flat string, then RK4 from the paper's initial shape for t_end; returns max |gap|.
double steady_versus_dynamics(int example, double dt, double t_end) {
  GreenspanCase c = rodswarm::reference::greenspan_paper_example(example);
  const auto sol = rodswarm::reference::greenspan_steady(c, Eigen::VectorXd::Zero(c.n));
  EXPECT_TRUE(sol.converged);
  std::printf("Example %d: Newton %d iterations, max |residual| %.3e, centre y = %.10f\n", example, sol.iterations,
              sol.residual, sol.y((c.n - 1) / 2));
  expect_symmetric_hanging_string(c, sol.y);
  expect_jacobian_structure(c, sol.y);

  // Every mode decays at alpha/(2m) (the viscosity is proportional to the mass), so after t_end the transient
  // is e^{-alpha t_end / (2m)} ~ 1e-13 of its start.
  c.dt = dt;
  const auto traj = rodswarm::reference::greenspan_rk4(c, std::lround(t_end / dt), 0);
  const double gap = (traj.y.back() - sol.y).cwiseAbs().maxCoeff();
  std::printf("Example %d: RK4 dt = %g to t = %g (decay factor %.1e): max |y - steady| = %.3e, max |v| = %.3e\n",
              example, dt, t_end, std::exp(-c.alpha * t_end / (2 * c.m)), gap, traj.v.back().cwiseAbs().maxCoeff());
  expect_symmetric_hanging_string(c, traj.y.back());
  return gap;
}

TEST(ReferenceGreenspanSteady, Example2SteadyStateIsTheLimitOfRk4) {
  EXPECT_LE(steady_versus_dynamics(2, 0.001, 20.0), 1e-8);
}

TEST(ReferenceGreenspanSteady, Example6SteadyStateIsTheLimitOfRk4) {
  EXPECT_LE(steady_versus_dynamics(6, 0.0005, 12.0), 1e-8);
}

TEST(ReferenceGreenspanSteady, NewtonFromTheInitialShapeFindsTheSameState) {
  // Backtracking makes Newton converge from the paper's far-away initial triangle too.
  for (const int example : {1, 2, 6}) {
    const GreenspanCase c = rodswarm::reference::greenspan_paper_example(example);
    const auto from_flat = rodswarm::reference::greenspan_steady(c, Eigen::VectorXd::Zero(c.n));
    const auto from_shape = rodswarm::reference::greenspan_steady(c, c.y0);
    ASSERT_TRUE(from_flat.converged && from_shape.converged) << "Example " << example;
    EXPECT_LE((from_flat.y - from_shape.y).cwiseAbs().maxCoeff(), 1e-12) << "Example " << example;
  }
}

}  // namespace
