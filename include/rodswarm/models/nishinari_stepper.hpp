/// @file nishinari_stepper.hpp
/// Advances one Nishinari member by many RK4 steps, in either formulation, iterated over beads by a loop policy
/// (integrators/bead_loop.hpp): the CPU backend walks a member with SequentialLoop, the CUDA kernel shares it
/// among the threads of a block (BlockLoop). Forces come from nishinari.hpp.
///
/// The member's state travels in the Cartesian exchange form (MemberIO: positions, velocities, segment normals,
/// spins). advance_member() loads it into the formulation's state vector, takes the steps and stores it back; the
/// intrinsic formulation converts to its 8 variables per bead on load and reconstructs positions, velocities and
/// frames from r_0, e_0 and a prefix product of the joint rotations on store (section 5, "Reconstruction").
///
/// Both states are flat vectors, so one RK4 stage combination (rk4::stage_update_first_order) serves both:
///   cartesian: [r 3n | v 3n | carried normal 3(n-1) | C n-1]                    10n - 4 values
///   intrinsic: [G n-1 | C n-1 | (dphi,dtheta,dpsi) 3n | (U,W,V) 3n | r_0 3 | e_0 9]   8n + 10 values
/// (joint slots 0 and n-1 of the intrinsic angles hold the clamp joints, zero when the end is not clamped).
#pragma once

#include <cstdint>

#include "rodswarm/common.hpp"
#include "rodswarm/integrators/rk4.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/vec3.hpp"
#include "rodswarm/models/nishinari.hpp"

namespace rodswarm::nishinari {

/// One member's Cartesian exchange state (pointers into an EnsembleView).
template <class Real>
struct MemberIO {
  Real* r;       ///< 3n
  Real* v;       ///< 3n
  Real* normal;  ///< 3(n-1)
  Real* spin;    ///< n-1
};

RODSWARM_HD constexpr int state_size(Formulation f, int n) {
  return f == Formulation::cartesian ? 10 * n - 4 : 8 * n + 10;
}

/// Scratch of one rate evaluation. Cartesian: segment frames and lengths (10 per segment), joint records (11 per
/// joint), segment loads (3 per segment). Intrinsic: joint records, A and B and loads (5 per segment), two frame
/// buffers of 9 per bead for the prefix product and two of 3 per bead for the positions' prefix sum.
RODSWARM_HD constexpr int scratch_size(Formulation f, int n) {
  return f == Formulation::cartesian ? 13 * (n - 1) + joint_record_size * n
                                     : joint_record_size * n + 5 * (n - 1) + 18 * n + 6 * n;
}

/// Reals of workspace a member needs: the state, its stage copy, the RK4 accumulator, the rate, the scratch.
RODSWARM_HD constexpr int workspace_size(Formulation f, int n) { return 4 * state_size(f, n) + scratch_size(f, n); }

/// Per-participant flags of a rate evaluation, OR-reduced at the end of a step (one per lane of a pack).
template <class Real>
struct Flags {
  lane::Mask<Real> diverged{false};
  lane::Mask<Real> singular{false};
};

// ---- Prefix scans (frames e_i = P_i e_{i-1}; positions r_{s+1} = r_s + G_s t_s) ----

/// In-place inclusive prefix product a_i <- a_i a_{i-1} ... a_0 of `count` row-major 3x3 matrices (later
/// factors on the left). Serial loops do it in one pass; parallel ones by Hillis-Steele doubling through the
/// second buffer `b`. Returns the buffer holding the result. The caller syncs before (a is complete).
template <class Real, class Loop>
RODSWARM_HD Real* prefix_products(Real* a, Real* b, int count, const Loop& loop) {
  if constexpr (Loop::serial) {
    for (int i = 1; i < count; ++i) store9(a + 9 * i, load9(a + 9 * i) * load9(a + 9 * (i - 1)));
    return a;
  } else {
    for (int d = 1; d < count; d *= 2) {
      loop.for_each(count, [&](int i) {
        const Mat3<Real> x = load9(a + 9 * i);
        store9(b + 9 * i, i >= d ? x * load9(a + 9 * (i - d)) : x);
      });
      loop.sync_or(false);
      Real* t = a;
      a = b;
      b = t;
    }
    return a;
  }
}

/// In-place inclusive prefix sum of `count` 3-vectors, as prefix_products.
template <class Real, class Loop>
RODSWARM_HD Real* prefix_sums(Real* a, Real* b, int count, const Loop& loop) {
  if constexpr (Loop::serial) {
    for (int i = 1; i < count; ++i) store3(a + 3 * i, load3(a + 3 * i) + load3(a + 3 * (i - 1)));
    return a;
  } else {
    for (int d = 1; d < count; d *= 2) {
      loop.for_each(count, [&](int i) {
        const Vec3<Real> x = load3(a + 3 * i);
        store3(b + 3 * i, i >= d ? x + load3(a + 3 * (i - d)) : x);
      });
      loop.sync_or(false);
      Real* t = a;
      a = b;
      b = t;
    }
    return a;
  }
}

/// A state value that is not finite (written so that NaN fails: x - x is 0 only for finite x).
template <class Real>
RODSWARM_HD inline lane::Mask<Real> not_finite(Real x) {
  return !(x - x == Real(0));
}

// ---- Cartesian formulation (section 6) ----

namespace cartesian_form {

template <class Real>
struct View {
  const Params<Real>& p;
  Real* frames;  ///< 9 per segment: rows t, n, b
  Real* length;  ///< 1 per segment: G
  Real* joints;  ///< joint_record_size per joint
  Real* loads;   ///< 3 per segment: T_s in world components

