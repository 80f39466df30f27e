/// @file rodpair_rods.hpp
/// A rodpair member's arrays as the pair stepper's two rods (rodpair_pair_stepper.hpp): rod 1's nodes, then rod
/// 2's, in one pose and one twist array, the segments likewise, and the contact's 8 reals (rodpair_params.hpp).
#pragma once

#include <cstdint>

#include "rodswarm/models/rodpair_params.hpp"
#include "rodswarm/models/rodpair_pair_stepper.hpp"

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
          // A view without workspace (the host's recording: energies only) keeps a null one: an offset on a null
          // pointer is undefined behaviour (UBSan).
          work ? work + se3rod::rod_pair_workspace_size(n1) : nullptr};
}

/// Whether a contact point lies on its rod: 0 <= s <= (n - 1) h.
template <class Real>
RODSWARM_HD inline bool on_rod(const se3rod::Params<Real>& p, const Real& s) {
  return s >= Real(0) && s <= Real(p.n - 1) * p.h;
}

}  // namespace rodswarm::rodpair
