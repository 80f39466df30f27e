// A se3rod rolling without slipping on a rigid plane (models/se3rod_plane_contact.hpp): a straight rod on an
// incline rolls down at 2/3 g sin(theta) with the plane pushing m g cos(theta) per node (exactly: each node is a
// ball of J/(m r^2) = 1/2 about the rod's axis); a bent, rolling and turning rod keeps the slip and the gap at
// round-off while its energy error falls at the scheme's order over three step sizes; a rod the plane would have
// to pull is flagged separated.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "rodswarm/integrators/bead_loop.hpp"
#include "rodswarm/models/se3rod_stepper.hpp"
#include "se3rod_test_rod.hpp"

namespace rodswarm {
namespace {

using namespace se3rod::test;
using V = Vec3<double>;

/// A rod lying along x on the plane n . x = offset (n perpendicular to x), its sections' second director along n:
/// node k at x = k h, centre at height r above the plane; every node free and rolling.
struct RollingRod {
  P p;
  std::vector<double> pose, twist, rest, work;
  RollingRod(int n, V normal, double offset) : p(test_params(n, 0.1, 0.02)) {
    p.contact = se3rod::Contact::plane;
    p.plane_normal[0] = normal.x;
    p.plane_normal[1] = normal.y;
    p.plane_normal[2] = normal.z;
    p.plane_offset = offset;
    const V d3{1, 0, 0}, d2 = normal, d1 = cross(d2, d3);
    const Mat3<double> R = Mat3<double>::from_rows({d1.x, d2.x, d3.x}, {d1.y, d2.y, d3.y}, {d1.z, d2.z, d3.z});
    pose.assign(12 * static_cast<std::size_t>(n), 0.0);
    twist.assign(6 * static_cast<std::size_t>(n), 0.0);
    rest.assign(6 * static_cast<std::size_t>(n - 1), 0.0);
    work.assign(static_cast<std::size_t>(se3rod::workspace_size(n)), 0.0);
    for (int k = 0; k < n; ++k)
      se3rod::store_pose(pose.data() + 12 * k, G{R, V{k * p.h, 0, 0} + (offset + p.radius) * normal});
    for (int s = 0; s + 1 < n; ++s) rest[6 * static_cast<std::size_t>(s) + 5] = 1.0;  // straight, unstretched
  }
  se3rod::MemberIO<double> io() { return {pose.data(), twist.data(), rest.data()}; }
  Outcome advance(double dt, std::int64_t steps) {
    return se3rod::advance_member(io(), p, dt, steps, work.data(), SequentialLoop{});
  }
  double energy() { return se3rod::energy(io(), p).total(); }
  G node(int k) const { return se3rod::load_pose(pose.data() + 12 * k); }
  T xi(int k) const { return se3rod::load_twist(twist.data() + 6 * k); }
  /// The largest slip (tangential contact velocity) and |gap| over the nodes, in m/s and m.
  std::pair<double, double> violations() const {
    double slip = 0, gap = 0;
    const V n = se3rod::vec3_of(p.plane_normal);
    for (int k = 0; k < p.n; ++k) {
      const V u = node(k).R * se3rod::contact_velocity(se3rod::contact_offset(p, node(k)), xi(k));  // lab
      slip = std::max(slip, norm(u - dot(u, n) * n));
      gap = std::max(gap, std::fabs(se3rod::contact_gap(p, node(k))));
    }
    return {slip, gap};
  }
};

// On an incline of angle theta (the plane turned about the rod's axis), gravity's tangential part g_t pulls every
// node alike: no segment strains, and each node rolls as a ball of J/(m r^2) = 1/2 about x, p(t) = p(0) + g_t t^2
// / 3, its spin about x growing as |g_t| t / (1.5 r); the plane pushes m g cos(theta). RKMK4 approaches this at
// its order (the body-frame velocity turns with the section, so the scheme is not exact here).
TEST(Se3rodPlaneContact, ARodOnAnInclineRollsDownAtTwoThirdsOfGSinTheta) {
  const double theta = 0.3, g = 9.81, t = 0.4;
  const V normal{0, -std::sin(theta), std::cos(theta)};
  const V gravity{0, 0, -g}, g_t = gravity - dot(gravity, normal) * normal;
  double errors[2] = {0, 0};
  for (int run = 0; run < 2; ++run) {
    RollingRod rod(5, normal, 0.25);
    rod.p.gravity[2] = -g;
    std::vector<V> start;
    for (int k = 0; k < rod.p.n; ++k) start.push_back(rod.node(k).p);
    const int steps = run == 0 ? 400 : 800;
    const Outcome out = rod.advance(t / steps, steps);
    EXPECT_EQ(out.status, status_ok);
    double position = 0, spin = 0;
    for (int k = 0; k < rod.p.n; ++k) {
      const V expected = start[static_cast<std::size_t>(k)] + (t * t / 3) * g_t;
      position = std::max(position, norm(rod.node(k).p - expected));
      // The body twist's spin about the rod's axis d3 (body z): the ball rolls down, turning about +x or -x.
      spin = std::max(spin, std::fabs(std::fabs(rod.xi(k).w.z) - norm(g_t) * t / (1.5 * rod.p.radius)));
    }
    errors[run] = position;
    const auto [slip, gap] = rod.violations();
    std::printf("incline, dt %.1e: position %.3e m of %.3e, spin %.3e rad/s of %.3e, slip %.2e m/s, gap %.2e m\n",
                t / steps, position, norm(g_t) * t * t / 3, spin, norm(g_t) * t / (1.5 * rod.p.radius), slip, gap);
    EXPECT_LT(position, 1e-8 * norm(g_t) * t * t / 3);
    EXPECT_LT(spin, 1e-8 * norm(g_t) * t / (1.5 * rod.p.radius));
    EXPECT_LT(slip, 1e-14);
    EXPECT_LT(gap, 1e-15);
    if (run == 1) {
      // The normal reaction on an interior node: m g cos(theta) (the straight rod's segments carry nothing).
      const std::vector<double> seg(static_cast<std::size_t>(12 * (rod.p.n - 1)), 0.0);
      const T M = se3rod::node_inertia(rod.p, 2), xi = rod.xi(2);
      const T a = se3rod::divide_diagonal(
          ad_transpose(xi, se3rod::times_diagonal(M, xi)) + se3rod::node_force(rod.p, 2, rod.node(2), xi, seg.data()),
          M);
      const auto reaction = se3rod::rolling_reaction(se3rod::contact_offset(rod.p, rod.node(2)), xi, a, M);
      const double N = se3rod::normal_reaction(rod.p, rod.node(2), reaction.lambda), m = M.v.x;
      std::printf("incline: normal reaction %.12e N, m g cos(theta) %.12e N\n", N, m * g * std::cos(theta));
      EXPECT_NEAR(N, m * g * std::cos(theta), 1e-12 * m * g);
    }
  }
  const double order = std::log2(errors[0] / errors[1]);
  std::printf("incline: position error order %.2f\n", order);
  EXPECT_NEAR(order, 4, 0.3);
}

/// A rod bent in the plane (nodes displaced sideways by a half sine, sections straight: sheared and bent), rolling
/// sideways at 0.1 m/s and turning about the normal, on the horizontal plane z = 0 under gravity; its twists are
/// put on the rolling rows (the projection restore_plane_contact makes) before the start.
RollingRod bent_rolling_rod(se3rod::Scheme scheme) {
  RollingRod rod(11, V{0, 0, 1}, 0);
  rod.p.scheme = scheme;
  rod.p.gravity[2] = -9.81;
  const double L = (rod.p.n - 1) * rod.p.h;
  for (int k = 0; k < rod.p.n; ++k) {
    G g = rod.node(k);
    const double x = k * rod.p.h;
    g.p.y += 0.01 * std::sin(M_PI * x / L);
    const V omega_lab{-0.1 / rod.p.radius, 0.3 * std::cos(M_PI * x / L), 0.5 * std::sin(M_PI * x / L)};
    T xi{transpose_times(g.R, omega_lab), {0, 0, 0}};
    se3rod::restore_plane_contact(rod.p, se3rod::node_inertia(rod.p, k), g, xi);
    se3rod::store_pose(rod.pose.data() + 12 * k, g);
    se3rod::store_twist(rod.twist.data() + 6 * k, xi);
  }
  return rod;
}

struct RunErrors {
  double energy_error, slip, gap;
};
/// The rod over `duration` at step dt: the largest energy change, slip and gap seen after any step.
RunErrors run_bent_rod(se3rod::Scheme scheme, double dt, double duration) {
  RollingRod rod = bent_rolling_rod(scheme);
  const double e0 = rod.energy();
  RunErrors r{0, 0, 0};
  const auto steps = static_cast<int>(std::lround(duration / dt));
  for (int i = 0; i < steps; ++i) {
    const Outcome out = rod.advance(dt, 1);
    EXPECT_EQ(out.status, status_ok) << "step " << i;
    if (out.status != status_ok) break;
    const auto [slip, gap] = rod.violations();
    r.energy_error = std::max(r.energy_error, std::fabs(rod.energy() - e0));
    r.slip = std::max(r.slip, slip);
    r.gap = std::max(r.gap, gap);
  }
  return r;
}

// The plane's force does no work on the rolling motion, so the energy is conserved up to the scheme's error, which
// falls at least at the scheme's order: RKMK4 over 0.5 s (the projection after each step changes the state by
// O(dt^5); RK4's energy error on nearly harmonic motion is O(dt^5) per unit time, and that is what shows), and
// Lie-Euler over 0.05 s (forward Euler amplifies the 600 rad/s shear vibration by (omega dt)^2 / 2 a step: longer
// runs grow without bound).
TEST(Se3rodPlaneContact, EnergyErrorFallsAtTheSchemesOrderWithSlipAndGapAtRoundOff) {
  struct Case {
    se3rod::Scheme scheme;
    double dt, duration, order, slack;
  };
  for (const Case c :
       {Case{se3rod::Scheme::rkmk4, 1e-3, 0.5, 4, 0.3}, Case{se3rod::Scheme::lie_euler, 2e-5, 0.05, 1, 0.15}}) {
    std::vector<RunErrors> runs;
    for (double dt : {c.dt, c.dt / 2, c.dt / 4}) runs.push_back(run_bent_rod(c.scheme, dt, c.duration));
    const double e0 = bent_rolling_rod(c.scheme).energy();
    const double o1 = std::log2(runs[0].energy_error / runs[1].energy_error);
    const double o2 = std::log2(runs[1].energy_error / runs[2].energy_error);
    std::printf(
        "scheme %d: energy errors %.3e %.3e %.3e of %.4e J, orders %.2f %.2f; slip %.1e %.1e %.1e m/s, gap "
        "%.1e %.1e %.1e m\n",
        static_cast<int>(c.scheme), runs[0].energy_error, runs[1].energy_error, runs[2].energy_error, e0, o1, o2,
        runs[0].slip, runs[1].slip, runs[2].slip, runs[0].gap, runs[1].gap, runs[2].gap);
    EXPECT_GT(o1, c.order - c.slack);
    EXPECT_GT(o2, c.order - c.slack);
    EXPECT_LT(o1, c.order + 1 + c.slack);
    EXPECT_LT(o2, c.order + 1 + c.slack);
    for (const RunErrors& r : runs) {
      EXPECT_LT(r.slip, 1e-14);
      EXPECT_LT(r.gap, 1e-16);
    }
  }
}

// Gravity away from the plane: the plane would have to pull every node, and the member is flagged separated after
// its first step, not carried on as if in contact; with gravity towards the plane, the same rod rests on it. One
// node lifted by an end force above its weight (node 0, the first the loops visit, so that a later node's verdict
// must not overwrite it) separates the member too; the same force below the weight does not.
TEST(Se3rodPlaneContact, ARodThePlaneWouldHaveToPullIsFlaggedSeparated) {
  RollingRod pulled(5, V{0, 0, 1}, 0);
  pulled.p.gravity[2] = 9.81;
  const Outcome out = pulled.advance(1e-3, 100);
  EXPECT_EQ(out.status, status_separated);
  EXPECT_EQ(out.steps, 1);
  RollingRod resting(5, V{0, 0, 1}, 0);
  resting.p.gravity[2] = -9.81;
  EXPECT_EQ(resting.advance(1e-3, 100).status, status_ok);
  for (const double lift : {1.5, 0.5}) {  // in units of the end node's weight
    for (const se3rod::Scheme scheme : {se3rod::Scheme::rkmk4, se3rod::Scheme::lie_euler}) {
      RollingRod rod(5, V{0, 0, 1}, 0);
      rod.p.scheme = scheme;
      rod.p.gravity[2] = -9.81;
      rod.p.load0[5] = lift * se3rod::node_inertia(rod.p, 0).v.x * 9.81;
      const Outcome end = rod.advance(1e-4, 50);
      EXPECT_EQ(end.status, lift > 1 ? status_separated : status_ok) << "lift " << lift << ", scheme " << int(scheme);
      if (lift > 1) {
        EXPECT_EQ(end.steps, 1);
      }
    }
  }
}

// Rolling freely and weightless, every node's reaction is zero in exact arithmetic: the verdict must not come from
// the sign of a rounding error (is_tensile's tolerance), over 2000 steps of both schemes.
TEST(Se3rodPlaneContact, AZeroReactionDoesNotSeparateByRoundOff) {
  for (const se3rod::Scheme scheme : {se3rod::Scheme::rkmk4, se3rod::Scheme::lie_euler}) {
    RollingRod rod(9, V{0, 0, 1}, 0);
    rod.p.scheme = scheme;
    for (int k = 0; k < rod.p.n; ++k) {
      G g = rod.node(k);
      T xi{transpose_times(g.R, V{-0.3 / rod.p.radius, 0, 0}), {0, 0, 0}};
      se3rod::restore_plane_contact(rod.p, se3rod::node_inertia(rod.p, k), g, xi);
      se3rod::store_twist(rod.twist.data() + 6 * k, xi);
    }
    const V v0 = rod.node(4).R * rod.xi(4).v;
    const Outcome out = rod.advance(1e-4, 2000);
    const V v = rod.node(4).R * rod.xi(4).v;
    std::printf("free rolling, scheme %d: status %d after %lld steps, centre velocity changed by %.2e of %.3e m/s\n",
                static_cast<int>(scheme), out.status, static_cast<long long>(out.steps), norm(v - v0), norm(v0));
    EXPECT_EQ(out.status, status_ok);
    // Rolling on at constant speed: RKMK4 to round-off, Lie-Euler to its first-order error.
    EXPECT_LT(norm(v - v0), (scheme == se3rod::Scheme::rkmk4 ? 1e-12 : 1e-3) * norm(v0));
  }
}

}  // namespace
}  // namespace rodswarm
