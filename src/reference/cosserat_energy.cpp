/// @file cosserat_energy.cpp
/// Energies of law (V) (note 1.3, with the clamp springs of 1.5, loads and penalty contact) and Gauss's diagnostics
/// Z_t and Z_s (note 3.1, docs "Diagnostics").
#include "reference/cosserat_internal.hpp"

namespace rodswarm::reference {

CosseratEnergy cosserat_energy(const CosseratCase& c, const CosseratState& s) {
  using namespace cosserat_detail;
  check_case(c);
  const Rest rest = rest_at(c, s.t, growth_at(c, s.t, s.growth));
  const Strains st = strains(c, rest, s);
  CosseratEnergy en;
  for (int r = 0; r < c.rods; ++r) {
    const auto rr = static_cast<std::size_t>(r);
    for (int j = 0; j <= c.n; ++j) {
      if (repeated_node(c, j)) continue;
      const std::size_t k = node(c, r, j);
      const Vec3 x = get(s.x, k);
      en.translational += 0.5 * rest.mass[k] * get(s.v, k).squaredNorm();
      en.gravity -= rest.mass[k] * c.g.dot(x);
      en.loads -= (c.force_density * rest.Dnode[k]).dot(x);
      if (j == 0) en.loads -= c.force0.dot(x);
      if (j == c.n) en.loads -= c.force1.dot(x);
      if (c.foundation != CosseratFoundation::none)
        en.foundation += 0.5 * c.foundation_stiffness * rest.Dnode0[k] *
                         (foundation_projector(c) * (x - c.foundation_point)).squaredNorm();
    }
    for (int i = 0; i < c.n; ++i) {
      const std::size_t e = elem(c, r, i);
      const Vec3 w = get(s.w, e);
      en.rotational += 0.5 * w.dot(rest.J[e].cwiseProduct(w));
      const Vec3 ds = st.sigma[e] - get(rest.sigma_hat, e);
      en.stretch_shear += 0.5 * rest.lh[e] * ds.dot(rest.S[e].cwiseProduct(ds));
    }
    for (int k = 0; k < joints(c); ++k) {
      const std::size_t v = vor(c, r, k);
      const Vec3 dk = st.kappa[v] - get(rest.kappa_hat, v);
      en.bend_twist += 0.5 * rest.Dh[v] * dk.dot(rest.Bv[v].cwiseProduct(dk));
    }
    if (end_has_couple(c.end0)) en.bend_twist += 0.25 * rest.lh[elem(c, r, 0)] * st.kappa_b0[rr].dot(st.tau_b0[rr]);
    if (end_has_couple(c.end1))
      en.bend_twist += 0.25 * rest.lh[elem(c, r, c.n - 1)] * st.kappa_b1[rr].dot(st.tau_b1[rr]);
  }
  en.contact = contact_energy(c, rest, s);
  en.total = en.translational + en.rotational + en.stretch_shear + en.bend_twist + en.gravity + en.loads + en.contact +
             en.foundation;
  return en;
}

double cosserat_gauss_zt(const CosseratCase& c, const CosseratState& s, const CosseratAcceleration& a) {
  using namespace cosserat_detail;
  const CosseratAcceleration af = cosserat_acceleration(c, s, true);
  const Rest rest = rest_at(c, s.t, growth_at(c, s.t, s.growth));
  const Strains st = strains(c, rest, s);
  double z = 0;
  for (std::size_t k = 0; k < rest.mass.size(); ++k) {
    if (repeated_node(c, static_cast<int>(k) % (c.n + 1))) continue;
    z += 0.5 * rest.mass[k] * (get(a.node, k) - get(af.node, k)).squaredNorm();
  }
  for (std::size_t i = 0; i < rest.J.size(); ++i) {
    const Vec3 d = get(a.element, i) - get(af.element, i);
    z += 0.5 * d.dot(rotational_mass(c, rest, st, i).cwiseProduct(d));
  }
  return z;
}

double cosserat_static_residual(const CosseratCase& c, const CosseratState& s) {
  using namespace cosserat_detail;
  check_case(c);
  CosseratState still = s;
  still.v.setZero();
  still.w.setZero();
  const Rest rest = rest_at(c, s.t, growth_at(c, s.t, s.growth));
  const Forces f = generalised_forces(c, rest, still, false);
  double z = 0;
  for (int r = 0; r < c.rods; ++r) {
    for (int j = 0; j <= c.n; ++j) {
      if (node_fixed(c, j) || repeated_node(c, j)) continue;
      const std::size_t k = node(c, r, j);
      const double D = rest.Dnode[k];
      const int end = node_sliding_end(c, j);  // a roller's reaction is no residual: only the part along it
      const Vec3 F = end >= 0 ? Vec3(slide_projector(c, end) * get(f.F, k)) : get(f.F, k);
      z += 0.5 * D * (F / D).squaredNorm() / (c.E * rest.node_area[k]);
    }
    for (int i = 0; i < c.n; ++i) {
      const std::size_t e = elem(c, r, i);
      const Vec3 m = get(f.Y, e) / rest.lh[e];
      z += 0.5 * rest.lh[e] * m.dot(m.cwiseQuotient(rest.B[e]));
    }
  }
  return z;
}

}  // namespace rodswarm::reference
