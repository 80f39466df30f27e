// ctest-labels: slow
// The rodpair oracle (src/reference/rodpair_*: two se3rods in rolling contact, derivatives by dual numbers, the
// reaction by one dense KKT system) against the backends' physics (models/rodpair_contact.hpp and
// rodpair_pair_stepper.hpp), and on its own: RKMK4's energy order, the rows and the contact kept after each
// restore, separation. The crossing pair is tests/unit/test_rodpair_pair_stepper.cpp's: two taut rods pinned at both
// ends, crossing at right angles, rod 1 spinning about its axis and rod 2 thrown along rod 1. This file is where
// the two meet; the reference's own files include no physics header. Links rodswarm_reference (tests/unit's
// CMakeLists.txt). Labelled slow: 8 s in Release, most of it the reference's matrix exp and log, minutes at -O0.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "reference/rodpair_reference.hpp"
#include "rodswarm/models/rodpair_pair_stepper.hpp"
#include "se3rod_test_rod.hpp"

namespace rodswarm {
namespace {

using namespace se3rod::test;
using reference::RodpairCase;
using reference::RodpairState;
using reference::Vector6d;
using V = Vec3<double>;

constexpr double kLength = 1, kRadius1 = 0.01, kRadius2 = 0.015, kTension = 1;
constexpr int kNodes = 21;

/// A taut rod pinned at both ends, straight from `start` along `along`, sections with d1 = `normal` (the backend's
/// arrays, as test_rodpair_pair_stepper.cpp builds it).
struct TautRod {
  P p;
  std::vector<double> pose, twist, rest, work;
  TautRod(double radius, V start, V along, V normal) : p(test_params(kNodes, kLength / (kNodes - 1), radius)) {
    p.youngs_modulus = 1e6;
    p.shear_modulus = 1e6 / 3;
    p.end0 = p.end1 = se3rod::End::pinned;
    const auto N = static_cast<std::size_t>(kNodes);
    pose.assign(12 * N, 0.0);
    twist.assign(6 * N, 0.0);
    rest.assign(6 * (N - 1), 0.0);
    work.assign(static_cast<std::size_t>(se3rod::rod_pair_workspace_size(kNodes)), 0.0);
    const V d3 = along, d1 = normal, d2 = cross(d3, d1);
    const Mat3<double> R = Mat3<double>::from_rows({d1.x, d2.x, d3.x}, {d1.y, d2.y, d3.y}, {d1.z, d2.z, d3.z});
    for (int k = 0; k < kNodes; ++k) se3rod::store_pose(pose.data() + 12 * k, G{R, start + (k * p.h) * along});
    const double EA = p.youngs_modulus * M_PI * radius * radius;
    for (std::size_t s = 0; s + 1 < N; ++s) rest[6 * s + 5] = 1 - kTension / EA;  // params.tension's rest strain
  }
  se3rod::PairRod<double> pair_rod(double width) {
    return {&p, {pose.data(), twist.data(), rest.data()}, width, work.data()};
  }
};

/// The crossing pair before any restore, the rods crossing at arc lengths s1 and s2: rod 1 spins at 2 rad/s about
/// its axis, rod 2 moves along x at 0.05 m/s.
struct Crossing {
  double s1, s2;
  TautRod rod1, rod2;
  explicit Crossing(double at1 = 0.45, double at2 = 0.5)
      : s1(at1),
        s2(at2),
        rod1(kRadius1, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}),
        rod2(kRadius2, {at1, -at2, kRadius1 + kRadius2}, {0, 1, 0}, {0, 0, 1}) {
    for (int k = 1; k + 1 < kNodes; ++k) {
      rod1.twist[6 * static_cast<std::size_t>(k) + 2] = 2.0;
      const Mat3<double> R2 = load9(rod2.pose.data() + 12 * k);
      store3(rod2.twist.data() + 6 * k + 3, transpose_times(R2, V{0.05, 0, 0}));
    }
  }
};

/// The same rod for the reference: its case (from the backend's params) and its state (from the arrays).
reference::Se3rodCase reference_case(const TautRod& rod) {
  reference::Se3rodCase c;
  c.n = rod.p.n;
  c.h = rod.p.h;
  c.density = rod.p.density;
  c.youngs_modulus = rod.p.youngs_modulus;
  c.shear_modulus = rod.p.shear_modulus;
  c.shear_coefficient = rod.p.shear_coefficient;
  c.radius = rod.p.radius;
  c.gravity << rod.p.gravity[0], rod.p.gravity[1], rod.p.gravity[2];
  const reference::Se3rodEnd ends[] = {reference::Se3rodEnd::free, reference::Se3rodEnd::clamped,
                                       reference::Se3rodEnd::pinned, reference::Se3rodEnd::prescribed};
  c.end0 = ends[static_cast<int>(rod.p.end0)];
  c.end1 = ends[static_cast<int>(rod.p.end1)];
  c.scheme = reference::Se3rodScheme::rkmk4;
  for (int s = 0; s + 1 < c.n; ++s) {
    Vector6d eta;
    for (int q = 0; q < 6; ++q) eta(q) = rod.rest[static_cast<std::size_t>(6 * s + q)];
    c.rest_strain.push_back(eta);
  }
  return c;
}
reference::Se3rodState reference_state(const TautRod& rod) {
  reference::Se3rodState s;
  for (int k = 0; k < rod.p.n; ++k) {
    const G g = se3rod::load_pose(rod.pose.data() + 12 * k);
    Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b) m(a, b) = g.R(a, b);
    m.block<3, 1>(0, 3) << g.p.x, g.p.y, g.p.z;
    s.g.push_back(m);
    Vector6d xi;
    for (int q = 0; q < 6; ++q) xi(q) = rod.twist[static_cast<std::size_t>(6 * k + q)];
    s.xi.push_back(xi);
  }
  return s;
}
RodpairCase reference_pair(const Crossing& x, double dt) {
  RodpairCase c;
  c.rod[0] = reference_case(x.rod1);
  c.rod[1] = reference_case(x.rod2);
  c.width[0] = c.width[1] = kLength / (kNodes - 1);
  c.dt = dt;
  return c;
}
/// The reference's state of the pair as the backend's arrays hold it now, at arc lengths s1, s2 (the crossing's
/// by default).
RodpairState reference_pair_state(const Crossing& x, double s1 = -1, double s2 = -1) {
  RodpairState s;
  s.rod[0] = reference_state(x.rod1);
  s.rod[1] = reference_state(x.rod2);
  s.s1 = s1 < 0 ? x.s1 : s1;
  s.s2 = s2 < 0 ? x.s2 : s2;
  return s;
}

