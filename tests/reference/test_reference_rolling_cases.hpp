/// @file test_reference_rolling_cases.hpp
/// Cases shared by the rolling reference tests.
#pragma once

#include <tuple>

#include "reference/rolling_reference.hpp"
#include "reference_test_support.hpp"

namespace rolling_test {

using rodswarm::reference_test::kPi;

/// Fixed ends on (0, 1), c = 1, unequal strings (F != 1, G1 != G2), contact points apart, six modes excited in
/// both strings with both displacements and velocities. dt = h / 2.
inline rodswarm::reference::RollingCase fixed_generic(int n) {
  rodswarm::reference::RollingCase c;
  c.periodic = false;
  c.L = 1;
  c.c = 1;
  std::tie(c.F, c.G1, c.G2, c.sigma) = std::make_tuple(1.3, 0.7, 1.1, 0.05);
  c.a0 = {0.05, -0.02, 0.015, 0.0, 0.008, -0.004};
  c.b0 = {-0.03, 0.0, 0.02, -0.01, 0.0, 0.005};
  c.ad0 = {0.1, 0.05, 0.0, -0.03, 0.02, 0.0};
  c.bd0 = {0.0, -0.08, 0.04, 0.02, 0.0, -0.01};
  c.s1 = 0.3;
  c.s2 = 0.6;
  c.points = n;
  c.output_points = 51;
  c.dt = c.L / n / 2;
  return c;
}

}  // namespace rolling_test
