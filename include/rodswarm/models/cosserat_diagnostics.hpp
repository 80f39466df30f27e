/// @file cosserat_diagnostics.hpp
/// What the driver records for a Cosserat member at a save point, computed on the host from the backends' state
/// with the shared physics: the energy split, Gauss's function at the accelerations the integrator uses (the
/// "constraint effort", note section 3.1), the static residual Z_s and the largest constraint violation.
#pragma once

#include <cmath>
#include <vector>

#include "rodswarm/integrators/bead_loop.hpp"
#include "rodswarm/models/cosserat_stepper.hpp"

namespace rodswarm::cosserat {

struct Energy {
  double translational = 0, rotational = 0, stretch_shear = 0, bend_twist = 0, gravity = 0, loads = 0, contact = 0;
  double foundation = 0;  ///< the elastic foundation's 1/2 k |u|^2, per unit initial rest length
  double total() const {
    return translational + rotational + stretch_shear + bend_twist + gravity + loads + contact + foundation;
  }
};

struct Gauss {
  double zt = 0;         ///< Z_t(a*) = 1/2 (a* - a_f)^T M (a* - a_f): the effort of the constraints
  double zs = 0;         ///< static residual (docs/cosserat_discretisation.md, "Diagnostics")
  double violation = 0;  ///< max |x_j - x_c(t)| over held nodes and |phi(x_j)| over confined nodes
};

/// Host-side evaluator for one member at a time (owns its scratch).
template <class Real>
class Diagnostics {
 public:
  Energy energy(const MemberIO<Real>& io, Real t) {
    const MemberData<Real>& d = io.data;
    const Params<Real>& p = *d.p;
    const Shape s = shape_of(p);
    const StateRef<Real> y{io.x, io.v, io.Q, io.w, io.g};
    const Scratch<Real> c = prepare(d, y, t);
    Energy E;
    for (int j = 0; j < s.nodes(); ++j) {
      const int k = j - rod_of_node(s, j) * (s.N + 1);
      if (repeats_first(s, k)) continue;
      const Vec3<Real> x = load3(io.x + 3 * j), v = load3(io.v + 3 * j);
      E.translational += 0.5 * double(c.mass[j]) * double(dot(v, v));
      E.gravity -= double(c.mass[j]) * double(dot(load3(p.g), x));
      Vec3<Real> f = node_length(c.lh, s, j) * load3(p.force_density);
      if (!s.ring && k == 0) f = f + load3(p.force0);
      if (!s.ring && k == s.N) f = f + load3(p.force1);
      E.loads -= double(dot(f, x));
      E.contact += node_contact_energy(d, y, s, j);
      if (p.foundation != Foundation::none) E.foundation += double(foundation_energy(d, s, j, x));
    }
    for (int i = 0; i < s.elements(); ++i) {
      const Vec3<Real> J = element_inertia(d, c, i), w = load3(io.w + 3 * i);
      E.rotational += 0.5 * double(dot(times_diag(J, w), w));
      const int j = i + rod_of_element(s, i);
      const Vec3<Real> l = load3(io.x + 3 * (j + 1)) - load3(io.x + 3 * j);
      const Vec3<Real> sig = (Real(1) / c.lh[i]) * (load9(io.Q + 9 * i) * l) - Vec3<Real>{0, 0, 1};
      const Vec3<Real> ds = sig - load3(d.sigma_hat + 3 * i);
      E.stretch_shear +=
          0.5 * double(c.lh[i]) * double(dot(ds, times_diag(shear_stiffness(p, circle(d.radius[i])), ds)));
      if (p.self_contact && p.contact_stiffness > 0) {
        for (int b = i + 1; b < s.elements(); ++b) E.contact += pair_energy(d, y, c, s, i, b);
      }
    }
    for (int k = 0; k < s.voronoi(); ++k) {
      const int r = rod_of_joint(s, k), kl = k - r * s.joints();
      const int ea = joint_element(s, r, kl, 0), eb = joint_element(s, r, kl, 1);
      const Real Dh = Real(0.5) * (c.lh[ea] + c.lh[eb]);
      const Vec3<Real> kappa = (Real(1) / Dh) * so3_log(times_transpose(load9(io.Q + 9 * ea), load9(io.Q + 9 * eb)));
      const Vec3<Real> kh =
          load3(d.kappa_hat0 + 3 * k) + (c.zone[ea] > 0 || c.zone[eb] > 0 ? t : Real(0)) * load3(p.curvature_rate);
      const Vec3<Real> dk = kappa - kh;
      E.bend_twist += 0.5 * double(Dh) * double(dot(dk, times_diag(voronoi_stiffness(d, c, ea, eb), dk)));
    }
    for (int r = 0; !s.ring && r < s.R; ++r) {  // clamp springs: a ring has no ends
      Real eb = 0;
      if (holds_frame(p.end0)) clamp_couple(d, y, c, r, 0, t, &eb);
      if (holds_frame(p.end1)) clamp_couple(d, y, c, r, 1, t, &eb);
      E.bend_twist += double(eb);
    }
    return E;
  }