/// The largest differences between the backend's pair and the reference's: positions, rotations, twists.
struct Differences {
  double position = 0, rotation = 0, twist = 0, twist_scale = 0;
};
Differences differences(const Crossing& x, const RodpairState& ref) {
  Differences d;
  const TautRod* rods[2] = {&x.rod1, &x.rod2};
  for (int i = 0; i < 2; ++i) {
    const reference::Se3rodState b = reference_state(*rods[i]);
    for (std::size_t k = 0; k < b.g.size(); ++k) {
      d.position = std::max(d.position, (b.g[k].block<3, 1>(0, 3) - ref.rod[i].g[k].block<3, 1>(0, 3)).norm());
      d.rotation = std::max(d.rotation, (b.g[k].block<3, 3>(0, 0) - ref.rod[i].g[k].block<3, 3>(0, 0)).norm());
      d.twist = std::max(d.twist, (b.xi[k] - ref.rod[i].xi[k]).cwiseAbs().maxCoeff());
      d.twist_scale = std::max(d.twist_scale, ref.rod[i].xi[k].cwiseAbs().maxCoeff());
    }
  }
  return d;
}

/// What a run of both, step by step from the backend's restore of the crossing, leaves apart.
struct Agreement {
  Differences state;
  double s1 = 0, s2 = 0, lambda = 0, lambda_max = 0, normal = 0;
  long verdicts = 0, tensile_steps = 0, first_tensile = -1, steps_taken = 0;
  double s1_moved = 0;
};
Agreement run_both(Crossing& x, long steps, double dt) {
  const double width = kLength / (kNodes - 1);
  const RodpairCase c = reference_pair(x, dt);
  const auto a = x.rod1.pair_rod(width), b = x.rod2.pair_rod(width);
  se3rod::PairContact<double> contact{x.s1, x.s2};
  se3rod::restore_rod_contact(a.mutable_view(), b.mutable_view(), contact.s1, contact.s2, 4);
  RodpairState ref = reference_pair_state(x, contact.s1, contact.s2);
  const double s1_start = ref.s1;
  // Step by step, so that the run goes on through steps the rods would have to pull in (the crossing's normal
  // reaction changes sign): the verdicts must agree at every step, and the states after each.
  Agreement out;
  for (long i = 0; i < steps; ++i) {
    se3rod::advance_rod_pair(a, b, contact, dt, 1);
    ref = reference::rodpair_advance(c, ref, 1);
    const Eigen::Vector3d lambda(contact.lambda[0], contact.lambda[1], contact.lambda[2]);
    out.lambda = std::max(out.lambda, (lambda - ref.lambda).norm());
    out.lambda_max = std::max(out.lambda_max, lambda.norm());
    out.normal = std::max(out.normal, std::abs(contact.normal - ref.normal));
    out.verdicts += contact.separated != ref.separated;
    if (ref.separated && out.first_tensile < 0) out.first_tensile = i + 1;
    out.tensile_steps += ref.separated;
  }
  out.state = differences(x, ref);
  out.s1 = std::abs(contact.s1 - ref.s1);
  out.s2 = std::abs(contact.s2 - ref.s2);
  out.steps_taken = ref.steps_taken;
  out.s1_moved = ref.s1 - s1_start;
  std::printf(
      "after %ld steps: positions %.2e m, rotations %.2e, twists %.2e (of %.2f), s1 %.2e, s2 %.2e apart; lambda "
      "%.2e N apart (|lambda| <= %.3f N), normal %.2e N apart; separation verdicts apart in %ld steps (%ld "
      "tensile steps, the first %ld); s1 moved %.3e\n",
      steps, out.state.position, out.state.rotation, out.state.twist, out.state.twist_scale, out.s1, out.s2, out.lambda,
      out.lambda_max, out.normal, out.verdicts, out.tensile_steps, out.first_tensile, out.s1_moved);
  return out;
}

