// The pieces of two se3rods in rolling contact (models/rodpair_contact.hpp), each on its own: the cubic bump
// (a C^2 partition of unity), the smeared centreline and its s-derivatives against finite differences, the tangency
// conditions' Jacobian and rate against finite differences, Newton's placement of the contact on two crossing rods,
// and the rolling rows: zero on a rigid motion, GBP's double sum for equal radii, the reaction as their transpose
// (it does no work on a motion that keeps them) and the compliance A M^-1 A^T.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "rodswarm/models/rodpair_contact.hpp"
#include "se3rod_test_rod.hpp"

namespace rodswarm {
namespace {

using namespace se3rod::test;
using V = Vec3<double>;

/// A rod held in plain vectors: nodes on a gently bent and twisted curve through `origin` along `along`, random
/// twists; its contact view with bump width `width_in_h` h.
struct BentRod {
  P p;
  std::vector<double> pose, twist;
  double width;
  BentRod(int n, double h, double radius, V origin, V along, V bend, double width_in_h, unsigned seed)
      : p(test_params(n, h, radius)), width(width_in_h * h) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    pose.assign(12 * static_cast<std::size_t>(n), 0.0);
    twist.assign(6 * static_cast<std::size_t>(n), 0.0);
    for (int k = 0; k < n; ++k) {
      const double s = k * h;
      const V r = origin + s * along + (s * s) * bend;
      const Mat3<double> R = so3_exp(V{0.3 * u(rng), 0.3 * u(rng), 0.3 * u(rng)});
      se3rod::store_pose(pose.data() + 12 * k, G{R, r});
      for (int q = 0; q < 6; ++q) twist[6 * static_cast<std::size_t>(k) + q] = u(rng);
    }
  }
  se3rod::ContactRod<double> view() const { return {&p, pose.data(), twist.data(), width}; }
  double length() const { return (p.n - 1) * p.h; }
};

TEST(CubicBump, IsAC2PartitionOfUnity) {
  for (double x : {-0.93, -0.2, 0.0, 0.37, 0.5, 1.0, 1.41}) {
    double value = 0, slope = 0, curvature = 0;
    for (int j = -4; j <= 4; ++j) {
      const auto b = se3rod::cubic_bump(x - j);
      value += b.value;
      slope += b.slope;
      curvature += b.curvature;
    }
    EXPECT_NEAR(value, 1.0, 1e-15) << x;
    EXPECT_NEAR(slope, 0.0, 1e-15) << x;
    EXPECT_NEAR(curvature, 0.0, 1e-14) << x;
  }
  const double e = 1e-5;
  for (double x : {-1.7, -1.2, -0.6, 0.3, 0.8, 1.3, 1.9}) {
    const auto b = se3rod::cubic_bump(x), plus = se3rod::cubic_bump(x + e), minus = se3rod::cubic_bump(x - e);
    EXPECT_NEAR(b.slope, (plus.value - minus.value) / (2 * e), 1e-9) << x;
    EXPECT_NEAR(b.curvature, (plus.slope - minus.slope) / (2 * e), 1e-9) << x;
  }
  // C^2 at the knots: the pieces meet in value, slope and curvature; nothing beyond |x| = 2.
  for (double knot : {1.0, 2.0, -1.0, -2.0}) {
    const auto left = se3rod::cubic_bump(knot - 1e-12), right = se3rod::cubic_bump(knot + 1e-12);
    EXPECT_NEAR(left.value, right.value, 1e-11) << knot;
    EXPECT_NEAR(left.slope, right.slope, 1e-11) << knot;
    EXPECT_NEAR(left.curvature, right.curvature, 1e-10) << knot;
  }
  EXPECT_EQ(se3rod::cubic_bump(2.5).value, 0.0);
  EXPECT_EQ(se3rod::cubic_bump(-3.0).curvature, 0.0);
}

// With w = h the smeared centreline of a straight rod is the rod itself away from the ends (B-splines reproduce
// straight lines); anywhere and for other widths its s-derivatives are those of finite differences.
TEST(SmearedCentreline, ReproducesAStraightRodAndItsDerivativesAreExact) {
  const V origin{0.1, -0.2, 0.3}, along = (1.0 / 3.0) * V{1, 2, 2};
  const BentRod straight(21, 0.05, 0.01, origin, along, {0, 0, 0}, 1.0, 1);
  for (double s : {0.1, 0.33, 0.5, 0.87, 0.9}) {
    const auto c = se3rod::centreline(straight.view(), s);
    for (int q = 0; q < 3; ++q) {
      EXPECT_NEAR(c.value[q], (origin + s * along)[q], 1e-15) << s;
      EXPECT_NEAR(c.slope[q], along[q], 1e-13) << s;
      EXPECT_NEAR(c.curvature[q], 0.0, 1e-10) << s;
    }
  }
  for (double width : {1.0, 1.5, 2.0}) {
    const BentRod bent(21, 0.05, 0.01, origin, along, {0.3, -0.2, 0.1}, width, 2);
    const double e = 1e-6;
    // Near both ends (where the normalisation acts) and inside; off the bumps' knots (multiples of h / 2 and of
    // w), where the curvature has a kink that central differences smear by e times its jump.
    for (double s : {0.003, 0.02, 0.07, 0.33, 0.61, 0.98, 0.997}) {
      const auto c = se3rod::centreline(bent.view(), s), plus = se3rod::centreline(bent.view(), s + e),
                 minus = se3rod::centreline(bent.view(), s - e);
      for (int q = 0; q < 3; ++q) {
        EXPECT_NEAR(c.slope[q], (plus.value[q] - minus.value[q]) / (2 * e), 1e-8) << width << " " << s;
        EXPECT_NEAR(c.curvature[q], (plus.slope[q] - minus.slope[q]) / (2 * e), 1e-6 * (1 + std::abs(c.curvature[q])))
            << width << " " << s;
      }
    }
  }
}

// The tangency conditions' Jacobian in (s1, s2) and their rate at fixed (s1, s2) (every node moving at its own
// velocity) against central differences, and the contact points' rates that keep them.
TEST(Tangency, JacobianAndRateAgreeWithFiniteDifferences) {
  BentRod rod1(17, 0.06, 0.01, {0, 0, 0}, {1, 0, 0}, {0, 0.2, 0.1}, 1.5, 3);
  BentRod rod2(13, 0.08, 0.015, {0.5, -0.5, 0.03}, {0, 1, 0}, {0.1, 0, -0.2}, 1.0, 4);
  const double s1 = 0.47, s2 = 0.52, e = 1e-6;
  const auto t = se3rod::tangency(rod1.view(), rod2.view(), s1, s2);
  const auto p1 = se3rod::tangency(rod1.view(), rod2.view(), s1 + e, s2),
             m1 = se3rod::tangency(rod1.view(), rod2.view(), s1 - e, s2),
             p2 = se3rod::tangency(rod1.view(), rod2.view(), s1, s2 + e),
             m2 = se3rod::tangency(rod1.view(), rod2.view(), s1, s2 - e);
  EXPECT_NEAR(t.J11, (p1.F1 - m1.F1) / (2 * e), 1e-7);
  EXPECT_NEAR(t.J21, (p1.F2 - m1.F2) / (2 * e), 1e-7);
  EXPECT_NEAR(t.J12, (p2.F1 - m2.F1) / (2 * e), 1e-7);
  EXPECT_NEAR(t.J22, (p2.F2 - m2.F2) / (2 * e), 1e-7);
  // Every node moved by its lab velocity for dt, the contact points by (ds1, ds2) dt: the tangency there.
  auto moved = [&](double dt, double ds1, double ds2) {
    BentRod a = rod1, b = rod2;
    for (BentRod* r : {&a, &b})
      for (int k = 0; k < r->p.n; ++k) {
        const V v = se3rod::node_velocity(r->pose.data(), r->twist.data(), k);
        for (int q = 0; q < 3; ++q) r->pose[12 * static_cast<std::size_t>(k) + 9 + q] += dt * v[q];
      }
    return se3rod::tangency(a.view(), b.view(), s1 + dt * ds1, s2 + dt * ds2);
  };
  const auto later = moved(e, 0, 0), earlier = moved(-e, 0, 0);
  EXPECT_NEAR(t.rate1, (later.F1 - earlier.F1) / (2 * e), 1e-7);
  EXPECT_NEAR(t.rate2, (later.F2 - earlier.F2) / (2 * e), 1e-7);
  // s' keeps F: F(t + e, s + e s') - F(t - e, s - e s') = O(e^2).
  double ds1 = 0, ds2 = 0;
  se3rod::contact_point_rates(t, ds1, ds2);
  const auto ahead = moved(e, ds1, ds2), behind = moved(-e, ds1, ds2);
  EXPECT_NEAR((ahead.F1 - behind.F1) / (2 * e), 0.0, 1e-7);
  EXPECT_NEAR((ahead.F2 - behind.F2) / (2 * e), 0.0, 1e-7);
}

// Two straight rods crossing at right angles, rod 2 lying on rod 1: Newton finds the crossing from a guess 0.1 off
// on each rod, where the gap is zero.
TEST(Tangency, NewtonPlacesTheContactOfTwoCrossingRods) {
  const double r1 = 0.01, r2 = 0.015, x = 0.37, y = 0.52;
  BentRod rod1(21, 0.05, r1, {0, 0, 0}, {1, 0, 0}, {0, 0, 0}, 1.0, 5);
  BentRod rod2(21, 0.05, r2, {x, -y, r1 + r2}, {0, 1, 0}, {0, 0, 0}, 1.0, 6);
  double s1 = x + 0.1, s2 = y - 0.1;
  const double residual = se3rod::place_contact(rod1.view(), rod2.view(), s1, s2, 6);
  EXPECT_LT(residual, 1e-15);
  EXPECT_NEAR(s1, x, 1e-14);
  EXPECT_NEAR(s2, y, 1e-14);
  const auto place = se3rod::contact_place(rod1.view(), rod2.view(), s1, s2);
  EXPECT_NEAR(se3rod::rod_gap(rod1.view(), rod2.view(), place), 0.0, 1e-15);
  EXPECT_NEAR(place.rho1, 0.4, 1e-15);
}

/// Two bent rods crossing near s1 on rod 1 and s2 on rod 2 (rod 1 along x, rod 2 along y), the contact placed.
struct CrossingPair {
  BentRod rod1, rod2;
  se3rod::ContactPlace<double> place;
  explicit CrossingPair(double s1 = 0.4, double s2 = 0.4)
      : rod1(15, 0.06, 0.01, {0.4 - s1, 0, 0}, {1, 0, 0}, {0, 0.1, 0.05}, 1.5, 7),
        rod2(12, 0.07, 0.02, {0.4, -s2, 0.03}, {0, 1, 0}, {0.05, 0, -0.1}, 1.0, 8) {
    se3rod::place_contact(rod1.view(), rod2.view(), s1, s2, 8);
    place = se3rod::contact_place(rod1.view(), rod2.view(), s1, s2);
  }
  V rows() const { return se3rod::rolling_rows(rod1.view(), rod2.view(), place, rod1.twist.data(), rod2.twist.data()); }
};

// Both rods moving as one rigid body (v = V + W x r, w = W at every node): the material points at the contact move
// together, so the rows vanish. The normal row is minus the gap's rate (n . (vbar2 - vbar1) at fixed s1, s2: the
// tangency removes the contact points' slide), so rows that hold keep the gap; and the rows are the double sum
// sum_k sum_m alpha_k beta_m [(v_k + w_k x rho1 d) - (v_m - w_m x rho2 d)], written out here.
TEST(RollingRows, VanishOnARigidMotionAndTheirNormalRowIsTheGapsRate) {
  CrossingPair pair;
  const V Vel{0.3, -0.1, 0.2}, W{-0.7, 0.4, 1.1};
  CrossingPair rigid = pair;
  for (BentRod* r : {&rigid.rod1, &rigid.rod2})
    for (int k = 0; k < r->p.n; ++k) {
      const Mat3<double> R = load9(r->pose.data() + 12 * k);
      const V x = se3rod::node_position(r->pose.data(), k);
      store3(r->twist.data() + 6 * k, transpose_times(R, W));
      store3(r->twist.data() + 6 * k + 3, transpose_times(R, Vel + cross(W, x)));
    }
  const V u = rigid.rows();
  for (int q = 0; q < 3; ++q) EXPECT_NEAR(u[q], 0.0, 1e-15);

  const V rows = pair.rows(), d = pair.place.r2 - pair.place.r1, n = (1 / norm(d)) * d;
  const V vbar1 = se3rod::centreline_velocity(pair.rod1.view(), pair.place.s1).value,
          vbar2 = se3rod::centreline_velocity(pair.rod2.view(), pair.place.s2).value;
  EXPECT_NEAR(dot(n, rows), -dot(n, vbar2 - vbar1), 1e-14);
  auto weights = [](const BentRod& r, double s) {
    std::vector<double> w(static_cast<std::size_t>(r.p.n));
    double sum = 0;
    for (int k = 0; k < r.p.n; ++k) sum += w[k] = se3rod::cubic_bump((s - k * r.p.h) / r.width).value;
    for (double& x : w) x /= sum;
    return w;
  };
  const auto alpha = weights(pair.rod1, pair.place.s1), beta = weights(pair.rod2, pair.place.s2);
  V sum{0, 0, 0};
  for (int k = 0; k < pair.rod1.p.n; ++k)
    for (int m = 0; m < pair.rod2.p.n; ++m) {
      const V vk = se3rod::node_velocity(pair.rod1.pose.data(), pair.rod1.twist.data(), k),
              vm = se3rod::node_velocity(pair.rod2.pose.data(), pair.rod2.twist.data(), m);
      const V wk = load9(pair.rod1.pose.data() + 12 * k) * load3(pair.rod1.twist.data() + 6 * k),
              wm = load9(pair.rod2.pose.data() + 12 * m) * load3(pair.rod2.twist.data() + 6 * m);
      sum =
          sum + (alpha[k] * beta[m]) * ((vk + cross(wk, pair.place.rho1 * d)) - (vm - cross(wm, pair.place.rho2 * d)));
    }
  for (int q = 0; q < 3; ++q) EXPECT_NEAR(rows[q], sum[q], 1e-14 * (1 + std::abs(sum[q])));
}

// The reaction is the rows' transpose: lambda . u(xi) equals the power of the nodes' reaction wrenches on xi, for
// any xi (so it does no work on a motion that keeps the rows); and the compliance maps lambda to the rows' value
// of the accelerations M^-1 A^T lambda it causes.
TEST(RollingRows, ReactionIsTheirTransposeAndComplianceIsAMinvAT) {
  // The contact near rod 1's first node (pinned: it takes only the torque) and rod 2's last (clamped: nothing).
  CrossingPair pair(0.05, 0.72);
  pair.rod1.p.end0 = se3rod::End::pinned;
  pair.rod2.p.end1 = se3rod::End::clamped;
  ASSERT_GT(se3rod::node_weight(pair.rod1.p, pair.rod1.width, pair.place.s1,
                                se3rod::bump_sums(pair.rod1.p, pair.rod1.width, pair.place.s1), 0)
                .value,
            0.05);
  ASSERT_GT(se3rod::node_weight(pair.rod2.p, pair.rod2.width, pair.place.s2,
                                se3rod::bump_sums(pair.rod2.p, pair.rod2.width, pair.place.s2), 11)
                .value,
            0.05);
  const V lambda{0.4, -1.3, 0.8};
  auto weight = [](const BentRod& r, double s, int k) {
    return se3rod::node_weight(r.p, r.width, s, se3rod::bump_sums(r.p, r.width, s), k).value;
  };
  // Twists a held end allows (as the stepper keeps them): the rows' power identity holds on those.
  for (BentRod* r : {&pair.rod1, &pair.rod2})
    for (int k = 0; k < r->p.n; ++k) {
      const se3rod::End end = se3rod::end_of(r->p, k);
      if (end == se3rod::End::clamped) store3(r->twist.data() + 6 * k, V{0, 0, 0});
      if (end != se3rod::End::free) store3(r->twist.data() + 6 * k + 3, V{0, 0, 0});
    }
  double power = 0;
  std::vector<double> accel1(pair.rod1.twist.size()), accel2(pair.rod2.twist.size());
  for (int side = 0; side < 2; ++side) {
    const BentRod& r = side == 0 ? pair.rod1 : pair.rod2;
    std::vector<double>& accel = side == 0 ? accel1 : accel2;
    const double s = side == 0 ? pair.place.s1 : pair.place.s2;
    for (int k = 0; k < r.p.n; ++k) {
      const T W = se3rod::reaction_wrench(r.view(), pair.place, k, side == 0, weight(r, s, k), lambda);
      const T xi{load3(r.twist.data() + 6 * k), load3(r.twist.data() + 6 * k + 3)};
      power += pairing(W, xi);
      const T M = se3rod::node_inertia(r.p, k);
      store3(accel.data() + 6 * k, V{W.w.x / M.w.x, W.w.y / M.w.y, W.w.z / M.w.z});
      store3(accel.data() + 6 * k + 3, (1.0 / M.v.x) * W.v);
    }
  }
  EXPECT_NEAR(power, dot(lambda, pair.rows()), 1e-13 * (1 + std::abs(power)));
  const V response = se3rod::rolling_rows(pair.rod1.view(), pair.rod2.view(), pair.place, accel1.data(), accel2.data());
  const V predicted = se3rod::rolling_compliance(pair.rod1.view(), pair.rod2.view(), pair.place) * lambda;
  for (int q = 0; q < 3; ++q) EXPECT_NEAR(response[q], predicted[q], 1e-10 * norm(predicted)) << q;
  EXPECT_GT(norm(predicted), 0.0);
}

// The bias is the rows' rate at fixed body twists: every node's pose flows as g_k exp(t xi_k) and the contact
// points as s + t s' (the rates that keep the tangency); the rows' central difference in t is the bias.
TEST(RollingRows, BiasIsTheirRateAlongTheMotion) {
  CrossingPair pair;
  const auto t = se3rod::tangency(pair.rod1.view(), pair.rod2.view(), pair.place.s1, pair.place.s2);
  double ds1 = 0, ds2 = 0;
  se3rod::contact_point_rates(t, ds1, ds2);
  auto rows_at = [&](double dt) {
    CrossingPair later = pair;
    for (BentRod* r : {&later.rod1, &later.rod2})
      for (int k = 0; k < r->p.n; ++k) {
        const T xi{load3(r->twist.data() + 6 * k), load3(r->twist.data() + 6 * k + 3)};
        const G g = se3rod::load_pose(r->pose.data() + 12 * k) * se3_exp(dt * xi);
        se3rod::store_pose(r->pose.data() + 12 * k, g);
      }
    later.place =
        se3rod::contact_place(later.rod1.view(), later.rod2.view(), pair.place.s1 + dt * ds1, pair.place.s2 + dt * ds2);
    return later.rows();
  };
  const double e = 1e-5;
  const V rate = (1 / (2 * e)) * (rows_at(e) - rows_at(-e));
  const V bias = se3rod::rolling_bias(pair.rod1.view(), pair.rod2.view(), pair.place, ds1, ds2);
  for (int q = 0; q < 3; ++q) EXPECT_NEAR(bias[q], rate[q], 1e-8 * (1 + norm(rate))) << q;
  EXPECT_GT(norm(bias), 0.1);
}

// The restore after a step: a pair 1e-4 off contact with twists off the rows comes back with the gap at the
// square of that (and at round-off after a second restore), the tangency solved and the rows at round-off; a pair
// already restored is left as it is. The reaction from free accelerations makes the accelerated rows' rate vanish.
TEST(RollingRows, RestoreClosesTheGapAndProjectsTheTwists) {
  CrossingPair pair;
  auto rod1 =
      se3rod::MutableContactRod<double>{&pair.rod1.p, pair.rod1.pose.data(), pair.rod1.twist.data(), pair.rod1.width};
  auto rod2 =
      se3rod::MutableContactRod<double>{&pair.rod2.p, pair.rod2.pose.data(), pair.rod2.twist.data(), pair.rod2.width};
  double s1 = pair.place.s1, s2 = pair.place.s2;
  // Put rod 2 in contact first (its nodes moved along d), then 1e-4 too far.
  const double r = pair.rod1.p.radius + pair.rod2.p.radius;
  const V d = pair.place.r2 - pair.place.r1, n = (1 / norm(d)) * d;
  for (int k = 0; k < pair.rod2.p.n; ++k)
    store3(rod2.pose + 12 * k + 9, se3rod::node_position(rod2.pose, k) + (r + 1e-4 - norm(d)) * n);
  const double before = se3rod::restore_rod_contact(rod1, rod2, s1, s2, 4);
  EXPECT_NEAR(before, 1e-4, 1e-12);
  auto place = se3rod::contact_place(rod1.view(), rod2.view(), s1, s2);
  const double after = se3rod::rod_gap(rod1.view(), rod2.view(), place);
  std::printf("gap 1e-4 -> %.3e after one restore\n", after);
  EXPECT_LT(std::abs(after), 1e-7);
  const V u = se3rod::rolling_rows(rod1.view(), rod2.view(), place, rod1.twist, rod2.twist);
  EXPECT_LT(norm(u), 1e-14);
  se3rod::restore_rod_contact(rod1, rod2, s1, s2, 4);
  place = se3rod::contact_place(rod1.view(), rod2.view(), s1, s2);
  EXPECT_LT(std::abs(se3rod::rod_gap(rod1.view(), rod2.view(), place)), 1e-15);
  const auto t = se3rod::tangency(rod1.view(), rod2.view(), s1, s2);
  EXPECT_LT(std::abs(t.F1) + std::abs(t.F2), 1e-15);
  const std::vector<double> pose1 = pair.rod1.pose, pose2 = pair.rod2.pose, twist1 = pair.rod1.twist,
                            twist2 = pair.rod2.twist;
  se3rod::restore_rod_contact(rod1, rod2, s1, s2, 4);
  for (std::size_t q = 0; q < pose1.size(); ++q) EXPECT_NEAR(pair.rod1.pose[q], pose1[q], 1e-16);
  for (std::size_t q = 0; q < pose2.size(); ++q) EXPECT_NEAR(pair.rod2.pose[q], pose2[q], 1e-16);
  for (std::size_t q = 0; q < twist1.size(); ++q) EXPECT_NEAR(pair.rod1.twist[q], twist1[q], 1e-13);
  for (std::size_t q = 0; q < twist2.size(); ++q) EXPECT_NEAR(pair.rod2.twist[q], twist2[q], 1e-13);

  // Free accelerations (random) plus the reaction's: the rows' acceleration part cancels the bias.
  std::vector<double> a1(pair.rod1.twist.size()), a2(pair.rod2.twist.size());
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> uni(-1, 1);
  for (double& x : a1) x = uni(rng);
  for (double& x : a2) x = uni(rng);
  double ds1 = 0, ds2 = 0;
  se3rod::contact_point_rates(t, ds1, ds2);
  const V lambda = se3rod::rolling_reaction_between(rod1.view(), rod2.view(), place, a1.data(), a2.data(), ds1, ds2);
  se3rod::add_reaction(rod1.view(), place, true, lambda, a1.data());
  se3rod::add_reaction(rod2.view(), place, false, lambda, a2.data());
  const V total = se3rod::rolling_rows(rod1.view(), rod2.view(), place, a1.data(), a2.data()) +
                  se3rod::rolling_bias(rod1.view(), rod2.view(), place, ds1, ds2);
  EXPECT_LT(norm(total), 1e-11 * (1 + norm(lambda))) << norm(lambda);
  EXPECT_GT(norm(lambda), 0.0);
}

// With the contact near held ends (rod 1's first node pinned, rod 2's last clamped), the restore moves only free
// nodes and keeps the held twists as the ends allow (pinned: no linear velocity; clamped: none), yet closes the gap
// and the rows.
TEST(RollingRows, RestoreLeavesHeldEndsWhereTheyAre) {
  CrossingPair pair(0.05, 0.72);
  pair.rod1.p.end0 = se3rod::End::pinned;
  pair.rod2.p.end1 = se3rod::End::clamped;
  const int last = pair.rod2.p.n - 1;
  store3(pair.rod1.twist.data() + 3, V{0, 0, 0});
  store3(pair.rod2.twist.data() + 6 * last, V{0, 0, 0});
  store3(pair.rod2.twist.data() + 6 * last + 3, V{0, 0, 0});
  const V held1 = se3rod::node_position(pair.rod1.pose.data(), 0),
          held2 = se3rod::node_position(pair.rod2.pose.data(), last);
  const V spin1 = load3(pair.rod1.twist.data());
  auto rod1 =
      se3rod::MutableContactRod<double>{&pair.rod1.p, pair.rod1.pose.data(), pair.rod1.twist.data(), pair.rod1.width};
  auto rod2 =
      se3rod::MutableContactRod<double>{&pair.rod2.p, pair.rod2.pose.data(), pair.rod2.twist.data(), pair.rod2.width};
  double s1 = pair.place.s1, s2 = pair.place.s2;
  // The pair was placed off contact (gap -7.7e-3, overlapping): the restore has work to do; the gap left falls
  // quadratically (6e-12 after the second), the third reaches round-off.
  const double before = se3rod::restore_rod_contact(rod1, rod2, s1, s2, 4);
  for (int again = 0; again < 2; ++again) se3rod::restore_rod_contact(rod1, rod2, s1, s2, 4);
  EXPECT_GT(std::abs(before), 1e-3) << before;
  const auto place = se3rod::contact_place(rod1.view(), rod2.view(), s1, s2);
  EXPECT_LT(std::abs(se3rod::rod_gap(rod1.view(), rod2.view(), place)), 1e-14);
  EXPECT_LT(norm(se3rod::rolling_rows(rod1.view(), rod2.view(), place, rod1.twist, rod2.twist)), 1e-14);
  for (int q = 0; q < 3; ++q) {
    EXPECT_EQ(se3rod::node_position(pair.rod1.pose.data(), 0)[q], held1[q]);
    EXPECT_EQ(se3rod::node_position(pair.rod2.pose.data(), last)[q], held2[q]);
    EXPECT_EQ(pair.rod1.twist[3 + q], 0.0);                                   // pinned: no linear velocity
    EXPECT_EQ(pair.rod2.twist[6 * static_cast<std::size_t>(last) + q], 0.0);  // clamped: nothing
    EXPECT_EQ(pair.rod2.twist[6 * static_cast<std::size_t>(last) + 3 + q], 0.0);
  }
  EXPECT_GT(norm(load3(pair.rod1.twist.data()) - spin1), 0.0);  // the pinned node's spin takes its share
}

}  // namespace
}  // namespace rodswarm
