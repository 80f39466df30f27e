/// @file test_reference_nishinari_forces.cpp
/// The right-hand side at one instant: the force law is minus the gradient of axial + bending + external energy
/// (note section 3 says exactly), the energy balance along the flow (zero for `conservative`, the identity of
/// section 0 for `paper`, the dissipation with damping), the carried normal's invariants (section 6) and the end
/// conditions (section 7).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "reference/nishinari_reference.hpp"
#include "test_reference_nishinari_cases.hpp"

namespace {

using namespace rodswarm::reference;

/// y + h k.
NishinariState advance(const NishinariState& y, double h, const NishinariState& k) {
  return {y.r + h * k.r, y.v + h * k.v, y.normal + h * k.normal, y.spin + h * k.spin};
}

/// d/dt of a function of the state along the flow, by a central difference of width 2 eps.
template <class F>
double along_flow(const NishinariCase& c, const NishinariState& y, F&& f, double eps = 1e-5) {
  const NishinariState k = nishinari_rate(c, y);
  return (f(advance(y, eps, k)) - f(advance(y, -eps, k))) / (2 * eps);
}

/// Segment frame built here, not taken from the reference: rows t, projected unit normal, binormal.
Eigen::Matrix3d frame_of(const NishinariState& y, int s) {
  const Eigen::Vector3d t = (y.r.row(s + 1) - y.r.row(s)).normalized().transpose();
  const Eigen::Vector3d n = y.normal.row(s).transpose();
  const Eigen::Vector3d nh = (n - n.dot(t) * t).normalized();
  Eigen::Matrix3d e;
  e << t.transpose(), nh.transpose(), t.cross(nh).transpose();
  return e;
}

/// Clamps both ends with walls a moderate rotation away from the end segments' frames (joint angles of a few
/// tenths of a radian, like the interior ones): e_0 = P(a0) wall0, wall1 = P(a1) e_{n-2}.
void clamp_near(NishinariCase& c, const Eigen::Vector3d& a0, const Eigen::Vector3d& a1) {
  const NishinariState y = nishinari_test::initial_state(c);
  c.end0 = NishinariEnd::clamped;
  c.end1 = NishinariEnd::clamped;
  c.wall0 = rodswarm::reference::nishinari_relative_rotation(a0(0), a0(1), a0(2)).transpose() * frame_of(y, 0);
  c.wall1 = rodswarm::reference::nishinari_relative_rotation(a1(0), a1(1), a1(2)) * frame_of(y, c.n - 2);
}

/// Sum of |power| terms, the scale against which an energy balance is judged.
double gross_power(const NishinariCase& c, const NishinariState& y) {
  const NishinariState k = nishinari_rate(c, y);
  double p = 0;
  for (int i = 0; i < c.n; ++i) p += std::abs(c.m * k.v.row(i).dot(y.v.row(i)));
  for (int s = 0; s < c.n - 1; ++s) p += std::abs(c.j * k.spin(s) * y.spin(s));
  return p;
}

/// With no twist stiffness, m a_i must be -dE/dr_i for E = axial + bending + external (central differences).
void expect_force_is_gradient(NishinariCase c, const char* label) {
  c.h = 0;
  c.g = Eigen::Vector3d(0.1, -0.3, -1.0);
  c.load0 = Eigen::Vector3d(0.5, 0.2, -0.1);
  c.load1 = Eigen::Vector3d(-0.3, 0.4, 0.7);
  const NishinariState y = nishinari_test::initial_state(c);
  const NishinariState rate = nishinari_rate(c, y);
  const double eps = 1e-6;
  double worst = 0, scale = 0;
  for (int i = 0; i < c.n; ++i) {
    const bool fixed = (i == 0 && c.end0 != NishinariEnd::free) || (i == c.n - 1 && c.end1 != NishinariEnd::free);
    for (int d = 0; d < 3; ++d) {
      NishinariState plus = y, minus = y;
      plus.r(i, d) += eps;
      minus.r(i, d) -= eps;
      const double grad = (nishinari_energy(c, plus).total - nishinari_energy(c, minus).total) / (2 * eps);
      const double force = c.m * rate.v(i, d);
      scale = std::max(scale, std::abs(grad));
      // A fixed bead feels a reaction instead: its acceleration is zero.
      worst = std::max(worst, std::abs(fixed ? force : force + grad));
    }
  }
  std::printf("%s: max |m a + dE/dr| = %.3e, max |dE/dr| = %.3e\n", label, worst, scale);
  EXPECT_GT(scale, 1.0);
  EXPECT_LE(worst, 1e-7 * scale);
}

TEST(ReferenceNishinariForces, ForceIsMinusGradientFreeFree) {
  expect_force_is_gradient(nishinari_test::generic_case(8, 21), "free-free");
}

TEST(ReferenceNishinariForces, ForceIsMinusGradientClampedBothEnds) {
  // The wall joints' bending springs (joint 0 against wall0's tangent, joint n-1 against wall1's) included.
  NishinariCase c = nishinari_test::generic_case(7, 22);
  clamp_near(c, {0.2, -0.3, 0.1}, {0.4, 0.3, -0.5});
  expect_force_is_gradient(c, "clamped-clamped");
}

/// dE/dt along the flow against the expected balance: -damping sum |v|^2 - spin_damping sum C^2 (conservative),
/// plus (h/l) sum dpsi sin(dtheta) d(dphi)/dt over the joints for `paper` (section 0).
double expected_power(const NishinariCase& c, const NishinariState& y) {
  double p = -c.spin_damping * y.spin.squaredNorm();
  for (int i = 0; i < c.n; ++i) {
    const bool fixed = (i == 0 && c.end0 != NishinariEnd::free) || (i == c.n - 1 && c.end1 != NishinariEnd::free);
    if (!fixed) p -= c.damping * y.v.row(i).squaredNorm();
  }
  if (c.twist == NishinariTwist::paper) {
    // Interior joints only (the cases using this have free ends).
    for (int i = 1; i < c.n - 1; ++i) {
      const auto angles = [i](const NishinariState& z) {
        return rodswarm::reference::nishinari_relative_angles(frame_of(z, i - 1), frame_of(z, i));
      };
      const Eigen::Vector3d a = angles(y);
      const double dphi_dt = along_flow(c, y, [&](const NishinariState& z) { return angles(z)(0); });
      p += c.h / c.l * a(2) * std::sin(a(1)) * dphi_dt;
    }
  }
  return p;
}

void expect_energy_balance(const NishinariCase& c, const char* label) {
  const NishinariState y = nishinari_test::initial_state(c);
  const double measured = along_flow(c, y, [&](const NishinariState& z) { return nishinari_energy(c, z).total; });
  const double expected = expected_power(c, y);
  const double scale = gross_power(c, y);
  std::printf("%s: dE/dt = %.10e, expected %.10e, gross power %.3e\n", label, measured, expected, scale);
  EXPECT_LE(std::abs(measured - expected), 1e-8 * scale);
}

TEST(ReferenceNishinariForces, ConservativeTwistDoesNoNetWork) {
  NishinariCase c = nishinari_test::generic_case(8, 23);
  c.g = Eigen::Vector3d(0, 0, -1);
  c.load0 = Eigen::Vector3d(0.3, 0, 0);
  c.load1 = Eigen::Vector3d(0, -0.2, 0.4);
  expect_energy_balance(c, "conservative, free-free");
  clamp_near(c, {0.3, 0.2, -0.4}, {-0.3, -0.2, 0.6});
  expect_energy_balance(c, "conservative, clamped-clamped");
  c.end1 = NishinariEnd::pinned;
  expect_energy_balance(c, "conservative, clamped-pinned");
}

TEST(ReferenceNishinariForces, DampingDissipatesAtTheExpectedRate) {
  NishinariCase c = nishinari_test::generic_case(8, 24);
  c.damping = 0.3;
  c.spin_damping = 0.7;
  expect_energy_balance(c, "damped, free-free");
}

TEST(ReferenceNishinariForces, PaperTwistEnergyRateIdentity) {
  NishinariCase c = nishinari_test::generic_case(8, 25);
  c.twist = NishinariTwist::paper;
  const NishinariState y = nishinari_test::initial_state(c);
  const double expected = expected_power(c, y);
  // The identity's right side must be far from zero here, or the test would not tell the variants apart.
  EXPECT_GT(std::abs(expected), 1e-3 * gross_power(c, y));
  expect_energy_balance(c, "paper, free-free");
}

TEST(ReferenceNishinariForces, CarriedNormalKeepsItsLengthAndTilt) {
  // Section 6: dn/dt = omega x n keeps |n| and n.t constant (n.t stays at its nonzero initial value).
  const NishinariCase c = nishinari_test::generic_case(8, 26);
  const NishinariState y = nishinari_test::initial_state(c);
  const NishinariState k = nishinari_rate(c, y);
  for (int s = 0; s < c.n - 1; ++s) {
    EXPECT_LE(std::abs(k.normal.row(s).dot(y.normal.row(s))), 1e-14) << s;
    const double tilt_rate = along_flow(
        c, y, [s](const NishinariState& z) { return z.normal.row(s).dot((z.r.row(s + 1) - z.r.row(s)).normalized()); });
    EXPECT_LE(std::abs(tilt_rate), 1e-9) << s;
  }
}

TEST(ReferenceNishinariForces, FixedBeadsDoNotMoveAndIgnoreLoads) {
  NishinariCase c = nishinari_test::generic_case(6, 27);
  c.end0 = NishinariEnd::clamped;
  c.end1 = NishinariEnd::pinned;
  c.load0 = Eigen::Vector3d(5, 6, 7);
  c.load1 = Eigen::Vector3d(-5, 1, 2);
  c.damping = 0.5;
  const NishinariState y = nishinari_test::initial_state(c);  // nonzero stored velocities at the fixed beads
  const NishinariState k = nishinari_rate(c, y);
  for (const int i : {0, c.n - 1}) {
    EXPECT_EQ(k.r.row(i).norm(), 0.0) << i;
    EXPECT_EQ(k.v.row(i).norm(), 0.0) << i;
  }
  // The stored velocity of a fixed bead is ignored: zeroing it changes nothing.
  NishinariState zeroed = y;
  zeroed.v.row(0).setZero();
  zeroed.v.row(c.n - 1).setZero();
  const NishinariState k0 = nishinari_rate(c, zeroed);
  EXPECT_LE((k0.v - k.v).cwiseAbs().maxCoeff(), 0.0);
  EXPECT_LE((k0.normal - k.normal).cwiseAbs().maxCoeff(), 0.0);
  // The loads on fixed beads do nothing.
  NishinariCase unloaded = c;
  unloaded.load0.setZero();
  unloaded.load1.setZero();
  EXPECT_LE((nishinari_rate(unloaded, y).v - k.v).cwiseAbs().maxCoeff(), 0.0);
}

/// Straight string along x between walls twisted by psi_wall about x, carried normals twisted uniformly by
/// `psi_string` over the n joints (0..n-1, both clamped).
NishinariCase twisted_clamped(int n, double psi_wall, double psi_string) {
  NishinariCase c = nishinari_test::straight_case(n);
  c.end0 = NishinariEnd::clamped;
  c.end1 = NishinariEnd::clamped;
  c.wall1 = rodswarm::reference::nishinari_relative_rotation(0, 0, psi_wall);
  for (int s = 0; s < n - 1; ++s) {
    const double a = psi_string * (s + 1) / n;
    c.normal0.row(s) = Eigen::RowVector3d(0, std::cos(a), std::sin(a));
  }
  return c;
}

TEST(ReferenceNishinariForces, UniformTwistBetweenClampsIsAnEquilibrium) {
  // n joints (both walls clamped) share the wall twist equally: dpsi = psi/n at each, Omega_s = 0.
  const int n = 6;
  const double psi = 0.9;
  for (const NishinariTwist variant : {NishinariTwist::conservative, NishinariTwist::paper}) {
    NishinariCase c = twisted_clamped(n, psi, psi);
    c.twist = variant;
    const NishinariState y = nishinari_test::initial_state(c);
    const NishinariState k = nishinari_rate(c, y);
    EXPECT_LE(k.v.cwiseAbs().maxCoeff(), 1e-13);
    EXPECT_LE(k.spin.cwiseAbs().maxCoeff(), 1e-13);
    EXPECT_NEAR(nishinari_energy(c, y).twist, c.h * psi * psi / (2.0 * n * c.l), 1e-14);
    // Wall turned further by d: only the last segment feels it, j dC/dt = (h/l) d (the last joint's dpsi grows
    // by d); symmetric at the first segment when the string carries the extra twist instead.
    const double d = 0.05;
    c.wall1 = rodswarm::reference::nishinari_relative_rotation(0, 0, psi + d);
    const NishinariState k1 = nishinari_rate(c, y);
    EXPECT_NEAR(c.j * k1.spin(n - 2), c.h / c.l * d, 1e-13);
    EXPECT_LE(k1.spin.head(n - 2).cwiseAbs().maxCoeff(), 1e-13);
    EXPECT_LE(k1.v.cwiseAbs().maxCoeff(), 1e-13);
  }
}

TEST(ReferenceNishinariForces, ClampAddsTheWallJointEnergy) {
  // Same state, clamped vs pinned at bead 0: the energies differ by joint 0's springs, computed here from
  // wall0 and the first segment's frame.
  NishinariCase c = nishinari_test::generic_case(6, 28);
  clamp_near(c, {0.3, -0.2, 0.25}, {0, 0, 0});
  c.end0 = NishinariEnd::pinned;
  c.end1 = NishinariEnd::free;
  const NishinariState y = nishinari_test::initial_state(c);
  const auto pinned = nishinari_energy(c, y);
  c.end0 = NishinariEnd::clamped;
  const auto clamped = nishinari_energy(c, y);
  const Eigen::Matrix3d e0 = frame_of(y, 0);
  const Eigen::Vector3d tw = c.wall0.row(0).transpose(), t0 = e0.row(0).transpose();
  const double alpha = std::atan2(tw.cross(t0).norm(), tw.dot(t0));
  const double dpsi = rodswarm::reference::nishinari_relative_angles(c.wall0, e0)(2);
  EXPECT_GT(alpha, 0.05);
  EXPECT_GT(std::abs(dpsi), 0.05);
  EXPECT_NEAR(clamped.bending - pinned.bending, c.K * alpha * alpha / (2 * c.l), 1e-13);
  EXPECT_NEAR(clamped.twist - pinned.twist, c.h * dpsi * dpsi / (2 * c.l), 1e-13);
}

}  // namespace
