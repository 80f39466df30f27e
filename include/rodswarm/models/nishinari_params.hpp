/// @file nishinari_params.hpp
/// Parameters of one member of Nishinari's discrete 3D string with bending and twist
/// (Nishinari 2001, verified reading in docs/models/nishinari.md). Plain, trivially copyable:
/// the same struct is used on the host and in device buffers.
///
/// Indexing (0-based, as in docs/models/nishinari.md): beads i = 0..n-1; segment s = 0..n-2 joins beads s and s+1 and
/// carries a frame e_s = (t_s, n_s, b_s) and a spin C_s about t_s; joint i = 1..n-2 at bead i relates e_{i-1} to e_i by
/// the relative Euler angles (dphi, dtheta, dpsi). A clamped end adds joint 0 (wall frame -> e_0) or joint n-1
/// (e_{n-2} -> wall frame).
#pragma once

#include "rodswarm/engine/params_members.hpp"
#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"

namespace rodswarm::nishinari {

/// Boundary condition of one end (note section 7).
enum class EndKind : int {
  free = 0,     ///< no joint, no constraint
  clamped = 1,  ///< bead fixed, and a bending + twist joint to the fixed wall frame
  pinned = 2,   ///< bead fixed (ball joint), moment-free: otherwise the free-end rules
};

/// Twist moment on a segment (note section 4).
enum class TwistMoment : int {
  conservative = 0,  ///< exact gradient of (h/2l) sum dpsi^2 (4.2): energy conserved
  paper = 1,         ///< (38) as printed: along t_s, t_{s+1}; energy drifts (note section 0)
};

/// Which state the integrator advances (note sections 5 and 6). Both share the forces.
enum class Formulation : int {
  intrinsic = 0,  ///< the paper's 8 variables per bead (G, dphi, dtheta, dpsi, C, U, W, V), plus r_0 and e_0
  cartesian = 1,  ///< bead positions and velocities, one carried normal per segment, spins C_s
};

template <class Real>
struct Params {
  int n = 0;  ///< beads (>= 3)
  EndKind end0 = EndKind::free;
  EndKind end1 = EndKind::free;
  TwistMoment twist_moment = TwistMoment::conservative;
  Formulation formulation = Formulation::intrinsic;

  Real l = 0;  ///< rest length of a segment
  Real m = 0;  ///< bead mass
  Real k = 0;  ///< axial stiffness (EZ): N = k (G - l)/l
  Real K = 0;  ///< bending stiffness (EI)
  Real h = 0;  ///< twist stiffness (GJ)
  Real j = 0;  ///< spin inertia of one segment about its tangent (2 rho I l)

  Real damping = 0;           ///< viscous force -damping * v_i on every bead
  Real spin_damping = 0;      ///< viscous torque -spin_damping * C_s on every segment spin
  Real g[3] = {0, 0, 0};      ///< gravitational acceleration (world)
  Real load0[3] = {0, 0, 0};  ///< constant force on bead 0 (world)
  Real load1[3] = {0, 0, 0};  ///< constant force on bead n-1 (world)

  /// Wall frames of clamped ends, rows t, n, b (row-major 3x3): the initial frame of the end segment.
  Real wall0[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  Real wall1[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};

  Real divergence_bound = 0;  ///< |r_i| above this, a non-finite value or G_s <= 0: diverged
  /// cos(dtheta_i) below this at any joint: singular (gimbal lock, dtheta within 1.15 degrees of 90). Wide enough
  /// that a joint swinging through 90 degrees lands in it at some RK stage unless it turns by more than about
  /// 0.04 rad per stage; (50), (52) and the conservative moment are amplified up to 50 times there already.
  Real singular_cos = lane::value<Real>(0.02);

  /// Every member, in order (params_members.hpp: the conversion between precisions).
  using Members = MemberList<&Params::n, &Params::end0, &Params::end1, &Params::twist_moment, &Params::formulation,
                             &Params::l, &Params::m, &Params::k, &Params::K, &Params::h, &Params::j, &Params::damping,
                             &Params::spin_damping, &Params::g, &Params::load0, &Params::load1, &Params::wall0,
                             &Params::wall1, &Params::divergence_bound, &Params::singular_cos>;
};

}  // namespace rodswarm::nishinari