/// The same run to round-off: measured 1e-15 m, 2e-14, 1e-11 of twists of 2 rad/s, 1e-16 and 3e-12 N (see the
/// printout); the bounds leave two to three decades for other compilers and flags.
void expect_agreement(const Agreement& r, long steps) {
  EXPECT_EQ(r.steps_taken, steps);
  EXPECT_EQ(r.verdicts, 0);
  EXPECT_LT(r.state.position, 1e-12);
  EXPECT_LT(r.state.rotation, 1e-11);
  EXPECT_LT(r.state.twist, 1e-9);
  EXPECT_LT(r.s1, 1e-12);
  EXPECT_LT(r.s2, 1e-12);
  EXPECT_LT(r.lambda, 1e-7 * r.lambda_max);
  EXPECT_GT(r.lambda_max, 0.1);  // the rods did press on each other
}

// (a) The backend and the reference from the same restored state, 0.02 s at dt = 1e-4: the same run to round-off.
TEST(RodpairReference, AgreesWithTheBackendOnTheCrossingPair) {
  // The restores of the unrestored crossing agree too (the backend's 4 Newton steps, the reference's to convergence).
  {
    Crossing x;
    const RodpairCase c = reference_pair(x, 1e-4);
    RodpairState own = reference_pair_state(x);
    reference::rodpair_restore(c, own);
    const double width = kLength / (kNodes - 1);
    const auto a = x.rod1.pair_rod(width), b = x.rod2.pair_rod(width);
    se3rod::PairContact<double> contact{x.s1, x.s2};
    se3rod::restore_rod_contact(a.mutable_view(), b.mutable_view(), contact.s1, contact.s2, 4);
    const Differences restored = differences(x, own);
    std::printf("restore: positions %.2e m, twists %.2e, s1 %.2e, s2 %.2e apart\n", restored.position, restored.twist,
                std::abs(own.s1 - contact.s1), std::abs(own.s2 - contact.s2));
    EXPECT_LT(restored.position, 1e-14);
    EXPECT_LT(restored.twist, 1e-12);
    EXPECT_LT(std::abs(own.s1 - contact.s1) + std::abs(own.s2 - contact.s2), 1e-13);
  }
  Crossing x;
  const Agreement r = run_both(x, 200, 1e-4);
  expect_agreement(r, 200);
  EXPECT_GT(std::abs(r.s1_moved), 1e-4);  // the contact did slide along rod 1
}

// (a'') The contact near held ends, whose nodes carry weight but take no share of the reaction and no move: rod 1
// clamped at the end the rods cross 0.07 from (its nodes 0 to 3 in the bump, node 0 held, the weights' sum short of
// one there), prescribed at the other (spinning with the rest); rod 2 pinned 0.04 from the crossing.
TEST(RodpairReference, AgreesWithTheBackendNearHeldEnds) {
  Crossing x(0.07, 0.04);
  x.rod1.p.end0 = se3rod::End::clamped;
  x.rod1.p.end1 = se3rod::End::prescribed;
  x.rod1.twist[6 * (kNodes - 1) + 2] = 2.0;  // the spin the prescribed end keeps
  const Agreement r = run_both(x, 100, 1e-4);
  expect_agreement(r, 100);
}

