/// @file test_reference_cosserat_forces.cpp
/// The Cosserat reference's right-hand side at one instant: forces are minus the energy gradient (note 1.4), the
/// shear couple is the exact rotational gradient and the bending couple its O(h^2) truncation, a discrete helix with
/// its own rest strains is stress-free, Gauss's function behaves as note 3.1 says around the UK accelerations, and
/// the penalty contact and the segment-segment closest points are right.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "reference/cosserat_reference.hpp"
#include "test_reference_cosserat_cases.hpp"

namespace {

using namespace rodswarm::reference;

double potential(const CosseratCase& c, const CosseratState& s) {
  const auto e = cosserat_energy(c, s);
  return e.total - e.translational - e.rotational;
}

/// A bent, twisted, sheared and stretched rod with random (non-zero) rest strains, at rest, material nu = 0.3.
CosseratCase generic_rod(int n, unsigned seed) {
  CosseratCase c = cosserat_test::straight_rod(n, 1.0, 0.05, 1e4, 1e4 / 2.6, 1.0, 0.9, {0.3, -0.2, 1.0});
  cosserat_test::perturb(c, seed, 0.15, 0.35, 0, 0);
  cosserat_test::Noise noise(seed + 100);
  for (int i = 0; i < c.rest_sigma.rows(); ++i) c.rest_sigma.row(i) = 0.05 * noise.vec().transpose();
  for (int k = 0; k < c.rest_kappa.rows(); ++k) c.rest_kappa.row(k) = 2.0 * noise.vec().transpose();
  return c;
}

/// max |F_j + dU/dx_j| over all nodes (fixed ones too, with free accelerations), against max |dU/dx|.
void expect_force_is_gradient(const CosseratCase& c, const char* label, double tol = 1e-7) {
  const CosseratState s = cosserat_initial_state(c);
  const CosseratAcceleration af = cosserat_acceleration(c, s, true);
  const cosserat_test::Masses m = cosserat_test::masses(c);
  const double eps = 1e-7;
  double worst = 0, scale = 0;
  for (int j = 0; j < s.x.rows(); ++j) {
    for (int d = 0; d < 3; ++d) {
      CosseratState plus = s, minus = s;
      plus.x(j, d) += eps;
      minus.x(j, d) -= eps;
      const double grad = (potential(c, plus) - potential(c, minus)) / (2 * eps);
      const double force = m.node[static_cast<std::size_t>(j)] * af.node(j, d);
      scale = std::max(scale, std::abs(grad));
      worst = std::max(worst, std::abs(force + grad));
    }
  }
  std::printf("%s: max |F + dU/dx| = %.3e, max |dU/dx| = %.3e\n", label, worst, scale);
  EXPECT_GT(scale, 1.0);
  EXPECT_LE(worst, tol * scale);
}

/// -dU/dtheta_i for Q_i -> exp(-hat theta) Q_i, by central differences, per element (body components).
std::vector<Eigen::Vector3d> rotational_gradient(const CosseratCase& c, const CosseratState& s, double eps = 1e-6) {
  std::vector<Eigen::Vector3d> out(s.Q.size());
  for (std::size_t i = 0; i < s.Q.size(); ++i) {
    for (int d = 0; d < 3; ++d) {
      CosseratState plus = s, minus = s;
      const Eigen::Vector3d th = eps * Eigen::Vector3d::Unit(d);
      plus.Q[i] = cosserat_test::rotation(-th) * s.Q[i];
      minus.Q[i] = cosserat_test::rotation(th) * s.Q[i];
      out[i](d) = -(potential(c, plus) - potential(c, minus)) / (2 * eps);
    }
  }
  return out;
}

/// Couples C_i = J_i w'_i at rest (w = 0, no gyroscopic term).
std::vector<Eigen::Vector3d> couples(const CosseratCase& c, const CosseratState& s) {
  const CosseratAcceleration af = cosserat_acceleration(c, s, true);
  const cosserat_test::Masses m = cosserat_test::masses(c);
  std::vector<Eigen::Vector3d> out(s.Q.size());
  for (std::size_t i = 0; i < s.Q.size(); ++i)
    out[i] = m.element[i].cwiseProduct(af.element.row(static_cast<Eigen::Index>(i)).transpose());
  return out;
}

struct CoupleError {
  double worst = 0, scale = 0;
};
CoupleError couple_error(const CosseratCase& c, int first, int last) {
  const CosseratState s = cosserat_initial_state(c);
  const auto C = couples(c, s);
  const auto G = rotational_gradient(c, s);
  CoupleError e;
  for (int i = first; i <= last; ++i) {
    e.scale = std::max(e.scale, C[static_cast<std::size_t>(i)].norm());
    e.worst = std::max(e.worst, (C[static_cast<std::size_t>(i)] - G[static_cast<std::size_t>(i)]).norm());
  }
  return e;
}

TEST(ReferenceCosseratForces, ForceIsMinusGradientFreeEnds) {
  CosseratCase c = generic_rod(7, 1);
  c.g = Eigen::Vector3d(0.3, -0.2, -9.81);
  c.force0 = Eigen::Vector3d(1.0, 0.5, -0.2);
  c.force1 = Eigen::Vector3d(-0.4, 2.0, 0.3);
  c.force_density = Eigen::Vector3d(0.2, -0.1, 0.5);
  expect_force_is_gradient(c, "free-free");
}

TEST(ReferenceCosseratForces, ForceIsMinusGradientClampedEnd) {
  // Clamp frames a finite rotation away from the end elements: the boundary springs carry energy.
  CosseratCase c = generic_rod(6, 2);
  c.end0 = CosseratEnd::clamped;
  c.end1 = CosseratEnd::clamped;
  c.clamp_Q0[0] = cosserat_test::rotation({0.2, -0.3, 0.25}) * c.Q0.front();
  c.clamp_Q1[0] = cosserat_test::rotation({-0.1, 0.4, 0.3}) * c.Q0.back();
  c.g = Eigen::Vector3d(0, 0, -9.81);
  expect_force_is_gradient(c, "clamped-clamped");
  const CosseratState s = cosserat_initial_state(c);
  const auto e = cosserat_energy(c, s);
  EXPECT_GT(e.bend_twist, 0);
}

TEST(ReferenceCosseratForces, ShearCoupleIsExactGradient) {
  // All frames equal and no rest curvature: kappa = 0, so the couple is the shear part (Q l) x n alone; positions
  // random (sheared, stretched), B anisotropic.
  CosseratCase c = generic_rod(6, 3);
  c.rest_kappa.setZero();
  for (auto& q : c.Q0) q = c.Q0.front();
  const CoupleError e = couple_error(c, 0, c.n - 1);
  std::printf("shear: max |C + dU/dtheta| = %.3e, max |C| = %.3e\n", e.worst, e.scale);
  EXPECT_GT(e.scale, 1.0);
  EXPECT_LE(e.worst, 1e-7 * e.scale);
}

TEST(ReferenceCosseratForces, BendingCoupleExactForIsotropicBAndTauParallelKappa) {
  // nu = 0 (G = E/2): B = E I1 diag(1, 1, 1); rest curvature zero, so tau = B kappa is parallel to kappa at every
  // Voronoi point (the clamp springs too): the truncated couple equals the exact gradient (note 1.4).
  CosseratCase c = generic_rod(6, 4);
  c.G = c.E / 2;
  c.rest_kappa.setZero();
  c.end0 = CosseratEnd::clamped;
  c.clamp_Q0[0] = cosserat_test::rotation({0.2, -0.3, 0.25}) * c.Q0.front();
  const CoupleError e = couple_error(c, 0, c.n - 1);
  std::printf("isotropic bending: max |C + dU/dtheta| = %.3e, max |C| = %.3e\n", e.worst, e.scale);
  EXPECT_GT(e.scale, 0.1);
  EXPECT_LE(e.worst, 1e-7 * e.scale);
}

/// A smooth bent and twisted rod: a helix with an extra smooth twist, anisotropic B and a rest curvature that makes
/// tau not parallel to kappa.
CosseratCase smooth_rod(int n) {
  CosseratCase c = cosserat_test::helix(n, 0.25, 0.6, 0.75, 0.02, 1e4, 1e4 / 2.6, 1.0, 0.9);
  for (int i = 0; i < n; ++i) {
    const double s = (i + 0.5) / n;
    auto& q = c.Q0[static_cast<std::size_t>(i)];
    q = cosserat_test::rotation(-1.5 * s * s * Eigen::Vector3d::UnitZ()) * q;  // about d3
  }
  c.rest_kappa.rowwise() = Eigen::RowVector3d(1.0, -2.0, 0.5);
  c.rest_sigma.setZero();
  return c;
}

TEST(ReferenceCosseratForces, BendingCoupleIsSecondOrderTruncation) {
  // Interior elements (end elements see one Voronoi point and carry an O(h) relative difference): the difference
  // from the exact gradient is c (X_i^2 tau_i - X_{i-1}^2 tau_{i-1}) = O(h^3) against interior couples O(h), i.e.
  // O(h^2) relative (note 1.4: O(|X|^2)).
  const CoupleError coarse = couple_error(smooth_rod(16), 1, 14);
  const CoupleError fine = couple_error(smooth_rod(32), 1, 30);
  const double rc = coarse.worst / coarse.scale, rf = fine.worst / fine.scale;
  const double order = std::log2(rc / rf);
  std::printf("bending truncation: relative difference %.3e (n=16), %.3e (n=32), order %.2f\n", rc, rf, order);
  EXPECT_GT(rc, 1e-6);  // really anisotropic: not the exact case
  EXPECT_GT(order, 1.7);
  EXPECT_LT(order, 2.5);
}

TEST(ReferenceCosseratForces, HelixWithItsOwnRestStrainsIsStressFree) {
  CosseratCase c = cosserat_test::helix(24, 0.3, 0.2, 1.5, 0.02, 1e5, 1e5 / 2.6, 1000.0, 0.9);
  c.end0 = CosseratEnd::clamped;
  c.end1 = CosseratEnd::clamped;
  const CosseratState s = cosserat_initial_state(c);
  const CosseratAcceleration af = cosserat_acceleration(c, s, true);
  const cosserat_test::Masses m = cosserat_test::masses(c);
  double fmax = 0, cmax = 0;
  for (int j = 0; j < af.node.rows(); ++j)
    fmax = std::max(fmax, m.node[static_cast<std::size_t>(j)] * af.node.row(j).norm());
  for (int i = 0; i < af.element.rows(); ++i)
    cmax = std::max(cmax, m.element[static_cast<std::size_t>(i)].cwiseProduct(af.element.row(i).transpose()).norm());
  const double A = cosserat_test::kPi * 0.02 * 0.02, EA = c.E * A, EI = c.E * A * 0.02 * 0.02 / 4;
  std::printf("helix: max |F| / EA = %.3e, max |C| / (EI/l) = %.3e\n", fmax / EA, cmax / (EI / c.rest_length[0]));
  EXPECT_LE(fmax, 1e-11 * EA);
  EXPECT_LE(cmax, 1e-11 * EI / c.rest_length[0]);
  EXPECT_NEAR(cosserat_energy(c, s).total, 0.0, 1e-20 * EA);
  // The static residual Z_s vanishes at this equilibrium and not elsewhere; law (P) is stress-free there too.
  EXPECT_LE(cosserat_static_residual(c, s), 1e-25 * EA);
  CosseratState moved = s;
  moved.x(5, 0) += 1e-3;
  EXPECT_GT(cosserat_static_residual(c, moved), 1e-12);
  c.law = CosseratLaw::pyelastica;
  const CosseratAcceleration ap = cosserat_acceleration(c, s, true);
  EXPECT_LE(ap.node.cwiseAbs().maxCoeff(), 1e-12 * fmax / m.node[1] + 1e-9);
  EXPECT_LE(ap.element.cwiseAbs().maxCoeff(), 1e-6);
}

TEST(ReferenceCosseratForces, PyElasticaLawDilatationTerms) {
  // A straight rod stretched uniformly by e = 1.1, spinning about d3 at W, its ends separating at edot: under (P) the
  // end force is EA (e - 1)/e (V: EA (e - 1)), and the unsteady-dilatation torque gives w3' = W edot / e.
  const double e = 1.1, W = 3.0, edot = 0.7, L = 1.0;
  CosseratCase c = cosserat_test::straight_rod(4, L, 0.05, 1e4, 1e4 / 2.6, 1.0, 0.9);
  for (int j = 0; j <= c.n; ++j) {
    c.x0(j, 2) *= e;
    c.v0(j, 2) = edot * c.x0(j, 2) / e;  // l . dv / (|l| l^) = edot on every element
  }
  c.w0.col(2).setConstant(W);
  const double EA = c.E * cosserat_test::kPi * 0.05 * 0.05;
  const cosserat_test::Masses m = cosserat_test::masses(c);
  for (CosseratLaw law : {CosseratLaw::variational, CosseratLaw::pyelastica}) {
    c.law = law;
    const CosseratState s = cosserat_initial_state(c);
    const CosseratAcceleration a = cosserat_acceleration(c, s, true);
    const bool P = law == CosseratLaw::pyelastica;
    EXPECT_NEAR(m.node[0] * a.node(0, 2), EA * (e - 1) / (P ? e : 1.0), 1e-10 * EA);
    EXPECT_NEAR(m.node[static_cast<std::size_t>(c.n)] * a.node(c.n, 2), -EA * (e - 1) / (P ? e : 1.0), 1e-10 * EA);
    for (int i = 0; i < c.n; ++i) EXPECT_NEAR(a.element(i, 2), P ? W * edot / e : 0.0, 1e-10) << i;
  }
}

/// 1/2 da^T M da.
double quadratic(const cosserat_test::Masses& m, const CosseratAcceleration& da) {
  double q = 0;
  for (int j = 0; j < da.node.rows(); ++j)
    q += 0.5 * m.node[static_cast<std::size_t>(j)] * da.node.row(j).squaredNorm();
  for (int i = 0; i < da.element.rows(); ++i)
    q +=
        0.5 * da.element.row(i).dot(m.element[static_cast<std::size_t>(i)].cwiseProduct(da.element.row(i).transpose()));
  return q;
}

CosseratAcceleration plus(const CosseratAcceleration& a, const CosseratAcceleration& b) {
  return {a.node + b.node, a.element + b.element};
}

TEST(ReferenceCosseratForces, GaussFunctionAroundUdwadiaKalabaAccelerations) {
  // A rod on (near) a sphere, confined to it by UK, with a gauss-clamped end 0 and a small velocity.
  CosseratCase c = generic_rod(8, 5);
  const double R = 2.0;
  for (int j = 0; j <= c.n; ++j) {
    const Eigen::Vector3d x = c.x0.row(j).transpose() + Eigen::Vector3d(0.1, 0.2, -R);
    c.x0.row(j) = x.transpose();
  }
  cosserat_test::perturb(c, 6, 0.0, 0.0, 0.3, 2.0);
  c.clamp_x0.row(0) = c.x0.row(0);
  c.end0 = CosseratEnd::clamped;
  c.constraints = CosseratConstraints::gauss;
  c.baumgarte = 20.0;
  c.surface = CosseratSurface::sphere;
  c.surface_point = Eigen::Vector3d::Zero();
  c.surface_radius = R;
  c.g = Eigen::Vector3d(0, 0, -9.81);
  const CosseratState s = cosserat_initial_state(c);
  const CosseratAcceleration astar = cosserat_acceleration(c, s);
  const CosseratAcceleration af = cosserat_acceleration(c, s, true);
  const cosserat_test::Masses m = cosserat_test::masses(c);
  const double z0 = cosserat_gauss_zt(c, s, astar);
  EXPECT_GT(z0, 0);
  // The unconstrained minimum.
  EXPECT_EQ(cosserat_gauss_zt(c, s, af), 0.0);
  cosserat_test::Noise noise(7);
  const double amag = astar.node.cwiseAbs().maxCoeff(), wmag = astar.element.cwiseAbs().maxCoeff();
  for (int trial = 0; trial < 5; ++trial) {
    CosseratAcceleration da{Eigen::MatrixX3d::Zero(c.n + 1, 3), Eigen::MatrixX3d::Zero(c.n, 3)};
    CosseratAcceleration out = da;
    for (int j = 1; j <= c.n; ++j) {  // node 0 is clamped: A = I there, so null(A) has da_0 = 0
      const Eigen::Vector3d u = s.x.row(j).normalized().transpose();
      Eigen::Vector3d d = amag * noise.vec();
      out.node.row(j) = (d.dot(u) * u).transpose();
      d -= d.dot(u) * u;
      da.node.row(j) = d.transpose();
    }
    for (int i = 0; i < c.n; ++i) da.element.row(i) = wmag * noise.vec().transpose();
    const double q = quadratic(m, da);
    const double z = cosserat_gauss_zt(c, s, plus(astar, da));
    EXPECT_LE(std::abs(z - z0 - q), 1e-12 * (z0 + q)) << "trial " << trial << ": " << z - z0 << " vs " << q;
    // Unconstrained: Z_t(a_f + da) = 1/2 da^T M da.
    const double zf = cosserat_gauss_zt(c, s, plus(af, da));
    EXPECT_LE(std::abs(zf - q), 1e-12 * q);
    // Directions outside null(A) (along grad phi) violate A da = 0.
    double violation = 0;
    for (int j = 1; j <= c.n; ++j) violation += std::abs(out.node.row(j).dot(s.x.row(j).normalized()));
    EXPECT_GT(violation, 1e-3 * amag);
    if (trial == 0)
      std::printf("gauss: Z_t(a*) = %.6e, Z_t(a*+da) - Z_t(a*) = %.12e, 1/2 da^T M da = %.12e\n", z0, z - z0, q);
  }
  // The UK accelerations satisfy the constraint rows: the clamp row, and the surface rows (sphere, phi = |x| - R).
  const double alpha = c.baumgarte;
  const Eigen::Vector3d b0 =
      -2 * alpha * s.v.row(0).transpose() - alpha * alpha * (s.x.row(0) - c.clamp_x0.row(0)).transpose();
  EXPECT_LE((astar.node.row(0).transpose() - b0).norm(), 1e-12 * (1 + amag));
  for (int j = 1; j <= c.n; ++j) {
    const Eigen::Vector3d x = s.x.row(j).transpose(), v = s.v.row(j).transpose(), u = x.normalized();
    const double rho = x.norm(), phi = rho - R;
    const double b = -(v.squaredNorm() - u.dot(v) * u.dot(v)) / rho - 2 * alpha * u.dot(v) - alpha * alpha * phi;
    EXPECT_NEAR(u.dot(astar.node.row(j).transpose()), b, 1e-10 * (1 + amag));
  }
}

TEST(ReferenceCosseratForces, PlaneContactNormalForce) {
  // A straight horizontal rod sunk by pen into the plane z = 0: every node gets N = k pen^p straight up.
  const double r = 0.01, pen = 2e-3, k = 5e4, p = 1.5;
  CosseratCase c = cosserat_test::straight_rod(5, 1.0, r, 1e5, 4e4, 1000.0, 0.9, Eigen::Vector3d::UnitX(),
                                               Eigen::Vector3d(0, 0, r - pen));
  c.plane = true;
  c.contact_stiffness = k;
  c.contact_exponent = p;
  c.mu_static = Eigen::Vector3d(0.5, 0.5, 0.5);
  c.mu_kinetic = Eigen::Vector3d(0.4, 0.4, 0.4);
  const CosseratState s = cosserat_initial_state(c);
  const CosseratAcceleration af = cosserat_acceleration(c, s, true);
  const cosserat_test::Masses m = cosserat_test::masses(c);
  for (int j = 0; j <= c.n; ++j) {
    const Eigen::Vector3d F = m.node[static_cast<std::size_t>(j)] * af.node.row(j).transpose();
    EXPECT_NEAR(F.z(), k * std::pow(pen, p), 1e-12 * k * std::pow(pen, p)) << j;
    EXPECT_NEAR(F.x(), 0.0, 1e-9);
    EXPECT_NEAR(F.y(), 0.0, 1e-9);
  }
  const auto e = cosserat_energy(c, s);
  EXPECT_NEAR(e.contact, (c.n + 1) * k * std::pow(pen, p + 1) / (p + 1), 1e-14);
}

TEST(ReferenceCosseratForces, ContactForceIsMinusPenaltyGradient) {
  // Plane, sphere obstacle and rod-rod contact at once, no damping and no velocity (no friction).
  CosseratCase a = generic_rod(6, 8);
  CosseratCase c = a;
  c.rods = 2;
  const int n = a.n;
  c.rest_length.insert(c.rest_length.end(), a.rest_length.begin(), a.rest_length.end());
  c.radius.insert(c.radius.end(), a.radius.begin(), a.radius.end());
  c.rest_sigma.resize(2 * n, 3);
  c.rest_sigma << a.rest_sigma, a.rest_sigma;
  c.rest_kappa.resize(2 * (n - 1), 3);
  c.rest_kappa << a.rest_kappa, a.rest_kappa;
  // Rod 1 crosses rod 0 near its middle, 1.4 radii away: penetration 0.6 r.
  const Eigen::Vector3d mid = 0.5 * (a.x0.row(3) + a.x0.row(4)).transpose();
  const Eigen::Vector3d t0 = (a.x0.row(4) - a.x0.row(3)).normalized().transpose();
  const Eigen::Vector3d side = t0.cross(Eigen::Vector3d(1, 1, 0)).normalized(), across = t0.cross(side);
  Eigen::MatrixX3d x1(n + 1, 3);
  for (int j = 0; j <= n; ++j)
    x1.row(j) = (mid + 1.4 * 0.05 * side + (j - 3.3) * 0.17 * across + 0.01 * j * j * t0).transpose();
  c.x0.resize(2 * (n + 1), 3);
  c.x0 << a.x0, x1;
  c.v0 = Eigen::MatrixX3d::Zero(2 * (n + 1), 3);
  c.w0 = Eigen::MatrixX3d::Zero(2 * n, 3);
  c.Q0.insert(c.Q0.end(), a.Q0.begin(), a.Q0.end());
  c.contact_stiffness = 3e3;
  c.contact_exponent = 1.5;
  c.self_contact = true;
  c.plane = true;
  c.plane_point = a.x0.row(1).transpose() + Eigen::Vector3d(0, 0, 0.03);
  c.plane_normal = Eigen::Vector3d(0.1, 0.2, 1.0);
  c.obstacle = CosseratObstacle::sphere;
  c.obstacle_center = a.x0.row(n).transpose() + Eigen::Vector3d(0.1, 0, 0);
  c.obstacle_radius = 0.1;
  const CosseratState s = cosserat_initial_state(c);
  const auto e = cosserat_energy(c, s);
  EXPECT_GT(e.contact, 0);
  expect_force_is_gradient(c, "contact", 1e-6);
}

double distance(const rodswarm::reference::CosseratClosestPoints& cp) { return (cp.a - cp.b).norm(); }

TEST(ReferenceCosseratForces, SegmentSegmentClosestPoints) {
  using V = Eigen::Vector3d;
  {  // crossing
    const auto cp = cosserat_closest_points(V(-1, 0, 0), V(1, 0, 0), V(0, -1, 1), V(0, 1, 1));
    EXPECT_NEAR(cp.s, 0.5, 1e-15);
    EXPECT_NEAR(cp.t, 0.5, 1e-15);
    EXPECT_NEAR(distance(cp), 1.0, 1e-15);
  }
  {  // parallel, offset: Ericson picks s = 0 then clamps t, then recomputes s
    const auto cp = cosserat_closest_points(V(0, 0, 0), V(1, 0, 0), V(0.5, 1, 0), V(1.5, 1, 0));
    EXPECT_NEAR(cp.s, 0.5, 1e-15);
    EXPECT_NEAR(cp.t, 0.0, 1e-15);
    EXPECT_NEAR(distance(cp), 1.0, 1e-15);
  }
  {  // endpoint - endpoint
    const auto cp = cosserat_closest_points(V(0, 0, 0), V(1, 0, 0), V(2, 1, 0), V(3, 2, 0));
    EXPECT_EQ(cp.s, 1.0);
    EXPECT_EQ(cp.t, 0.0);
    EXPECT_NEAR(distance(cp), std::sqrt(2.0), 1e-15);
  }
  {  // endpoint - interior
    const auto cp = cosserat_closest_points(V(0, 0, 0), V(1, 0, 0), V(1.5, -1, 2), V(1.5, 1, 2));
    EXPECT_EQ(cp.s, 1.0);
    EXPECT_NEAR(cp.t, 0.5, 1e-15);
  }
  {  // degenerate first segment (a point)
    const auto cp = cosserat_closest_points(V(0.2, 0, 1), V(0.2, 0, 1), V(-1, 0, 0), V(1, 0, 0));
    EXPECT_EQ(cp.s, 0.0);
    EXPECT_NEAR(cp.t, 0.6, 1e-15);
    EXPECT_NEAR(distance(cp), 1.0, 1e-15);
  }
  // Random segments: never farther than the best of a dense sampling.
  cosserat_test::Noise noise(9);
  for (int trial = 0; trial < 50; ++trial) {
    const V p1 = noise.vec(), q1 = noise.vec(), p2 = noise.vec(), q2 = noise.vec();
    const auto cp = cosserat_closest_points(p1, q1, p2, q2);
    double best = 1e300;
    for (int i = 0; i <= 100; ++i)
      for (int j = 0; j <= 100; ++j)
        best = std::min(best, (p1 + (q1 - p1) * (i / 100.0) - p2 - (q2 - p2) * (j / 100.0)).norm());
    EXPECT_LE(distance(cp), best + 1e-14);
    EXPECT_GE(distance(cp), best - 2e-2);
  }
}

}  // namespace
