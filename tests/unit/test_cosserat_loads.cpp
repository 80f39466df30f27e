// The distributed-load list of a cosserat rod (params.loads, cosserat_loads.hpp) against closed forms, through the
// shared physics and the model's Newton statics (src/models/cosserat_statics.hpp):
//   - a travelling-wave force frozen in time, q(s) = a sin(pi s / L), on a pinned-sliding beam: the Timoshenko
//     beam's w(s) = a (1 / (EI k^4) + 1 / (kappa_s G A k^2)) sin(k s), k = pi / L, at order 2 in the elements;
//   - a uniform force a sin(phi - omega t) (k = 0) on a free rod: its centre of mass follows the closed form of
//     x'' = (a / (rho A)) sin(phi - omega t), at each scheme's order in dt (the time the stages read);
//   - anisotropic drag in a flow U on a free straight rod: each velocity component along d_k relaxes to U's as
//     exp(-c_k t / (rho A)), measured order in dt per scheme;
//   - a couple wave in the element's own frame equals the lab couple Q^T m on a turned rod (the frame it is read in);
//   - an undulating swimmer (a body couple wave) under isotropic drag keeps its centre of mass to round-off (the drag
//     on each node is c/(rho A) times its momentum, so the total momentum stays zero) and swims head first, against
//     the wave, when the drag across it exceeds the drag along it (resistive-force theory's thrust);
//   - a ring under a travelling wave of whole periods round it and a body couple wave keeps its repeated node equal
//     to node 0 bit for bit, and its centre of mass where it was (the wave's force sums to zero round it).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

#include "cosserat_test_ring.hpp"
#include "cosserat_test_rod.hpp"
#include "models/cosserat_statics.hpp"