// (a') The same pair pressed together: rod 2 under gravity towards rod 1 (which the crossing alone is not: its normal
// reaction is tensile in most of its steps), 100 steps in one call each: neither separates, both take them all.
TEST(RodpairReference, AgreesWithTheBackendWhenPressedByGravity) {
  const double dt = 1e-4, width = kLength / (kNodes - 1);
  const long steps = 100;
  Crossing x;
  x.rod2.p.gravity[2] = -9.81;
  const RodpairCase c = reference_pair(x, dt);
  const auto a = x.rod1.pair_rod(width), b = x.rod2.pair_rod(width);
  se3rod::PairContact<double> contact{0.45, 0.5};
  se3rod::restore_rod_contact(a.mutable_view(), b.mutable_view(), contact.s1, contact.s2, 4);
  RodpairState ref = reference_pair_state(x, contact.s1, contact.s2);
  const std::int64_t taken = se3rod::advance_rod_pair(a, b, contact, dt, steps);
  ref = reference::rodpair_advance(c, ref, steps);
  const Differences d = differences(x, ref);
  std::printf(
      "pressed, after %ld steps: positions %.2e m, rotations %.2e, twists %.2e (of %.2f), s1 %.2e, s2 %.2e "
      "apart; normal reaction %.6f N (backend %.6f N)\n",
      steps, d.position, d.rotation, d.twist, d.twist_scale, std::abs(contact.s1 - ref.s1),
      std::abs(contact.s2 - ref.s2), ref.normal, contact.normal);
  EXPECT_EQ(taken, steps);
  EXPECT_EQ(ref.steps_taken, steps);
  EXPECT_FALSE(ref.separated);
  EXPECT_GT(ref.normal, 0.1);
  EXPECT_LT(d.position, 1e-12);
  EXPECT_LT(d.rotation, 1e-11);
  EXPECT_LT(d.twist, 1e-9);
  EXPECT_LT(std::abs(contact.s1 - ref.s1) + std::abs(contact.s2 - ref.s2), 1e-12);
  EXPECT_LT(std::abs(contact.normal - ref.normal), 1e-9);
}

// (b) The reference alone: the energy error falls at RKMK4's fourth order (the reaction does no work), and every
// restore leaves the slip and the gap at round-off.
TEST(RodpairReference, EnergyErrorAtFourthOrderAndContactKept) {
  const double t_end = 0.02;
  std::vector<double> errors;
  for (double dt : {4e-4, 2e-4, 1e-4}) {
    const Crossing x;
    const RodpairCase c = reference_pair(x, dt);
    RodpairState s = reference_pair_state(x);
    reference::rodpair_restore(c, s);
    const double e0 = reference::rodpair_energy(c, s);
    const long steps = std::lround(t_end / dt);
    double slip = reference::rodpair_slip(c, s).norm(), gap = std::abs(reference::rodpair_gap(c, s));
    for (long i = 0; i < steps; ++i) {
      s = reference::rodpair_advance(c, s, 1);
      slip = std::max(slip, reference::rodpair_slip(c, s).norm());
      gap = std::max(gap, std::abs(reference::rodpair_gap(c, s)));
    }
    errors.push_back(std::abs(reference::rodpair_energy(c, s) - e0));
    std::printf(
        "dt %.0e: energy error %.3e J of %.3e J, after every restore |u| <= %.2e m/s, |gap| <= %.2e m, "
        "s1 %.9f\n",
        dt, errors.back(), e0, slip, gap, s.s1);
    EXPECT_EQ(s.steps_taken, steps);
    EXPECT_LT(slip, 1e-14);  // of velocities of 0.05 m/s
    EXPECT_LT(gap, 1e-15);   // of a separation of 0.025 m
  }
  for (std::size_t i = 1; i < errors.size(); ++i) {
    const double order = std::log2(errors[i - 1] / errors[i]);
    std::printf("energy order %.2f\n", order);
    EXPECT_GT(order, 3.5);
  }
}

// (c) Rod 2 pressed onto rod 1 by a distributed load keeps rolling with a positive normal reaction; pulled away by
// it, the first step already starts tensile: the run stops after it, flagged separated.
TEST(RodpairReference, SeparatesWhenTheRodsWouldHaveToPull) {
  for (double load : {-5.0, 5.0}) {
    const Crossing x;
    RodpairCase c = reference_pair(x, 1e-4);
    c.rod[1].distributed(5) = load;  // N/m along z: rod 2 sits on top of rod 1
    RodpairState s = reference_pair_state(x);
    reference::rodpair_restore(c, s);
    s = reference::rodpair_advance(c, s, 20);
    std::printf("load %+.1f N/m on rod 2: %ld steps, separated %d, normal reaction %.4e N\n", load, s.steps_taken,
                int(s.separated), s.normal);
    if (load < 0) {
      EXPECT_EQ(s.steps_taken, 20);
      EXPECT_FALSE(s.separated);
      EXPECT_GT(s.normal, 0.0);
    } else {
      EXPECT_EQ(s.steps_taken, 1);
      EXPECT_TRUE(s.separated);
      EXPECT_LT(s.normal, 0.0);
    }
  }
}

}  // namespace
}  // namespace rodswarm
