/// @file rodpair_pair_stepper.hpp
/// RKMK4 for two se3rods in perfect rolling contact (rodpair_contact.hpp; GBP (11)-(13)): each stage takes both
/// rods' free accelerations (the one-rod stepper's, ends included), adds the reaction that keeps the rolling rows
/// (Udwadia-Kalaba with the rows' bias), and advances the contact points s1, s2 by the tangency rates as two more
/// RK4 states; after each step the contact is restored (restore_rod_contact), and a step that starts with the rods
/// pulling on each other ends the run (separation). One thread steps the pair; model rodpair
/// (rodpair_model.hpp, rodpair_stepper.hpp) holds it in the engine's buffers (docs/se3rod_rolling_contact.md
/// section 3).
#pragma once

#include "rodswarm/integrators/bead_loop.hpp"
#include "rodswarm/models/rodpair_contact.hpp"
#include "rodswarm/models/se3rod_stepper.hpp"

namespace rodswarm::se3rod {

/// Reals of workspace one rod of a pair needs: the one-rod stepper's, then its stage accelerations (6 per node).
RODSWARM_HD constexpr std::int64_t rod_pair_workspace_size(int n) { return workspace_size(n) + 6 * std::int64_t(n); }

/// One rod of a pair: its parameters (scheme RKMK4 and contact "none": the pair's contact is the only one; the
/// rodpair config gives both), state, bump width and workspace (rod_pair_workspace_size).
template <class Real>
struct PairRod {
  const Params<Real>* p;
  MemberIO<Real> io;
  Real width;
  Real* work;
  RODSWARM_HD ContactRod<Real> view() const { return {p, io.pose, io.twist, width}; }
  RODSWARM_HD MutableContactRod<Real> mutable_view() const { return {p, io.pose, io.twist, width}; }
};

/// The contact between the rods: where it is, and what the last step left before its restore (the scheme's drift
/// off the rows and off contact: the measure of how well the step kept them).
template <class Real>
struct PairContact {
  Real s1, s2;
  Real slip_drift = 0;         ///< |u| of the step's end state before the restore (m/s)
  Real gap_drift = 0;          ///< the gap of the step's end state before the restore (m)
  Real lambda[3] = {0, 0, 0};  ///< the reaction at the last step's first stage (lab frame, on rod 1)
  Real normal = 0;             ///< its normal part, -lambda . d/|d| (N; positive while the rods press)
  bool separated = false;      ///< the last step started with a tensile normal reaction: the rods would have to pull
};

/// `todo` RKMK4 steps of the pair, fewer when one starts with a tensile normal reaction (beyond round-off:
/// is_tensile with the scale of the reaction and of the rods' axial forces, as for the plane): the step is taken,
/// `separated` set and the steps taken returned; the caller decides what follows (the member stops, flagged).
/// `frozen`: the frozen-contact control of the Lyapunov analysis (as for the strings, rolling_stepper.hpp): s1 and
/// s2 held where they are, neither advanced by the tangency rates nor re-solved by the restore, so the rods roll
/// without slipping at fixed material points, their gap kept closed there.
template <class Real>
RODSWARM_HD inline std::int64_t advance_rod_pair(const PairRod<Real>& a, const PairRod<Real>& b,
                                                 PairContact<Real>& contact, Real dt, std::int64_t todo,
                                                 bool frozen = false) {
  const SequentialLoop loop{};
  auto buffers = [](const PairRod<Real>& r) {
    const int n = r.p->n;
    Real* g0 = r.work + 12 * (n - 1);
    Real* xi0 = g0 + 12 * n;
    Real* theta = xi0 + 6 * n;
    Real* sum_theta = theta + 6 * n;
    return Rkmk4Buffers<Real>{g0, xi0, theta, sum_theta, sum_theta + 6 * n};
  };
  auto acceleration = [](const PairRod<Real>& r) { return r.work + workspace_size(r.p->n); };
  const Real third = Real(1) / Real(3), sixth = Real(1) / Real(6), half = lane::value<Real>(0.5);
  for (std::int64_t step = 0; step < todo; ++step) {
    for (const PairRod<Real>* r : {&a, &b})
      for (int k = 0; k < r->p->n; ++k) rkmk4_begin(r->io, buffers(*r), k);
    const Real s1_0 = contact.s1, s2_0 = contact.s2;
    Real sum1 = Real(0), sum2 = Real(0);
    for (int stage = 0; stage < 4; ++stage) {
      for (const PairRod<Real>* r : {&a, &b}) {
        segment_pass(*r->p, r->io, r->work, loop);
        for (int k = 0; k < r->p->n; ++k)
          store_twist(acceleration(*r) + 6 * k, node_acceleration(*r->p, k, load_pose(r->io.pose + 12 * k),
                                                                  load_twist(r->io.twist + 6 * k), r->work));
      }
      Real ds1 = Real(0), ds2 = Real(0);
      if (!frozen) contact_point_rates(tangency(a.view(), b.view(), contact.s1, contact.s2), ds1, ds2);
      const ContactPlace<Real> place = contact_place(a.view(), b.view(), contact.s1, contact.s2);
      const Vec3<Real> lambda =
          rolling_reaction_between(a.view(), b.view(), place, acceleration(a), acceleration(b), ds1, ds2);
      if (stage == 0) {  // the verdict from the step's start only, as for the plane
        contact.lambda[0] = lambda.x;
        contact.lambda[1] = lambda.y;
        contact.lambda[2] = lambda.z;
        contact.normal = rod_normal_reaction(place, lambda);
        const Real scale = norm(lambda) + stiffness(*a.p).v.z + stiffness(*b.p).v.z;
        contact.separated = is_tensile(contact.normal, scale);
      }
      add_reaction(a.view(), place, true, lambda, acceleration(a));
      add_reaction(b.view(), place, false, lambda, acceleration(b));
      for (const PairRod<Real>* r : {&a, &b})
        for (int k = 0; k < r->p->n; ++k)
          rkmk4_node_stage(r->io, *r->p, buffers(*r), k, stage, dt, load_twist(acceleration(*r) + 6 * k));
      // The contact points as two more RK4 states.
      const Real weight = stage == 0 || stage == 3 ? sixth : third, c = stage == 2 ? dt : half * dt;
      sum1 = sum1 + weight * ds1;
      sum2 = sum2 + weight * ds2;
      contact.s1 = s1_0 + (stage == 3 ? dt * sum1 : c * ds1);
      contact.s2 = s2_0 + (stage == 3 ? dt * sum2 : c * ds2);
    }
    const ContactPlace<Real> end = contact_place(a.view(), b.view(), contact.s1, contact.s2);
    contact.slip_drift = norm(rolling_rows(a.view(), b.view(), end, a.io.twist, b.io.twist));
    contact.gap_drift = rod_gap(a.view(), b.view(), end);
    restore_rod_contact(a.mutable_view(), b.mutable_view(), contact.s1, contact.s2, frozen ? 0 : 2);
    if (contact.separated) return step + 1;
  }
  return todo;
}

}  // namespace rodswarm::se3rod
