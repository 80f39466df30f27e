/// @file rodpair_reference.hpp
/// The independent oracle of model rodpair: two se3rods (se3rod_reference.hpp) in perfect rolling contact, Gay-Balmaz
/// & Putkaradze's smeared equations with the radial arm (docs/se3rod_rolling_contact.md section 3). It shares no code
/// with the backends' physics (include/rodswarm/models/rodpair_contact.hpp, rodpair_pair_stepper.hpp) and
/// little of their numerics: every derivative (the tangency's Jacobian and time rate, the rows' bias) comes from
/// forward-mode dual numbers on the definitions, not from hand-derived formulas; the reaction is the multiplier of one
/// dense KKT system over both rods' stacked twists with the 3 x 6(n1 + n2) rows built densely, not a 3x3 compliance;
/// the rods' own dynamics and RKMK4's Lie-group numerics are the se3rod reference's (Eigen's matrix functions).
///
/// The definitions it states, which the backends must match: node k of a rod at arc length k h; bump weights
/// alpha_k(s) = B((s - k h) / w) / sum_j B((s - j h) / w), B the uniform cubic B-spline; rbar(s) = sum alpha_k r_k;
/// d = rbar2(s2) - rbar1(s1); tangency d . rbar1'(s1) = d . rbar2'(s2) = 0; rows u = sum_k alpha_k (v_k + w_k x c1) -
/// sum_m beta_m (v_m + w_m x c2) = 0 (lab, c1 = rho1 d, c2 = -rho2 d, rho_i = r_i / (r1 + r2)); the reaction lambda
/// (lab, the force on rod 1) as the rows' transpose, held components taking none.
#pragma once

#include <Eigen/Dense>

#include "reference/se3rod_reference.hpp"

namespace rodswarm::reference {

struct RodpairCase {
  Se3rodCase rod[2];         ///< each rod's case (scheme rkmk4, plane_contact false); rod[i].dt unused
  double width[2] = {1, 1};  ///< bump widths
  double dt = 1e-4;
  /// The frozen-contact control: s1 and s2 held (no tangency rates, no Newton in the restore), the rods rolling
  /// without slipping at fixed material points.
  bool frozen = false;
  /// The rods hold together whatever the sign of the normal reaction: a tensile one is recorded, not a stop.
  bool bilateral = false;
};

struct RodpairState {
  Se3rodState rod[2];
  double s1 = 0, s2 = 0;
  bool separated = false;
  long steps_taken = 0;
  Eigen::Vector3d lambda = Eigen::Vector3d::Zero();  ///< reaction at the last step's first stage (lab, on rod 1)
  double normal = 0;                                 ///< its normal part -lambda.d/|d|
};

/// Newton on the tangency from the state's s1, s2 (a starting placement).
void rodpair_place(const RodpairCase& c, RodpairState& s);
/// After a step: s1, s2 by Newton; the gap closed by the kinetic-metric move of the free nodes along d/|d|; s1, s2
/// by Newton again; the twists projected onto the rows in the kinetic metric (exposed so that the host can start
/// members in contact and on the rows).
void rodpair_restore(const RodpairCase& c, RodpairState& s);
/// `steps` RKMK4 steps with the restore after each; stops after a separating step (separated = true) unless the
/// contact is bilateral.
RodpairState rodpair_advance(const RodpairCase& c, RodpairState s, long steps);
/// The sum of the rods' se3rod_energy.
double rodpair_energy(const RodpairCase& c, const RodpairState& s);
/// The rows' value u at (s1, s2) for the state's twists (lab frame, m/s).
Eigen::Vector3d rodpair_slip(const RodpairCase& c, const RodpairState& s);
/// |d| - (r1 + r2) at (s1, s2).
double rodpair_gap(const RodpairCase& c, const RodpairState& s);

}  // namespace rodswarm::reference
