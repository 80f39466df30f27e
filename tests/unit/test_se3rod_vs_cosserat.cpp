// se3rod (collocated SE(3) frames) against cosserat (staggered SO(3) x R^3, PyElastica's layout) on the same
// case, the cross-check of docs/models/cosserat.md section 1.6: a cantilever's static tip deflection
// under a tip force, se3rod by Newton, cosserat by dynamic relaxation (Verlet with damping until the tip stops).
// Each converges to Timoshenko's closed form at order 2, so the two differ by O(h^2): measured over three
// resolutions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "cosserat_test_rod.hpp"
#include "se3rod_test_statics.hpp"

namespace rodswarm {
namespace {

constexpr double L = 1, radius = 0.05, E = 1e5, Gm = 4e4, kappa = 0.9, rho = 1000;

/// cosserat: n elements, clamped at node 0, tip force F along x, relaxed with damping to a standstill.
double cosserat_tip(int n, double F) {
  cosserat::test::TestRod<double> rod(n, L, radius, E, Gm, rho, kappa);
  rod.p.end0 = cosserat::EndKind::clamped;
  rod.p.force1[0] = F;
  const double I = M_PI * std::pow(radius, 4) / 4, A = M_PI * radius * radius;
  const double omega1 = 3.516 * std::sqrt(E * I / (rho * A));  // the slowest mode sets the relaxation
  rod.p.damping_force = rod.p.damping_torque = 2 * omega1;
  const double omega_max = std::sqrt(4 * E / (rho * std::pow(L / n, 2)) + 4 * kappa * Gm / (rho * radius * radius));
  const double dt = 0.5 / omega_max;
  const auto steps = static_cast<std::int64_t>(40 / omega1 / dt);  // e^-40 of the slowest mode
  EXPECT_EQ(rod.advance(dt, 0, steps).status, status_ok);
  const double tip = rod.x[3 * static_cast<std::size_t>(n)];
  EXPECT_EQ(rod.advance(dt, steps, 1000).status, status_ok);
  EXPECT_NEAR(rod.x[3 * static_cast<std::size_t>(n)], tip, 1e-10 * std::fabs(tip)) << "not relaxed, n = " << n;
  return tip;
}

/// se3rod: n + 1 nodes (the same node positions), clamped at node 0, the same force, by Newton.
double se3rod_tip(int n, double F) {
  se3rod::test::Rod r = se3rod::test::straight(n + 1, radius, Gm);
  r.p.shear_coefficient = kappa;
  EXPECT_LT(se3rod::test::solve_statics(r, se3rod::test::T{{0, 0, 0}, {F, 0, 0}}),
            1e-13 * se3rod::test::axial_stiffness(r));
  return se3rod::load_pose(r.pose.data() + 12 * n).p.x;
}

TEST(Se3rodVsCosserat, CantileverTipDeflectionsDifferByOrderTwo) {
  const double A = M_PI * radius * radius, I = A * radius * radius / 4;
  const double F = 1e-4 * 3 * E * I;  // tip deflection about 1e-4 L
  const double closed = F / (3 * E * I) + F / (kappa * Gm * A);
  std::vector<double> gap;
  for (const int n : {10, 20, 40}) {
    const double a = se3rod_tip(n, F), b = cosserat_tip(n, F);
    gap.push_back(std::fabs(a - b) / closed);
    std::printf("n = %d elements: se3rod %.9e (%.2e), cosserat %.9e (%.2e), closed form %.9e\n", n, a, a / closed - 1,
                b, b / closed - 1, closed);
  }
  std::printf("se3rod - cosserat: %.3e %.3e %.3e, orders %.2f %.2f\n", gap[0], gap[1], gap[2],
              std::log2(gap[0] / gap[1]), std::log2(gap[1] / gap[2]));
  EXPECT_NEAR(std::log2(gap[1] / gap[2]), 2.0, 0.25);
  EXPECT_LT(gap[2], 1e-3);
}

}  // namespace
}  // namespace rodswarm
