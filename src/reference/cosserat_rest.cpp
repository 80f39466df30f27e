/// @file cosserat_rest.cpp
/// Rest data at time t (growth, note section 2), masses, inertias and stiffnesses (section 1.1), end motions
/// (section 1.5) and the case checks.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "reference/cosserat_internal.hpp"

namespace rodswarm::reference::cosserat_detail {
namespace {

void require(bool ok, const char* what) {
  if (!ok) throw std::invalid_argument(std::string("cosserat reference: ") + what);
}

/// Piecewise linear in t through (growth_time, growth_value), constant beyond the first and last points.
double table_value(const CosseratCase& c, double t) {
  const auto& ts = c.growth_time;
  const auto& gs = c.growth_value;
  if (t <= ts.front()) return gs.front();
  if (t >= ts.back()) return gs.back();
  const auto it = std::upper_bound(ts.begin(), ts.end(), t);
  const std::size_t k = static_cast<std::size_t>(it - ts.begin());
  const double w = (t - ts[k - 1]) / (ts[k] - ts[k - 1]);
  return (1 - w) * gs[k - 1] + w * gs[k];
}

}  // namespace

void check_case(const CosseratCase& c) {
  require(c.n >= 1 && c.rods >= 1, "need n >= 1 elements and rods >= 1");
  const auto ne = static_cast<std::size_t>(c.rods * c.n);
  const auto nn = static_cast<Eigen::Index>(c.rods * (c.n + 1));
  require(c.rest_length.size() == ne && c.radius.size() == ne, "rest_length and radius need rods*n entries");
  require(c.rest_sigma.rows() == static_cast<Eigen::Index>(ne), "rest_sigma needs rods*n rows");
  require(c.rest_kappa.rows() == static_cast<Eigen::Index>(c.rods * joints(c)),
          "rest_kappa needs rods*(n-1) rows (rods*n in a ring)");
  if (c.ring) {
    require(c.n >= 3, "a ring needs n >= 3");
    require(c.end0 == CosseratEnd::free && c.end1 == CosseratEnd::free, "a ring has no ends to hold");
    require(c.force0.isZero() && c.force1.isZero() && c.couple0.isZero() && c.couple1.isZero(),
            "a ring has no ends to load");
  }
  require(c.x0.rows() == nn && c.v0.rows() == nn, "x0, v0 need rods*(n+1) rows");
  require(c.Q0.size() == ne && c.w0.rows() == static_cast<Eigen::Index>(ne), "Q0, w0 need rods*n entries");
  require(c.rho > 0 && c.E > 0 && c.G > 0, "rho, E and G must be positive");
  for (std::size_t i = 0; i < ne; ++i) require(c.rest_length[i] > 0 && c.radius[i] > 0, "rest data must be > 0");
  if (c.end0 != CosseratEnd::free) require(c.clamp_x0.rows() == c.rods, "clamp_x0 needs one row per rod");
  if (c.end1 != CosseratEnd::free) require(c.clamp_x1.rows() == c.rods, "clamp_x1 needs one row per rod");
  if (end_has_couple(c.end0)) require(c.clamp_Q0.size() == static_cast<std::size_t>(c.rods), "clamp_Q0 per rod");
  if (end_has_couple(c.end1)) require(c.clamp_Q1.size() == static_cast<std::size_t>(c.rods), "clamp_Q1 per rod");
  if (c.growth == CosseratGrowth::table)
    require(!c.growth_time.empty() && c.growth_time.size() == c.growth_value.size(), "growth table sizes");
}

bool end_fixed(CosseratEnd e) { return e != CosseratEnd::free && e != CosseratEnd::sliding; }
bool end_has_couple(CosseratEnd e) { return e == CosseratEnd::clamped || e == CosseratEnd::prescribed; }

bool node_fixed(const CosseratCase& c, int j) {
  return (j == 0 && end_fixed(c.end0)) || (j == c.n && end_fixed(c.end1));
}

int node_sliding_end(const CosseratCase& c, int j) {
  if (j == 0 && c.end0 == CosseratEnd::sliding) return 0;
  if (j == c.n && c.end1 == CosseratEnd::sliding) return 1;
  return -1;
}

Mat3 slide_projector(const CosseratCase& c, int end) {
  const Vec3 u = (end == 0 ? c.slide_direction0 : c.slide_direction1).normalized();
  const bool line = (end == 0 ? c.slide0 : c.slide1) == CosseratSlide::line;
  return line ? Mat3(u * u.transpose()) : Mat3(Mat3::Identity() - u * u.transpose());
}

Mat3 foundation_projector(const CosseratCase& c) {
  const Vec3 u = c.foundation_direction.normalized();
  return c.foundation == CosseratFoundation::plane ? Mat3(u * u.transpose())
                                                   : Mat3(Mat3::Identity() - u * u.transpose());
}

std::vector<bool> growth_zone(const CosseratCase& c) {
  std::vector<bool> zone(static_cast<std::size_t>(c.rods * c.n), false);
  for (int r = 0; r < c.rods; ++r) {
    double total = 0;
    for (int i = 0; i < c.n; ++i) total += c.rest_length[elem(c, r, i)];
    double s = 0;
    for (int i = 0; i < c.n; ++i) {
      const double li = c.rest_length[elem(c, r, i)];
      zone[elem(c, r, i)] = s + 0.5 * li > total * (1.0 - c.growth_zone);
      s += li;
    }
  }
  return zone;
}

Eigen::VectorXd growth_at(const CosseratCase& c, double t, const Eigen::VectorXd& state_growth) {
  const Eigen::Index ne = c.rods * c.n;
  if (c.growth == CosseratGrowth::none) return Eigen::VectorXd::Ones(ne);
  if (c.growth == CosseratGrowth::lockhart) return state_growth;
  const double value = c.growth == CosseratGrowth::exponential ? std::exp(c.growth_rate * t) : table_value(c, t);
  const std::vector<bool> zone = growth_zone(c);
  Eigen::VectorXd g = Eigen::VectorXd::Ones(ne);
  for (Eigen::Index i = 0; i < ne; ++i)
    if (zone[static_cast<std::size_t>(i)]) g(i) = value;
  return g;
}

Rest rest_at(const CosseratCase& c, double t, const Eigen::VectorXd& g) {
  const auto ne = static_cast<std::size_t>(c.rods * c.n);
  const auto nn = static_cast<std::size_t>(c.rods * (c.n + 1));
  const auto nv = static_cast<std::size_t>(c.rods * joints(c));
  Rest rest;
  rest.lh.resize(ne);
  rest.lh0 = c.rest_length;
  rest.area.resize(ne);
  rest.I1.resize(ne);
  rest.J.resize(ne);
  rest.S.resize(ne);
  rest.B.resize(ne);
  std::vector<double> mass_length(ne);
  for (std::size_t i = 0; i < ne; ++i) {
    rest.lh[i] = g(static_cast<Eigen::Index>(i)) * c.rest_length[i];
    const double r = c.radius[i];
    rest.area[i] = kPi * r * r;
    rest.I1[i] = kPi * r * r * r * r / 4.0;
    mass_length[i] = c.mass_rule == CosseratMassRule::density ? rest.lh[i] : rest.lh0[i];
    const double I1 = rest.I1[i], A = rest.area[i];
    rest.J[i] = c.rho * mass_length[i] * Vec3(I1, I1, 2 * I1);
    rest.S[i] = Vec3(c.shear_coeff * c.G * A, c.shear_coeff * c.G * A, c.E * A);
    rest.B[i] = Vec3(c.E * I1, c.E * I1, c.G * 2 * I1);
  }
  rest.sigma_hat = c.rest_sigma;
  rest.mass.assign(nn, 0.0);
  rest.node_radius.assign(nn, 0.0);
  rest.node_area.assign(nn, 0.0);
  rest.Dnode.assign(nn, 0.0);
  rest.Dnode0.assign(nn, 0.0);
  for (int r = 0; r < c.rods; ++r) {
    for (int j = 0; j <= c.n; ++j) {
      double m = 0, rad = 0, area = 0, D = 0;
      int count = 0;
      for (int i : {j - 1, j}) {
        if (c.ring) i = (i + c.n) % c.n;  // node 0 and node n of a ring lie between elements n - 1 and 0
        if (i < 0 || i >= c.n) continue;
        const std::size_t e = elem(c, r, i);
        m += 0.5 * c.rho * rest.area[e] * mass_length[e];
        rad += c.radius[e];
        area += rest.area[e];
        D += 0.5 * rest.lh[e];
        rest.Dnode0[node(c, r, j)] += 0.5 * c.rest_length[e];
        ++count;
      }
      const std::size_t k = node(c, r, j);
      rest.mass[k] = m;
      rest.node_radius[k] = rad / count;
      rest.node_area[k] = area / count;
      rest.Dnode[k] = D;
    }
  }
  rest.Dh.resize(nv);
  rest.Bv.resize(nv);
  rest.kappa_hat = c.rest_kappa;
  const std::vector<bool> zone = growth_zone(c);
  for (int r = 0; r < c.rods; ++r) {
    for (int k = 0; k < joints(c); ++k) {
      const std::size_t a = elem(c, r, k), b = elem_after(c, r, k), v = vor(c, r, k);
      rest.Dh[v] = 0.5 * (rest.lh[a] + rest.lh[b]);
      rest.Bv[v] = (rest.B[a] * rest.lh[a] + rest.B[b] * rest.lh[b]) / (rest.lh[a] + rest.lh[b]);
      // Decision: the curvature rate acts only when a growth law is set (docs: "With growth, ...").
      if (c.growth != CosseratGrowth::none && (zone[a] || zone[b]))
        rest.kappa_hat.row(row(v)) += t * c.curvature_rate.transpose();
    }
  }
  return rest;
}

EndMotion end_motion(const CosseratCase& c, int rod, int end, double t) {
  const CosseratEnd kind = end == 0 ? c.end0 : c.end1;
  const Eigen::MatrixX3d& xs = end == 0 ? c.clamp_x0 : c.clamp_x1;
  const std::vector<Eigen::Matrix3d>& qs = end == 0 ? c.clamp_Q0 : c.clamp_Q1;
  EndMotion m;
  m.x = xs.rows() > rod ? Vec3(xs.row(rod).transpose()) : Vec3::Zero();
  m.v = Vec3::Zero();
  m.a = Vec3::Zero();
  m.Q = qs.size() > static_cast<std::size_t>(rod) ? qs[static_cast<std::size_t>(rod)] : Mat3::Identity();
  if (kind != CosseratEnd::prescribed) return m;
  const Vec3& u = end == 0 ? c.end_velocity0 : c.end_velocity1;
  const Vec3& amp = end == 0 ? c.end_amplitude0 : c.end_amplitude1;
  const double om = 2 * kPi * (end == 0 ? c.end_frequency0 : c.end_frequency1);
  const double rate = end == 0 ? c.end_twist_rate0 : c.end_twist_rate1;
  m.x += u * t + amp * std::sin(om * t);
  m.v = u + amp * om * std::cos(om * t);
  m.a = -amp * om * om * std::sin(om * t);
  m.Q = exp_so3(-rate * t * Vec3::UnitZ()) * m.Q;
  return m;
}

double baumgarte(const CosseratCase& c) {
  if (c.baumgarte > 0) return c.baumgarte;
  require(c.dt > 0, "gauss constraints need baumgarte > 0 or dt > 0");
  return 1.0 / (5.0 * c.dt);
}

}  // namespace rodswarm::reference::cosserat_detail
