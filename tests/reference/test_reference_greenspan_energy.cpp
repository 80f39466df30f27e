/// @file test_reference_energy.cpp
/// Energy of the reference: the dissipation law dE/dt = -alpha sum v^2 of (5.1) along RK4, conservation when
/// alpha = 0, and the segment potential V against its definition V' = f.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "reference/greenspan_reference.hpp"

namespace {

using rodswarm::reference::GreenspanCase;
using rodswarm::reference::Trajectory;

/// E(t_k) - E(0) and -alpha int_0^{t_k} sum v^2 dt (trapezoid over the saved states), at the last state.
struct EnergyBalance {
  double energy_change = 0.0, dissipation = 0.0, worst_gap = 0.0;
};

EnergyBalance energy_balance(const GreenspanCase& c, const Trajectory& traj) {
  EnergyBalance out;
  const double e0 = rodswarm::reference::greenspan_energy(c, traj.y[0], traj.v[0]);
  double integral = 0.0;
  for (std::size_t k = 1; k < traj.time.size(); ++k) {
    const double h = traj.time[k] - traj.time[k - 1];
    integral += 0.5 * h * (traj.v[k - 1].squaredNorm() + traj.v[k].squaredNorm());
    out.energy_change = rodswarm::reference::greenspan_energy(c, traj.y[k], traj.v[k]) - e0;
    out.dissipation = -c.alpha * integral;
    out.worst_gap = std::max(out.worst_gap, std::abs(out.energy_change - out.dissipation));
  }
  return out;
}

TEST(ReferenceGreenspanEnergy, Rk4DissipatesAlphaSumVSquared) {
  // Example 1 for one second (E - E0 = -17.655 by then). The gap has two sources: the trapezoid's error,
  // dt^2/12 [P'(t) - P'(0)] + O(dt^4) with P = sum v^2, and RK4's, ~(omega dt)^4 with omega <= ~72 here;
  // dt = 1e-5 puts both below 1e-9 (measured 5.7e-10).
  GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  c.dt = 1e-5;
  const auto traj = rodswarm::reference::greenspan_rk4(c, 100000, 1);
  const EnergyBalance balance = energy_balance(c, traj);
  const double rel = balance.worst_gap / std::abs(balance.dissipation);
  std::printf("t=1: E-E0 = %.12f, -alpha int sum v^2 = %.12f, max gap over the run / |final| = %.3e\n",
              balance.energy_change, balance.dissipation, rel);
  EXPECT_LE(rel, 1e-8);
}

TEST(ReferenceGreenspanEnergy, Rk4DissipationWithExponentThreeHalves) {
  // The same law with the numerically integrated V of the 3/2-power tension (section 7 of the paper).
  GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  c.tension_exponent = 1.5;
  c.dt = 1e-5;
  const auto traj = rodswarm::reference::greenspan_rk4(c, 20000, 1);
  const EnergyBalance balance = energy_balance(c, traj);
  const double rel = balance.worst_gap / std::abs(balance.dissipation);
  std::printf("exponent 1.5, t=0.2: E-E0 = %.12f, -alpha int sum v^2 = %.12f, rel gap %.3e\n", balance.energy_change,
              balance.dissipation, rel);
  EXPECT_LE(rel, 1e-8);
}

/// max |E(t_k) - E(0)| / |E(0)| over the saved states of an RK4 run of `duration`.
double relative_energy_drift(GreenspanCase c, double dt, double duration) {
  c.dt = dt;
  const auto traj = rodswarm::reference::greenspan_rk4(c, std::lround(duration / dt), std::lround(0.01 / dt));
  const double e0 = rodswarm::reference::greenspan_energy(c, traj.y[0], traj.v[0]);
  double worst = 0.0;
  for (std::size_t k = 0; k < traj.time.size(); ++k)
    worst = std::max(worst, std::abs(rodswarm::reference::greenspan_energy(c, traj.y[k], traj.v[k]) - e0));
  return worst / std::abs(e0);
}

TEST(ReferenceGreenspanEnergy, Rk4ConservesEnergyWithoutViscosity) {
  // alpha = 0 and an arbitrary g: E is a constant of the motion. From Example 1's triangle the undamped string
  // keeps crossing the kink of (6.1) at d = 0 (f'' jumps there), where RK4's local error is O(dt^3), so the
  // drift falls irregularly, by 2.3..3.2 powers of 2 per halving. Measured over t in [0, 2]:
  //   dt 2e-3 9.5e-7 | 1e-3 1.0e-7 | 5e-4 2.2e-8 | 2.5e-4 2.9e-9 | 1e-4 2.1e-10.
  GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  c.alpha = 0.0;
  c.g = 17.0;
  double previous = 1.0;
  for (const double dt : {2e-3, 1e-3, 5e-4, 2.5e-4, 1e-4}) {
    const double drift = relative_energy_drift(c, dt, 2.0);
    std::printf("alpha = 0, triangle, dt = %.2e, t in [0, 2]: max |E - E0| / |E0| = %.3e\n", dt, drift);
    EXPECT_LT(drift, previous);
    previous = drift;
  }
  EXPECT_LE(previous, 1e-9);
}

TEST(ReferenceGreenspanEnergy, Rk4EnergyDriftIsHighOrderAwayFromTheKink) {
  // A small oscillation about the steady state (no segment changes sign): the drift shrinks by >= 2^4 per
  // halving of dt (measured 2^5: 1.3e-9, 4.0e-11, 1.3e-12, 4.0e-14 for dt = 2e-3 .. 2.5e-4).
  GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  c.alpha = 0.0;
  c.g = 17.0;
  const auto steady = rodswarm::reference::greenspan_steady(c, Eigen::VectorXd::Zero(c.n));
  ASSERT_TRUE(steady.converged);
  const double pi = std::acos(-1.0);
  for (int i = 0; i < c.n; ++i) {
    const double x = (i + 1) * c.dx;
    c.y0(i) = steady.y(i) + 0.005 * std::sin(pi * x) + 0.002 * std::sin(3 * pi * x);
  }
  // Check that claim: every segment keeps the sign of its rise along the run.
  c.dt = 2.5e-4;
  const auto traj = rodswarm::reference::greenspan_rk4(c, 8000, 1);
  const auto rises = [&](const Eigen::VectorXd& y) {
    Eigen::VectorXd full(c.n + 2);
    full << c.y_left, y, c.y_right;
    return Eigen::VectorXd(full.tail(c.n + 1) - full.head(c.n + 1));
  };
  const Eigen::VectorXd sign0 = rises(c.y0).cwiseSign();
  for (const Eigen::VectorXd& y : traj.y) ASSERT_EQ(rises(y).cwiseSign(), sign0) << "a segment crossed 0";

  std::vector<double> drift;
  for (const double dt : {2e-3, 1e-3, 5e-4, 2.5e-4}) {
    drift.push_back(relative_energy_drift(c, dt, 2.0));
    std::printf("alpha = 0, small oscillation, dt = %.2e: max |E - E0| / |E0| = %.3e\n", dt, drift.back());
  }
  for (std::size_t i = 1; i < drift.size(); ++i) EXPECT_GE(drift[i - 1] / drift[i], 16.0);
  EXPECT_LE(drift.back(), 1e-12);
}

TEST(ReferenceGreenspanEnergy, SegmentPotentialIsTheAntiderivativeOfTheForce) {
  GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  for (const double exponent : {1.5, 0.5, 1.0}) {
    c.tension_exponent = exponent;
    for (const double d : {-0.4, -0.1, -0.03, 0.02, 0.1, 0.25, 1.3}) {
      // Fourth-order central difference, h small against |d| so that it does not straddle the kink of f'' at 0.
      const double h = 1e-3 * std::abs(d);
      const auto V = [&](double s) { return rodswarm::reference::greenspan_segment_potential(c, s); };
      const double fd = (-V(d + 2 * h) + 8 * V(d + h) - 8 * V(d - h) + V(d - 2 * h)) / (12 * h);
      const double f = rodswarm::reference::greenspan_segment_force(c, d);
      EXPECT_NEAR(fd, f, 1e-9 * std::abs(f)) << "exponent " << exponent << ", d = " << d;
      if (exponent == 1.5 && d == 0.1) std::printf("exponent 1.5, d = 0.1: V' (FD) = %.14f, f = %.14f\n", fd, f);
    }
    EXPECT_EQ(rodswarm::reference::greenspan_segment_potential(c, 0.0), 0.0);
    EXPECT_EQ(rodswarm::reference::greenspan_segment_potential(c, 0.3),
              rodswarm::reference::greenspan_segment_potential(c, -0.3));
  }
}

TEST(ReferenceGreenspanEnergy, ClosedFormPotentialAgreesWithQuadrature) {
  GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  double worst = 0.0;
  for (const double d : {1e-7, 1e-5, 2e-4, 1e-3, 0.01, 0.05, 0.1, 0.3, 1.0, 5.0}) {
    const double closed = rodswarm::reference::greenspan_segment_potential(c, d);
    const double quad = rodswarm::reference::greenspan_segment_potential_quadrature(c, d);
    worst = std::max(worst, std::abs(closed - quad) / quad);
    EXPECT_NEAR(closed, quad, 1e-13 * quad) << "d = " << d;
  }
  std::printf("closed-form vs quadrature V, max relative difference %.3e\n", worst);
  // Small d: V = T0 d^2 / (2 dx) + T0 |d|^3 / (3 dx^2) + O(d^4).
  const double d = 1e-4;
  EXPECT_NEAR(rodswarm::reference::greenspan_segment_potential(c, d),
              c.T0 * d * d / (2 * c.dx) + c.T0 * d * d * d / (3 * c.dx * c.dx), 1e-6 * c.T0 * d * d / c.dx);
}

TEST(ReferenceGreenspanEnergy, StiffnessIsTheDerivativeOfTheForce) {
  GreenspanCase c = rodswarm::reference::greenspan_paper_example(1);
  EXPECT_NEAR(rodswarm::reference::greenspan_segment_stiffness(c, 0.0), c.T0 / c.dx, 1e-12);
  for (const double exponent : {1.0, 1.5, 0.5}) {
    c.tension_exponent = exponent;
    for (const double d : {-0.3, -0.05, 0.01, 0.1, 0.7}) {
      const double h = 1e-3 * std::abs(d);
      const auto f = [&](double s) { return rodswarm::reference::greenspan_segment_force(c, s); };
      const double fd = (-f(d + 2 * h) + 8 * f(d + h) - 8 * f(d - h) + f(d - 2 * h)) / (12 * h);
      const double k = rodswarm::reference::greenspan_segment_stiffness(c, d);
      EXPECT_NEAR(fd, k, 1e-9 * k) << "exponent " << exponent << ", d = " << d;
    }
    // C^1 at 0: one-sided difference quotients tend to f'(0) = T0/dx.
    const double h = 1e-7;
    EXPECT_NEAR(rodswarm::reference::greenspan_segment_force(c, h) / h, c.T0 / c.dx, 1e-4 * c.T0 / c.dx);
  }
}

}  // namespace
