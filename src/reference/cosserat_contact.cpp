/// @file cosserat_contact.cpp
/// Penalty contact (note 4.1, docs "Contact"): the plane with anisotropic regularised Coulomb friction and its
/// rolling moment, frictionless sphere and cylinder obstacles, self and rod-rod contact between elements with the
/// pi d/2 exclusion window and Ericson's segment-segment closest points.
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

#include "reference/cosserat_internal.hpp"

namespace rodswarm::reference {

CosseratClosestPoints cosserat_closest_points(const Eigen::Vector3d& p1, const Eigen::Vector3d& q1,
                                              const Eigen::Vector3d& p2, const Eigen::Vector3d& q2) {
  constexpr double kEps = 1e-12;
  const auto clamp01 = [](double x) { return std::min(1.0, std::max(0.0, x)); };
  const Eigen::Vector3d d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double a = d1.dot(d1), e = d2.dot(d2), f = d2.dot(r);
  double s = 0, t = 0;
  if (a <= kEps && e <= kEps) {
    s = t = 0;
  } else if (a <= kEps) {
    s = 0;
    t = clamp01(f / e);
  } else {
    const double c = d1.dot(r);
    if (e <= kEps) {
      t = 0;
      s = clamp01(-c / a);
    } else {
      const double b = d1.dot(d2), denom = a * e - b * b;
      s = denom != 0.0 ? clamp01((b * f - c * e) / denom) : 0.0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  CosseratClosestPoints out;
  out.s = s;
  out.t = t;
  out.a = p1 + d1 * s;
  out.b = p2 + d2 * t;
  return out;
}

namespace cosserat_detail {
namespace {

/// One normal contact: the gap direction nu, the penetration, and the nodes (with weights) that carry +N nu.
/// The normal velocity is sum_k w_k v_k . nu.
struct NormalContact {
  std::array<std::size_t, 4> nodes{};
  std::array<double, 4> weight{};
  int count = 0;
  Vec3 nu = Vec3::Zero();
  double pen = 0;
};

/// Every penetrating normal contact of the case.
void for_each_contact(const CosseratCase& c, const Rest& rest, const CosseratState& s,
                      const std::function<void(const NormalContact&)>& visit) {
  if (c.contact_stiffness <= 0) return;
  const int nn = c.rods * (c.n + 1);
  if (c.plane) {
    const Vec3 nu = c.plane_normal.normalized();
    for (int j = 0; j < nn; ++j) {
      if (repeated_node(c, j % (c.n + 1))) continue;
      const auto k = static_cast<std::size_t>(j);
      const double pen = -(nu.dot(get(s.x, k) - c.plane_point) - rest.node_radius[k]);
      if (pen <= 0) continue;
      NormalContact ct;
      ct.nodes[0] = k;
      ct.weight[0] = 1;
      ct.count = 1;
      ct.nu = nu;
      ct.pen = pen;
      visit(ct);
    }
  }
  if (c.obstacle != CosseratObstacle::none) {
    const Vec3 axis = c.obstacle_axis.normalized();
    for (int j = 0; j < nn; ++j) {
      if (repeated_node(c, j % (c.n + 1))) continue;
      const auto k = static_cast<std::size_t>(j);
      Vec3 d = get(s.x, k) - c.obstacle_center;
      if (c.obstacle == CosseratObstacle::cylinder) d -= axis.dot(d) * axis;
      const double dist = d.norm();
      if (dist <= 0) continue;
      const double pen = -(dist - c.obstacle_radius - rest.node_radius[k]);
      if (pen <= 0) continue;
      NormalContact ct;
      ct.nodes[0] = k;
      ct.weight[0] = 1;
      ct.count = 1;
      ct.nu = d / dist;
      ct.pen = pen;
      visit(ct);
    }
  }
  if (c.self_contact) {
    // Midpoint arc length per element in the current rest lengths.
    std::vector<double> mid(static_cast<std::size_t>(c.rods * c.n)), length(static_cast<std::size_t>(c.rods));
    for (int r = 0; r < c.rods; ++r) {
      double acc = 0;
      for (int i = 0; i < c.n; ++i) {
        const std::size_t e = elem(c, r, i);
        mid[e] = acc + 0.5 * rest.lh[e];
        acc += rest.lh[e];
      }
      length[static_cast<std::size_t>(r)] = acc;
    }
    // Along one rod: neighbours never touch, nor elements closer than pi (r_a + r_b) / 2 in arc length (a ring's
    // the shorter way round, its elements 0 and n - 1 neighbours).
    const auto too_close = [&](int r, int ia, int ib, double reach) {
      const double ds = std::abs(mid[elem(c, r, ib)] - mid[elem(c, r, ia)]);
      if (!c.ring) return ib - ia <= 1 || ds <= reach;
      return ib - ia <= 1 || ib - ia == c.n - 1 || std::min(ds, length[static_cast<std::size_t>(r)] - ds) <= reach;
    };
    for (int ra = 0; ra < c.rods; ++ra) {
      for (int ia = 0; ia < c.n; ++ia) {
        for (int rb = ra; rb < c.rods; ++rb) {
          for (int ib = (rb == ra ? ia + 1 : 0); ib < c.n; ++ib) {
            const std::size_t ea = elem(c, ra, ia), eb = elem(c, rb, ib);
            const double ri = c.radius[ea], rj = c.radius[eb];
            if (ra == rb && too_close(ra, ia, ib, 0.5 * kPi * (ri + rj))) continue;
            const std::size_t a0 = node(c, ra, ia), a1 = node(c, ra, ia + 1);
            const std::size_t b0 = node(c, rb, ib), b1 = node(c, rb, ib + 1);
            const CosseratClosestPoints cp =
                cosserat_closest_points(get(s.x, a0), get(s.x, a1), get(s.x, b0), get(s.x, b1));
            const Vec3 d = cp.a - cp.b;
            const double dist = d.norm();
            if (dist <= 0) continue;
            const double pen = ri + rj - dist;
            if (pen <= 0) continue;
            NormalContact ct;
            ct.nodes = {a0, a1, b0, b1};
            ct.weight = {1 - cp.s, cp.s, -(1 - cp.t), -cp.t};
            ct.count = 4;
            ct.nu = d / dist;
            ct.pen = pen;
            visit(ct);
          }
        }
      }
    }
  }
}

/// mu(s) = mu_s s / v_eps up to v_eps, mu_k + (mu_s - mu_k) exp(-(s - v_eps)/v_eps) above.
double friction_coefficient(double ms, double mk, double speed, double veps) {
  if (speed <= veps) return ms * speed / veps;
  return mk + (ms - mk) * std::exp(-(speed - veps) / veps);
}

double sign(double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); }

/// Plane friction at node k (global node index j of rod r) with normal force N.
void plane_friction(const CosseratCase& c, const Rest& rest, const CosseratState& s, int r, int j, double N,
                    Forces& f) {
  const Vec3 nu = c.plane_normal.normalized();
  const std::size_t k = node(c, r, j);
  const double rad = rest.node_radius[k];
  Vec3 wlab = Vec3::Zero(), axis = Vec3::Zero();
  std::array<std::size_t, 2> adj{};
  int count = 0;
  for (int i : {j - 1, j}) {
    if (c.ring) i = (i + c.n) % c.n;
    if (i < 0 || i >= c.n) continue;
    const std::size_t e = elem(c, r, i);
    wlab += s.Q[e].transpose() * get(s.w, e);
    axis += s.Q[e].row(2).transpose();
    adj[static_cast<std::size_t>(count++)] = e;
  }
  wlab /= count;
  axis /= count;
  const Vec3 arm = -rad * nu;
  Vec3 u = get(s.v, k) + wlab.cross(arm);
  u -= u.dot(nu) * nu;
  axis -= axis.dot(nu) * nu;
  const double veps = c.slip_velocity;
  Vec3 force = Vec3::Zero();
  if (axis.norm() < 1e-12) {
    const double us = u.norm();
    if (us > 0) force = -N * friction_coefficient(c.mu_static(2), c.mu_kinetic(2), us, veps) * u / us;
  } else {
    const Vec3 a = axis.normalized(), b = nu.cross(a);
    const double ua = u.dot(a), ub = u.dot(b);
    const int col = ua > 0 ? 0 : 1;  // forward when u_a > 0, backward otherwise
    force -= N * friction_coefficient(c.mu_static(col), c.mu_kinetic(col), std::abs(ua), veps) * sign(ua) * a;
    force -= N * friction_coefficient(c.mu_static(2), c.mu_kinetic(2), std::abs(ub), veps) * sign(ub) * b;
  }
  add(f.F, k, force);
  const Vec3 moment = arm.cross(force) / count;
  for (int q = 0; q < count; ++q) {
    const std::size_t e = adj[static_cast<std::size_t>(q)];
    add(f.Y, e, s.Q[e] * moment);
  }
}

}  // namespace

void add_contact(const CosseratCase& c, const Rest& rest, const CosseratState& s, Forces& f, bool velocity_terms) {
  for_each_contact(c, rest, s, [&](const NormalContact& ct) {
    double vn = 0;
    if (velocity_terms)
      for (int q = 0; q < ct.count; ++q)
        vn += ct.weight[static_cast<std::size_t>(q)] * get(s.v, ct.nodes[static_cast<std::size_t>(q)]).dot(ct.nu);
    const double N = std::max(0.0, c.contact_stiffness * std::pow(ct.pen, c.contact_exponent) - c.contact_damping * vn);
    for (int q = 0; q < ct.count; ++q)
      add(f.F, ct.nodes[static_cast<std::size_t>(q)], N * ct.weight[static_cast<std::size_t>(q)] * ct.nu);
  });
  // Friction on the plane (velocity terms only: with v = w = 0 the regularised friction vanishes anyway).
  if (!c.plane || !velocity_terms || c.contact_stiffness <= 0) return;
  const Vec3 nu = c.plane_normal.normalized();
  for (int r = 0; r < c.rods; ++r) {
    for (int j = 0; j <= c.n; ++j) {
      if (repeated_node(c, j)) continue;
      const std::size_t k = node(c, r, j);
      const double pen = -(nu.dot(get(s.x, k) - c.plane_point) - rest.node_radius[k]);
      if (pen <= 0) continue;
      const double N = std::max(
          0.0, c.contact_stiffness * std::pow(pen, c.contact_exponent) - c.contact_damping * nu.dot(get(s.v, k)));
      if (N > 0) plane_friction(c, rest, s, r, j, N, f);
    }
  }
}

double contact_energy(const CosseratCase& c, const Rest& rest, const CosseratState& s) {
  double energy = 0;
  const double p = c.contact_exponent;
  for_each_contact(c, rest, s,
                   [&](const NormalContact& ct) { energy += c.contact_stiffness * std::pow(ct.pen, p + 1) / (p + 1); });
  return energy;
}

}  // namespace cosserat_detail
}  // namespace rodswarm::reference
