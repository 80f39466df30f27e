/// @file se3rod_node_rows.hpp
/// The per-node rows of an se3rod results file, from the nodes' poses and body twists: shared by model se3rod and
/// by model rodpair (its two rods' nodes, one after the other).
#pragma once

#include "rodswarm/models/se3rod_stepper.hpp"

namespace rodswarm {

/// `nodes` nodes' positions, directors (R row by row: the columns are d1, d2, d3), lab-frame velocities R gamma and
/// angular velocities R omega into the rows given (null: not saved at this time).
template <class Real>
void record_se3rod_nodes(const Real* pose, const Real* twist, int nodes, double* pos, double* dir, double* vel,
                         double* ang) {
  for (int k = 0; k < nodes; ++k) {
    const Pose<Real> g = se3rod::load_pose(pose + 12 * k);
    const Twist<Real> xi = se3rod::load_twist(twist + 6 * k);
    const Vec3<Real> v = g.R * xi.v, w = g.R * xi.w;
    const Real values[] = {g.p.x, g.p.y, g.p.z, v.x, v.y, v.z, w.x, w.y, w.z};
    for (int c = 0; c < 3; ++c) {
      if (pos) pos[3 * k + c] = double(values[c]);
      if (vel) vel[3 * k + c] = double(values[3 + c]);
      if (ang) ang[3 * k + c] = double(values[6 + c]);
    }
    for (int q = 0; dir && q < 9; ++q) dir[9 * k + q] = double(g.R.m[q]);
  }
}

}  // namespace rodswarm
