/// @file test_reference_rolling_orders.cpp
/// Time accuracy of the rolling reference on a fixed grid: the energy drift of RK4 (+ the post-step projection)
/// and the trajectory's self-convergence, both measured over dt, dt/2, dt/4; and the Lyapunov estimate of the
/// frozen-contact control against a contact run (docs/rolling_discretisation.md section 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "reference/rolling_reference.hpp"
#include "test_reference_rolling_cases.hpp"

namespace {

using namespace rodswarm::reference;
using rolling_test::kPi;

constexpr double kDuration = 1.0;

/// max over all steps of |E - E0| / E0 for a run of kDuration at the case's dt.
double energy_drift(const RollingCase& c) {
  const long steps = std::lround(kDuration / c.dt);
  const std::vector<RollingSample> run = rolling_run(c, steps, 1);
  const double e0 = run.front().kinetic + run.front().potential;
  double worst = 0;
  for (const RollingSample& smp : run) {
    EXPECT_FALSE(smp.stopped);
    worst = std::max(worst, std::abs(smp.kinetic + smp.potential - e0));
  }
  return worst / e0;
}

/// The shared fixed-end case on N = 100 with ten times its contact speeds (G1 = 7, G2 = 11): the contact points
/// travel far enough for the nonlinearity to set the error (with weak coupling RK4's energy error keeps the order
/// 5 of the linear problem over these dt). dt = 0.01 is dt 2c/h = 2 (RK4 bound 2.8).
RollingCase strong_contact() {
  RollingCase c = rolling_test::fixed_generic(100);
  c.G1 *= 10;
  c.G2 *= 10;
  c.dt = 0.01;
  return c;
}

/// Energy drifts at dt, dt/2, dt/4 and the observed orders.
std::vector<double> energy_orders(RollingCase c, const char* label) {
  std::vector<double> drift, order;
  for (int level = 0; level < 3; ++level) {
    drift.push_back(energy_drift(c));
    c.dt /= 2;
  }
  for (std::size_t i = 1; i < drift.size(); ++i) order.push_back(std::log2(drift[i - 1] / drift[i]));
  std::printf("%s: relative energy drift over T = %.1f: %.3e (dt = 0.01), %.3e, %.3e; observed orders %.3f, %.3f\n",
              label, kDuration, drift[0], drift[1], drift[2], order[0], order[1]);
  return order;
}

TEST(ReferenceRollingOrders, EnergyDriftConvergesAtFourthOrderInDt) {
  // The projection after each step removes a velocity component O(dt^5) mass-orthogonal to the constrained
  // motion, so it changes the energy by O(dt^10): the drift is RK4's, order 4 for the nonlinear contact problem.
  for (const double order : energy_orders(strong_contact(), "contact")) EXPECT_NEAR(order, 4.0, 0.4);
  // Frozen contact points: a linear system, on which RK4 damps each mode by |R(i w dt)|^2 = 1 - (w dt)^6/72 per
  // step, so the drift is of order exactly 5. Both orders are measured; their difference shows the test sees the
  // contact's nonlinearity.
  RollingCase frozen = strong_contact();
  frozen.frozen = true;
  for (const double order : energy_orders(frozen, "frozen ")) EXPECT_NEAR(order, 5.0, 0.3);
}

/// u, v at the output points and s1, s2 at t = kDuration, as one vector.
std::vector<double> final_state(const RollingCase& c) {
  const std::vector<RollingSample> run = rolling_run(c, std::lround(kDuration / c.dt), 0);
  const RollingSample& end = run.back();
  EXPECT_FALSE(end.stopped);
  std::vector<double> out = end.u;
  out.insert(out.end(), end.v.begin(), end.v.end());
  out.push_back(end.s1);
  out.push_back(end.s2);
  return out;
}

double max_difference(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
  return worst;
}

TEST(ReferenceRollingOrders, TrajectorySelfConvergesAtFourthOrderInDt) {
  RollingCase c = strong_contact();
  std::vector<std::vector<double>> y;
  for (int level = 0; level < 4; ++level) {
    y.push_back(final_state(c));
    c.dt /= 2;
  }
  std::vector<double> diff;
  for (std::size_t i = 1; i < y.size(); ++i) diff.push_back(max_difference(y[i - 1], y[i]));
  std::printf("max|y(dt) - y(dt/2)| at T = %.1f: %.3e (dt = 0.01), %.3e, %.3e\n", kDuration, diff[0], diff[1], diff[2]);
  for (std::size_t i = 1; i < diff.size(); ++i) {
    const double order = std::log2(diff[i - 1] / diff[i]);
    std::printf("observed trajectory order in dt: %.3f\n", order);
    EXPECT_NEAR(order, 4.0, 0.3);
  }
}

/// Fixed ends on (0, 2 pi) with u(x, 0) = sin x (the paper's Figure 2), v = 0 at rest, G1 = G2 = 1, F = 1.
RollingCase paper_case(bool frozen) {
  RollingCase c;
  c.periodic = false;
  c.frozen = frozen;
  c.L = 2 * kPi;
  c.c = 1;
  c.F = 1;
  c.G1 = c.G2 = 1;
  c.sigma = 0.2;
  const std::size_t modes = 16;
  c.a0.assign(modes, 0.0);
  c.a0[1] = std::sqrt(kPi);  // sin x = sqrt(pi) psi_2 on (0, 2 pi)
  c.b0.assign(modes, 0.0);
  c.ad0.assign(modes, 0.0);
  c.bd0.assign(modes, 0.0);
  c.s1 = 2.0;
  c.s2 = 4.0;
  c.points = 128;
  c.output_points = 65;
  c.dt = c.L / c.points / 2;
  return c;
}

/// max |estimate| over the renormalisations with index in [lo, hi).
double window_max(const std::vector<double>& estimate, std::size_t lo, std::size_t hi) {
  double worst = 0;
  for (std::size_t i = lo; i < hi; ++i) worst = std::max(worst, std::abs(estimate[i]));
  return worst;
}

TEST(ReferenceRollingOrders, FrozenLyapunovEstimateDecaysWithRunLength) {
  const long steps = 5120;  // 4T, T = 1280 dt = 10 pi
  const long renorm = 16;
  const double d0 = 1e-7;
  const std::vector<double> frozen = rolling_lyapunov(paper_case(true), steps, renorm, d0);
  const std::vector<double> contact = rolling_lyapunov(paper_case(false), steps, renorm, d0);
  const std::size_t n = static_cast<std::size_t>(steps / renorm);  // renormalisations up to 4T
  ASSERT_EQ(frozen.size(), n);
  ASSERT_EQ(contact.size(), n);
  const double t = static_cast<double>(steps / 4) * paper_case(true).dt;
  // A frozen contact is a linear conservative system: its distances stay bounded, so the estimate is a
  // finite-length bias B/t. The maximum over [2T, 4T] must be below the maximum over [T/2, T].
  const double frozen_early = window_max(frozen, n / 8, n / 4), frozen_late = window_max(frozen, n / 2, n);
  std::printf(
      "Lyapunov, u(x,0) = sin x on (0, 2 pi), N = %d, T = %.2f: frozen %.4e (T), %.4e (4T); max|frozen| "
      "over [T/2, T] %.4e, over [2T, 4T] %.4e; contact %.4e (T), %.4e (4T)\n",
      paper_case(true).points, t, frozen[n / 4 - 1], frozen.back(), frozen_early, frozen_late, contact[n / 4 - 1],
      contact.back());
  for (const double e : frozen) ASSERT_TRUE(std::isfinite(e));
  for (const double e : contact) ASSERT_TRUE(std::isfinite(e));
  EXPECT_LT(frozen_late, frozen_early);
  EXPECT_LT(std::abs(frozen.back()), std::abs(frozen[n / 4 - 1]));
}

}  // namespace
