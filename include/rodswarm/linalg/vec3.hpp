/// @file vec3.hpp
/// 3-vectors and 3x3 matrices for host-device physics code (no Eigen on the device). Matrices are row-major;
/// a frame (t, n, b) is stored as the matrix whose rows are t, n, b in world components, so that
/// frame * x gives the frame components of a world vector x and transpose_times(frame, y) the world vector of
/// frame components y.
#pragma once

#include <cmath>

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"

namespace rodswarm {

template <class Real>
struct Vec3 {
  Real x, y, z;
  RODSWARM_HD Real operator[](int a) const { return a == 0 ? x : (a == 1 ? y : z); }
};

template <class Real>
RODSWARM_HD inline Vec3<Real> operator+(Vec3<Real> a, Vec3<Real> b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class Real>
RODSWARM_HD inline Vec3<Real> operator-(Vec3<Real> a, Vec3<Real> b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class Real>
RODSWARM_HD inline Vec3<Real> operator-(Vec3<Real> a) {
  return {-a.x, -a.y, -a.z};
}
template <class Real>
RODSWARM_HD inline Vec3<Real> operator*(Real s, Vec3<Real> a) {
  return {s * a.x, s * a.y, s * a.z};
}
template <class Real>
RODSWARM_HD inline Real dot(Vec3<Real> a, Vec3<Real> b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <class Real>
RODSWARM_HD inline Vec3<Real> cross(Vec3<Real> a, Vec3<Real> b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class Real>
RODSWARM_HD inline Real norm(Vec3<Real> a) {
  return lane::sqrt(dot(a, a));
}

/// m ? a : b component by component (lanes.hpp: m may be a pack's mask).
template <class Real, class Mask>
RODSWARM_HD inline Vec3<Real> select3(const Mask& m, Vec3<Real> a, Vec3<Real> b) {
  return {lane::select(m, a.x, b.x), lane::select(m, a.y, b.y), lane::select(m, a.z, b.z)};
}

template <class Real>
RODSWARM_HD inline Vec3<Real> load3(const Real* p) {
  return {p[0], p[1], p[2]};
}
template <class Real>
RODSWARM_HD inline void store3(Real* p, Vec3<Real> a) {
  p[0] = a.x;
  p[1] = a.y;
  p[2] = a.z;
}

/// Row-major 3x3 matrix; m[3 * a + b] is row a, column b.
template <class Real>
struct Mat3 {
  Real m[9];
  RODSWARM_HD Real operator()(int a, int b) const { return m[3 * a + b]; }
  RODSWARM_HD Vec3<Real> row(int a) const { return {m[3 * a], m[3 * a + 1], m[3 * a + 2]}; }
  RODSWARM_HD static Mat3 identity() { return Mat3{{1, 0, 0, 0, 1, 0, 0, 0, 1}}; }
  RODSWARM_HD static Mat3 from_rows(Vec3<Real> r0, Vec3<Real> r1, Vec3<Real> r2) {
    return Mat3{{r0.x, r0.y, r0.z, r1.x, r1.y, r1.z, r2.x, r2.y, r2.z}};
  }
};

template <class Real>
RODSWARM_HD inline Mat3<Real> load9(const Real* p) {
  Mat3<Real> a;
  for (int k = 0; k < 9; ++k) a.m[k] = p[k];
  return a;
}
template <class Real>
RODSWARM_HD inline void store9(Real* p, const Mat3<Real>& a) {
  for (int k = 0; k < 9; ++k) p[k] = a.m[k];
}

/// a * x.
template <class Real>
RODSWARM_HD inline Vec3<Real> operator*(const Mat3<Real>& a, Vec3<Real> x) {
  return {dot(a.row(0), x), dot(a.row(1), x), dot(a.row(2), x)};
}

/// a^T * y.
template <class Real>
RODSWARM_HD inline Vec3<Real> transpose_times(const Mat3<Real>& a, Vec3<Real> y) {
  return y.x * a.row(0) + y.y * a.row(1) + y.z * a.row(2);
}

/// a * b.
template <class Real>
RODSWARM_HD inline Mat3<Real> operator*(const Mat3<Real>& a, const Mat3<Real>& b) {
  Mat3<Real> c;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) c.m[3 * i + k] = a(i, 0) * b(0, k) + a(i, 1) * b(1, k) + a(i, 2) * b(2, k);
  return c;
}

/// a * b^T: for frames (rows), the matrix of `a`'s vectors in `b`'s components, (a b^T)[i][k] = a_i . b_k.
template <class Real>
RODSWARM_HD inline Mat3<Real> times_transpose(const Mat3<Real>& a, const Mat3<Real>& b) {
  Mat3<Real> c;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) c.m[3 * i + k] = dot(a.row(i), b.row(k));
  return c;
}

/// a^T.
template <class Real>
RODSWARM_HD inline Mat3<Real> transpose(const Mat3<Real>& a) {
  return Mat3<Real>{{a.m[0], a.m[3], a.m[6], a.m[1], a.m[4], a.m[7], a.m[2], a.m[5], a.m[8]}};
}

/// The solution x of a x = b by Cramer's rule: x = ((a1 x a2) b0 + (a2 x a0) b1 + (a0 x a1) b2) / det a, with a_i the
/// rows (small, well-conditioned systems: a node's contact rows).
template <class Real>
RODSWARM_HD inline Vec3<Real> solve(const Mat3<Real>& a, Vec3<Real> b) {
  const Vec3<Real> c0 = cross(a.row(1), a.row(2)), c1 = cross(a.row(2), a.row(0)), c2 = cross(a.row(0), a.row(1));
  const Real inverse_det = Real(1) / dot(a.row(0), c0);
  return inverse_det * (b.x * c0 + b.y * c1 + b.z * c2);
}

}  // namespace rodswarm