  Gauss gauss(const MemberIO<Real>& io, Real t, Real dt) {
    const MemberData<Real>& d = io.data;
    const Params<Real>& p = *d.p;
    const Shape s = shape_of(p);
    const StateRef<Real> y{io.x, io.v, io.Q, io.w, io.g};
    const int Nd = s.nodes(), E = s.elements();
    std::vector<Real> af(3 * Nd), wf(3 * E), a(3 * Nd), wd(3 * E), F(3 * Nd), C(3 * E);
    const Real alpha = baumgarte_rate(p, dt);
    const Scratch<Real> c = prepare(d, y, t);
    const SequentialLoop loop;
    evaluate(d, y, t, c, Mode::free, alpha, af.data(), wf.data(), static_cast<Real*>(nullptr), loop);
    evaluate(d, y, t, c, Mode::constrained, alpha, a.data(), wd.data(), static_cast<Real*>(nullptr), loop);
    evaluate(d, y, t, c, Mode::statics, alpha, F.data(), C.data(), static_cast<Real*>(nullptr), loop);
    Gauss g;
    for (int j = 0; j < Nd; ++j) {
      const int r = rod_of_node(s, j), k = j - r * (s.N + 1);
      if (repeats_first(s, k)) continue;
      const Vec3<Real> da = load3(a.data() + 3 * j) - load3(af.data() + 3 * j);
      g.zt += 0.5 * double(c.mass[j]) * double(dot(da, da));
      const EndKind kind = end_kind(p, s, k);
      if (holds_position(kind)) {
        const ClampState<Real> cs = clamp_state(p, d.clamp + clamp_size * r, k == 0 ? 0 : 1, t);
        g.violation = std::fmax(g.violation, double(norm(load3(io.x + 3 * j) - cs.x)));
        continue;
      }
      Vec3<Real> f = load3(F.data() + 3 * j);
      if (slides(kind)) {
        // Off the line or plane is the violation; the reaction (the normal part of the force) is no residual.
        const int end = k == 0 ? 0 : 1;
        const Vec3<Real> dx = load3(io.x + 3 * j) - clamp_state(p, d.clamp + clamp_size * r, end, t).x;
        g.violation = std::fmax(g.violation, double(norm(dx - slide_tangent(p, end, dx))));
        f = slide_tangent(p, end, f);
      } else if (p.surface != Surface::none) {
        const SurfaceRow<Real> row = surface_row(p, load3(io.x + 3 * j), load3(io.v + 3 * j));
        g.violation = std::fmax(g.violation, std::fabs(double(row.phi)));
      }
      const double D = double(node_length(c.lh, s, j));
      const double A = double(circle(node_radius(d, s, j)).A);
      g.zs += 0.5 * double(dot(f, f)) / (D * double(p.E) * A);
    }
    for (int i = 0; i < E; ++i) {
      const Vec3<Real> J = element_inertia(d, c, i);
      Vec3<Real> dw = load3(wd.data() + 3 * i) - load3(wf.data() + 3 * i);
      if (p.law == Law::pyelastica) dw = std::sqrt(Real(1) / c.dil[i]) * dw;
      g.zt += 0.5 * double(dot(dw, times_diag(J, dw)));
      const Vec3<Real> B = bend_stiffness(p, circle(d.radius[i]));
      const Vec3<Real> m = load3(C.data() + 3 * i);
      g.zs += 0.5 * double(m.x * m.x / B.x + m.y * m.y / B.y + m.z * m.z / B.z) / double(c.lh[i]);
    }
    return g;
  }

