/// @file se3rod_stability.hpp
/// The highest linearised frequency of an se3rod member and what each time scheme needs of dt against it.
///
/// About a straight, unstressed rod a wave of wavenumber k along the chain decouples into axial, torsional and
/// (per bending plane) a 2x2 shear-bending block. With s = sin(k h / 2), c = cos(k h / 2), the bending block's
/// M^-1 K has trace 4 (E + kappa_s G) s^2 / (rho h^2) + 4 kappa_s G c^2 / (rho r^2) (the second term the section's
/// rotation against the chord, Timoshenko's cut-off kappa_s G A / (rho I)); its largest eigenvalue is at most the
/// trace, and the axial (4 E s^2 / (rho h^2)) and torsional (4 G s^2 / (rho h^2)) branches lie below the same sum.
/// So omega_max^2 <= 4 (E + kappa_s G) / (rho h^2) + 4 kappa_s G / (rho r^2), within a factor sqrt(2) of the true
/// highest frequency (tests/unit/test_se3rod_modes.cpp compares it with the linearisation's). Half-length end
/// nodes have half the inertia and one segment, the same ratio. Prestress and curvature shift the frequencies by
/// the load over the stiffnesses, negligible against the bound for elastic rods.
///
/// dt omega_max must stay below: 2 sqrt(2) for RKMK4 (RK4 on the imaginary axis), 2 for the variational integrator
/// (a Stormer-Verlet-like scheme), and for Lie-Euler (explicit Euler, which amplifies every undamped mode by
/// sqrt(1 + (omega dt)^2) per step) sqrt(2 ln 2 / steps): the highest mode at most doubles over the run.
#pragma once

#include <cmath>
#include <cstdint>

#include "rodswarm/models/se3rod_params.hpp"

namespace rodswarm::se3rod {

inline double omega_max(const Params<double>& p) {
  const double kG = p.shear_coefficient * p.shear_modulus, rho = p.density;
  return std::sqrt(4 * (p.youngs_modulus + kG) / (rho * p.h * p.h) + 4 * kG / (rho * p.radius * p.radius));
}

/// The largest dt omega_max the scheme allows over a run of `steps` steps.
inline double stable_dt_omega(Scheme s, std::int64_t steps) {
  switch (s) {
    case Scheme::variational:
      return 2.0;
    case Scheme::lie_euler:
      return std::sqrt(2 * std::log(2.0) / static_cast<double>(steps > 0 ? steps : 1));
    case Scheme::rkmk4:
      break;
  }
  return 2 * std::sqrt(2.0);
}

}  // namespace rodswarm::se3rod
