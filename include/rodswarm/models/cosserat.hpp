/// @file cosserat.hpp
/// The discrete Cosserat rod's mathematics, written once as host-device functions for the CPU backend and the
/// CUDA kernel (SO(3) exp/log: linalg/so3.hpp): rest data under growth, section properties, the constitutive law, clamp
/// motion, contact primitives and the Udwadia-Kalaba surface rows. The per-member passes that assemble forces, couples
/// and accelerations from these are in cosserat_stepper.hpp. Every formula and choice is the one of
/// docs/cosserat_discretisation.md (which refines docs/models/cosserat.md).
#pragma once

#include <cmath>

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/so3.hpp"
#include "rodswarm/linalg/vec3.hpp"
#include "rodswarm/models/cosserat_params.hpp"

namespace rodswarm::cosserat {

template <class Real>
RODSWARM_HD inline Real pi() {
  return lane::value<Real>(3.14159265358979323846);
}

/// Q <- exp(-hat(theta)) Q: turns the directors (rows of Q) by the body-frame rotation vector theta.
template <class Real>
RODSWARM_HD inline Mat3<Real> rotate_directors(const Mat3<Real>& Q, Vec3<Real> theta) {
  return so3_exp(-theta) * Q;
}

/// Section of element i: area, second moments (I1 = I2) and the polar moment I3 = 2 I1 of a circle.
template <class Real>
struct Section {
  Real A, I1, I3;
};
template <class Real>
RODSWARM_HD inline Section<Real> circle(Real r) {
  const Real pi_r = pi<Real>();
  const Real I1 = pi_r * r * r * r * r / Real(4);
  return {pi_r * r * r, I1, Real(2) * I1};
}

/// Bending/twist stiffness diagonal B = (E I1, E I2, G I3) of a section.
template <class Real>
RODSWARM_HD inline Vec3<Real> bend_stiffness(const Params<Real>& p, Section<Real> s) {
  return {p.E * s.I1, p.E * s.I1, p.G * s.I3};
}

/// Stretch/shear stiffness diagonal S = (ks G A, ks G A, E A).
template <class Real>
RODSWARM_HD inline Vec3<Real> shear_stiffness(const Params<Real>& p, Section<Real> s) {
  return {p.shear_coeff * p.G * s.A, p.shear_coeff * p.G * s.A, p.E * s.A};
}

template <class Real>
RODSWARM_HD inline Vec3<Real> times_diag(Vec3<Real> d, Vec3<Real> a) {
  return {d.x * a.x, d.y * a.y, d.z * a.z};
}

/// The growth factor of an element in the growth zone at time t (the table's segment found lane by lane: the
/// first k with t <= t_k, as a walk down the table that keeps the last match).
template <class Real>
RODSWARM_HD inline Real zone_growth_factor(const Params<Real>& p, Real t, Real state) {
  switch (p.growth) {
    case GrowthLaw::exponential:
      return lane::exp(p.growth_rate * t);
    case GrowthLaw::table: {
      const int m = p.growth_points;
      if (m <= 0) return Real(1);
      Real g = p.growth_value[m - 1];
      for (int k = m - 1; k >= 1; --k) {
        const auto here = t <= p.growth_time[k];
        if (!lane::any(here)) continue;
        const Real u = (t - p.growth_time[k - 1]) / (p.growth_time[k] - p.growth_time[k - 1]);
        g = lane::select(here, p.growth_value[k - 1] + u * (p.growth_value[k] - p.growth_value[k - 1]), g);
      }
      return lane::select(t <= p.growth_time[0], p.growth_value[0], g);
    }
    case GrowthLaw::lockhart:
      return state;
    default:
      return Real(1);
  }
}

/// Growth factor g = l^(t)/l^(0) of an element (section "Growth"). `in_zone`: the element grows at all;
/// `state`: the Lockhart law's integrated value.
template <class Real>
RODSWARM_HD inline Real growth_factor(const Params<Real>& p, Real t, lane::Mask<Real> in_zone, Real state) {
  if (!lane::any(in_zone)) return Real(1);
  return lane::select(in_zone, zone_growth_factor(p, t, state), Real(1));
}

/// Lockhart's rate dg/dt = g phi max(0, n3/A - Y) from the axial force n3 of the element.
template <class Real>
RODSWARM_HD inline Real lockhart_rate(const Params<Real>& p, Real g, Real n3, Real area) {
  const Real excess = n3 / area - p.lockhart_yield;
  return lane::select(excess > Real(0), g * p.lockhart_phi * excess, Real(0));
}

/// Clamp motion of one end at time t: position, velocity, acceleration and frame.
template <class Real>
struct ClampState {
  Vec3<Real> x, v, a;
  Mat3<Real> Q;
};

/// `clamp` points at the 24 values of one rod (x_c0, Q_c0, x_c1, Q_c1); `end` is 0 or 1.
template <class Real>
RODSWARM_HD inline ClampState<Real> clamp_state(const Params<Real>& p, const Real* clamp, int end, Real t) {
  const Real* c = clamp + 12 * end;
  ClampState<Real> s{load3(c), {0, 0, 0}, {0, 0, 0}, load9(c + 3)};
  const EndKind kind = end == 0 ? p.end0 : p.end1;
  if (kind != EndKind::prescribed) return s;
  const Vec3<Real> u = load3(end == 0 ? p.end_velocity0 : p.end_velocity1);
  const Vec3<Real> amp = load3(end == 0 ? p.end_amplitude0 : p.end_amplitude1);
  const Real f = end == 0 ? p.end_frequency0 : p.end_frequency1;
  const Real rate = end == 0 ? p.end_twist_rate0 : p.end_twist_rate1;
  const Real om = Real(2) * pi<Real>() * f;
  const Real sn = lane::sin(om * t), cs = lane::cos(om * t);
  s.x = s.x + t * u + sn * amp;
  s.v = u + (om * cs) * amp;
  s.a = (-om * om * sn) * amp;
  s.Q = rotate_directors(s.Q, Vec3<Real>{0, 0, rate * t});
  return s;
}

/// Whether an end holds its node's position (clamped, pinned, prescribed).
RODSWARM_HD inline bool holds_position(EndKind k) { return k != EndKind::free && k != EndKind::sliding; }
/// Whether an end keeps its node on a line or a plane.
RODSWARM_HD inline bool slides(EndKind k) { return k == EndKind::sliding; }

/// The part of a (displacement, velocity or acceleration) vector a sliding end may move along: its component
/// along the line, or its projection on the plane. The constraint is linear and touches one node, so Gauss's
/// least constraint gives the node exactly this projection of its free acceleration.
template <class Real>
RODSWARM_HD inline Vec3<Real> slide_tangent(const Params<Real>& p, int end, Vec3<Real> a) {
  const Vec3<Real> u = load3(end == 0 ? p.slide_direction0 : p.slide_direction1);
  return (end == 0 ? p.slide0 : p.slide1) == Slide::line ? dot(u, a) * u : a - dot(u, a) * u;
}

/// The transverse part of a vector that a foundation resists: along the plane's normal, or off the line.
template <class Real>
RODSWARM_HD inline Vec3<Real> foundation_transverse(const Params<Real>& p, Vec3<Real> a) {
  const Vec3<Real> u = load3(p.foundation_direction);
  return p.foundation == Foundation::plane ? dot(u, a) * u : a - dot(u, a) * u;
}
/// Whether an end adds the half-Voronoi boundary couple (clamped, prescribed).
RODSWARM_HD inline bool holds_frame(EndKind k) { return k == EndKind::clamped || k == EndKind::prescribed; }

/// Penalty normal force magnitude N = max(0, k pen^p - c v_n) for a penetration pen > 0 and normal speed v_n.
template <class Real>
RODSWARM_HD inline Real penalty_force(const Params<Real>& p, Real pen, Real vn) {
  const Real elastic = lane::times_pow(p.contact_stiffness, pen, p.contact_exponent);
  const Real f = elastic - p.contact_damping * vn;
  return lane::select(f > Real(0), f, Real(0));
}

/// Penalty energy k pen^(p+1)/(p+1).
template <class Real>
RODSWARM_HD inline Real penalty_energy(const Params<Real>& p, Real pen) {
  return p.contact_stiffness * lane::pow(pen, p.contact_exponent + Real(1)) / (p.contact_exponent + Real(1));
}

/// Regularised static/kinetic friction coefficient at slip speed s (section "Contact").
template <class Real>
RODSWARM_HD inline Real friction_coefficient(Real mu_s, Real mu_k, Real s, Real v_eps) {
  const auto sticking = s <= v_eps;
  if (lane::all(sticking)) return mu_s * s / v_eps;
  return lane::select(sticking, mu_s * s / v_eps, mu_k + (mu_s - mu_k) * lane::exp(-(s - v_eps) / v_eps));
}

/// Closest points of segments p1-q1 and p2-q2 (Ericson, Real-Time Collision Detection 5.1.9, epsilon 1e-12):
/// parameters s on the first and t on the second, both in [0, 1].
/// The branches of this clipping are per pair; a pack of members takes its lanes one by one.
template <class Real>
RODSWARM_HD inline void closest_segment_params(Vec3<Real> p1, Vec3<Real> q1, Vec3<Real> p2, Vec3<Real> q2, Real& s,
                                               Real& t) {
  if constexpr (lane::is_pack<Real>) {
    using S = lane::Scalar<Real>;
    auto at = [](Vec3<Real> a, std::size_t l) { return Vec3<S>{a.x[l], a.y[l], a.z[l]}; };
    for (std::size_t l = 0; l < Real::size(); ++l) {
      S sl, tl;
      closest_segment_params(at(p1, l), at(q1, l), at(p2, l), at(q2, l), sl, tl);
      s[l] = sl;
      t[l] = tl;
    }
  } else {
    const Real eps = Real(1e-12);
    const Vec3<Real> d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
    const Real a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
    auto clamp01 = [](Real u) { return u < 0 ? Real(0) : (u > 1 ? Real(1) : u); };
    if (a <= eps && e <= eps) {
      s = t = 0;
      return;
    }
    if (a <= eps) {
      s = 0;
      t = clamp01(f / e);
      return;
    }
    const Real c = dot(d1, r);
    if (e <= eps) {
      t = 0;
      s = clamp01(-c / a);
      return;
    }
    const Real b = dot(d1, d2);
    const Real denom = a * e - b * b;
    s = denom != 0 ? clamp01((b * f - c * e) / denom) : Real(0);
    t = (b * s + f) / e;
    if (t < 0) {
      t = 0;
      s = clamp01(-c / a);
    } else if (t > 1) {
      t = 1;
      s = clamp01((b - c) / a);
    }
  }
}

/// A confining surface's value phi(x), unit-free gradient and the curvature term v^T H v (section "Surface").
template <class Real>
struct SurfaceRow {
  Real phi;
  Vec3<Real> grad;
  Real vHv;
};
template <class Real>
RODSWARM_HD inline SurfaceRow<Real> surface_row(const Params<Real>& p, Vec3<Real> x, Vec3<Real> v) {
  const Vec3<Real> c = load3(p.surface_point);
  const Vec3<Real> nrm = load3(p.surface_normal);
  if (p.surface == Surface::plane) return {dot(nrm, x - c), nrm, Real(0)};
  Vec3<Real> d = x - c, pv = v;
  if (p.surface == Surface::cylinder) {
    d = d - dot(d, nrm) * nrm;
    pv = v - dot(v, nrm) * nrm;
  }
  const Real rho = norm(d);
  const Vec3<Real> u = (Real(1) / rho) * d;
  const Real uv = dot(u, v);
  return {rho - p.surface_radius, u, (dot(pv, pv) - uv * uv) / rho};
}

/// Free flight of a confined node for a time h: along its surface's geodesic at its tangential velocity (a
/// straight line on a plane, a great circle on a sphere, a helix on a cylinder), its velocity carried along. This
/// is the exact flow of the kinetic energy on the surface, so that position Verlet's drift-kick-drift of confined
/// nodes is RATTLE's symmetric splitting: second order, energy bounded (docs "Surface confinement"). The velocity's
/// normal part (round-off after the projection of the last step; an initial state's) is dropped first.
template <class Real>
RODSWARM_HD inline void geodesic_drift(const Params<Real>& p, Real h, Vec3<Real>& x, Vec3<Real>& v) {
  const Vec3<Real> c = load3(p.surface_point), axis = load3(p.surface_normal);
  if (p.surface == Surface::plane) {
    v = v - dot(v, axis) * axis;
    x = x + h * v;
    return;
  }
  const bool cylinder = p.surface == Surface::cylinder;
  Vec3<Real> d = x - c, straight{0, 0, 0};
  if (cylinder) {
    straight = dot(d, axis) * axis;  // the position along the axis, which moves at the axial speed
    d = d - straight;
  }
  const Real rho2 = dot(d, d);
  v = v - (dot(v, d) / rho2) * d;
  // The turn about the centre (sphere) or the axis (cylinder) in time h: the angular velocity d x v / rho^2.
  Vec3<Real> spin = (h / rho2) * cross(d, v);
  if (cylinder) {
    spin = dot(spin, axis) * axis;
    straight = straight + (h * dot(v, axis)) * axis;
  }
  const Mat3<Real> turn = so3_exp(spin);
  x = c + straight + turn * d;
  v = turn * v;  // about the cylinder's axis this keeps v's axial part
}

/// Whether node k of a rod of N elements is confined to the surface: there is one, and the node is not held or
/// sliding at an end (those constraints take precedence).
template <class Real>
RODSWARM_HD inline bool confined_node(const Params<Real>& p, int k, int N) {
  if (p.surface == Surface::none) return false;
  const EndKind kind = k == 0 ? p.end0 : (k == N ? p.end1 : EndKind::free);
  return !holds_position(kind) && !slides(kind);
}

}  // namespace rodswarm::cosserat