  /// The accelerations the integrator uses at the state and time t (nodes: lab; elements: body angular), and the
  /// constraint forces that make them, m_j (a_j - a_f,j) on every node (lab): the reactions of held and sliding
  /// ends and of a confining surface (Gauss's principle, note 3.1; with `overwrite` the reaction the overwriting
  /// implies). Null outputs are skipped. Rows of 3, node after node and element after element.
  void motion(const MemberIO<Real>& io, Real t, Real dt, double* ax, double* aw, double* reaction) {
    const MemberData<Real>& d = io.data;
    const Shape s = shape_of(*d.p);
    const StateRef<Real> y{io.x, io.v, io.Q, io.w, io.g};
    const int Nd = s.nodes(), E = s.elements();
    std::vector<Real> a(3 * Nd), wd(3 * E), af(3 * Nd), wf(3 * E);
    const Real alpha = baumgarte_rate(*d.p, dt);
    const Scratch<Real> c = prepare(d, y, t);
    const SequentialLoop loop;
    evaluate(d, y, t, c, Mode::constrained, alpha, a.data(), wd.data(), static_cast<Real*>(nullptr), loop);
    if (reaction) evaluate(d, y, t, c, Mode::free, alpha, af.data(), wf.data(), static_cast<Real*>(nullptr), loop);
    for (int j = 0; j < Nd; ++j) {
      for (int k = 0; k < 3; ++k) {
        const auto q = static_cast<std::size_t>(3 * j + k);
        if (ax) ax[q] = double(a[q]);
        if (reaction) reaction[q] = double(c.mass[j]) * (double(a[q]) - double(af[q]));
      }
    }
    for (int k = 0; aw && k < 3 * E; ++k) aw[k] = double(wd[static_cast<std::size_t>(k)]);
  }

 private:
  std::vector<Real> scratch_;

  Scratch<Real> prepare(const MemberData<Real>& d, StateRef<Real> y, Real t) {
    const Shape s = shape_of(*d.p);
    scratch_.assign(static_cast<std::size_t>(scratch_size(s)), Real(0));
    const Scratch<Real> c = carve_scratch(scratch_.data(), s);
    rest_pass(d, y, t, c, SequentialLoop{});
    strain_pass(d, y, t, c, static_cast<Real*>(nullptr), SequentialLoop{});
    return c;
  }

  static double node_contact_energy(const MemberData<Real>& d, StateRef<Real> y, Shape s, int j) {
    const Params<Real>& p = *d.p;
    if (p.contact_stiffness <= 0) return 0;
    const Vec3<Real> x = load3(y.x + 3 * j);
    const Real rj = node_radius(d, s, j);
    double e = 0;
    if (p.plane) {
      const Real gap = dot(load3(p.plane_normal), x - load3(p.plane_point)) - rj;
      if (gap < 0) e += double(penalty_energy(p, -gap));
    }
    if (p.obstacle != Obstacle::none) {
      Vec3<Real> dv = x - load3(p.obstacle_center);
      if (p.obstacle == Obstacle::cylinder) dv = dv - dot(dv, load3(p.obstacle_axis)) * load3(p.obstacle_axis);
      const Real gap = norm(dv) - p.obstacle_radius - rj;
      if (gap < 0) e += double(penalty_energy(p, -gap));
    }
    return e;
  }

  static double pair_energy(const MemberData<Real>& d, StateRef<Real> y, const Scratch<Real>& c, Shape s, int a,
                            int b) {
    if (!contact_pair(d, c, s, a, b)) return 0;
    const int na = a + rod_of_element(s, a), nb = b + rod_of_element(s, b);
    Real sa, tb;
    const Vec3<Real> p1 = load3(y.x + 3 * na), q1 = load3(y.x + 3 * (na + 1));
    const Vec3<Real> p2 = load3(y.x + 3 * nb), q2 = load3(y.x + 3 * (nb + 1));
    closest_segment_params(p1, q1, p2, q2, sa, tb);
    const Real gap = norm((p1 + sa * (q1 - p1)) - (p2 + tb * (q2 - p2))) - d.radius[a] - d.radius[b];
    return gap < 0 ? double(penalty_energy(*d.p, -gap)) : 0.0;
  }
};

}  // namespace rodswarm::cosserat
