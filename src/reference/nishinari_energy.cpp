/// @file nishinari_energy.cpp
/// Energy and momenta of note section 8. The conservative variant conserves the energy (the tests measure how
/// well RK4 does); the paper variant does not; linear momentum is conserved for free ends without loads.
#include "reference/nishinari_internal.hpp"

namespace rodswarm::reference {

NishinariEnergy nishinari_energy(const NishinariCase& c, const NishinariState& s) {
  nishinari_detail::check_case(c);
  nishinari_detail::check_state(c, s);
  const nishinari_detail::Geometry geo = nishinari_detail::geometry(c, s);
  NishinariEnergy e;
  for (int i = 0; i < c.n; ++i) {
    // A fixed bead's stored velocity is ignored, as in the rate: it does not move.
    if (!nishinari_detail::bead_fixed(c, i)) e.kinetic += 0.5 * c.m * s.v.row(i).squaredNorm();
    e.external -= c.m * c.g.dot(s.r.row(i).transpose());
  }
  e.external -= c.load0.dot(s.r.row(0).transpose()) + c.load1.dot(s.r.row(c.n - 1).transpose());
  for (int seg = 0; seg < c.n - 1; ++seg) {
    e.spin += 0.5 * c.j * s.spin(seg) * s.spin(seg);
    const double stretch = geo.length[static_cast<std::size_t>(seg)] - c.l;
    e.axial += c.k * stretch * stretch / (2.0 * c.l);
  }
  for (const nishinari_detail::Joint& jt : geo.joint) {
    if (!jt.present) continue;
    e.bending += c.K * jt.alpha * jt.alpha / (2.0 * c.l);
    e.twist += c.h * jt.dpsi * jt.dpsi / (2.0 * c.l);
  }
  e.total = e.kinetic + e.spin + e.axial + e.bending + e.twist + e.external;
  return e;
}

NishinariMomentum nishinari_momentum(const NishinariCase& c, const NishinariState& s) {
  nishinari_detail::check_case(c);
  nishinari_detail::check_state(c, s);
  NishinariMomentum p;
  p.linear.setZero();
  p.angular.setZero();
  for (int i = 0; i < c.n; ++i) {
    if (nishinari_detail::bead_fixed(c, i)) continue;
    const Eigen::Vector3d r = s.r.row(i).transpose(), v = s.v.row(i).transpose();
    p.linear += c.m * v;
    p.angular += c.m * r.cross(v);
  }
  // The spin's angular momentum j C_s about the segment's axis (only the axial rotary inertia is kept).
  for (int seg = 0; seg < c.n - 1; ++seg) {
    const Eigen::Vector3d t = (s.r.row(seg + 1) - s.r.row(seg)).normalized().transpose();
    p.angular += c.j * s.spin(seg) * t;
  }
  return p;
}

}  // namespace rodswarm::reference
