/// @file se3rod_plane_contact.hpp
/// A se3rod rolling without slipping on a rigid plane (issue 19's first case; docs/se3rod_rolling_contact.md): every
/// free node's section touches the plane n.x = offset at the point c = p - r n below its centre, and the material
/// point there does not move,
///     gamma + omega x c_b = 0,    c_b = -r R^T n   (body frame; 3 rows per node, the normal one the gap's rate),
/// the rows A xi = 0 with A = [-hat(c_b), I] on the body twist (omega, gamma). The plane's reaction is the force
/// lambda at c: the wrench A^T lambda = (c_b x lambda, lambda), which does no work on a motion that keeps the rows.
/// lambda makes the rows' derivative hold, d/dt (A xi) = dgamma + domega x c_b - omega x (omega x c_b) = 0 (c_b
/// turns with -omega, the contact point being no material point); with the free acceleration a = M^-1 (ad^T M xi +
/// F) and the node's diagonal inertia M = diag(J, m I),
///     S lambda = omega x (omega x c_b) - (a_gamma + a_omega x c_b),    S = A M^-1 A^T = I/m - hat(c_b) J^-1 hat(c_b)
/// (Udwadia-Kalaba for one node: the rows couple no two nodes, so the system is 3x3 per node, SPD).
///
/// The model is a ball of radius r at every node (the disk's lowest point is at -r n when the section is vertical,
/// which a rod lying on the plane keeps up to its shear); the line contact of a straight rod on a plane is then n
/// point contacts, one per node, as in Vankerschaver's discrete rolling rod. The explicit schemes drift off the rows
/// by their truncation error: restore_plane_contact puts every node back on the plane and projects its twist onto
/// the rows in the kinetic metric after each step (an O(dt^5) change for RKMK4). The plane pushes only: a node
/// whose normal reaction n . R lambda at the start of a step is negative (beyond round-off: is_tensile) would have to
/// be pulled, and the member is flagged separated after that step.
#pragma once

#include <limits>

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/se3.hpp"
#include "rodswarm/linalg/so3.hpp"
#include "rodswarm/models/se3rod_params.hpp"

namespace rodswarm::se3rod {

/// Whether node k rolls on the plane: every node the ends leave free (a held end is not also rolled).
template <class Real>
RODSWARM_HD inline bool rolls_on_plane(const Params<Real>& p, int k) {
  if (p.contact != Contact::plane) return false;
  if (k == 0) return p.end0 == End::free;
  if (k == p.n - 1) return p.end1 == End::free;
  return true;
}

/// The contact point relative to the node, in the body frame: c_b = -r R^T n.
template <class Real>
RODSWARM_HD inline Vec3<Real> contact_offset(const Params<Real>& p, const Pose<Real>& g) {
  return transpose_times(g.R, (-p.radius) * vec3_of(p.plane_normal));
}

/// The velocity of the material point at the contact, in the body frame: A xi = gamma + omega x c_b (its normal
/// component is the gap's rate, the tangential ones the slip).
template <class Real>
RODSWARM_HD inline Vec3<Real> contact_velocity(const Vec3<Real>& c, const Twist<Real>& xi) {
  return xi.v + cross(xi.w, c);
}

/// S = A M^-1 A^T = I/m - hat(c) J^-1 hat(c) for the node's inertia diagonal M.
template <class Real>
RODSWARM_HD inline Mat3<Real> contact_compliance(const Vec3<Real>& c, const Twist<Real>& M) {
  const Mat3<Real> C = hat(c);
  const Mat3<Real> JinvC =
      Mat3<Real>::from_rows(Real(1) / M.w.x * C.row(0), Real(1) / M.w.y * C.row(1), Real(1) / M.w.z * C.row(2));
  const Mat3<Real> CJC = C * JinvC;
  const Real inv_m = Real(1) / M.v.x;
  Mat3<Real> S;
  for (int q = 0; q < 9; ++q) S.m[q] = -CJC.m[q];
  S.m[0] = S.m[0] + inv_m;
  S.m[4] = S.m[4] + inv_m;
  S.m[8] = S.m[8] + inv_m;
  return S;
}

/// a + M^-1 A^T lambda: the acceleration with the plane's force lambda (body frame) at c.
template <class Real>
RODSWARM_HD inline Twist<Real> with_contact_force(const Twist<Real>& a, const Vec3<Real>& c, const Vec3<Real>& lambda,
                                                  const Twist<Real>& M) {
  const Vec3<Real> torque = cross(c, lambda);
  return {{a.w.x + torque.x / M.w.x, a.w.y + torque.y / M.w.y, a.w.z + torque.z / M.w.z},
          a.v + (Real(1) / M.v.x) * lambda};
}

/// The plane's force on a rolling node (body frame) that makes its free acceleration `a` keep the rows, and the
/// size of the terms it balances (m times the accelerations' magnitudes: the scale of lambda's round-off).
template <class Real>
struct RollingReaction {
  Vec3<Real> lambda;
  Real scale;
};
template <class Real>
RODSWARM_HD inline RollingReaction<Real> rolling_reaction(const Vec3<Real>& c, const Twist<Real>& xi,
                                                          const Twist<Real>& a, const Twist<Real>& M) {
  const Vec3<Real> centripetal = cross(xi.w, cross(xi.w, c)), free = contact_velocity(c, a);
  const Real scale = M.v.x * (norm(centripetal) + norm(a.v) + norm(cross(a.w, c)));
  return {solve(contact_compliance(c, M), centripetal - free), scale};
}

/// Whether a normal reaction N is tensile beyond its round-off: below -64 eps times the scale (in newtons) of the
/// terms it came from. A reaction that is zero in exact arithmetic (a weightless rod, gravity in the plane, free
/// rolling) then never separates a member by the sign of a rounding error, which would differ between the backends (the
/// vector units and the GPU contract multiply-adds).
template <class Real>
RODSWARM_HD inline lane::Mask<Real> is_tensile(const Real& N, const Real& scale) {
  const Real tolerance = lane::value<Real>(64 * std::numeric_limits<lane::Scalar<Real>>::epsilon());
  return N < -(tolerance * scale);
}

/// The normal reaction n . R lambda of the plane's force lambda (body frame) on a node at pose g: positive while
/// the plane pushes.
template <class Real>
RODSWARM_HD inline Real normal_reaction(const Params<Real>& p, const Pose<Real>& g, const Vec3<Real>& lambda) {
  return dot(vec3_of(p.plane_normal), g.R * lambda);
}

/// The gap n . p - offset - r of a node at pose g (zero in contact).
template <class Real>
RODSWARM_HD inline Real contact_gap(const Params<Real>& p, const Pose<Real>& g) {
  return dot(vec3_of(p.plane_normal), g.p) - p.plane_offset - p.radius;
}

/// Puts a rolling node back on the rows: its centre onto the plane (along n) and its twist the kinetic-metric
/// projection xi - M^-1 A^T S^-1 A xi, the nearest twist that keeps the rows.
template <class Real>
RODSWARM_HD inline void restore_plane_contact(const Params<Real>& p, const Twist<Real>& M, Pose<Real>& g,
                                              Twist<Real>& xi) {
  g.p = g.p - contact_gap(p, g) * vec3_of(p.plane_normal);
  const Vec3<Real> c = contact_offset(p, g);
  const Vec3<Real> mu = solve(contact_compliance(c, M), contact_velocity(c, xi));
  xi = with_contact_force(xi, c, -mu, M);
}

}  // namespace rodswarm::se3rod
