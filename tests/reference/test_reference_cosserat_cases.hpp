/// @file test_reference_cosserat_cases.hpp
/// Case builders shared by the Cosserat reference tests (and the closed-form tests): a straight rod along a given
/// direction, a helix with directors from its discrete shape, rest strains from a discrete rest configuration, random
/// perturbations, and the masses of the docs' "density" rule. Rotations are built here with Eigen's AngleAxis, not
/// with the reference's own exp/log, so the builders do not share code with what they test.
#pragma once

#include <cmath>
#include <vector>

#include <Eigen/Dense>

#include "reference_test_support.hpp"
#include "reference/cosserat_reference.hpp"

namespace cosserat_test {

using rodswarm::reference::CosseratCase;
using rodswarm::reference::CosseratState;

using rodswarm::reference_test::kPi;

using rodswarm::reference_test::Noise;

inline Eigen::Matrix3d hat(const Eigen::Vector3d& a) {
  Eigen::Matrix3d m;
  m << 0, -a(2), a(1), a(2), 0, -a(0), -a(1), a(0), 0;
  return m;
}

/// exp(hat a) via Eigen's angle-axis.
inline Eigen::Matrix3d rotation(const Eigen::Vector3d& a) {
  const double t = a.norm();
  if (t == 0) return Eigen::Matrix3d::Identity();
  return Eigen::AngleAxisd(t, a / t).toRotationMatrix();
}

/// log(R)^vee via Eigen's angle-axis (angle in [0, pi]).
inline Eigen::Vector3d rotation_vector(const Eigen::Matrix3d& r) {
  const Eigen::AngleAxisd aa(r);
  return aa.angle() * aa.axis();
}

/// Director matrix (rows d1, d2, d3) with d3 = tangent and d1 = the part of `normal` orthogonal to it.
inline Eigen::Matrix3d frame(const Eigen::Vector3d& tangent, const Eigen::Vector3d& normal) {
  const Eigen::Vector3d d3 = tangent.normalized();
  const Eigen::Vector3d d1 = (normal - normal.dot(d3) * d3).normalized();
  Eigen::Matrix3d q;
  q.row(0) = d1.transpose();
  q.row(1) = d3.cross(d1).transpose();
  q.row(2) = d3.transpose();
  return q;
}

/// A unit vector not parallel to d.
inline Eigen::Vector3d some_normal(const Eigen::Vector3d& d) {
  const Eigen::Vector3d u = d.normalized();
  return std::abs(u.x()) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY();
}

/// Clamp positions and frames at both ends from the current initial nodes and end elements.
inline void clamps_from_initial(CosseratCase& c) {
  c.clamp_x0.resize(c.rods, 3);
  c.clamp_x1.resize(c.rods, 3);
  c.clamp_Q0.assign(static_cast<std::size_t>(c.rods), Eigen::Matrix3d::Identity());
  c.clamp_Q1.assign(static_cast<std::size_t>(c.rods), Eigen::Matrix3d::Identity());
  for (int r = 0; r < c.rods; ++r) {
    c.clamp_x0.row(r) = c.x0.row(r * (c.n + 1));
    c.clamp_x1.row(r) = c.x0.row(r * (c.n + 1) + c.n);
    c.clamp_Q0[static_cast<std::size_t>(r)] = c.Q0[static_cast<std::size_t>(r * c.n)];
    c.clamp_Q1[static_cast<std::size_t>(r)] = c.Q0[static_cast<std::size_t>(r * c.n + c.n - 1)];
  }
}

/// Rest strains from the initial configuration x0, Q0 and the rest lengths (note 1.2: sigma^ = Q l/l^ - e3,
/// kappa^ = log(Q_k Q_{k+1}^T)^vee / D^).
inline void compute_rest_strains(CosseratCase& c) {
  c.rest_sigma.resize(c.rods * c.n, 3);
  c.rest_kappa.resize(c.rods * (c.n - 1), 3);
  for (int r = 0; r < c.rods; ++r) {
    for (int i = 0; i < c.n; ++i) {
      const int e = r * c.n + i, j = r * (c.n + 1) + i;
      const Eigen::Vector3d l = (c.x0.row(j + 1) - c.x0.row(j)).transpose();
      const double lh = c.rest_length[static_cast<std::size_t>(e)];
      c.rest_sigma.row(e) = (c.Q0[static_cast<std::size_t>(e)] * l / lh - Eigen::Vector3d::UnitZ()).transpose();
    }
    for (int k = 0; k + 1 < c.n; ++k) {
      const auto a = static_cast<std::size_t>(r * c.n + k);
      const double D = 0.5 * (c.rest_length[a] + c.rest_length[a + 1]);
      c.rest_kappa.row(r * (c.n - 1) + k) = (rotation_vector(c.Q0[a] * c.Q0[a + 1].transpose()) / D).transpose();
    }
  }
}

/// omega_max of note 1.7 (largest of the rods' elements).
inline double omega_max(const CosseratCase& c) {
  double w = 0;
  for (std::size_t i = 0; i < c.rest_length.size(); ++i) {
    const double l = c.rest_length[i], r = c.radius[i];
    w = std::max(w, std::sqrt(4 * c.E / (c.rho * l * l) + 4 * c.shear_coeff * c.G / (c.rho * r * r)));
  }
  return w;
}

/// A straight rod (one per case) from `origin` along `direction`: n elements of length L/n, rest strains zero,
/// d1 = the part of e_x (or e_y) orthogonal to the axis, clamps at both ends from the initial frames, at rest,
/// dt = 0.5 / omega_max.
inline CosseratCase straight_rod(int n, double L, double radius, double E, double G, double rho, double shear_coeff,
                                 const Eigen::Vector3d& direction = Eigen::Vector3d::UnitZ(),
                                 const Eigen::Vector3d& origin = Eigen::Vector3d::Zero()) {
  CosseratCase c;
  c.n = n;
  c.rods = 1;
  c.E = E;
  c.G = G;
  c.rho = rho;
  c.shear_coeff = shear_coeff;
  const Eigen::Vector3d dir = direction.normalized();
  const double lh = L / n;
  c.rest_length.assign(static_cast<std::size_t>(n), lh);
  c.radius.assign(static_cast<std::size_t>(n), radius);
  c.x0.resize(n + 1, 3);
  for (int j = 0; j <= n; ++j) c.x0.row(j) = (origin + j * lh * dir).transpose();
  c.v0 = Eigen::MatrixX3d::Zero(n + 1, 3);
  c.Q0.assign(static_cast<std::size_t>(n), frame(dir, some_normal(dir)));
  c.w0 = Eigen::MatrixX3d::Zero(n, 3);
  c.rest_sigma = Eigen::MatrixX3d::Zero(n, 3);
  c.rest_kappa = Eigen::MatrixX3d::Zero(n - 1, 3);
  clamps_from_initial(c);
  c.dt = 0.5 / omega_max(c);
  return c;
}

/// A helix about e_z (radius R, rise `pitch` per turn, `turns` turns) with nodes on the curve, equal chord rest
/// lengths, d3 along each chord and d1 the helix's principal normal at the element midpoint (towards the axis);
/// rest strains from this discrete shape (so the helix is stress-free), at rest, clamps from the initial frames.
inline CosseratCase helix(int n, double R, double pitch, double turns, double radius, double E, double G, double rho,
                          double shear_coeff) {
  CosseratCase c = straight_rod(n, 1.0, radius, E, G, rho, shear_coeff);
  const double b = pitch / (2 * kPi), phi_end = 2 * kPi * turns;
  const auto point = [&](double phi) { return Eigen::Vector3d(R * std::cos(phi), R * std::sin(phi), b * phi); };
  for (int j = 0; j <= n; ++j) c.x0.row(j) = point(phi_end * j / n).transpose();
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector3d l = (c.x0.row(i + 1) - c.x0.row(i)).transpose();
    c.rest_length[static_cast<std::size_t>(i)] = l.norm();
    const double phi = phi_end * (i + 0.5) / n;
    c.Q0[static_cast<std::size_t>(i)] = frame(l, Eigen::Vector3d(-std::cos(phi), -std::sin(phi), 0));
  }
  compute_rest_strains(c);
  clamps_from_initial(c);
  c.dt = 0.5 / omega_max(c);
  return c;
}

