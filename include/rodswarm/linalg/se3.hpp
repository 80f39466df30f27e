/// @file se3.hpp
/// The group of rigid displacements SE(3) and its algebra se(3), as host-device functions templated on Real (a
/// float, a double or a SIMD pack of members: branches are lane masks, lanes.hpp). This is the language of Lerbet's
/// intrinsic rod (docs/models/se3rod.md, "the hexa-dimensional aspect") and of Gay-Balmaz & Putkaradze's discrete
/// invariants (p_k, q_k), used by model se3rod.
///
/// Conventions (docs/models/cosserat.md, sections 0 and 1.6):
/// - a pose g = (R, p) acts on points as x -> R x + p; R holds the section's directors as columns (GBP's Lambda);
/// - a twist xi = (w, v) in se(3) is angular first: hat(xi) = [[hat w, v], [0, 0]]; a body twist is g^-1 dg/dt;
/// - a wrench W = (m, n) (moment first) pairs with a twist as m.w + n.v; maps of wrenches are transposes of maps
///   of twists (Ad_g^T, ad_xi^T, dexp^-T);
/// - dexp_{-X}^{-1} is the left-trivialised inverse differential: exp(X) exp(s Y) = exp(X + s dexp_{-X}^{-1} Y +
///   O(s^2)), and for g = g0 exp(Theta(t)) with body twist xi, dTheta/dt = dexp_{-Theta}^{-1} xi (RKMK).
///
/// The closed forms of se(3) come from those of so(3) through dual numbers: ad_(w, v) acts on (a, b) as the dual
/// vector (w + eps v) x (a + eps b) does, so any analytic function of ad_X is the SO(3) formula evaluated at the
/// dual vector w + eps v (theta^2 becomes |w|^2 + 2 eps w.v). The tests check every map against finite differences
/// of exp and log.
#pragma once

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/so3.hpp"
#include "rodswarm/linalg/vec3.hpp"

