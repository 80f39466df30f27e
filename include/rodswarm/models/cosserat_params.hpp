/// @file cosserat_params.hpp
/// Parameters of one member of the discrete 3D Cosserat rod ensemble (stretch, shear, bend, twist), with growth
/// (Xue, Qu & Chen 2015, docs/models/cosserat.md), Gauss/Udwadia-Kalaba constraints and penalty contact. The
/// conventions are those of docs/models/cosserat.md, section 0:
///   - directors as ROWS of Q = [d1; d2; d3], v_body = Q v_lab; d3 is the section normal;
///   - angular velocity w and curvature kappa in the BODY frame, dQ/dt = -hat(w) Q;
///   - SI units throughout.
///
/// Layout of one member (section 1.1, staggered): `rods` rods (an assembly, for rod-rod contact), each with n
/// elements, n + 1 nodes and n - 1 Voronoi points. Rod r owns nodes [r (n+1), (r+1)(n+1)), elements [r n, (r+1) n)
/// and Voronoi points [r (n-1), (r+1)(n-1)) of the member. Boundary conditions apply to every rod of the member:
/// end0 to node 0 of each rod, end1 to node n.
///
/// Rings (`ring`): each rod closes on itself. It keeps n elements and n + 1 nodes, node n repeating node 0 (the
/// same material point: the passes give both the same acceleration from the same two elements, so they stay equal
/// bit for bit), and has n Voronoi points, the last (n - 1) joining element n - 1 to element 0. Its Voronoi points
/// are [r n, (r+1) n). A ring has no ends: end0 and end1 are free and the end loads are zero (the config refuses
/// others).
///
/// Plain and trivially copyable: the same struct lives on the host and in device buffers. Arrays that vary along
/// a rod (rest lengths, radii, rest strains) live in the ensemble as its input fields (cosserat_model.hpp).
#pragma once

#include "rodswarm/engine/params_members.hpp"
#include "rodswarm/common.hpp"
#include "rodswarm/lanes.hpp"

