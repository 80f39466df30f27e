/// @file test_reference_nishinari_convention.cpp
/// The relative-Euler-angle convention of note section 2: P = R_t(dpsi) R_n(dtheta) R_b(dphi), its closed form,
/// its small-angle form, and the atan2 inverse used by the Cartesian formulation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "reference/nishinari_reference.hpp"
#include "test_reference_nishinari_cases.hpp"

namespace {

using rodswarm::reference::nishinari_relative_angles;
using rodswarm::reference::nishinari_relative_rotation;

/// A random proper rotation (rows = a frame), from three random angles of the same convention.
Eigen::Matrix3d random_frame(nishinari_test::Noise& noise) {
  return nishinari_relative_rotation(M_PI * noise(), 1.4 * noise(), M_PI * noise());
}

TEST(ReferenceNishinariConvention, ClosedFormOfTheNote) {
  nishinari_test::Noise noise(11);
  for (int trial = 0; trial < 20; ++trial) {
    const double f = M_PI * noise(), t = 1.5 * noise(), p = M_PI * noise();
    const double cf = std::cos(f), sf = std::sin(f), ct = std::cos(t), st = std::sin(t), cp = std::cos(p),
                 sp = std::sin(p);
    Eigen::Matrix3d expected;
    expected << cf * ct, sf * ct, -st,                             //
        -sf * cp + cf * st * sp, cf * cp + sf * st * sp, ct * sp,  //
        sf * sp + cf * st * cp, sf * st * cp - cf * sp, ct * cp;
    const Eigen::Matrix3d got = nishinari_relative_rotation(f, t, p);
    EXPECT_LE((got - expected).cwiseAbs().maxCoeff(), 1e-15);
    EXPECT_LE((got * got.transpose() - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff(), 1e-15);
    EXPECT_NEAR(got.determinant(), 1.0, 1e-15);
  }
}

TEST(ReferenceNishinariConvention, ElementaryRotations) {
  // Section 2: dphi turns t towards n (about b), dtheta turns t towards -b (about n), dpsi turns n towards b.
  const double a = 0.3;
  const Eigen::Matrix3d pb = nishinari_relative_rotation(a, 0, 0);
  const Eigen::Matrix3d pn = nishinari_relative_rotation(0, a, 0);
  const Eigen::Matrix3d pt = nishinari_relative_rotation(0, 0, a);
  EXPECT_LE((pb.row(0) - Eigen::RowVector3d(std::cos(a), std::sin(a), 0)).norm(), 1e-15);
  EXPECT_LE((pb.row(2) - Eigen::RowVector3d(0, 0, 1)).norm(), 1e-15);
  EXPECT_LE((pn.row(0) - Eigen::RowVector3d(std::cos(a), 0, -std::sin(a))).norm(), 1e-15);
  EXPECT_LE((pn.row(1) - Eigen::RowVector3d(0, 1, 0)).norm(), 1e-15);
  EXPECT_LE((pt.row(1) - Eigen::RowVector3d(0, std::cos(a), std::sin(a))).norm(), 1e-15);
  EXPECT_LE((pt.row(0) - Eigen::RowVector3d(1, 0, 0)).norm(), 1e-15);
}

TEST(ReferenceNishinariConvention, RoundTripOnRandomFrames) {
  // e_next = P e_prev with a random e_prev: the inverse must give back the angles (|dtheta| < pi/2).
  nishinari_test::Noise noise(12);
  double worst = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Eigen::Vector3d angles(M_PI * 0.999 * noise(), 1.5 * noise(), M_PI * 0.999 * noise());
    const Eigen::Matrix3d e_prev = random_frame(noise);
    const Eigen::Matrix3d e_next = nishinari_relative_rotation(angles(0), angles(1), angles(2)) * e_prev;
    worst = std::max(worst, (nishinari_relative_angles(e_prev, e_next) - angles).cwiseAbs().maxCoeff());
  }
  std::printf("round trip: worst angle error %.3e over 200 random frames\n", worst);
  EXPECT_LE(worst, 1e-12);
}

TEST(ReferenceNishinariConvention, SmallAngleForm) {
  // P = I + [[0,dphi,-dtheta],[-dphi,0,dpsi],[dtheta,-dpsi,0]] + O(eps^2): the error must fall as eps^2.
  const Eigen::Vector3d dir(0.7, -0.4, 0.9);
  double previous = 0;
  for (const double eps : {1e-2, 1e-3, 1e-4}) {
    const double f = eps * dir(0), t = eps * dir(1), p = eps * dir(2);
    Eigen::Matrix3d linear;
    linear << 1, f, -t, -f, 1, p, t, -p, 1;
    const double err = (nishinari_relative_rotation(f, t, p) - linear).cwiseAbs().maxCoeff();
    std::printf("eps %.0e: |P - (I + S)| = %.3e\n", eps, err);
    EXPECT_LE(err, eps * eps);
    EXPECT_GT(err, 0.05 * eps * eps);  // the quadratic term is really there (not a trivially exact form)
    if (previous > 0) {
      EXPECT_NEAR(previous / err, 100.0, 5.0);
    }
    previous = err;
  }
}

TEST(ReferenceNishinariConvention, AnglesOfIdenticalFramesAreZero) {
  nishinari_test::Noise noise(13);
  const Eigen::Matrix3d e = random_frame(noise);
  EXPECT_LE(nishinari_relative_angles(e, e).cwiseAbs().maxCoeff(), 1e-15);
}

}  // namespace
