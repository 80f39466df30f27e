/// @file se3rod_stepper.hpp
/// The se3rod member stepper, written once over a loop policy (integrators/bead_loop.hpp): the rate of every node
/// from the segments' forces (se3rod.hpp), the ends, gravity, the end loads and damping, and the two explicit Lie
/// group schemes of docs/models/cosserat.md section 1.6:
///   Lie-Euler   g <- g exp(dt xi), xi <- xi + dt a(g, xi)                                   (first order)
///   RKMK4       g = g_n exp(Theta), Theta' = dexp_{-Theta}^{-1} xi, xi' = a(g, xi), classic RK4 on (Theta, xi)
///               from Theta = 0                                                             (fourth order)
///   variational the discrete Euler-Poincare equations (variational_step)    (second order, symplectic)
/// with the body equation of Lerbet and Simo, rho H xi' = ad_xi^T rho H xi + F (F: internal, external, damping).
///
/// State of a member, node by node: pose[12 k ..] = R row by row, then p (the section's directors are the columns
/// of R); twist[6 k ..] = (omega, gamma), the body twist g^-1 dg/dt. rest[6 s ..]: segment s's rest strain.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/se3.hpp"
#include "rodswarm/models/se3rod.hpp"
#include "rodswarm/models/se3rod_params.hpp"
#include "rodswarm/models/se3rod_plane_contact.hpp"

