// The se3rod oracle (src/reference/se3rod_*) pinned on its own: Eigen's exp and log invert each other, the
// Bernoulli series of dexp^-1 is the differential of log (finite differences), the forces are minus the energy's
// gradient, one segment vibrates at its closed-form axial frequency, and RKMK4's energy error is fourth order.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "reference/se3rod_reference.hpp"

namespace rodswarm::reference {
namespace {

Vector6d random_twist(std::mt19937& rng, double angle) {
  std::normal_distribution<double> n(0.0, 1.0);
  Vector6d x;
  for (int k = 0; k < 6; ++k) x(k) = n(rng);
  x.head<3>() *= angle / x.head<3>().norm();
  return x;
}

TEST(ReferenceSe3rod, LogInvertsExp) {
  std::mt19937 rng(1);
  for (double angle : {1e-6, 0.1, 1.0, 2.5}) {
    const Vector6d X = random_twist(rng, angle);
    EXPECT_LT((se3rod_log(se3rod_exp(X)) - X).cwiseAbs().maxCoeff(), 1e-12) << angle;
  }
}

TEST(ReferenceSe3rod, DexpSeriesIsTheDifferentialOfLog) {
  std::mt19937 rng(2);
  const double s = 1e-6;
  for (double angle : {1e-6, 0.3, 1.2, 2.0}) {
    const Vector6d X = random_twist(rng, angle), Y = random_twist(rng, 1.0);
    const Eigen::Matrix4d g = se3rod_exp(X);
    const Vector6d fd = (se3rod_log(g * se3rod_exp(s * Y)) - se3rod_log(g * se3rod_exp(-s * Y))) / (2 * s);
    EXPECT_LT((fd - se3rod_dexp_minus_inv(X) * Y).cwiseAbs().maxCoeff(), 1e-7) << angle;
  }
}

Se3rodCase small_rod(int n) {
  Se3rodCase c;
  c.n = n;
  c.h = 0.1;
  c.density = 1000;
  c.youngs_modulus = 1e5;
  c.shear_modulus = 4e4;
  c.shear_coefficient = 0.9;
  c.radius = 0.02;
  for (int s = 0; s + 1 < n; ++s) {
    Vector6d eta;
    eta << 0.5, -0.2, 0.3, 0, 0, 1;  // a curved, twisted rest shape
    c.rest_strain.push_back(eta);
  }
  return c;
}

Se3rodState bent_state(const Se3rodCase& c) {
  Se3rodState st;
  for (int k = 0; k < c.n; ++k) {
    Vector6d X, xi;
    X << 0.7 * k * c.h, 0.2 * k * c.h, -0.4 * k * c.h, 0.01 * k, 0, 1.02 * k * c.h;
    xi << 0.3 * k, 1.0, -0.5, 0.02, 0.1 * k, 0;
    st.g.push_back(se3rod_exp(X));
    st.xi.push_back(xi);
  }
  return st;
}

TEST(ReferenceSe3rod, ForcesAreMinusTheEnergyGradient) {
  const Se3rodCase c = small_rod(5);
  const Se3rodState st = bent_state(c);
  const std::vector<Vector6d> F = se3rod_internal_forces(c, st.g);
  const double s = 1e-6;
  for (int k = 0; k < c.n; ++k) {
    for (int j = 0; j < 6; ++j) {
      Se3rodState plus = st, minus = st;
      const Vector6d e = Vector6d::Unit(j);
      plus.g[static_cast<std::size_t>(k)] = st.g[static_cast<std::size_t>(k)] * se3rod_exp(s * e);
      minus.g[static_cast<std::size_t>(k)] = st.g[static_cast<std::size_t>(k)] * se3rod_exp(-s * e);
      for (auto* state : {&plus, &minus})
        for (auto& xi : state->xi) xi.setZero();  // elastic energy only
      const double dU = (se3rod_energy(c, plus) - se3rod_energy(c, minus)) / (2 * s);
      EXPECT_NEAR(F[static_cast<std::size_t>(k)](j), -dU, 1e-6) << k << " " << j;
    }
  }
}

// Two half masses rho A h / 2 on a spring E A / h: omega = sqrt(4 E / (rho h^2)). A quarter period after release
// from a stretch the segment passes its rest length.
TEST(ReferenceSe3rod, OneSegmentHasTheAxialFrequency) {
  Se3rodCase c = small_rod(2);
  c.rest_strain[0] << 0, 0, 0, 0, 0, 1;
  const double omega = std::sqrt(4 * c.youngs_modulus / (c.density * c.h * c.h));
  const long steps = 400;
  c.dt = (M_PI / 2 / omega) / static_cast<double>(steps);
  Se3rodState st;
  Eigen::Matrix4d g1 = Eigen::Matrix4d::Identity();
  g1(2, 3) = c.h * 1.001;
  st.g = {Eigen::Matrix4d::Identity(), g1};
  st.xi = {Vector6d::Zero(), Vector6d::Zero()};
  const Se3rodState quarter = se3rod_advance(c, st, steps);
  const double stretch = quarter.g[1](2, 3) - quarter.g[0](2, 3) - c.h;
  std::printf("stretch after a quarter period: %.3e (of 1e-4)\n", stretch);
  EXPECT_LT(std::fabs(stretch), 1e-11);
}

TEST(ReferenceSe3rod, Rkmk4EnergyErrorIsFourthOrder) {
  std::vector<double> drift;
  for (int r = 1; r <= 2; r *= 2) {
    Se3rodCase c = small_rod(5);
    c.dt = 4e-5 / r;
    const Se3rodState st = bent_state(c);
    const double e0 = se3rod_energy(c, st);
    drift.push_back(std::fabs(se3rod_energy(c, se3rod_advance(c, st, 100 * r)) - e0) / std::fabs(e0));
  }
  std::printf("energy drift %.3e %.3e, order %.2f\n", drift[0], drift[1], std::log2(drift[0] / drift[1]));
  EXPECT_GT(std::log2(drift[0] / drift[1]), 3.5);
}

}  // namespace
}  // namespace rodswarm::reference