namespace rodswarm {

/// An element of se(3) (angular part w, linear part v), or of its dual (a wrench: moment w, force v).
template <class Real>
struct Twist {
  Vec3<Real> w, v;
};

template <class Real>
RODSWARM_HD inline Twist<Real> operator+(const Twist<Real>& a, const Twist<Real>& b) {
  return {a.w + b.w, a.v + b.v};
}
template <class Real>
RODSWARM_HD inline Twist<Real> operator-(const Twist<Real>& a, const Twist<Real>& b) {
  return {a.w - b.w, a.v - b.v};
}
template <class Real>
RODSWARM_HD inline Twist<Real> operator-(const Twist<Real>& a) {
  return {-a.w, -a.v};
}
template <class Real>
RODSWARM_HD inline Twist<Real> operator*(Real s, const Twist<Real>& a) {
  return {s * a.w, s * a.v};
}
/// The pairing of a wrench with a twist (power, or virtual work).
template <class Real>
RODSWARM_HD inline Real pairing(const Twist<Real>& wrench, const Twist<Real>& twist) {
  return dot(wrench.w, twist.w) + dot(wrench.v, twist.v);
}

/// A rigid displacement x -> R x + p.
template <class Real>
struct Pose {
  Mat3<Real> R;
  Vec3<Real> p;
  RODSWARM_HD static Pose identity() { return {Mat3<Real>::identity(), Vec3<Real>{0, 0, 0}}; }
};

/// a b: first b, then a.
template <class Real>
RODSWARM_HD inline Pose<Real> operator*(const Pose<Real>& a, const Pose<Real>& b) {
  return {a.R * b.R, a.R * b.p + a.p};
}

template <class Real>
RODSWARM_HD inline Pose<Real> inverse(const Pose<Real>& g) {
  const Mat3<Real> Rt = transpose(g.R);
  return {Rt, -(Rt * g.p)};
}

/// The coefficients of the SO(3) closed forms, as functions of theta^2 = u:
///   s1(u) = sin(t)/t, c1(u) = (1 - cos t)/t^2, c2(u) = (t - sin t)/t^3,
///   c(u) = (1 - (t/2) cot(t/2))/t^2 (the coefficient of hat(w)^2 in dexp^-1 and in V^-1), dc(u) = c'(u).
/// c2, c and above all c' cancel in their closed forms (c' loses about 360 eps/u^2 relative: 1e-7 at t = 0.1), so
/// below t = 1 they are power series in u, with terms to 1e-20: c = sum_i a_i u^i, a_i = |B_{2i+2}| / (2i+2)!
/// (Bernoulli numbers; radius of convergence u = 4 pi^2), c2 = sum_i (-u)^i / (2i+3)!. s1 and c1 (written
/// 2 sin^2(t/2)/t^2) do not cancel and take a series only below t = 1e-2, to avoid 0/0.
template <class Real>
struct So3Coefficients {
  Real s1, c1, c2, c, dc;
};
template <class Real>
RODSWARM_HD inline So3Coefficients<Real> so3_coefficients(Real u) {
  constexpr double a[12] = {8.333333333333333e-02,  1.388888888888889e-03,  3.306878306878307e-05,
                            8.267195767195768e-07,  2.08767569878681e-08,   5.284190138687493e-10,
                            1.3382536530684679e-11, 3.3896802963225827e-13, 8.586062056277845e-15,
                            2.174868698558062e-16,  5.5090028283602295e-18, 1.3954464685812522e-19};
  constexpr double b[9] = {1.6666666666666666e-01,  -8.333333333333333e-03,  1.984126984126984e-04,
                           -2.7557319223985893e-06, 2.505210838544172e-08,   -1.6059043836821613e-10,
                           7.647163731819816e-13,   -2.8114572543455206e-15, 8.22063524662433e-18};
  const Real t = lane::sqrt(u);
  So3Coefficients<Real> k;
  k.s1 = Real(1) - u / Real(6) + u * u / Real(120);
  k.c1 = lane::value<Real>(0.5) - u / Real(24) + u * u / Real(720);
  k.c = lane::value<Real>(a[11]);
  k.dc = lane::value<Real>(11 * a[11]);
  for (int i = 10; i >= 0; --i) k.c = k.c * u + lane::value<Real>(a[i]);
  for (int i = 10; i >= 1; --i) k.dc = k.dc * u + lane::value<Real>(i * a[i]);
  k.c2 = lane::value<Real>(b[8]);
  for (int i = 7; i >= 0; --i) k.c2 = k.c2 * u + lane::value<Real>(b[i]);
  const auto tiny = t < lane::value<Real>(1e-2), series = t < Real(1);
  if (!lane::all(tiny)) {
    const Real s = lane::sin(t), sh = lane::sin(lane::value<Real>(0.5) * t);
    k.s1 = lane::select(tiny, k.s1, s / t);
    k.c1 = lane::select(tiny, k.c1, Real(2) * sh * sh / u);
    if (!lane::all(series)) {
      k.c2 = lane::select(series, k.c2, (t - s) / (u * t));
      // (t/2) cot(t/2) = t sin t / (2 (1 - cos t)); d/du of (1 - h cot h)/u with h = t/2 is
      // (h/sin^2 h - cot h)/(8 h u) - c/u.
      const Real one_minus_cos = Real(2) * sh * sh;
      const Real h_cot_h = t * s / (Real(2) * one_minus_cos);
      const Real c = (Real(1) - h_cot_h) / u;
      const Real h = lane::value<Real>(0.5) * t;
      k.c = lane::select(series, k.c, c);
      k.dc = lane::select(series, k.dc, (h / (sh * sh) - h_cot_h / h) / (Real(8) * h * u) - c / u);
    }
  }
  return k;
}

/// exp(hat X): R = exp(hat w), p = V(w) v with V = I + c1 hat(w) + c2 hat(w)^2.
template <class Real>
RODSWARM_HD inline Pose<Real> se3_exp(const Twist<Real>& X) {
  const So3Coefficients<Real> k = so3_coefficients(dot(X.w, X.w));
  const Vec3<Real> wv = cross(X.w, X.v);
  return {so3_exp(X.w), X.v + k.c1 * wv + k.c2 * cross(X.w, wv)};
}

/// log(g), the twist X with exp(hat X) = g (|w| < pi): w = log R, v = V^-1 p = p - w x p / 2 + c w x (w x p). The
/// overload with `k` also gives the coefficients of X's angle, for a dexp of the same X.
template <class Real>
RODSWARM_HD inline Twist<Real> se3_log(const Pose<Real>& g, So3Coefficients<Real>& k) {
  const Vec3<Real> w = so3_log(g.R);
  k = so3_coefficients(dot(w, w));
  const Vec3<Real> wp = cross(w, g.p);
  return {w, g.p - lane::value<Real>(0.5) * wp + k.c * cross(w, wp)};
}
template <class Real>
RODSWARM_HD inline Twist<Real> se3_log(const Pose<Real>& g) {
  So3Coefficients<Real> k;
  return se3_log(g, k);
}

/// Ad_g xi = (R w, p x R w + R v): a twist moved by g.
template <class Real>
RODSWARM_HD inline Twist<Real> adjoint(const Pose<Real>& g, const Twist<Real>& xi) {
  const Vec3<Real> Rw = g.R * xi.w;
  return {Rw, cross(g.p, Rw) + g.R * xi.v};
}

/// Ad_g^T W = (R^T (m - p x n), R^T n): the wrench whose pairing with xi equals W's pairing with Ad_g xi.
template <class Real>
RODSWARM_HD inline Twist<Real> adjoint_transpose(const Pose<Real>& g, const Twist<Real>& W) {
  return {transpose_times(g.R, W.w - cross(g.p, W.v)), transpose_times(g.R, W.v)};
}

/// ad_xi eta = (w x w', w x v' + v x w'), the bracket [xi, eta].
template <class Real>
RODSWARM_HD inline Twist<Real> ad(const Twist<Real>& xi, const Twist<Real>& eta) {
  return {cross(xi.w, eta.w), cross(xi.w, eta.v) + cross(xi.v, eta.w)};
}

/// ad_xi^T W = (-w x m - v x n, -w x n): in Euler-Poincare form, M dxi/dt = ad_xi^T M xi + forces.
template <class Real>
RODSWARM_HD inline Twist<Real> ad_transpose(const Twist<Real>& xi, const Twist<Real>& W) {
  return {-(cross(xi.w, W.w) + cross(xi.v, W.v)), -cross(xi.w, W.v)};
}

/// dexp_{-X}^{-1} Y = G0 Y (+ eps part): with the dual extension of the SO(3) form I + hat(w)/2 + c hat(w)^2,
///   angular: G0 a, linear: G0 b + G1 a,
///   G0 = I + hat(w)/2 + c hat(w)^2, G1 = hat(v)/2 + c (hat(w) hat(v) + hat(v) hat(w)) + 2 (w.v) c' hat(w)^2.
template <class Real>
RODSWARM_HD inline Twist<Real> dexp_minus_inv(const Twist<Real>& X, const Twist<Real>& Y) {
  const So3Coefficients<Real> k = so3_coefficients(dot(X.w, X.w));
  const Real half = lane::value<Real>(0.5), wv2 = Real(2) * dot(X.w, X.v) * k.dc;
  auto G0 = [&](Vec3<Real> a) { return a + half * cross(X.w, a) + k.c * cross(X.w, cross(X.w, a)); };
  const Vec3<Real> wa = cross(X.w, Y.w);
  const Vec3<Real> G1a =
      half * cross(X.v, Y.w) + k.c * (cross(X.w, cross(X.v, Y.w)) + cross(X.v, wa)) + wv2 * cross(X.w, wa);
  return {G0(Y.w), G0(Y.v) + G1a};
}

/// dexp_{-X}^{-T} W, the transpose of dexp_minus_inv on wrenches (`k`: so3_coefficients of |w|^2, when known): (G0^T m
/// + G1^T n, G0^T n), with
///   G0^T = I - hat(w)/2 + c hat(w)^2 and G1^T = -hat(v)/2 + c (hat(w) hat(v) + hat(v) hat(w)) + 2 (w.v) c' hat(w)^2.
template <class Real>
RODSWARM_HD inline Twist<Real> dexp_minus_inv_transpose(const Twist<Real>& X, const Twist<Real>& W,
                                                        const So3Coefficients<Real>& k) {
  const Real half = lane::value<Real>(0.5), wv2 = Real(2) * dot(X.w, X.v) * k.dc;
  auto G0t = [&](Vec3<Real> a) { return a - half * cross(X.w, a) + k.c * cross(X.w, cross(X.w, a)); };
  const Vec3<Real> wn = cross(X.w, W.v);
  const Vec3<Real> G1tn =
      -(half * cross(X.v, W.v)) + k.c * (cross(X.w, cross(X.v, W.v)) + cross(X.v, wn)) + wv2 * cross(X.w, wn);
  return {G0t(W.w) + G1tn, G0t(W.v)};
}
template <class Real>
RODSWARM_HD inline Twist<Real> dexp_minus_inv_transpose(const Twist<Real>& X, const Twist<Real>& W) {
  return dexp_minus_inv_transpose(X, W, so3_coefficients(dot(X.w, X.w)));
}

}  // namespace rodswarm
