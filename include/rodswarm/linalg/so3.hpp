/// @file so3.hpp
/// The rotation group SO(3): hat, exp and log (Rodrigues, with the angle from atan2) and the RKMK rate
/// dexp_{-Theta}^{-1}, as host-device functions templated on Real (a float, a double or a SIMD pack of members:
/// branches are lane masks, lanes.hpp). Used by model cosserat and by the SE(3) algebra (se3.hpp).
#pragma once

#include <cmath>

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/vec3.hpp"

namespace rodswarm {

template <class Real>
RODSWARM_HD inline Mat3<Real> hat(Vec3<Real> a) {
  return Mat3<Real>{{0, -a.z, a.y, a.z, 0, -a.x, -a.y, a.x, 0}};
}

/// exp(hat a) by Rodrigues (Taylor below |a| = 1e-4, where the closed form loses digits). Lanes of a pack
/// take each their own branch (lanes.hpp).
template <class Real>
RODSWARM_HD inline Mat3<Real> so3_exp(Vec3<Real> a) {
  const Real t2 = dot(a, a);
  const Real t = lane::sqrt(t2);
  const auto small = t < lane::value<Real>(1e-4);
  // sin(t)/t and (1 - cos t)/t^2
  Real s = Real(1) - t2 / Real(6), c = lane::value<Real>(0.5) - t2 / Real(24);
  if (!lane::all(small)) {
    s = lane::select(small, s, lane::sin(t) / t);
    c = lane::select(small, c, (Real(1) - lane::cos(t)) / t2);
  }
  const Mat3<Real> A = hat(a);
  const Mat3<Real> A2 = A * A;
  Mat3<Real> R = Mat3<Real>::identity();
  for (int k = 0; k < 9; ++k) R.m[k] += s * A.m[k] + c * A2.m[k];
  return R;
}

/// vee(log R) with the angle from atan2 (docs/models/cosserat.md section 0; accurate near 0 and near pi, no ad
/// hoc epsilon). A pack's lanes near pi (rare: a joint turned by half a turn) are done one by one.
template <class Real>
RODSWARM_HD inline Vec3<Real> so3_log(const Mat3<Real>& R) {
  const Vec3<Real> w{R(2, 1) - R(1, 2), R(0, 2) - R(2, 0), R(1, 0) - R(0, 1)};  // vee(R - R^T) = 2 sin(t) axis
  const Real s = lane::value<Real>(0.5) * norm(w);
  const Real c = lane::value<Real>(0.5) * (R(0, 0) + R(1, 1) + R(2, 2) - Real(1));
  const Real t = lane::atan2(s, c);
  const auto small = t < lane::value<Real>(1e-4), regular = t < lane::value<Real>(3.1);
  const Real taylor = lane::value<Real>(0.5) + t * t / Real(12);
  if (lane::all(small)) return taylor * w;
  const Vec3<Real> v = lane::select(small, taylor, t / (Real(2) * lane::sin(t))) * w;
  if (lane::all(regular)) return v;
  if constexpr (lane::is_pack<Real>) {
    // Only the lanes near pi, each by the scalar function: a member's result never depends on its lane-mates.
    Vec3<Real> out = v;
    for (std::size_t l = 0; l < Real::size(); ++l) {
      if (regular[l]) continue;
      Mat3<lane::Scalar<Real>> Rl;
      for (int q = 0; q < 9; ++q) Rl.m[q] = R.m[q][l];
      const Vec3<lane::Scalar<Real>> o = so3_log(Rl);
      out.x[l] = o.x;
      out.y[l] = o.y;
      out.z[l] = o.z;
    }
    return out;
  } else {
    // Near pi, sin(t) carries no digits: the axis comes from R + R^T = 2 cos(t) I + 2 (1 - cos t) u u^T, from
    // the column of its largest diagonal entry.
    int k = 0;
    for (int a = 1; a < 3; ++a)
      if (R(a, a) > R(k, k)) k = a;
    Vec3<Real> u{R(0, k) + R(k, 0), R(1, k) + R(k, 1), R(2, k) + R(k, 2)};
    const Real diag = Real(2) * std::cos(t);  // column k of R + R^T - 2 cos(t) I is 2 (1 - cos t) u_k u
    if (k == 0) u.x -= diag;
    if (k == 1) u.y -= diag;
    if (k == 2) u.z -= diag;
    u = (Real(1) / norm(u)) * u;
    if (dot(u, w) < 0) u = -u;
    return t * u;
  }
}

/// The coefficient of hat(X)^2 in dexp_X^{-1} = I - hat(X)/2 + c hat(X)^2: c(t) = (1 - (t/2) cot(t/2)) / t^2 with
/// t = |X|, its series 1/12 + t^2/720 below t = 1e-3.
template <class Real>
RODSWARM_HD inline Real dexp_inv_quadratic(Vec3<Real> X) {
  const Real t2 = dot(X, X);
  const Real t = lane::sqrt(t2);
  const auto small = t < lane::value<Real>(1e-3);
  Real c = Real(1) / Real(12) + t2 / Real(720);
  if (!lane::all(small)) {
    const Real h = lane::value<Real>(0.5) * t;
    c = lane::select(small, c, (Real(1) - h * lane::cos(h) / lane::sin(h)) / t2);
  }
  return c;
}

/// Theta' = dexp_{-Theta}^{-1}(w) = w + Theta x w / 2 + c(t) Theta x (Theta x w): the RKMK4 local-coordinate rate
/// for dR/dt = R hat(w) with R = Q^T = R_n exp(hat Theta).
template <class Real>
RODSWARM_HD inline Vec3<Real> dexp_inv_rate(Vec3<Real> Theta, Vec3<Real> w) {
  const Real c = dexp_inv_quadratic(Theta);
  const Vec3<Real> tw = cross(Theta, w);
  return w + lane::value<Real>(0.5) * tw + c * cross(Theta, tw);
}

}  // namespace rodswarm