namespace rodswarm {
namespace {

using Rod = cosserat::test::TestRod<double>;

constexpr double L = 1, rho = 1000, E = 1e6, Gm = E / 3, kappa_s = 0.9;

double area(double r) { return M_PI * r * r; }
double second_moment(double r) { return M_PI * std::pow(r, 4) / 4; }

/// Appends entry `law` with vector a (amplitude or drag coefficients) to the rod's load list.
int add_load(Rod& rod, cosserat::LoadLaw law, std::array<double, 3> a) {
  const int l = rod.p.loads++;
  rod.p.load_law[l] = law;
  for (int c = 0; c < 3; ++c) rod.p.load_vector[3 * l + c] = a[c];
  return l;
}

// A beam along z pinned at node 0, on a roller along z at node n (no axial force), under q(s) = a sin(pi s / L) in
// x: Newton's deflection against the Timoshenko beam's, order 2 in n.
TEST(CosseratLoads, AFrozenSineWaveBendsAPinnedBeamAsTheClosedFormAtOrderTwo) {
  const double r = 0.01, k = M_PI / L;
  const double compliance = 1 / (E * second_moment(r) * std::pow(k, 4)) + 1 / (kappa_s * Gm * area(r) * k * k);
  const double a = 1e-4 * L / compliance;  // midspan deflection 1e-4 L: geometric nonlinearity near 1e-8
  std::vector<double> err;
  for (const int n : {10, 20, 40}) {
    Rod rod(n, L, r, E, Gm, rho, kappa_s);
    rod.p.end0 = cosserat::EndKind::pinned;
    rod.p.end1 = cosserat::EndKind::sliding;
    rod.p.slide_direction1[0] = 0;
    rod.p.slide_direction1[2] = 1;
    const int l = add_load(rod, cosserat::LoadLaw::force_wave, {a, 0, 0});
    rod.p.load_wavenumber[l] = k;
    cosserat::StaticsProblem problem(rod.io());
    const statics::EquilibriumResult eq = statics::solve_equilibrium(problem);
    ASSERT_TRUE(eq.converged) << n;
    double worst = 0;
    for (int j = 0; j <= n; ++j) {
      const double s = L * j / n;
      worst = std::max(worst, std::fabs(rod.x[3 * j] - a * compliance * std::sin(k * s)));
      EXPECT_LT(std::fabs(rod.x[3 * j + 1]), 1e-15) << j;
    }
    err.push_back(worst / (a * compliance));
    std::printf("n = %d: midspan %.9e m (closed form %.9e m), largest error %.3e of it, %d Newton iterations\n", n,
                rod.x[3 * (n / 2)], a * compliance, err.back(), eq.iterations);
  }
  const double order = std::log2(err[1] / err[2]);
  std::printf("orders %.2f %.2f\n", std::log2(err[0] / err[1]), order);
  EXPECT_LT(err[2], 2e-3);
  EXPECT_NEAR(order, 2.0, 0.2);
}

/// A free rod along z at rest with one uniform wave force (k = 0) a sin(phi - omega t) across it: the x of its
/// centre of mass at T, by `scheme` with dt.
double wave_driven_centre(cosserat::Scheme scheme, double dt, double T) {
  const int n = 8;
  Rod rod(n, L, 0.02, E, Gm, rho, kappa_s);
  rod.p.scheme = scheme;
  const int l = add_load(rod, cosserat::LoadLaw::force_wave, {3.0, 0, 0});
  rod.p.load_frequency[l] = 2 * M_PI * 15;
  rod.p.load_phase[l] = 0.7;
  const auto steps = static_cast<std::int64_t>(std::llround(T / dt));
  EXPECT_EQ(rod.advance(dt, 0, steps).status, status_ok);
  double sum = 0;  // nodes of equal elements: mass 1/2 at the ends
  for (int j = 0; j <= n; ++j) sum += (j == 0 || j == n ? 0.5 : 1.0) * rod.x[3 * j];
  return sum / n;
}

TEST(CosseratLoads, AUniformWaveInTimeMovesTheCentreOfMassAsTheClosedFormAtEachSchemesOrder) {
  // omega dt from 0.09 to 0.02: the time error well above round-off for both schemes.
  const double a0 = 3.0 / (rho * area(0.02)), omega = 2 * M_PI * 15, phi = 0.7, T = 0.5;
  // x'' = a0 sin(phi - omega t), x(0) = x'(0) = 0.
  const double closed =
      a0 / (omega * omega) * (std::sin(phi) - std::sin(phi - omega * T)) - a0 / omega * std::cos(phi) * T;
  for (const auto scheme : {cosserat::Scheme::verlet, cosserat::Scheme::rk4}) {
    std::vector<double> err;
    for (const double dt : {1e-3, 5e-4, 2.5e-4}) err.push_back(std::fabs(wave_driven_centre(scheme, dt, T) - closed));
    const double order = std::log2(err[1] / err[2]);
    std::printf("%s: centre of mass at T %.6e m (closed form %.6e m), errors %.2e %.2e %.2e, orders %.2f %.2f\n",
                scheme == cosserat::Scheme::rk4 ? "rk4" : "verlet", closed + err[2], closed, err[0], err[1], err[2],
                std::log2(err[0] / err[1]), order);
    EXPECT_NEAR(order, scheme == cosserat::Scheme::rk4 ? 4.0 : 2.0, 0.2);
    EXPECT_LT(err[2], (scheme == cosserat::Scheme::rk4 ? 1e-9 : 1e-4) * std::fabs(closed));
  }
}

/// A free straight rod along its d3, its frame Q (rows d1, d2, d3) turned from the lab's by 1.1 rad about
/// (1, 2, 3) / |.| (no symmetry: Q and Q^T differ), moving at v0 in a medium flowing at U under drag c: the largest
/// difference over its nodes between the velocity at T and the closed form U + Q^T diag(exp(-c_k T / (rho A))) Q
/// (v0 - U): each component along a director relaxes on its own.
double drag_error(cosserat::Scheme scheme, double dt, double T) {
  const int n = 6;
  const double r = 0.02;
  const std::array<double, 3> c{100.0, 150.0, 50.0}, U{0.1, -0.05, 0.0}, v0{0.3, 0.0, 0.2};
  Rod rod(n, L, r, E, Gm, rho, kappa_s);
  rod.p.scheme = scheme;
  const Mat3<double> Q = transpose(so3_exp((1.1 / std::sqrt(14.0)) * Vec3<double>{1, 2, 3}));
  for (int i = 0; i < n; ++i) store9(rod.Q.data() + 9 * i, Q);
  for (int j = 0; j <= n; ++j) store3(rod.x.data() + 3 * j, (L * j / n) * Q.row(2));
  const int l = add_load(rod, cosserat::LoadLaw::drag, c);
  for (int q = 0; q < 3; ++q) rod.p.load_flow[3 * l + q] = U[q];
  for (int j = 0; j <= n; ++j)
    for (int q = 0; q < 3; ++q) rod.v[3 * j + q] = v0[q];
  const auto steps = static_cast<std::int64_t>(std::llround(T / dt));
  EXPECT_EQ(rod.advance(dt, 0, steps).status, status_ok);
  const Vec3<double> u{U[0], U[1], U[2]};
  Vec3<double> body = Q * (Vec3<double>{v0[0], v0[1], v0[2]} - u);
  body = Vec3<double>{body.x * std::exp(-c[0] * T / (rho * area(r))), body.y * std::exp(-c[1] * T / (rho * area(r))),
                      body.z * std::exp(-c[2] * T / (rho * area(r)))};
  const Vec3<double> closed = u + transpose_times(Q, body);
  double error = 0;
  for (int j = 0; j <= n; ++j) error = std::max(error, norm(load3(rod.v.data() + 3 * j) - closed));
  return error;
}

TEST(CosseratLoads, AnisotropicDragRelaxesEachAxisToTheFlowAsItsExponential) {
  // Rates c_k / (rho A) of 40 to 119 1/s (c_k T / (rho A) = 2 to 6): rate dt from 0.12 to 0.03, so that RK4's
  // error stands above round-off.
  const double T = 0.05;
  for (const auto scheme : {cosserat::Scheme::verlet, cosserat::Scheme::rk4}) {
    std::vector<double> err;
    for (const double dt : {1e-3, 5e-4, 2.5e-4}) err.push_back(drag_error(scheme, dt, T));
    const double order = std::log2(err[1] / err[2]);
    std::printf("%s: velocity errors %.2e %.2e %.2e m/s, orders %.2f %.2f\n",
                scheme == cosserat::Scheme::rk4 ? "rk4" : "verlet", err[0], err[1], err[2], std::log2(err[0] / err[1]),
                order);
    // Position Verlet reads the velocity at the step's start in velocity-dependent forces: first order there
    // (docs "Distributed loads"); RK4 keeps its fourth.
    EXPECT_NEAR(order, scheme == cosserat::Scheme::rk4 ? 4.0 : 1.0, 0.2);
  }
}

// A rod turned by a rotation R (Q = R: rows d1, d2, d3 not the lab axes) under a couple wave in its own frame m
// gets the same static couples as under the lab wave Q^T m; the lab wave m itself gives others.
TEST(CosseratLoads, ACoupleWaveInTheBodyFrameIsReadInTheElementsFrame) {
  const int n = 6;
  const double th = 0.6, cs = std::cos(th), sn = std::sin(th);
  const double R[9] = {cs, sn, 0, -sn, cs, 0, 0, 0, 1};  // rows: d1, d2 turned about z, d3 = z
  const std::array<double, 3> m{0.4, -0.2, 0.3};
  const auto couples = [&](cosserat::LoadLaw law, std::array<double, 3> a) {
    Rod rod(n, L, 0.02, E, Gm, rho, kappa_s);
    for (int i = 0; i < n; ++i) std::copy(R, R + 9, rod.Q.begin() + 9 * i);
    const int l = add_load(rod, law, a);
    rod.p.load_wavenumber[l] = 2.0;
    rod.p.load_phase[l] = 0.3;
    cosserat::StaticsProblem problem(rod.io());
    const statics::ReducedSystem s = problem.system(1.0);
    return std::vector<double>(s.F.data(), s.F.data() + s.F.size());
  };
  const std::array<double, 3> lab{R[0] * m[0] + R[3] * m[1] + R[6] * m[2], R[1] * m[0] + R[4] * m[1] + R[7] * m[2],
                                  R[2] * m[0] + R[5] * m[1] + R[8] * m[2]};  // Q^T m
  const std::vector<double> body = couples(cosserat::LoadLaw::body_couple_wave, m);
  const std::vector<double> same = couples(cosserat::LoadLaw::couple_wave, lab);
  const std::vector<double> other = couples(cosserat::LoadLaw::couple_wave, m);
  double diff = 0, apart = 0, size = 0;
  for (std::size_t q = 0; q < body.size(); ++q) {
    diff = std::max(diff, std::fabs(body[q] - same[q]));
    apart = std::max(apart, std::fabs(body[q] - other[q]));
    size = std::max(size, std::fabs(body[q]));
  }
  std::printf("body frame against lab Q^T m: %.1e; against lab m: %.1e (largest couple %.3e)\n", diff, apart, size);
  EXPECT_GT(size, 1e-3);
  EXPECT_LT(diff, 1e-15 * 10);
  EXPECT_GT(apart, 1e-2 * size);
}

/// A free rod along +z driven by the body couple wave (20, 0, 0) N m/m, k = omega = 2 pi (one wave along it, 1 Hz,
/// travelling from node 0 to node n) in drag (c_across, c_across, 5): its centre of mass after 3 s.
std::array<double, 3> swimmer_centre(double c_across) {
  const int n = 20;
  Rod rod(n, L, 0.025, 1e7, 1e7 / 3, rho, kappa_s);
  int l = add_load(rod, cosserat::LoadLaw::body_couple_wave, {20.0, 0, 0});
  rod.p.load_wavenumber[l] = 2 * M_PI;
  rod.p.load_frequency[l] = 2 * M_PI;
  add_load(rod, cosserat::LoadLaw::drag, {c_across, c_across, 5.0});
  EXPECT_EQ(rod.advance(1e-4, 0, 30000).status, status_ok);
  std::array<double, 3> sum{0, 0, 0};
  for (int j = 0; j <= n; ++j)
    for (int q = 0; q < 3; ++q) sum[q] += (j == 0 || j == n ? 0.5 : 1.0) * rod.x[3 * j + q] / n;
  return sum;
}

TEST(CosseratLoads, AnUndulatingSwimmerSwimsHeadFirstOnlyWhenDragIsAnisotropic) {
  const std::array<double, 3> still = swimmer_centre(5.0), swims = swimmer_centre(10.0);
  std::printf("isotropic drag: centre of mass moved (%.1e, %.1e, %.1e) m; across twice along: (%.4f, %.4f, %.4f) m\n",
              still[0], still[1], still[2] - 0.5 * L, swims[0], swims[1], swims[2] - 0.5 * L);
  for (int q = 0; q < 3; ++q) EXPECT_LT(std::fabs(still[q] - (q == 2 ? 0.5 * L : 0.0)), 1e-12) << q;
  EXPECT_LT(swims[2] - 0.5 * L, -0.02);   // head (node 0) first: towards -z, against the wave
  EXPECT_LT(std::fabs(swims[0]), 1e-12);  // the undulation stays in the plane x = 0
}

/// A ring of 16 elements under a travelling wave force of `waves` wavelengths round it and a body couple wave,
/// with drag when `drag`, for 0.4 s: the largest height out of its plane and how far its centre of mass moved;
/// node n must equal node 0 bit for bit throughout.
std::array<double, 2> ring_under_waves(double waves, bool drag) {
  const int n = 16;
  Rod rod = cosserat::test::ring(n, false, 0.0);
  const double k = 2 * M_PI * waves / cosserat::test::L;
  int l = add_load(rod, cosserat::LoadLaw::force_wave, {0, 0, 0.05});
  rod.p.load_wavenumber[l] = k;
  rod.p.load_frequency[l] = 2 * M_PI * 3;
  l = add_load(rod, cosserat::LoadLaw::body_couple_wave, {0.002, 0, 0.001});
  rod.p.load_wavenumber[l] = k;
  rod.p.load_frequency[l] = 2 * M_PI * 3;
  if (drag) add_load(rod, cosserat::LoadLaw::drag, {0.3, 0.2, 0.1});
  const auto centre = [&] {
    std::array<double, 3> sum{0, 0, 0};
    for (int j = 0; j < n; ++j)
      for (int q = 0; q < 3; ++q) sum[q] += rod.x[3 * j + q] / n;
    return sum;
  };
  const std::array<double, 3> c0 = centre();
  double height = 0, moved = 0;
  for (int block = 0; block < 10; ++block) {
    EXPECT_EQ(rod.advance(2e-5, 2000 * block, 2000).status, status_ok);
    for (int q = 0; q < 3; ++q) {
      EXPECT_EQ(rod.x[3 * n + q], rod.x[q]) << block;
      EXPECT_EQ(rod.v[3 * n + q], rod.v[q]) << block;
    }
    for (int j = 0; j < n; ++j) height = std::max(height, std::fabs(rod.x[3 * j + 2]));
    const std::array<double, 3> c = centre();
    moved = std::max(moved, std::hypot(c[0] - c0[0], c[1] - c0[1], c[2] - c0[2]));
  }
  std::printf("ring under %.2f waves%s for 0.4 s: largest height %.3e m, centre of mass moved %.1e m\n", waves,
              drag ? " with drag" : "", height, moved);
  return {height, moved};
}

TEST(CosseratLoads, ARingUnderTravellingWavesKeepsItsRepeatedNodeAndItsCentreOfMass) {
  // Whole waves round the ring: the force sums to zero, so its centre of mass stays.
  const std::array<double, 2> whole = ring_under_waves(2.0, false);
  EXPECT_GT(whole[0], 1e-4);  // the waves did move it
  EXPECT_LT(whole[1], 1e-12);
  // Not whole, and with drag (node 0 and node n both between elements n - 1 and 0): a net force moves it, node n
  // still node 0.
  const std::array<double, 2> part = ring_under_waves(2.3, true);
  EXPECT_GT(part[1], 1e-4);
}

}  // namespace
}  // namespace rodswarm