namespace rodswarm::cosserat {

/// Constitutive law (note section 1.3).
enum class Law : int {
  variational = 0,  ///< (V) Simo / XQC eq. (26): n = S (sigma - sigma^), tau = B (kappa - kappa^). Default.
  pyelastica = 1,   ///< (P) PyElastica's incompressible dilatation scaling: only for comparing with PyElastica
};

/// Bending and twisting couple of the elements (note section 1.4, "Consistency facts"): the continuum's
/// Delta tau + A(kappa x tau D) (PyElastica's), which is the gradient of the discrete bending energy truncated at
/// second order in the joint angle X = kappa D, or that gradient exactly, dexp_X^-T tau. The truncation leaves forces
/// that are not a gradient by O(X^2): the energy of a bending rod then changes by that much whatever dt (measured:
/// about 1e-6 of it over 2 s for 20 elements on a quarter circle, docs "Surface confinement"); with `exact` the
/// discrete rod is a Hamiltonian system and the schemes keep its energy to their order.
enum class Bending : int {
  truncated = 0,  ///< tau_k + 1/2 X_k x tau_k: the default, results as before
  exact = 1,      ///< + c(theta) X_k x (X_k x tau_k), c = (1 - (theta/2) cot(theta/2)) / theta^2
};

/// Time integrator (note section 1.6).
enum class Scheme : int {
  verlet = 0,  ///< position Verlet (PyElastica "PositionVerlet"): one force evaluation, second order
  rk4 = 1,     ///< RKMK4: classical RK4 on (x, v, Theta, w, growth), Q = exp(-hat Theta) Q_n; fourth order
};

/// Boundary condition of one end (note section 1.5).
enum class EndKind : int {
  free = 0,
  clamped = 1,     ///< x fixed, plus the half-Voronoi boundary couple between the clamp frame and the end element
  pinned = 2,      ///< x fixed only
  prescribed = 3,  ///< a clamp that moves: x_c(t) = x_c0 + u t + a sin(2 pi f t), frame turned about its d3
  sliding = 4,     ///< x held on a line or a plane through the clamp point (a roller): free along it, frame free
};

/// What a sliding end keeps its node on (through the end's clamp point).
enum class Slide : int {
  line = 0,   ///< slide_direction is the line's direction
  plane = 1,  ///< slide_direction is the plane's normal
};

/// The reference of an elastic (Winkler) foundation: a node is pulled back towards it in proportion to its
/// transverse displacement, f = -(k u + c du/dt) per unit initial rest length.
enum class Foundation : int {
  none = 0,
  plane = 1,  ///< u: the displacement along the plane's normal (foundation_direction), from the plane
  line = 2,   ///< u: the displacement perpendicular to the line's direction (foundation_direction), from the line
};

/// A law of the distributed-load list (params.loads; cosserat_loads.hpp computes them, the docs' "Distributed
/// loads" gives each law's formula). Every law is per unit rest length at t, summed over the list.
enum class LoadLaw : int {
  none = 0,
  force_wave = 1,        ///< force on the nodes, lab frame: a sin(k s - omega t + phi), s the node's arc length
  couple_wave = 2,       ///< couple on the elements, lab frame: the same at the element's midpoint
  body_couple_wave = 3,  ///< couple on the elements in their own frame (a muscle's couple): the same
  drag = 4,              ///< resistive force: per element, -sum_k c_k ((v - U) . d_k) d_k, lumped on its nodes
};
inline constexpr int max_loads = 4;

/// How fixed and prescribed end positions are imposed.
enum class ConstraintMethod : int {
  overwrite = 0,  ///< x, v set every stage (PyElastica's way); the reaction is implicit
  gauss = 1,      ///< Udwadia-Kalaba: the constraint force that minimises Gauss's function (note section 3.2)
};

/// Growth law of the rest lengths (note section 2). g_i = l^_i(t) / l^_i(0) per element.
enum class GrowthLaw : int {
  none = 0,
  exponential = 1,  ///< g = exp(rate t) in the growth zone
  table = 2,        ///< g(t) piecewise linear through (growth_time[k], growth_value[k]) in the growth zone
  lockhart = 3,     ///< dg/dt = g phi max(0, n3/A^ - yield) per element (Lockhart 1965), n3 the axial force
};

/// How mass follows growth (note section 2, "Mass and stiffness").
enum class MassRule : int {
  density = 0,    ///< rho A^ per unit reference length is constant: mass grows with l^
  conserved = 1,  ///< each element keeps its initial mass: the density drops as it grows
};

/// A rigid obstacle besides the plane.
enum class Obstacle : int { none = 0, sphere = 1, cylinder = 2 };

/// A surface every free node is confined to by Udwadia-Kalaba (note section 3.2, diagonal A M^-1 A^T).
enum class Surface : int { none = 0, plane = 1, sphere = 2, cylinder = 3 };

inline constexpr int max_growth_table = 8;
/// Reals per rod of clamp data: x_c0 (3), Q_c0 (9), x_c1 (3), Q_c1 (9) at t = 0.
inline constexpr int clamp_size = 24;

template <class Real>
struct Params {
  int n = 0;          ///< elements per rod (>= 2)
  int rods = 1;       ///< rods in the member (an assembly when > 1)
  bool ring = false;  ///< closed rods (rings): see the layout above
  Law law = Law::variational;
  Bending bending = Bending::truncated;
  Scheme scheme = Scheme::verlet;
  EndKind end0 = EndKind::free;
  EndKind end1 = EndKind::free;
  ConstraintMethod constraints = ConstraintMethod::overwrite;

  // material (per unit volume; section geometry per element lives in the ensemble)
  Real rho = 0;          ///< density [kg/m^3]
  Real E = 0;            ///< Young's modulus [Pa]
  Real G = 0;            ///< shear modulus [Pa] (not derived from a Poisson ratio here)
  Real shear_coeff = 1;  ///< kappa_s: S = diag(kappa_s G A, kappa_s G A, E A); state it in every test