namespace rodswarm::se3rod {

template <class Real>
struct MemberIO {
  Real* pose;
  Real* twist;
  const Real* rest;
};

template <class Real>
RODSWARM_HD inline Pose<Real> load_pose(const Real* a) {
  Pose<Real> g;
  for (int q = 0; q < 9; ++q) g.R.m[q] = a[q];
  g.p = {a[9], a[10], a[11]};
  return g;
}
template <class Real>
RODSWARM_HD inline void store_pose(Real* a, const Pose<Real>& g) {
  for (int q = 0; q < 9; ++q) a[q] = g.R.m[q];
  a[9] = g.p.x;
  a[10] = g.p.y;
  a[11] = g.p.z;
}
template <class Real>
RODSWARM_HD inline Twist<Real> load_twist(const Real* a) {
  return {{a[0], a[1], a[2]}, {a[3], a[4], a[5]}};
}
template <class Real>
RODSWARM_HD inline void store_twist(Real* a, const Twist<Real>& t) {
  a[0] = t.w.x;
  a[1] = t.w.y;
  a[2] = t.w.z;
  a[3] = t.v.x;
  a[4] = t.v.y;
  a[5] = t.v.z;
}

/// Reals of workspace a member of n nodes needs: the segments' two wrenches, and per node the step's start (pose,
/// twist), the RKMK4 stage's Theta and the weighted sums of the stage rates.
RODSWARM_HD constexpr std::int64_t workspace_size(int n) {
  return 12 * static_cast<std::int64_t>(n - 1) + static_cast<std::int64_t>(n) * (12 + 6 + 6 + 6 + 6);
}

/// The constitutive law of segment s (uniform rod, rest strain from `rest`).
template <class Real>
RODSWARM_HD inline SegmentLaw<Real> segment_law(const Params<Real>& p, const Real* rest, int s) {
  return {stiffness(p), load_twist(rest + 6 * s), p.h};
}

/// Node k's body force F: the internal forces summed from the segments' wrenches `seg`, gravity, the distributed and
/// end loads and damping (of the body twist `xi`), all in node k's body frame.
template <class Real>
RODSWARM_HD inline Twist<Real> node_force(const Params<Real>& p, int k, const Pose<Real>& g, const Twist<Real>& xi,
                                          const Real* seg) {
  const Twist<Real> M = node_inertia(p, k);
  Twist<Real> F{{0, 0, 0}, {0, 0, 0}};
  if (k > 0) F = F + load_twist(seg + 12 * (k - 1) + 6);  // from segment k - 1, on its second node
  if (k < p.n - 1) F = F + load_twist(seg + 12 * k);      // from segment k, on its first node
  F.v = F.v + transpose_times(g.R, M.v.x * vec3_of(p.gravity));
  const Real D = voronoi_length(p, k);
  F = F + Twist<Real>{transpose_times(g.R, D * vec3_of(p.distributed)),
                      transpose_times(g.R, D * vec3_of(p.distributed + 3))};
  if (k == 0 || k == p.n - 1) {
    const Twist<Real> load = twist_of(k == 0 ? p.load0 : p.load1);
    F = F + Twist<Real>{transpose_times(g.R, load.w), transpose_times(g.R, load.v)};
  }
  const Twist<Real> Mxi = times_diagonal(M, xi);
  return F - Twist<Real>{p.damping_torque * Mxi.w, p.damping_force * Mxi.v};
}

/// a / M componentwise.
template <class Real>
RODSWARM_HD inline Twist<Real> divide_diagonal(const Twist<Real>& a, const Twist<Real>& M) {
  return {{a.w.x / M.w.x, a.w.y / M.w.y, a.w.z / M.w.z}, {a.v.x / M.v.x, a.v.y / M.v.y, a.v.z / M.v.z}};
}

/// Node k's body acceleration without the plane, (rho H)^-1 (ad_xi^T rho H xi + F), of a node its end leaves free
/// or pinned (pinned: the linear part zero).
template <class Real>
RODSWARM_HD inline Twist<Real> free_acceleration(const Params<Real>& p, int k, const Pose<Real>& g,
                                                 const Twist<Real>& xi, const Real* seg) {
  const Twist<Real> M = node_inertia(p, k);
  Twist<Real> a = divide_diagonal(ad_transpose(xi, times_diagonal(M, xi)) + node_force(p, k, g, xi, seg), M);
  if (end_of(p, k) == End::pinned) a.v = {0, 0, 0};
  return a;
}

/// The plane's force on rolling node k (body frame) and the scale of its round-off: besides the accelerations
/// lambda balances, the internal forces are differences of terms of size E A and kappa G A (a stiffness times a
/// strain of order one), and their round-off is part of lambda's too.
template <class Real>
RODSWARM_HD inline RollingReaction<Real> node_reaction(const Params<Real>& p, int k, const Pose<Real>& g,
                                                       const Twist<Real>& xi, const Twist<Real>& free) {
  RollingReaction<Real> r = rolling_reaction(contact_offset(p, g), xi, free, node_inertia(p, k));
  const Twist<Real> K = stiffness(p);
  r.scale = r.scale + K.v.x + K.v.z;
  return r;
}

/// Node k's body acceleration a = (rho H)^-1 (ad_xi^T rho H xi + F + the plane's reaction, where the node rolls on
/// it); zero where the end holds the node (clamped and prescribed: everything, the twist stays zero or the
/// prescribed one; pinned: the linear part). `tensile` receives whether the plane would have to pull the node
/// (false where it does not roll).
template <class Real>
RODSWARM_HD inline Twist<Real> node_acceleration(const Params<Real>& p, int k, const Pose<Real>& g,
                                                 const Twist<Real>& xi, const Real* seg, lane::Mask<Real>& tensile) {
  tensile = lane::Mask<Real>(false);
  const End end = end_of(p, k);
  if (end == End::clamped || end == End::prescribed) return {{0, 0, 0}, {0, 0, 0}};
  Twist<Real> a = free_acceleration(p, k, g, xi, seg);
  if (rolls_on_plane(p, k)) {
    const RollingReaction<Real> r = node_reaction(p, k, g, xi, a);
    tensile = is_tensile(normal_reaction(p, g, r.lambda), r.scale);
    a = with_contact_force(a, contact_offset(p, g), r.lambda, node_inertia(p, k));
  }
  return a;
}

/// What a results file says about node k's contact with the plane: the slip speed (the tangential velocity of the
/// material point at the contact), the gap and the normal reaction (N), all zero on a node that does not roll.
template <class Real>
struct ContactDiagnostics {
  Real slip, gap, normal;
};
template <class Real>
RODSWARM_HD inline ContactDiagnostics<Real> contact_diagnostics(const Params<Real>& p, int k, const Pose<Real>& g,
                                                                const Twist<Real>& xi, const Real* seg) {
  if (!rolls_on_plane(p, k)) return {Real(0), Real(0), Real(0)};
  const Vec3<Real> n = vec3_of(p.plane_normal), u = g.R * contact_velocity(contact_offset(p, g), xi);
  const RollingReaction<Real> r = node_reaction(p, k, g, xi, free_acceleration(p, k, g, xi, seg));
  return {norm(u - dot(u, n) * n), contact_gap(p, g), normal_reaction(p, g, r.lambda)};
}
template <class Real>
RODSWARM_HD inline Twist<Real> node_acceleration(const Params<Real>& p, int k, const Pose<Real>& g,
                                                 const Twist<Real>& xi, const Real* seg) {
  lane::Mask<Real> tensile(false);
  return node_acceleration(p, k, g, xi, seg, tensile);
}

/// After a step of an explicit scheme: every rolling node back on the plane and on the rolling rows.
template <class Real, class Loop>
RODSWARM_HD inline void restore_contact(const Params<Real>& p, const MemberIO<Real>& io, const Loop& loop) {
  if (p.contact == Contact::none) return;
  loop.for_each(p.n, [&](int k) {
    if (!rolls_on_plane(p, k)) return;
    Pose<Real> g = load_pose(io.pose + 12 * k);
    Twist<Real> xi = load_twist(io.twist + 6 * k);
    restore_plane_contact(p, node_inertia(p, k), g, xi);
    store_pose(io.pose + 12 * k, g);
    store_twist(io.twist + 6 * k, xi);
  });
  loop.sync_or(false);
}

/// Every segment's two wrenches from the poses in `pose`, into `seg` (12 per segment).
template <class Real, class Loop>
RODSWARM_HD inline void segment_pass(const Params<Real>& p, const MemberIO<Real>& io, Real* seg, const Loop& loop) {
  const Twist<Real> K = stiffness(p);  // uniform rod: once, not per segment
  loop.for_each(p.n - 1, [&](int s) {
    const SegmentForces<Real> f = segment_forces(load_pose(io.pose + 12 * s), load_pose(io.pose + 12 * (s + 1)),
                                                 SegmentLaw<Real>{K, load_twist(io.rest + 6 * s), p.h});
    store_twist(seg + 12 * s, f.first);
    store_twist(seg + 12 * s + 6, f.second);
  });
}

/// Where node k has failed: a value of its state not finite, or its position beyond the divergence bound.
template <class Real>
RODSWARM_HD inline lane::Mask<Real> node_failed(const Params<Real>& p, const MemberIO<Real>& io, int k) {
  Real sum = io.twist[6 * k];  // a NaN or an infinity anywhere makes the sum NaN or infinite
  for (int q = 1; q < 6; ++q) sum = sum + io.twist[6 * k + q];
  for (int q = 0; q < 9; ++q) sum = sum + io.pose[12 * k + q];
  const Vec3<Real> r{io.pose[12 * k + 9], io.pose[12 * k + 10], io.pose[12 * k + 11]};
  return !lane::isfinite(sum) || !(norm(r) <= p.divergence_bound);
}

/// The larger of a and b, lane by lane.
template <class Real>
RODSWARM_HD inline Real max_of(const Real& a, const Real& b) {
  return lane::select(a < b, b, a);
}

/// One step of the Lie group variational integrator (Demoures, Gay-Balmaz, Kobilarov & Ratiu's family; the exp map
/// as the retraction, the trapezoidal rule for the potential): with mu = rho H xi the body momentum at t_j and F the
/// body forces at g_j,
///   dexp_{dt xi_d}^{-T} rho H xi_d = mu_j + dt/2 F(g_j)          (solved for the interval's twist xi_d)
///   g_{j+1} = g_j exp(dt xi_d)
///   mu_{j+1} = dexp_{-dt xi_d}^{-T} rho H xi_d + dt/2 F(g_{j+1})
/// which are the discrete Euler-Poincare equations; the twist stored is rho H^-1 mu. Damping acts through xi_d in
/// both halves (discrete Lagrange-d'Alembert). The implicit equation is node by node: a fixed-point iteration
/// xi <- xi - rho H^-1 (residual), contracting by about dt |ad_xi| / 2, to round-off (a node whose iteration does
/// not settle in 100 passes is set to NaN: the member is flagged as diverged).
template <class Real, class Loop>
RODSWARM_HD inline void variational_step(const MemberIO<Real>& io, const Params<Real>& p, Real dt, Real* seg,
                                         Real* interval_twist, const Loop& loop) {
  const Real half = lane::value<Real>(0.5) * dt;
  segment_pass(p, io, seg, loop);
  loop.sync_or(false);
  loop.for_each(p.n, [&](int k) {
    const End end = end_of(p, k);
    if (end == End::clamped) {
      store_twist(interval_twist + 6 * k, Twist<Real>{{0, 0, 0}, {0, 0, 0}});
      return;
    }
    if (end == End::prescribed) {  // the held twist over the interval: g exp(dt xi), exactly the screw motion
      const Twist<Real> xi = load_twist(io.twist + 6 * k);
      store_twist(interval_twist + 6 * k, xi);
      store_pose(io.pose + 12 * k, load_pose(io.pose + 12 * k) * se3_exp(dt * xi));
      return;
    }
    const Pose<Real> g = load_pose(io.pose + 12 * k);
    const Twist<Real> M = node_inertia(p, k), xi_t = load_twist(io.twist + 6 * k);
    const Twist<Real> no_motion{{0, 0, 0}, {0, 0, 0}};
    // Conservative part at g_j; damping, which depends on the unknown xi_d, inside the iteration.
    const Twist<Real> b = times_diagonal(M, xi_t) + half * node_force(p, k, g, no_motion, seg);
    Twist<Real> xi = xi_t;
    using Limits = std::numeric_limits<lane::Scalar<Real>>;
    const Real tolerance = lane::value<Real>(8 * Limits::epsilon()), tiny = lane::value<Real>(Limits::min());
    lane::Mask<Real> settled(false);
    // A lane that has settled keeps its value while its pack-mates iterate on: a member's result never depends on
    // the members that share its pack.
    for (int pass = 0; pass < 100 && !lane::all(settled); ++pass) {
      const Twist<Real> Mxi = times_diagonal(M, xi);
      const Twist<Real> damping{p.damping_torque * Mxi.w, p.damping_force * Mxi.v};
      const Twist<Real> residual = dexp_minus_inv_transpose(-(dt * xi), Mxi) + half * damping - b;
      Twist<Real> step = divide_diagonal(residual, M);
      if (end == End::pinned) step.v = {0, 0, 0};
      const Twist<Real> next = xi - step;
      xi = {{lane::select(settled, xi.w.x, next.w.x), lane::select(settled, xi.w.y, next.w.y),
             lane::select(settled, xi.w.z, next.w.z)},
            {lane::select(settled, xi.v.x, next.v.x), lane::select(settled, xi.v.y, next.v.y),
             lane::select(settled, xi.v.z, next.v.z)}};
      if (end == End::pinned) xi.v = {0, 0, 0};
      const Real values[6] = {xi.w.x, xi.w.y, xi.w.z, xi.v.x, xi.v.y, xi.v.z};
      const Real steps[6] = {step.w.x, step.w.y, step.w.z, step.v.x, step.v.y, step.v.z};
      Real size = Real(0), change = Real(0);
      for (int q = 0; q < 6; ++q) {
        size = max_of(size, lane::fabs(values[q]));
        change = max_of(change, lane::fabs(steps[q]));
      }
      settled = settled || change <= tolerance * (size + tiny);
    }
    xi.w.x = lane::select(settled, xi.w.x, lane::value<Real>(Limits::quiet_NaN()));
    store_twist(interval_twist + 6 * k, xi);
    store_pose(io.pose + 12 * k, g * se3_exp(dt * xi));
  });
  loop.sync_or(false);
  segment_pass(p, io, seg, loop);
  loop.sync_or(false);
  loop.for_each(p.n, [&](int k) {
    const End end = end_of(p, k);
    if (end == End::clamped || end == End::prescribed) return;
    const Twist<Real> M = node_inertia(p, k), xi = load_twist(interval_twist + 6 * k);
    const Twist<Real> mu = dexp_minus_inv_transpose(dt * xi, times_diagonal(M, xi)) +
                           half * node_force(p, k, load_pose(io.pose + 12 * k), xi, seg);
    Twist<Real> twist = divide_diagonal(mu, M);
    if (end == End::pinned) twist.v = {0, 0, 0};
    store_twist(io.twist + 6 * k, twist);
  });
  loop.sync_or(false);
}

/// RKMK4's per-node buffers in the workspace: the step's start (pose, twist), the stage's Lie-algebra increment
/// theta and the weighted sums of the stages' rates.
template <class Real>
struct Rkmk4Buffers {
  Real *g0, *xi0, *theta, *sum_theta, *sum_xi;
};

/// RKMK4 at a step's start for node k: its state saved, theta zero.
template <class Real>
RODSWARM_HD inline void rkmk4_begin(const MemberIO<Real>& io, const Rkmk4Buffers<Real>& rk, int k) {
  for (int q = 0; q < 12; ++q) rk.g0[12 * k + q] = io.pose[12 * k + q];
  for (int q = 0; q < 6; ++q) {
    rk.xi0[6 * k + q] = io.twist[6 * k + q];
    rk.theta[6 * k + q] = Real(0);
  }
}

/// RKMK4's stage `stage` (0 to 3) for node k, given its body acceleration k_xi at the stage's state: the pose's rate
/// dexp^-1_theta(xi), the weighted sums, and the next stage's twist and pose (stages 2 and 3 at dt/2, stage 4 at dt),
/// or the step's end after the last.
template <class Real>
RODSWARM_HD inline void rkmk4_node_stage(const MemberIO<Real>& io, const Params<Real>& p, const Rkmk4Buffers<Real>& rk,
                                         int k, int stage, Real dt, const Twist<Real>& k_xi) {
  const Real third = Real(1) / Real(3), sixth = Real(1) / Real(6), half = lane::value<Real>(0.5);
  const Twist<Real> k_theta = dexp_minus_inv(load_twist(rk.theta + 6 * k), load_twist(io.twist + 6 * k));
  const Real weight = stage == 0 || stage == 3 ? sixth : third;
  Twist<Real> s_theta = stage == 0 ? weight * k_theta : load_twist(rk.sum_theta + 6 * k) + weight * k_theta;
  Twist<Real> s_xi = stage == 0 ? weight * k_xi : load_twist(rk.sum_xi + 6 * k) + weight * k_xi;
  store_twist(rk.sum_theta + 6 * k, s_theta);
  store_twist(rk.sum_xi + 6 * k, s_xi);
  const Real c = stage == 2 ? dt : half * dt;
  const Twist<Real> next_theta = stage == 3 ? dt * s_theta : c * k_theta;
  const Twist<Real> next_xi = load_twist(rk.xi0 + 6 * k) + (stage == 3 ? dt * s_xi : c * k_xi);
  store_twist(rk.theta + 6 * k, next_theta);
  store_twist(io.twist + 6 * k, next_xi);
  if (end_of(p, k) != End::clamped) store_pose(io.pose + 12 * k, load_pose(rk.g0 + 12 * k) * se3_exp(next_theta));
}

/// `todo` steps of the member's scheme; stops after the first step after which some lane's state is not finite or
/// has left the divergence bound (status diverged, that step counted; a pack stops whole, as cosserat's).
template <class Real, class Loop>
RODSWARM_HD inline lane::OutcomeOf<Real> advance_member(const MemberIO<Real>& io, const Params<Real>& p, Real dt,
                                                        std::int64_t todo, Real* work, const Loop& loop) {
  const int n = p.n;
  Real* seg = work;
  Real* g0 = seg + 12 * (n - 1);
  Real* xi0 = g0 + 12 * n;
  Real* theta = xi0 + 6 * n;
  Real* sum_theta = theta + 6 * n;
  Real* sum_xi = sum_theta + 6 * n;
  lane::OutcomeOf<Real> out;
  for (std::int64_t step = 0; step < todo; ++step) {
    // Some rolling node's normal reaction tensile at the start of this step: the plane would have to pull.
    lane::Mask<Real> tensile(false);
    if (p.scheme == Scheme::variational) {  // no contact: the discrete Euler-Poincare step has no reactions
      variational_step(io, p, dt, seg, sum_xi, loop);
    } else if (p.scheme == Scheme::lie_euler) {
      segment_pass(p, io, seg, loop);
      loop.sync_or(false);
      loop.for_each(n, [&](int k) {
        const Pose<Real> g = load_pose(io.pose + 12 * k);
        const Twist<Real> xi = load_twist(io.twist + 6 * k);
        lane::Mask<Real> pulled(false);
        const Twist<Real> a = node_acceleration(p, k, g, xi, seg, pulled);
        tensile = tensile || pulled;
        if (end_of(p, k) != End::clamped) store_pose(io.pose + 12 * k, g * se3_exp(dt * xi));
        store_twist(io.twist + 6 * k, xi + dt * a);
      });
    } else {
      const Rkmk4Buffers<Real> rk{g0, xi0, theta, sum_theta, sum_xi};
      loop.for_each(n, [&](int k) { rkmk4_begin(io, rk, k); });
      loop.sync_or(false);
      for (int stage = 0; stage < 4; ++stage) {
        segment_pass(p, io, seg, loop);
        loop.sync_or(false);
        loop.for_each(n, [&](int k) {
          lane::Mask<Real> pulled(false);
          const Twist<Real> k_xi =
              node_acceleration(p, k, load_pose(io.pose + 12 * k), load_twist(io.twist + 6 * k), seg, pulled);
          // The verdict from the step's start only: the later stages lie off the rows by the scheme's error, and
          // their reactions carry it (a zero reaction would take either sign there).
          if (stage == 0) tensile = tensile || pulled;
          rkmk4_node_stage(io, p, rk, k, stage, dt, k_xi);
        });
        loop.sync_or(false);
      }
    }
    if (p.scheme != Scheme::variational) restore_contact(p, io, loop);
    // The step counts for every lane, the failed ones included: a pack's other lanes have taken it (their state
    // is one step on), and a scalar member's count is the same as in a pack.
    ++out.steps;
    lane::Mask<Real> failed(false);
    loop.for_each(n, [&](int k) { failed = failed || node_failed(p, io, k); });
    failed = loop.sync_or(failed);
    tensile = loop.sync_or(tensile) && !failed;
    if (lane::any(failed) || lane::any(tensile)) {
      lane::mark(out, failed, status_diverged);
      lane::mark(out, tensile, status_separated);
      return out;
    }
  }
  return out;
}

/// The member's energy: kinetic sum 1/2 xi^T rho H xi, elastic sum of the segments' energies, gravity -m g.r, and
/// the dead forces' potential -F.r (end and distributed; their couples do work through rotations that have no
/// potential: excluded).
template <class Real>
struct Energy {
  Real kinetic, elastic, gravity, loads;
  RODSWARM_HD Real total() const { return kinetic + elastic + gravity + loads; }
};
template <class Real>
RODSWARM_HD inline Energy<Real> energy(const MemberIO<Real>& io, const Params<Real>& p) {
  Energy<Real> e{0, 0, 0, 0};
  for (int k = 0; k < p.n; ++k) {
    const Pose<Real> g = load_pose(io.pose + 12 * k);
    const Twist<Real> xi = load_twist(io.twist + 6 * k), M = node_inertia(p, k);
    e.kinetic += lane::value<Real>(0.5) * pairing(times_diagonal(M, xi), xi);
    e.gravity -= M.v.x * dot(vec3_of(p.gravity), g.p);
    e.loads -= voronoi_length(p, k) * dot(vec3_of(p.distributed + 3), g.p);
    if (k == 0) e.loads -= dot(vec3_of(p.load0 + 3), g.p);
    if (k == p.n - 1) e.loads -= dot(vec3_of(p.load1 + 3), g.p);
  }
  for (int s = 0; s + 1 < p.n; ++s)
    e.elastic +=
        segment_energy(load_pose(io.pose + 12 * s), load_pose(io.pose + 12 * (s + 1)), segment_law(p, io.rest, s));
  return e;
}

}  // namespace rodswarm::se3rod
