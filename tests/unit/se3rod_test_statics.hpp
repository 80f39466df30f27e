/// @file se3rod_test_statics.hpp
/// se3rod statics for tests: a straight rod clamped at node 0, and its equilibrium by the model's Newton solver
/// (src/models/se3rod_equilibrium.hpp, which `rodswarm modes` uses).
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <vector>

#include "models/se3rod_equilibrium.hpp"
#include "se3rod_test_rod.hpp"

namespace rodswarm::se3rod::test {

/// A cantilever (clamped at node 0) of length 1 and n nodes, of the tests' material with the given shear modulus,
/// pre-stretched by `stretch`.
inline Rod straight(int n, double radius, double shear_modulus, double stretch = 1.0) {
  P p = test_params(n, 1.0 / (n - 1), radius);
  p.shear_modulus = shear_modulus;
  p.end0 = se3rod::End::clamped;
  return Rod(p, stretch);
}

/// K and F restricted to the free degrees of freedom.
using Reduced = se3rod::ReducedSystem;
inline Reduced reduced(const Rod& r) { return se3rod::reduced_system(r.pose, r.rest.data(), r.p); }

/// E A of a rod, the scale of its internal forces.
inline double axial_stiffness(const Rod& r) { return se3rod::axial_stiffness(r.p); }

/// The rod's equilibrium under the end wrench `load1` (models/se3rod_equilibrium.hpp: Newton, with load increments
/// where one does not converge). Returns the final residual (the largest free force component, moments over h).
inline double solve_statics(Rod& r, const T& load1) {
  se3rod::set_twist(r.p.load1, load1);
  return se3rod::solve_equilibrium(r.pose, r.rest.data(), r.p).residual;
}

}  // namespace rodswarm::se3rod::test
