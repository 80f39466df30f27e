/// @file greenspan.hpp
/// Greenspan (1969) discrete nonlinear string: the model's physics, written once for every backend.
///
/// Beads x_i = i*dx, i = 0..n+1; beads 0 and n+1 are fixed (heights y_left, y_right), the n inner beads move
/// vertically. Segment i (i = 1..n+1) joins bead i-1 to bead i and has rise d_i = y_i - y_{i-1}.
/// Units are the user's (the paper uses feet, slugs, seconds, pounds).
///
/// Tension (paper (6.1)-(6.2), exponent variants of its section 7):
///   T(d) = T0 * [1 + |p| + (eps/2) p^2]^q,  p = d/dx,  q = tension_exponent (paper: 1; also ran 1/2 and 3/2).
/// Vertical segment force f(d) = T(d) d / sqrt(dx^2 + d^2); bead force (5.1):
///   F_i = f(d_{i+1}) - f(d_i) - alpha v_i - m g.
/// This header is included by the CPU backend and by the CUDA kernels; the independent reference in
/// src/reference/ deliberately does not include it.
#pragma once

#include "rodswarm/common.hpp"
#include "rodswarm/engine/params_members.hpp"
#include "rodswarm/lanes.hpp"

namespace rodswarm::greenspan {

/// Time schemes offered for this model (`integrator.scheme`).
enum class Scheme : int {
  paper = 0,  ///< "greenspan": the paper's (3.4)/(3.5)/(4.1)
  rk4 = 1,    ///< "rk4": classical Runge-Kutta
};

/// Parameters of one member. Trivially copyable: stored in one device array per ensemble.
template <class Real>
struct Params {
  int n;                  ///< number of moving beads
  Scheme scheme;          ///< the time scheme (the same for every member of a job; next to n, in its padding)
  Real dx;                ///< horizontal bead spacing
  Real m;                 ///< mass of each moving bead
  Real T0;                ///< tension scale of (6.1)
  Real eps;               ///< quadratic coefficient of (6.1)
  Real alpha;             ///< viscous damping coefficient (force per velocity)
  Real g;                 ///< gravitational acceleration (acts in -y)
  Real tension_exponent;  ///< q: the bracket of (6.1) raised to this power
  Real y_left;            ///< height of the fixed bead 0 (paper: 0)
  Real y_right;           ///< height of the fixed bead n+1 (paper: 0)
  Real divergence_bound;  ///< |y| above this (or a non-finite state) flags the member as diverged
  Real load = 0;          ///< constant force on every moving bead along +y (a wind or pressure load on a cable)

