// Rings (closed cosserat rods, params.ring) through the shared physics and the model's linearisation: a
// stress-free ring stays at rest and its repeated node stays its first to the bit; a thick one in self-contact too
// (the exclusion window measured the shorter way round across the closing joint); a naturally straight ring twisted
// by Tw turns holds, at its (Newton) equilibrium, the closed form's internal force n = C Omega kappa b along the
// binormal (Omega = 2 pi Tw / L, kappa = 2 pi / L) at every n. Michell's critical twist is in
// test_cosserat_ring_michell.cpp, the writhing past it in test_cosserat_ring_writhe.cpp.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdio>
#include <vector>

#include "cosserat_test_ring.hpp"
#include "models/cosserat_statics.hpp"

namespace rodswarm {
namespace {

using Rod = cosserat::test::TestRod<double>;

using namespace cosserat::test;

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

// A thick ring (r = 0.035 > L / n) with self-contact: its elements two and three apart overlap their neighbours'
// tubes, so only the exclusion window keeps them from pushing; across the closing joint the window must be measured
// the shorter way round, else the elements either side of node 0 push each other and the ring at rest moves.
TEST(CosseratRings, AThickRingInSelfContactStaysAtRestAcrossItsClosingJoint) {
  const int n = 32;
  Rod rod = ring(n, false, 0);
  rod.radius.assign(static_cast<std::size_t>(n), 0.035);
  rod.p.scheme = cosserat::Scheme::verlet;
  rod.p.contact_stiffness = 1e4;
  rod.p.self_contact = true;
  // Elements 0 and n - 3, three apart through node 0, would touch: element n - 3 ends at node n - 2, two sides from
  // node 0 where element 0 starts, closer than 2 r.
  ASSERT_LT(norm(load3(rod.x.data()) - load3(rod.x.data() + 3 * (n - 2))), 2 * 0.035);
  ASSERT_EQ(rod.advance(1e-4, 0, 500).status, status_ok);
  double vmax = 0;
  for (const double v : rod.v) vmax = std::max(vmax, std::fabs(v));
  std::printf("thick ring in self-contact: largest speed after 0.05 s %.1e m/s\n", vmax);
  EXPECT_LT(vmax, 1e-10);
  EXPECT_TRUE(repeats_node0(rod, n));
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

}  // namespace
}  // namespace rodswarm
