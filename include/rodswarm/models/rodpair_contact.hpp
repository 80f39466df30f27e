/// @file rodpair_contact.hpp
/// Two se3rods rolling on each other without slipping: the geometry and the constraint rows of Gay-Balmaz &
/// Putkaradze's smeared discrete equations (11)-(13) (issue 19; docs/models/cosserat.md section 4.2;
/// docs/se3rod_rolling_contact.md section 3): the pieces the pair stepper (rodpair_pair_stepper.hpp) and model
/// rodpair (rodpair_model.hpp) step with, each checked on its own (tests/unit/test_rodpair_contact.cpp).
///
/// Bump weights. The contact sits at arc length s1 on rod 1 and s2 on rod 2. Node k of a rod (at s^k = k h) takes
/// the weight alpha_k(s) = B((s - s^k) / w) / sum_j B((s - s^j) / w), with B the cubic B-spline (support |x| < 2,
/// C^2: the tangency rates below need the weights' second derivative) and w the bump's width; with w = h the raw
/// weights already sum to one away from the ends (B-splines are a partition of unity) and a rod's smeared
/// centreline rbar(s) = sum_k alpha_k(s) r_k is the uniform cubic B-spline of its nodes, which reproduces a straight
/// rod exactly.
///
/// Tangency. The contact points are where the smeared centrelines are closest: with d = rbar2(s2) - rbar1(s1),
///     F1 = d . rbar1'(s1) = 0,    F2 = d . rbar2'(s2) = 0        (GBP (9), discrete),
/// solved by Newton for a starting placement, and differentiated in time for s1', s2' (a 2x2 system, singular only
/// where the rods are locally parallel). In contact |d| = r1 + r2.
///
/// Rolling rows. The difference of the smeared material velocities at the contact point x_c = rbar1 + rho1 d, for
/// radii r1 and r2 (rho_i = r_i / (r1 + r2)):
///     u = sum_k alpha_k (v_k + w_k x c1) - sum_m beta_m (v_m + w_m x c2) = 0,    c1 = rho1 d,  c2 = -rho2 d
/// (lab frame): each node's section carried rigidly from the smeared centreline's point to the contact. GBP's
/// printed rows (as cosserat.md 4.2 reads them, rho_i = 1/2) take node-to-node arms, c_k = (rbar2 - r_k) / 2 on
/// rod 1: that adds (1/2) sum_k alpha_k w_k x (rbar1 - r_k), an arm along the rod, whose bending rotations give the
/// normal row a part the gap's rate does not have, so the gap is not kept by the dynamics: measured on the crossing
/// pair of tests/unit/test_rodpair_pair_stepper.cpp, its drift per RKMK4 step was first order in dt (1.3e-6, 7.2e-7,
/// 3.7e-7 m at dt = 2e-4, 1e-4, 5e-5) and the restore's moves made the energy error first order. With the radial
/// arm n . u = n . (vbar1 - vbar2) is minus the gap's rate (the tangency removes the contact points' slide): the
/// drift per step is then fifth order and the energy error fourth or better. Both arms agree in the continuum limit
/// (the weights concentrate at the contact). For node k in its body frame a row is alpha_k R_k (gamma_k + omega_k x
/// R_k^T c1): the plane contact's row (se3rod_plane_contact.hpp) with the offset c1, so its compliance and force
/// helpers serve here too. The reaction lambda (lab frame) is the force on rod 1 at
/// the contact, -lambda that on rod 2: node k gets alpha_k lambda at c1, node m gets -beta_m lambda at c2 (GBP
/// (12)-(13) with these arms), the transpose of the rows, so the reaction does no work on a motion that keeps them. A
/// node an end holds takes no share: clamped and prescribed nodes none, pinned nodes only the torque.
#pragma once

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/se3.hpp"
#include "rodswarm/linalg/so3.hpp"
#include "rodswarm/models/se3rod_params.hpp"
#include "rodswarm/models/se3rod_plane_contact.hpp"

