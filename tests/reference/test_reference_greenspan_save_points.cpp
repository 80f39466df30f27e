/// @file test_reference_save_points.cpp
/// Save points and input checks of the reference's time schemes.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "reference/greenspan_reference.hpp"

namespace {

using rodswarm::reference::GreenspanCase;
using rodswarm::reference::Trajectory;

std::vector<long> saved_steps(const Trajectory& traj, double dt) {
  std::vector<long> steps;
  for (const double t : traj.time) steps.push_back(std::lround(t / dt));
  return steps;
}

TEST(ReferenceGreenspanSavePoints, InitialEveryAndFinalEachOnce) {
  const GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  for (const auto scheme : {&rodswarm::reference::greenspan_printed_recursion, &rodswarm::reference::greenspan_rk4}) {
    EXPECT_EQ(saved_steps(scheme(c, 10, 5), c.dt), (std::vector<long>{0, 5, 10}));
    EXPECT_EQ(saved_steps(scheme(c, 10, 3), c.dt), (std::vector<long>{0, 3, 6, 9, 10}));
    EXPECT_EQ(saved_steps(scheme(c, 10, 0), c.dt), (std::vector<long>{0, 10}));
    EXPECT_EQ(saved_steps(scheme(c, 10, -1), c.dt), (std::vector<long>{0, 10}));
    EXPECT_EQ(saved_steps(scheme(c, 0, 1), c.dt), (std::vector<long>{0}));
    const Trajectory traj = scheme(c, 4, 1);
    ASSERT_EQ(traj.y.size(), 5u);
    ASSERT_EQ(traj.v.size(), 5u);
    EXPECT_EQ(traj.y[0], c.y0);
    EXPECT_EQ(traj.v[0], c.v0);
  }
}

TEST(ReferenceGreenspanSavePoints, RejectsInconsistentCases) {
  GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  c.y0 = Eigen::VectorXd::Zero(4);  // n = 9
  EXPECT_THROW(rodswarm::reference::greenspan_rk4(c, 1, 1), std::invalid_argument);
  EXPECT_THROW(rodswarm::reference::greenspan_printed_recursion(c, 1, 1), std::invalid_argument);
  c = rodswarm::reference::greenspan_paper_example(1);
  c.dt = 0.0;
  EXPECT_THROW(rodswarm::reference::greenspan_rk4(c, 1, 1), std::invalid_argument);
  c = rodswarm::reference::greenspan_paper_example(1);
  EXPECT_THROW(rodswarm::reference::greenspan_printed_recursion(c, -1, 1), std::invalid_argument);
  EXPECT_THROW(rodswarm::reference::greenspan_steady(c, Eigen::VectorXd::Zero(3)), std::invalid_argument);
  EXPECT_THROW(rodswarm::reference::greenspan_paper_example(7), std::invalid_argument);
}

TEST(ReferenceGreenspanSavePoints, PaperExamplesHaveThePrintedShapes) {
  // Example 3: (0.1, 0.5), (0.2, 1), then y = -(5/9)(x - 2); Example 5: y = -2x, 2x - 2, -2x + 4.
  const GreenspanCase e3 = rodswarm::reference::greenspan_paper_example(3);
  EXPECT_NEAR(e3.y0(0), 0.5, 1e-15);
  EXPECT_NEAR(e3.y0(1), 1.0, 1e-15);
  EXPECT_NEAR(e3.y0(9), -5.0 / 9.0 * (1.0 - 2.0), 1e-14);
  EXPECT_EQ(rodswarm::reference::greenspan_paper_example(4).g, 0.0);
  const GreenspanCase e5 = rodswarm::reference::greenspan_paper_example(5);
  EXPECT_NEAR(e5.y0(4), -1.0, 1e-14);
  EXPECT_NEAR(e5.y0(14), 1.0, 1e-14);
  EXPECT_NEAR(e5.y0(9), 0.0, 1e-14);
  EXPECT_NEAR(e5.y0(18), -2.0 * 1.9 + 4.0, 1e-14);
  const GreenspanCase e6 = rodswarm::reference::greenspan_paper_example(6);
  EXPECT_EQ(e6.n, 39);
  EXPECT_NEAR(e6.y0(19), 1.0, 1e-14);
  EXPECT_NEAR(e6.y0(38), 0.05, 1e-14);
}

}  // namespace
