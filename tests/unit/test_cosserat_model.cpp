// The shared Cosserat physics (include/rodswarm/models/cosserat*.hpp) on the host: SO(3) maps, Gauss's
// principle at the accelerations the stepper uses, conservation laws of the schemes, the half-Voronoi clamp's
// second order, the stress-free helix, constraints, divergence, and independence from the iteration order
// inside a pass (what the CUDA block loop relies on).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "cosserat_test_rod.hpp"
#include "rodswarm/models/cosserat_diagnostics.hpp"

namespace rodswarm::cosserat {
namespace {

using test::TestRod;
using V3 = Vec3<double>;

/// Visits indices in reverse: a pass whose result depends on the visiting order would differ from SequentialLoop.
struct ReverseLoop {
  static constexpr bool serial = true;
  template <class F>
  void for_each(int n, F&& f) const {
    for (int j = n - 1; j >= 0; --j) f(j);
  }
  bool sync_or(bool flag) const { return flag; }
};

TEST(CosseratModel, So3ExpLogRoundTripIncludingNearPi) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  for (double angle : {1e-9, 1e-5, 0.3, 2.0, 3.0, 3.1399, 3.14159}) {
    V3 axis{u(rng), u(rng), u(rng)};
    axis = (1 / norm(axis)) * axis;
    const V3 a = angle * axis;
    const V3 back = so3_log(so3_exp(a));
    EXPECT_NEAR(norm(back - a), 0.0, 1e-12 * std::max(1.0, angle)) << angle;
  }
}

/// A bent, twisted, sheared, moving state of a clamped rod confined to a sphere (Gauss-imposed).
TestRod<double> constrained_rod() {
  TestRod<double> rod(8, 1.0, 0.02, 1e5, 4e4, 1000, 0.9);
  rod.p.end0 = EndKind::clamped;
  rod.p.constraints = ConstraintMethod::gauss;
  rod.p.surface = Surface::sphere;
  rod.p.surface_radius = 2.0;
  rod.p.surface_point[2] = 0.0;
  rod.p.g[1] = -9.81;
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  for (std::size_t q = 0; q < rod.x.size(); ++q) {
    rod.x[q] += 0.01 * u(rng);
    rod.v[q] = 0.1 * u(rng);
  }
  for (int i = 0; i < 8; ++i) {
    const Mat3<double> Q = so3_exp(V3{0.1 * u(rng), 0.1 * u(rng), 0.1 * u(rng)});
    store9(rod.Q.data() + 9 * i, Q);
    for (int a = 0; a < 3; ++a) rod.w[static_cast<std::size_t>(3 * i + a)] = u(rng);
  }
  return rod;
}

TEST(CosseratModel, GaussFunctionIsMinimalAtTheConstrainedAccelerations) {
  TestRod<double> rod = constrained_rod();
  const MemberIO<double> io = rod.io();
  const Shape s = shape_of(rod.p);
  const int Nd = s.nodes(), E = s.elements();
  std::vector<double> scratch(static_cast<std::size_t>(scratch_size(s)));
  const Scratch<double> c = carve_scratch(scratch.data(), s);
  const StateRef<double> y{io.x, io.v, io.Q, io.w, io.g};
  std::vector<double> af(3 * Nd), wf(3 * E), a(3 * Nd), wd(3 * E);
  const double t = 0.1, alpha = 50;
  evaluate(io.data, y, t, c, Mode::free, alpha, af.data(), wf.data(), static_cast<double*>(nullptr), SequentialLoop{});
  evaluate(io.data, y, t, c, Mode::constrained, alpha, a.data(), wd.data(), static_cast<double*>(nullptr),
           SequentialLoop{});
  auto zt = [&](const std::vector<double>& ax, const std::vector<double>& aw) {
    double z = 0;
    for (int j = 0; j < Nd; ++j) {
      const V3 d = load3(ax.data() + 3 * j) - load3(af.data() + 3 * j);
      z += 0.5 * c.mass[j] * dot(d, d);
    }
    for (int i = 0; i < E; ++i) {
      const V3 d = load3(aw.data() + 3 * i) - load3(wf.data() + 3 * i);
      z += 0.5 * dot(d, times_diag(element_inertia(io.data, c, i), d));
    }
    return z;
  };
  const double z_star = zt(a, wd);
  EXPECT_GT(z_star, 0.0);  // gravity and the elastic forces push off the sphere: the constraints work
  std::mt19937 rng(11);
  std::normal_distribution<double> n01;
  for (int trial = 0; trial < 20; ++trial) {
    // A perturbation in null(A): zero on the clamped node, tangent to the sphere on the others, any on elements.
    std::vector<double> da(3 * Nd), dw(3 * E);
    double quad = 0;
    for (int j = 1; j < Nd; ++j) {
      V3 d{n01(rng), n01(rng), n01(rng)};
      const SurfaceRow<double> row = surface_row(rod.p, load3(io.x + 3 * j), load3(io.v + 3 * j));
      d = d - dot(d, row.grad) / dot(row.grad, row.grad) * row.grad;
      store3(da.data() + 3 * j, d);
      quad += 0.5 * c.mass[j] * dot(d, d);
    }
    for (int i = 0; i < E; ++i) {
      const V3 d{n01(rng), n01(rng), n01(rng)};
      store3(dw.data() + 3 * i, d);
      quad += 0.5 * dot(d, times_diag(element_inertia(io.data, c, i), d));
    }
    std::vector<double> ap(a), wp(wd);
    for (std::size_t q = 0; q < ap.size(); ++q) ap[q] += da[q];
    for (std::size_t q = 0; q < wp.size(); ++q) wp[q] += dw[q];
    // The increase is 1/2 da^T M da exactly: the cross term da^T M (a* - a_f) = da^T A^T lambda vanishes. The
    // difference of two Z_t values carries the round-off of Z_t(a*) itself, hence the tolerance's scale.
    const double gain = zt(ap, wp) - z_star;
    EXPECT_NEAR(gain, quad, 1e-12 * (z_star + quad)) << "trial " << trial;
    double cross_term = 0;
    for (int j = 0; j < Nd; ++j)
      cross_term += c.mass[j] * dot(load3(da.data() + 3 * j), load3(a.data() + 3 * j) - load3(af.data() + 3 * j));
    for (int i = 0; i < E; ++i)
      cross_term += dot(load3(dw.data() + 3 * i), times_diag(element_inertia(io.data, c, i),
                                                             load3(wd.data() + 3 * i) - load3(wf.data() + 3 * i)));
    EXPECT_LT(std::fabs(cross_term), 1e-12 * std::sqrt(4 * z_star * quad)) << "trial " << trial;
    // A perturbation along the sphere's normal at one node violates the constraint row there.
    const SurfaceRow<double> row = surface_row(rod.p, load3(io.x + 3), load3(io.v + 3));
    EXPECT_GT(std::fabs(dot(row.grad, row.grad)), 0.5);
  }
}

TEST(CosseratModel, FreeSpinAboutTheAxisConservesAngularMomentumAndEnergyUnderVerlet) {
  TestRod<double> rod(6, 1.0, 0.05, 1e6, 4e5, 1000, 0.9);
  for (int i = 0; i < 6; ++i) rod.w[static_cast<std::size_t>(3 * i + 2)] = 40.0;
  Diagnostics<double> d;
  const double e0 = d.energy(rod.io(), 0).total();
  const auto out = rod.advance(1e-4, 0, 2000);
  ASSERT_EQ(out.status, status_ok);
  const double e1 = d.energy(rod.io(), 0.2).total();
  EXPECT_NEAR(e1, e0, 1e-12 * e0);
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(rod.w[static_cast<std::size_t>(3 * i + 2)], 40.0, 1e-11);
}

/// Relative energy drift of a free, bent, moving rod over t = 0.02 at three time steps.
std::vector<double> energy_errors(Scheme scheme) {
  std::vector<double> errors;
  for (double dt : {4e-5, 2e-5, 1e-5}) {
    TestRod<double> rod(6, 0.5, 0.02, 1e5, 4e4, 1000, 0.9);
    rod.p.scheme = scheme;
    for (int j = 0; j <= 6; ++j) rod.v[static_cast<std::size_t>(3 * j)] = 0.2 * std::sin(0.9 * j);
    for (int i = 0; i < 6; ++i) rod.w[static_cast<std::size_t>(3 * i + 1)] = 3 * std::cos(1.3 * i);
    Diagnostics<double> d;
    const double e0 = d.energy(rod.io(), 0).total();
    const auto steps = std::llround(0.02 / dt);
    rod.advance(dt, 0, steps);
    errors.push_back(std::fabs(d.energy(rod.io(), 0.02).total() - e0) / e0);
  }
  return errors;
}

TEST(CosseratModel, EnergyErrorConvergesAtTheSchemesOrder) {
  const auto verlet = energy_errors(Scheme::verlet);
  const auto rk4 = energy_errors(Scheme::rk4);
  const double pv = std::log2(verlet[1] / verlet[2]), pr = std::log2(rk4[1] / rk4[2]);
  std::printf("energy errors: verlet %.3e %.3e %.3e (order %.2f), rk4 %.3e %.3e %.3e (order %.2f)\n", verlet[0],
              verlet[1], verlet[2], pv, rk4[0], rk4[1], rk4[2], pr);
  EXPECT_NEAR(pv, 2.0, 0.4);
  EXPECT_GT(pr, 3.5);
}

/// Tip deflection of a clamped cantilever with a small tip load, relaxed by damped dynamics.
double cantilever_tip(int n) {
  const double L = 1, r = 0.02, E = 1e6, G = E / 3, rho = 1000, ks = 0.9;
  TestRod<double> rod(n, L, r, E, G, rho, ks);
  rod.p.end0 = EndKind::clamped;
  rod.p.force1[0] = 1e-4;
  rod.p.damping_force = rod.p.damping_torque = 2;
  const double wmax = std::sqrt(4 * E / (rho * (L / n) * (L / n)) + 4 * ks * G / (rho * r * r));
  const double dt = 0.5 / wmax;
  rod.advance(dt, 0, std::llround(40.0 / dt));
  return rod.x[static_cast<std::size_t>(3 * n)];
}

TEST(CosseratModel, HalfVoronoiClampGivesSecondOrderCantileverDeflectionWithShear) {
  const double r = 0.02, E = 1e6, G = E / 3, ks = 0.9;
  const Section<double> sec = circle(r);
  const double exact = 1e-4 / (3 * E * sec.I1) + 1e-4 / (ks * G * sec.A);  // Timoshenko, L = 1
  double err[3];
  const int ns[3] = {6, 12, 24};
  for (int k = 0; k < 3; ++k) err[k] = std::fabs(cantilever_tip(ns[k]) / exact - 1);
  const double p1 = std::log2(err[0] / err[1]), p2 = std::log2(err[1] / err[2]);
  std::printf("cantilever (ks = 0.9): relative errors %.3e %.3e %.3e, orders %.2f %.2f\n", err[0], err[1], err[2], p1,
              p2);
  EXPECT_NEAR(p2, 2.0, 0.3);
  EXPECT_LT(err[2], 2e-3);
}

TEST(CosseratModel, StressFreeHelixStaysAtRest) {
  const int n = 12;
  TestRod<double> rod(n, 1.0, 0.01, 1e6, 4e5, 1000, 0.9);
  rod.p.scheme = Scheme::rk4;
  // A helix of radius a, pitch c per radian; d3 along each chord, d1 towards the axis.
  const double a = 0.2, c = 0.05;
  for (int j = 0; j <= n; ++j) {
    const double s = 0.6 * j;
    store3(rod.x.data() + 3 * j, V3{a * std::cos(s), a * std::sin(s), c * s});
  }
  for (int i = 0; i < n; ++i) {
    const V3 t = load3(rod.x.data() + 3 * (i + 1)) - load3(rod.x.data() + 3 * i);
    const V3 d3 = (1 / norm(t)) * t;
    const double sm = 0.6 * (i + 0.5);
    V3 d1{-std::cos(sm), -std::sin(sm), 0};
    d1 = d1 - dot(d1, d3) * d3;
    d1 = (1 / norm(d1)) * d1;
    store9(rod.Q.data() + 9 * i, Mat3<double>::from_rows(d1, cross(d3, d1), d3));
    rod.l0[static_cast<std::size_t>(i)] = norm(t);
  }
  for (int k = 0; k + 1 < n; ++k) {
    const double Dh = 0.5 * (rod.l0[static_cast<std::size_t>(k)] + rod.l0[static_cast<std::size_t>(k + 1)]);
    const V3 kappa =
        (1 / Dh) * so3_log(times_transpose(load9(rod.Q.data() + 9 * k), load9(rod.Q.data() + 9 * (k + 1))));
    store3(rod.kappa_hat.data() + 3 * k, kappa);
  }
  for (int i = 0; i < n; ++i) {
    const V3 t = load3(rod.x.data() + 3 * (i + 1)) - load3(rod.x.data() + 3 * i);
    store3(rod.sigma_hat.data() + 3 * i,
           (1 / rod.l0[static_cast<std::size_t>(i)]) * (load9(rod.Q.data() + 9 * i) * t) - V3{0, 0, 1});
  }
  const std::vector<double> x0 = rod.x;
  rod.advance(1e-5, 0, 500);
  double moved = 0;
  for (std::size_t q = 0; q < x0.size(); ++q) moved = std::max(moved, std::fabs(rod.x[q] - x0[q]));
  EXPECT_LT(moved, 1e-13);
}

TEST(CosseratModel, SurfaceConstraintHoldsAndClampStaysPut) {
  TestRod<double> rod = constrained_rod();
  // Start on the sphere with velocities tangent to it.
  for (int j = 1; j <= 8; ++j) {
    V3 x = load3(rod.x.data() + 3 * j);
    x = (2.0 / norm(x)) * x;
    store3(rod.x.data() + 3 * j, x);
    V3 v = load3(rod.v.data() + 3 * j);
    v = v - dot(v, x) / 4.0 * x;
    store3(rod.v.data() + 3 * j, v);
  }
  rod.x[0] = rod.x[1] = 0;
  rod.x[2] = -2.0;
  rod.clamp[0] = 0, rod.clamp[1] = 0, rod.clamp[2] = -2.0;
  rod.v[0] = rod.v[1] = rod.v[2] = 0;
  const double dt = 2e-5;
  const auto out = rod.advance(dt, 0, 2000);
  ASSERT_EQ(out.status, status_ok);
  Diagnostics<double> d;
  const Gauss g = d.gauss(rod.io(), 2000 * dt, dt);
  std::printf("violation after 2000 steps: %.3e, Z_t = %.3e\n", g.violation, g.zt);
  EXPECT_LT(g.violation, 1e-9);
}

TEST(CosseratModel, DivergingMemberIsFlagged) {
  TestRod<double> rod(4, 1.0, 0.01, 1e6, 4e5, 1000, 0.9);
  rod.v[3] = 1e12;
  EXPECT_EQ(rod.advance(1e-3, 0, 10).status, status_diverged);
}

TEST(CosseratModel, PassesDoNotDependOnTheVisitingOrder) {
  for (Scheme scheme : {Scheme::verlet, Scheme::rk4}) {
    TestRod<double> a = constrained_rod();
    a.p.scheme = scheme;
    a.p.self_contact = true;
    a.p.plane = true;
    a.p.plane_point[1] = -0.0;
    a.p.contact_stiffness = 1e3;
    a.p.mu_static[0] = a.p.mu_static[1] = a.p.mu_static[2] = 0.5;
    a.p.mu_kinetic[0] = a.p.mu_kinetic[1] = a.p.mu_kinetic[2] = 0.3;
    a.p.growth = GrowthLaw::lockhart;
    a.p.lockhart_phi = 1e-3;
    TestRod<double> b = a;
    a.advance(1e-5, 0, 50);
    b.work.assign(static_cast<std::size_t>(workspace_size(b.p.scheme, shape_of(b.p))), 0);
    advance_member(b.io(), 1e-5, 0, 50, b.work.data(), ReverseLoop{});
    for (std::size_t q = 0; q < a.x.size(); ++q) ASSERT_EQ(a.x[q], b.x[q]) << q;
    for (std::size_t q = 0; q < a.Q.size(); ++q) ASSERT_EQ(a.Q[q], b.Q[q]) << q;
  }
}

}  // namespace
}  // namespace rodswarm::cosserat
