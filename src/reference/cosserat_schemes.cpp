/// @file cosserat_schemes.cpp
/// Time integration (note 1.6, docs "Schemes"): position Verlet and RKMK4 on (x, v, Theta, w, g), with the
/// overwrite treatment of fixed ends, closed-form growth evaluated at the stage times and Lockhart growth as state.
#include <cmath>
#include <stdexcept>

#include "reference/cosserat_internal.hpp"

namespace rodswarm::reference {
namespace {

using cosserat_detail::Mat3;
using cosserat_detail::Vec3;
using namespace cosserat_detail;

/// Overwrite: fixed nodes take x_c(t), x_c'(t) (docs "Ends"); sliding nodes go back on their line or plane.
void overwrite_fixed(const CosseratCase& c, CosseratState& s) {
  if (c.constraints != CosseratConstraints::overwrite) return;
  for (int r = 0; r < c.rods; ++r) {
    for (int j : {0, c.n}) {
      if (const int end = node_sliding_end(c, j); end >= 0) slide_back(c, r, end, s);
      if (!node_fixed(c, j)) continue;
      const EndMotion m = end_motion(c, r, j == 0 ? 0 : 1, s.t);
      s.x.row(row(node(c, r, j))) = m.x.transpose();
      s.v.row(row(node(c, r, j))) = m.v.transpose();
    }
  }
}

/// Lockhart rate g' = g phi max(0, n3/A - Y) on the growth zone (zero for every other law).
Eigen::VectorXd growth_rate(const CosseratCase& c, const CosseratState& s) {
  Eigen::VectorXd rate = Eigen::VectorXd::Zero(c.rods * c.n);
  if (c.growth != CosseratGrowth::lockhart) return rate;
  const Rest rest = rest_at(c, s.t, s.growth);
  const Strains st = strains(c, rest, s);
  const std::vector<bool> zone = growth_zone(c);
  for (std::size_t i = 0; i < zone.size(); ++i) {
    if (!zone[i]) continue;
    const auto ii = static_cast<Eigen::Index>(i);
    rate(ii) = s.growth(ii) * c.lockhart_phi * std::max(0.0, st.nstress[i](2) / rest.area[i] - c.lockhart_yield);
  }
  return rate;
}

/// Verlet's drift of the nodes for a time h: straight, or for a confined node along its surface's geodesic at its
/// tangential velocity (docs "Surface confinement"): a line on the plane, a great circle on the sphere, on the
/// cylinder a turn about the axis at the circumferential speed with the axial speed straight along it.
void drift_nodes(const CosseratCase& c, CosseratState& s, double h) {
  for (int r = 0; r < c.rods; ++r) {
    for (int j = 0; j <= c.n; ++j) {
      const std::size_t k = node(c, r, j);
      Vec3 x = get(s.x, k), v = get(s.v, k);
      if (!node_confined(c, j)) {
        s.x.row(row(k)) = (x + h * v).transpose();
        continue;
      }
      const Vec3 u = surface_normal(c, x);
      v -= v.dot(u) * u;
      if (c.surface == CosseratSurface::plane) {
        x += h * v;
      } else {
        const bool cylinder = c.surface == CosseratSurface::cylinder;
        const Vec3 axis = cylinder ? Vec3(c.surface_normal.normalized()) : Vec3::Zero();
        const Vec3 axial = axis.dot(v) * axis;  // zero on the sphere
        const Vec3 round = v - axial;           // the speed about the centre or the axis
        const Vec3 rel = x - c.surface_point;
        const Vec3 along = axis.dot(rel) * axis;
        const double rho = (rel - along).norm(), speed = round.norm();
        Vec3 radial = rho * u, turned = round;
        if (speed > 0) {
          const Vec3 e = round / speed;
          const double a = h * speed / rho;
          radial = rho * (std::cos(a) * u + std::sin(a) * e);
          turned = speed * (std::cos(a) * e - std::sin(a) * u);
        }
        x = c.surface_point + along + h * axial + radial;
        v = axial + turned;
      }
      s.x.row(row(k)) = x.transpose();
      s.v.row(row(k)) = v.transpose();
    }
  }
}

/// Accelerations for the schemes: with overwrite, fixed nodes follow x_c''(t). For Verlet (`geodesic`), a confined
/// node's acceleration is the tangential part of its free one: the geodesic drift carries the rest of the reaction.
CosseratAcceleration scheme_acceleration(const CosseratCase& c, const CosseratState& s, bool geodesic) {
  CosseratAcceleration a = cosserat_acceleration(c, s, false);
  if (geodesic && c.surface != CosseratSurface::none) {
    const CosseratAcceleration af = cosserat_acceleration(c, s, true);
    for (int r = 0; r < c.rods; ++r) {
      for (int j = 0; j <= c.n; ++j) {
        if (!node_confined(c, j)) continue;
        const std::size_t k = node(c, r, j);
        const Vec3 u = surface_normal(c, get(s.x, k));
        a.node.row(row(k)) = ((Mat3::Identity() - u * u.transpose()) * get(af.node, k)).transpose();
      }
    }
  }
  if (c.constraints == CosseratConstraints::overwrite) {
    for (int r = 0; r < c.rods; ++r)
      for (int j : {0, c.n})
        if (node_fixed(c, j)) a.node.row(row(node(c, r, j))) = end_motion(c, r, j == 0 ? 0 : 1, s.t).a.transpose();
  }
  return a;
}

void rotate(CosseratState& s, double h) {
  for (std::size_t i = 0; i < s.Q.size(); ++i) s.Q[i] = exp_so3(-h * get(s.w, i)) * s.Q[i];
}

/// Closed-form growth follows t; Lockhart keeps its state.
void set_growth(const CosseratCase& c, CosseratState& s) { s.growth = growth_at(c, s.t, s.growth); }

CosseratState verlet_step(const CosseratCase& c, const CosseratState& s0, double t_end) {
  const double h = 0.5 * c.dt;
  CosseratState s = s0;
  drift_nodes(c, s, h);
  rotate(s, h);
  s.t = s0.t + h;
  overwrite_fixed(c, s);
  set_growth(c, s);
  const CosseratAcceleration a = scheme_acceleration(c, s, true);
  const Eigen::VectorXd gdot = growth_rate(c, s);
  s.v += c.dt * a.node;
  s.w += c.dt * a.element;
  s.growth += c.dt * gdot;
  drift_nodes(c, s, h);
  rotate(s, h);
  s.t = t_end;
  overwrite_fixed(c, s);
  project_constraints(c, s);
  set_growth(c, s);
  return s;
}

/// RKMK4 variables relative to the step's start: Q = exp(-hat Theta) Q_n.
struct Stage {
  Eigen::MatrixX3d x, v, theta, w;
  Eigen::VectorXd g;
};

Stage axpy(const Stage& y, double h, const Stage& k) {
  return {y.x + h * k.x, y.v + h * k.v, y.theta + h * k.theta, y.w + h * k.w, y.g + h * k.g};
}

Stage rk_rate(const CosseratCase& c, const CosseratState& base, const Stage& y, double t) {
  CosseratState s;
  s.t = t;
  s.x = y.x;
  s.v = y.v;
  s.w = y.w;
  s.growth = y.g;
  s.Q.resize(base.Q.size());
  for (std::size_t i = 0; i < base.Q.size(); ++i) s.Q[i] = exp_so3(-get(y.theta, i)) * base.Q[i];
  overwrite_fixed(c, s);
  set_growth(c, s);
  const CosseratAcceleration a = scheme_acceleration(c, s, false);
  Stage k;
  k.x = s.v;
  k.v = a.node;
  k.w = a.element;
  k.g = growth_rate(c, s);
  k.theta.resize(y.theta.rows(), 3);
  for (Eigen::Index i = 0; i < y.theta.rows(); ++i) {
    const Vec3 th = y.theta.row(i).transpose(), w = y.w.row(i).transpose();
    const Vec3 d = w + 0.5 * th.cross(w) + dexpinv_c(th.norm()) * th.cross(th.cross(w));
    k.theta.row(i) = d.transpose();
  }
  return k;
}

CosseratState rk4_step(const CosseratCase& c, const CosseratState& s0, double t_end) {
  const double dt = c.dt;
  const Stage y{s0.x, s0.v, Eigen::MatrixX3d::Zero(s0.w.rows(), 3), s0.w, s0.growth};
  const Stage k1 = rk_rate(c, s0, y, s0.t);
  const Stage k2 = rk_rate(c, s0, axpy(y, 0.5 * dt, k1), s0.t + 0.5 * dt);
  const Stage k3 = rk_rate(c, s0, axpy(y, 0.5 * dt, k2), s0.t + 0.5 * dt);
  const Stage k4 = rk_rate(c, s0, axpy(y, dt, k3), s0.t + dt);
  Stage out = axpy(y, dt / 6, k1);
  out = axpy(out, dt / 3, k2);
  out = axpy(out, dt / 3, k3);
  out = axpy(out, dt / 6, k4);
  CosseratState s;
  s.t = t_end;
  s.x = out.x;
  s.v = out.v;
  s.w = out.w;
  s.growth = out.g;
  s.Q.resize(s0.Q.size());
  for (std::size_t i = 0; i < s0.Q.size(); ++i) s.Q[i] = exp_so3(-get(out.theta, i)) * s0.Q[i];
  overwrite_fixed(c, s);
  project_constraints(c, s);
  set_growth(c, s);
  return s;
}

}  // namespace

CosseratState cosserat_initial_state(const CosseratCase& c) {
  check_case(c);
  CosseratState s;
  s.t = 0;
  s.x = c.x0;
  s.v = c.v0;
  s.Q = c.Q0;
  s.w = c.w0;
  s.growth = Eigen::VectorXd::Ones(c.rods * c.n);
  // Fixed end nodes start on their motion: x = x_c(0), v = x_c'(0) (zero for clamped and pinned ends); sliding
  // ones keep the part of their velocity along the line or plane.
  for (int r = 0; r < c.rods; ++r) {
    for (int j : {0, c.n}) {
      if (const int end = node_sliding_end(c, j); end >= 0) slide_back(c, r, end, s);
      if (!node_fixed(c, j)) continue;
      const EndMotion m = end_motion(c, r, j == 0 ? 0 : 1, 0.0);
      s.x.row(row(node(c, r, j))) = m.x.transpose();
      s.v.row(row(node(c, r, j))) = m.v.transpose();
    }
  }
  set_growth(c, s);
  return s;
}

CosseratTrajectory cosserat_run(const CosseratCase& c, long steps, long save_every) {
  if (c.dt <= 0) throw std::invalid_argument("cosserat reference: dt must be positive");
  CosseratTrajectory traj;
  CosseratState s = cosserat_initial_state(c);
  traj.states.push_back(s);
  for (long k = 0; k < steps; ++k) {
    const double t_end = static_cast<double>(k + 1) * c.dt;
    s = c.scheme == CosseratScheme::verlet ? verlet_step(c, s, t_end) : rk4_step(c, s, t_end);
    const bool last = k + 1 == steps;
    if (last || (save_every > 0 && (k + 1) % save_every == 0)) traj.states.push_back(s);
  }
  return traj;
}

}  // namespace rodswarm::reference