/// Perturbs positions by up to `dx` (relative to each element's rest length), turns every frame by up to `dq` rad,
/// and draws velocities up to `v` and body angular velocities up to `w`. Clamp data are left unchanged.
inline void perturb(CosseratCase& c, unsigned seed, double dx, double dq, double v, double w) {
  Noise noise(seed);
  const double lh = c.rest_length.front();
  for (int j = 0; j < c.x0.rows(); ++j) c.x0.row(j) += dx * lh * noise.vec().transpose();
  for (auto& q : c.Q0) q = rotation(dq * noise.vec()) * q;
  for (int j = 0; j < c.v0.rows(); ++j) c.v0.row(j) = v * noise.vec().transpose();
  for (int i = 0; i < c.w0.rows(); ++i) c.w0.row(i) = w * noise.vec().transpose();
}

/// Masses of the docs' "density" rule without growth: node masses and body inertia diagonals.
struct Masses {
  std::vector<double> node;
  std::vector<Eigen::Vector3d> element;
};
inline Masses masses(const CosseratCase& c) {
  Masses m;
  m.node.assign(static_cast<std::size_t>(c.rods * (c.n + 1)), 0.0);
  m.element.resize(static_cast<std::size_t>(c.rods * c.n));
  for (int r = 0; r < c.rods; ++r) {
    for (int i = 0; i < c.n; ++i) {
      const auto e = static_cast<std::size_t>(r * c.n + i);
      const double rad = c.radius[e], A = kPi * rad * rad, I1 = A * rad * rad / 4, lh = c.rest_length[e];
      const auto j = static_cast<std::size_t>(r * (c.n + 1) + i);
      m.node[j] += 0.5 * c.rho * A * lh;
      m.node[j + 1] += 0.5 * c.rho * A * lh;
      m.element[e] = c.rho * lh * Eigen::Vector3d(I1, I1, 2 * I1);
    }
  }
  return m;
}

}  // namespace cosserat_test
