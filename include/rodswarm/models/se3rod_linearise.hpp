/// @file se3rod_linearise.hpp
/// Lerbet's "intrinsic limited expansion" of the se3rod member about its current state (issue 18): the
/// conservative body forces F (internal and the end loads; gravity) along the intrinsic variations g_k -> g_k
/// exp(zeta_k), linearised as F(g exp(zeta)) = F(g) - K zeta + O(zeta^2), with no smallness assumed on the base
/// state; and the inertia diagonal M. At an equilibrium, K is symmetric and K phi = omega^2 M phi gives the member's
/// small-oscillation frequencies and mode shapes (the eigenproblem is solved on the host, with Eigen). K is
/// assembled by central differences of the exact forces (the forces are exact, the Jacobian is good to about 1e-9
/// relative), only between nodes that share a segment.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "rodswarm/integrators/bead_loop.hpp"
#include "rodswarm/linalg/se3.hpp"
#include "rodswarm/models/se3rod_stepper.hpp"

namespace rodswarm::se3rod {

/// The degrees of freedom an end leaves free: 6 (free), 3 (pinned: the rotations), 0 (clamped; prescribed, held
/// where it is for the statics and modes), node by node; the indices 6 k + j of the free ones.
inline std::vector<int> free_dofs(const Params<double>& p) {
  std::vector<int> dofs;
  for (int k = 0; k < p.n; ++k) {
    const End end = end_of(p, k);
    const int count = end == End::clamped || end == End::prescribed ? 0 : (end == End::pinned ? 3 : 6);
    for (int j = 0; j < count; ++j) dofs.push_back(6 * k + j);
  }
  return dofs;
}

/// The loads that have a potential: p without its damping.
inline Params<double> without_damping(Params<double> p) {
  p.damping_force = p.damping_torque = 0;
  return p;
}

/// The conservative body forces on every node at the poses of `pose` (twists and damping ignored).
inline std::vector<Twist<double>> conservative_forces(const std::vector<double>& pose, const double* rest,
                                                      const Params<double>& p) {
  std::vector<double> seg(12 * static_cast<std::size_t>(p.n - 1));
  std::vector<double> twist(6 * static_cast<std::size_t>(p.n), 0.0);
  const MemberIO<double> io{const_cast<double*>(pose.data()), twist.data(), rest};
  segment_pass(p, io, seg.data(), SequentialLoop{});
  const Params<double> conservative = without_damping(p);
  std::vector<Twist<double>> F(static_cast<std::size_t>(p.n));
  for (int k = 0; k < p.n; ++k) {
    F[static_cast<std::size_t>(k)] =
        node_force(conservative, k, load_pose(pose.data() + 12 * k), Twist<double>{{0, 0, 0}, {0, 0, 0}}, seg.data());
  }
  return F;
}

/// K (6n x 6n, row-major, K[(6 k + i) * 6n + 6 l + j] = -dF_{k,i}/dzeta_{l,j}) at the member's poses. A variation
/// of node l moves only segments l - 1 and l, so only the forces on nodes l - 1 .. l + 1 are evaluated (from
/// segments l - 2 .. l + 1, the same operations as conservative_forces): O(n) for the whole matrix, not O(n^2).
inline std::vector<double> stiffness_matrix(const std::vector<double>& pose, const double* rest,
                                            const Params<double>& p) {
  const int N = 6 * p.n;
  std::vector<double> K(static_cast<std::size_t>(N) * static_cast<std::size_t>(N), 0.0);
  const Params<double> conservative = without_damping(p);
  const Twist<double> stiff = stiffness(p);
  std::vector<double> varied = pose, seg(12 * static_cast<std::size_t>(p.n - 1));
  std::vector<double> twist(6 * static_cast<std::size_t>(p.n), 0.0);
  const MemberIO<double> io{varied.data(), twist.data(), rest};
  const Twist<double> no_motion{{0, 0, 0}, {0, 0, 0}};
  // The forces on nodes l - 1 .. l + 1 (those that exist) with node l at pose g.
  auto forces_near = [&](int l, const Pose<double>& g, Twist<double>* F) {
    store_pose(varied.data() + 12 * l, g);
    for (int s = std::max(0, l - 2); s <= std::min(p.n - 2, l + 1); ++s) {  // as segment_pass does
      const SegmentForces<double> f = segment_forces(load_pose(io.pose + 12 * s), load_pose(io.pose + 12 * (s + 1)),
                                                     SegmentLaw<double>{stiff, load_twist(io.rest + 6 * s), p.h});
      store_twist(seg.data() + 12 * s, f.first);
      store_twist(seg.data() + 12 * s + 6, f.second);
    }
    for (int k = std::max(0, l - 1); k <= std::min(p.n - 1, l + 1); ++k)
      F[k - l + 1] = node_force(conservative, k, load_pose(varied.data() + 12 * k), no_motion, seg.data());
  };
  for (int l = 0; l < p.n; ++l) {
    const Pose<double> g = load_pose(pose.data() + 12 * l);
    for (int j = 0; j < 6; ++j) {
      // A rotation of 1e-6 rad, or a displacement of 1e-6 of a segment.
      const double e = 1e-6 * (j < 3 ? 1.0 : p.h);
      Twist<double> zeta{{0, 0, 0}, {0, 0, 0}};
      double* c[6] = {&zeta.w.x, &zeta.w.y, &zeta.w.z, &zeta.v.x, &zeta.v.y, &zeta.v.z};
      *c[j] = e;
      Twist<double> Fp[3], Fm[3];
      forces_near(l, g * se3_exp(zeta), Fp);
      forces_near(l, g * se3_exp(-zeta), Fm);
      for (int k = std::max(0, l - 1); k <= std::min(p.n - 1, l + 1); ++k) {
        const Twist<double> d = (-0.5 / e) * (Fp[k - l + 1] - Fm[k - l + 1]);
        const double column[6] = {d.w.x, d.w.y, d.w.z, d.v.x, d.v.y, d.v.z};
        for (int i = 0; i < 6; ++i)
          K[static_cast<std::size_t>(6 * k + i) * static_cast<std::size_t>(N) + static_cast<std::size_t>(6 * l + j)] =
              column[i];
      }
    }
    store_pose(varied.data() + 12 * l, g);  // node l back in place before the next node varies
  }
  return K;
}

/// The inertia diagonal, node by node (6 per node).
inline std::vector<double> mass_diagonal(const Params<double>& p) {
  std::vector<double> M;
  for (int k = 0; k < p.n; ++k) {
    const Twist<double> m = node_inertia(p, k);
    for (double x : {m.w.x, m.w.y, m.w.z, m.v.x, m.v.y, m.v.z}) M.push_back(x);
  }
  return M;
}

}  // namespace rodswarm::se3rod
