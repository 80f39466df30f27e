/// @file cosserat_reference.hpp
/// Independent CPU reference for the discrete 3D Cosserat rod (docs/models/cosserat.md, sections 0-4),
/// Eigen/double. Written from that page, not from the backends: it includes no rodswarm/ header, so agreement
/// between the two means something.
///
/// Conventions (note section 0): directors are the ROWS of Q = [d1; d2; d3]; v_body = Q v_lab; angular velocity w
/// and curvature kappa are body-frame; dQ/dt = -hat(w) Q. Staggered layout (section 1.1): per rod n elements,
/// n + 1 nodes, n - 1 Voronoi points. A case holds `rods` rods of n elements each; rod r owns rows
/// [r(n+1), (r+1)(n+1)) of node arrays, [r n, (r+1) n) of element arrays and [r(n-1), (r+1)(n-1)) of Voronoi arrays.
#pragma once

#include <array>
#include <vector>

#include <Eigen/Dense>

namespace rodswarm::reference {

enum class CosseratLaw { variational, pyelastica };                     ///< note 1.3 (V) and (P)
enum class CosseratScheme { verlet, rk4 };                              ///< note 1.6: position Verlet, RKMK4
enum class CosseratEnd { free, clamped, pinned, prescribed, sliding };  ///< note 1.5; sliding: a roller
enum class CosseratSlide { line, plane };                               ///< what a sliding end stays on
enum class CosseratFoundation { none, plane, line };                    ///< Winkler foundation's reference
enum class CosseratConstraints { overwrite, gauss };  ///< fixed/prescribed ends by overwrite or by UK (3.2)
enum class CosseratGrowth { none, exponential, table, lockhart };  ///< note 2
enum class CosseratMassRule { density, conserved };                ///< note 2, "Mass and stiffness" (a) and (b)
enum class CosseratObstacle { none, sphere, cylinder };
enum class CosseratSurface { none, plane, sphere, cylinder };
/// A law of the distributed-load list, per unit rest length at t; s the rest arc length at t from the rod's node 0
/// (a node's for forces, an element's midpoint for couples).
enum class CosseratLoadLaw {
  force_wave,        ///< on nodes, lab: a sin(k s - omega t + phi)
  couple_wave,       ///< on elements, lab: the same
  body_couple_wave,  ///< on elements, in the element's frame: the same
  drag,              ///< each element: -sum_k c_k ((v - U) . d_k) d_k per length on its nodes' velocities
};
struct CosseratLoad {
  CosseratLoadLaw law = CosseratLoadLaw::force_wave;
  Eigen::Vector3d vector = Eigen::Vector3d::Zero();  ///< waves: amplitude a; drag: (c1, c2, c3)
  Eigen::Vector3d flow = Eigen::Vector3d::Zero();    ///< drag: the medium's velocity U
  double wavenumber = 0, frequency = 0, phase = 0;   ///< waves: k, omega, phi
};
/// The elements' bending couples: the continuum's (truncated) or the exact gradient of the bending energy.
enum class CosseratBending { truncated, exact };

/// One member. Every vector is in the lab frame unless it says body.
struct CosseratCase {
  int n = 0;     ///< elements per rod
  int rods = 1;  ///< rods in the member
  /// Closed rods: element n - 1 of each rod ends at node n, which is node 0 again (kept as a row of its own so
  /// that the arrays match open rods; it gets node 0's force and mass), and a last Voronoi point joins element n - 1
  /// to element 0, so a ring has n of them. No ends: both free, no end loads.
  bool ring = false;
  CosseratLaw law = CosseratLaw::variational;
  CosseratBending bending = CosseratBending::truncated;
  CosseratScheme scheme = CosseratScheme::verlet;
  CosseratEnd end0 = CosseratEnd::free, end1 = CosseratEnd::free;
  CosseratConstraints constraints = CosseratConstraints::overwrite;
  double rho = 0, E = 0, G = 0, shear_coeff = 1;
  double damping_force = 0, damping_torque = 0;  ///< -nu_f m_j v_j on nodes, -nu_t J_i w_i on elements (body)
  Eigen::Vector3d g = Eigen::Vector3d::Zero();
  Eigen::Vector3d force0 = Eigen::Vector3d::Zero(), force1 = Eigen::Vector3d::Zero();    ///< on node 0 / node n
  Eigen::Vector3d couple0 = Eigen::Vector3d::Zero(), couple1 = Eigen::Vector3d::Zero();  ///< on element 0 / n-1 (lab)
  Eigen::Vector3d force_density = Eigen::Vector3d::Zero();   ///< per unit reference length, lumped on nodes
  Eigen::Vector3d couple_density = Eigen::Vector3d::Zero();  ///< per unit reference length, on elements (lab)
  std::vector<CosseratLoad> loads;                           ///< the distributed-load list, summed (not in the energy)

