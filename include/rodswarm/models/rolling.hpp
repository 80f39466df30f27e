/// @file rolling.hpp
/// The physics of two strings in perfect rolling contact, modal Galerkin (docs/rolling_discretisation.md,
/// section 1), written once as host-device functions templated on Real: the smeared contact rows beta(s) and
/// beta'(s), the multiplier lambda by index reduction, the rates of the state y = (a, b, a', b', s1, s2), the
/// projection of the velocities onto the constraint and the energy.
#pragma once

#include <cmath>

#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/models/rolling_params.hpp"

namespace rodswarm::rolling {

template <class Real>
RODSWARM_HD inline Real pi() {
  return lane::value<Real>(3.141592653589793238462643383279502884);
}

/// Wavenumber kappa_m of basis function m (fixed: (m + 1) pi / L; periodic: j 2 pi / L with j = (m + 1) / 2).
template <class Real>
RODSWARM_HD Real wavenumber(const Params<Real>& p, int m) {
  return p.ends == Ends::fixed ? Real(m + 1) * pi<Real>() / p.L : Real((m + 1) / 2) * Real(2) * pi<Real>() / p.L;
}

/// Index in the state of the recorded harmonic (fixed: mode k at m = k - 1; periodic: the sine of j at m = 2j).
RODSWARM_HD inline int harmonic_index(Ends ends, int harmonic) {
  return ends == Ends::fixed ? harmonic - 1 : 2 * harmonic;
}

/// The smeared delta's rows at contact position s: beta_m = g_m psi_m(s) and beta'_m = g_m psi_m'(s), with the
/// Gaussian filter g_m = exp(-(kappa_m sigma)^2 / 2). One sincos, then the angle-addition recurrence for the
/// harmonics and q^(k^2) by its own recurrence (g_{k+1} = g_k r_k, r_{k+1} = r_k q^2), so the cost per mode is a
/// few multiplies; the error grows like k eps.
template <class Real>
RODSWARM_HD void smeared_row(const Params<Real>& p, Real s, Real* beta, Real* dbeta) {
  const int K = p.modes;
  const Real norm = lane::sqrt(Real(2) / p.L);
  const bool fixed = p.ends == Ends::fixed;
  const Real k1 = (fixed ? Real(1) : Real(2)) * pi<Real>() / p.L;  // wavenumber of the first harmonic
  const Real q = lane::exp(lane::value<Real>(-0.5) * (k1 * p.sigma) * (k1 * p.sigma));
  const Real q2 = q * q;
  const Real theta = k1 * s;
  const Real s1 = lane::sin(theta), c1 = lane::cos(theta);
  Real sk = s1, ck = c1;   // sin and cos of k theta
  Real g = q, r = q * q2;  // g_k = q^(k^2), r_k = q^(2k+1)
  int m = 0;
  if (!fixed) {
    beta[0] = Real(1) / lane::sqrt(p.L);  // the constant mode: kappa 0, g 1
    dbeta[0] = Real(0);
    m = 1;
  }
  for (int k = 1; m < K; ++k) {
    const Real kappa = Real(k) * k1;
    if (fixed) {
      beta[m] = g * norm * sk;
      dbeta[m] = g * norm * kappa * ck;
      ++m;
    } else {
      beta[m] = g * norm * ck;
      dbeta[m] = -g * norm * kappa * sk;
      ++m;
      if (m < K) {
        beta[m] = g * norm * sk;
        dbeta[m] = g * norm * kappa * ck;
        ++m;
      }
    }
    const Real sn = sk * c1 + ck * s1;
    ck = ck * c1 - sk * s1;
    sk = sn;
    g *= r;
    r *= q2;
  }
}

/// What one evaluation of the rates produces besides dy (per lane of a pack).
template <class Real>
struct Contact {
  Real lambda = 0;                   ///< the multiplier (force per unit smeared delta)
  Real ds1 = 0, ds2 = 0;             ///< contact-point velocities
  lane::Mask<Real> singular{false};  ///< the constraint row vanished (|beta1|^2 + F^2 |beta2|^2 underflowed)
};

/// Whether the constraint row's squared norm `den` is usable: above 1e-300 (in float, above 0: the same test).
template <class Real>
RODSWARM_HD lane::Mask<Real> regular_row(Real den) {
  return den > lane::value<Real>(1e-300);
}

/// Scratch rows of one evaluation: 4K reals (beta1, beta1', beta2, beta2').
template <class Real>
struct Rows {
  Real* beta1;
  Real* dbeta1;
  Real* beta2;
  Real* dbeta2;
};

template <class Real>
RODSWARM_HD Rows<Real> rows_in(Real* scratch, int K) {
  return Rows<Real>{scratch, scratch + K, scratch + 2 * K, scratch + 3 * K};
}

/// Rates dy of the state y (docs section 1): a' , b', a'' = -Omega^2 a - lambda beta1,
/// b'' = -Omega^2 b + lambda F beta2, s1' = G1 beta1.a', s2' = G2 beta2.b' (0 when frozen), with lambda from the
/// time derivative of the constraint. `dy` may be null (lambda only).
template <class Real>
RODSWARM_HD Contact<Real> rates(const Params<Real>& p, const Real* y, Real* dy, Rows<Real> w) {
  const int K = p.modes;
  const Real* a = y + a_at(K);
  const Real* b = y + b_at(K);
  const Real* ad = y + ad_at(K);
  const Real* bd = y + bd_at(K);
  smeared_row(p, y[s1_at(K)], w.beta1, w.dbeta1);
  smeared_row(p, y[s2_at(K)], w.beta2, w.dbeta2);
  // One pass for every dot product the multiplier needs.
  Real u1 = 0, v2 = 0, stiff1 = 0, stiff2 = 0, slope1 = 0, slope2 = 0, n1 = 0, n2 = 0;
  for (int m = 0; m < K; ++m) {
    const Real kappa = wavenumber(p, m);
    const Real omega2 = p.c * p.c * kappa * kappa;
    u1 += w.beta1[m] * ad[m];
    v2 += w.beta2[m] * bd[m];
    stiff1 += w.beta1[m] * omega2 * a[m];
    stiff2 += w.beta2[m] * omega2 * b[m];
    slope1 += w.dbeta1[m] * ad[m];
    slope2 += w.dbeta2[m] * bd[m];
    n1 += w.beta1[m] * w.beta1[m];
    n2 += w.beta2[m] * w.beta2[m];
  }
  Contact<Real> out;
  out.ds1 = p.frozen ? Real(0) : p.G1 * u1;
  out.ds2 = p.frozen ? Real(0) : p.G2 * v2;
  const Real den = n1 + p.F * p.F * n2;
  // A pack goes on with the lanes whose row is regular; the singular lanes' values are garbage, and theirs alone.
  out.singular = !regular_row(den);
  if (lane::all(out.singular)) return out;
  out.lambda = (-stiff1 + p.F * stiff2 + out.ds1 * slope1 - p.F * out.ds2 * slope2) / den;
  if (dy == nullptr) return out;
  for (int m = 0; m < K; ++m) {
    const Real kappa = wavenumber(p, m);
    const Real omega2 = p.c * p.c * kappa * kappa;
    dy[a_at(K) + m] = ad[m];
    dy[b_at(K) + m] = bd[m];
    dy[ad_at(K) + m] = -omega2 * a[m] - out.lambda * w.beta1[m];
    dy[bd_at(K) + m] = -omega2 * b[m] + out.lambda * p.F * w.beta2[m];
  }
  dy[s1_at(K)] = out.ds1;
  dy[s2_at(K)] = out.ds2;
  return out;
}

/// The smeared constraint residual beta1.a' - F beta2.b' at the rows `w` holds.
template <class Real>
RODSWARM_HD Real constraint_residual(const Params<Real>& p, const Real* y, Rows<Real> w) {
  const int K = p.modes;
  Real r = 0;
  for (int m = 0; m < K; ++m) r += w.beta1[m] * y[ad_at(K) + m] - p.F * w.beta2[m] * y[bd_at(K) + m];
  return r;
}

/// Mass-orthogonal projection of the velocities onto the constraint at the state's contact points (the modal
/// mass is the identity): (a', b') -= r (beta1, -F beta2) / (|beta1|^2 + F^2 |beta2|^2), in the lanes where
/// `active` holds. Returns whether the row is regular (where it vanished, the velocities are left alone).
template <class Real>
RODSWARM_HD lane::Mask<Real> project_velocities(const Params<Real>& p, Real* y, Rows<Real> w,
                                                lane::Mask<Real> active = lane::Mask<Real>(true)) {
  const int K = p.modes;
  smeared_row(p, y[s1_at(K)], w.beta1, w.dbeta1);
  smeared_row(p, y[s2_at(K)], w.beta2, w.dbeta2);
  Real n1 = 0, n2 = 0;
  for (int m = 0; m < K; ++m) {
    n1 += w.beta1[m] * w.beta1[m];
    n2 += w.beta2[m] * w.beta2[m];
  }
  const Real den = n1 + p.F * p.F * n2;
  const lane::Mask<Real> regular = regular_row(den), apply = regular && active;
  if (!lane::any(apply)) return regular;
  const Real k = constraint_residual(p, y, w) / den;
  for (int m = 0; m < K; ++m) {
    Real& ad = y[ad_at(K) + m];
    Real& bd = y[bd_at(K) + m];
    ad = lane::select(apply, ad - k * w.beta1[m], ad);
    bd = lane::select(apply, bd + k * p.F * w.beta2[m], bd);
  }
  return regular;
}

struct Energy {
  double kinetic = 0, potential = 0;
  double total() const { return kinetic + potential; }
};

/// E = 1/2 sum (a'^2 + b'^2) + 1/2 sum Omega^2 (a^2 + b^2): the strings' kinetic and elastic energy (the modal
/// mass is the identity; the constraint force does no work).
template <class Real>
RODSWARM_HD Energy energy(const Params<Real>& p, const Real* y) {
  const int K = p.modes;
  Energy e;
  for (int m = 0; m < K; ++m) {
    const double kappa = double(wavenumber(p, m)), omega2 = double(p.c) * double(p.c) * kappa * kappa;
    const double a = double(y[a_at(K) + m]), b = double(y[b_at(K) + m]);
    const double ad = double(y[ad_at(K) + m]), bd = double(y[bd_at(K) + m]);
    e.kinetic += 0.5 * (ad * ad + bd * bd);
    e.potential += 0.5 * omega2 * (a * a + b * b);
  }
  return e;
}

/// Displacement and velocity of string `which` (0: u, 1: v) at x: sum of the modes.
template <class Real>
RODSWARM_HD void string_at(const Params<Real>& p, const Real* y, int which, double x, double& value, double& rate) {
  const int K = p.modes;
  const Real* amp = y + (which == 0 ? a_at(K) : b_at(K));
  const Real* vel = y + (which == 0 ? ad_at(K) : bd_at(K));
  const double L = double(p.L), norm = std::sqrt(2.0 / L);
  value = rate = 0;
  for (int m = 0; m < K; ++m) {
    double psi;
    if (p.ends == Ends::fixed) {
      psi = norm * std::sin(double(m + 1) * pi<double>() * x / L);
    } else if (m == 0) {
      psi = 1.0 / std::sqrt(L);
    } else {
      const double arg = double((m + 1) / 2) * 2.0 * pi<double>() * x / L;
      psi = norm * (m % 2 == 1 ? std::cos(arg) : std::sin(arg));
    }
    value += double(amp[m]) * psi;
    rate += double(vel[m]) * psi;
  }
}

}  // namespace rodswarm::rolling
