// Unit tests of the shared host-device physics (include/rodswarm/models/greenspan*.hpp) against hand-computed
// values, finite differences and closed forms.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "rodswarm/integrators/greenspan_scheme.hpp"
#include "rodswarm/linalg/tridiagonal.hpp"
#include "rodswarm/models/greenspan.hpp"
#include "rodswarm/models/greenspan_stability.hpp"

namespace rodswarm::greenspan {
namespace {

Params<double> example1(double q = 1.0) { return {9, Scheme::paper, 0.1, 0.1, 9.0, 0.01, 0.6, 32.2, q, 0.0, 0.0, 1e3}; }

TEST(GreenspanModel, SegmentForceMatchesHandValue) {
  // d = 0.1, dx = 0.1: p = 1, bracket = 1 + 1 + 0.005 = 2.005, T = 18.045, f = T * 0.1 / sqrt(0.02).
  const auto p = example1();
  EXPECT_NEAR(segment_force(0.1, p), 18.045 * 0.1 / std::sqrt(0.02), 1e-13);
  EXPECT_DOUBLE_EQ(segment_force(-0.1, p), -segment_force(0.1, p));
  EXPECT_EQ(segment_force(0.0, p), 0.0);
}

TEST(GreenspanModel, StiffnessIsTheDerivativeOfTheForce) {
  for (double q : {1.0, 0.5, 1.5}) {
    const auto p = example1(q);
    // d = 0 is left to the closed-form check below: f is only C^1 there, so a central difference is O(h).
    for (double d : {-0.2, -0.05, 0.03, 0.1, 0.4}) {
      const double h = 1e-6;
      const double fd = (segment_force(d + h, p) - segment_force(d - h, p)) / (2 * h);
      EXPECT_NEAR(segment_stiffness(d, p), fd, 1e-6 * std::max(1.0, std::fabs(fd))) << "q=" << q << " d=" << d;
    }
  }
  EXPECT_NEAR(segment_stiffness(0.0, example1()), 9.0 / 0.1, 1e-12);  // T0/dx at d = 0
}

TEST(GreenspanModel, PotentialIsTheAntiderivativeOfTheForce) {
  for (double q : {1.0, 0.5, 1.5}) {
    const auto p = example1(q);
    EXPECT_EQ(segment_potential(0.0, p), 0.0);
    for (double d : {-0.3, -0.02, 0.05, 0.2}) {
      const double h = 1e-5;
      const double fd = (segment_potential(d + h, p) - segment_potential(d - h, p)) / (2 * h);
      EXPECT_NEAR(fd, segment_force(d, p), 1e-7 * std::max(1.0, std::fabs(fd))) << "q=" << q << " d=" << d;
      EXPECT_NEAR(segment_potential(-d, p), segment_potential(d, p), 1e-14);
    }
  }
}

TEST(GreenspanModel, ClosedFormPotentialMatchesSimpson) {
  const auto p = example1();
  const double d = 0.37;
  const int intervals = 2000;
  double sum = segment_force(0.0, p) + segment_force(d, p);
  for (int k = 1; k < intervals; ++k) sum += (k % 2 ? 4.0 : 2.0) * segment_force(d * k / intervals, p);
  EXPECT_NEAR(segment_potential(d, p), sum * d / (3.0 * intervals), 1e-11);
}

TEST(GreenspanModel, TridiagonalSolveMatchesDenseProduct) {
  const int n = 6;
  std::vector<double> lower = {0, 1, -2, 0.5, 1, 3}, diag = {5, 6, 7, 4, 8, 9}, upper = {1, 2, 1, -1, 2, 0};
  std::vector<double> x_true = {1, -2, 3, 0.5, -1, 2}, rhs(n), work(n);
  for (int i = 0; i < n; ++i) {
    rhs[i] = diag[i] * x_true[i] + (i > 0 ? lower[i] * x_true[i - 1] : 0) + (i + 1 < n ? upper[i] * x_true[i + 1] : 0);
  }
  ASSERT_TRUE(linalg::solve_tridiagonal(lower.data(), diag.data(), upper.data(), rhs.data(), work.data(), n));
  for (int i = 0; i < n; ++i) EXPECT_NEAR(rhs[i], x_true[i], 1e-13);
}

TEST(GreenspanModel, HighestModeOfAStraightStringMatchesClosedForm) {
  // Straight string: every segment has stiffness k = T0/dx; omega_j^2 = (2k/m)(1 - cos(j pi/(n+1))).
  auto p = example1();
  p.g = 0.0;
  std::vector<double> y(p.n, 0.0);
  const double k = p.T0 / p.dx;
  const double expected = 2.0 * k / p.m * (1.0 + std::cos(M_PI / (p.n + 1)));
  EXPECT_NEAR(highest_mode_omega2(y.data(), p), expected, 1e-9 * expected);
}

/// Amplitude growth of the paper's scheme on y'' + 2 gamma y' + omega^2 y = 0 over many steps.
double paper_scheme_growth(double omega2, double gamma, double dt, int steps) {
  double s = 1.0, v = 0.0;
  for (int k = 0; k < steps; ++k) greenspan_scheme::step(s, v, -omega2 * s - 2.0 * gamma * v, dt);
  return std::hypot(s, v / std::sqrt(omega2));
}

TEST(GreenspanModel, ABeadLoadIsMinusTheForceOfItsPotential) {
  // params.load w: +w on every moving bead, the potential -w y. The residual at rest is minus the energy's gradient,
  // and a load w acts as gravity -w / m would.
  auto p = example1();
  p.load = 2.5;
  const std::vector<double> y = {0.01, 0.05, 0.12, 0.2, 0.25, 0.21, 0.14, 0.06, 0.02};
  const std::vector<double> rest(y.size(), 0.0);
  for (int j = 0; j < p.n; ++j) {
    std::vector<double> up = y, down = y;
    const double h = 1e-6;
    up[static_cast<std::size_t>(j)] += h;
    down[static_cast<std::size_t>(j)] -= h;
    const double gradient =
        (energy(up.data(), rest.data(), p).total() - energy(down.data(), rest.data(), p).total()) / (2 * h);
    EXPECT_NEAR(steady_residual(y.data(), j, p), -gradient, 1e-6) << "bead " << j;
  }
  auto as_gravity = example1();
  as_gravity.g = p.g - p.load / p.m;
  for (int j = 0; j < p.n; ++j) {
    EXPECT_NEAR(steady_residual(y.data(), j, p), steady_residual(y.data(), j, as_gravity), 1e-12);
    EXPECT_NEAR(bead_force(1.0, 3.0, 0.5, p), bead_force(1.0, 3.0, 0.5, as_gravity), 1e-12);
  }
  p.load = 0;
  EXPECT_EQ(bead_force(1.0, 3.0, 0.5, p), 3.0 - 1.0 - 0.6 * 0.5 - 0.1 * 32.2);
}

TEST(GreenspanStability, PaperSchemeBoundSeparatesDecayFromGrowth) {
  const double gamma = 3.0, dt = 0.002;  // Example 1: bound omega^2 < 4 gamma/dt = 6000
  EXPECT_TRUE(paper_scheme_stable(5900.0, gamma, dt));
  EXPECT_FALSE(paper_scheme_stable(6100.0, gamma, dt));
  EXPECT_LT(paper_scheme_growth(5900.0, gamma, dt, 200000), 1.0);
  EXPECT_GT(paper_scheme_growth(6100.0, gamma, dt, 200000), 1.0);
  EXPECT_FALSE(paper_scheme_stable(100.0, 0.0, dt));  // no damping: never stable
}

TEST(GreenspanStability, Rk4RegionEdges) {
  // RK4 on the imaginary axis is stable up to |z| = 2 sqrt(2); on the real axis down to about -2.785.
  EXPECT_LE(rk4_amplification2(0.0, 2.8), 1.0);
  EXPECT_GT(rk4_amplification2(0.0, 2.9), 1.0);
  EXPECT_LE(rk4_amplification2(-2.78, 0.0), 1.0);
  EXPECT_GT(rk4_amplification2(-2.80, 0.0), 1.0);
  EXPECT_TRUE(rk4_stable(3600.0, 3.0, 0.002));
  EXPECT_FALSE(rk4_stable(3600.0, 3.0, 0.05));
}

}  // namespace
}  // namespace rodswarm::greenspan