  // rest data (per element / Voronoi point), at t = 0
  std::vector<double> rest_length;  ///< l^_i(0), R n
  std::vector<double> radius;       ///< circular section radius, R n
  Eigen::MatrixX3d rest_sigma;      ///< R n x 3, body
  Eigen::MatrixX3d rest_kappa;      ///< R (n-1) x 3 (rings: R n), body, per unit reference length

  // clamps at t = 0, one per rod and end
  Eigen::MatrixX3d clamp_x0, clamp_x1;              ///< R x 3
  std::vector<Eigen::Matrix3d> clamp_Q0, clamp_Q1;  ///< R, rows = directors
  // prescribed ends: x_c(t) = x_c(0) + u t + a sin(2 pi f t); Q_c(t) = exp(-(rate t) hat(e3)) Q_c(0), i.e. the
  // clamp frame turns about its own d3 by the angle rate * t
  Eigen::Vector3d end_velocity0 = Eigen::Vector3d::Zero(), end_velocity1 = Eigen::Vector3d::Zero();
  Eigen::Vector3d end_amplitude0 = Eigen::Vector3d::Zero(), end_amplitude1 = Eigen::Vector3d::Zero();
  double end_frequency0 = 0, end_frequency1 = 0, end_twist_rate0 = 0, end_twist_rate1 = 0;
  double baumgarte = 0;  ///< gauss: alpha = beta; 0 means 1/(5 dt)
  // sliding ends: the node stays on the line (direction) or plane (normal) through its clamp_x
  CosseratSlide slide0 = CosseratSlide::line, slide1 = CosseratSlide::line;
  Eigen::Vector3d slide_direction0 = Eigen::Vector3d::UnitX(), slide_direction1 = Eigen::Vector3d::UnitX();

  // elastic (Winkler) foundation: force -(k u + c u') per unit INITIAL rest length on every node, u the offset of
  // the node along the plane's normal (plane) or perpendicular to the line (line)
  CosseratFoundation foundation = CosseratFoundation::none;
  double foundation_stiffness = 0, foundation_damping = 0;
  Eigen::Vector3d foundation_point = Eigen::Vector3d::Zero(), foundation_direction = Eigen::Vector3d::UnitZ();

  // growth
  CosseratGrowth growth = CosseratGrowth::none;
  CosseratMassRule mass_rule = CosseratMassRule::density;
  double growth_rate = 0, growth_zone = 1;
  std::vector<double> growth_time, growth_value;  ///< table
  double lockhart_phi = 0, lockhart_yield = 0;
  Eigen::Vector3d curvature_rate = Eigen::Vector3d::Zero();  ///< body, on Voronoi points of the growth zone

  // contact (penalty)
  double contact_stiffness = 0, contact_damping = 0, contact_exponent = 1;
  bool plane = false;
  Eigen::Vector3d plane_point = Eigen::Vector3d::Zero(), plane_normal = Eigen::Vector3d::UnitZ();
  Eigen::Vector3d mu_static = Eigen::Vector3d::Zero(), mu_kinetic = Eigen::Vector3d::Zero();  ///< fwd, bwd, lateral
  double slip_velocity = 1e-4;
  CosseratObstacle obstacle = CosseratObstacle::none;
  Eigen::Vector3d obstacle_center = Eigen::Vector3d::Zero(), obstacle_axis = Eigen::Vector3d::UnitZ();
  double obstacle_radius = 0;
  bool self_contact = false;

