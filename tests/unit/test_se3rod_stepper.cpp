// The se3rod stepper (models/se3rod_stepper.hpp) on small rods, against closed forms and its schemes' orders: the
// axial and torsional frequencies of one segment between two half masses, the order of RKMK4 (4) and Lie-Euler (1)
// measured on a tumbling, bending free rod over three step sizes, RKMK4's energy error at its order, and the ends.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "rodswarm/integrators/bead_loop.hpp"
#include "rodswarm/models/se3rod_stepper.hpp"
#include "se3rod_test_rod.hpp"

namespace rodswarm {
namespace {

using namespace se3rod::test;

/// A member's arrays: the straight, stress-free rod of se3rod_test_rod.hpp, at rest, with its workspace.
struct Rod : se3rod::test::Rod {
  std::vector<double> twist, work;
  explicit Rod(const P& params) : se3rod::test::Rod(params) {
    twist.assign(6 * static_cast<std::size_t>(p.n), 0.0);
    work.assign(static_cast<std::size_t>(se3rod::workspace_size(p.n)), 0.0);
  }
  se3rod::MemberIO<double> io() { return {pose.data(), twist.data(), rest.data()}; }
  Outcome advance(double dt, std::int64_t steps) {
    return se3rod::advance_member(io(), p, dt, steps, work.data(), SequentialLoop{});
  }
  double energy() { return se3rod::energy(io(), p).total(); }
  G node(int k) const { return se3rod::load_pose(pose.data() + 12 * k); }
};

/// Segments of 0.1, radius 0.02.
P steel_like(int n) { return test_params(n, 0.1, 0.02); }

/// The time of the first return of f to a maximum, from samples every dt (a parabola through the three samples
/// around the peak).
double first_period(const std::vector<double>& f, double dt) {
  for (std::size_t i = 2; i + 1 < f.size(); ++i) {
    if (f[i] > f[i - 1] && f[i] >= f[i + 1] && f[i] > 0.5 * f[0]) {
      const double a = f[i - 1], b = f[i], c = f[i + 1];
      return dt * (static_cast<double>(i) + 0.5 * (a - c) / (a - 2 * b + c));
    }
  }
  return NAN;
}

// One segment, two half masses rho A h / 2, spring E A / h: axial omega = sqrt(4 E / (rho h^2)); a twist between
// the two sections, inertia rho I3 h / 2 each and spring G I3 / h: torsional omega = sqrt(4 G / (rho h^2)).
TEST(Se3rodStepper, OneSegmentVibratesAtItsAxialAndTorsionalFrequencies) {
  const P p = steel_like(2);
  const double dt = 1e-5;  // periods of 3100 and 5000 steps
  {
    Rod rod(p);
    rod.pose[12 + 11] = p.h * 1.001;  // stretched by 1e-3
    std::vector<double> length{rod.node(1).p.z - rod.node(0).p.z};
    for (int i = 0; i < 4000; ++i) {
      rod.advance(dt, 1);
      length.push_back(rod.node(1).p.z - rod.node(0).p.z);
    }
    const double omega = std::sqrt(4 * p.youngs_modulus / (p.density * p.h * p.h));
    std::printf("axial period %.8e, closed form %.8e\n", first_period(length, dt), 2 * M_PI / omega);
    EXPECT_NEAR(first_period(length, dt), 2 * M_PI / omega, 1e-5 * 2 * M_PI / omega);
  }
  {
    Rod rod(p);
    const G turned{so3_exp(Vec3<double>{0, 0, 1e-3}), {0, 0, p.h}};
    se3rod::store_pose(rod.pose.data() + 12, turned);
    auto angle = [&] { return so3_log(transpose(rod.node(0).R) * rod.node(1).R).z; };
    std::vector<double> twist{angle()};
    for (int i = 0; i < 6000; ++i) {
      rod.advance(dt, 1);
      twist.push_back(angle());
    }
    const double omega = std::sqrt(4 * p.shear_modulus / (p.density * p.h * p.h));
    std::printf("torsional period %.8e, closed form %.8e\n", first_period(twist, dt), 2 * M_PI / omega);
    EXPECT_NEAR(first_period(twist, dt), 2 * M_PI / omega, 1e-5 * 2 * M_PI / omega);
  }
}

/// The fundamental period of a free-free rod of n nodes started in its first axial (torsional) mode shape: node k
/// displaced along (turned about) the axis by a cos(pi k / (n - 1)).
double free_free_period(int n, bool torsion) {
  P p = steel_like(n);
  p.h = 1.0 / (n - 1);
  Rod rod(p);
  const double a = 1e-6;
  for (int k = 0; k < n; ++k) {
    const double u = a * std::cos(M_PI * k / (n - 1));
    const G g =
        torsion ? G{so3_exp(Vec3<double>{0, 0, u}), {0, 0, k * p.h}} : G{Mat3<double>::identity(), {0, 0, k * p.h + u}};
    se3rod::store_pose(rod.pose.data() + 12 * k, g);
  }
  const double dt = 2e-4;
  std::vector<double> end{a};
  for (int i = 0; i < 2000; ++i) {
    rod.advance(dt, 1);
    end.push_back(torsion ? so3_log(rod.node(0).R).z : rod.node(0).p.z);
  }
  return first_period(end, dt);
}

// The lumped chain's fundamental is exactly omega_1 = (2 c / h) sin(pi h / (2 L)) (c = sqrt(E/rho) axially,
// sqrt(G/rho) in torsion), which tends to pi c / L at O(h^2): both, measured at three resolutions.
TEST(Se3rodStepper, AxialAndTorsionalWavesConvergeAtOrderTwo) {
  const P material = steel_like(2);
  for (const bool torsion : {false, true}) {
    const double c = std::sqrt((torsion ? material.shear_modulus : material.youngs_modulus) / material.density);
    std::vector<double> error;
    for (const int n : {6, 11, 21}) {
      const double h = 1.0 / (n - 1), measured = free_free_period(n, torsion);
      const double discrete = 2 * M_PI / ((2 * c / h) * std::sin(M_PI * h / 2)), continuum = 2.0 / c;
      EXPECT_NEAR(measured, discrete, 1e-6 * discrete) << n;
      error.push_back(std::fabs(measured - continuum) / continuum);
    }
    std::printf("%s: period errors %.3e %.3e %.3e, orders %.2f %.2f\n", torsion ? "torsional" : "axial", error[0],
                error[1], error[2], std::log2(error[0] / error[1]), std::log2(error[1] / error[2]));
    EXPECT_NEAR(std::log2(error[1] / error[2]), 2.0, 0.1);
  }
}

/// A free rod of 6 nodes, bent, twisted and spinning: every node has its own rotation and twist.
Rod tumbling_rod(se3rod::Scheme scheme) {
  P p = steel_like(6);
  p.scheme = scheme;
  Rod rod(p);
  for (int k = 0; k < p.n; ++k) {
    const double s = k * p.h;
    const G g = se3_exp(T{{0.3 * s, 0.8 * s, 0.2 * s * s}, {0.01 * s, 0, s}});
    se3rod::store_pose(rod.pose.data() + 12 * k, g);
    se3rod::store_twist(rod.twist.data() + 6 * k, T{{1.0 + k, -0.5 * k, 2.0}, {0.1 * k, 0.2, -0.05 * k}});
  }
  return rod;
}

double pose_distance(const Rod& a, const Rod& b) {
  double d = 0;
  for (std::size_t q = 0; q < a.pose.size(); ++q) d = std::max(d, std::fabs(a.pose[q] - b.pose[q]));
  return d;
}

/// Error at t_end of dt, dt/2, dt/4 against RKMK4 at dt/32 (the solution to 1e-17), and the orders log2 of the
/// ratios.
std::vector<double> measured_orders(se3rod::Scheme scheme, double dt, int steps) {
  Rod fine = tumbling_rod(se3rod::Scheme::rkmk4);
  fine.advance(dt / 32, 32 * steps);
  std::vector<double> error;
  for (int r = 1; r <= 4; r *= 2) {
    Rod rod = tumbling_rod(scheme);
    EXPECT_EQ(rod.advance(dt / r, r * steps).status, status_ok);
    error.push_back(pose_distance(rod, fine));
  }
  std::printf("errors %.3e %.3e %.3e, orders %.2f %.2f\n", error[0], error[1], error[2], std::log2(error[0] / error[1]),
              std::log2(error[1] / error[2]));
  return {std::log2(error[0] / error[1]), std::log2(error[1] / error[2])};
}

TEST(Se3rodStepper, Rkmk4ConvergesAtOrderFour) {
  for (const double order : measured_orders(se3rod::Scheme::rkmk4, 4e-5, 50)) EXPECT_NEAR(order, 4.0, 0.3);
}

TEST(Se3rodStepper, LieEulerConvergesAtOrderOne) {
  for (const double order : measured_orders(se3rod::Scheme::lie_euler, 2e-6, 50)) EXPECT_NEAR(order, 1.0, 0.15);
}

TEST(Se3rodStepper, Rkmk4EnergyErrorIsFourthOrder) {
  std::vector<double> drift;
  for (int r = 1; r <= 2; r *= 2) {
    Rod rod = tumbling_rod(se3rod::Scheme::rkmk4);
    const double e0 = rod.energy();
    rod.advance(4e-5 / r, 200 * r);
    drift.push_back(std::fabs(rod.energy() - e0) / e0);
  }
  std::printf("energy drift %.3e %.3e, order %.2f\n", drift[0], drift[1], std::log2(drift[0] / drift[1]));
  EXPECT_GT(std::log2(drift[0] / drift[1]), 3.5);
  EXPECT_LT(drift[1], 1e-8);
}

/// The free rod's momentum in the lab: P = sum R m gamma, L = sum (R J omega + r x R m gamma).
T lab_momentum(const Rod& rod) {
  T total{{0, 0, 0}, {0, 0, 0}};
  for (int k = 0; k < rod.p.n; ++k) {
    const G g = rod.node(k);
    const T xi = se3rod::load_twist(rod.twist.data() + 6 * k), M = se3rod::node_inertia(rod.p, k);
    const T Mxi = se3rod::times_diagonal(M, xi);
    const Vec3<double> linear = g.R * Mxi.v;
    total.v = total.v + linear;
    total.w = total.w + g.R * Mxi.w + cross(g.p, linear);
  }
  return total;
}

// The internal forces are frame-indifferent (U depends on g_k^-1 g_{k+1} only), so a free rod keeps its linear and
// angular momentum; RKMK4 keeps them to its order. The gyroscopic term ad_xi^T rho H xi does no work, so only the
// momentum sees its sign.
TEST(Se3rodStepper, Rkmk4KeepsAFreeRodsMomentumToItsOrder) {
  std::vector<double> drift;
  for (int r = 1; r <= 2; r *= 2) {
    Rod rod = tumbling_rod(se3rod::Scheme::rkmk4);
    const T m0 = lab_momentum(rod);
    rod.advance(4e-5 / r, 200 * r);
    const T m1 = lab_momentum(rod);
    drift.push_back(std::max(norm(m1.w - m0.w) / norm(m0.w), norm(m1.v - m0.v) / norm(m0.v)));
  }
  std::printf("momentum drift %.3e %.3e, order %.2f\n", drift[0], drift[1], std::log2(drift[0] / drift[1]));
  EXPECT_LT(drift[1], 1e-9);
  EXPECT_GT(std::log2(drift[0] / drift[1]), 3.5);
}

TEST(Se3rodStepper, VariationalConvergesAtOrderTwo) {
  for (const double order : measured_orders(se3rod::Scheme::variational, 4e-5, 50)) EXPECT_NEAR(order, 2.0, 0.15);
}

// The discrete Euler-Poincare equations keep the discrete momentum map: a free rod's lab momentum to round-off,
// at any step size (the iteration is solved to round-off).
TEST(Se3rodStepper, VariationalKeepsAFreeRodsMomentumToRoundOff) {
  Rod rod = tumbling_rod(se3rod::Scheme::variational);
  const T m0 = lab_momentum(rod);
  ASSERT_EQ(rod.advance(2e-4, 2000).status, status_ok);
  const T m1 = lab_momentum(rod);
  const double drift = std::max(norm(m1.w - m0.w) / norm(m0.w), norm(m1.v - m0.v) / norm(m0.v));
  std::printf("momentum drift over 2000 steps: %.3e\n", drift);
  EXPECT_LT(drift, 1e-12);
}

/// max |E(t) - E(0)| / |E(0)| over each quarter of a run of `steps` steps of the scheme.
std::vector<double> energy_error_by_quarter(se3rod::Scheme scheme, double dt, int steps) {
  Rod rod = tumbling_rod(scheme);
  const double e0 = rod.energy();
  std::vector<double> worst(4, 0.0);
  for (int i = 0; i < steps; ++i) {
    rod.advance(dt, 1);
    const auto q = static_cast<std::size_t>(4 * i / steps);
    worst[q] = std::max(worst[q], std::fabs(rod.energy() - e0) / std::fabs(e0));
  }
  return worst;
}

// Over 10^5 steps at about a tenth of the stability bound, the variational integrator's energy error oscillates
// within a band that does not grow, where RKMK4's drifts away quarter after quarter.
TEST(Se3rodStepper, VariationalEnergyErrorStaysBoundedWhereRk4Drifts) {
  const double dt = 4e-4;
  const std::vector<double> lgvi = energy_error_by_quarter(se3rod::Scheme::variational, dt, 100000);
  const std::vector<double> rk4 = energy_error_by_quarter(se3rod::Scheme::rkmk4, dt, 100000);
  std::printf("energy error by quarter, variational: %.3e %.3e %.3e %.3e\n", lgvi[0], lgvi[1], lgvi[2], lgvi[3]);
  std::printf("energy error by quarter, RKMK4:       %.3e %.3e %.3e %.3e\n", rk4[0], rk4[1], rk4[2], rk4[3]);
  EXPECT_LT(lgvi[3], 1.5 * lgvi[0]);
  EXPECT_GT(rk4[3], 2.5 * rk4[0]);
}

// A clamped end keeps its pose and a pinned end its position under gravity, while the rest of the rod moves.
TEST(Se3rodStepper, EndsHoldWhatTheyHold) {
  for (const se3rod::End end : {se3rod::End::clamped, se3rod::End::pinned}) {
    P p = steel_like(5);
    p.end0 = end;
    p.gravity[0] = 9.81;
    Rod rod(p);
    const G start = rod.node(0);
    rod.advance(1e-5, 300);
    const G now = rod.node(0);
    EXPECT_LT(norm(now.p - start.p), 1e-15);
    if (end == se3rod::End::clamped) {
      EXPECT_LT(norm(so3_log(transpose(start.R) * now.R)), 1e-15);
    }
    EXPECT_GT(rod.node(4).p.x, 1e-5);  // the free end falls along gravity
  }
}

// A member whose step is far beyond the stability bound blows up and is flagged, not silently continued.
TEST(Se3rodStepper, ADivergingMemberIsFlagged) {
  Rod rod = tumbling_rod(se3rod::Scheme::rkmk4);
  const Outcome out = rod.advance(1e-2, 10000);
  EXPECT_EQ(out.status, status_diverged);
  EXPECT_LT(out.steps, 10000);
}

}  // namespace
}  // namespace rodswarm
