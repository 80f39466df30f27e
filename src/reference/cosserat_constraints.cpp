/// @file cosserat_constraints.cpp
/// Accelerations with constraints (note 3.2, docs "Ends" and "Surface confinement"): free accelerations M^-1 F,
/// then fixed end nodes by overwrite (zero acceleration here; the schemes overwrite x and v) or by Udwadia-Kalaba
/// with Baumgarte stabilisation, and surface confinement always by UK. Every constraint row touches one node, so
/// A M^-1 A^T is diagonal and every multiplier is in closed form.
#include <cmath>

#include "reference/cosserat_internal.hpp"

namespace rodswarm::reference {

using cosserat_detail::Mat3;
using cosserat_detail::Vec3;

namespace {

/// Value, gradient and v^T H v of the surface function phi at a point with velocity v.
struct SurfaceRow {
  double phi = 0, vHv = 0;
  Vec3 grad = Vec3::Zero();
};

SurfaceRow surface_row(const CosseratCase& c, const Vec3& x, const Vec3& v) {
  SurfaceRow row;
  if (c.surface == CosseratSurface::plane) {
    row.grad = c.surface_normal.normalized();
    row.phi = row.grad.dot(x - c.surface_point);
    return row;
  }
  // Sphere (centre surface_point) or cylinder (a point surface_point on the axis surface_normal).
  Mat3 P = Mat3::Identity();
  if (c.surface == CosseratSurface::cylinder) {
    const Vec3 axis = c.surface_normal.normalized();
    P -= axis * axis.transpose();
  }
  const Vec3 d = P * (x - c.surface_point);
  const double rho = d.norm();
  const Vec3 u = d / rho;
  row.phi = rho - c.surface_radius;
  row.grad = u;
  const Vec3 pv = P * v;
  row.vHv = (pv.squaredNorm() - u.dot(v) * u.dot(v)) / rho;
  return row;
}

}  // namespace

bool cosserat_detail::node_confined(const CosseratCase& c, int j) {
  return c.surface != CosseratSurface::none && !node_fixed(c, j) && node_sliding_end(c, j) < 0;
}

Vec3 cosserat_detail::surface_normal(const CosseratCase& c, const Vec3& x) {
  return surface_row(c, x, Vec3::Zero()).grad.normalized();
}

CosseratAcceleration cosserat_acceleration(const CosseratCase& c, const CosseratState& s, bool free_only) {
  using namespace cosserat_detail;
  check_case(c);
  const Rest rest = rest_at(c, s.t, growth_at(c, s.t, s.growth));
  const Forces f = generalised_forces(c, rest, s, true);
  const bool P = c.law == CosseratLaw::pyelastica;
  const Strains st = P ? strains(c, rest, s) : Strains{};  // only (P) needs e for its rotational mass J/e
  CosseratAcceleration acc;
  acc.node = f.F;
  acc.element = f.Y;
  for (std::size_t k = 0; k < rest.mass.size(); ++k) acc.node.row(row(k)) /= rest.mass[k];
  for (std::size_t i = 0; i < rest.J.size(); ++i) {
    const Vec3 Jr = P ? rotational_mass(c, rest, st, i) : rest.J[i];
    acc.element.row(row(i)) = get(f.Y, i).cwiseQuotient(Jr).transpose();
  }
  if (free_only) return acc;
  const bool need_alpha =
      c.surface != CosseratSurface::none ||
      (c.constraints == CosseratConstraints::gauss && (c.end0 != CosseratEnd::free || c.end1 != CosseratEnd::free));
  const double alpha = need_alpha ? baumgarte(c) : 0.0;
  for (int r = 0; r < c.rods; ++r) {
    for (int j = 0; j <= c.n; ++j) {
      const std::size_t k = node(c, r, j);
      const Vec3 x = get(s.x, k), v = get(s.v, k);
      if (node_fixed(c, j)) {
        if (c.constraints == CosseratConstraints::overwrite) {
          acc.node.row(row(k)).setZero();
        } else {
          // A = I on this node: x'' = b exactly.
          const EndMotion m = end_motion(c, r, j == 0 ? 0 : 1, s.t);
          const Vec3 b = m.a - 2 * alpha * (v - m.v) - alpha * alpha * (x - m.x);
          acc.node.row(row(k)) = b.transpose();
        }
        continue;
      }
      if (const int end = node_sliding_end(c, j); end >= 0) {
        // Rows N^T (x - x_c) = 0 with N the normals of the line or plane; M is m I on the node, so UK's answer
        // is P a_f plus the stabilised normal part -N N^T (2 alpha v + alpha^2 (x - x_c)).
        const Mat3 along = slide_projector(c, end);
        Vec3 a = along * get(acc.node, k);
        if (c.constraints == CosseratConstraints::gauss) {
          const EndMotion m = end_motion(c, r, end, s.t);
          a -= (Mat3::Identity() - along) * (2 * alpha * v + alpha * alpha * (x - m.x));
        }
        acc.node.row(row(k)) = a.transpose();
        continue;
      }
      if (c.surface == CosseratSurface::none) continue;
      const SurfaceRow sr = surface_row(c, x, v);
      const double b = -sr.vHv - 2 * alpha * sr.grad.dot(v) - alpha * alpha * sr.phi;
      const Vec3 af = get(acc.node, k);
      const double lambda = rest.mass[k] * (b - sr.grad.dot(af)) / sr.grad.squaredNorm();
      acc.node.row(row(k)) += (lambda / rest.mass[k] * sr.grad).transpose();
    }
  }
  return acc;
}

void cosserat_detail::slide_back(const CosseratCase& c, int r, int end, CosseratState& s) {
  using namespace cosserat_detail;
  const std::size_t k = node(c, r, end == 0 ? 0 : c.n);
  const Mat3 P = slide_projector(c, end);
  const Vec3 xc = end_motion(c, r, end, s.t).x;
  s.x.row(row(k)) = (xc + P * (get(s.x, k) - xc)).transpose();
  s.v.row(row(k)) = (P * get(s.v, k)).transpose();
}

void cosserat_detail::project_constraints(const CosseratCase& c, CosseratState& s) {
  using namespace cosserat_detail;
  for (int r = 0; r < c.rods; ++r) {
    for (int j = 0; j <= c.n; ++j) {
      const std::size_t k = node(c, r, j);
      if (node_fixed(c, j)) {
        if (c.constraints != CosseratConstraints::gauss) continue;
        const EndMotion m = end_motion(c, r, j == 0 ? 0 : 1, s.t);
        s.x.row(row(k)) = m.x.transpose();
        s.v.row(row(k)) = m.v.transpose();
        continue;
      }
      if (const int end = node_sliding_end(c, j); end >= 0) {
        if (c.constraints == CosseratConstraints::gauss) slide_back(c, r, end, s);
        continue;
      }
      if (c.surface == CosseratSurface::none) continue;
      const Vec3 x = get(s.x, k), v = get(s.v, k);
      const SurfaceRow sr = surface_row(c, x, v);
      const Vec3 u = sr.grad.normalized();
      s.x.row(row(k)) = (x - sr.phi * u).transpose();
      s.v.row(row(k)) = (v - v.dot(u) * u).transpose();
    }
  }
}

}  // namespace rodswarm::reference
