/// @file test_reference_nishinari_dynamics.cpp
/// RK4 trajectories of the Nishinari reference: energy conservation and its order in dt (conservative variant),
/// the dt-independent drift of the paper variant (note section 0), linear momentum (section 8), the torsional
/// normal modes of a straight string (section 9), clamped and pinned ends (section 7), and the save points.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "reference/nishinari_reference.hpp"
#include "test_reference_nishinari_cases.hpp"

namespace {

using namespace rodswarm::reference;

/// max over the saved states of |E - E0| / |E0| for a run of `duration` with step dt.
double energy_error(NishinariCase c, double dt, double duration) {
  c.dt = dt;
  const long steps = std::lround(duration / dt);
  const NishinariTrajectory traj = nishinari_rk4(c, steps, std::max(1L, steps / 100));
  const double e0 = nishinari_energy(c, traj.states.front()).total;
  double worst = 0;
  for (const auto& s : traj.states) worst = std::max(worst, std::abs(nishinari_energy(c, s).total - e0));
  return worst / std::abs(e0);
}

/// Energy errors at dt, dt/2, dt/4 and the observed orders log2(e(dt)/e(dt/2)).
struct Convergence {
  std::vector<double> error, order;
};

Convergence energy_convergence(const NishinariCase& c, double dt, double duration, const char* label) {
  Convergence out;
  for (int level = 0; level < 3; ++level) out.error.push_back(energy_error(c, dt / (1 << level), duration));
  for (std::size_t i = 1; i < out.error.size(); ++i) out.order.push_back(std::log2(out.error[i - 1] / out.error[i]));
  std::printf("%s: rel. energy error %.3e (dt=%g), %.3e, %.3e; observed orders %.2f, %.2f\n", label, out.error[0], dt,
              out.error[1], out.error[2], out.order[0], out.order[1]);
  return out;
}

TEST(ReferenceNishinariDynamics, ConservativeEnergyErrorConvergesAtFourthOrder) {
  const NishinariCase c = nishinari_test::generic_case(8, 31);
  const Convergence conv = energy_convergence(c, 0.02, 4.0, "conservative, free-free");
  for (const double p : conv.order) EXPECT_GT(p, 3.5);
  EXPECT_LT(conv.error.back(), 1e-6);
}

TEST(ReferenceNishinariDynamics, PaperEnergyDriftDoesNotShrinkWithDt) {
  // dE/dt = (h/l) sum dpsi sin(dtheta) d(dphi)/dt is a property of the model, not of the integrator.
  NishinariCase c = nishinari_test::generic_case(8, 31);
  c.twist = NishinariTwist::paper;
  const Convergence conv = energy_convergence(c, 0.02, 4.0, "paper, free-free");
  const double conservative_error = energy_error(nishinari_test::generic_case(8, 31), 0.005, 4.0);
  EXPECT_GT(conv.error.back(), 0.5 * conv.error.front());
  EXPECT_GT(conv.error.back(), 100.0 * conservative_error);
  for (const double p : conv.order) EXPECT_LT(std::abs(p), 0.5);
}

TEST(ReferenceNishinariDynamics, LinearMomentumIsConservedForFreeEnds) {
  NishinariCase c = nishinari_test::generic_case(8, 32);
  c.dt = 0.01;
  const NishinariTrajectory traj = nishinari_rk4(c, 300, 10);
  const Eigen::Vector3d p0 = rodswarm::reference::nishinari_momentum(c, traj.states.front()).linear;
  double worst = 0;
  for (const auto& s : traj.states)
    worst = std::max(worst, (rodswarm::reference::nishinari_momentum(c, s).linear - p0).cwiseAbs().maxCoeff());
  std::printf("free-free, no load: max |P(t) - P(0)| = %.3e (|P0| = %.3e)\n", worst, p0.norm());
  EXPECT_LE(worst, 1e-12);
}

TEST(ReferenceNishinariDynamics, MomentumGrowsWithGravityAndLoads) {
  // Internal forces cancel in pairs, so sum m v = P0 + (n m g + load0 + load1) t (exact under RK4: linear in t).
  NishinariCase c = nishinari_test::generic_case(8, 33);
  c.g = Eigen::Vector3d(0.2, 0, -1.0);
  c.load0 = Eigen::Vector3d(0.5, -0.25, 0);
  c.load1 = Eigen::Vector3d(0, 0.75, 0.1);
  c.dt = 0.01;
  const NishinariTrajectory traj = nishinari_rk4(c, 300, 10);
  const Eigen::Vector3d p0 = rodswarm::reference::nishinari_momentum(c, traj.states.front()).linear;
  const Eigen::Vector3d total_force = c.n * c.m * c.g + c.load0 + c.load1;
  double worst = 0;
  for (std::size_t k = 0; k < traj.states.size(); ++k) {
    const Eigen::Vector3d p = rodswarm::reference::nishinari_momentum(c, traj.states[k]).linear;
    worst = std::max(worst, (p - p0 - total_force * traj.time[k]).cwiseAbs().maxCoeff());
  }
  std::printf("gravity + loads: max |P(t) - P0 - F t| = %.3e\n", worst);
  EXPECT_LE(worst, 1e-12);
}

/// Angular frequency of C_0(t) from its zero crossings (linear interpolation between saved steps; the crossings
/// of a sinusoid are inflection points, so the interpolation error is third order in dt).
double frequency_from_crossings(const NishinariTrajectory& traj) {
  std::vector<double> crossings;
  for (std::size_t k = 1; k < traj.states.size(); ++k) {
    const double a = traj.states[k - 1].spin(0), b = traj.states[k].spin(0);
    if ((a > 0) != (b > 0)) crossings.push_back(traj.time[k - 1] + (traj.time[k] - traj.time[k - 1]) * a / (a - b));
  }
  if (crossings.size() < 3) return 0.0;
  // Successive crossings are half a period apart.
  return M_PI * static_cast<double>(crossings.size() - 1) / (crossings.back() - crossings.front());
}

TEST(ReferenceNishinariDynamics, TorsionModesOfAStraightString) {
  // Section 9: free-free modes C_s ~ cos(p pi (s+1/2)/M), omega_p = 2 sqrt(h/(j l)) sin(p pi/(2M)), M = n-1.
  const int n = 10, segments = n - 1;
  for (const NishinariTwist variant : {NishinariTwist::conservative, NishinariTwist::paper}) {
    for (const int p : {1, 3}) {
      NishinariCase c = nishinari_test::straight_case(n);
      c.twist = variant;
      for (int s = 0; s < segments; ++s) c.spin0(s) = 0.01 * std::cos(p * M_PI * (s + 0.5) / segments);
      const double expected = 2.0 * std::sqrt(c.h / (c.j * c.l)) * std::sin(p * M_PI / (2.0 * segments));
      c.dt = 0.01;
      const long steps = std::lround(6.0 * 2.0 * M_PI / expected / c.dt);  // six periods
      const NishinariTrajectory traj = nishinari_rk4(c, steps, 1);
      const double measured = frequency_from_crossings(traj);
      const double rel = std::abs(measured / expected - 1.0);
      std::printf("%s, p=%d: omega measured %.9f, expected %.9f, rel. error %.2e\n",
                  variant == NishinariTwist::paper ? "paper" : "conservative", p, measured, expected, rel);
      EXPECT_LT(rel, 1e-3);
      // Twist alone neither bends nor stretches a straight string: the beads stay put.
      EXPECT_LE((traj.states.back().r - c.r0).cwiseAbs().maxCoeff(), 1e-12);
    }
  }
}

/// Runs an end-condition case at dt and dt/2: fixed beads must stay exactly where they are with zero velocity,
/// and the energy error must be small and fall at about fourth order.
void expect_fixed_ends_and_energy(const NishinariCase& c, double dt, double duration, const char* label) {
  std::vector<double> errors;
  for (const double step : {dt, dt / 2}) {
    NishinariCase run = c;
    run.dt = step;
    const NishinariTrajectory traj = nishinari_rk4(run, std::lround(duration / step), 10);
    for (const auto& s : traj.states) {
      if (c.end0 != NishinariEnd::free) {
        EXPECT_EQ(s.r.row(0), c.r0.row(0));
        EXPECT_EQ(s.v.row(0).norm(), 0.0);
      }
      if (c.end1 != NishinariEnd::free) {
        EXPECT_EQ(s.r.row(c.n - 1), c.r0.row(c.n - 1));
        EXPECT_EQ(s.v.row(c.n - 1).norm(), 0.0);
      }
    }
    errors.push_back(energy_error(run, step, duration));
  }
  const double order = std::log2(errors[0] / errors[1]);
  std::printf("%s: rel. energy error %.3e (dt=%g), %.3e (dt/2), order %.2f\n", label, errors[0], dt, errors[1], order);
  EXPECT_LT(errors[1], 1e-6);
  EXPECT_GT(order, 3.5);
}

/// The generic state with the given ends, gravity and end loads; the walls are a moderate rotation away from the
/// end segments' frames, so the wall joints look like interior ones.
NishinariCase with_ends(NishinariEnd end0, NishinariEnd end1, unsigned seed) {
  NishinariCase c = nishinari_test::generic_case(8, seed);
  c.end0 = end0;
  c.end1 = end1;
  c.g = Eigen::Vector3d(0, 0, -1.0);
  c.load0 = Eigen::Vector3d(0.3, 0.1, 0);  // does nothing on a fixed bead; works (and is in E) on a free one
  c.load1 = Eigen::Vector3d(0, -0.2, 0.3);
  const auto frame = [&c](int s) {
    const Eigen::Vector3d t = (c.r0.row(s + 1) - c.r0.row(s)).normalized().transpose();
    const Eigen::Vector3d n = c.normal0.row(s).transpose();
    const Eigen::Vector3d nh = (n - n.dot(t) * t).normalized();
    Eigen::Matrix3d e;
    e << t.transpose(), nh.transpose(), t.cross(nh).transpose();
    return e;
  };
  c.wall0 = rodswarm::reference::nishinari_relative_rotation(0.25, -0.2, 0.3).transpose() * frame(0);
  c.wall1 = rodswarm::reference::nishinari_relative_rotation(-0.2, 0.15, -0.35) * frame(c.n - 2);
  return c;
}

TEST(ReferenceNishinariDynamics, ClampedFreeStaysClampedAndConservesEnergy) {
  expect_fixed_ends_and_energy(with_ends(NishinariEnd::clamped, NishinariEnd::free, 34), 0.01, 3.0, "clamped-free");
}

TEST(ReferenceNishinariDynamics, OtherEndConditionsConserveEnergy) {
  expect_fixed_ends_and_energy(with_ends(NishinariEnd::free, NishinariEnd::clamped, 35), 0.01, 3.0, "free-clamped");
  expect_fixed_ends_and_energy(with_ends(NishinariEnd::clamped, NishinariEnd::clamped, 36), 0.01, 3.0,
                               "clamped-clamped");
  expect_fixed_ends_and_energy(with_ends(NishinariEnd::pinned, NishinariEnd::clamped, 37), 0.01, 3.0, "pinned-clamped");
  expect_fixed_ends_and_energy(with_ends(NishinariEnd::pinned, NishinariEnd::pinned, 38), 0.01, 3.0, "pinned-pinned");
}

TEST(ReferenceNishinariDynamics, SavePoints) {
  NishinariCase c = nishinari_test::generic_case(5, 39);
  c.dt = 0.01;
  const auto times = [&c](long steps, long every) {
    std::vector<long> out;
    for (const double t : nishinari_rk4(c, steps, every).time) out.push_back(std::lround(t / c.dt));
    return out;
  };
  EXPECT_EQ(times(10, 3), (std::vector<long>{0, 3, 6, 9, 10}));
  EXPECT_EQ(times(9, 3), (std::vector<long>{0, 3, 6, 9}));
  EXPECT_EQ(times(4, 0), (std::vector<long>{0, 4}));
  EXPECT_EQ(times(0, 1), (std::vector<long>{0}));
  // The carried normals are not renormalised: their lengths stay those of the initial, non-unit normals
  // (|n| is invariant of the flow, so RK4 changes it only at its truncation error).
  const auto traj = nishinari_rk4(c, 50, 50);
  const Eigen::VectorXd len0 = c.normal0.rowwise().norm(), len1 = traj.states.back().normal.rowwise().norm();
  EXPECT_GT((len0.array() - 1.0).abs().maxCoeff(), 0.01);
  EXPECT_LE((len1 - len0).cwiseAbs().maxCoeff(), 1e-6);
}

}  // namespace