  /// Every member, in order (params_members.hpp: the conversion between precisions).
  using Members = MemberList<&Params::n, &Params::scheme, &Params::dx, &Params::m, &Params::T0, &Params::eps,
                             &Params::alpha, &Params::g, &Params::tension_exponent, &Params::y_left, &Params::y_right,
                             &Params::divergence_bound, &Params::load>;
};

/// Height of bead j (0..n+1) given the moving beads' heights y[0..n-1].
template <class Real>
RODSWARM_HD Real bead_height(const Real* y, int j, const Params<Real>& p) {
  if (j == 0) return p.y_left;
  if (j == p.n + 1) return p.y_right;
  return y[j - 1];
}

/// The bracket 1 + |p| + (eps/2) p^2 of (6.1), always >= 1.
template <class Real>
RODSWARM_HD Real tension_bracket(Real d, const Params<Real>& p) {
  const Real s = d / p.dx;
  return Real(1) + std::fabs(s) + Real(0.5) * p.eps * s * s;
}

/// Tension T(d) of a segment with rise d.
template <class Real>
RODSWARM_HD Real tension(Real d, const Params<Real>& p) {
  const Real b = tension_bracket(d, p);
  // The paper's law (q = 1) is the common case: skip pow, which costs tens of cycles on a GPU.
  return p.tension_exponent == Real(1) ? p.T0 * b : p.T0 * std::pow(b, p.tension_exponent);
}

/// Vertical component of the segment force, f(d) = T(d) d / sqrt(dx^2 + d^2); odd in d.
template <class Real>
RODSWARM_HD Real segment_force(Real d, const Params<Real>& p) {
  return tension(d, p) * d / std::sqrt(p.dx * p.dx + d * d);
}

/// 1/sqrt(x): the CUDA math library's rsqrt on the device (at most 1 ulp off, about half the cost of a sqrt and
/// a divide), the correctly rounded quotient on the host.
RODSWARM_HD inline double inv_sqrt(double x) {
#if defined(__CUDA_ARCH__)
  return ::rsqrt(x);
#else
  return 1.0 / std::sqrt(x);
#endif
}
RODSWARM_HD inline float inv_sqrt(float x) {
#if defined(__CUDA_ARCH__)
  return ::rsqrtf(x);
#else
  return 1.0f / std::sqrt(x);
#endif
}
template <class Pack>
inline Pack inv_sqrt(const Pack& x) {
  return Pack(1) / lane::sqrt(x);
}

/// Per-member constants the time steppers hoist out of their bead loops, so that a bead-step has no division
/// and no sqrt: on a GPU a float64 divide or sqrt is a sequence of about ten instructions.
template <class Real>
struct Hoisted {
  Real inv_dx;  ///< 1 / dx
  Real dx2;     ///< dx^2
  Real inv_m;   ///< 1 / m
};

template <class Real>
RODSWARM_HD Hoisted<Real> hoist(const Params<Real>& p) {
  return Hoisted<Real>{Real(1) / p.dx, p.dx * p.dx, Real(1) / p.m};
}

/// segment_force(d, p) with the hoisted constants: f(d) = T(d) d / sqrt(dx^2 + d^2) as T(d) d rsqrt(dx^2 + d^2).
/// Counted FLOPs (q = 1; |.| not counted, rsqrt as one): 12 = d/dx 1, bracket 5, T0 b 1, dx^2 + d^2 2, rsqrt 1,
/// the two products 2. Lane-generic (lanes.hpp): Real may be a pack of members.
template <class Real>
RODSWARM_HD Real segment_force(Real d, const Params<Real>& p, const Hoisted<Real>& h) {
  const Real s = d * h.inv_dx;
  const Real b = Real(1) + lane::fabs(s) + Real(0.5f) * p.eps * s * s;
  const Real T = lane::times_pow(p.T0, b, p.tension_exponent);
  return T * d * inv_sqrt(h.dx2 + d * d);
}

/// df/dd: the segment's linearised stiffness, used by Newton's Jacobian and the stability bound.
/// f is C^1 at d = 0 (|d| d is C^1), so this is continuous and equals T0/dx there.
template <class Real>
RODSWARM_HD Real segment_stiffness(Real d, const Params<Real>& p) {
  const Real r2 = p.dx * p.dx + d * d;
  const Real r = std::sqrt(r2);
  const Real s = d / p.dx;
  const Real b = Real(1) + std::fabs(s) + Real(0.5) * p.eps * s * s;
  const Real sign = d > Real(0) ? Real(1) : (d < Real(0) ? Real(-1) : Real(0));
  const Real db = (sign + p.eps * s) / p.dx;  // d(bracket)/dd
  const Real q = p.tension_exponent;
  const Real T = q == Real(1) ? p.T0 * b : p.T0 * std::pow(b, q);
  const Real dT = q == Real(1) ? p.T0 * db : p.T0 * q * std::pow(b, q - Real(1)) * db;
  // d/dd [d / r] = dx^2 / r^3
  return dT * d / r + T * p.dx * p.dx / (r2 * r);
}

/// Closed-form antiderivative of f for q = 1, shifted so that V(0) = 0.
template <class Real>
RODSWARM_HD Real segment_potential_q1(Real d, const Params<Real>& p) {
  const Real a = std::fabs(d);
  const Real dx = p.dx;
  const Real r = std::sqrt(dx * dx + d * d);
  // int T0 d/r = T0 r;  int T0 |d| d/(dx r) = T0/(2dx) (|d| r - dx^2 asinh(|d|/dx));
  // int T0 eps d^3/(2 dx^2 r) = T0 eps/(2 dx^2) (r^3/3 - dx^2 r).
  const Real v_lin = p.T0 * (r - dx);
  const Real v_abs = p.T0 / (Real(2) * dx) * (a * r - dx * dx * std::asinh(a / dx));
  const Real v_eps = p.T0 * p.eps / (Real(2) * dx * dx) * ((r * r * r - dx * dx * dx) / Real(3) - dx * dx * (r - dx));
  return v_lin + v_abs + v_eps;
}

/// Elastic energy V(d) = int_0^d f(s) ds of one segment (even in d, V(0) = 0). Closed form for q = 1;
/// otherwise composite 8-point Gauss-Legendre on 4 panels, whose error is far below the integrators' on the
/// smooth integrand (the kink of |s| sits at the end point s = 0).
template <class Real>
RODSWARM_HD Real segment_potential(Real d, const Params<Real>& p) {
  if (p.tension_exponent == Real(1)) return segment_potential_q1(d, p);
  const Real a = std::fabs(d);
  const Real node[4] = {Real(0.1834346424956498), Real(0.5255324099163290), Real(0.7966664774136267),
                        Real(0.9602898564975363)};
  const Real weight[4] = {Real(0.3626837833783620), Real(0.3137066458778873), Real(0.2223810344533745),
                          Real(0.1012285362903763)};
  const int panels = 4;
  const Real h = a / Real(panels);
  Real sum = Real(0);
  for (int k = 0; k < panels; ++k) {
    const Real mid = (Real(k) + Real(0.5)) * h;
    for (int i = 0; i < 4; ++i) {
      sum += weight[i] *
             (segment_force(mid + Real(0.5) * h * node[i], p) + segment_force(mid - Real(0.5) * h * node[i], p));
    }
  }
  return Real(0.5) * h * sum;
}

/// Force on a moving bead from its two segment forces, (5.1) with the bead load: f_right - f_left - alpha v - m g
/// + load.
template <class Real>
RODSWARM_HD Real bead_force(Real f_left, Real f_right, Real v, const Params<Real>& p) {
  return f_right - f_left - p.alpha * v - (p.m * p.g - p.load);
}

/// Energies of one member's state, in the paper's units.
template <class Real>
struct Energy {
  Real kinetic;  ///< sum m v^2 / 2
  Real elastic;  ///< sum over the n+1 segments of V(d)
  Real gravity;  ///< sum (m g - load) y over the moving beads: the potential of gravity and the bead load
  RODSWARM_HD Real potential() const { return elastic + gravity; }
  RODSWARM_HD Real total() const { return kinetic + elastic + gravity; }
};

/// Energy of a state. Along exact trajectories dE/dt = -alpha sum v^2.
template <class Real>
RODSWARM_HD Energy<Real> energy(const Real* y, const Real* v, const Params<Real>& p) {
  Energy<Real> e{Real(0), Real(0), Real(0)};
  for (int j = 0; j < p.n; ++j) {
    e.kinetic += Real(0.5) * p.m * v[j] * v[j];
    e.gravity += (p.m * p.g - p.load) * y[j];
  }
  for (int i = 1; i <= p.n + 1; ++i) {
    e.elastic += segment_potential(bead_height(y, i, p) - bead_height(y, i - 1, p), p);
  }
  return e;
}

/// Residual of the steady-state system (5.3) at bead j (0-based moving index): f(d_{j+2}) - f(d_{j+1}) - m g + load.
template <class Real>
RODSWARM_HD Real steady_residual(const Real* y, int j, const Params<Real>& p) {
  const Real yl = bead_height(y, j, p), yc = y[j], yr = bead_height(y, j + 2, p);
  return segment_force(yr - yc, p) - segment_force(yc - yl, p) - (p.m * p.g - p.load);
}

}  // namespace rodswarm::greenspan
