/// @file rolling_params.hpp
/// Parameters of one member of the rolling-contact model: two strings in perfect rolling contact, the reduced
/// model (16)-(19) of Gay-Balmaz & Putkaradze (reading in docs/models/rolling.md),
/// discretised by modal Galerkin as docs/rolling_discretisation.md fixes it.
///
///   u_tt - c^2 u_xx + lambda delta_h(x - s1) = 0,   v_tt - c^2 v_yy - lambda F delta_h(y - s2) = 0,
///   u_t(s1) = F v_t(s2) (smeared),   s1' = G1 u_t(s1),   s2' = G2 v_t(s2)
/// on 0 <= x, y <= L with fixed or periodic ends. Trivially copyable: backends copy it to the device as is.
#pragma once

#include <cstdint>

#include "rodswarm/engine/params_members.hpp"
#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"

namespace rodswarm::rolling {

/// fixed: u = v = 0 at x = 0 and x = L, modes sqrt(2/L) sin(k pi x / L), k = 1..K.
/// periodic: modes 1/sqrt(L), then sqrt(2/L) cos(2 pi j x / L), sqrt(2/L) sin(2 pi j x / L), j = 1, 2, ...
enum class Ends : std::uint8_t { fixed = 0, periodic = 1 };

template <class Real>
struct Params {
  int modes = 32;  ///< K: modes per string
  Ends ends = Ends::fixed;
  /// Frozen-contact control: s1' = s2' = 0, the constraint row stays where it started, and the system is
  /// linear. Same run, same length, same analysis: the Lyapunov exponent of a linear system is zero, so what a
  /// frozen run measures is the finite-length bias.
  std::uint8_t frozen = 0;
  std::uint8_t lyapunov = 0;  ///< advance a twin trajectory and accumulate the largest Lyapunov exponent
  /// Mode recorded for the time spectrum (fixed ends: k of sin(k pi x/L), 1..K; periodic: j of the
  /// sin(2 pi j x/L) mode, 1..(K-1)/2), every sample_steps steps (0: no signal).
  int harmonic = 1;
  int sample_steps = 0;
  int renorm_steps = 1;                        ///< Lyapunov: renormalise the twin's separation every renorm_steps steps
  Real L = Real(1);                            ///< string length (both strings)
  Real c = Real(1);                            ///< wave speed
  Real F = Real(1);                            ///< rolling constraint u_t(s1) = F v_t(s2)
  Real G1 = Real(0), G2 = Real(0);             ///< contact-point speeds s_i' = G_i (string i's velocity at s_i)
  Real sigma = lane::value<Real>(0.1);         ///< width of the smeared delta (a Gaussian in the modal sense)
  Real lyapunov_d0 = lane::value<Real>(1e-8);  ///< twin separation after each renormalisation (Euclidean, whole state)
  /// A member diverges when any state component exceeds this in magnitude or becomes non-finite.
  Real divergence_bound = lane::value<Real>(1e8);

  /// Every member, in order (params_members.hpp: the conversion between precisions).
  using Members = MemberList<&Params::modes, &Params::ends, &Params::frozen, &Params::lyapunov, &Params::harmonic,
                             &Params::sample_steps, &Params::renorm_steps, &Params::L, &Params::c, &Params::F,
                             &Params::G1, &Params::G2, &Params::sigma, &Params::lyapunov_d0, &Params::divergence_bound>;
};

/// Where a member's values live inside its state vector of state_size(K) = 4K + 2 reals:
///   a[K] (u's modal amplitudes), b[K] (v's), a'[K], b'[K], s1, s2.
RODSWARM_HD inline int state_size(int K) { return 4 * K + 2; }
RODSWARM_HD inline int a_at(int) { return 0; }
RODSWARM_HD inline int b_at(int K) { return K; }
RODSWARM_HD inline int ad_at(int K) { return 2 * K; }
RODSWARM_HD inline int bd_at(int K) { return 3 * K; }
RODSWARM_HD inline int s1_at(int K) { return 4 * K; }
RODSWARM_HD inline int s2_at(int K) { return 4 * K + 1; }

}  // namespace rodswarm::rolling
