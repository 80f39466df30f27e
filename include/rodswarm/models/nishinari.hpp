/// @file nishinari.hpp
/// The physics of Nishinari's discrete 3D string with bending and twist, written once for the CPU and CUDA
/// backends (host-device functions). Source: Nishinari 2001, and its verified reading
/// docs/models/nishinari.md ("the reading"); section numbers below are that page's.
///
/// Both formulations (intrinsic: relative Euler angles; Cartesian: positions and carried normals) evaluate the
/// same force law through the functions here, in local (frame) components:
///   - a joint is described by its relative rotation P = e_i e_{i-1}^T, its twist angle dpsi and its bending
///     factor f = (K/l) alpha / sin(alpha) (joint_record);
///   - a segment's load T_s = Q_s - N_s in its own frame follows from its two joints (segment_load);
///   - bead i then receives T_{i-1} - T_i (world components), or -T_i + P_i T_{i-1} in frame i.
/// Every trigonometric quantity of a joint is read off P (cos(dtheta) = hypot(P00, P01), ...), so the Cartesian
/// form needs no inverse trigonometry except atan2 for dpsi itself.
#pragma once

#include <cmath>

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/vec3.hpp"
#include "rodswarm/models/nishinari_params.hpp"

namespace rodswarm::nishinari {

// ---- Topology (section 7) ----

/// Joint i relates frame i-1 to frame i: interior joints 1..n-2 always; joint 0 and joint n-1 only at a clamped
/// end, where the missing frame is the fixed wall frame.
template <class Real>
RODSWARM_HD inline bool has_joint(const Params<Real>& p, int i) {
  if (i == 0) return p.end0 == EndKind::clamped;
  if (i == p.n - 1) return p.end1 == EndKind::clamped;
  return i > 0 && i < p.n - 1;
}

/// Clamped and pinned end beads do not move (the force on them is a reaction).
template <class Real>
RODSWARM_HD inline bool fixed_bead(const Params<Real>& p, int i) {
  return (i == 0 && p.end0 != EndKind::free) || (i == p.n - 1 && p.end1 != EndKind::free);
}

/// Where gravity or an end load acts: the intrinsic form then needs every bead's world frame. Members share a
/// pack of lanes only if they agree on it (Model::lane_key).
template <class Real>
RODSWARM_HD inline lane::Mask<Real> has_external_force(const Params<Real>& p) {
  lane::Mask<Real> acts(false);
  for (int a = 0; a < 3; ++a) acts = acts || p.g[a] != Real(0) || p.load0[a] != Real(0) || p.load1[a] != Real(0);
  return acts;
}

/// Constant external force on bead i (world): gravity plus the end loads.
template <class Real>
RODSWARM_HD inline Vec3<Real> external_force(const Params<Real>& p, int i) {
  Vec3<Real> f = p.m * Vec3<Real>{p.g[0], p.g[1], p.g[2]};
  if (i == 0) f = f + Vec3<Real>{p.load0[0], p.load0[1], p.load0[2]};
  if (i == p.n - 1) f = f + Vec3<Real>{p.load1[0], p.load1[1], p.load1[2]};
  return f;
}

// ---- The relative-Euler-angle convention (section 2) ----

/// P = R_t(dpsi) R_n(dtheta) R_b(dphi): rows are the new frame in the old frame's components. The only one of the
/// 48 Tait-Bryan choices for which the paper's (50)-(52) are the compatibility conditions.
template <class Real>
RODSWARM_HD inline Mat3<Real> relative_rotation(Real dphi, Real dtheta, Real dpsi) {
  const Real cf = lane::cos(dphi), sf = lane::sin(dphi);
  const Real ct = lane::cos(dtheta), st = lane::sin(dtheta);
  const Real cp = lane::cos(dpsi), sp = lane::sin(dpsi);
  return Mat3<Real>{{cf * ct, sf * ct, -st,                                     //
                     -sf * cp + cf * st * sp, cf * cp + sf * st * sp, ct * sp,  //
                     sf * sp + cf * st * cp, sf * st * cp - cf * sp, ct * cp}};
}

template <class Real>
struct Angles {
  Real phi, theta, psi;
};

/// Inverse of relative_rotation for |dtheta| < pi/2.
template <class Real>
RODSWARM_HD inline Angles<Real> relative_angles(const Mat3<Real>& P) {
  return {lane::atan2(P(0, 1), P(0, 0)), lane::atan2(-P(0, 2), lane::hypot(P(0, 0), P(0, 1))),
          lane::atan2(P(1, 2), P(2, 2))};
}

/// cos^2(dtheta) = P00^2 + P01^2: small means gimbal lock ((50), (52) and the conservative moment divide by it).
template <class Real>
RODSWARM_HD inline Real cos2_theta(const Mat3<Real>& P) {
  return P(0, 0) * P(0, 0) + P(0, 1) * P(0, 1);
}

/// Frame of a segment, rows (t, n, b): n is the carried normal projected perpendicular to t and normalised
/// (section 6: the carried normal drifts off t's normal plane at O(dt^4); the forces always use the projection).
template <class Real>
RODSWARM_HD inline Mat3<Real> segment_frame(Vec3<Real> t, Vec3<Real> carried) {
  Vec3<Real> n = carried - dot(carried, t) * t;
  n = (Real(1) / norm(n)) * n;
  return Mat3<Real>::from_rows(t, n, cross(t, n));
}

// ---- One joint ----

/// Bending angle alpha of a joint: the angle between t_{i-1} and t_i (atan2, not arccos: accurate near 0).
template <class Real>
RODSWARM_HD inline Real bend_angle(const Mat3<Real>& P) {
  return lane::atan2(lane::hypot(P(0, 1), P(0, 2)), P(0, 0));
}

/// f = (K/l) alpha / sin(alpha), with the series 1 + alpha^2/6 near 0 (section 11).
template <class Real>
RODSWARM_HD inline Real bending_factor(const Mat3<Real>& P, Real K_over_l) {
  const Real sin_a = lane::hypot(P(0, 1), P(0, 2));
  const Real alpha = lane::atan2(sin_a, P(0, 0));
  return K_over_l * lane::select(alpha < lane::value<Real>(1e-4), Real(1) + alpha * alpha / Real(6), alpha / sin_a);
}

/// What the segment loads need of a joint, stored as joint_record_size reals: P (9), dpsi, f.
constexpr int joint_record_size = 11;

template <class Real>
RODSWARM_HD inline void store_joint(Real* record, const Mat3<Real>& P, Real psi, Real K_over_l) {
  store9(record, P);
  record[9] = psi;
  record[10] = bending_factor(P, K_over_l);
}

/// Joint rates (50)-(52) of relative angles, with (A,B,C) of the frames on the left (i-1) and right (i).
template <class Real>
RODSWARM_HD inline Vec3<Real> angle_rates(const Mat3<Real>& P, Vec3<Real> L, Vec3<Real> R) {
  // Trigonometry read off P (section 2): cos(dtheta) >= 0 for |dtheta| < pi/2.
  const Real ct = lane::hypot(P(0, 0), P(0, 1));
  const Real inv_ct = Real(1) / ct;
  const Real cf = P(0, 0) * inv_ct, sf = P(0, 1) * inv_ct;
  const Real cp = P(2, 2) * inv_ct, sp = P(1, 2) * inv_ct;
  const Real tt = -P(0, 2) * inv_ct;  // tan(dtheta) = sin/cos, sin(dtheta) = -P02
  const Real dphi = -L.x + R.x * cp * inv_ct - R.y * sp * inv_ct + L.y * sf * tt - L.z * tt * cf;
  const Real dtheta = L.y * cf - R.y * cp + L.z * sf - R.x * sp;
  const Real dpsi = R.z - L.z * cf * inv_ct + L.y * sf * inv_ct - R.y * sp * tt + R.x * tt * cp;
  return {dphi, dtheta, dpsi};
}

// ---- One segment (sections 3-5) ----

template <class Real>
struct SegmentLoad {
  Vec3<Real> T;  ///< Q_s - N_s in frame s: bead s+1 receives +T, bead s receives -T
  Real torque;   ///< Omega_s . t_s - spin_damping C_s: j dC_s/dt
};

/// Twist moment Omega_s in frame s from its left joint s and right joint s+1 (either may be absent: nullptr).
template <class Real>
RODSWARM_HD inline Vec3<Real> twist_moment(const Params<Real>& p, const Real* left, const Real* right) {
  const Real h_over_l = p.h / p.l;
  Vec3<Real> omega{0, 0, 0};
  if (right != nullptr) {
    const Real psi = right[9];
    const Real P00 = right[0], P01 = right[1], P02 = right[2];
    if (p.twist_moment == TwistMoment::paper) {
      // (38): (h/l) dpsi_{s+1} t_{s+1}, and t_{s+1} in frame s is P_{s+1}'s first row.
      omega = omega + (h_over_l * psi) * Vec3<Real>{P00, P01, P02};
    } else {
      // (4.2): (h/l) dpsi_{s+1} (cos dphi, sin dphi, 0) / cos dtheta = (h/l) dpsi (P00, P01, 0) / cos^2 dtheta.
      const Real c = h_over_l * psi / (P00 * P00 + P01 * P01);
      omega = omega + Vec3<Real>{c * P00, c * P01, 0};
    }
  }
  if (left != nullptr) {
    const Real psi = left[9];
    if (p.twist_moment == TwistMoment::paper) {
      omega.x -= h_over_l * psi;
    } else {
      // (4.2): -(h/l) dpsi_s (1, tan dtheta sin dpsi, tan dtheta cos dpsi); with sin dtheta = -P02,
      // cos dtheta sin dpsi = P12, cos dtheta cos dpsi = P22 this is (1, -P02 P12, -P02 P22) / cos^2 dtheta.
      const Real P02 = left[2], P12 = left[5], P22 = left[8];
      const Real inv_c2 = Real(1) / (left[0] * left[0] + left[1] * left[1]);
      omega = omega - (h_over_l * psi) * Vec3<Real>{1, -P02 * P12 * inv_c2, -P02 * P22 * inv_c2};
    }
  }
  return omega;
}

/// T_s = Q_s - N_s and the spin torque of segment s of length G and spin C (section 5, local components):
/// Q_s = (M^l_{s+1} - M^r_s + Omega_s x t_s) / G, N_s = (k (G - l)/l, 0, 0).
template <class Real>
RODSWARM_HD inline SegmentLoad<Real> segment_load(const Params<Real>& p, Real G, Real C, const Real* left,
                                                  const Real* right) {
  const Vec3<Real> omega = twist_moment(p, left, right);
  // Omega x t with t = (1, 0, 0): the shear that twisting passes to the beads.
  Vec3<Real> q{0, omega.z, -omega.y};
  if (right != nullptr) q = q + right[10] * Vec3<Real>{0, right[1], right[2]};  // M^l_{s+1}: f (0, P01, P02)
  if (left != nullptr) q = q + left[10] * Vec3<Real>{0, left[3], left[6]};      // -M^r_s: f (0, P10, P20)
  const Real inv_G = Real(1) / G;
  q = inv_G * q;
  q.x -= p.k * (G - p.l) / p.l;
  return {q, omega.x - p.spin_damping * C};
}

// ---- Diagnostics and limits (sections 8, 9) ----

/// Energy split (section 8). `external` is the potential of gravity and the end loads, -sum F_ext . r.
struct Energy {
  double kinetic = 0, spin = 0, axial = 0, bending = 0, twist = 0, external = 0, total = 0;
};

/// The energy of a Cartesian state (r, v: 3n; normal: 3(n-1); spin: n-1), in double whatever Real is.
template <class Real>
Energy energy(const Params<Real>& p, const Real* r, const Real* v, const Real* normal, const Real* spin) {
  Params<double> q;  // the parameters in double, so that the sums do not round in float
  q.n = p.n;
  q.end0 = p.end0;
  q.end1 = p.end1;
  for (int k = 0; k < 9; ++k) {
    q.wall0[k] = p.wall0[k];
    q.wall1[k] = p.wall1[k];
  }
  const int n = p.n;
  Energy e;
  auto pos = [&](int i) { return Vec3<double>{double(r[3 * i]), double(r[3 * i + 1]), double(r[3 * i + 2])}; };
  auto frame = [&](int s) -> Mat3<double> {
    if (s < 0) return load9(q.wall0);
    if (s > n - 2) return load9(q.wall1);
    const Vec3<double> d = pos(s + 1) - pos(s);
    const Vec3<double> c{double(normal[3 * s]), double(normal[3 * s + 1]), double(normal[3 * s + 2])};
    return segment_frame((1.0 / norm(d)) * d, c);
  };
  for (int i = 0; i < n; ++i) {
    const Vec3<double> vi{double(v[3 * i]), double(v[3 * i + 1]), double(v[3 * i + 2])};
    e.kinetic += 0.5 * double(p.m) * dot(vi, vi);
    const Vec3<Real> f = external_force(p, i);
    e.external -= dot(Vec3<double>{double(f.x), double(f.y), double(f.z)}, pos(i));
  }
  for (int s = 0; s + 1 < n; ++s) {
    const double G = norm(pos(s + 1) - pos(s));
    e.axial += double(p.k) * (G - double(p.l)) * (G - double(p.l)) / (2 * double(p.l));
    e.spin += 0.5 * double(p.j) * double(spin[s]) * double(spin[s]);
  }
  for (int i = 0; i < n; ++i) {
    if (!has_joint(q, i)) continue;
    const Mat3<double> P = times_transpose(frame(i), frame(i - 1));
    const double alpha = bend_angle(P);
    const double psi = relative_angles(P).psi;
    e.bending += double(p.K) * alpha * alpha / (2 * double(p.l));
    e.twist += double(p.h) * psi * psi / (2 * double(p.l));
  }
  e.total = e.kinetic + e.spin + e.axial + e.bending + e.twist + e.external;
  return e;
}

/// Linear momentum sum m v and angular momentum about the origin sum m r x v + sum j C_s t_s (section 8).
struct Momentum {
  double linear[3] = {0, 0, 0};
  double angular[3] = {0, 0, 0};
};

template <class Real>
Momentum momentum(const Params<Real>& p, const Real* r, const Real* v, const Real* spin) {
  Momentum out;
  Vec3<double> P{0, 0, 0}, L{0, 0, 0};
  auto at = [](const Real* a, int i) {
    return Vec3<double>{double(a[3 * i]), double(a[3 * i + 1]), double(a[3 * i + 2])};
  };
  for (int i = 0; i < p.n; ++i) {
    const Vec3<double> mv = double(p.m) * at(v, i);
    P = P + mv;
    L = L + cross(at(r, i), mv);
  }
  for (int s = 0; s + 1 < p.n; ++s) {
    const Vec3<double> d = at(r, s + 1) - at(r, s);
    L = L + (double(p.j) * double(spin[s]) / norm(d)) * d;
  }
  for (int a = 0; a < 3; ++a) {
    out.linear[a] = P[a];
    out.angular[a] = L[a];
  }
  return out;
}

/// Largest stable RK4 step of the linearised string (section 9): dt omega_max < 2 sqrt(2), with omega_max the
/// largest of the axial, torsional and bending frequencies.
template <class Real>
RODSWARM_HD inline double rk4_stable_dt(const Params<Real>& p) {
  const double l = p.l, m = p.m;
  double w = 2 * std::sqrt(double(p.k) / (m * l));
  w = std::fmax(w, 2 * std::sqrt(double(p.h) / (double(p.j) * l)));
  w = std::fmax(w, 4 * std::sqrt(double(p.K) / (m * l * l * l)));
  return 2 * std::sqrt(2.0) / w;
}

}  // namespace rodswarm::nishinari
