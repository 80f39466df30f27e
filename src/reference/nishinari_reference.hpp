/// @file nishinari_reference.hpp
/// Independent CPU reference for Nishinari's discrete 3-D elastic string (bending, twist, stretch), Cartesian
/// formulation, Eigen/double. Written from the verified reading docs/models/nishinari.md (sections 2, 3, 4,
/// 6, 7, 8, 9) and the paper, not from the backends: it includes no rodswarm/ header, so agreement between the
/// two means something.
///
/// Indexing (0-based, note section 1): beads i = 0..n-1; segment s = 0..n-2 joins bead s to s+1 and carries the
/// frame e_s with rows (t_s, n^_s, b_s); joint i (at bead i) relates e_{i-1} to e_i. Joints 1..n-2 always exist;
/// a clamped end adds joint 0 (against wall0) or joint n-1 (against wall1).
#pragma once

#include <vector>

#include <Eigen/Dense>

namespace rodswarm::reference {

/// End condition (note section 7). free: no joint, bead moves. clamped: bead fixed and a joint (bending and
/// twist springs) to the wall frame. pinned: bead fixed, no joint (moment-free ball joint).
enum class NishinariEnd { free, clamped, pinned };

/// Twist moment (note section 4): `paper` is eq. (38) as printed (does not conserve energy in 3-D);
/// `conservative` is the exact gradient of (h/2l) sum dpsi^2 (section 4.2).
enum class NishinariTwist { conservative, paper };

/// One member: material constants, loads, end conditions and the initial Cartesian state.
struct NishinariCase {
  int n = 0;                                        ///< beads, >= 3
  double l = 0, m = 0, k = 0, K = 0, h = 0, j = 0;  ///< rest length, bead mass, axial, bending, twist, spin inertia
  double damping = 0;                               ///< force -damping * v_i on every bead
  double spin_damping = 0;                          ///< j dC_s/dt gets -spin_damping * C_s
  Eigen::Vector3d g = Eigen::Vector3d::Zero();      ///< gravity acceleration: force m g on every bead
  Eigen::Vector3d load0 = Eigen::Vector3d::Zero();  ///< constant force on bead 0
  Eigen::Vector3d load1 = Eigen::Vector3d::Zero();  ///< constant force on bead n-1
  NishinariEnd end0 = NishinariEnd::free, end1 = NishinariEnd::free;
  NishinariTwist twist = NishinariTwist::conservative;
  Eigen::Matrix3d wall0 = Eigen::Matrix3d::Identity();  ///< clamp frame at bead 0, rows t,n,b (world components)
  Eigen::Matrix3d wall1 = Eigen::Matrix3d::Identity();  ///< clamp frame at bead n-1
  Eigen::MatrixX3d r0, v0;                              ///< n x 3 initial positions, velocities
  Eigen::MatrixX3d normal0;                             ///< (n-1) x 3 carried segment normals (any length/angle to t)
  Eigen::VectorXd spin0;                                ///< n-1 spins C_s
  double dt = 0;
};

/// Cartesian state (note section 6): positions, velocities, carried (unprojected) normals, spins.
struct NishinariState {
  Eigen::MatrixX3d r, v, normal;
  Eigen::VectorXd spin;
};

struct NishinariTrajectory {
  std::vector<double> time;
  std::vector<NishinariState> states;
};

/// Classical RK4 on the Cartesian state (r, v, normal, spin); saves the initial state, every save_every steps,
/// and the final state (not twice); save_every <= 0 saves the initial and final states only. The stored normals are
/// never renormalised or re-projected. Velocities of fixed (clamped or pinned) beads are set to zero in the initial
/// state and stay zero.
NishinariTrajectory nishinari_rk4(const NishinariCase& c, long steps, long save_every);

struct NishinariEnergy {
  double kinetic = 0, spin = 0, axial = 0, bending = 0, twist = 0, external = 0, total = 0;
};
/// Energy of note section 8, plus the potential of gravity and end loads (-sum m g.r_i - load0.r_0 -
/// load1.r_{n-1}); bending and twist summed over the joints that exist (clamped ends included).
NishinariEnergy nishinari_energy(const NishinariCase& c, const NishinariState& s);

struct NishinariMomentum {
  Eigen::Vector3d linear, angular;
};
/// sum m v ; sum m r x v + sum j C_s t_s (note section 8).
NishinariMomentum nishinari_momentum(const NishinariCase& c, const NishinariState& s);

/// Time derivative of the state (building block, public for tests): dr = v, m dv = F (sections 3, 4),
/// dn_s = omega_s x n_s (section 6), j dC_s = Omega_s.t_s - spin_damping C_s. Fixed beads get dr = dv = 0, and
/// their velocity is taken as zero whatever the state holds.
NishinariState nishinari_rate(const NishinariCase& c, const NishinariState& s);

/// Relative Euler angles (dphi, dtheta, dpsi) of P = e_next e_prev^T (frames as rows t,n,b), note section 2
/// inverse: dphi = atan2(P01,P00), dtheta = atan2(-P02, hypot(P00,P01)), dpsi = atan2(P12,P22).
Eigen::Vector3d nishinari_relative_angles(const Eigen::Matrix3d& e_prev, const Eigen::Matrix3d& e_next);

/// P(dpsi, dtheta, dphi) = R_t(dpsi) R_n(dtheta) R_b(dphi), note section 2 (rows: new frame in old components).
Eigen::Matrix3d nishinari_relative_rotation(double dphi, double dtheta, double dpsi);

}  // namespace rodswarm::reference
