/// @file cosserat_internal.hpp
/// Private helpers of the Cosserat reference (docs/cosserat_discretisation.md): SO(3) exp/log, indexing, rest data
/// at a time t (growth), masses and inertias, end motions, strains, and the generalised forces. One place computes
/// them, so the forces, the energy and the diagnostics cannot disagree.
#pragma once

#include <cmath>
#include <vector>

#include <Eigen/Dense>

#include "reference/cosserat_reference.hpp"

namespace rodswarm::reference::cosserat_detail {

inline constexpr double kPi = 3.14159265358979323846;

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

/// hat(a) b = a x b.
inline Mat3 hat(const Vec3& a) {
  Mat3 m;
  m << 0, -a(2), a(1), a(2), 0, -a(0), -a(1), a(0), 0;
  return m;
}

/// dexp_X^-1 = I - hat(X)/2 + (1/t^2)(1 - (t/2) cot(t/2)) hat(X)^2, t = |X| (the Bernoulli series below t = 1e-3):
/// the exact gradient of the bending energy at a joint turned by X is dexp^-T of its couple.
inline Mat3 dexp_inverse(const Vec3& X) {
  const double t = X.norm();
  const double q = t < 1e-3 ? 1.0 / 12 + t * t / 720 : (1 - 0.5 * t / std::tan(0.5 * t)) / (t * t);
  const Mat3 h = hat(X);
  return Mat3::Identity() - 0.5 * h + q * h * h;
}

/// vee(hat(a)) = a; for a general matrix, the vee of its skew part.
inline Vec3 vee(const Mat3& m) { return 0.5 * Vec3(m(2, 1) - m(1, 2), m(0, 2) - m(2, 0), m(1, 0) - m(0, 1)); }

/// Rodrigues: exp(hat a) = I + (sin t/t) hat a + ((1 - cos t)/t^2) hat a^2 (Taylor below t = 1e-4).
inline Mat3 exp_so3(const Vec3& a) {
  const double t = a.norm();
  const Mat3 h = hat(a);
  double s1 = 0, s2 = 0;
  if (t < 1e-4) {
    s1 = 1.0 - t * t / 6.0;
    s2 = 0.5 - t * t / 24.0;
  } else {
    s1 = std::sin(t) / t;
    s2 = (1.0 - std::cos(t)) / (t * t);
  }
  return Mat3::Identity() + s1 * h + s2 * h * h;
}

/// log(R)^vee by atan2 (note section 0). Near pi the axis comes from the largest diagonal of R + I.
inline Vec3 log_so3(const Mat3& r) {
  const Vec3 w(r(2, 1) - r(1, 2), r(0, 2) - r(2, 0), r(1, 0) - r(0, 1));  // vee(R - R^T) = 2 sin t axis
  const double sn = 0.5 * w.norm(), cs = 0.5 * (r.trace() - 1.0);
  const double t = std::atan2(sn, cs);
  if (t < 1e-4) return (0.5 + t * t / 12.0) * w;
  if (t < 3.0) return t / (2.0 * std::sin(t)) * w;
  // Near pi: sym(R) = cos t I + (1 - cos t) u u^T, so u u^T = (sym(R) - cos t I) / (1 - cos t).
  const Mat3 uu = (0.5 * (r + r.transpose()) - cs * Mat3::Identity()) / (1.0 - cs);
  int k = 0;
  uu.diagonal().maxCoeff(&k);
  Vec3 u = uu.col(k) / std::sqrt(uu(k, k));
  if (u.dot(w) < 0) u = -u;  // sign from the (small) antisymmetric part
  return t * u;
}

/// c(t) = (1 - (t/2) cot(t/2)) / t^2 of dexp^-1 (1/12 + t^2/720 below t = 1e-3).
inline double dexpinv_c(double t) {
  if (t < 1e-3) return 1.0 / 12.0 + t * t / 720.0;
  return (1.0 - 0.5 * t / std::tan(0.5 * t)) / (t * t);
}

inline std::size_t node(const CosseratCase& c, int r, int j) { return static_cast<std::size_t>(r * (c.n + 1) + j); }
inline std::size_t elem(const CosseratCase& c, int r, int i) { return static_cast<std::size_t>(r * c.n + i); }
/// Voronoi points per rod: n - 1, or n in a ring (the last joins element n - 1 to element 0).
inline int joints(const CosseratCase& c) { return c.ring ? c.n : c.n - 1; }
inline std::size_t vor(const CosseratCase& c, int r, int k) { return static_cast<std::size_t>(r * joints(c) + k); }
/// The element after Voronoi point k of rod r: k + 1, or 0 where a ring closes.
inline std::size_t elem_after(const CosseratCase& c, int r, int k) { return elem(c, r, (k + 1) % c.n); }
/// Node n of a ring is node 0 again: sums over material points skip it, and it takes node 0's force.
inline bool repeated_node(const CosseratCase& c, int j) { return c.ring && j == c.n; }
inline Eigen::Index row(std::size_t k) { return static_cast<Eigen::Index>(k); }
inline Vec3 get(const Eigen::MatrixX3d& m, std::size_t k) { return m.row(row(k)).transpose(); }
inline void add(Eigen::MatrixX3d& m, std::size_t k, const Vec3& v) { m.row(row(k)) += v.transpose(); }

/// Throws std::invalid_argument unless the case's sizes and constants are usable.
void check_case(const CosseratCase& c);

/// Element i of every rod is in the growth zone when its initial midpoint arc length exceeds L0 (1 - zone).
std::vector<bool> growth_zone(const CosseratCase& c);

/// g_i at time t: closed-form laws from t (zone elements; 1 elsewhere), Lockhart (and none) from `state_growth`.
Eigen::VectorXd growth_at(const CosseratCase& c, double t, const Eigen::VectorXd& state_growth);

/// Rest data, masses and stiffnesses at a time t for the growth factors g (docs: "Per rod").
struct Rest {
  std::vector<double> lh, lh0, area, I1;  ///< per element
  std::vector<double> Dh;                 ///< per Voronoi point
  std::vector<double> mass;               ///< per node
  std::vector<double> node_radius;        ///< per node: mean of the adjacent elements' radii
  std::vector<double> node_area;          ///< per node: mean of the adjacent elements' areas
  std::vector<double> Dnode;              ///< per node: (lh_{j-1} + lh_j)/2, one term at the ends
  std::vector<double> Dnode0;             ///< the same with the initial rest lengths (the foundation's share)
  std::vector<Vec3> J, S, B;              ///< per element: diagonals (body)
  std::vector<Vec3> Bv;                   ///< per Voronoi point: length-weighted B
  Eigen::MatrixX3d kappa_hat;             ///< per Voronoi point at time t
  Eigen::MatrixX3d sigma_hat;             ///< per element
};
Rest rest_at(const CosseratCase& c, double t, const Eigen::VectorXd& g);

/// Motion of a fixed end (clamped, pinned: at rest at clamp_x; prescribed: x_c(t), Q_c(t)).
struct EndMotion {
  Vec3 x, v, a;
  Mat3 Q;
};
bool end_fixed(CosseratEnd e);
bool end_has_couple(CosseratEnd e);  ///< clamped and prescribed carry the half-Voronoi couple
EndMotion end_motion(const CosseratCase& c, int rod, int end, double t);
/// True when node j of a rod is a fixed end node.
bool node_fixed(const CosseratCase& c, int j);
/// The end (0 or 1) whose sliding constraint holds node j of a rod, or -1.
int node_sliding_end(const CosseratCase& c, int j);
/// Whether node j of a rod is confined to the surface (held and sliding ends take precedence).
bool node_confined(const CosseratCase& c, int j);
/// The surface's unit normal at x: the plane's, or radial from the sphere's centre or the cylinder's axis.
Vec3 surface_normal(const CosseratCase& c, const Vec3& x);
/// The projector on the directions a sliding end may move in: u u^T on a line, I - n n^T on a plane.
Mat3 slide_projector(const CosseratCase& c, int end);
/// The projector on the displacements the foundation resists: n n^T for a plane, I - u u^T for a line.
Mat3 foundation_projector(const CosseratCase& c);
/// After a step (docs "Surface confinement"): gauss-held end nodes take x_c, x_c' exactly; confined nodes move to
/// x - phi grad(phi) and lose the normal part of their velocity.
void project_constraints(const CosseratCase& c, CosseratState& s);
/// A sliding end's node of rod r back on its line or plane through x_c, its velocity along it.
void slide_back(const CosseratCase& c, int r, int end, CosseratState& s);

/// Strains and stresses of one state (docs "Strains", law V stresses).
struct Strains {
  std::vector<Vec3> l;        ///< lab, per element
  std::vector<double> ell;    ///< |l_i|
  std::vector<double> e;      ///< dilatation per element
  std::vector<double> eps;    ///< Voronoi dilatation
  std::vector<Vec3> sigma;    ///< body
  std::vector<Vec3> nstress;  ///< n_i = S (sigma - sigma^), body
  std::vector<Vec3> kappa;    ///< body, per Voronoi point
  std::vector<Vec3> tau;      ///< B (kappa - kappa^), body
  /// Boundary half-Voronoi springs per rod and end (zero where the end carries no couple).
  std::vector<Vec3> kappa_b0, tau_b0, kappa_b1, tau_b1;
};
Strains strains(const CosseratCase& c, const Rest& rest, const CosseratState& s);

/// Generalised forces: F (lab, nodes) and Y (body, elements) such that the free accelerations are F/m and
/// Minv_rot Y, where Y already holds the gyroscopic terms (V: + (J w) x w; P: the C_i of docs/models/cosserat.md with e
/// J^-1 applied outside). `velocity_terms` = false evaluates with v = w = 0 and without damping (the static residual).
struct Forces {
  Eigen::MatrixX3d F, Y;
};
Forces generalised_forces(const CosseratCase& c, const Rest& rest, const CosseratState& s, bool velocity_terms = true);

/// Penalty contact (plane, obstacle, self/rod-rod): adds forces to F and moments to Y (body).
void add_contact(const CosseratCase& c, const Rest& rest, const CosseratState& s, Forces& f, bool velocity_terms);
/// Penalty energy k pen^(p+1)/(p+1) over every contact.
double contact_energy(const CosseratCase& c, const Rest& rest, const CosseratState& s);

/// Rotational mass of element i: J (law V) or J/e (law P), diagonal.
Vec3 rotational_mass(const CosseratCase& c, const Rest& rest, const Strains& st, std::size_t i);

/// Baumgarte alpha = beta: c.baumgarte, or 1/(5 dt) when that is 0.
double baumgarte(const CosseratCase& c);

}  // namespace rodswarm::reference::cosserat_detail
