/// @file cosserat_forces.hpp
/// One member's forces, couples and accelerations at a given state and time, assembled from cosserat.hpp in a
/// few passes over nodes, elements and Voronoi points. Iterated through a loop policy
/// (integrators/bead_loop.hpp): SequentialLoop on the CPU, a block-wide loop in the CUDA kernel; the passes write
/// disjoint arrays and meet at sync_or barriers, so no atomics are needed (the self-contact force on a node is
/// gathered by that node from every pair its elements take part in).
#pragma once

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/vec3.hpp"
#include "rodswarm/models/cosserat.hpp"
#include "rodswarm/models/cosserat_loads.hpp"

namespace rodswarm::cosserat {

/// Sizes of one member.
struct Shape {
  int R, N;
  bool ring = false;  ///< closed rods: node N repeats node 0, joint N - 1 joins element N - 1 to element 0
  RODSWARM_HD constexpr int nodes() const { return R * (N + 1); }
  RODSWARM_HD constexpr int elements() const { return R * N; }
  RODSWARM_HD constexpr int joints() const { return ring ? N : N - 1; }  ///< Voronoi points of one rod
  RODSWARM_HD constexpr int voronoi() const { return R * joints(); }
};
template <class Real>
RODSWARM_HD inline Shape shape_of(const Params<Real>& p) {
  return {p.rods, p.n, p.ring};
}

/// A member's data that does not change during a step: parameters, rest data at t = 0, clamps.
template <class Real>
struct MemberData {
  const Params<Real>* p;
  const Real* l0;          ///< E
  const Real* radius;      ///< E
  const Real* sigma_hat;   ///< 3E
  const Real* kappa_hat0;  ///< 3V
  const Real* clamp;       ///< 24R
};

/// Scratch of one evaluation (each pointer into the member's workspace).
template <class Real>
struct Scratch {
  Real* lh;       ///< E: rest lengths at t
  Real* zone;     ///< E: 1 if the element grows
  Real* s_mid;    ///< E: midpoint arc length in current rest lengths (self-contact window)
  Real* mass;     ///< nodes
  Real* nlab;     ///< 3E: Q^T n (law P: / e)
  Real* dil;      ///< E: dilatation e_i
  Real* couple;   ///< 3E: shear couple (body)
  Real* tau;      ///< 3V: tau (law P: / eps^3)
  Real* kxt;      ///< 3V: kappa x tau Dh (law P: / eps^3)
  Real* cforce;   ///< 3 nodes: contact force (lab)
  Real* cmoment;  ///< 3 nodes: moment of the friction force about the node (lab)
};

RODSWARM_HD constexpr int scratch_size(Shape s) { return 10 * s.elements() + 7 * s.nodes() + 6 * s.voronoi(); }

template <class Real>
RODSWARM_HD inline Scratch<Real> carve_scratch(Real* w, Shape s) {
  const int E = s.elements(), Nd = s.nodes(), V = s.voronoi();
  Scratch<Real> c{};
  c.lh = w;
  c.zone = c.lh + E;
  c.s_mid = c.zone + E;
  c.mass = c.s_mid + E;
  c.nlab = c.mass + Nd;
  c.dil = c.nlab + 3 * E;
  c.couple = c.dil + E;
  c.tau = c.couple + 3 * E;
  c.kxt = c.tau + 3 * V;
  c.cforce = c.kxt + 3 * V;
  c.cmoment = c.cforce + 3 * Nd;
  return c;
}

/// The state an evaluation reads.
template <class Real>
struct StateRef {
  const Real* x;  ///< 3 nodes
  const Real* v;  ///< 3 nodes
  const Real* Q;  ///< 9E
  const Real* w;  ///< 3E
  const Real* g;  ///< E: growth state (Lockhart)
};

/// What an evaluation computes.
enum class Mode : int {
  constrained = 0,  ///< accelerations with fixed ends and surface constraints imposed
  free = 1,         ///< a_f = M^-1 F: no constraint at all (Gauss's function)
  statics = 2,      ///< ax = F and aw = C without damping, inertia terms or constraints (Z_s)
  /// as constrained, but a confined node's acceleration is only the part of its free one along the surface:
  /// position Verlet's geodesic drift (geodesic_drift) carries the rest of the reaction, the surface's curvature
  geodesic = 3,
};

/// Where the rod of element/node index lies: rod r, local index.
RODSWARM_HD inline int rod_of_node(Shape s, int j) { return j / (s.N + 1); }
RODSWARM_HD inline int rod_of_element(Shape s, int i) { return i / s.N; }

/// A ring's local element index taken round once (local in [-N, 2N)). The neighbour helpers below run in every
/// pass's inner loops, so they wrap by a compare rather than a `%` and take the rod and local index that the loop
/// body computed once, rather than dividing again per call.
RODSWARM_HD inline int wrap_local(Shape s, int local) {
  return local < 0 ? local + s.N : (local >= s.N ? local - s.N : local);
}
/// The element before (side 0) or after (side 1) local node k of rod r, or -1 past an open rod's end. In a ring
/// node 0 and node N both lie between element N - 1 and element 0, in that order, so that every sum over a node's
/// elements is the same for both (the repeated node stays equal to the first bit for bit).
RODSWARM_HD inline int node_element(Shape s, int r, int k, int side) {
  int local = side == 0 ? k - 1 : k;
  if (s.ring) {
    local = wrap_local(s, local);
  } else if (local < 0 || local >= s.N) {
    return -1;
  }
  return r * s.N + local;
}
/// Where Voronoi point q (member index) lies: rod r, local index.
RODSWARM_HD inline int rod_of_joint(Shape s, int q) { return q / s.joints(); }
/// The elements on either side of local Voronoi point k of rod r: before (side 0) and after (side 1) it.
RODSWARM_HD inline int joint_element(Shape s, int r, int k, int side) {
  return r * s.N + (side == 0 ? k : wrap_local(s, k + 1));
}
/// The Voronoi point after (side 1) or before (side 0) local element k of rod r, or -1 at an open rod's end element.
RODSWARM_HD inline int element_joint(Shape s, int r, int k, int side) {
  int local = side == 0 ? k - 1 : k;
  if (s.ring) {
    local = wrap_local(s, local);
  } else if (local < 0 || local >= s.N - 1) {
    return -1;
  }
  return r * s.joints() + local;
}
/// Whether local node k repeats node 0 (node N of a ring): sums over the member's material points skip it.
RODSWARM_HD inline bool repeats_first(Shape s, int k) { return s.ring && k == s.N; }
/// The end kind that holds local node k: none in a ring.
template <class Real>
RODSWARM_HD inline EndKind end_kind(const Params<Real>& p, Shape s, int k) {
  if (s.ring) return EndKind::free;
  return k == 0 ? p.end0 : (k == s.N ? p.end1 : EndKind::free);
}

template <class Real>
RODSWARM_HD inline Real node_radius(const MemberData<Real>& d, Shape s, int j) {
  const int r = rod_of_node(s, j), k = j - r * (s.N + 1);
  const int before = node_element(s, r, k, 0), after = node_element(s, r, k, 1);
  if (before < 0) return d.radius[after];
  if (after < 0) return d.radius[before];
  return lane::value<Real>(0.5) * (d.radius[before] + d.radius[after]);
}

/// Mass of node j and inertia diagonal of element i under the member's mass rule.
template <class Real>
RODSWARM_HD inline Real element_mass(const MemberData<Real>& d, const Scratch<Real>& c, int i) {
  const Params<Real>& p = *d.p;
  const Real l = p.mass_rule == MassRule::conserved ? d.l0[i] : c.lh[i];
  return p.rho * circle(d.radius[i]).A * l;
}
template <class Real>
RODSWARM_HD inline Vec3<Real> element_inertia(const MemberData<Real>& d, const Scratch<Real>& c, int i) {
  const Params<Real>& p = *d.p;
  const Real l = p.mass_rule == MassRule::conserved ? d.l0[i] : c.lh[i];
  const Section<Real> sec = circle(d.radius[i]);
  return {p.rho * l * sec.I1, p.rho * l * sec.I1, p.rho * l * sec.I3};
}

/// The length lumped on a node from the `lengths` of its elements `before` and `after` (-1: none): half of each.
/// With the rest lengths at t (Scratch::lh) it is the length a distributed load acts on; with those at t = 0
/// (MemberData::l0), the length of rod an elastic foundation holds there (attached to the material at t = 0, so
/// growth does not add to it).
template <class Real>
RODSWARM_HD inline Real lumped_length(const Real* lengths, int before, int after) {
  return lane::value<Real>(0.5) * ((before >= 0 ? lengths[before] : Real(0)) + (after >= 0 ? lengths[after] : Real(0)));
}
template <class Real>
RODSWARM_HD inline Real node_length(const Real* lengths, Shape s, int j) {
  const int r = rod_of_node(s, j), k = j - r * (s.N + 1);
  return lumped_length(lengths, node_element(s, r, k, 0), node_element(s, r, k, 1));
}

/// The foundation's force on a node at x moving at v, -(k u + c du/dt) times `length0`, the node's lumped initial
/// length (the assembly has the node's elements at hand: lumped_length(d.l0, before, after)); damping only when
/// asked.
template <class Real>
RODSWARM_HD inline Vec3<Real> foundation_force(const MemberData<Real>& d, Real length0, Vec3<Real> x, Vec3<Real> v,
                                               bool damped) {
  const Params<Real>& p = *d.p;
  const Vec3<Real> u = foundation_transverse(p, x - load3(p.foundation_point));
  Vec3<Real> f = p.foundation_stiffness * u;
  if (damped) f = f + p.foundation_damping * foundation_transverse(p, v);
  return (-length0) * f;
}

/// The foundation's energy at node j, 1/2 k |u|^2 times its lumped initial length: the potential of that force.
template <class Real>
RODSWARM_HD inline Real foundation_energy(const MemberData<Real>& d, Shape s, int j, Vec3<Real> x) {
  const Params<Real>& p = *d.p;
  const Vec3<Real> u = foundation_transverse(p, x - load3(p.foundation_point));
  return lane::value<Real>(0.5) * p.foundation_stiffness * node_length(d.l0, s, j) * dot(u, u);
}

/// Voronoi stiffness: the element stiffnesses averaged with the rest lengths as weights.
template <class Real>
RODSWARM_HD inline Vec3<Real> voronoi_stiffness(const MemberData<Real>& d, const Scratch<Real>& c, int ea, int eb) {
  const Real la = c.lh[ea], lb = c.lh[eb];
  const Vec3<Real> Ba = bend_stiffness(*d.p, circle(d.radius[ea])), Bb = bend_stiffness(*d.p, circle(d.radius[eb]));
  return (Real(1) / (la + lb)) * (la * Ba + lb * Bb);
}

/// Pass 0: rest lengths at t, growth zone, midpoint arc lengths (one participant per rod for the prefix sum).
template <class Real, class Loop>
RODSWARM_HD void rest_pass(const MemberData<Real>& d, StateRef<Real> y, Real t, Scratch<Real> c, const Loop& loop) {
  const Params<Real>& p = *d.p;
  const Shape s = shape_of(p);
  const Real half = lane::value<Real>(0.5);
  loop.for_each(s.R, [&](int r) {
    Real L0 = 0;
    for (int k = 0; k < s.N; ++k) L0 += d.l0[r * s.N + k];
    Real s0 = 0, sc = 0;
    for (int k = 0; k < s.N; ++k) {
      const int i = r * s.N + k;
      // Without a growth law nothing grows: rest lengths stay and curvature_rate has no effect.
      const lane::Mask<Real> in_zone = p.growth != GrowthLaw::none
                                           ? lane::Mask<Real>(s0 + half * d.l0[i] > L0 * (Real(1) - p.growth_zone))
                                           : lane::Mask<Real>(false);
      c.zone[i] = lane::select(in_zone, Real(1), Real(0));
      c.lh[i] = growth_factor(p, t, in_zone, y.g[i]) * d.l0[i];
      c.s_mid[i] = sc + half * c.lh[i];
      s0 += d.l0[i];
      sc += c.lh[i];
    }
  });
  loop.sync_or(false);
}

/// Contact force on node j from the plane and the obstacle, with the friction moment about the node.
template <class Real>
RODSWARM_HD void node_contact(const MemberData<Real>& d, StateRef<Real> y, Shape s, int j, Vec3<Real>& force,
                              Vec3<Real>& moment) {
  const Params<Real>& p = *d.p;
  const Vec3<Real> x = load3(y.x + 3 * j), v = load3(y.v + 3 * j);
  const Real rj = node_radius(d, s, j);
  if (p.plane) {
    const Vec3<Real> nu = load3(p.plane_normal);
    const Real gap = dot(nu, x - load3(p.plane_point)) - rj;
    const auto touching = gap < Real(0);  // lane by lane: what follows is kept only where it holds
    if (lane::any(touching)) {
      const Real N = penalty_force(p, -gap, dot(nu, v));
      // Adjacent elements of the node: their mean lab angular velocity and mean d3.
      const int r = rod_of_node(s, j), k = j - r * (s.N + 1);
      const int before = node_element(s, r, k, 0), after = node_element(s, r, k, 1);
      const int e0 = before >= 0 ? before : after, e1 = after >= 0 ? after : before;
      const Mat3<Real> Qa = load9(y.Q + 9 * e0), Qb = load9(y.Q + 9 * e1);
      const Real half = lane::value<Real>(0.5);
      const Vec3<Real> wlab =
          half * (transpose_times(Qa, load3(y.w + 3 * e0)) + transpose_times(Qb, load3(y.w + 3 * e1)));
      const Vec3<Real> arm = (-rj) * nu;
      Vec3<Real> u = v + cross(wlab, arm);
      u = u - dot(nu, u) * nu;
      Vec3<Real> a = half * (Qa.row(2) + Qb.row(2));
      a = a - dot(a, nu) * nu;
      const Real la = norm(a);
      const Vec3<Real> zero{0, 0, 0};
      Vec3<Real> f = zero;
      // d3 normal to the plane: isotropic friction along the slip.
      const auto upright = la < lane::value<Real>(1e-12);
      if (lane::any(upright)) {
        const Real us = norm(u);
        const Vec3<Real> fu =
            (-N * friction_coefficient(p.mu_static[2], p.mu_kinetic[2], us, p.slip_velocity) / us) * u;
        f = select3(upright && us > Real(0), fu, zero);
      }
      if (!lane::all(upright)) {
        a = (Real(1) / la) * a;
        const Vec3<Real> b = cross(nu, a);
        const Real ua = dot(a, u), ub = dot(b, u);
        const auto forward = ua > Real(0);
        const Real fa = friction_coefficient(lane::select(forward, p.mu_static[0], p.mu_static[1]),
                                             lane::select(forward, p.mu_kinetic[0], p.mu_kinetic[1]), lane::fabs(ua),
                                             p.slip_velocity);
        const Real fb = friction_coefficient(p.mu_static[2], p.mu_kinetic[2], lane::fabs(ub), p.slip_velocity);
        const Real sa = lane::select(forward, Real(1), lane::select(ua < Real(0), Real(-1), Real(0)));
        const Real sb = lane::select(ub > Real(0), Real(1), lane::select(ub < Real(0), Real(-1), Real(0)));
        f = select3(upright, f, (-N * fa * sa) * a + (-N * fb * sb) * b);
      }
      force = select3(touching, force + N * nu + f, force);
      moment = select3(touching, moment + cross(arm, f), moment);
    }
  }
  if (p.obstacle != Obstacle::none) {
    Vec3<Real> dvec = x - load3(p.obstacle_center);
    if (p.obstacle == Obstacle::cylinder) {
      const Vec3<Real> ax = load3(p.obstacle_axis);
      dvec = dvec - dot(dvec, ax) * ax;
    }
    const Real dist = norm(dvec);
    const Real gap = dist - p.obstacle_radius - rj;
    const auto touching = gap < Real(0) && dist > Real(0);
    if (lane::any(touching)) {
      const Vec3<Real> nu = (Real(1) / dist) * dvec;
      force = select3(touching, force + penalty_force(p, -gap, dot(nu, v)) * nu, force);
    }
  }
}

/// Whether elements a and b of a member may touch (not the same or adjacent element of one rod, outside the
/// pi (r_a + r_b)/2 exclusion window along one rod): lane by lane.
template <class Real>
RODSWARM_HD inline lane::Mask<Real> contact_pair(const MemberData<Real>& d, const Scratch<Real>& c, Shape s, int a,
                                                 int b) {
  if (a == b) return lane::Mask<Real>(false);
  if (rod_of_element(s, a) != rod_of_element(s, b)) return lane::Mask<Real>(true);
  const int gap = a > b ? a - b : b - a;
  if (gap <= 1 || (s.ring && gap == s.N - 1)) return lane::Mask<Real>(false);
  Real ds = lane::fabs(c.s_mid[a] - c.s_mid[b]);
  if (s.ring) {  // the shorter way round
    const int last = rod_of_element(s, a) * s.N + s.N - 1;
    const Real L = c.s_mid[last] + lane::value<Real>(0.5) * c.lh[last];
    ds = lane::select(L - ds < ds, L - ds, ds);
  }
  return ds > pi<Real>() * (d.radius[a] + d.radius[b]) / Real(2);
}

/// Self and rod-rod contact force on node j, gathered from every pair its (one or two) elements take part in.
template <class Real>
RODSWARM_HD Vec3<Real> node_self_contact(const MemberData<Real>& d, StateRef<Real> y, const Scratch<Real>& c, Shape s,
                                         int j) {
  const Params<Real>& p = *d.p;
  Vec3<Real> f{0, 0, 0};
  const int r = rod_of_node(s, j), k = j - r * (s.N + 1);
  for (int side = 0; side < 2; ++side) {
    const int a = node_element(s, r, k, side);  // the element with node j as its second (side 0) or first node
    if (a < 0) continue;
    const int na = a + r;  // first node of element a
    const Vec3<Real> p1 = load3(y.x + 3 * na), q1 = load3(y.x + 3 * (na + 1));
    const Vec3<Real> v1 = load3(y.v + 3 * na), w1 = load3(y.v + 3 * (na + 1));
    for (int b = 0; b < s.elements(); ++b) {
      const lane::Mask<Real> pair = contact_pair(d, c, s, a, b);
      if (!lane::any(pair)) continue;
      const int nb = rod_of_element(s, b) * (s.N + 1) + (b - rod_of_element(s, b) * s.N);
      const Vec3<Real> p2 = load3(y.x + 3 * nb), q2 = load3(y.x + 3 * (nb + 1));
      Real sa, tb;
      closest_segment_params(p1, q1, p2, q2, sa, tb);
      const Vec3<Real> pa = p1 + sa * (q1 - p1), pb = p2 + tb * (q2 - p2);
      const Vec3<Real> dvec = pa - pb;
      const Real dist = norm(dvec);
      const Real gap = dist - d.radius[a] - d.radius[b];
      const lane::Mask<Real> touching = pair && !(gap >= Real(0) || dist <= Real(0));  // NaN: as the scalar path
      if (!lane::any(touching)) continue;
      const Vec3<Real> nu = (Real(1) / dist) * dvec;
      const Vec3<Real> va = v1 + sa * (w1 - v1);
      const Vec3<Real> vb = load3(y.v + 3 * nb) + tb * (load3(y.v + 3 * (nb + 1)) - load3(y.v + 3 * nb));
      const Real N = penalty_force(p, -gap, dot(va - vb, nu));
      f = select3(touching, f + ((side == 0 ? sa : Real(1) - sa) * N) * nu, f);
    }
  }
  return f;
}

/// Pass 1: per-node masses and contact, per-element stretch/shear, per-Voronoi bend/twist.
template <class Real, class Loop>
RODSWARM_HD void strain_pass(const MemberData<Real>& d, StateRef<Real> y, Real t, Scratch<Real> c, Real* gdot,
                             const Loop& loop) {
  const Params<Real>& p = *d.p;
  const Shape s = shape_of(p);
  // Lanes of a pack agree on whether there is contact (Model::lane_key).
  const bool contact = lane::uniform(p.contact_stiffness > Real(0));
  const Real half = lane::value<Real>(0.5);
  loop.for_each(s.nodes(), [&](int j) {
    const int r = rod_of_node(s, j), k = j - r * (s.N + 1);
    const int before = node_element(s, r, k, 0), after = node_element(s, r, k, 1);
    // An open rod's node keeps the expression it had before rings: written through node_element the same sum
    // compiles with FMA contraction (AVX2, AVX-512 lanes) to another rounding, and its results would change by 1e-14.
    const int e = r * s.N + k;
    c.mass[j] =
        s.ring ? half * (element_mass(d, c, before) + element_mass(d, c, after))
               : half * ((k > 0 ? element_mass(d, c, e - 1) : Real(0)) + (k < s.N ? element_mass(d, c, e) : Real(0)));
    Vec3<Real> f{0, 0, 0}, m{0, 0, 0};
    if (contact) {
      node_contact(d, y, s, j, f, m);
      if (p.self_contact) f = f + node_self_contact(d, y, c, s, j);
    }
    store3(c.cforce + 3 * j, f);
    store3(c.cmoment + 3 * j, m);
  });
  loop.for_each(s.elements(), [&](int i) {
    const int r = rod_of_element(s, i), j = i + r;  // first node
    const Vec3<Real> l = load3(y.x + 3 * (j + 1)) - load3(y.x + 3 * j);
    const Mat3<Real> Q = load9(y.Q + 9 * i);
    const Real lh = c.lh[i];
    const Real e = norm(l) / lh;
    const Vec3<Real> Ql = Q * l;
    const Vec3<Real> sigma = (Real(1) / lh) * Ql - Vec3<Real>{0, 0, 1};
    const Section<Real> sec = circle(d.radius[i]);
    const Vec3<Real> n = times_diag(shear_stiffness(p, sec), sigma - load3(d.sigma_hat + 3 * i));
    c.dil[i] = e;
    if (p.law == Law::pyelastica) {
      store3(c.nlab + 3 * i, (Real(1) / e) * transpose_times(Q, n));
      store3(c.couple + 3 * i, lh * cross((Real(1) / (e * lh)) * Ql, n));  // (Q t x n) l^
    } else {
      store3(c.nlab + 3 * i, transpose_times(Q, n));
      store3(c.couple + 3 * i, cross(Ql, n));
    }
    if (gdot) {
      gdot[i] = p.growth == GrowthLaw::lockhart
                    ? lane::select(c.zone[i] > Real(0), lockhart_rate(p, y.g[i], n.z, sec.A), Real(0))
                    : Real(0);
    }
  });
  loop.for_each(s.voronoi(), [&](int k) {
    const int r = rod_of_joint(s, k), kl = k - r * s.joints();
    const int ea = joint_element(s, r, kl, 0), eb = joint_element(s, r, kl, 1);  // the elements before and after it
    const Mat3<Real> Qa = load9(y.Q + 9 * ea), Qb = load9(y.Q + 9 * eb);
    const Real Dh = half * (c.lh[ea] + c.lh[eb]);
    const Vec3<Real> kappa = (Real(1) / Dh) * so3_log(times_transpose(Qa, Qb));
    const Vec3<Real> kh =
        load3(d.kappa_hat0 + 3 * k) +
        lane::select(c.zone[ea] > Real(0) || c.zone[eb] > Real(0), t, Real(0)) * load3(p.curvature_rate);
    Vec3<Real> tau = times_diag(voronoi_stiffness(d, c, ea, eb), kappa - kh);
    if (p.law == Law::pyelastica) {
      // Voronoi dilatation from the positions (c.dil is being written by the element loop of this pass).
      const int ja = ea + r, jb = eb + r;  // their first nodes (both elements are rod r's)
      const Real la = norm(load3(y.x + 3 * (ja + 1)) - load3(y.x + 3 * ja));
      const Real lb = norm(load3(y.x + 3 * (jb + 1)) - load3(y.x + 3 * jb));
      const Real eps = half * (la + lb) / Dh;
      tau = (Real(1) / (eps * eps * eps)) * tau;
    }
    const Vec3<Real> kxt = Dh * cross(kappa, tau);  // X x tau, X = kappa D the joint's rotation vector
    store3(c.kxt + 3 * k, kxt);
    // The exact gradient (Bending::exact) adds c X x (X x tau) to the couple of the element on the left of the
    // joint and takes it from the one on the right: stored into tau, which the assembly adds to the one and takes
    // from the other.
    if (p.bending == Bending::exact) {
      const Vec3<Real> X = Dh * kappa;
      tau = tau + dexp_inv_quadratic(X) * cross(X, kxt);
    }
    store3(c.tau + 3 * k, tau);
  });
  loop.sync_or(false);
}

/// Half-Voronoi clamp couple on the end element of rod r at end `end` (0 or 1), and its energy.
template <class Real>
RODSWARM_HD Vec3<Real> clamp_couple(const MemberData<Real>& d, StateRef<Real> y, const Scratch<Real>& c, int r, int end,
                                    Real t, Real* energy = nullptr) {
  const Params<Real>& p = *d.p;
  const Shape s = shape_of(p);
  const int i = r * s.N + (end == 0 ? 0 : s.N - 1);
  const Mat3<Real> Qc = clamp_state(p, d.clamp + clamp_size * r, end, t).Q;
  const Mat3<Real> Q = load9(y.Q + 9 * i);
  const Real half = lane::value<Real>(0.5);
  const Real Dh = half * c.lh[i];
  const Vec3<Real> kappa = (Real(1) / Dh) * so3_log(end == 0 ? times_transpose(Qc, Q) : times_transpose(Q, Qc));
  const Vec3<Real> B = bend_stiffness(p, circle(d.radius[i]));
  Vec3<Real> tau = times_diag(B, kappa);
  if (energy) *energy += half * Dh * dot(kappa, tau);
  const Vec3<Real> mid = (half * Dh) * cross(kappa, tau);
  if (p.bending == Bending::exact) {  // as at a joint (strain_pass): the clamp is on the left of end 0's element
    const Vec3<Real> X = Dh * kappa;
    tau = tau + dexp_inv_quadratic(X) * cross(X, cross(X, tau));
  }
  return end == 0 ? mid - tau : mid + tau;
}

/// Pass 2: node accelerations (forces in `statics`) and element angular accelerations (couples in `statics`).
/// `alpha` is the Baumgarte rate of Gauss-imposed constraints.
template <class Real, class Loop>
RODSWARM_HD void assemble_pass(const MemberData<Real>& d, StateRef<Real> y, Real t, Scratch<Real> c, Mode mode,
                               Real alpha, Real* ax, Real* aw, const Loop& loop) {
  const Params<Real>& p = *d.p;
  const Shape s = shape_of(p);
  const bool dyn = mode != Mode::statics;
  const Real half = lane::value<Real>(0.5);
  loop.for_each(s.nodes(), [&](int j) {
    const int r = rod_of_node(s, j), k = j - r * (s.N + 1);
    const int before = node_element(s, r, k, 0), after = node_element(s, r, k, 1);
    Vec3<Real> F = load3(c.cforce + 3 * j);
    if (after >= 0) F = F + load3(c.nlab + 3 * after);
    if (before >= 0) F = F - load3(c.nlab + 3 * before);
    const Real m = c.mass[j];
    F = F + m * load3(p.g);
    const Real length = lumped_length(c.lh, before, after);  // the distributed loads' share of the rod
    F = F + length * load3(p.force_density);
    if (!s.ring && k == 0) F = F + load3(p.force0);
    if (!s.ring && k == s.N) F = F + load3(p.force1);
    const Vec3<Real> v = load3(y.v + 3 * j);
    if (p.foundation != Foundation::none)
      F = F + foundation_force(d, lumped_length(d.l0, before, after), load3(y.x + 3 * j), v, dyn);
    if (p.loads > 0) {
      // The node's arc length from an element's midpoint: node N of a ring takes element 0's, as node 0 does.
      const Real sj = after >= 0 ? c.s_mid[after] - half * c.lh[after] : c.s_mid[before] + half * c.lh[before];
      F = F + node_loads(p, length, c.lh, y.Q, before, after, sj, t, v, dyn);
    }
    if (!dyn) {
      store3(ax + 3 * j, F);
      return;
    }
    F = F - (p.damping_force * m) * v;
    Vec3<Real> a = (Real(1) / m) * F;
    if (mode == Mode::constrained || mode == Mode::geodesic) {
      const EndKind kind = end_kind(p, s, k);
      if (holds_position(kind)) {
        const ClampState<Real> cs = clamp_state(p, d.clamp + clamp_size * r, k == 0 ? 0 : 1, t);
        a = cs.a;
        if (p.constraints == ConstraintMethod::gauss)
          a = a - (Real(2) * alpha) * (v - cs.v) - (alpha * alpha) * (load3(y.x + 3 * j) - cs.x);
      } else if (slides(kind)) {
        // Gauss: the free acceleration projected on the line or plane; the normal rows stabilised by Baumgarte.
        const int end = k == 0 ? 0 : 1;
        a = slide_tangent(p, end, a);
        if (p.constraints == ConstraintMethod::gauss) {
          const Vec3<Real> xc = clamp_state(p, d.clamp + clamp_size * r, end, t).x;
          const Vec3<Real> drift = (Real(2) * alpha) * v + (alpha * alpha) * (load3(y.x + 3 * j) - xc);
          a = a - (drift - slide_tangent(p, end, drift));
        }
      } else if (p.surface != Surface::none) {
        const SurfaceRow<Real> row = surface_row(p, load3(y.x + 3 * j), v);
        const Real b =
            mode == Mode::geodesic ? Real(0) : -row.vHv - Real(2) * alpha * dot(row.grad, v) - alpha * alpha * row.phi;
        a = a + ((b - dot(row.grad, a)) / dot(row.grad, row.grad)) * row.grad;
      }
    }
    store3(ax + 3 * j, a);
  });
  loop.for_each(s.elements(), [&](int i) {
    const int r = rod_of_element(s, i), k = i - r * s.N, j = i + r;
    const int before = element_joint(s, r, k, 0), after = element_joint(s, r, k, 1);  // its Voronoi points
    const Mat3<Real> Q = load9(y.Q + 9 * i);
    Vec3<Real> C = load3(c.couple + 3 * i);
    if (after >= 0) C = C + load3(c.tau + 3 * after) + half * load3(c.kxt + 3 * after);
    if (before >= 0) C = C - load3(c.tau + 3 * before) + half * load3(c.kxt + 3 * before);
    const bool first = !s.ring && k == 0, last = !s.ring && k == s.N - 1;  // an open rod's end elements
    if (first && holds_frame(p.end0)) C = C + clamp_couple(d, y, c, r, 0, t);
    if (last && holds_frame(p.end1)) C = C + clamp_couple(d, y, c, r, 1, t);
    Vec3<Real> ext = c.lh[i] * load3(p.couple_density);
    if (p.loads > 0) element_loads(p, c.lh[i], c.s_mid[i], t, ext, C);
    if (first) ext = ext + load3(p.couple0);
    if (last) ext = ext + load3(p.couple1);
    // Friction moments of the element's two nodes, halved where a node has two elements.
    ext = ext + (first ? Real(1) : half) * load3(c.cmoment + 3 * j) +
          (last ? Real(1) : half) * load3(c.cmoment + 3 * (j + 1));
    C = C + Q * ext;
    if (!dyn) {
      store3(aw + 3 * i, C);
      return;
    }
    const Vec3<Real> J = element_inertia(d, c, i);
    const Vec3<Real> w = load3(y.w + 3 * i);
    Vec3<Real> Jw = times_diag(J, w);
    C = C - p.damping_torque * Jw;
    Vec3<Real> wd;
    if (p.law == Law::pyelastica) {
      const Real e = c.dil[i];
      const Vec3<Real> l = load3(y.x + 3 * (j + 1)) - load3(y.x + 3 * j);
      const Vec3<Real> dv = load3(y.v + 3 * (j + 1)) - load3(y.v + 3 * j);
      const Real edot = dot(l, dv) / (norm(l) * c.lh[i]);
      C = C + cross((Real(1) / e) * Jw, w) + (edot / (e * e)) * Jw;
      wd = Vec3<Real>{e * C.x / J.x, e * C.y / J.y, e * C.z / J.z};
    } else {
      C = C + cross(Jw, w);
      wd = Vec3<Real>{C.x / J.x, C.y / J.y, C.z / J.z};
    }
    store3(aw + 3 * i, wd);
  });
  loop.sync_or(false);
}

/// All three passes: accelerations (or forces and couples in `statics`) at state y and time t.
template <class Real, class Loop>
RODSWARM_HD void evaluate(const MemberData<Real>& d, StateRef<Real> y, Real t, Scratch<Real> c, Mode mode, Real alpha,
                          Real* ax, Real* aw, Real* gdot, const Loop& loop) {
  rest_pass(d, y, t, c, loop);
  strain_pass(d, y, t, c, gdot, loop);
  assemble_pass(d, y, t, c, mode, alpha, ax, aw, loop);
}

}  // namespace rodswarm::cosserat
