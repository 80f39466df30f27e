/// @file test_reference_nishinari_cases.hpp
/// Initial states shared by the Nishinari reference tests: a generic 3-D state (a perturbed helix with random
/// velocities, spins and twisted, non-unit, slightly non-orthogonal carried normals) and a straight string.
#pragma once

#include <cmath>
#include <tuple>

#include "reference_test_support.hpp"
#include "reference/nishinari_reference.hpp"

namespace nishinari_test {

using rodswarm::reference::NishinariCase;
using rodswarm::reference::NishinariState;

using rodswarm::reference_test::Noise;

/// Moderate stiffnesses: with l = 1, omega_max = 2 sqrt(k/(m l)) ~ 14 (axial), 2 sqrt(h/(j l)) ~ 5.5 (torsion);
/// generic_case's l ~ 0.61 raises them to ~18 (axial), ~12 (bending, 4 sqrt(K/(m l^3))), ~7 (torsion).
inline NishinariCase generic_constants(int n) {
  NishinariCase c;
  c.n = n;
  std::tie(c.l, c.m, c.k, c.K, c.h, c.j, c.dt) = std::make_tuple(1.0, 1.0, 50.0, 2.0, 1.5, 0.2, 0.01);
  return c;
}

/// A helix at rest length (bend about 0.45 rad and a few tenths of a radian of twist per joint: far from the gimbal
/// lock at dtheta = pi/2) with positions perturbed by up to `perturb`, random velocities and spins. The carried normals
/// are the helix's principal normals turned about t by up to 0.4 rad, scaled by 0.8..1.2 and tilted towards t
/// by up to 0.05: the reference must use only their projected, normalised part.
inline NishinariCase generic_case(int n, unsigned seed, double perturb = 0.03) {
  NishinariCase c = generic_constants(n);
  Noise noise(seed);
  const double radius = 1.2, rise = 0.3, step = 0.5;  // point i at angle i*step
  // Rest length = the helix's chord, so the perturbation (not a large initial compression) sets the motion.
  c.l = std::hypot(2.0 * radius * std::sin(0.5 * step), rise * step);
  c.r0.resize(n, 3);
  for (int i = 0; i < n; ++i) {
    const double a = step * i;
    const Eigen::Vector3d p(radius * std::cos(a), radius * std::sin(a), rise * a);
    c.r0.row(i) = (p + perturb * noise.vec()).transpose();
  }
  c.v0.resize(n, 3);
  for (int i = 0; i < n; ++i) c.v0.row(i) = 0.3 * noise.vec().transpose();
  c.normal0.resize(n - 1, 3);
  c.spin0.resize(n - 1);
  for (int s = 0; s < n - 1; ++s) {
    const Eigen::Vector3d t = (c.r0.row(s + 1) - c.r0.row(s)).normalized().transpose();
    const double a = step * (s + 0.5);
    const Eigen::Vector3d inward(-std::cos(a), -std::sin(a), 0.0);
    const Eigen::Vector3d nn = (inward - inward.dot(t) * t).normalized();
    const Eigen::Vector3d bb = t.cross(nn);
    const double turn = 0.4 * noise();
    const Eigen::Vector3d normal = std::cos(turn) * nn + std::sin(turn) * bb;
    c.normal0.row(s) = ((1.0 + 0.2 * noise()) * normal + 0.05 * noise() * t).transpose();
    c.spin0(s) = 0.5 * noise();
  }
  return c;
}

/// Straight string along x at rest length, at rest, normals along y, zero spins.
inline NishinariCase straight_case(int n) {
  NishinariCase c = generic_constants(n);
  c.r0.setZero(n, 3);
  for (int i = 0; i < n; ++i) c.r0(i, 0) = c.l * i;
  c.v0.setZero(n, 3);
  c.normal0.setZero(n - 1, 3);
  c.normal0.col(1).setOnes();
  c.spin0.setZero(n - 1);
  return c;
}

inline NishinariState initial_state(const NishinariCase& c) { return {c.r0, c.v0, c.normal0, c.spin0}; }

}  // namespace nishinari_test