  RODSWARM_HD static View bind(const Params<Real>& p, Real* scratch) {
    const int segs = p.n - 1;
    return View{p, scratch, scratch + 9 * segs, scratch + 10 * segs, scratch + 10 * segs + joint_record_size * p.n};
  }
  /// Frame i-1 of joint i's left side, or the wall frame.
  RODSWARM_HD Mat3<Real> left_frame(int i) const { return i == 0 ? load9(p.wall0) : load9(frames + 9 * (i - 1)); }
  RODSWARM_HD Mat3<Real> right_frame(int i) const { return i == p.n - 1 ? load9(p.wall1) : load9(frames + 9 * i); }
  RODSWARM_HD const Real* joint(int i) const {
    return (i >= 0 && i < p.n && has_joint(p, i)) ? joints + joint_record_size * i : nullptr;
  }
};

/// k = d/dt z for the Cartesian state z (layout in the file comment).
template <class Real, class Loop>
RODSWARM_HD void rate(const Real* z, Real* k, View<Real> w, const Loop& loop, Flags<Real>& flags) {
  const Params<Real>& p = w.p;
  const int n = p.n;
  const Real *r = z, *v = z + 3 * n, *nrm = z + 6 * n, *C = z + 9 * n - 3;
  Real *kr = k, *kv = k + 3 * n, *kn = k + 6 * n, *kC = k + 9 * n - 3;

  // Segments: length, frame, and the rotation of the carried normal dn/dt = omega x n.
  loop.for_each(n - 1, [&](int s) {
    const Vec3<Real> d = load3(r + 3 * (s + 1)) - load3(r + 3 * s);
    const Real G = norm(d);
    const Vec3<Real> t = (Real(1) / G) * d;
    store9(w.frames + 9 * s, segment_frame(t, load3(nrm + 3 * s)));
    w.length[s] = G;
    const Vec3<Real> dv = load3(v + 3 * (s + 1)) - load3(v + 3 * s);
    const Vec3<Real> t_dot = (Real(1) / G) * (dv - dot(dv, t) * t);
    const Vec3<Real> omega = C[s] * t + cross(t, t_dot);
    store3(kn + 3 * s, cross(omega, load3(nrm + 3 * s)));
    const Real bound = p.divergence_bound;
    flags.diverged = flags.diverged || !(G > Real(0)) || !(norm(load3(r + 3 * s)) <= bound) ||
                     !(norm(load3(r + 3 * (s + 1))) <= bound);
  });
  loop.sync_or(false);

  // Joints: relative rotation, twist angle and bending factor.
  const Real K_over_l = p.K / p.l;
  const Real sc2 = p.singular_cos * p.singular_cos;
  loop.for_each(n, [&](int i) {
    if (!has_joint(p, i)) return;
    const Mat3<Real> P = times_transpose(w.right_frame(i), w.left_frame(i));
    flags.singular = flags.singular || !(cos2_theta(P) >= sc2);
    store_joint(w.joints + joint_record_size * i, P, lane::atan2(P(1, 2), P(2, 2)), K_over_l);
  });
  loop.sync_or(false);

  // Segments: load T_s (to world components) and spin rate.
  loop.for_each(n - 1, [&](int s) {
    const SegmentLoad<Real> q = segment_load(p, w.length[s], C[s], w.joint(s), w.joint(s + 1));
    store3(w.loads + 3 * s, transpose_times(load9(w.frames + 9 * s), q.T));
    kC[s] = q.torque / p.j;
  });
  loop.sync_or(false);

  // Beads: m dv/dt = T_{i-1} - T_i + external - damping v.
  const Real inv_m = Real(1) / p.m;
  loop.for_each(n, [&](int i) {
    if (fixed_bead(p, i)) {
      store3(kr + 3 * i, Vec3<Real>{0, 0, 0});
      store3(kv + 3 * i, Vec3<Real>{0, 0, 0});
      return;
    }
    const Vec3<Real> vi = load3(v + 3 * i);
    Vec3<Real> F = external_force(p, i) - p.damping * vi;
    if (i > 0) F = F + load3(w.loads + 3 * (i - 1));
    if (i < n - 1) F = F - load3(w.loads + 3 * i);
    store3(kr + 3 * i, vi);
    store3(kv + 3 * i, inv_m * F);
  });
  loop.sync_or(false);
}

template <class Real, class Loop>
RODSWARM_HD void load(MemberIO<Real> io, Real* y, const Params<Real>& p, const Loop& loop) {
  const int n = p.n;
  loop.for_each(3 * n, [&](int e) {
    y[e] = io.r[e];
    y[3 * n + e] = io.v[e];
  });
  loop.for_each(n - 1, [&](int s) {
    for (int a = 0; a < 3; ++a) y[6 * n + 3 * s + a] = io.normal[3 * s + a];
    y[9 * n - 3 + s] = io.spin[s];
  });
}

template <class Real, class Loop>
RODSWARM_HD void store(const Real* y, MemberIO<Real> io, const Params<Real>& p, const Loop& loop) {
  const int n = p.n;
  loop.for_each(3 * n, [&](int e) {
    io.r[e] = y[e];
    io.v[e] = y[3 * n + e];
  });
  loop.for_each(n - 1, [&](int s) {
    for (int a = 0; a < 3; ++a) io.normal[3 * s + a] = y[6 * n + 3 * s + a];
    io.spin[s] = y[9 * n - 3 + s];
  });
}

}  // namespace cartesian_form

// ---- Intrinsic formulation (section 5) ----

namespace intrinsic_form {

template <class Real>
struct View {
  const Params<Real>& p;
  Real* joints;  ///< joint_record_size per joint; slot n-1 holds the ghost P = I when end 1 is not clamped
  Real* ab;      ///< 2 per segment: A_s, B_s from (49)
  Real* loads;   ///< 3 per segment: T_s in frame s
  Real* frames;  ///< 9 per bead, and a second buffer of as many
  Real* points;  ///< 3 per bead, and a second buffer of as many