  // surface confinement by UK
  CosseratSurface surface = CosseratSurface::none;
  Eigen::Vector3d surface_point = Eigen::Vector3d::Zero(), surface_normal = Eigen::Vector3d::UnitZ();
  double surface_radius = 0;

  // initial state
  Eigen::MatrixX3d x0, v0;          ///< R (n+1) x 3
  std::vector<Eigen::Matrix3d> Q0;  ///< R n
  Eigen::MatrixX3d w0;              ///< R n x 3, body
  double dt = 0;
};

struct CosseratState {
  double t = 0;
  Eigen::MatrixX3d x, v;           ///< R (n+1) x 3
  std::vector<Eigen::Matrix3d> Q;  ///< R n
  Eigen::MatrixX3d w;              ///< R n x 3, body
  Eigen::VectorXd growth;          ///< R n: g_i = l^_i(t) / l^_i(0)
};

struct CosseratTrajectory {
  std::vector<CosseratState> states;  ///< initial, every save_every steps, final (not twice)
};

/// The case's initial state (t = 0, growth 1, fixed end velocities zeroed).
CosseratState cosserat_initial_state(const CosseratCase& c);

/// Integrates `steps` steps of the case's scheme; saves as described on CosseratTrajectory (save_every <= 0:
/// initial and final only).
CosseratTrajectory cosserat_run(const CosseratCase& c, long steps, long save_every);

/// Accelerations at a state: node accelerations (R(n+1) x 3, lab) and body angular accelerations (R n x 3), with
/// every force of the case (elastic, damping, loads, contact) and, when constraints == gauss, the UK constraint
/// forces; with overwrite, fixed nodes get zero acceleration. `free_only` = true returns a_f = M^-1 F (no
/// constraint force at all, fixed nodes not zeroed).
struct CosseratAcceleration {
  Eigen::MatrixX3d node;     ///< x''
  Eigen::MatrixX3d element;  ///< w' (body)
};
CosseratAcceleration cosserat_acceleration(const CosseratCase& c, const CosseratState& s, bool free_only = false);

/// Energy split. elastic_stretch_shear = 1/2 sum l^ (sigma-sigma^)^T S (sigma-sigma^); bend_twist = 1/2 sum D^
/// (kappa-kappa^)^T B (kappa-kappa^) (including the boundary half-Voronoi springs of clamped/prescribed ends);
/// gravity = -sum m g.x; loads = -force0.x_0 - force1.x_n (per rod) - sum of lumped force_density.x; contact =
/// penalty energy k/(p+1) pen^(p+1); foundation = 1/2 k |u|^2 per initial rest length; total = all of them. (Law
/// (V) energies; under (P) report the same formulas.)
struct CosseratEnergy {
  double translational = 0, rotational = 0, stretch_shear = 0, bend_twist = 0, gravity = 0, loads = 0, contact = 0,
         foundation = 0, total = 0;
};
CosseratEnergy cosserat_energy(const CosseratCase& c, const CosseratState& s);

/// Gauss's function Z_t(a) = 1/2 (a - a_f)^T M (a - a_f) (note 3.1) at state s for accelerations a.
double cosserat_gauss_zt(const CosseratCase& c, const CosseratState& s, const CosseratAcceleration& a);

/// The static residual Z_s (note 3.1) with accelerations taken as zero: 1/2 sum D_j R_f^T S^-1 R_f +
/// 1/2 sum l^_i R_m^T B^-1 R_m, over free nodes and all elements (fixed nodes' reactions excluded).
double cosserat_static_residual(const CosseratCase& c, const CosseratState& s);

/// Closest points of segments [p1, q1] and [p2, q2] (Ericson, Real-Time Collision Detection 5.1.9, epsilon 1e-12):
/// a = p1 + s (q1 - p1), b = p2 + t (q2 - p2), s, t in [0, 1]. Used by self and rod-rod contact.
struct CosseratClosestPoints {
  double s = 0, t = 0;
  Eigen::Vector3d a = Eigen::Vector3d::Zero(), b = Eigen::Vector3d::Zero();
};
CosseratClosestPoints cosserat_closest_points(const Eigen::Vector3d& p1, const Eigen::Vector3d& q1,
                                              const Eigen::Vector3d& p2, const Eigen::Vector3d& q2);

}  // namespace rodswarm::reference
