/// @file se3rod.hpp
/// Model se3rod (issue 18; Lerbet's intrinsic rod, docs/models/se3rod.md, discretised as in
/// docs/models/cosserat.md section 1.6): one pose g_k = (Lambda_k, r_k) per node, collocated, the strain of
/// segment k the twist X_k = log(g_k^-1 g_{k+1}) (Gay-Balmaz & Putkaradze's relative pose (p_k, q_k) and its log),
/// the internal wrench W_k = K (X_k / h_k - eta^_k), linear in the strain deviation, and the generalised body forces
/// on the nodes that are exactly minus the gradient of the discrete energy
///   U = sum_k h_k / 2 (X_k / h_k - eta^_k)^T K (X_k / h_k - eta^_k).
/// Host-device, templated on Real (lanes.hpp). The stepper, the schemes (Lie-Euler, RKMK4, the variational
/// integrator) and the model trait come next; this is the part every one of them shares.
#pragma once

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/se3.hpp"

namespace rodswarm::se3rod {

/// The constitutive law of one segment: K = diag(E I1, E I2, G I3; kappa_s G A, kappa_s G A, E A) on the strain
/// twist (curvature kappa, body tangent Gamma), the rest strain eta^ (from the discrete rest configuration, so a
/// stress-free shape is stress-free to round-off) and the rest length h.
template <class Real>
struct SegmentLaw {
  Twist<Real> stiffness;    ///< the diagonal of K: (bending 1, bending 2, twist; shear 1, shear 2, extension)
  Twist<Real> rest_strain;  ///< eta^ = log(g^_k^-1 g^_{k+1}) / h of the rest configuration
  Real length;              ///< h, the segment's rest length
};

/// K a, with K diagonal.
template <class Real>
RODSWARM_HD inline Twist<Real> times_diagonal(const Twist<Real>& K, const Twist<Real>& a) {
  return {{K.w.x * a.w.x, K.w.y * a.w.y, K.w.z * a.w.z}, {K.v.x * a.v.x, K.v.y * a.v.y, K.v.z * a.v.z}};
}

/// The strain twist of the segment between poses a and b: log(a^-1 b) / h.
template <class Real>
RODSWARM_HD inline Twist<Real> strain(const Pose<Real>& a, const Pose<Real>& b, Real h) {
  return (Real(1) / h) * se3_log(inverse(a) * b);
}

/// The rest strain of a segment from two poses of the rest configuration.
template <class Real>
RODSWARM_HD inline Twist<Real> rest_strain(const Pose<Real>& a, const Pose<Real>& b, Real h) {
  return strain(a, b, h);
}

/// The internal wrench W = K (eta - eta^) (body frame of the segment's first node; the action of the +s side on
/// the -s side).
template <class Real>
RODSWARM_HD inline Twist<Real> internal_wrench(const Pose<Real>& a, const Pose<Real>& b, const SegmentLaw<Real>& law) {
  return times_diagonal(law.stiffness, strain(a, b, law.length) - law.rest_strain);
}

/// The segment's elastic energy h/2 (eta - eta^)^T K (eta - eta^).
template <class Real>
RODSWARM_HD inline Real segment_energy(const Pose<Real>& a, const Pose<Real>& b, const SegmentLaw<Real>& law) {
  const Twist<Real> d = strain(a, b, law.length) - law.rest_strain;
  return lane::value<Real>(0.5) * law.length * pairing(times_diagonal(law.stiffness, d), d);
}

/// The generalised body forces (wrenches in each node's frame) of one segment on its two nodes, minus the gradient
/// of segment_energy for the variations g -> g exp(zeta):
///   on the first node  Ad_{P^-1}^T dexp_{-X}^{-T} W,   on the second  -dexp_{-X}^{-T} W,
/// with P = a^-1 b, X = log P: since P exp(s Y) = exp(X + s dexp_{-X}^{-1} Y), dX = dexp_{-X}^{-1}(zeta_b -
/// Ad_{P^-1} zeta_a) and dU = W . dX. Summed over segments this is the discrete W' - ad_eta^T W of
/// docs/models/cosserat.md section 1.6.
template <class Real>
struct SegmentForces {
  Twist<Real> first, second;
};
template <class Real>
RODSWARM_HD inline SegmentForces<Real> segment_forces(const Pose<Real>& a, const Pose<Real>& b,
                                                      const SegmentLaw<Real>& law) {
  const Pose<Real> P = inverse(a) * b;
  So3Coefficients<Real> k;  // of X's angle: the log and the dexp share them
  const Twist<Real> X = se3_log(P, k);
  const Twist<Real> W = times_diagonal(law.stiffness, (Real(1) / law.length) * X - law.rest_strain);
  const Twist<Real> D = dexp_minus_inv_transpose(X, W, k);
  return {adjoint_transpose(inverse(P), D), Twist<Real>{-D.w, -D.v}};
}

}  // namespace rodswarm::se3rod