namespace rodswarm::se3rod {

/// A cubic B-spline's value and its first two derivatives at a point.
template <class Real>
struct Bump {
  Real value, slope, curvature;
};

/// The uniform cubic B-spline B(x): 2/3 - x^2 + |x|^3 / 2 for |x| <= 1, (2 - |x|)^3 / 6 for 1 < |x| < 2, zero
/// beyond; C^2 everywhere, sum_j B(x - j) = 1 for every x.
template <class Real>
RODSWARM_HD inline Bump<Real> cubic_bump(const Real& x) {
  const Real a = lane::fabs(x), t = Real(2) - a;
  const Real sign = lane::select(x < Real(0), Real(-1), Real(1));
  const auto inner = a <= Real(1), outside = a >= Real(2);
  const Real half = lane::value<Real>(0.5), sixth = lane::value<Real>(1.0 / 6.0),
             two_thirds = lane::value<Real>(2.0 / 3.0);
  Bump<Real> b;
  b.value = lane::select(inner, two_thirds - a * a + half * a * a * a, sixth * t * t * t);
  b.slope = sign * lane::select(inner, Real(-2) * a + Real(3) * half * a * a, -half * t * t);
  b.curvature = lane::select(inner, Real(-2) + Real(3) * a, t);
  b.value = lane::select(outside, Real(0), b.value);
  b.slope = lane::select(outside, Real(0), b.slope);
  b.curvature = lane::select(outside, Real(0), b.curvature);
  return b;
}

/// Node k's raw bump at arc length s (width w): B((s - k h) / w) with its derivatives in s.
template <class Real>
RODSWARM_HD inline Bump<Real> node_bump(const Params<Real>& p, const Real& width, const Real& s, int k) {
  const Real inv_w = Real(1) / width;
  Bump<Real> b = cubic_bump((s - Real(k) * p.h) * inv_w);
  b.slope = b.slope * inv_w;
  b.curvature = b.curvature * inv_w * inv_w;
  return b;
}

/// The sums over a rod's nodes of the raw bumps and of their derivatives at s: normalise with them.
template <class Real>
RODSWARM_HD inline Bump<Real> bump_sums(const Params<Real>& p, const Real& width, const Real& s) {
  Bump<Real> sum{Real(0), Real(0), Real(0)};
  for (int k = 0; k < p.n; ++k) {
    const Bump<Real> b = node_bump(p, width, s, k);
    sum.value = sum.value + b.value;
    sum.slope = sum.slope + b.slope;
    sum.curvature = sum.curvature + b.curvature;
  }
  return sum;
}

/// Node k's normalised weight alpha_k(s) = b_k / S and its slope (b_k' - alpha_k S') / S, from the sums S.
template <class Real>
struct Weight {
  Real value, slope;
};
template <class Real>
RODSWARM_HD inline Weight<Real> node_weight(const Params<Real>& p, const Real& width, const Real& s,
                                            const Bump<Real>& sums, int k) {
  const Bump<Real> b = node_bump(p, width, s, k);
  const Real inv = Real(1) / sums.value;
  const Real value = b.value * inv;
  return {value, (b.slope - value * sums.slope) * inv};
}

/// A smeared field f(s) = sum_k alpha_k(s) f_k (a node position or velocity) and its first two derivatives in s.
template <class Real>
struct Smeared {
  Vec3<Real> value, slope, curvature;
};

/// Smears the lab vectors `node(k)` of a rod at arc length s: with P_j = sum_k b_k^(j) f_k and the sums S_j,
/// P0 = S0 f, P1 = S1 f + S0 f', P2 = S2 f + 2 S1 f' + S0 f''.
template <class Real, class NodeVector>
RODSWARM_HD inline Smeared<Real> smear(const Params<Real>& p, const Real& width, const Real& s,
                                       const NodeVector& node) {
  Bump<Real> sum{Real(0), Real(0), Real(0)};
  Vec3<Real> P0{Real(0), Real(0), Real(0)}, P1 = P0, P2 = P0;
  for (int k = 0; k < p.n; ++k) {
    const Bump<Real> b = node_bump(p, width, s, k);
    const Vec3<Real> f = node(k);
    sum.value = sum.value + b.value;
    sum.slope = sum.slope + b.slope;
    sum.curvature = sum.curvature + b.curvature;
    P0 = P0 + b.value * f;
    P1 = P1 + b.slope * f;
    P2 = P2 + b.curvature * f;
  }
  const Real inv = Real(1) / sum.value;
  Smeared<Real> out;
  out.value = inv * P0;
  out.slope = inv * (P1 - sum.slope * out.value);
  out.curvature = inv * (P2 - Real(2) * sum.slope * out.slope - sum.curvature * out.value);
  return out;
}

/// Node k's position and lab velocity from a rod's state arrays (12 pose reals, then 6 twist reals, per node).
template <class Real>
RODSWARM_HD inline Vec3<Real> node_position(const Real* pose, int k) {
  return load3(pose + 12 * k + 9);
}
template <class Real>
RODSWARM_HD inline Vec3<Real> node_velocity(const Real* pose, const Real* twist, int k) {
  return load9(pose + 12 * k) * load3(twist + 6 * k + 3);
}

/// A rod as the contact sees it: its parameters, its state and the bump's width.
template <class Real>
struct ContactRod {
  const Params<Real>* p;
  const Real* pose;
  const Real* twist;
  Real width;
};

/// The smeared centreline rbar(s) of a rod and its smeared velocity vbar(s), each with its s-derivatives.
template <class Real>
RODSWARM_HD inline Smeared<Real> centreline(const ContactRod<Real>& rod, const Real& s) {
  return smear(*rod.p, rod.width, s, [&](int k) { return node_position(rod.pose, k); });
}
template <class Real>
RODSWARM_HD inline Smeared<Real> centreline_velocity(const ContactRod<Real>& rod, const Real& s) {
  return smear(*rod.p, rod.width, s, [&](int k) { return node_velocity(rod.pose, rod.twist, k); });
}

/// The tangency conditions at (s1, s2), their Jacobian in (s1, s2) and their rate at fixed (s1, s2).
template <class Real>
struct Tangency {
  Real F1, F2;              ///< d . rbar1', d . rbar2' with d = rbar2 - rbar1
  Real J11, J12, J21, J22;  ///< dF/ds
  Real rate1, rate2;        ///< dF/dt at fixed s (from the node velocities)
  Vec3<Real> d;             ///< rbar2 - rbar1
};
template <class Real>
RODSWARM_HD inline Tangency<Real> tangency(const ContactRod<Real>& rod1, const ContactRod<Real>& rod2, const Real& s1,
                                           const Real& s2) {
  const Smeared<Real> a = centreline(rod1, s1), b = centreline(rod2, s2);
  const Smeared<Real> va = centreline_velocity(rod1, s1), vb = centreline_velocity(rod2, s2);
  Tangency<Real> t;
  t.d = b.value - a.value;
  t.F1 = dot(t.d, a.slope);
  t.F2 = dot(t.d, b.slope);
  t.J11 = dot(t.d, a.curvature) - dot(a.slope, a.slope);
  t.J12 = dot(b.slope, a.slope);
  t.J21 = -dot(a.slope, b.slope);
  t.J22 = dot(t.d, b.curvature) + dot(b.slope, b.slope);
  const Vec3<Real> dd = vb.value - va.value;
  t.rate1 = dot(dd, a.slope) + dot(t.d, va.slope);
  t.rate2 = dot(dd, b.slope) + dot(t.d, vb.slope);
  return t;
}

/// The contact points' rates (s1', s2') that keep the tangency conditions: J s' = -dF/dt (GBP (10), discrete).
template <class Real>
RODSWARM_HD inline void contact_point_rates(const Tangency<Real>& t, Real& ds1, Real& ds2) {
  const Real inv = Real(1) / (t.J11 * t.J22 - t.J12 * t.J21);
  ds1 = -(t.J22 * t.rate1 - t.J12 * t.rate2) * inv;
  ds2 = -(-t.J21 * t.rate1 + t.J11 * t.rate2) * inv;
}

/// Newton on the tangency conditions from (s1, s2): the closest points of the smeared centrelines near a guess.
/// Returns the final |F| (as large as the residual left after `iterations` steps).
template <class Real>
RODSWARM_HD inline Real place_contact(const ContactRod<Real>& rod1, const ContactRod<Real>& rod2, Real& s1, Real& s2,
                                      int iterations) {
  Tangency<Real> t = tangency(rod1, rod2, s1, s2);
  for (int i = 0; i < iterations; ++i) {
    const Real inv = Real(1) / (t.J11 * t.J22 - t.J12 * t.J21);
    s1 = s1 - (t.J22 * t.F1 - t.J12 * t.F2) * inv;
    s2 = s2 - (-t.J21 * t.F1 + t.J11 * t.F2) * inv;
    t = tangency(rod1, rod2, s1, s2);
  }
  return lane::sqrt(t.F1 * t.F1 + t.F2 * t.F2);
}

/// Where the contact is: the arc lengths, the centrelines' points there and the share rho_i of each radius.
template <class Real>
struct ContactPlace {
  Real s1, s2;
  Vec3<Real> r1, r2;  ///< rbar1(s1), rbar2(s2)
  Real rho1, rho2;    ///< r1 / (r1 + r2), r2 / (r1 + r2)
};
template <class Real>
RODSWARM_HD inline ContactPlace<Real> contact_place(const ContactRod<Real>& rod1, const ContactRod<Real>& rod2,
                                                    const Real& s1, const Real& s2) {
  const Real inv = Real(1) / (rod1.p->radius + rod2.p->radius);
  return {s1, s2, centreline(rod1, s1).value, centreline(rod2, s2).value, rod1.p->radius * inv, rod2.p->radius * inv};
}

/// The arm from a node of rod 1 (`first`) or rod 2 to the contact point, lab frame: rho1 d or -rho2 d, the same for
/// every node of the rod (see the file's comment: the radial arm, not GBP's node-to-node one).
template <class Real>
RODSWARM_HD inline Vec3<Real> contact_arm(const ContactPlace<Real>& c, bool first) {
  return first ? c.rho1 * (c.r2 - c.r1) : c.rho2 * (c.r1 - c.r2);
}

/// The rolling rows' value u: the smeared material velocity at the contact on rod 1 minus that on rod 2 (lab
/// frame), for the body twists in `twist1` and `twist2` (the rods' own, or accelerations: the rows are linear).
template <class Real>
RODSWARM_HD inline Vec3<Real> rolling_rows(const ContactRod<Real>& rod1, const ContactRod<Real>& rod2,
                                           const ContactPlace<Real>& c, const Real* twist1, const Real* twist2) {
  Vec3<Real> u{Real(0), Real(0), Real(0)};
  for (int side = 0; side < 2; ++side) {
    const ContactRod<Real>& rod = side == 0 ? rod1 : rod2;
    const Real* twist = side == 0 ? twist1 : twist2;
    const Real s = side == 0 ? c.s1 : c.s2;
    const Bump<Real> sums = bump_sums(*rod.p, rod.width, s);
    for (int k = 0; k < rod.p->n; ++k) {
      const Weight<Real> a = node_weight(*rod.p, rod.width, s, sums, k);
      const Mat3<Real> R = load9(rod.pose + 12 * k);
      const Vec3<Real> cb = transpose_times(R, contact_arm(c, side == 0));
      const Vec3<Real> v = R * contact_velocity(cb, Twist<Real>{load3(twist + 6 * k), load3(twist + 6 * k + 3)});
      u = side == 0 ? u + a.value * v : u - a.value * v;
    }
  }
  return u;
}

/// The rows' bias: their rate at fixed body twists, while the poses move with those twists and the contact points
/// with (ds1, ds2) (contact_point_rates). In the lab, u = sum_k alpha_k (v_k + w_k x c1) - sum_m beta_m (...); at
/// a fixed body twist v_k' = w_k x v_k and w_k' = 0, the arm moves as c1' = rho1 (rbar2' - rbar1') with rbar_i' =
/// vbar_i(s_i) + rbar_i'(s_i) ds_i (a rod's smeared velocity and the contact point's slide), and alpha_k' =
/// alpha_k'(s1) ds1. The Udwadia-Kalaba system for the reaction is then S lambda = -(u(a_free) + bias).
template <class Real>
RODSWARM_HD inline Vec3<Real> rolling_bias(const ContactRod<Real>& rod1, const ContactRod<Real>& rod2,
                                           const ContactPlace<Real>& c, const Real& ds1, const Real& ds2) {
  Vec3<Real> bias{Real(0), Real(0), Real(0)};
  for (int side = 0; side < 2; ++side) {
    const bool first = side == 0;
    const ContactRod<Real>& rod = first ? rod1 : rod2;
    const ContactRod<Real>& other = first ? rod2 : rod1;
    const Real s = first ? c.s1 : c.s2, ds = first ? ds1 : ds2;
    const Real s_other = first ? c.s2 : c.s1, ds_other = first ? ds2 : ds1;
    const Real share = first ? c.rho1 : c.rho2;
    const Vec3<Real> other_rate =
        centreline_velocity(other, s_other).value + ds_other * centreline(other, s_other).slope;    // rbar_other'
    const Vec3<Real> own_rate = centreline_velocity(rod, s).value + ds * centreline(rod, s).slope;  // rbar'
    const Bump<Real> sums = bump_sums(*rod.p, rod.width, s);
    for (int k = 0; k < rod.p->n; ++k) {
      const Weight<Real> a = node_weight(*rod.p, rod.width, s, sums, k);
      const Mat3<Real> R = load9(rod.pose + 12 * k);
      const Vec3<Real> w = R * load3(rod.twist + 6 * k), v = R * load3(rod.twist + 6 * k + 3);
      const Vec3<Real> arm = contact_arm(c, first);
      const Vec3<Real> term =
          (a.slope * ds) * (v + cross(w, arm)) + a.value * (cross(w, v) + share * cross(w, other_rate - own_rate));
      bias = first ? bias + term : bias - term;
    }
  }
  return bias;
}

/// The body wrench the reaction lambda (lab frame, the force on rod 1) puts on node k of rod 1 (`first`) or 2,
/// with its weight `alpha`: the force +-alpha lambda at the arm c, as (torque, force) in the body frame. A held end
/// takes none (clamped, prescribed) or only the torque (pinned).
template <class Real>
RODSWARM_HD inline Twist<Real> reaction_wrench(const ContactRod<Real>& rod, const ContactPlace<Real>& c, int k,
                                               bool first, const Real& alpha, const Vec3<Real>& lambda) {
  const Mat3<Real> R = load9(rod.pose + 12 * k);
  const Vec3<Real> cb = transpose_times(R, contact_arm(c, first));
  const Vec3<Real> f = (first ? alpha : -alpha) * transpose_times(R, lambda);
  Twist<Real> W{cross(cb, f), f};
  const End end = end_of(*rod.p, k);
  if (end == End::clamped || end == End::prescribed) return {{Real(0), Real(0), Real(0)}, {Real(0), Real(0), Real(0)}};
  if (end == End::pinned) W.v = {Real(0), Real(0), Real(0)};
  return W;
}

/// The rows' compliance S = A M^-1 A^T (lab frame, 3x3, SPD while some free node carries weight): the change of u
/// per unit lambda, sum_k alpha_k^2 R_k S_k R_k^T + sum_m beta_m^2 R_m S_m R_m^T with each node's S_k =
/// I/m - hat(c) J^-1 hat(c) (its linear part dropped on a pinned end, all of it on a clamped or prescribed one).
template <class Real>
RODSWARM_HD inline Mat3<Real> rolling_compliance(const ContactRod<Real>& rod1, const ContactRod<Real>& rod2,
                                                 const ContactPlace<Real>& c) {
  Mat3<Real> S;
  for (int q = 0; q < 9; ++q) S.m[q] = Real(0);
  for (int side = 0; side < 2; ++side) {
    const ContactRod<Real>& rod = side == 0 ? rod1 : rod2;
    const Real s = side == 0 ? c.s1 : c.s2;
    const Bump<Real> sums = bump_sums(*rod.p, rod.width, s);
    for (int k = 0; k < rod.p->n; ++k) {
      const End end = end_of(*rod.p, k);
      if (end == End::clamped || end == End::prescribed) continue;
      const Weight<Real> a = node_weight(*rod.p, rod.width, s, sums, k);
      const Mat3<Real> R = load9(rod.pose + 12 * k);
      const Vec3<Real> cb = transpose_times(R, contact_arm(c, side == 0));
      Twist<Real> M = node_inertia(*rod.p, k);
      Mat3<Real> Sk = contact_compliance(cb, M);
      if (end == End::pinned) {  // no linear part: remove I/m
        const Real inv_m = Real(1) / M.v.x;
        Sk.m[0] = Sk.m[0] - inv_m;
        Sk.m[4] = Sk.m[4] - inv_m;
        Sk.m[8] = Sk.m[8] - inv_m;
      }
      const Mat3<Real> lab = times_transpose(R * Sk, R);
      for (int q = 0; q < 9; ++q) S.m[q] = S.m[q] + a.value * a.value * lab.m[q];
    }
  }
  return S;
}

/// The reaction (lab frame, the force on rod 1) that makes the accelerations keep the rows: with the free body
/// accelerations `accel1`, `accel2` (6 per node, as the twists) and the contact points' rates,
/// S lambda = -(u(a_free) + bias) (Udwadia-Kalaba for the 3 rows).
template <class Real>
RODSWARM_HD inline Vec3<Real> rolling_reaction_between(const ContactRod<Real>& rod1, const ContactRod<Real>& rod2,
                                                       const ContactPlace<Real>& c, const Real* accel1,
                                                       const Real* accel2, const Real& ds1, const Real& ds2) {
  const Vec3<Real> rhs = rolling_rows(rod1, rod2, c, accel1, accel2) + rolling_bias(rod1, rod2, c, ds1, ds2);
  return solve(rolling_compliance(rod1, rod2, c), -rhs);
}

/// Adds to the body accelerations (or twists) `out` of one rod the effect M^-1 W of the reaction lambda's wrenches.
template <class Real>
RODSWARM_HD inline void add_reaction(const ContactRod<Real>& rod, const ContactPlace<Real>& c, bool first,
                                     const Vec3<Real>& lambda, Real* out) {
  const Real s = first ? c.s1 : c.s2;
  const Bump<Real> sums = bump_sums(*rod.p, rod.width, s);
  for (int k = 0; k < rod.p->n; ++k) {
    const Twist<Real> W = reaction_wrench(rod, c, k, first, node_weight(*rod.p, rod.width, s, sums, k).value, lambda);
    const Twist<Real> M = node_inertia(*rod.p, k);
    Real* o = out + 6 * k;
    o[0] = o[0] + W.w.x / M.w.x;
    o[1] = o[1] + W.w.y / M.w.y;
    o[2] = o[2] + W.w.z / M.w.z;
    o[3] = o[3] + W.v.x / M.v.x;
    o[4] = o[4] + W.v.y / M.v.x;
    o[5] = o[5] + W.v.z / M.v.x;
  }
}

/// The gap |rbar2 - rbar1| - (r1 + r2) between the smeared centrelines at the contact (zero in contact).
template <class Real>
RODSWARM_HD inline Real rod_gap(const ContactRod<Real>& rod1, const ContactRod<Real>& rod2,
                                const ContactPlace<Real>& c) {
  return norm(c.r2 - c.r1) - (rod1.p->radius + rod2.p->radius);
}

/// A rod whose state the restore may change: its contact view over mutable arrays.
template <class Real>
struct MutableContactRod {
  const Params<Real>* p;
  Real* pose;
  Real* twist;
  Real width;
  RODSWARM_HD ContactRod<Real> view() const { return {p, pose, twist, width}; }
};

/// After a step of an explicit scheme, the contact put back where the rows and the tangency hold, each by the
/// smallest change in the kinetic metric: s1, s2 re-solved by Newton (`newton` steps) on the tangency; the gap
/// closed by moving the free nodes along d/|d| (node k of rod 1 by +mu alpha_k / m_k, node m of rod 2 by -mu
/// beta_m / m_m: exact at those s1, s2, but the move turns the centrelines' tangents, so s1, s2 are solved again
/// and the gap left there is of the order of the square of the one found); the twists projected onto the rows,
/// xi <- xi - M^-1 A^T S^-1 u(xi). Returns the gap found before the move.
template <class Real>
RODSWARM_HD inline Real restore_rod_contact(const MutableContactRod<Real>& rod1, const MutableContactRod<Real>& rod2,
                                            Real& s1, Real& s2, int newton) {
  place_contact(rod1.view(), rod2.view(), s1, s2, newton);
  ContactPlace<Real> c = contact_place(rod1.view(), rod2.view(), s1, s2);
  const Real gap = rod_gap(rod1.view(), rod2.view(), c);
  const Vec3<Real> d = c.r2 - c.r1, n = (Real(1) / norm(d)) * d;
  // Each free node's weight and mass, rod 1 (side 0) then rod 2: the move's metric and then the move.
  auto for_free_nodes = [&](const auto& f) {
    for (int side = 0; side < 2; ++side) {
      const MutableContactRod<Real>& rod = side == 0 ? rod1 : rod2;
      const Real s = side == 0 ? s1 : s2;
      const Bump<Real> sums = bump_sums(*rod.p, rod.width, s);
      for (int k = 0; k < rod.p->n; ++k) {
        if (end_of(*rod.p, k) != End::free) continue;
        f(rod, side, k, node_weight(*rod.p, rod.width, s, sums, k).value, node_inertia(*rod.p, k).v.x);
      }
    }
  };
  Real mobility = Real(0);  // sum of alpha_k^2 / m_k over the nodes that may move, both rods
  for_free_nodes(
      [&](const MutableContactRod<Real>&, int, int, const Real& a, const Real& m) { mobility = mobility + a * a / m; });
  // No free node carries weight (the contact on held ends only): the gap cannot be closed by moving nodes; the
  // member's config must keep the bump off such a place (its width at least h / 2, the contact inside the rods).
  const Real mu = gap / mobility;
  for_free_nodes([&](const MutableContactRod<Real>& rod, int side, int k, const Real& a, const Real& m) {
    const Real move = (side == 0 ? mu : -mu) * a / m;
    store3(rod.pose + 12 * k + 9, node_position(rod.pose, k) + move * n);
  });
  place_contact(rod1.view(), rod2.view(), s1, s2, newton);
  c = contact_place(rod1.view(), rod2.view(), s1, s2);
  const Vec3<Real> u = rolling_rows(rod1.view(), rod2.view(), c, rod1.twist, rod2.twist);
  const Vec3<Real> correction = -solve(rolling_compliance(rod1.view(), rod2.view(), c), u);
  add_reaction(rod1.view(), c, true, correction, rod1.twist);
  add_reaction(rod2.view(), c, false, correction, rod2.twist);
  return gap;
}

/// The normal reaction: the part of lambda pushing rod 1 away from rod 2, -lambda . d / |d| (positive while the
/// rods press on each other).
template <class Real>
RODSWARM_HD inline Real rod_normal_reaction(const ContactPlace<Real>& c, const Vec3<Real>& lambda) {
  const Vec3<Real> d = c.r2 - c.r1;
  return -dot(lambda, d) / norm(d);
}

}  // namespace rodswarm::se3rod
