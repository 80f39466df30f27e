// se3rod's statics against the classic closed forms, solved by Newton's method on the intrinsic linearisation
// (models/se3rod_linearise.hpp; the linear solves with Eigen): a cantilever's tip deflection under a tip force and
// under a uniform distributed load, with and without shear compliance (Timoshenko), at three resolutions, an end moment
// of 2 pi E I / L rolling the rod into a full circle of radius L / 2 pi (exact in the discrete model: uniform bending
// is a constant relative pose), and Euler's buckling load of a cantilever from the sign of K's lowest eigenvalue under
// a compressive end force.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdio>
#include <vector>

#include "se3rod_test_statics.hpp"

namespace rodswarm {
namespace {

using namespace se3rod::test;

// Tip force P on a cantilever of length 1: tip deflection P L^3 / (3 E I) + P L / (kappa_s G A) (Timoshenko, small
// deflection), at three resolutions, stiff in shear (G = 4e4) and soft (G = 4e1, where shear is 40% of it).
TEST(Se3rodStatics, CantileverTipDeflectionConvergesToTimoshenkoAtOrderTwo) {
  for (const double Gm : {4e4, 4e1}) {
    const double radius = 0.02, E = 1e5, A = M_PI * radius * radius, I = A * radius * radius / 4;
    const double force = 1e-6;  // deflection ~1e-4 L: linear
    const double closed = force / (3 * E * I) + force / (0.9 * Gm * A);
    std::vector<double> error;
    for (const int n : {6, 11, 21}) {
      Rod r = straight(n, radius, Gm);
      const double residual = solve_statics(r, T{{0, 0, 0}, {force, 0, 0}});
      const double tip = se3rod::load_pose(r.pose.data() + 12 * (n - 1)).p.x;
      error.push_back(std::fabs(tip / closed - 1));
      std::printf("G = %g, n = %d: tip %.9e, closed form %.9e, residual %.1e of E A\n", Gm, n, tip, closed,
                  residual / axial_stiffness(r));
      EXPECT_LT(residual, 1e-13 * axial_stiffness(r));
    }
    std::printf("errors %.3e %.3e %.3e, orders %.2f %.2f\n", error[0], error[1], error[2],
                std::log2(error[0] / error[1]), std::log2(error[1] / error[2]));
    // Small deflection and the geometric nonlinearity it leaves (of order (deflection / L)^2) bound the
    // agreement; the discretisation error falls at order 2.
    EXPECT_LT(error[2], 3e-3);
    EXPECT_NEAR(std::log2(error[1] / error[2]), 2.0, 0.2);
  }
}

// An end moment M = 2 pi E I / L about the first director: the rod closes into a circle of radius L / 2 pi, its tip
// back at the clamp, every node on the circle; Newton with the moment applied in 40 steps.
// A uniform transverse load q per length on a cantilever: tip deflection q L^4 / (8 E I) + q L^2 / (2 kappa_s G A)
// (Timoshenko, small deflection), the load lumped onto the nodes over their Voronoi lengths, at three resolutions.
// Measured: the tip is exact at every resolution, to the geometric nonlinearity of a 1e-5 L deflection (8e-11 and
// 1.3e-10 relative): the lumping's error and the segments' cancel for a uniform load, where a tip force leaves an
// O(h^2) error (the test above). The test holds the discrete model to that.
TEST(Se3rodStatics, DistributedLoadDeflectsACantileverAsTimoshenko) {
  for (const double Gm : {4e4, 4e1}) {
    const double radius = 0.02, E = 1e5, A = M_PI * radius * radius, I = A * radius * radius / 4;
    const double q = 1e-6;
    const double closed = q / (8 * E * I) + q / (2 * 0.9 * Gm * A);
    std::vector<double> error;
    for (const int n : {6, 11, 21}) {
      Rod r = straight(n, radius, Gm);
      r.p.distributed[3] = q;  // along x, across the rod (its axis is z)
      const double residual = solve_statics(r, T{{0, 0, 0}, {0, 0, 0}});
      const double tip = se3rod::load_pose(r.pose.data() + 12 * (n - 1)).p.x;
      error.push_back(std::fabs(tip / closed - 1));
      std::printf("G = %g, n = %d: tip %.9e, closed form %.9e, residual %.1e of E A\n", Gm, n, tip, closed,
                  residual / axial_stiffness(r));
      EXPECT_LT(residual, 1e-13 * axial_stiffness(r));
    }
    std::printf("errors %.3e %.3e %.3e\n", error[0], error[1], error[2]);
    for (const double e : error) EXPECT_LT(e, 1e-9);
  }
}

TEST(Se3rodStatics, AnEndMomentRollsTheRodIntoAFullCircle) {
  const int n = 21;
  Rod r = straight(n, 0.02, 4e4);
  const double E = 1e5, I = M_PI * std::pow(0.02, 4) / 4, moment = 2 * M_PI * E * I;
  // The moment's direction is the lab's e1; the rod rolls in the (y, z) plane.
  const double residual = solve_statics(r, T{{moment, 0, 0}, {0, 0, 0}});
  const double R = 1 / (2 * M_PI);
  const Vec3<double> centre{0, -R, 0};  // rolling about +e1 bends the tangent e3 toward -e2
  double worst = 0;
  for (int k = 0; k < n; ++k) {
    const Vec3<double> x = se3rod::load_pose(r.pose.data() + 12 * k).p;
    worst = std::max(worst, std::fabs(norm(x - centre) - R));
  }
  const Vec3<double> tip = se3rod::load_pose(r.pose.data() + 12 * (n - 1)).p;
  std::printf("residual %.1e of E A, tip %.3e %.3e %.3e, largest distance from the circle %.3e\n",
              residual / axial_stiffness(r), tip.x, tip.y, tip.z, worst);
  EXPECT_LT(residual, 1e-13 * axial_stiffness(r));
  EXPECT_LT(norm(tip), 1e-9);
  EXPECT_LT(worst, 1e-9);
}

// A compressive tip force P on the straight cantilever (pre-shortened by P / E A, an equilibrium): K's lowest
// eigenvalue changes sign at the buckling load. Found by bisection at three resolutions: the loads converge at order
// 2 (successive differences), and their Richardson limit is Euler's load with Engesser's shear correction,
// pi^2 E I / (4 L^2) / (1 + P_E / (kappa_s G A)), to the rod's axial strain P / E A (2.5e-4 here: the model is
// extensible, the closed form is not).
TEST(Se3rodStatics, CantileverBucklesAtEulersLoad) {
  const double radius = 0.02, E = 1e5, Gm = 4e4, A = M_PI * radius * radius, I = A * radius * radius / 4;
  const double euler = M_PI * M_PI * E * I / 4, closed = euler / (1 + euler / (0.9 * Gm * A));
  std::vector<double> load;
  for (const int n : {6, 11, 21}) {
    auto lowest = [&](double force) {
      Rod r = straight(n, radius, Gm, 1 - force / (E * A));
      se3rod::set_twist(r.p.load1, T{{0, 0, 0}, {0, 0, -force}});
      const Reduced s = reduced(r);
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(0.5 * (s.K + s.K.transpose()), Eigen::EigenvaluesOnly);
      return solver.eigenvalues()(0);
    };
    double lo = 0.5 * closed, hi = 1.5 * closed;
    ASSERT_GT(lowest(lo), 0);
    ASSERT_LT(lowest(hi), 0);
    for (int i = 0; i < 50; ++i) {
      const double mid = 0.5 * (lo + hi);
      (lowest(mid) > 0 ? lo : hi) = mid;
    }
    load.push_back(lo);
    std::printf("n = %d: buckling load %.9e, closed form %.9e\n", n, lo, closed);
  }
  const double order = std::log2((load[0] - load[1]) / (load[1] - load[2]));
  const double limit = load[2] - (load[1] - load[2]) / 3;
  std::printf("observed order %.2f, Richardson limit %.9e (%.2e from the closed form; P / E A = %.2e)\n", order, limit,
              limit / closed - 1, closed / (E * A));
  EXPECT_NEAR(order, 2.0, 0.1);
  EXPECT_LT(std::fabs(limit / closed - 1), 2 * closed / (E * A));
}

}  // namespace
}  // namespace rodswarm