  // loads (lab frame unless said otherwise)
  Real damping_force = 0;              ///< nu_f: force -nu_f m_j v_j on every node [1/s]
  Real damping_torque = 0;             ///< nu_t: couple -nu_t J_i w_i on every element [1/s]
  Real g[3] = {0, 0, 0};               ///< gravitational acceleration [m/s^2]
  Real force0[3] = {0, 0, 0};          ///< force on node 0 of each rod [N]
  Real force1[3] = {0, 0, 0};          ///< force on node n of each rod [N]
  Real couple0[3] = {0, 0, 0};         ///< couple on element 0 of each rod, lab frame [N m]
  Real couple1[3] = {0, 0, 0};         ///< couple on element n-1 of each rod, lab frame [N m]
  Real force_density[3] = {0, 0, 0};   ///< distributed force per unit reference length, lumped on nodes [N/m]
  Real couple_density[3] = {0, 0, 0};  ///< distributed couple per unit reference length, lab frame [N m/m]

  // the distributed-load list (params.loads): entry l's law and its numbers
  int loads = 0;                         ///< entries used
  LoadLaw load_law[max_loads] = {};      ///< law of entry l
  Real load_vector[3 * max_loads] = {};  ///< waves: the amplitude a; drag: the coefficients (c1, c2, c3)
  Real load_flow[3 * max_loads] = {};    ///< drag: the medium's velocity U (lab) [m/s]
  Real load_wavenumber[max_loads] = {};  ///< waves: k [rad/m]
  Real load_frequency[max_loads] = {};   ///< waves: omega [rad/s]
  Real load_phase[max_loads] = {};       ///< waves: phi [rad]

  // prescribed ends (clamp positions and frames at t = 0 live in the ensemble, one set per rod)
  Real end_velocity0[3] = {0, 0, 0};     ///< prescribed: u of x_c(t) at end 0 [m/s]
  Real end_velocity1[3] = {0, 0, 0};     ///< prescribed: u at end 1
  Real end_amplitude0[3] = {0, 0, 0};    ///< prescribed: a of x_c(t) at end 0 [m]
  Real end_amplitude1[3] = {0, 0, 0};    ///< prescribed: a at end 1
  Real end_frequency0 = 0;               ///< prescribed: f at end 0 [Hz]
  Real end_frequency1 = 0;               ///< prescribed: f at end 1
  Real end_twist_rate0 = 0;              ///< prescribed: clamp frame turns about its d3 at this rate [rad/s]
  Real end_twist_rate1 = 0;              ///< prescribed: at end 1
  Real baumgarte = 0;                    ///< gauss: alpha = beta of the stabilisation; 0 means 1/(5 dt)
  Slide slide0 = Slide::line;            ///< sliding end 0: a line or a plane through its clamp point
  Slide slide1 = Slide::line;            ///< sliding end 1
  Real slide_direction0[3] = {1, 0, 0};  ///< sliding end 0: the line's direction or the plane's normal (unit)
  Real slide_direction1[3] = {1, 0, 0};  ///< sliding end 1

  // elastic foundation (Winkler), on every node of every rod
  Foundation foundation = Foundation::none;
  Real foundation_stiffness = 0;             ///< k: force per unit initial rest length per unit displacement [N/m^2]
  Real foundation_damping = 0;               ///< c: the same per unit transverse speed [N s/m^2]
  Real foundation_point[3] = {0, 0, 0};      ///< a point of the reference plane or line
  Real foundation_direction[3] = {0, 0, 1};  ///< the plane's normal or the line's direction (unit)

  // growth (section 2)
  GrowthLaw growth = GrowthLaw::none;
  MassRule mass_rule = MassRule::density;
  Real growth_rate = 0;   ///< exponential: rate [1/s]
  Real growth_zone = 1;   ///< fraction of the rod, measured back from end 1, that grows (1: all of it)
  int growth_points = 0;  ///< table: points used
  Real growth_time[max_growth_table] = {};
  Real growth_value[max_growth_table] = {};
  Real lockhart_phi = 0;               ///< lockhart: extensibility phi [1/(Pa s)]
  Real lockhart_yield = 0;             ///< lockhart: yield stress Y [Pa]
  Real curvature_rate[3] = {0, 0, 0};  ///< d(kappa^)/dt on the Voronoi points of the growth zone, body [1/(m s)]

