/// @file rodpair_stepper.hpp
/// A rodpair member's arrays as the pair stepper takes them (se3rod_rod_pair_stepper.hpp): rod 1's nodes, then rod
/// 2's, in one pose and one twist array, the segments likewise, and the contact's 8 reals (rodpair_params.hpp).
/// After every step the member is checked: a state not finite or beyond a rod's divergence bound is diverged, a
/// contact point that reached a rod's end is singular (the smeared contact is not defined past the last node), and
/// a step that started with a tensile normal reaction separates the rods.
#pragma once

#include <cstdint>

#include "rodswarm/lanes.hpp"
#include "rodswarm/models/rodpair_params.hpp"
#include "rodswarm/models/se3rod_rod_pair_stepper.hpp"

namespace rodswarm::rodpair {

template <class Real>
struct MemberIO {
  Real* pose;        ///< 12 per node, rod 1's n1 nodes then rod 2's
  Real* twist;       ///< 6 per node
  const Real* rest;  ///< 6 per segment, rod 1's n1 - 1 then rod 2's
  Real* contact;     ///< contact_slots
};

/// Reals of workspace a member needs: both rods' share of the pair stepper's.
RODSWARM_HD constexpr std::int64_t workspace_size(int n1, int n2) {
  return se3rod::rod_pair_workspace_size(n1) + se3rod::rod_pair_workspace_size(n2);
}

/// Rod 1 and rod 2 of the member as the pair stepper's rods.
template <class Real>
RODSWARM_HD inline se3rod::PairRod<Real> rod1_of(const MemberIO<Real>& io, const Params<Real>& p, Real* work) {
  return {&p.rod1, {io.pose, io.twist, io.rest}, p.width1, work};
}
template <class Real>
RODSWARM_HD inline se3rod::PairRod<Real> rod2_of(const MemberIO<Real>& io, const Params<Real>& p, Real* work) {
  const int n1 = p.rod1.n;
  return {&p.rod2,
          {io.pose + 12 * n1, io.twist + 6 * n1, io.rest + 6 * (n1 - 1)},
          p.width2,
          work + se3rod::rod_pair_workspace_size(n1)};
}

/// Whether a contact point lies on its rod: 0 <= s <= (n - 1) h.
template <class Real>
RODSWARM_HD inline bool on_rod(const se3rod::Params<Real>& p, const Real& s) {
  return s >= Real(0) && s <= Real(p.n - 1) * p.h;
}

/// `todo` steps of one member (one thread: a pair is stepped sequentially, the ensemble is the parallelism).
template <class Real>
RODSWARM_HD inline Outcome advance_member(const MemberIO<Real>& io, const Params<Real>& p, Real dt, std::int64_t todo,
                                          Real* work) {
  const se3rod::PairRod<Real> a = rod1_of(io, p, work), b = rod2_of(io, p, work);
  se3rod::PairContact<Real> contact{io.contact[slot_s1], io.contact[slot_s2]};
  Outcome out;
  for (std::int64_t step = 0; step < todo && out.status == status_ok; ++step) {
    se3rod::advance_rod_pair(a, b, contact, dt, 1);
    ++out.steps;
    bool failed = !lane::isfinite(contact.s1 + contact.s2);
    for (const se3rod::PairRod<Real>* r : {&a, &b})
      for (int k = 0; k < r->p->n; ++k) failed = failed || se3rod::node_failed(*r->p, r->io, k);
    if (failed) {
      out.status = status_diverged;
    } else if (contact.separated) {
      out.status = status_separated;
    } else if (!on_rod(p.rod1, contact.s1) || !on_rod(p.rod2, contact.s2)) {
      out.status = status_singular;
    }
  }
  io.contact[slot_s1] = contact.s1;
  io.contact[slot_s2] = contact.s2;
  for (int c = 0; c < 3; ++c) io.contact[slot_lambda + c] = contact.lambda[c];
  io.contact[slot_normal] = contact.normal;
  io.contact[slot_slip] = contact.slip_drift;
  io.contact[slot_gap] = contact.gap_drift;
  return out;
}

}  // namespace rodswarm::rodpair
