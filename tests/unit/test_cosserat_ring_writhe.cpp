// Michell's ring past its critical twist, in time: a naturally straight ring twisted by Tw turns and nudged out of
// its plane in its soft mode (two waves round the ring) stays near its plane below Tw_c = sqrt 3 and leaves it
// above, trading twist for writhe until it lies on itself in self-contact. The checks read positions and directors
// only (ring_topology.hpp, apart from the model): the ribbon's linking number stays the integer it started at (0:
// the directors start parallel-transported round the flat ring) as long as contact keeps the rod from passing
// through itself, and the frame's twist plus the centre line's writhe stays that linking number (White's theorem;
// the discrete frame honours it to the discretisation's error).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "cosserat_test_ring.hpp"
#include "ring_topology.hpp"

namespace rodswarm {
namespace {

using Rod = cosserat::test::TestRod<double>;
using cosserat::test::r;
using test::Polygon;

Vec3<double> node(const Rod& rod, int j) { return load3(rod.x.data() + 3 * j); }
Vec3<double> director(const Rod& rod, int i, int row) { return load3(rod.Q.data() + 9 * i + 3 * row); }

/// The frame's twist in turns: at each joint, the angle from element a's d1, carried to element b by the smallest
/// rotation taking a's d3 to b's (parallel transport), to b's d1, about b's d3.
double frame_twist(const Rod& rod, int n) {
  double sum = 0;
  for (int a = 0; a < n; ++a) {
    const int b = (a + 1) % n;
    const Vec3<double> ta = director(rod, a, 2), tb = director(rod, b, 2), d1a = director(rod, a, 0),
                       d1b = director(rod, b, 0);
    const Vec3<double> axis = cross(ta, tb);
    const double c = dot(ta, tb);
    // Rodrigues' formula for the rotation by angle acos(c) about axis / |axis|, written with axis = sin * unit.
    const Vec3<double> carried = c * d1a + cross(axis, d1a) + (1 / (1 + c)) * dot(axis, d1a) * axis;
    sum += std::atan2(dot(tb, cross(carried, d1b)), dot(carried, d1b));
  }
  return sum / (2 * M_PI);
}

/// The centre line (nodes 0..n-1) and the curve pushed off it by eps along the mean d1 of each node's two elements.
Polygon centre_line(const Rod& rod, int n) {
  Polygon c;
  for (int j = 0; j < n; ++j) c.push_back(node(rod, j));
  return c;
}
Polygon pushed_off(const Rod& rod, int n, double eps) {
  Polygon c;
  for (int j = 0; j < n; ++j) {
    const Vec3<double> u = director(rod, (j + n - 1) % n, 0) + director(rod, j, 0);
    c.push_back(node(rod, j) + (eps / norm(u)) * u);
  }
  return c;
}

/// The largest distance of a node from the starting plane z = 0.
double height(const Rod& rod, int n) {
  double h = 0;
  for (int j = 0; j < n; ++j) h = std::max(h, std::fabs(rod.x[3 * j + 2]));
  return h;
}

/// The nodes' mean: the centre of mass of a uniform ring (its nodes' masses are equal). Nothing outside acts on the
/// ring but the damping, -nu m v on every node, which keeps a zero momentum zero: the centre stays where it started
/// as long as every contact force has its reaction.
Vec3<double> centre_of_mass(const Rod& rod, int n) {
  Vec3<double> c{0, 0, 0};
  for (int j = 0; j < n; ++j) c = c + node(rod, j);
  return (1.0 / n) * c;
}

/// Smallest distance between the axes of two elements that are not neighbours (contact: about 2 r).
double closest_approach(const Rod& rod, int n) {
  double best = 1e300;
  for (int a = 0; a < n; ++a)
    for (int b = a + 2; b < n; ++b) {
      if (a == 0 && b == n - 1) continue;
      // Sampled closest points (the segments are short: 1/n of the ring).
      for (int sa = 0; sa <= 8; ++sa)
        for (int sb = 0; sb <= 8; ++sb) {
          const Vec3<double> pa = node(rod, a) + (sa / 8.0) * (node(rod, a + 1) - node(rod, a));
          const Vec3<double> pb = node(rod, b) + (sb / 8.0) * (node(rod, b + 1) - node(rod, b));
          best = std::min(best, norm(pa - pb));
        }
    }
  return best;
}

struct Writhing {
  double lk0, lk_drift, white_gap, wr, tw;
  double height;    ///< largest distance of a node from the starting plane over the run
  double drift;     ///< largest distance of the centre of mass from where it started, over the run
  double settled;   ///< the height at the end
  double approach;  ///< at the end
  bool ok;
};

/// A naturally straight ring of n sides twisted by `turns`, nudged out of its plane by 1 mm in two waves, damped,
/// run for `seconds` by position Verlet; the topology is checked every 0.05 s.
Writhing writhe_ring(int n, double turns, bool contact, double seconds) {
  using namespace cosserat::test;
  Rod rod = ring(n, true, turns);
  rod.p.scheme = cosserat::Scheme::verlet;
  rod.p.damping_force = 2;
  rod.p.damping_torque = 2;
  if (contact) {
    rod.p.contact_stiffness = 2e3;
    rod.p.self_contact = true;
  }
  for (int j = 0; j <= n; ++j) rod.x[3 * j + 2] = 1e-3 * std::sin(4 * M_PI * (j % n) / n);
  Writhing w{};
  const double eps = 0.5 * r;
  w.lk0 = test::linking_number(centre_line(rod, n), pushed_off(rod, n, eps));
  const Vec3<double> centre0 = centre_of_mass(rod, n);
  const double dt = 5e-5;
  const int chunk = 1000, chunks = static_cast<int>(std::lround(seconds / (chunk * dt)));
  w.ok = true;
  for (int q = 0; q < chunks; ++q) {
    if (rod.advance(dt, std::int64_t(q) * chunk, chunk).status != status_ok) {
      w.ok = false;
      break;
    }
    const Polygon c = centre_line(rod, n);
    const double lk = test::linking_number(c, pushed_off(rod, n, eps));
    w.lk_drift = std::max(w.lk_drift, std::fabs(lk - w.lk0));
    w.wr = test::writhe(c);
    w.tw = frame_twist(rod, n);
    w.white_gap = std::max(w.white_gap, std::fabs(w.tw + w.wr - lk));
    w.height = std::max(w.height, height(rod, n));
    w.drift = std::max(w.drift, norm(centre_of_mass(rod, n) - centre0));
  }
  w.approach = closest_approach(rod, n);
  w.settled = height(rod, n);
  std::printf(
      "n = %d, Tw = %.2f, contact %s: Lk(0) = %+.6f, largest |Lk - Lk(0)| %.1e, largest |Tw + Wr - Lk| %.3f; after "
      "%.1f s: Wr = %+.4f, frame twist %+.4f, height %.1e m; largest height %.4f m; closest approach of "
      "non-neighbours %.4f m (2 r = %.4f); centre of mass moved %.1e m\n",
      n, turns, contact ? "on" : "off", w.lk0, w.lk_drift, w.white_gap, seconds, w.wr, w.tw, w.settled, w.height,
      w.approach, 2 * r, w.drift);
  return w;
}

TEST(CosseratRingWrithe, BelowTheCriticalTwistTheRingStaysFlat) {
  const Writhing w = writhe_ring(32, 1.5, true, 2.0);
  ASSERT_TRUE(w.ok);
  EXPECT_NEAR(w.lk0, 0, 1e-9);
  EXPECT_LT(w.lk_drift, 1e-6);
  EXPECT_LT(w.height, 1.5e-3);  // the 1 mm nudge does not grow
  EXPECT_LT(w.settled, 2e-4);   // it dies out
  EXPECT_LT(std::fabs(w.wr), 1e-2);
  EXPECT_LT(w.drift, 1e-12);
}

TEST(CosseratRingWrithe, AboveItTheRingWrithesIntoSelfContactKeepingItsLinkingNumber) {
  const Writhing w = writhe_ring(32, 3.0, true, 3.0);
  ASSERT_TRUE(w.ok);
  EXPECT_LT(w.lk_drift, 1e-6);          // contact kept the rod from passing through itself
  EXPECT_GT(w.height, 0.03);            // out of its plane by far more than the nudge
  EXPECT_GT(w.wr, 0.5);                 // twist traded for writhe
  EXPECT_LT(w.approach, 2 * r * 1.05);  // lying on itself
  EXPECT_LT(w.white_gap, 0.01);         // Tw + Wr = Lk along the way
  EXPECT_LT(w.drift, 1e-12);            // every contact force has its reaction
}

// What the linking number watches for: without self-contact the same ring passes through itself, its linking
// number jumps by 2 and it sheds the twist that made it writhe.
TEST(CosseratRingWrithe, WithoutSelfContactItPassesThroughItselfAndItsLinkingNumberJumpsByTwo) {
  const Writhing w = writhe_ring(32, 3.0, false, 3.0);
  ASSERT_TRUE(w.ok);
  EXPECT_NEAR(w.lk_drift, 2, 1e-6);
  EXPECT_LT(w.white_gap, 0.01);
}

}  // namespace
}  // namespace rodswarm