  RODSWARM_HD static View bind(const Params<Real>& p, Real* scratch) {
    const int n = p.n;
    Real* joints = scratch;
    Real* ab = joints + joint_record_size * n;
    Real* loads = ab + 2 * (n - 1);
    Real* frames = loads + 3 * (n - 1);
    Real* points = frames + 18 * n;
    return View{p, joints, ab, loads, frames, points};
  }
  RODSWARM_HD const Real* joint(int i) const {
    return (i >= 0 && i < p.n && has_joint(p, i)) ? joints + joint_record_size * i : nullptr;
  }
  /// The matrix taking segment i-1's frame to bead i's frame: P_i, or I at the last bead (the ghost frame).
  RODSWARM_HD Mat3<Real> bead_rotation(int i) const {
    return i == p.n - 1 ? Mat3<Real>::identity() : load9(joints + joint_record_size * i);
  }
};

/// Offsets of the intrinsic state.
struct Layout {
  int G, C, angles, u, r0, e0;
  RODSWARM_HD explicit Layout(int n) : G(0), C(n - 1), angles(2 * n - 2), u(5 * n - 2), r0(8 * n - 2), e0(8 * n + 1) {}
};

/// Fills the joint records from the angles in z (P from (dphi, dtheta, dpsi)); the ghost slot n-1 gets P = I.
template <class Real, class Loop>
RODSWARM_HD void joint_records(const Real* z, View<Real> w, const Loop& loop, Flags<Real>& flags) {
  const Params<Real>& p = w.p;
  const Layout at(p.n);
  const Real K_over_l = p.K / p.l;
  loop.for_each(p.n, [&](int i) {
    Real* record = w.joints + joint_record_size * i;
    if (!has_joint(p, i)) {
      store_joint(record, Mat3<Real>::identity(), Real(0), Real(0));
      return;
    }
    const Real* a = z + at.angles + 3 * i;
    const Mat3<Real> P = relative_rotation(a[0], a[1], a[2]);
    // Signed: the integrated dtheta may cross 90 degrees, where cos(dtheta) changes sign (P itself stays valid).
    flags.singular = flags.singular || !(lane::cos(a[1]) >= p.singular_cos);
    store_joint(record, P, a[2], K_over_l);
  });
}

/// World frames of segments 0..n-2 (e_0 from the state, e_i = P_i e_{i-1}) into the frame buffer; returns where
/// they are. Needs the joint records complete (the caller syncs).
template <class Real, class Loop>
RODSWARM_HD Real* world_frames(const Real* z, View<Real> w, const Loop& loop) {
  const int n = w.p.n;
  const Layout at(n);
  loop.for_each(n - 1, [&](int i) {
    for (int c = 0; c < 9; ++c) w.frames[9 * i + c] = i == 0 ? z[at.e0 + c] : w.joints[joint_record_size * i + c];
  });
  loop.sync_or(false);
  Real* frames = prefix_products(w.frames, w.frames + 9 * n, n - 1, loop);
  loop.sync_or(false);
  return frames;
}

/// k = d/dt z for the intrinsic state z.
template <class Real, class Loop>
RODSWARM_HD void rate(const Real* z, Real* k, View<Real> w, const Loop& loop, Flags<Real>& flags) {
  const Params<Real>& p = w.p;
  const int n = p.n;
  const Layout at(n);
  const Real *G = z + at.G, *C = z + at.C, *u = z + at.u;

  joint_records(z, w, loop, flags);
  loop.sync_or(false);
  const bool external = lane::uniform(has_external_force(p));  // the same in every lane (Model::lane_key)
  const Real* frames = external ? world_frames(z, w, loop) : nullptr;

  // Segments: (48), (49), then the load T_s and (53).
  const Real bound = p.divergence_bound;
  loop.for_each(n - 1, [&](int s) {
    const Vec3<Real> us = load3(u + 3 * s);
    const Vec3<Real> wv = transpose_times(w.bead_rotation(s + 1), load3(u + 3 * (s + 1)));
    k[at.G + s] = -us.x + wv.x;
    const Real inv_G = Real(1) / G[s];
    w.ab[2 * s] = (-us.y + wv.y) * inv_G;
    w.ab[2 * s + 1] = (-us.z + wv.z) * inv_G;
    const SegmentLoad<Real> q = segment_load(p, G[s], C[s], w.joint(s), w.joint(s + 1));
    store3(w.loads + 3 * s, q.T);
    k[at.C + s] = q.torque / p.j;
    flags.diverged = flags.diverged || !(G[s] > Real(0)) || !(G[s] <= bound);
  });
  loop.sync_or(false);

  auto abc = [&](int s) { return Vec3<Real>{w.ab[2 * s], w.ab[2 * s + 1], C[s]}; };
  const Real inv_m = Real(1) / p.m;
  loop.for_each(n, [&](int i) {
    // Joint i: (50)-(52), the wall's (A,B,C) being zero.
    Vec3<Real> rates{0, 0, 0};
    if (has_joint(p, i)) {
      const Vec3<Real> L = i > 0 ? abc(i - 1) : Vec3<Real>{0, 0, 0};
      const Vec3<Real> R = i < n - 1 ? abc(i) : Vec3<Real>{0, 0, 0};
      rates = angle_rates(load9(w.joints + joint_record_size * i), L, R);
    }
    store3(k + at.angles + 3 * i, rates);

    // Bead i: (55)-(57) in its frame (segment i's; the last bead's is the ghost of segment n-2).
    if (fixed_bead(p, i)) {
      store3(k + at.u + 3 * i, Vec3<Real>{0, 0, 0});
    } else {
      const int seg = i < n - 1 ? i : n - 2;
      const Vec3<Real> ui = load3(u + 3 * i);
      Vec3<Real> F = -p.damping * ui;
      if (i < n - 1) F = F - load3(w.loads + 3 * i);
      if (i > 0) F = F + w.bead_rotation(i) * load3(w.loads + 3 * (i - 1));
      if (external) F = F + load9(frames + 9 * seg) * external_force(p, i);
      const Vec3<Real> q = abc(seg);                                               // (A, B, C)
      store3(k + at.u + 3 * i, Vec3<Real>{q.x * ui.y + q.y * ui.z + inv_m * F.x,   //
                                          -q.x * ui.x + q.z * ui.z + inv_m * F.y,  //
                                          -q.y * ui.x - q.z * ui.y + inv_m * F.z});
    }

    // Bead 0 carries the placement: dr_0/dt = u_0 . e_0 and de_0/dt = Lambda_0 e_0 (46).
    if (i == 0) {
      const Mat3<Real> e0 = load9(z + at.e0);
      const Vec3<Real> q = abc(0);
      store3(k + at.r0, transpose_times(e0, load3(u)));
      store3(k + at.e0, q.x * e0.row(1) + q.y * e0.row(2));
      store3(k + at.e0 + 3, -q.x * e0.row(0) + q.z * e0.row(2));
      store3(k + at.e0 + 6, -q.y * e0.row(0) - q.z * e0.row(1));
    }
  });
  loop.sync_or(false);
}

/// Cartesian -> intrinsic (section 5, last paragraph). Frames from positions and carried normals, P_i from
/// neighbouring frames (or the walls), angles by the inverse of section 2, u_i = e_i v_i.
template <class Real, class Loop>
RODSWARM_HD void load(MemberIO<Real> io, Real* y, View<Real> w, const Loop& loop) {
  const Params<Real>& p = w.p;
  const int n = p.n;
  const Layout at(n);
  loop.for_each(n - 1, [&](int s) {
    const Vec3<Real> d = load3(io.r + 3 * (s + 1)) - load3(io.r + 3 * s);
    const Real G = norm(d);
    store9(w.frames + 9 * s, segment_frame((Real(1) / G) * d, load3(io.normal + 3 * s)));
    y[at.G + s] = G;
    y[at.C + s] = io.spin[s];
  });
  loop.sync_or(false);
  loop.for_each(n, [&](int i) {
    Angles<Real> a{0, 0, 0};
    if (has_joint(p, i)) {
      const Mat3<Real> left = i == 0 ? load9(p.wall0) : load9(w.frames + 9 * (i - 1));
      const Mat3<Real> right = i == n - 1 ? load9(p.wall1) : load9(w.frames + 9 * i);
      a = relative_angles(times_transpose(right, left));
    }
    store3(y + at.angles + 3 * i, Vec3<Real>{a.phi, a.theta, a.psi});
    const Mat3<Real> e = load9(w.frames + 9 * (i < n - 1 ? i : n - 2));
    store3(y + at.u + 3 * i, e * load3(io.v + 3 * i));
    if (i == 0) {
      store3(y + at.r0, load3(io.r));
      for (int c = 0; c < 9; ++c) y[at.e0 + c] = w.frames[c];
    }
  });
}

/// Intrinsic -> Cartesian: frames by a prefix product of the joint rotations from e_0, positions by a prefix sum
/// of G_s t_s from r_0, velocities u_i . e_i, normals the frames' second rows.
template <class Real, class Loop>
RODSWARM_HD void store(const Real* y, MemberIO<Real> io, View<Real> w, const Loop& loop) {
  const Params<Real>& p = w.p;
  const int n = p.n;
  const Layout at(n);
  Flags<Real> ignored;
  joint_records(y, w, loop, ignored);
  loop.sync_or(false);
  const Real* frames = world_frames(y, w, loop);
  loop.for_each(n, [&](int i) {
    const Vec3<Real> step = i == 0 ? load3(y + at.r0) : y[at.G + i - 1] * load9(frames + 9 * (i - 1)).row(0);
    store3(w.points + 3 * i, step);
  });
  loop.sync_or(false);
  const Real* points = prefix_sums(w.points, w.points + 3 * n, n, loop);
  loop.sync_or(false);
  loop.for_each(n, [&](int i) {
    store3(io.r + 3 * i, load3(points + 3 * i));
    const Mat3<Real> e = load9(frames + 9 * (i < n - 1 ? i : n - 2));
    store3(io.v + 3 * i, transpose_times(e, load3(y + at.u + 3 * i)));
    if (i < n - 1) {
      store3(io.normal + 3 * i, e.row(1));
      io.spin[i] = y[at.C + i];
    }
  });
}

}  // namespace intrinsic_form

/// One RK4 step of the state y (size S) with rate function `rate(z, k, flags)`. Returns the step's flags,
/// OR-reduced over the participants.
template <class Real, class Loop, class Rate>
RODSWARM_HD Flags<Real> rk4_step(Real* y, Real* yt, Real* acc, Real* k, int S, Real dt, const Loop& loop, Rate&& rate) {
  Flags<Real> flags;
  RODSWARM_UNROLL
  for (int s = 0; s < rk4::stages; ++s) {
    rate(s == 0 ? y : yt, k, flags);
    loop.for_each(S, [&](int e) {
      rk4::stage_update_first_order(s, k[e], dt, y[e], yt[e], acc[e]);
      if (s + 1 == rk4::stages) flags.diverged = flags.diverged || not_finite(y[e]);
    });
    loop.sync_or(false);
  }
  flags.diverged = loop.sync_or(flags.diverged);
  flags.singular = loop.sync_or(flags.singular);
  return flags;
}

/// Records a step's flags in `out` (a singular joint before a divergence: the singularity is the cause); whether
/// some member (lane) failed, which ends the call.
template <class Real, class Out>
RODSWARM_HD bool failed(const Flags<Real>& f, Out& out) {
  if (!lane::any(f.singular || f.diverged)) return false;
  lane::mark(out, f.diverged, status_diverged);
  lane::mark(out, f.singular, status_singular);
  return true;
}

/// Advances a member (or a pack of members in lanes) by up to `steps` RK4 steps in its formulation. `work` holds
/// workspace_size(formulation, n) reals. Stops after the first step in which a member diverged or met a
/// singularity (that step counted) and stores the state reached; its lane-mates have taken the same whole step.
template <class Real, class Loop>
RODSWARM_HD lane::OutcomeOf<Real> advance_member(MemberIO<Real> io, const Params<Real>& p, Real dt, long long steps,
                                                 Real* work, const Loop& loop) {
  const int S = state_size(p.formulation, p.n);
  Real* y = work;
  Real* yt = y + S;
  Real* acc = yt + S;
  Real* k = acc + S;
  Real* scratch = k + S;
  lane::OutcomeOf<Real> out;
  if (p.formulation == Formulation::cartesian) {
    const auto w = cartesian_form::View<Real>::bind(p, scratch);
    cartesian_form::load(io, y, p, loop);
    loop.sync_or(false);
    auto rate = [&](const Real* z, Real* kk, Flags<Real>& f) { cartesian_form::rate(z, kk, w, loop, f); };
    for (; out.steps < steps;) {
      const Flags<Real> f = rk4_step(y, yt, acc, k, S, dt, loop, rate);
      ++out.steps;
      if (failed(f, out)) break;
    }
    cartesian_form::store(y, io, p, loop);
  } else {
    const auto w = intrinsic_form::View<Real>::bind(p, scratch);
    intrinsic_form::load(io, y, w, loop);
    loop.sync_or(false);
    auto rate = [&](const Real* z, Real* kk, Flags<Real>& f) { intrinsic_form::rate(z, kk, w, loop, f); };
    for (; out.steps < steps;) {
      const Flags<Real> f = rk4_step(y, yt, acc, k, S, dt, loop, rate);
      ++out.steps;
      if (failed(f, out)) break;
    }
    intrinsic_form::store(y, io, w, loop);
  }
  loop.sync_or(false);
  return out;
}

}  // namespace rodswarm::nishinari
