/// @file se3rod_params.hpp
/// One se3rod member's parameters (host-device, templated on Real): a uniform circular rod of n nodes and n - 1
/// segments of rest length h, its material, its ends, the loads and the time scheme. The rest shape is per segment
/// (the rest strains, an input array beside the state), so that any discrete rest configuration is stress-free.
#pragma once

#include <cstdint>

#include "rodswarm/common.hpp"
#include "rodswarm/engine/params_members.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/se3.hpp"

namespace rodswarm::se3rod {

/// rkmk4 and lie_euler: explicit Lie group schemes; variational: the Lie group variational integrator (discrete
/// Euler-Poincare equations of the trapezoidal discrete Lagrangian with the exp map; symplectic, momentum-preserving).
enum class Scheme : std::int32_t { rkmk4 = 0, lie_euler = 1, variational = 2 };
/// free: nothing; clamped: pose and twist held; pinned: position held, the section turns freely; prescribed: the
/// node moves rigidly with the body twist it starts with, held constant (a screw motion g(t) = g(0) exp(t xi): a
/// constant angular velocity about an axis through the end, and a body-fixed linear velocity).
enum class End : std::int32_t { free = 0, clamped = 1, pinned = 2, prescribed = 3 };
/// none: the rod is in contact with nothing; plane: every free node rolls without slipping on the rigid plane
/// plane_normal . x = plane_offset (se3rod_plane_contact.hpp).
enum class Contact : std::int32_t { none = 0, plane = 1 };

template <class Real>
struct Params {
  std::int32_t n = 2;  ///< nodes
  Scheme scheme = Scheme::rkmk4;
  End end0 = End::free, end1 = End::free;
  Real h = 1;  ///< rest segment length
  Real density = 1, youngs_modulus = 1, shear_modulus = 1, shear_coefficient = 1, radius = 1;
  Real gravity[3] = {0, 0, 0};                 ///< lab frame
  Real damping_force = 0, damping_torque = 0;  ///< -nu_f rho A D gamma and -nu_t rho J D omega on every node (body)
  Real load0[6] = {0, 0, 0, 0, 0, 0};          ///< end wrench on node 0 (moment, force), lab frame
  Real load1[6] = {0, 0, 0, 0, 0, 0};          ///< end wrench on node n - 1
  Real distributed[6] = {0, 0, 0, 0, 0, 0};    ///< dead couple and force per rest length, lab frame (node k: D_k of it)
  Real divergence_bound = lane::value<Real>(1e300);  ///< |r_k| above this, or a value not finite: diverged
  Contact contact = Contact::none;
  Real plane_normal[3] = {0, 0, 1};  ///< unit, lab frame: the side the rod lies on
  Real plane_offset = 0;             ///< the plane is plane_normal . x = plane_offset

  /// Every member, in order (params_members.hpp: the conversion between precisions, the lanes' gather).
  using Members = MemberList<&Params::n, &Params::scheme, &Params::end0, &Params::end1, &Params::h, &Params::density,
                             &Params::youngs_modulus, &Params::shear_modulus, &Params::shear_coefficient,
                             &Params::radius, &Params::gravity, &Params::damping_force, &Params::damping_torque,
                             &Params::load0, &Params::load1, &Params::distributed, &Params::divergence_bound,
                             &Params::contact, &Params::plane_normal, &Params::plane_offset>;
};

/// An array of the parameters as the vector or twist it holds.
template <class Real>
RODSWARM_HD inline Vec3<Real> vec3_of(const Real* a) {
  return {a[0], a[1], a[2]};
}
template <class Real>
RODSWARM_HD inline Twist<Real> twist_of(const Real* a) {
  return {{a[0], a[1], a[2]}, {a[3], a[4], a[5]}};
}
/// Writes a twist into a parameter array (moment or angular part first).
template <class Real>
RODSWARM_HD inline void set_twist(Real* a, const Twist<Real>& t) {
  const Real v[6] = {t.w.x, t.w.y, t.w.z, t.v.x, t.v.y, t.v.z};
  for (int q = 0; q < 6; ++q) a[q] = v[q];
}

/// The section: area, second moments (I1 = I2 = pi r^4 / 4) and polar moment I3 = 2 I1.
template <class Real>
struct Section {
  Real A, I1, I3;
};
template <class Real>
RODSWARM_HD inline Section<Real> section(const Params<Real>& p) {
  const Real pi = lane::value<Real>(3.14159265358979323846);
  const Real r2 = p.radius * p.radius;
  return {pi * r2, pi * r2 * r2 / Real(4), pi * r2 * r2 / Real(2)};
}

/// The diagonal of K on (kappa, Gamma): (E I1, E I2, G I3; kappa_s G A, kappa_s G A, E A).
template <class Real>
RODSWARM_HD inline Twist<Real> stiffness(const Params<Real>& p) {
  const Section<Real> s = section(p);
  const Real shear = p.shear_coefficient * p.shear_modulus * s.A;
  return {{p.youngs_modulus * s.I1, p.youngs_modulus * s.I1, p.shear_modulus * s.I3},
          {shear, shear, p.youngs_modulus * s.A}};
}

/// Node k's Voronoi length D_k: h inside, h/2 at the ends.
template <class Real>
RODSWARM_HD inline Real voronoi_length(const Params<Real>& p, int k) {
  return (k == 0 || k == p.n - 1) ? lane::value<Real>(0.5) * p.h : p.h;
}

/// The diagonal of node k's inertia operator rho H = D_k diag(rho J, rho A I3), D_k its Voronoi length (h inside,
/// h/2 at the ends).
template <class Real>
RODSWARM_HD inline Twist<Real> node_inertia(const Params<Real>& p, int k) {
  const Section<Real> s = section(p);
  const Real rho = p.density * voronoi_length(p, k);
  return {{rho * s.I1, rho * s.I1, rho * s.I3}, {rho * s.A, rho * s.A, rho * s.A}};
}

/// End k's constraint (free for interior nodes).
template <class Real>
RODSWARM_HD inline End end_of(const Params<Real>& p, int k) {
  if (k == 0) return p.end0;
  if (k == p.n - 1) return p.end1;
  return End::free;
}

}  // namespace rodswarm::se3rod
