// The cosserat linearisation (src/models/cosserat_statics.hpp: central differences of the model's static forces)
// through the generic Newton and eigen solver (src/driver/linear_statics.hpp): a cantilever's bending, axial and
// torsional fundamentals against their closed forms at three resolutions (order 2), K symmetric at rest, the first
// bending frequency against the period the Verlet stepper measures from that mode shape, Newton's tip deflection
// against Timoshenko's, and the first frequency of a compressed cantilever vanishing at Euler's load.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "cosserat_test_rod.hpp"
#include "models/cosserat_statics.hpp"

namespace rodswarm {
namespace {

using Rod = cosserat::test::TestRod<double>;

constexpr double L = 1, rho = 1000, E = 1e5, Gm = 4e4, kappa = 0.9;

/// n elements, clamped at node 0 (the half-Voronoi clamp), free at node n.
Rod cantilever(int n, double radius) {
  Rod rod(n, L, radius, E, Gm, rho, kappa);
  rod.p.end0 = cosserat::EndKind::clamped;
  return rod;
}

struct Found {
  statics::ReducedSystem s;
  statics::Modes m;
  Eigen::VectorXd mass;
  double asymmetry = 0;
};

Found modes(Rod& rod, int count = 1000) {
  cosserat::StaticsProblem problem(rod.io());
  Found f;
  f.s = problem.system(1.0);
  f.mass = problem.mass();
  f.asymmetry = (f.s.K - f.s.K.transpose()).cwiseAbs().maxCoeff() / f.s.K.cwiseAbs().maxCoeff();
  f.m = statics::lowest_modes(f.s, f.mass, count);
  return f;
}

/// The lowest mode whose M-weighted share in the given dofs (node displacement c = 0..2, or element rotation
/// c = 3..5) exceeds 0.9.
double lowest_mode_in(const Found& f, int nodes, int c) {
  for (std::size_t q = 0; q < f.m.omega.size(); ++q) {
    double in = 0, all = 0;
    for (std::size_t a = 0; a < f.s.dofs.size(); ++a) {
      const auto i = static_cast<Eigen::Index>(a);
      const double e = f.mass(i) * std::pow(f.m.vectors(i, static_cast<Eigen::Index>(q)), 2);
      all += e;
      const int d = f.s.dofs[a];
      if ((d < 3 * nodes) == (c < 3) && d % 3 == c % 3) in += e;
    }
    if (in > 0.9 * all) return f.m.omega[q];
  }
  return NAN;
}

TEST(CosseratModes, CantileverFundamentalsConvergeToTheirClosedFormsAtOrderTwo) {
  const double radius = 0.002;
  const double A = M_PI * radius * radius, I = A * radius * radius / 4;
  const double bending = std::pow(1.8751040687, 2) * std::sqrt(E * I / (rho * A));  // L = 1, Euler-Bernoulli
  const double axial = M_PI / 2 * std::sqrt(E / rho), torsional = M_PI / 2 * std::sqrt(Gm / rho);
  std::vector<double> err_bending, err_axial, err_torsional;
  for (const int n : {5, 10, 20}) {
    Rod rod = cantilever(n, radius);
    const Found f = modes(rod);
    EXPECT_LT(f.asymmetry, 1e-7) << n;
    const double b = f.m.omega[0], a = lowest_mode_in(f, n + 1, 2), t = lowest_mode_in(f, n + 1, 5);
    err_bending.push_back(std::fabs(b / bending - 1));
    err_axial.push_back(std::fabs(a / axial - 1));
    err_torsional.push_back(std::fabs(t / torsional - 1));
    std::printf("n = %d: bending %.6e (%.6e), axial %.6e (%.6e), torsional %.6e (%.6e)\n", n, b, bending, a, axial, t,
                torsional);
  }
  for (const auto* e : {&err_bending, &err_axial, &err_torsional}) {
    std::printf("errors %.3e %.3e %.3e, orders %.2f %.2f\n", (*e)[0], (*e)[1], (*e)[2], std::log2((*e)[0] / (*e)[1]),
                std::log2((*e)[1] / (*e)[2]));
    EXPECT_NEAR(std::log2((*e)[1] / (*e)[2]), 2.0, 0.15);
  }
}

/// Started at its state plus its first mode shape (amplitude 1e-6 L), the rod swings at the frequency modes gives:
/// the period modes gives, and the Verlet stepper's (the tip's first return to its maximum, by a parabola through
/// the samples around it).
std::pair<double, double> mode_one_periods(Rod& rod, int n, double radius) {
  const Found f = modes(rod, 1);
  const double omega = f.m.omega[0];
  const Eigen::VectorXd phi = f.m.vectors.col(0) / f.m.vectors.col(0).cwiseAbs().maxCoeff();
  const std::vector<double> x0 = rod.x;
  for (std::size_t a = 0; a < f.s.dofs.size(); ++a) {
    const int d = f.s.dofs[a];
    const double q = 1e-6 * phi(static_cast<Eigen::Index>(a));
    if (d < 3 * (n + 1)) {
      rod.x[static_cast<std::size_t>(d)] += q;
    } else {
      const int i = (d - 3 * (n + 1)) / 3;
      Vec3<double> theta{0, 0, 0};
      (d % 3 == 0 ? theta.x : d % 3 == 1 ? theta.y : theta.z) = q;
      store9(rod.Q.data() + 9 * i, cosserat::rotate_directors(load9(rod.Q.data() + 9 * i), theta));
    }
  }
  const Vec3<double> tip0 = load3(x0.data() + 3 * n), direction = load3(rod.x.data() + 3 * n) - tip0;
  // Verlet's bound dt < 2 / omega_max (the shear mode of an element), well inside it.
  const double period = 2 * M_PI / omega;
  const double omega_max = std::sqrt(4 * E / (rho * std::pow(L / n, 2)) + 4 * kappa * Gm / (rho * radius * radius));
  const auto steps = static_cast<int>(1.1 * period * 4 * omega_max);
  const double h = 1.1 * period / steps;
  std::vector<double> signal{dot(direction, direction)};
  for (int i = 0; i < steps; ++i) {
    EXPECT_EQ(rod.advance(h, i, 1).status, status_ok);
    signal.push_back(dot(load3(rod.x.data() + 3 * n) - tip0, direction));
  }
  double measured = NAN;
  for (std::size_t i = 2; i + 1 < signal.size(); ++i) {
    if (signal[i] > signal[i - 1] && signal[i] >= signal[i + 1] && signal[i] > 0.5 * signal[0]) {
      const double a = signal[i - 1], b = signal[i], c = signal[i + 1];
      measured = h * (static_cast<double>(i) + 0.5 * (a - c) / (a - 2 * b + c));
      break;
    }
  }
  return {period, measured};
}

TEST(CosseratModes, TheStepperSwingsAtTheFirstModesFrequency) {
  Rod rod = cantilever(10, 0.05);
  const auto [period, measured] = mode_one_periods(rod, 10, 0.05);
  std::printf("modes: period %.9e; the Verlet stepper's: %.9e\n", period, measured);
  EXPECT_NEAR(measured, period, 1e-7 * period);
}

// The same about a cantilever stretched by a third under law pyelastica (a tip force of E A / 4), whose rotational
// equation is J/e dw/dt = C: the inertia modes takes is J / e (with J alone the period would be off by 15 %).
TEST(CosseratModes, AStretchedRodUnderLawPyelasticaSwingsAtItsModesFrequency) {
  const double radius = 0.05;
  Rod rod = cantilever(10, radius);
  rod.p.law = cosserat::Law::pyelastica;
  rod.p.force1[2] = 0.25 * E * M_PI * radius * radius;
  cosserat::StaticsProblem problem(rod.io());
  const statics::EquilibriumResult eq = statics::solve_equilibrium(problem);
  ASSERT_TRUE(eq.converged);
  const double stretch = rod.x[3 * 10 + 2] / L;
  const auto [period, measured] = mode_one_periods(rod, 10, radius);
  std::printf("stretch %.4f: modes: period %.9e; the Verlet stepper's: %.9e\n", stretch, period, measured);
  EXPECT_GT(stretch, 1.2);
  EXPECT_NEAR(measured, period, 5e-6 * period);  // 1.3e-6 measured, 15 % with J for J / e
}

// A free-free rod has rigid-body modes: K is singular, and Newton must not call a state that blew up or a residual
// above the tolerance converged (each increment ends at its best iterate). Balanced axial end forces, and no load
// with one node nudged by 1e-12.
TEST(CosseratModes, NewtonOnASingularFreeRodNeverClaimsABadState) {
  for (const bool loaded : {true, false}) {
    Rod rod(10, L, 0.05, E, Gm, rho, kappa);
    if (loaded) {
      rod.p.force0[2] = -1e-3;
      rod.p.force1[2] = 1e-3;
    } else {
      rod.x[3 * 5] += 1e-12;
    }
    const std::vector<double> start = rod.x;
    cosserat::StaticsProblem problem(rod.io());
    const statics::EquilibriumResult eq = statics::solve_equilibrium(problem);
    bool finite = true;
    for (const double x : rod.x) finite = finite && std::isfinite(x);
    std::printf("%s: converged %d, residual %.3e (tolerance %.3e), %d iterations\n", loaded ? "loaded" : "nudged",
                eq.converged ? 1 : 0, eq.residual, problem.tolerance(), eq.iterations);
    EXPECT_TRUE(finite);
    if (eq.converged) {
      EXPECT_LE(eq.residual, problem.tolerance());
    } else {
      EXPECT_EQ(rod.x, start);
    }
  }
}

// Newton (driver/linear_statics.hpp on the cosserat problem) bends a cantilever under a tip force to Timoshenko's
// deflection at order 2, with a residual at round-off in a few iterations.
TEST(CosseratModes, NewtonTipDeflectionConvergesToTimoshenkoAtOrderTwo) {
  const double radius = 0.05, A = M_PI * radius * radius, I = A * radius * radius / 4;
  const double F = 1e-4 * 3 * E * I, closed = F / (3 * E * I) + F / (kappa * Gm * A);
  std::vector<double> err;
  for (const int n : {10, 20, 40}) {
    Rod rod = cantilever(n, radius);
    rod.p.force1[0] = F;
    cosserat::StaticsProblem problem(rod.io());
    const statics::EquilibriumResult eq = statics::solve_equilibrium(problem);
    EXPECT_TRUE(eq.converged);
    EXPECT_LE(eq.iterations, 5);
    EXPECT_LT(eq.residual, 1e-12 * E * A);
    err.push_back(std::fabs(rod.x[3 * static_cast<std::size_t>(n)] / closed - 1));
    std::printf("n = %d: tip %.9e, closed form %.9e, %d iterations, residual %.2e N\n", n,
                rod.x[3 * static_cast<std::size_t>(n)], closed, eq.iterations, eq.residual);
  }
  std::printf("errors %.3e %.3e %.3e, orders %.2f %.2f\n", err[0], err[1], err[2], std::log2(err[0] / err[1]),
              std::log2(err[1] / err[2]));
  EXPECT_NEAR(std::log2(err[1] / err[2]), 2.0, 0.25);
}

// Under a compressive dead tip load P, the first frequency of the straight cantilever (its equilibrium, found by
// Newton) falls as P grows; omega^2 crosses zero at Euler's load pi^2 E I / (4 L^2) (to the discretisation error,
// order 2; shear and extension shift it by 1e-5 at this slenderness), above which modes reports the unstable
// direction as a negative frequency. The crossing is found by the secant method on omega^2(P).
double first_omega_squared(int n, double radius, double P) {
  Rod rod = cantilever(n, radius);
  rod.p.force1[2] = -P;
  cosserat::StaticsProblem problem(rod.io());
  EXPECT_TRUE(statics::solve_equilibrium(problem).converged);
  const double w = modes(rod, 1).m.omega[0];
  return w * std::fabs(w);
}

TEST(CosseratModes, CompressedCantileverLosesItsFirstFrequencyAtEulersLoad) {
  const double radius = 0.002, A = M_PI * radius * radius, I = A * radius * radius / 4;
  const double euler = M_PI * M_PI * E * I / (4 * L * L);
  std::vector<double> err;
  for (const int n : {10, 20, 40}) {
    double p0 = 0.9 * euler, p1 = 1.1 * euler;
    double w0 = first_omega_squared(n, radius, p0), w1 = first_omega_squared(n, radius, p1);
    EXPECT_GT(w0, 0);
    EXPECT_LT(w1, 0);
    for (int k = 0; k < 6 && w1 != w0; ++k) {
      const double p2 = p1 - w1 * (p1 - p0) / (w1 - w0);
      p0 = p1;
      w0 = w1;
      p1 = p2;
      w1 = first_omega_squared(n, radius, p1);
    }
    err.push_back(std::fabs(p1 / euler - 1));
    std::printf("n = %d: omega^2 = 0 at %.9f P_E (omega^2 there %.2e)\n", n, p1 / euler, w1);
  }
  std::printf("errors %.3e %.3e %.3e, orders %.2f %.2f\n", err[0], err[1], err[2], std::log2(err[0] / err[1]),
              std::log2(err[1] / err[2]));
  EXPECT_LT(err[2], 1e-3);
  EXPECT_NEAR(std::log2(err[1] / err[2]), 2.0, 0.3);
}

/// The inextensible cantilever elastica under a dead tip force perpendicular to the clamp: theta'' = -a cos(theta)
/// (s in units of L, a = F L^2 / (E I)), theta(0) = 0, theta'(1) = 0, by shooting on theta'(0) with RK4 (4000
/// steps); returns the tip's deflection along the force and its shortening along the clamp axis, over L.
std::pair<double, double> elastica_tip(double a) {
  // State (theta, kappa, x, z): theta' = kappa, kappa' = -a cos theta, x' = sin theta, z' = cos theta.
  using Y = std::array<double, 4>;
  const auto rate = [a](const Y& y) { return Y{y[1], -a * std::cos(y[0]), std::sin(y[0]), std::cos(y[0])}; };
  const auto along = [](const Y& y, double h, const Y& k) {
    return Y{y[0] + h * k[0], y[1] + h * k[1], y[2] + h * k[2], y[3] + h * k[3]};
  };
  const auto shoot = [&](double k0, double* tip_x, double* tip_z) {
    const int steps = 4000;
    const double h = 1.0 / steps;
    Y y{0, k0, 0, 0};
    for (int i = 0; i < steps; ++i) {
      const Y k1 = rate(y), k2 = rate(along(y, 0.5 * h, k1)), k3 = rate(along(y, 0.5 * h, k2)),
              k4 = rate(along(y, h, k3));
      for (std::size_t c = 0; c < 4; ++c) y[c] += h / 6 * (k1[c] + 2 * k2[c] + 2 * k3[c] + k4[c]);
    }
    if (tip_x) *tip_x = y[2];
    if (tip_z) *tip_z = y[3];
    return y[1];  // theta'(1), zero at the solution
  };
  double lo = 0, hi = a;  // theta'(0) = a at small a; theta'(1) is positive below the root, negative above
  for (int i = 0; i < 100; ++i) {
    const double mid = 0.5 * (lo + hi);
    (shoot(mid, nullptr, nullptr) > 0 ? hi : lo) = mid;
  }
  double x = 0, z = 0;
  shoot(0.5 * (lo + hi), &x, &z);
  return {x, 1 - z};
}

// Newton bends a slender cantilever under a large tip force onto the elastica: a = F L^2 / (E I) = 2 and 5 (tip
// deflections about half and three quarters of L; 0.49346 L at a = 2 is Bisshopp & Drucker's), order 2 in n.
TEST(CosseratModes, NewtonBendsACantileverOntoTheLargeDeflectionElastica) {
  const double radius = 0.002, I = M_PI * std::pow(radius, 4) / 4;
  for (const double a : {2.0, 5.0}) {
    const auto [deflection, shortening] = elastica_tip(a);
    std::vector<double> err;
    for (const int n : {10, 20, 40}) {
      Rod rod = cantilever(n, radius);
      rod.p.force1[0] = a * E * I / (L * L);
      cosserat::StaticsProblem problem(rod.io());
      problem.use_sparse(true);  // as steady
      problem.limit_turn(0.2);
      const statics::EquilibriumResult eq = statics::solve_equilibrium(problem, true);  // steady's schedule
      ASSERT_TRUE(eq.converged) << a << " " << n;
      const double x = rod.x[3 * static_cast<std::size_t>(n)], z = rod.x[3 * static_cast<std::size_t>(n) + 2];
      err.push_back(std::hypot(x - deflection * L, (L - z) - shortening * L));
      std::printf("a = %.0f, n = %d: tip deflection %.7f (elastica %.7f), shortening %.7f (%.7f), %d iterations\n", a,
                  n, x, deflection, L - z, shortening, eq.iterations);
      // Steps turning no element by more than 0.2 rad: 15 (a = 2) and 17 (a = 5) iterations at every n, on the
      // whole load. With full steps it took 16-20, and 103-148 (load increments after 50 iterations on the whole).
      EXPECT_LE(eq.iterations, 25);
    }
    std::printf("errors %.3e %.3e %.3e, orders %.2f %.2f\n", err[0], err[1], err[2], std::log2(err[0] / err[1]),
                std::log2(err[1] / err[2]));
    EXPECT_LT(err[2], 1e-3 * L);
    EXPECT_NEAR(std::log2(err[1] / err[2]), 2.0, 0.3);
  }
}

// The coloured differences (steady's sparse K) give the dense differences' K to the bit, on members that exercise
// every stencil: law pyelastica (its Voronoi dilatation reaches two nodes back), two rods with a clamp and a roller
// on a plane and a foundation, all bent out of their rest shapes; and Newton on the sparse K converges in as many
// iterations as on the dense one, on a long cantilever at a = F L^2/EI = 2, in less time.
TEST(CosseratModes, TheColouredJacobianIsTheDenseOneToTheBit) {
  for (const int variant : {0, 1}) {
    Rod rod(23, L, 0.01, E, Gm, rho, kappa, variant == 0 ? 1 : 2);
    rod.p.end0 = cosserat::EndKind::clamped;
    if (variant == 0) {
      rod.p.law = cosserat::Law::pyelastica;
    } else {
      rod.p.end1 = cosserat::EndKind::sliding;
      rod.p.slide1 = cosserat::Slide::plane;
      rod.p.slide_direction1[0] = 0;
      rod.p.slide_direction1[1] = 0;
      rod.p.slide_direction1[2] = 1;
      rod.p.foundation = cosserat::Foundation::plane;
      rod.p.foundation_stiffness = 50;
      rod.p.foundation_direction[0] = 1;
      rod.p.foundation_direction[2] = 0;
    }
    for (std::size_t q = 0; q < rod.x.size(); ++q) rod.x[q] += 1e-3 * std::sin(0.7 * double(q));
    for (std::size_t i = 0; i < rod.Q.size() / 9; ++i) {
      const Vec3<double> turn{0.05 * std::sin(1.3 * double(i)), 0.04 * std::cos(0.9 * double(i)), 0.03};
      store9(rod.Q.data() + 9 * i, cosserat::rotate_directors(load9(rod.Q.data() + 9 * i), turn));
    }
    cosserat::StaticsProblem problem(rod.io());
    const statics::ReducedSystem dense = problem.system(1.0);
    problem.use_sparse(true);
    const statics::ReducedSystem sparse = problem.system(1.0);
    ASSERT_TRUE(sparse.sparse);
    const Eigen::MatrixXd K(sparse.K_sparse);
    const double difference = (K - dense.K).cwiseAbs().maxCoeff(), largest = dense.K.cwiseAbs().maxCoeff();
    std::printf("variant %d: %td dofs, %td nonzeros of %td, largest |K sparse - K dense| %.1e (largest entry %.3e)\n",
                variant, dense.K.rows(), sparse.K_sparse.nonZeros(), dense.K.size(), difference, largest);
    EXPECT_EQ(difference, 0.0);
    EXPECT_EQ((sparse.F - dense.F).cwiseAbs().maxCoeff(), 0.0);
  }
  const double radius = 0.002, I = M_PI * std::pow(radius, 4) / 4;
  int iterations[2];
  double seconds[2], tip[2];
  for (const bool use_sparse : {false, true}) {
    Rod rod = cantilever(160, radius);
    rod.p.force1[0] = 2 * E * I / (L * L);
    cosserat::StaticsProblem problem(rod.io());
    problem.use_sparse(use_sparse);
    problem.limit_turn(0.2);
    const auto start = std::chrono::steady_clock::now();
    const statics::EquilibriumResult eq = statics::solve_equilibrium(problem, true);
    seconds[use_sparse] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_TRUE(eq.converged);
    iterations[use_sparse] = eq.iterations;
    tip[use_sparse] = rod.x[3 * 160];
  }
  std::printf("n = 160, a = 2: dense %d iterations in %.2f s, sparse %d in %.2f s, tips %.12f %.12f\n", iterations[0],
              seconds[0], iterations[1], seconds[1], tip[0], tip[1]);
  EXPECT_EQ(iterations[1], iterations[0]);
  EXPECT_NEAR(tip[1], tip[0], 1e-9);
}

}  // namespace
}  // namespace rodswarm
