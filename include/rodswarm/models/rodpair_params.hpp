/// @file rodpair_params.hpp
/// One rodpair member's parameters (host-device, templated on Real): two se3rods, each with its own material, ends,
/// loads and rest shape (se3rod_params.hpp; scheme RKMK4, no plane), and the width of each rod's bump, the smearing
/// of the contact over its nodes (se3rod_rod_contact.hpp).
#pragma once

#include "rodswarm/engine/params_members.hpp"
#include "rodswarm/models/se3rod_params.hpp"

namespace rodswarm::rodpair {

template <class Real>
struct Params {
  se3rod::Params<Real> rod1{}, rod2{};
  Real width1 = 1, width2 = 1;  ///< the bump widths w (the weights' support is |s - s_k| < 2 w)

  using Members = MemberList<&Params::rod1, &Params::rod2, &Params::width1, &Params::width2>;
};

/// The member's contact state as its field stores it (8 reals): where the contact is, and what the last step saw.
enum ContactSlot : int {
  slot_s1 = 0,      ///< arc length of the contact on rod 1 (m)
  slot_s2 = 1,      ///< on rod 2
  slot_lambda = 2,  ///< 3: the reaction on rod 1 at the last step's first stage, lab frame (N)
  slot_normal = 5,  ///< its normal part, positive while the rods press (N)
  slot_slip = 6,    ///< the scheme's slip |u| at the last step's end, before the restore (m/s)
  slot_gap = 7,     ///< the scheme's gap at the last step's end, before the restore (m)
  contact_slots = 8
};

}  // namespace rodswarm::rodpair