  // contact (section 4.1, penalty)
  Real contact_stiffness = 0;  ///< k_c [N/m^p]; 0 disables every contact
  Real contact_damping = 0;    ///< c_c: -c_c min(0, v_n) n^ while penetrating [N s/m]
  Real contact_exponent = 1;   ///< p: 1 (linear) or 1.5 (Hertz-like)
  bool plane = false;          ///< a ground plane
  Real plane_point[3] = {0, 0, 0};
  Real plane_normal[3] = {0, 0, 1};
  Real mu_static[3] = {0, 0, 0};                 ///< plane friction: (forward along +d3, backward, lateral)
  Real mu_kinetic[3] = {0, 0, 0};                ///< plane friction: (forward, backward, lateral)
  Real slip_velocity = lane::value<Real>(1e-4);  ///< v_eps: regularisation speed of Coulomb friction [m/s]
  Obstacle obstacle = Obstacle::none;
  Real obstacle_center[3] = {0, 0, 0};  ///< sphere centre, or a point on the cylinder's axis
  Real obstacle_axis[3] = {0, 0, 1};    ///< cylinder axis (unit)
  Real obstacle_radius = 0;
  bool self_contact = false;  ///< element-element contact within and between the member's rods

  // surface confinement (section 3.2)
  Surface surface = Surface::none;
  Real surface_point[3] = {0, 0, 0};   ///< plane point, sphere centre or point on the cylinder axis
  Real surface_normal[3] = {0, 0, 1};  ///< plane normal or cylinder axis (unit)
  Real surface_radius = 0;

  Real divergence_bound = 0;  ///< |x_j| above this or a non-finite value: diverged

  /// Every member, in order (params_members.hpp: the conversion between precisions).
  using Members = MemberList<
      &Params::n, &Params::rods, &Params::ring, &Params::law, &Params::bending, &Params::scheme, &Params::end0,
      &Params::end1, &Params::constraints, &Params::rho, &Params::E, &Params::G, &Params::shear_coeff,
      &Params::damping_force, &Params::damping_torque, &Params::g, &Params::force0, &Params::force1, &Params::couple0,
      &Params::couple1, &Params::force_density, &Params::couple_density, &Params::loads, &Params::load_law,
      &Params::load_vector, &Params::load_flow, &Params::load_wavenumber, &Params::load_frequency, &Params::load_phase,
      &Params::end_velocity0, &Params::end_velocity1, &Params::end_amplitude0, &Params::end_amplitude1,
      &Params::end_frequency0, &Params::end_frequency1, &Params::end_twist_rate0, &Params::end_twist_rate1,
      &Params::baumgarte, &Params::slide0, &Params::slide1, &Params::slide_direction0, &Params::slide_direction1,
      &Params::foundation, &Params::foundation_stiffness, &Params::foundation_damping, &Params::foundation_point,
      &Params::foundation_direction, &Params::growth, &Params::mass_rule, &Params::growth_rate, &Params::growth_zone,
      &Params::growth_points, &Params::growth_time, &Params::growth_value, &Params::lockhart_phi,
      &Params::lockhart_yield, &Params::curvature_rate, &Params::contact_stiffness, &Params::contact_damping,
      &Params::contact_exponent, &Params::plane, &Params::plane_point, &Params::plane_normal, &Params::mu_static,
      &Params::mu_kinetic, &Params::slip_velocity, &Params::obstacle, &Params::obstacle_center, &Params::obstacle_axis,
      &Params::obstacle_radius, &Params::self_contact, &Params::surface, &Params::surface_point,
      &Params::surface_normal, &Params::surface_radius, &Params::divergence_bound>;
};

}  // namespace rodswarm::cosserat
