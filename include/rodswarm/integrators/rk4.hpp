/// @file rk4.hpp
/// Classical fourth-order Runge-Kutta (c = 0, 1/2, 1/2, 1; b = 1/6, 1/3, 1/3, 1/6) written as per-bead stage
/// combinations for a second-order system y'' = a(y, y'), so that steppers can run it bead-parallel:
///   stage s evaluates (vt, a) at the stage state (yt, vt), accumulates b_s times them, and forms the next stage
///   state y + c_{s+1} dt vt, v + c_{s+1} dt a; after stage 3 the accumulated rates advance (y, v) by dt.
#pragma once

#include "rodswarm/common.hpp"

namespace rodswarm::rk4 {

constexpr int stages = 4;

template <class Real>
RODSWARM_HD Real weight(int s) {
  return (s == 0 || s == 3) ? Real(1) / Real(6) : Real(1) / Real(3);
}

/// Node c_s of stage s.
template <class Real>
RODSWARM_HD Real node(int s) {
  return s == 0 ? Real(0) : (s == 3 ? Real(1) : Real(0.5f));
}

/// Per-bead state of the stage combination (the stepper stores each field in its own array).
template <class Real>
struct BeadStage {
  Real y, v;    ///< state at the start of the step
  Real yt, vt;  ///< state at the current stage
  Real ky, kv;  ///< accumulated sum of b_s * (vt, a)
};

/// Combines stage s's rates (vt, a) into the accumulators and prepares stage s+1, or, for the last stage,
/// advances (y, v) by dt.
template <class Real>
RODSWARM_HD void stage_update(int s, Real a, Real dt, BeadStage<Real>& b) {
  const Real w = weight<Real>(s);
  if (s == 0) {
    b.ky = w * b.vt;
    b.kv = w * a;
  } else {
    b.ky += w * b.vt;
    b.kv += w * a;
  }
  if (s + 1 < stages) {
    const Real c = node<Real>(s + 1) * dt;
    b.yt = b.y + c * b.vt;
    b.vt = b.v + c * a;
  } else {
    b.y += dt * b.ky;
    b.v += dt * b.kv;
  }
}

/// The same combination for one component z of a first-order system z' = rate(z): `z` is the value at the start
/// of the step, `zt` the stage value, `acc` the accumulated sum of b_s * rate. Stage s's rate goes in; zt is set
/// to the next stage's value, or, after the last stage, z advances by dt.
template <class Real>
RODSWARM_HD void stage_update_first_order(int s, Real rate, Real dt, Real& z, Real& zt, Real& acc) {
  const Real w = weight<Real>(s);
  acc = s == 0 ? w * rate : acc + w * rate;
  if (s + 1 < stages) {
    zt = z + node<Real>(s + 1) * dt * rate;
  } else {
    z += dt * acc;
  }
}

}  // namespace rodswarm::rk4
