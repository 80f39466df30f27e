/// @file test_reference_hand.cpp
/// The printed recursion against hand evaluations of (5.2a)-(5.2b), and against the algebraically identical
/// velocity form of the scheme (3.4), (3.5), (4.1).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "reference/greenspan_reference.hpp"

namespace {

using rodswarm::reference::GreenspanCase;

/// A 2-particle string with round numbers: the rises 0.2, -0.4, -0.1 over dx = 0.5 give brackets
/// 1 + |p| + (eps/2) p^2 = 1.44, 1.96, 1.21 (= 1.2^2, 1.4^2, 1.1^2) with eps = 0.5.
GreenspanCase two_particle_case() {
  GreenspanCase c;
  c.n = 2;
  c.dx = 0.5, c.m = 0.25, c.T0 = 2.0, c.eps = 0.5, c.alpha = 0.5, c.g = 10.0, c.dt = 0.1;
  c.y_left = 0.1, c.y_right = -0.2;  // non-zero ends, so that they are exercised
  c.y0 = Eigen::Vector2d(0.3, -0.1);
  c.v0 = Eigen::Vector2d(1.0, -2.0);
  return c;
}

/// (6.1) and one term of (5.1) for the case above, written out again here, by hand.
double hand_segment_force(double d) {
  const double dx = 0.5, T0 = 2.0, eps = 0.5;
  const double p = d / dx;
  return T0 * (1.0 + std::abs(p) + 0.5 * eps * p * p) * d / std::sqrt(dx * dx + d * d);
}

TEST(ReferenceGreenspanHand, TensionAndSegmentForceByHand) {
  GreenspanCase c = two_particle_case();
  // T = T0 * bracket: 2.88, 3.92, 2.42.
  EXPECT_NEAR(rodswarm::reference::greenspan_tension(c, 0.2), 2.88, 1e-15);
  EXPECT_NEAR(rodswarm::reference::greenspan_tension(c, -0.4), 3.92, 1e-15);
  EXPECT_NEAR(rodswarm::reference::greenspan_tension(c, -0.1), 2.42, 1e-15);
  EXPECT_NEAR(rodswarm::reference::greenspan_segment_force(c, 0.2), 2.88 * 0.2 / std::sqrt(0.29), 1e-15);
  EXPECT_NEAR(rodswarm::reference::greenspan_segment_force(c, -0.4), -3.92 * 0.4 / std::sqrt(0.41), 1e-15);
  EXPECT_NEAR(rodswarm::reference::greenspan_segment_force(c, -0.1), -2.42 * 0.1 / std::sqrt(0.26), 1e-15);
  // Section 7's exponent 3/2: bracket^(3/2) = 1.2^3, 1.4^3, 1.1^3.
  c.tension_exponent = 1.5;
  EXPECT_NEAR(rodswarm::reference::greenspan_tension(c, 0.2), 2.0 * 1.728, 1e-14);
  EXPECT_NEAR(rodswarm::reference::greenspan_tension(c, -0.4), 2.0 * 2.744, 1e-14);
  EXPECT_NEAR(rodswarm::reference::greenspan_tension(c, -0.1), 2.0 * 1.331, 1e-14);
  // Exponent 1/2: 1.2, 1.4, 1.1.
  c.tension_exponent = 0.5;
  EXPECT_NEAR(rodswarm::reference::greenspan_tension(c, 0.2), 2.4, 1e-15);
  EXPECT_NEAR(rodswarm::reference::greenspan_tension(c, -0.4), 2.8, 1e-15);
}

TEST(ReferenceGreenspanHand, FirstTwoStepsEqualHandEvaluationOf52a52b) {
  const GreenspanCase c = two_particle_case();
  const auto traj = rodswarm::reference::greenspan_printed_recursion(c, 2, 1);
  ASSERT_EQ(traj.time.size(), 3u);

  // Step 1, (5.2a): y_{i,1} = y_{i,0} + (1 - alpha dt/(2m)) v_{i,0} dt + dt^2/(2m) {f(d_{i+1}) - f(d_i) - m g}
  // with alpha dt/(2m) = 0.1, dt^2/(2m) = 0.02, m g = 2.5 and the rises at step 0 (0.2, -0.4, -0.1):
  const double f1 = 2.88 * 0.2 / std::sqrt(0.29), f2 = -3.92 * 0.4 / std::sqrt(0.41),
               f3 = -2.42 * 0.1 / std::sqrt(0.26);
  const double y11 = 0.3 + 0.9 * 1.0 * 0.1 + 0.02 * (f2 - f1 - 2.5);
  const double y21 = -0.1 + 0.9 * -2.0 * 0.1 + 0.02 * (f3 - f2 - 2.5);
  std::printf("hand (5.2a): %.15f %.15f\nreference:   %.15f %.15f\n", y11, y21, traj.y[1](0), traj.y[1](1));
  EXPECT_NEAR(traj.y[1](0), y11, 1e-15);
  EXPECT_NEAR(traj.y[1](1), y21, 1e-15);

  // Step 2, (5.2b): y_{i,2} = (3 - alpha dt/m) y_{i,1} - (2 - alpha dt/m) y_{i,0} - (1 - alpha dt/(2m)) v_{i,0} dt
  //                           + dt^2/(2m) {f(d_{i+1,1}) - f(d_{i,1}) - m g},  alpha dt/m = 0.2.
  const double g1 = hand_segment_force(y11 - 0.1), g2 = hand_segment_force(y21 - y11),
               g3 = hand_segment_force(-0.2 - y21);
  const double y12 = 2.8 * y11 - 1.8 * 0.3 - 0.9 * 1.0 * 0.1 + 0.02 * (g2 - g1 - 2.5);
  const double y22 = 2.8 * y21 - 1.8 * -0.1 - 0.9 * -2.0 * 0.1 + 0.02 * (g3 - g2 - 2.5);
  std::printf("hand (5.2b): %.15f %.15f\nreference:   %.15f %.15f\n", y12, y22, traj.y[2](0), traj.y[2](1));
  EXPECT_NEAR(traj.y[2](0), y12, 1e-14);
  EXPECT_NEAR(traj.y[2](1), y22, 1e-14);

  // Velocities, (3.6a) and (3.6b) at k = 2: v_1 = (2/dt)(y_1 - y_0) - v_0, v_2 = (2/dt)(y_2 - 2 y_1 + y_0) + v_0.
  EXPECT_NEAR(traj.v[1](0), 20.0 * (y11 - 0.3) - 1.0, 1e-13);
  EXPECT_NEAR(traj.v[1](1), 20.0 * (y21 + 0.1) + 2.0, 1e-13);
  EXPECT_NEAR(traj.v[2](0), 20.0 * (y12 - 2.0 * y11 + 0.3) + 1.0, 1e-12);
  EXPECT_NEAR(traj.v[2](1), 20.0 * (y22 - 2.0 * y21 - 0.1) - 2.0, 1e-12);

  // The scheme in velocity form for k = 1, 2: v_k = v_{k-1} + dt F_{k-1}/m, s_k = s_{k-1} + dt (v_{k-1}+v_k)/2,
  // F the left side of (5.1) with viscosity -alpha v_{k-1}.
  const double v11 = 1.0 + 0.1 * (f2 - f1 - 0.5 * 1.0 - 2.5) / 0.25;
  const double v21 = -2.0 + 0.1 * (f3 - f2 - 0.5 * -2.0 - 2.5) / 0.25;
  EXPECT_NEAR(0.3 + 0.05 * (1.0 + v11), y11, 1e-15);
  EXPECT_NEAR(-0.1 + 0.05 * (-2.0 + v21), y21, 1e-15);
  EXPECT_NEAR(traj.v[1](0), v11, 1e-13);
  EXPECT_NEAR(traj.v[1](1), v21, 1e-13);
  const double v12 = v11 + 0.1 * (g2 - g1 - 0.5 * v11 - 2.5) / 0.25;
  const double v22 = v21 + 0.1 * (g3 - g2 - 0.5 * v21 - 2.5) / 0.25;
  EXPECT_NEAR(y11 + 0.05 * (v11 + v12), y12, 1e-14);
  EXPECT_NEAR(y21 + 0.05 * (v21 + v22), y22, 1e-14);
}

TEST(ReferenceGreenspanHand, ThirdStepIs52cWithItsSingleSumTerm) {
  const GreenspanCase c = two_particle_case();
  const auto traj = rodswarm::reference::greenspan_printed_recursion(c, 3, 1);
  ASSERT_EQ(traj.time.size(), 4u);
  // (5.2c) at k = 3: y_3 = (3 - a) y_2 + (2 - a) y_0 + 2 (2 - a)(-y_1) + (1 - a/2) v_0 dt + dt^2/(2m) B_2,
  // a = alpha dt/m = 0.2. It must also equal the velocity form's y_2 + dt (v_2 + v_3)/2.
  const Eigen::VectorXd &y0 = traj.y[0], &y1 = traj.y[1], &y2 = traj.y[2];
  for (int i = 0; i < 2; ++i) {
    const double yl = (i == 0) ? 0.1 : y2(0), yr = (i == 1) ? -0.2 : y2(1);
    const double braces = hand_segment_force(yr - y2(i)) - hand_segment_force(y2(i) - yl) - 2.5;
    const double y3 = 2.8 * y2(i) + 1.8 * y0(i) - 3.6 * y1(i) + 0.9 * c.v0(i) * 0.1 + 0.02 * braces;
    EXPECT_NEAR(traj.y[3](i), y3, 1e-14) << "particle " << i + 1;
    const double v2 = traj.v[2](i);
    const double v3 = v2 + 0.1 * (braces - 0.5 * v2) / 0.25;
    EXPECT_NEAR(traj.y[3](i), y2(i) + 0.05 * (v2 + v3), 1e-13) << "particle " << i + 1;
    EXPECT_NEAR(traj.v[3](i), v3, 1e-11) << "particle " << i + 1;
  }
}

TEST(ReferenceGreenspanHand, PrintedRecursionEqualsVelocityFormOver2000StepsOfExample1) {
  const GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  const long steps = 2000;
  const auto printed = rodswarm::reference::greenspan_printed_recursion(c, steps, 1);
  ASSERT_EQ(printed.time.size(), static_cast<std::size_t>(steps + 1));

  // The velocity form of (3.4), (3.5), (4.1), written here:
  //   v_k = v_{k-1} + dt F(y_{k-1}, v_{k-1}) / m,   y_k = y_{k-1} + dt (v_{k-1} + v_k) / 2.
  Eigen::VectorXd y = c.y0, v = c.v0;
  double diff_y = 0.0, diff_v = 0.0, scale_y = c.y0.cwiseAbs().maxCoeff(), scale_v = 0.0;
  for (long k = 1; k <= steps; ++k) {
    const Eigen::VectorXd force = rodswarm::reference::greenspan_forces(c, y, v);
    const Eigen::VectorXd v_next = v + c.dt * force / c.m;
    y += 0.5 * c.dt * (v + v_next);
    v = v_next;
    const auto u = static_cast<std::size_t>(k);
    diff_y = std::max(diff_y, (printed.y[u] - y).cwiseAbs().maxCoeff());
    diff_v = std::max(diff_v, (printed.v[u] - v).cwiseAbs().maxCoeff());
    scale_y = std::max(scale_y, y.cwiseAbs().maxCoeff());
    scale_v = std::max(scale_v, v.cwiseAbs().maxCoeff());
  }
  // Relative to the largest |y| (|v|) of the run: component-wise relative errors are meaningless where a
  // coordinate crosses 0, and late in the run the velocities have decayed by e^{-alpha t/(2m)} ~ 1e-5.
  const double rel_y = diff_y / scale_y, rel_v = diff_v / scale_v;
  std::printf("printed vs velocity form over %ld steps: max |dy| %.3e (rel %.3e), max |dv| %.3e (rel %.3e)\n", steps,
              diff_y, rel_y, diff_v, rel_v);
  EXPECT_LE(rel_y, 1e-12);
  // The printed form has no velocity state: (3.6b) recovers v as (2/dt) x (a difference of positions), so its
  // velocity inherits the position rounding amplified by 2/dt. Hold it to exactly that: 1e-12 of max |y|, x 2/dt.
  EXPECT_LE(diff_v, (2.0 / c.dt) * 1e-12 * scale_y);
}

}  // namespace
