/// @file rodpair_spectrum.hpp
/// The signal behind a rodpair member's time spectrum (issue 19: the analysis of the strings, model rolling, on
/// rods): the amplitude of string mode `harmonic` in one rod's shape along a direction e, the coefficient the strings
/// record for their own modes, so that a rod and the string it reduces to give the same signal.
///
/// With the rod's n nodes at rest arc lengths s_k = k h, L = (n - 1) h, and its displacement along e measured from
/// the chord between its end nodes (so that no rigid translation of the rod enters, whatever its ends),
///     w_k = e . (r_k - r_0) - (s_k / L) e . (r_{n-1} - r_0),
/// the signal is the mode's coefficient in the orthonormal basis sqrt(2 / L) sin(harmonic pi s / L) (model rolling's
/// basis with fixed ends), by the trapezoid rule over the nodes (D_k = h inside, h / 2 at the ends, where sin and w
/// vanish):
///     q = sqrt(2 / L) sum_k D_k sin(harmonic pi s_k / L) w_k.
#pragma once

#include <cmath>

#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/vec3.hpp"
#include "rodswarm/models/rodpair_params.hpp"
#include "rodswarm/models/rodpair_contact.hpp"

namespace rodswarm::rodpair {

/// q of the rod whose parameters are `rod` and whose poses start at `pose`, along the unit vector `e`.
template <class Real>
RODSWARM_HD inline Real mode_amplitude(const se3rod::Params<Real>& rod, const Real* pose, int harmonic,
                                       const Vec3<Real>& e) {
  const int last = rod.n - 1;
  const Vec3<Real> r0 = se3rod::node_position(pose, 0);
  const Real span = dot(e, se3rod::node_position(pose, last) - r0);
  const Real length = rod.h * Real(last);
  const Real pi = lane::value<Real>(3.14159265358979323846);
  Real sum = Real(0);
  for (int k = 1; k < last; ++k) {
    const Real fraction = Real(k) / Real(last);
    const Real w = dot(e, se3rod::node_position(pose, k) - r0) - fraction * span;
    sum = sum + lane::sin(Real(harmonic) * pi * fraction) * w;
  }
  return lane::sqrt(Real(2) / length) * rod.h * sum;
}

/// The member's signal now: the chosen rod's mode amplitude (p.spectrum_rod 1 or 2; its poses follow rod 1's n1
/// nodes when it is rod 2).
template <class Real>
RODSWARM_HD inline Real member_signal(const Params<Real>& p, const Real* pose) {
  const Vec3<Real> e{p.spectrum_direction[0], p.spectrum_direction[1], p.spectrum_direction[2]};
  return p.spectrum_rod == 2 ? mode_amplitude(p.rod2, pose + 12 * p.rod1.n, p.harmonic, e)
                             : mode_amplitude(p.rod1, pose, p.harmonic, e);
}

}  // namespace rodswarm::rodpair
