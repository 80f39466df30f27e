/// @file rodpair_params.hpp
/// One rodpair member's parameters (host-device, templated on Real): two se3rods, each with its own material, ends,
/// loads and rest shape (se3rod_params.hpp; scheme RKMK4, no plane), and the width of each rod's bump, the smearing
/// of the contact over its nodes (rodpair_contact.hpp); the frozen-contact control, the
/// bilateral contact, the Lyapunov twin and the spectrum's signal.
#pragma once

#include <cstdint>

#include "rodswarm/engine/params_members.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/models/se3rod_params.hpp"

namespace rodswarm::rodpair {

template <class Real>
struct Params {
  se3rod::Params<Real> rod1{}, rod2{};
  Real width1 = 1, width2 = 1;                 ///< the bump widths w (the weights' support is |s - s_k| < 2 w)
  std::int32_t frozen = 0;                     ///< 1: the frozen-contact control (s1, s2 held at their start)
  std::int32_t bilateral = 0;                  ///< 1: the rods hold together whatever the reaction's sign
  std::int32_t lyapunov = 0;                   ///< 1: a twin trajectory for the largest Lyapunov exponent
  std::int64_t renorm_steps = 0;               ///< steps between the twin's renormalisations
  Real lyapunov_d0 = lane::value<Real>(1e-8);  ///< the twin's distance after each renormalisation
  /// The time spectrum's signal (rodpair_spectrum.hpp): string mode `harmonic` of rod `spectrum_rod` (1 or 2; 0: no
  /// signal) along the unit vector spectrum_direction, recorded at step 0 and every sample_steps steps.
  std::int32_t spectrum_rod = 0;
  std::int32_t harmonic = 1;
  std::int64_t sample_steps = 0;
  Real spectrum_direction[3] = {0, 0, 1};

  using Members =
      MemberList<&Params::rod1, &Params::rod2, &Params::width1, &Params::width2, &Params::frozen, &Params::bilateral,
                 &Params::lyapunov, &Params::renorm_steps, &Params::lyapunov_d0, &Params::spectrum_rod,
                 &Params::harmonic, &Params::sample_steps, &Params::spectrum_direction>;
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
