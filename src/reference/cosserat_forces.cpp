/// @file cosserat_forces.cpp
/// Strains (note 1.2), the internal forces and couples of laws (V) and (P) (1.3, 1.4), the half-Voronoi clamp
/// couple (1.5), loads and damping (docs "Forces"): the generalised forces whose M^-1 gives the free accelerations.
#include <cmath>

#include "reference/cosserat_internal.hpp"

namespace rodswarm::reference::cosserat_detail {

Strains strains(const CosseratCase& c, const Rest& rest, const CosseratState& s) {
  const auto ne = static_cast<std::size_t>(c.rods * c.n);
  const auto nv = static_cast<std::size_t>(c.rods * joints(c));
  const auto nr = static_cast<std::size_t>(c.rods);
  Strains st;
  st.l.resize(ne);
  st.ell.resize(ne);
  st.e.resize(ne);
  st.sigma.resize(ne);
  st.nstress.resize(ne);
  st.kappa.resize(nv);
  st.tau.resize(nv);
  st.eps.resize(nv);
  st.kappa_b0.assign(nr, Vec3::Zero());
  st.tau_b0.assign(nr, Vec3::Zero());
  st.kappa_b1.assign(nr, Vec3::Zero());
  st.tau_b1.assign(nr, Vec3::Zero());
  for (int r = 0; r < c.rods; ++r) {
    for (int i = 0; i < c.n; ++i) {
      const std::size_t e = elem(c, r, i);
      st.l[e] = get(s.x, node(c, r, i + 1)) - get(s.x, node(c, r, i));
      st.ell[e] = st.l[e].norm();
      st.e[e] = st.ell[e] / rest.lh[e];
      st.sigma[e] = s.Q[e] * st.l[e] / rest.lh[e] - Vec3::UnitZ();
      st.nstress[e] = rest.S[e].cwiseProduct(st.sigma[e] - get(rest.sigma_hat, e));
    }
    for (int k = 0; k < joints(c); ++k) {
      const std::size_t v = vor(c, r, k), a = elem(c, r, k), b = elem_after(c, r, k);
      st.kappa[v] = log_so3(s.Q[a] * s.Q[b].transpose()) / rest.Dh[v];
      st.eps[v] = (st.ell[a] + st.ell[b]) / (2 * rest.Dh[v]);
      st.tau[v] = rest.Bv[v].cwiseProduct(st.kappa[v] - get(rest.kappa_hat, v));
    }
    const auto rr = static_cast<std::size_t>(r);
    if (end_has_couple(c.end0)) {
      const std::size_t e0 = elem(c, r, 0);
      const EndMotion m = end_motion(c, r, 0, s.t);
      st.kappa_b0[rr] = log_so3(m.Q * s.Q[e0].transpose()) / (0.5 * rest.lh[e0]);
      st.tau_b0[rr] = rest.B[e0].cwiseProduct(st.kappa_b0[rr]);
    }
    if (end_has_couple(c.end1)) {
      const std::size_t e1 = elem(c, r, c.n - 1);
      const EndMotion m = end_motion(c, r, 1, s.t);
      st.kappa_b1[rr] = log_so3(s.Q[e1] * m.Q.transpose()) / (0.5 * rest.lh[e1]);
      st.tau_b1[rr] = rest.B[e1].cwiseProduct(st.kappa_b1[rr]);
    }
  }
  return st;
}

Vec3 rotational_mass(const CosseratCase& c, const Rest& rest, const Strains& st, std::size_t i) {
  return c.law == CosseratLaw::pyelastica ? Vec3(rest.J[i] / st.e[i]) : rest.J[i];
}

namespace {

/// Wave entry `load` at arc length s and time t.
Vec3 wave(const CosseratLoad& load, double s, double t) {
  return std::sin(load.wavenumber * s - load.frequency * t + load.phase) * load.vector;
}

/// The load list's force on node j of rod r at arc length s: waves at s, drag from each adjacent element's half.
Vec3 listed_node_load(const CosseratCase& c, const Rest& rest, const CosseratState& st, int r, int j, double s,
                      bool velocity_terms) {
  Vec3 f = Vec3::Zero();
  const std::size_t k = node(c, r, j);
  for (const CosseratLoad& load : c.loads) {
    if (load.law == CosseratLoadLaw::force_wave) f += rest.Dnode[k] * wave(load, s, st.t);
    if (load.law != CosseratLoadLaw::drag || !velocity_terms) continue;
    for (int i : {j - 1, j}) {
      if (c.ring) i = (i + c.n) % c.n;
      if (i < 0 || i >= c.n) continue;
      const std::size_t e = elem(c, r, i);
      const Mat3& Q = st.Q[e];
      const Mat3 C = Q.transpose() * load.vector.asDiagonal() * Q;  // rows of Q are the directors
      f -= 0.5 * rest.lh[e] * C * (get(st.v, k) - load.flow);
    }
  }
  return f;
}

}  // namespace

Forces generalised_forces(const CosseratCase& c, const Rest& rest, const CosseratState& s, bool velocity_terms) {
  const bool P = c.law == CosseratLaw::pyelastica;
  const Strains st = strains(c, rest, s);
  Forces f;
  f.F = Eigen::MatrixX3d::Zero(c.rods * (c.n + 1), 3);
  f.Y = Eigen::MatrixX3d::Zero(c.rods * c.n, 3);
  for (int r = 0; r < c.rods; ++r) {
    const auto rr = static_cast<std::size_t>(r);
    // Elements: F = Dh(Q^T n [/e]), shear couple.
    for (int i = 0; i < c.n; ++i) {
      const std::size_t e = elem(c, r, i);
      const Vec3 fi = s.Q[e].transpose() * st.nstress[e] / (P ? st.e[e] : 1.0);
      add(f.F, node(c, r, i), fi);
      add(f.F, node(c, r, i + 1), -fi);
      if (P) {
        add(f.Y, e, (s.Q[e] * st.l[e] / st.ell[e]).cross(st.nstress[e]) * rest.lh[e]);
      } else {
        add(f.Y, e, (s.Q[e] * st.l[e]).cross(st.nstress[e]));
      }
    }
    // Voronoi points: Dh(tau [/eps^3]) + Ah(kappa x tau Dh [/eps^3]), or the exact gradient of the bending energy
    // (bending "exact"): dexp_X^-T tau on the element before the joint, -dexp_{-X}^-T tau on the one after it.
    const bool exact = c.bending == CosseratBending::exact;
    for (int k = 0; k < joints(c); ++k) {
      const std::size_t v = vor(c, r, k), a = elem(c, r, k), b = elem_after(c, r, k);
      if (exact) {
        const Vec3 X = st.kappa[v] * rest.Dh[v];
        add(f.Y, a, dexp_inverse(X).transpose() * st.tau[v]);
        add(f.Y, b, -(dexp_inverse(-X).transpose() * st.tau[v]));
        continue;
      }
      const double scale = P ? 1.0 / (st.eps[v] * st.eps[v] * st.eps[v]) : 1.0;
      const Vec3 t = st.tau[v] * scale;
      const Vec3 q = st.kappa[v].cross(st.tau[v]) * rest.Dh[v] * scale;
      add(f.Y, a, t + 0.5 * q);
      add(f.Y, b, -t + 0.5 * q);
    }
    // Half-Voronoi clamp couples (not dilatation-scaled under P: docs give them without eps).
    if (end_has_couple(c.end0)) {
      const std::size_t e0 = elem(c, r, 0);
      const double Db = 0.5 * rest.lh[e0];
      const Vec3 X = st.kappa_b0[rr] * Db;
      add(f.Y, e0,
          exact ? Vec3(-(dexp_inverse(-X).transpose() * st.tau_b0[rr]))
                : Vec3(-st.tau_b0[rr] + 0.5 * st.kappa_b0[rr].cross(st.tau_b0[rr]) * Db));
    }
    if (end_has_couple(c.end1)) {
      const std::size_t e1 = elem(c, r, c.n - 1);
      const double Db = 0.5 * rest.lh[e1];
      const Vec3 X = st.kappa_b1[rr] * Db;
      add(f.Y, e1,
          exact ? Vec3(dexp_inverse(X).transpose() * st.tau_b1[rr])
                : Vec3(st.tau_b1[rr] + 0.5 * st.kappa_b1[rr].cross(st.tau_b1[rr]) * Db));
    }
    // Nodal loads. Arc length of node j: the rest lengths at t of the elements before it.
    double arc = 0;
    for (int j = 0; j <= c.n; ++j) {
      if (j > 0) arc += rest.lh[elem(c, r, j - 1)];
      if (repeated_node(c, j)) continue;
      const std::size_t k = node(c, r, j);
      Vec3 load = rest.mass[k] * c.g + c.force_density * rest.Dnode[k];
      if (!c.loads.empty()) load += listed_node_load(c, rest, s, r, j, arc, velocity_terms);
      if (j == 0) load += c.force0;
      if (j == c.n) load += c.force1;
      if (velocity_terms) load -= c.damping_force * rest.mass[k] * get(s.v, k);
      if (c.foundation != CosseratFoundation::none) {
        const Mat3 T = foundation_projector(c);
        Vec3 spring = c.foundation_stiffness * (T * (get(s.x, k) - c.foundation_point));
        if (velocity_terms) spring += c.foundation_damping * (T * get(s.v, k));
        load -= rest.Dnode0[k] * spring;
      }
      add(f.F, k, load);
    }
    // Element loads, gyroscopic terms, damping.
    double start = 0;  // arc length of the element's first node
    for (int i = 0; i < c.n; ++i) {
      const std::size_t e = elem(c, r, i);
      Vec3 y = s.Q[e] * c.couple_density * rest.lh[e];
      for (const CosseratLoad& load : c.loads) {
        const bool lab = load.law == CosseratLoadLaw::couple_wave, body = load.law == CosseratLoadLaw::body_couple_wave;
        if (!lab && !body) continue;
        const Vec3 m = rest.lh[e] * wave(load, start + 0.5 * rest.lh[e], s.t);
        y += lab ? Vec3(s.Q[e] * m) : m;
      }
      start += rest.lh[e];
      if (i == 0) y += s.Q[e] * c.couple0;
      if (i == c.n - 1) y += s.Q[e] * c.couple1;
      if (velocity_terms) {
        const Vec3 w = get(s.w, e);
        const Vec3 Jw = rest.J[e].cwiseProduct(w);
        y -= c.damping_torque * Jw;
        if (P) {
          const Vec3 dv = get(s.v, node(c, r, i + 1)) - get(s.v, node(c, r, i));
          const double edot = st.l[e].dot(dv) / (st.ell[e] * rest.lh[e]);
          y += (Jw / st.e[e]).cross(w) + Jw / (st.e[e] * st.e[e]) * edot;
        } else {
          y += Jw.cross(w);
        }
      }
      add(f.Y, e, y);
    }
  }
  add_contact(c, rest, s, f, velocity_terms);
  // A ring's node n is node 0: what its elements put on either row acts on that one point.
  for (int r = 0; c.ring && r < c.rods; ++r) {
    const Eigen::Index first = row(node(c, r, 0)), last = row(node(c, r, c.n));
    f.F.row(first) += f.F.row(last);
    f.F.row(last) = f.F.row(first);
  }
  return f;
}

}  // namespace rodswarm::reference::cosserat_detail
