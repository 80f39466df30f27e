/// @file nishinari_internal.hpp
/// Geometry shared by the rate and the energy of the Nishinari reference: segment lengths and frames, and the
/// joints (bending angle and relative Euler angles). One place computes them, so the force law and the energy it
/// is tested against cannot disagree about which joints exist or how the frames are built.
#pragma once

#include <vector>

#include <Eigen/Dense>

#include "reference/nishinari_reference.hpp"

namespace rodswarm::reference::nishinari_detail {

/// A joint at bead i between frames e_{i-1} and e_i (note section 1); absent joints carry nothing.
struct Joint {
  bool present = false;
  double alpha = 0;                       ///< bending angle between t_{i-1} and t_i
  double dphi = 0, dtheta = 0, dpsi = 0;  ///< relative Euler angles of P_i = e_i e_{i-1}^T
};

/// Everything the forces and the energy need from positions and carried normals.
struct Geometry {
  int n = 0;
  std::vector<double> length;  ///< G_s, s = 0..n-2
  /// Frames with an offset of one: frame[s + 1] = e_s for s = -1..n-1. e_{-1} = wall0 and e_{n-1} = wall1 (only
  /// used when that end is clamped); e_s for s = 0..n-2 has rows (t_s, n^_s, b_s).
  std::vector<Eigen::Matrix3d> frame;
  std::vector<Joint> joint;  ///< joint[i], i = 0..n-1

  const Eigen::Matrix3d& e(int s) const { return frame[static_cast<std::size_t>(s + 1)]; }
  Eigen::Vector3d t(int s) const { return e(s).row(0).transpose(); }
  Eigen::Vector3d nhat(int s) const { return e(s).row(1).transpose(); }
  Eigen::Vector3d b(int s) const { return e(s).row(2).transpose(); }
};

/// Throws std::invalid_argument unless the case's constants and the state's sizes are usable.
void check_case(const NishinariCase& c);
void check_state(const NishinariCase& c, const NishinariState& s);

/// True for a clamped or pinned end bead: its position is fixed and its velocity is zero.
bool bead_fixed(const NishinariCase& c, int i);

/// True where a joint exists: i = 1..n-2 always, 0 and n-1 only at clamped ends (note section 7).
bool joint_exists(const NishinariCase& c, int i);

/// Segment frame from its end points and carried normal (note section 6): t = (r_{s+1}-r_s)/G,
/// n^ = normalize(n - (n.t)t), b = t x n^. Rows t, n^, b.
Eigen::Matrix3d segment_frame(const Eigen::Vector3d& tangent, const Eigen::Vector3d& carried_normal);

/// Lengths, frames and joints of a state.
Geometry geometry(const NishinariCase& c, const NishinariState& s);

}  // namespace rodswarm::reference::nishinari_detail
