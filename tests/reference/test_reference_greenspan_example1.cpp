/// @file test_reference_example1.cpp
/// Example 1 of the paper (section 6): the printed recursion (5.2a)-(5.2c) at t = 10 and the steady state of
/// (5.3) against the paper's printed 4-digit values.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "reference/greenspan_reference.hpp"

namespace {

using rodswarm::reference::GreenspanCase;

// The paper's printed positions of Example 1 (particles 1..9, x = 0.1..0.9).
constexpr std::array<double, 9> kPaperAtT10 = {-0.1137, -0.2023, -0.2669, -0.3080, -0.3236,
                                               -0.3080, -0.2669, -0.2023, -0.1137};
constexpr std::array<double, 9> kPaperSteady = {-0.1137, -0.2022, -0.2668, -0.3079, -0.3235,
                                                -0.3079, -0.2668, -0.2022, -0.1137};

// Half a unit in the 4th decimal: what "agrees to the paper's 4 digits" means.
constexpr double kHalfDigit = 0.5e-4;

// Slack for the t = 10 comparison, and why it is needed. The exact scheme gives y_2 = y_8 = -0.2022489 at
// t = 10 (this printed recursion is within 1.3e-13 of the velocity form run in long double over all 5000
// steps), which rounds to -0.2022, while the paper prints -0.2023: 1.1e-6 past the rounding boundary. At t = 10
// the string still oscillates about the steady state with amplitude ~1e-5 (the paper: "no more than 2e-4"),
// and the paper's arithmetic moves it by more than 1.1e-6: rerunning the printed recursion with naive
// alternating sums in a 27-bit mantissa (the UNIVAC 1108's single precision) moves the t = 10 positions by up
// to 1.9e-5 (1.0e-5 for particle 2). 2e-6 covers the paper's particles 2 and 8 and stays far below one unit
// (1e-4) of the printed digit. Every other particle agrees within 0.5e-4 without slack.
constexpr double kSlackT10 = 2e-6;

void print_row(const char* label, const Eigen::VectorXd& y) {
  std::printf("%-22s", label);
  for (Eigen::Index i = 0; i < y.size(); ++i) std::printf(" %+.7f", y(i));
  std::printf("\n");
}

void print_row(const char* label, const std::array<double, 9>& values) {
  print_row(label, Eigen::Map<const Eigen::VectorXd>(values.data(), 9));
}

Eigen::VectorXd example1_steady() {
  const GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  const auto sol = rodswarm::reference::greenspan_steady(c, Eigen::VectorXd::Zero(c.n));
  EXPECT_TRUE(sol.converged);
  return sol.y;
}

TEST(ReferenceGreenspanExample1, InitialShapeIsThePapersTriangle) {
  const GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  ASSERT_EQ(c.n, 9);
  const std::array<double, 9> expected = {0.1, 0.2, 0.3, 0.4, 0.5, 0.4, 0.3, 0.2, 0.1};
  for (int i = 0; i < c.n; ++i) EXPECT_NEAR(c.y0(i), expected[static_cast<std::size_t>(i)], 1e-15);
  EXPECT_EQ(c.v0, Eigen::VectorXd::Zero(9));
}

TEST(ReferenceGreenspanExample1, PrintedRecursionMatchesPaperAtT10) {
  const GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  const auto traj = rodswarm::reference::greenspan_printed_recursion(c, 5000, 0);
  ASSERT_EQ(traj.time.size(), 2u);  // initial and final only
  EXPECT_NEAR(traj.time.back(), 10.0, 1e-12);
  const Eigen::VectorXd& y = traj.y.back();
  print_row("paper t=10", kPaperAtT10);
  print_row("printed (5.2) t=10", y);
  double worst = 0.0;
  for (int i = 0; i < c.n; ++i) {
    const double gap = std::abs(y(i) - kPaperAtT10[static_cast<std::size_t>(i)]);
    worst = std::max(worst, gap);
    EXPECT_LE(gap, kHalfDigit + kSlackT10) << "particle " << i + 1;
  }
  std::printf("max |printed - paper| at t=10: %.3e\n", worst);
}

// Measured (Newton on (5.3) to max |residual| 3.6e-15, 5 iterations from the flat string):
//   y = -0.1137348 -0.2022602 -0.2668702 -0.3079676 -0.3236219 (then symmetric)
//   |y - paper| = 3.48e-5 6.02e-5 7.02e-5 6.76e-5 1.219e-4
// So the paper's steady values are not rounded to 4 digits: besides the centre (off by 1.22e-4, as the design
// note says), particles 2, 3, 4 (and 6, 7, 8) are off by 6-7e-5, more than half a digit. What is true is
//   - every paper value lies above (sags less than) the exact one: consistent with a Newton iteration stopped
//     early from above, or with chopping;
//   - chopping the exact values to 4 decimals reproduces every printed value except the centre's
//     (-0.3236219 chops to -0.3236, the paper prints -0.3235);
//   - rounding the exact values to 4 decimals reproduces the paper's t = 10 positions exactly.
TEST(ReferenceGreenspanExample1, SteadyStateMatchesPaperExceptCentreDigit) {
  const GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  const auto sol = rodswarm::reference::greenspan_steady(c, Eigen::VectorXd::Zero(c.n));
  ASSERT_TRUE(sol.converged);
  print_row("paper steady", kPaperSteady);
  print_row("Newton (5.3)", sol.y);
  std::printf("Newton iterations %d, max |residual| %.3e\n", sol.iterations, sol.residual);
  const auto chop4 = [](double y) { return std::trunc(y * 1e4) / 1e4; };
  const auto round4 = [](double y) { return std::round(y * 1e4) / 1e4; };
  for (int i = 0; i < c.n; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const double gap = sol.y(i) - kPaperSteady[u];
    std::printf("particle %d: Newton - paper = %+.3e\n", i + 1, gap);
    EXPECT_LT(gap, 0.0) << "the paper's steady string sags less, particle " << i + 1;
    EXPECT_NEAR(round4(sol.y(i)), kPaperAtT10[u], 1e-12) << "particle " << i + 1;
    if (i == 4) {
      EXPECT_LE(std::abs(gap), 1.5e-4);  // measured 1.219e-4: the centre digit docs/models/greenspan.md flags
      EXPECT_NEAR(chop4(sol.y(i)), kPaperSteady[u] - 1e-4, 1e-12);
    } else {
      EXPECT_LE(std::abs(gap), 0.75e-4) << "particle " << i + 1;  // measured at most 7.02e-5
      EXPECT_NEAR(chop4(sol.y(i)), kPaperSteady[u], 1e-12) << "particle " << i + 1;
    }
  }
}

TEST(ReferenceGreenspanExample1, SteadyResidualIsTiny) {
  const GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  const Eigen::VectorXd y = example1_steady();
  const double residual = rodswarm::reference::greenspan_steady_residual(c, y).cwiseAbs().maxCoeff();
  std::printf("max |residual of (5.3)| = %.3e (force scale T0 + m g = %.2f)\n", residual, c.T0 + c.m * c.g);
  EXPECT_LE(residual, 1e-12);
}

TEST(ReferenceGreenspanExample1, DynamicsAtT10IsWithinPapersOscillationOfSteadyState) {
  // The paper: "At t = 10 the moving particles were oscillating no more than 2e-4".
  const GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  const Eigen::VectorXd steady = example1_steady();
  const auto traj = rodswarm::reference::greenspan_printed_recursion(c, 5000, 0);
  const double gap = (traj.y.back() - steady).cwiseAbs().maxCoeff();
  std::printf("max |y(t=10) - steady| = %.3e\n", gap);
  EXPECT_LE(gap, 2e-4);
}

}  // namespace
