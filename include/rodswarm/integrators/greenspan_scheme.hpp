/// @file greenspan_scheme.hpp
/// Greenspan's own time scheme, paper (3.4), (3.5) and (4.1):
///   (s_k - s_{k-1})/dt = (v_{k-1} + v_k)/2,  a_k = (v_k - v_{k-1})/dt,  F(t_{k-1}) = m a_k,
/// which is algebraically the velocity form below (the paper prints it as the closed recursions (5.2a)-(5.2c)
/// with alternating sums over the history; src/reference/ implements that printed form independently).
/// First order, and anti-dissipative: see models/greenspan_stability.hpp for its stability bound.
#pragma once

#include "rodswarm/common.hpp"

namespace rodswarm::greenspan_scheme {

/// One step for one particle of acceleration a = F_{k-1}/m: v_k = v_{k-1} + dt a, s_k = s_{k-1} + dt (v_{k-1} + v_k)/2.
template <class Real>
RODSWARM_HD void step(Real& s, Real& v, Real a, Real dt) {
  const Real v_new = v + dt * a;
  s += Real(0.5f) * dt * (v + v_new);
  v = v_new;
}

}  // namespace rodswarm::greenspan_scheme
