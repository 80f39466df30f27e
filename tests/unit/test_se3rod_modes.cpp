// The se3rod linearisation (models/se3rod_linearise.hpp) and its generalised eigenproblem K phi = omega^2 M phi
// (Eigen): a cantilever's bending, axial and torsional fundamentals against their closed forms at three resolutions
// (order 2), K symmetric at rest, and the first bending mode's frequency against the period that the stepper
// measures when the rod is started in that mode shape.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdio>
#include <vector>

#include "models/se3rod_equilibrium.hpp"
#include "rodswarm/models/se3rod_stability.hpp"
#include "se3rod_test_rod.hpp"

namespace rodswarm {
namespace {

using namespace se3rod::test;
using Cantilever = se3rod::test::Rod;

/// Clamped at node 0, length 1.
Cantilever cantilever(int n, double radius) {
  P p = test_params(n, 1.0 / (n - 1), radius);
  p.end0 = se3rod::End::clamped;
  return Cantilever(p);
}

struct Modes {
  Eigen::VectorXd omega;   ///< ascending
  Eigen::MatrixXd shapes;  ///< columns, over the free degrees of freedom
  std::vector<int> dofs;
};

Modes modes(const Cantilever& c, double* asymmetry = nullptr) {
  const se3rod::ReducedSystem s = se3rod::reduced_system(c.pose, c.rest.data(), c.p);
  const std::vector<double> M = se3rod::mass_diagonal(c.p);
  Modes m;
  m.dofs = s.dofs;
  const Eigen::MatrixXd& Kf = s.K;
  Eigen::VectorXd Mf(Kf.rows());
  for (Eigen::Index a = 0; a < Mf.size(); ++a) Mf(a) = M[static_cast<std::size_t>(m.dofs[static_cast<std::size_t>(a)])];
  if (asymmetry) *asymmetry = (Kf - Kf.transpose()).cwiseAbs().maxCoeff() / Kf.cwiseAbs().maxCoeff();
  const Eigen::MatrixXd Ks = 0.5 * (Kf + Kf.transpose());
  Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(Ks, Eigen::MatrixXd(Mf.asDiagonal()));
  m.omega = solver.eigenvalues().cwiseMax(0.0).cwiseSqrt();
  m.shapes = solver.eigenvectors();
  return m;
}

/// The lowest mode whose M-weighted share in degree of freedom j (0..5 of every node) exceeds 0.9.
double lowest_mode_in(const Modes& m, const Cantilever& c, int j) {
  const std::vector<double> M = se3rod::mass_diagonal(c.p);
  for (Eigen::Index q = 0; q < m.omega.size(); ++q) {
    double in = 0, all = 0;
    for (std::size_t a = 0; a < m.dofs.size(); ++a) {
      const double e = M[static_cast<std::size_t>(m.dofs[a])] * std::pow(m.shapes(static_cast<Eigen::Index>(a), q), 2);
      all += e;
      if (m.dofs[a] % 6 == j) in += e;
    }
    if (in > 0.9 * all) return m.omega(q);
  }
  return NAN;
}

TEST(Se3rodModes, CantileverFundamentalsConvergeToTheirClosedFormsAtOrderTwo) {
  const double radius = 0.002, rho = 1000, E = 1e5, Gm = 4e4;
  const double A = M_PI * radius * radius, I = A * radius * radius / 4;
  const double bending = std::pow(1.8751040687, 2) * std::sqrt(E * I / (rho * A));  // L = 1, Euler-Bernoulli
  const double axial = M_PI / 2 * std::sqrt(E / rho), torsional = M_PI / 2 * std::sqrt(Gm / rho);
  std::vector<double> err_bending, err_axial, err_torsional;
  for (const int n : {6, 11, 21}) {
    const Cantilever c = cantilever(n, radius);
    double asymmetry = 0;
    const Modes m = modes(c, &asymmetry);
    EXPECT_LT(asymmetry, 1e-7) << n;
    err_bending.push_back(std::fabs(m.omega(0) / bending - 1));
    err_axial.push_back(std::fabs(lowest_mode_in(m, c, 5) / axial - 1));
    err_torsional.push_back(std::fabs(lowest_mode_in(m, c, 2) / torsional - 1));
    std::printf("n = %d: bending %.6e (%.6e), axial %.6e (%.6e), torsional %.6e (%.6e)\n", n, m.omega(0), bending,
                lowest_mode_in(m, c, 5), axial, lowest_mode_in(m, c, 2), torsional);
  }
  for (const auto* e : {&err_bending, &err_axial, &err_torsional}) {
    std::printf("errors %.3e %.3e %.3e, orders %.2f %.2f\n", (*e)[0], (*e)[1], (*e)[2], std::log2((*e)[0] / (*e)[1]),
                std::log2((*e)[1] / (*e)[2]));
    EXPECT_NEAR(std::log2((*e)[1] / (*e)[2]), 2.0, 0.15);
  }
}

// The statics and modes hold a prescribed end where it is, like a clamped one; a pinned end keeps its rotations.
TEST(Se3rodModes, PrescribedAndClampedEndsHaveNoFreeDofs) {
  for (const se3rod::End end : {se3rod::End::clamped, se3rod::End::prescribed, se3rod::End::pinned}) {
    Cantilever c = cantilever(6, 0.02);
    c.p.end1 = end;
    const std::vector<int> dofs = se3rod::free_dofs(c.p);
    EXPECT_EQ(dofs.size(), end == se3rod::End::pinned ? 4u * 6u + 3u : 4u * 6u) << static_cast<int>(end);
    EXPECT_LT(dofs.back(), end == se3rod::End::pinned ? 6 * 5 + 3 : 6 * 5);
  }
}

// Started in its first bending mode shape (amplitude 1e-6), the rod swings at the frequency modes gives.
TEST(Se3rodModes, TheStepperSwingsAtTheFirstModesFrequency) {
  Cantilever c = cantilever(11, 0.02);
  const Modes m = modes(c);
  const double omega = m.omega(0);
  std::vector<double> pose = c.pose;
  Vec3<double> tip_direction{0, 0, 0};
  for (std::size_t a = 0; a < m.dofs.size(); ++a) {
    const int k = m.dofs[a] / 6, j = m.dofs[a] % 6;
    Twist<double> zeta{{0, 0, 0}, {0, 0, 0}};
    double* comp[6] = {&zeta.w.x, &zeta.w.y, &zeta.w.z, &zeta.v.x, &zeta.v.y, &zeta.v.z};
    *comp[j] = 1e-6 * m.shapes(static_cast<Eigen::Index>(a), 0) / m.shapes.col(0).cwiseAbs().maxCoeff();
    se3rod::store_pose(pose.data() + 12 * k, se3rod::load_pose(pose.data() + 12 * k) * se3_exp(zeta));
  }
  const G tip0 = se3rod::load_pose(c.pose.data() + 12 * 10);
  tip_direction = se3rod::load_pose(pose.data() + 12 * 10).p - tip0.p;
  std::vector<double> twist(6 * 11, 0.0), work(static_cast<std::size_t>(se3rod::workspace_size(11)));
  const se3rod::MemberIO<double> io{pose.data(), twist.data(), c.rest.data()};
  const double period = 2 * M_PI / omega, dt = period / 4000;
  std::vector<double> signal{dot(tip_direction, tip_direction)};
  for (int i = 0; i < 4400; ++i) {
    se3rod::advance_member(io, c.p, dt, 1, work.data(), SequentialLoop{});
    signal.push_back(dot(se3rod::load_pose(pose.data() + 12 * 10).p - tip0.p, tip_direction));
  }
  // The first return to the maximum, by a parabola through the three samples around it.
  double measured = NAN;
  for (std::size_t i = 2; i + 1 < signal.size(); ++i) {
    if (signal[i] > signal[i - 1] && signal[i] >= signal[i + 1] && signal[i] > 0.5 * signal[0]) {
      const double a = signal[i - 1], b = signal[i], cc = signal[i + 1];
      measured = dt * (static_cast<double>(i) + 0.5 * (a - cc) / (a - 2 * b + cc));
      break;
    }
  }
  std::printf("modes: period %.9e; the stepper's: %.9e\n", period, measured);
  EXPECT_NEAR(measured, period, 1e-6 * period);
}

}  // namespace
}  // namespace rodswarm

namespace rodswarm {
namespace {

// The stability bound of models/se3rod_stability.hpp lies above the linearisation's highest frequency at every
// resolution and slenderness (it is the trace of the bending block at each wavenumber), and within a factor 2 of
// it, so the warning neither misses an unstable dt nor cries wolf by much.
TEST(Se3rodModes, StabilityBoundCoversTheHighestFrequency) {
  for (int n : {6, 11, 21}) {
    for (double radius : {0.005, 0.02, 0.1}) {
      const Cantilever c = cantilever(n, radius);
      const double highest = modes(c).omega.maxCoeff(), bound = se3rod::omega_max(c.p);
      std::printf("n = %2d, r = %.3f: highest %.6e, bound %.6e, ratio %.3f\n", n, radius, highest, bound,
                  bound / highest);
      EXPECT_LE(highest, bound);
      EXPECT_GE(highest, 0.5 * bound);
    }
  }
}

}  // namespace
}  // namespace rodswarm
