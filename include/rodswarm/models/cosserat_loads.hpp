/// @file cosserat_loads.hpp
/// The distributed-load list (params.loads): each law a few lines here, host-device and templated on Real, summed
/// by the assembly (cosserat_forces.hpp) where the uniform force_density and couple_density are applied, so the
/// CPU lanes, the CUDA kernels, Newton statics and modes all take it without a code path of their own. A new law
/// is: a LoadLaw value (cosserat_params.hpp) and its case below; its schema (src/config/cosserat_config.cpp reads
/// it, cosserat_member.cpp checks its numbers, cosserat_slots.cpp lets `vary` address them); its own copy in the
/// independent reference (src/reference/cosserat_forces.cpp, mapped in src/models/cosserat_compare.cpp); and, where
/// it applies, its share of the load continuation (scaled_loads, src/models/cosserat_statics.hpp) and of the
/// stability estimate (omega_max, src/models/cosserat_run.cpp).
///
/// Every law acts per unit rest length at t (Scratch::lh, which growth lengthens), and s is the rest arc length at
/// t from the rod's node 0 (the initial arc length when nothing grows): a node's for forces, an element's midpoint
/// for couples. A force per length is lumped on a node over half of each of its elements, as force_density is.
#pragma once

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/vec3.hpp"
#include "rodswarm/models/cosserat.hpp"

namespace rodswarm::cosserat {

/// Entry l's travelling wave at arc length s and time t: a sin(k s - omega t + phi).
template <class Real>
RODSWARM_HD inline Vec3<Real> load_wave(const Params<Real>& p, int l, Real s, Real t) {
  const Real arg = p.load_wavenumber[l] * s - p.load_frequency[l] * t + p.load_phase[l];
  return lane::sin(arg) * load3(p.load_vector + 3 * l);
}

/// Entry l's drag on a node moving at v from one of its elements (frame Q, rest length lh at t): the element's
/// half of -Q^T diag(c) Q (v - U) per length. Anisotropic in the element's frame, so that resistive-force theory's
/// tangential (c3) and normal (c1, c2) coefficients differ.
template <class Real>
RODSWARM_HD inline Vec3<Real> load_drag(const Params<Real>& p, int l, const Mat3<Real>& Q, Real half_length,
                                        Vec3<Real> v) {
  const Vec3<Real> body = Q * (v - load3(p.load_flow + 3 * l));
  return (-half_length) * transpose_times(Q, times_diag(load3(p.load_vector + 3 * l), body));
}

/// The list's force on a node (lab) of lumped rest length `length` (the assembly's, as force_density's) at arc
/// length `s`, moving at `v`, between elements `before` and `after` (-1: none) of rest lengths `lh` and frames in
/// `Q`. Drag only when `damped` (statics leave velocity terms out).
template <class Real>
RODSWARM_HD inline Vec3<Real> node_loads(const Params<Real>& p, Real length, const Real* lh, const Real* Q, int before,
                                         int after, Real s, Real t, Vec3<Real> v, bool damped) {
  const Real half = lane::value<Real>(0.5);
  Vec3<Real> f{0, 0, 0};
  for (int l = 0; l < p.loads; ++l) {
    if (p.load_law[l] == LoadLaw::force_wave) f = f + length * load_wave(p, l, s, t);
    if (p.load_law[l] == LoadLaw::drag && damped) {
      if (before >= 0) f = f + load_drag(p, l, load9(Q + 9 * before), half * lh[before], v);
      if (after >= 0) f = f + load_drag(p, l, load9(Q + 9 * after), half * lh[after], v);
    }
  }
  return f;
}

/// The list's couple on an element of rest length `length` at midpoint arc length `s`: the lab part added to
/// `lab`, the part in the element's own frame to `body`.
template <class Real>
RODSWARM_HD inline void element_loads(const Params<Real>& p, Real length, Real s, Real t, Vec3<Real>& lab,
                                      Vec3<Real>& body) {
  for (int l = 0; l < p.loads; ++l) {
    if (p.load_law[l] == LoadLaw::couple_wave) lab = lab + length * load_wave(p, l, s, t);
    if (p.load_law[l] == LoadLaw::body_couple_wave) body = body + length * load_wave(p, l, s, t);
  }
}

}  // namespace rodswarm::cosserat
