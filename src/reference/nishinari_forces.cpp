/// @file nishinari_forces.cpp
/// The right-hand side of the Cartesian formulation: force law (32)-(37) of note section 3, twist moment of
/// section 4 (both variants), carried-normal and spin equations of section 6, end conditions of section 7.
#include <cmath>
#include <vector>

#include "reference/nishinari_internal.hpp"

namespace rodswarm::reference {
namespace {

using nishinari_detail::Geometry;
using nishinari_detail::Joint;

/// Bending moments of one joint, (35)-(36): M^r acts on the segment after the joint, M^l on the one before.
struct BendingMoments {
  Eigen::Vector3d right = Eigen::Vector3d::Zero(), left = Eigen::Vector3d::Zero();
};

/// f = (K/l) alpha/sin(alpha); the series 1 + alpha^2/6 avoids 0/0 for a straight joint (section 11).
double bending_factor(const NishinariCase& c, double alpha) {
  const double ratio = std::abs(alpha) < 1e-4 ? 1.0 + alpha * alpha / 6.0 : alpha / std::sin(alpha);
  return c.K / c.l * ratio;
}

BendingMoments bending_moments(const NishinariCase& c, const Geometry& geo, int i) {
  BendingMoments out;
  const Joint& jt = geo.joint[static_cast<std::size_t>(i)];
  if (!jt.present) return out;  // free and pinned ends: M = 0
  const Eigen::Vector3d tp = geo.t(i - 1), tn = geo.t(i);
  const double f = bending_factor(c, jt.alpha);
  const double ca = std::cos(jt.alpha);
  out.right = f * (-tp + ca * tn);
  out.left = f * (tn - ca * tp);
  return out;
}

/// (38) as printed: Omega_s = (h/l)(dpsi_{s+1} t_{s+1} - dpsi_s t_s). For a clamped last bead, t_{n-1} is
/// the wall's tangent.
Eigen::Vector3d twist_moment_paper(const NishinariCase& c, const Geometry& geo, int s) {
  Eigen::Vector3d omega = Eigen::Vector3d::Zero();
  const Joint& after = geo.joint[static_cast<std::size_t>(s + 1)];
  const Joint& before = geo.joint[static_cast<std::size_t>(s)];
  if (after.present) omega += after.dpsi * geo.t(s + 1);
  if (before.present) omega -= before.dpsi * geo.t(s);
  return c.h / c.l * omega;
}

/// Section 4.2: Omega_s = -(h/l)[dpsi_s a_s + dpsi_{s+1} b_{s+1}], the exact gradient of (h/2l) sum dpsi^2,
/// where d(dpsi_i)/dt = a_i.omega_i + b_i.omega_{i-1}. Both vectors are expressed in the frame of segment s.
Eigen::Vector3d twist_moment_conservative(const NishinariCase& c, const Geometry& geo, int s) {
  Eigen::Vector3d omega = Eigen::Vector3d::Zero();
  const Eigen::Vector3d t = geo.t(s), nh = geo.nhat(s), b = geo.b(s);
  const Joint& after = geo.joint[static_cast<std::size_t>(s + 1)];
  if (after.present) {
    // -b_{s+1} = (cos dphi t_s + sin dphi n_s)/cos dtheta, in the frame before joint s+1.
    omega += after.dpsi * (std::cos(after.dphi) * t + std::sin(after.dphi) * nh) / std::cos(after.dtheta);
  }
  const Joint& before = geo.joint[static_cast<std::size_t>(s)];
  if (before.present) {
    // a_s = t_s + tan dtheta (sin dpsi n_s + cos dpsi b_s), in the frame after joint s.
    const Eigen::Vector3d a = t + std::tan(before.dtheta) * (std::sin(before.dpsi) * nh + std::cos(before.dpsi) * b);
    omega -= before.dpsi * a;
  }
  return c.h / c.l * omega;
}

Eigen::Vector3d twist_moment(const NishinariCase& c, const Geometry& geo, int s) {
  return c.twist == NishinariTwist::paper ? twist_moment_paper(c, geo, s) : twist_moment_conservative(c, geo, s);
}

}  // namespace

NishinariState nishinari_rate(const NishinariCase& c, const NishinariState& s) {
  nishinari_detail::check_case(c);
  nishinari_detail::check_state(c, s);
  const int n = c.n, segments = c.n - 1;
  const Geometry geo = nishinari_detail::geometry(c, s);

  // A fixed bead does not move, whatever its stored velocity says; every use of v below sees that.
  Eigen::MatrixX3d v = s.v;
  for (int i = 0; i < n; ++i)
    if (nishinari_detail::bead_fixed(c, i)) v.row(i).setZero();

  std::vector<BendingMoments> bend(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) bend[static_cast<std::size_t>(i)] = bending_moments(c, geo, i);

  // Per segment: axial force N_s (33), twist moment Omega_s, shear Q_s (34) with R_s = Omega_s x t_s (37).
  std::vector<Eigen::Vector3d> axial(static_cast<std::size_t>(segments)), shear(axial.size()), omega(axial.size());
  for (int seg = 0; seg < segments; ++seg) {
    const auto k = static_cast<std::size_t>(seg);
    const double len = geo.length[k];
    const Eigen::Vector3d t = geo.t(seg);
    omega[k] = twist_moment(c, geo, seg);
    axial[k] = c.k * (len - c.l) / c.l * t;
    shear[k] = (bend[k + 1].left - bend[k].right + omega[k].cross(t)) / len;
  }

  NishinariState rate;
  rate.r = v;
  rate.v.setZero(n, 3);
  for (int i = 0; i < n; ++i) {
    if (nishinari_detail::bead_fixed(c, i)) continue;  // the force on a fixed bead is a reaction
    // (32): F_i = N_i - N_{i-1} - Q_i + Q_{i-1}, segments outside 0..n-2 absent.
    Eigen::Vector3d force = c.m * c.g - c.damping * v.row(i).transpose();
    if (i < segments) force += axial[static_cast<std::size_t>(i)] - shear[static_cast<std::size_t>(i)];
    if (i > 0) force += shear[static_cast<std::size_t>(i - 1)] - axial[static_cast<std::size_t>(i - 1)];
    if (i == 0) force += c.load0;
    if (i == n - 1) force += c.load1;
    rate.v.row(i) = force.transpose() / c.m;
  }

  // Section 6: the carried normal turns with the segment's angular velocity omega_s = C_s t_s + t_s x tdot_s,
  // which keeps n.t and |n| constant in exact arithmetic. (43): j dC_s/dt = Omega_s . t_s.
  rate.normal.setZero(segments, 3);
  rate.spin.setZero(segments);
  for (int seg = 0; seg < segments; ++seg) {
    const auto k = static_cast<std::size_t>(seg);
    const Eigen::Vector3d t = geo.t(seg);
    const Eigen::Vector3d dv = (v.row(seg + 1) - v.row(seg)).transpose();
    const Eigen::Vector3d tdot = (dv - dv.dot(t) * t) / geo.length[k];
    const Eigen::Vector3d w = s.spin(seg) * t + t.cross(tdot);
    rate.normal.row(seg) = w.cross(s.normal.row(seg).transpose()).transpose();
    rate.spin(seg) = (omega[k].dot(t) - c.spin_damping * s.spin(seg)) / c.j;
  }
  return rate;
}

}  // namespace rodswarm::reference
