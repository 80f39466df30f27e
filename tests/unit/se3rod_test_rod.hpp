/// @file se3rod_test_rod.hpp
/// The se3rod tests' rods: the material they share and a straight rod held in plain vectors.
#pragma once

#include <vector>

#include "rodswarm/models/se3rod_stepper.hpp"

namespace rodswarm::se3rod::test {

using P = se3rod::Params<double>;
using T = Twist<double>;
using G = Pose<double>;

/// n nodes h apart, radius r, of the tests' material: density 1000, E 1e5, G 4e4, kappa_s 0.9; free ends.
inline P test_params(int n, double h, double radius) {
  P p;
  p.n = n;
  p.h = h;
  p.density = 1000;
  p.youngs_modulus = 1e5;
  p.shear_modulus = 4e4;
  p.shear_coefficient = 0.9;
  p.radius = radius;
  return p;
}

/// A straight rod along its third director (R = I, node k at z = k h stretch), rest strains unstretched and
/// unsheared (Gamma^ = e3): stress-free at stretch 1.
struct Rod {
  P p;
  std::vector<double> pose, rest;
  explicit Rod(const P& params, double stretch = 1.0) : p(params) {
    pose.assign(12 * static_cast<std::size_t>(p.n), 0.0);
    rest.assign(6 * static_cast<std::size_t>(p.n - 1), 0.0);
    for (int k = 0; k < p.n; ++k)
      store_pose(pose.data() + 12 * k, G{Mat3<double>::identity(), {0, 0, k * p.h * stretch}});
    for (int s = 0; s + 1 < p.n; ++s) rest[6 * static_cast<std::size_t>(s) + 5] = 1.0;
  }
};

}  // namespace rodswarm::se3rod::test
