// Rings (closed cosserat rods, params.ring) through the shared physics and the model's linearisation: a
// stress-free ring stays at rest and its repeated node stays its first to the bit; a naturally straight ring
// twisted by Tw turns holds, at its (Newton) equilibrium, the closed form's internal force n = C Omega kappa b along
// the binormal (Omega = 2 pi Tw / L, kappa = 2 pi / L) at every n; and Michell's instability: the ring's lowest
// non-rigid mode goes soft at the critical twist Tw_c = sqrt(3) A / C (Michell 1889; Goriely 2006), found here by
// secant on omega^2 at n = 16, 32, 64 and converging at order 2.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdio>
#include <vector>

#include "cosserat_test_rod.hpp"
#include "models/cosserat_statics.hpp"

namespace rodswarm {
namespace {

using Rod = cosserat::test::TestRod<double>;

// G = E / 2: C / A = G J / (E I) = 1 for the model's circular sections, so Tw_c = sqrt(3).
constexpr double L = 1, r = 0.004, rho = 1000, E = 1e6, Gm = E / 2, kappa_s = 0.9;

/// A ring of n sides of L / n in the xy plane about the origin, node n a copy of node 0; d3 along the chords, d1
/// towards the centre, d2 = +z. `straight`: a naturally straight rod closed into it (rest curvature 0), else the
/// ring is its rest shape; either way twisted by `turns` (the rest twist lowered by 2 pi turns / L).
Rod ring(int n, bool straight, double turns) {
  Rod rod(n, L, r, E, Gm, rho, kappa_s);
  rod.p.ring = true;
  rod.p.bending = cosserat::Bending::exact;
  const double R = L / (2 * n * std::sin(M_PI / n));
  for (int j = 0; j < n; ++j) {
    rod.x[3 * j] = R * std::cos(2 * M_PI * j / n);
    rod.x[3 * j + 1] = R * std::sin(2 * M_PI * j / n);
    rod.x[3 * j + 2] = 0;
  }
  std::copy_n(rod.x.begin(), 3, rod.x.begin() + 3 * n);
  for (int i = 0; i < n; ++i) {
    const double phi = 2 * M_PI * (i + 0.5) / n;
    const double Q[9] = {-std::cos(phi), -std::sin(phi), 0, 0, 0, 1, -std::sin(phi), std::cos(phi), 0};
    std::copy(Q, Q + 9, rod.Q.begin() + 9 * i);
  }
  rod.kappa_hat.assign(3 * static_cast<std::size_t>(n), 0.0);  // a ring has n Voronoi points
  for (int k = 0; k < n; ++k) {
    if (!straight) {
      const Vec3<double> X =
          so3_log(times_transpose(load9(rod.Q.data() + 9 * k), load9(rod.Q.data() + 9 * ((k + 1) % n))));
      store3(rod.kappa_hat.data() + 3 * k, (double(n) / L) * X);
    }
    rod.kappa_hat[3 * k + 2] -= 2 * M_PI * turns / L;
  }
  return rod;
}

bool repeats_node0(const Rod& rod, int n) {
  for (int c = 0; c < 3; ++c)
    if (rod.x[3 * n + c] != rod.x[c] || rod.v[3 * n + c] != rod.v[c]) return false;
  return true;
}

TEST(CosseratRings, AStressFreeRingStaysAtRestAndItsLastNodeIsItsFirst) {
  for (const auto scheme : {cosserat::Scheme::verlet, cosserat::Scheme::rk4}) {
    const int n = 24;
    Rod rod = ring(n, false, 0);
    rod.p.scheme = scheme;
    ASSERT_EQ(rod.advance(1e-4, 0, 2000).status, status_ok);
    double vmax = 0;
    for (const double v : rod.v) vmax = std::max(vmax, std::fabs(v));
    std::printf("%s: largest speed after 0.2 s %.1e m/s\n", scheme == cosserat::Scheme::rk4 ? "rk4" : "verlet", vmax);
    EXPECT_LT(vmax, 1e-10);
    EXPECT_TRUE(repeats_node0(rod, n));
  }
  // Moving, twisted and perturbed: the repeated node still follows node 0 bit for bit.
  Rod rod = ring(24, true, 1.5);
  rod.p.scheme = cosserat::Scheme::rk4;
  for (int j = 0; j <= 24; ++j) rod.v[3 * j + 2] = 0.01 * std::sin(4 * M_PI * (j % 24) / 24.0);
  for (int i = 0; i < 24; ++i) rod.w[3 * i] = 0.3;
  ASSERT_EQ(rod.advance(1e-4, 0, 500).status, status_ok);
  EXPECT_TRUE(repeats_node0(rod, 24));
}

/// The lab internal force of element i, Q^T S (sigma - sigma^), sigma = Q l / l^ - e3, from the state alone.
Vec3<double> internal_force(const Rod& rod, int i) {
  const Mat3<double> Q = load9(rod.Q.data() + 9 * i);
  const Vec3<double> l = load3(rod.x.data() + 3 * (i + 1)) - load3(rod.x.data() + 3 * i);
  const Vec3<double> sigma = (1 / rod.l0[static_cast<std::size_t>(i)]) * (Q * l) - Vec3<double>{0, 0, 1};
  const double A = M_PI * r * r;
  return transpose_times(Q, Vec3<double>{kappa_s * Gm * A * sigma.x, kappa_s * Gm * A * sigma.y, E * A * sigma.z});
}

TEST(CosseratRings, ATwistedRingHoldsItsForceAlongTheBinormal) {
  const double turns = 1, C = Gm * M_PI * std::pow(r, 4) / 2;
  const double closed = C * (2 * M_PI * turns / L) * (2 * M_PI / L);
  for (const int n : {16, 32, 64}) {
    Rod rod = ring(n, true, turns);
    cosserat::StaticsProblem problem(rod.io());
    const statics::EquilibriumResult eq = statics::solve_equilibrium(problem);
    ASSERT_TRUE(eq.converged) << n;
    double worst = 0, across = 0;
    for (int i = 0; i < n; ++i) {
      const Vec3<double> f = internal_force(rod, i);
      worst = std::max(worst, std::fabs(f.z - closed));
      across = std::max(across, std::hypot(f.x, f.y));
    }
    std::printf(
        "n = %d: %d Newton iterations, residual %.1e; largest |n . b - C Omega kappa| %.1e of C Omega kappa "
        "= %.6e N, largest in-plane part %.1e N\n",
        n, eq.iterations, eq.residual, worst / closed, closed, across);
    // The polygon holds the continuum's force at every n (what is left is stretch and shear, O((r / R)^2 gamma)).
    EXPECT_LT(worst, 1e-6 * closed);
    EXPECT_LT(across, 1e-6 * closed);
    EXPECT_TRUE(repeats_node0(rod, n));
  }
}

/// omega^2 of the ring's lowest non-rigid mode at `turns`, about its equilibrium: the seven zero modes (three
/// translations, three rotations and the directors' turn about the centreline, free for a naturally straight
/// rod with round sections) come out at |omega| ~ 1e-4 from the differences; Michell's pair is the first beyond.
double michell_omega2(int n, double turns) {
  Rod rod = ring(n, true, turns);
  cosserat::StaticsProblem problem(rod.io());
  EXPECT_TRUE(statics::solve_equilibrium(problem).converged);
  const statics::ReducedSystem s = problem.system(1.0);
  const statics::Modes m = statics::lowest_modes(s, problem.mass(), 10);
  for (const double w : m.omega)
    if (std::fabs(w) > 1e-2) return w * std::fabs(w);
  return 0;
}

TEST(CosseratRings, MichellsCriticalTwistIsSqrt3AndConvergesAtOrderTwo) {
  const int sizes[3] = {16, 32, 64};
  double critical[3] = {0, 0, 0};
  for (int c = 0; c < 3; ++c) {
    // Secant on omega^2(Tw), which crosses zero at Tw_c (stable below, one unstable pair above).
    double a = 1.6, b = 1.8, fa = michell_omega2(sizes[c], a), fb = michell_omega2(sizes[c], b);
    ASSERT_GT(fa, 0);
    ASSERT_LT(fb, 0);
    for (int it = 0; it < 30 && std::fabs(b - a) > 1e-10; ++it) {
      const double t = b - fb * (b - a) / (fb - fa);
      a = b, fa = fb;
      b = t, fb = michell_omega2(sizes[c], t);
    }
    critical[c] = b;
    std::printf("n = %d: Tw_c = %.8f turns (sqrt 3 = %.8f: %.2e)\n", sizes[c], b, std::sqrt(3.0),
                b / std::sqrt(3.0) - 1);
  }
  const double order = std::log2((critical[0] - critical[1]) / (critical[1] - critical[2]));
  const double limit = critical[2] + (critical[2] - critical[1]) / (std::pow(2.0, order) - 1);
  std::printf("order %.2f, extrapolated Tw_c = %.6f (%.1e from sqrt 3)\n", order, limit, limit / std::sqrt(3.0) - 1);
  EXPECT_NEAR(order, 2, 0.2);
  // The continuum Cosserat ring differs from Kirchhoff's (sqrt 3) by shear and stretch, O((r / R)^2) = 6e-4.
  EXPECT_NEAR(limit, std::sqrt(3.0), 2e-3);
}

}  // namespace
}  // namespace rodswarm
