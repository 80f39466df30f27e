/// @file greenspan_stability.hpp
/// Linearised stability of the two time schemes for a Greenspan member.
///
/// Linearised about a state, every mode obeys y'' + 2 gamma y' + omega^2 y = 0 with gamma = alpha / (2m) (the
/// damping is uniform, so all modes share it) and omega^2 an eigenvalue of M^-1 K, K the tridiagonal stiffness
/// built from the segment stiffnesses df/dd. For a mode:
///  - the paper's scheme has amplification matrix determinant 1 - 2 gamma dt + omega^2 dt^2 / 2 (complex
///    eigenvalues) and trace 2 - omega^2 dt^2/2 - 2 gamma dt, so it is stable iff omega^2 < 4 gamma / dt and
///    gamma dt < 1. With alpha = 0 no dt is stable: its energy grows without bound.
///  - RK4 is stable iff |R(dt lambda)| <= 1 for lambda = -gamma +- sqrt(gamma^2 - omega^2), R the RK4 polynomial.
#pragma once

#include "rodswarm/common.hpp"
#include "rodswarm/models/greenspan.hpp"

namespace rodswarm::greenspan {

/// Largest eigenvalue omega^2 of M^-1 K at state y (n moving heights), by Sturm-sequence bisection.
template <class Real>
RODSWARM_HD Real highest_mode_omega2(const Real* y, const Params<Real>& p) {
  const int n = p.n;
  auto k_seg = [&](int i) {  // stiffness of segment i = 1..n+1
    return segment_stiffness(bead_height(y, i, p) - bead_height(y, i - 1, p), p) / p.m;
  };
  // Gershgorin upper bound.
  Real hi = Real(0);
  for (int j = 1; j <= n; ++j) {
    const Real kl = k_seg(j), kr = k_seg(j + 1);
    const Real g = (kl + kr) + (j > 1 ? kl : Real(0)) + (j < n ? kr : Real(0));
    hi = g > hi ? g : hi;
  }
  Real lo = Real(0);
  // Count of eigenvalues below x: negative pivots of T - x I (Sturm sequence).
  auto below = [&](Real x) {
    int count = 0;
    Real q = Real(1);
    for (int j = 1; j <= n; ++j) {
      const Real kl = k_seg(j), kr = k_seg(j + 1);
      const Real a = kl + kr - x;
      const Real b2 = j > 1 ? kl * kl : Real(0);
      q = a - (j > 1 ? b2 / q : Real(0));
      if (q == Real(0)) q = Real(1e-300) * (kl + kr);
      if (q < Real(0)) ++count;
    }
    return count;
  };
  for (int it = 0; it < 200 && hi - lo > Real(1e-13) * hi; ++it) {
    const Real mid = Real(0.5) * (lo + hi);
    if (below(mid) >= n)
      hi = mid;
    else
      lo = mid;
  }
  return hi;
}

/// Paper scheme: stable for a mode of this omega^2?
template <class Real>
RODSWARM_HD bool paper_scheme_stable(Real omega2, Real gamma, Real dt) {
  return omega2 * dt < Real(4) * gamma && gamma * dt < Real(1);
}

/// |R(z)|^2 for the RK4 stability polynomial R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24, z = re + i im.
template <class Real>
RODSWARM_HD Real rk4_amplification2(Real re, Real im) {
  // Horner in complex arithmetic: R = 1 + z(1 + z/2(1 + z/3(1 + z/4))).
  Real ar = Real(1), ai = Real(0);
  const Real coef[3] = {Real(1) / Real(4), Real(1) / Real(3), Real(1) / Real(2)};
  for (int k = 0; k < 3; ++k) {
    const Real zr = coef[k] * re, zi = coef[k] * im;
    const Real nr = Real(1) + (ar * zr - ai * zi);
    const Real ni = ar * zi + ai * zr;
    ar = nr;
    ai = ni;
  }
  const Real rr = Real(1) + (ar * re - ai * im);
  const Real ri = ar * im + ai * re;
  return rr * rr + ri * ri;
}

/// RK4: stable for the mode of this omega^2 and for the slow overdamped limit lambda = -2 gamma?
template <class Real>
RODSWARM_HD bool rk4_stable(Real omega2, Real gamma, Real dt) {
  const Real slack = Real(1) + Real(1e-12);
  const Real disc = gamma * gamma - omega2;
  bool ok = rk4_amplification2(Real(-2) * gamma * dt, Real(0)) <= slack;
  if (disc >= Real(0)) {
    const Real s = std::sqrt(disc);
    ok = ok && rk4_amplification2((-gamma - s) * dt, Real(0)) <= slack &&
         rk4_amplification2((-gamma + s) * dt, Real(0)) <= slack;
  } else {
    ok = ok && rk4_amplification2(-gamma * dt, std::sqrt(-disc) * dt) <= slack;
  }
  return ok;
}

}  // namespace rodswarm::greenspan
