/// @file nishinari_frames.cpp
/// The convention of note section 2 (P = R_t(dpsi) R_n(dtheta) R_b(dphi), rows = new frame in old components)
/// and the geometry of a state: segment frames from carried normals, joints and their angles.
#include <cmath>
#include <stdexcept>
#include <string>

#include "reference/nishinari_internal.hpp"

namespace rodswarm::reference {

Eigen::Matrix3d nishinari_relative_rotation(double dphi, double dtheta, double dpsi) {
  // Elementary rotations of section 2, each with rows = new frame in old-frame components.
  const double cf = std::cos(dphi), sf = std::sin(dphi);
  const double ct = std::cos(dtheta), st = std::sin(dtheta);
  const double cp = std::cos(dpsi), sp = std::sin(dpsi);
  Eigen::Matrix3d rb, rn, rt;
  rb << cf, sf, 0, -sf, cf, 0, 0, 0, 1;  // about b: t -> cf t + sf n
  rn << ct, 0, -st, 0, 1, 0, st, 0, ct;  // about n: t -> ct t - st b
  rt << 1, 0, 0, 0, cp, sp, 0, -sp, cp;  // about t: n -> cp n + sp b
  return rt * rn * rb;
}

Eigen::Vector3d nishinari_relative_angles(const Eigen::Matrix3d& e_prev, const Eigen::Matrix3d& e_next) {
  // P[a][b] = e_next,a . e_prev,b (section 2); the inverse reads the angles off P1, P2, P3, P6, P9.
  const Eigen::Matrix3d p = e_next * e_prev.transpose();
  const double dphi = std::atan2(p(0, 1), p(0, 0));
  const double dtheta = std::atan2(-p(0, 2), std::hypot(p(0, 0), p(0, 1)));
  const double dpsi = std::atan2(p(1, 2), p(2, 2));
  return {dphi, dtheta, dpsi};
}

namespace nishinari_detail {

void check_case(const NishinariCase& c) {
  if (c.n < 3) throw std::invalid_argument("nishinari reference: n must be >= 3");
  if (!(c.l > 0) || !(c.m > 0) || !(c.j > 0))
    throw std::invalid_argument("nishinari reference: l, m and j must be positive");
}

void check_state(const NishinariCase& c, const NishinariState& s) {
  const auto bad = [](const char* what) {
    throw std::invalid_argument(std::string("nishinari reference: wrong size of ") + what);
  };
  if (s.r.rows() != c.n) bad("r");
  if (s.v.rows() != c.n) bad("v");
  if (s.normal.rows() != c.n - 1) bad("normal");
  if (s.spin.size() != c.n - 1) bad("spin");
}

bool bead_fixed(const NishinariCase& c, int i) {
  if (i == 0) return c.end0 != NishinariEnd::free;
  if (i == c.n - 1) return c.end1 != NishinariEnd::free;
  return false;
}

bool joint_exists(const NishinariCase& c, int i) {
  if (i == 0) return c.end0 == NishinariEnd::clamped;
  if (i == c.n - 1) return c.end1 == NishinariEnd::clamped;
  return i > 0 && i < c.n - 1;
}

Eigen::Matrix3d segment_frame(const Eigen::Vector3d& tangent, const Eigen::Vector3d& carried_normal) {
  // The carried normal drifts off the plane normal to t (RK4 does not keep n.t = 0 exactly) and is not unit:
  // forces always use the projected, normalised n^ (section 6), and the stored normal is left as it is.
  const Eigen::Vector3d projected = carried_normal - carried_normal.dot(tangent) * tangent;
  const Eigen::Vector3d nhat = projected.normalized();
  Eigen::Matrix3d e;
  e.row(0) = tangent.transpose();
  e.row(1) = nhat.transpose();
  e.row(2) = tangent.cross(nhat).transpose();
  return e;
}

Geometry geometry(const NishinariCase& c, const NishinariState& s) {
  Geometry geo;
  geo.n = c.n;
  const int segments = c.n - 1;
  geo.length.resize(static_cast<std::size_t>(segments));
  geo.frame.resize(static_cast<std::size_t>(c.n + 1));
  geo.frame.front() = c.wall0;
  geo.frame.back() = c.wall1;
  for (int seg = 0; seg < segments; ++seg) {
    const Eigen::Vector3d d = (s.r.row(seg + 1) - s.r.row(seg)).transpose();
    const double len = d.norm();
    geo.length[static_cast<std::size_t>(seg)] = len;
    geo.frame[static_cast<std::size_t>(seg + 1)] = segment_frame(d / len, s.normal.row(seg).transpose());
  }
  geo.joint.resize(static_cast<std::size_t>(c.n));
  for (int i = 0; i < c.n; ++i) {
    if (!joint_exists(c, i)) continue;
    Joint& jt = geo.joint[static_cast<std::size_t>(i)];
    jt.present = true;
    // alpha from atan2 of |cross| and dot, accurate for small and large angles alike (section 11).
    const Eigen::Vector3d tp = geo.t(i - 1), tn = geo.t(i);
    jt.alpha = std::atan2(tp.cross(tn).norm(), tp.dot(tn));
    const Eigen::Vector3d angles = nishinari_relative_angles(geo.e(i - 1), geo.e(i));
    jt.dphi = angles(0);
    jt.dtheta = angles(1);
    jt.dpsi = angles(2);
  }
  return geo;
}

}  // namespace nishinari_detail
}  // namespace rodswarm::reference
