/// @file se3rod_reference.hpp
/// The independent oracle of model se3rod (issue 18): the collocated SE(3) rod of docs/models/cosserat.md
/// section 1.6 with 4x4 homogeneous matrices and 6x6 operators in Eigen, double. It shares no code with the
/// backends' physics (include/rodswarm/models/se3rod*.hpp) and none of their numerics: exp and log are Eigen's
/// matrix functions (Pade and Schur-Parlett), dexp^-1 is its Bernoulli series in ad_X summed to 40 terms, where the
/// backends use closed forms and their dual-number extension.
///
/// Conventions: g = [[R, p], [0, 1]] (R's columns are the section's directors), twists and wrenches are 6-vectors
/// (angular or moment first), xi = g^-1 dg/dt is the body twist.
#pragma once

#include <Eigen/Dense>
#include <vector>

namespace rodswarm::reference {

using Vector6d = Eigen::Matrix<double, 6, 1>;
using Matrix6d = Eigen::Matrix<double, 6, 6>;

/// prescribed: the node keeps the body twist it starts with, g(t) = g(0) exp(t xi(0)).
enum class Se3rodEnd { free, clamped, pinned, prescribed };
enum class Se3rodScheme { rkmk4, lie_euler, variational };

/// A uniform circular rod of n nodes, segments of rest length h.
struct Se3rodCase {
  int n = 2;
  double h = 1, density = 1, youngs_modulus = 1, shear_modulus = 1, shear_coefficient = 1, radius = 1;
  Eigen::Vector3d gravity = Eigen::Vector3d::Zero();
  double damping_force = 0, damping_torque = 0;
  Se3rodEnd end0 = Se3rodEnd::free, end1 = Se3rodEnd::free;
  Vector6d load0 = Vector6d::Zero(), load1 = Vector6d::Zero();  ///< end wrenches (moment, force), lab frame
  Vector6d distributed = Vector6d::Zero();                      ///< dead couple and force per rest length, lab frame
  Se3rodScheme scheme = Se3rodScheme::rkmk4;
  double dt = 1e-3;
  /// Rolling without slipping on the plane n . x = offset: every free node's contact point p - r n does not move
  /// (rkmk4 and lie_euler). Imposed here as one dense KKT system over the whole member (the backends: 3x3 per node).
  bool plane_contact = false;
  Eigen::Vector3d plane_normal = Eigen::Vector3d::UnitZ();
  double plane_offset = 0;
  std::vector<Vector6d> rest_strain;  ///< n - 1: eta^ of each segment
};

struct Se3rodState {
  std::vector<Eigen::Matrix4d> g;  ///< n poses
  std::vector<Vector6d> xi;        ///< n body twists
};

/// hat(xi) as a 4x4 matrix, and its inverse.
Eigen::Matrix4d se3rod_hat(const Vector6d& xi);
Vector6d se3rod_vee(const Eigen::Matrix4d& X);
/// exp and log of SE(3) through Eigen's matrix functions.
Eigen::Matrix4d se3rod_exp(const Vector6d& xi);
Vector6d se3rod_log(const Eigen::Matrix4d& g);
/// dexp_{-X}^{-1} = sum_j b_j (-ad_X)^j ... as a 6x6 matrix (the Bernoulli series of x / (e^x - 1) at -ad_X).
Matrix6d se3rod_dexp_minus_inv(const Vector6d& X);

/// The generalised internal forces on every node (body wrenches), minus the gradient of the elastic energy.
std::vector<Vector6d> se3rod_internal_forces(const Se3rodCase& c, const std::vector<Eigen::Matrix4d>& g);
/// Every node's body acceleration without the plane's contact (whatever c.plane_contact says): the node equation
/// with its forces and its end (clamped and prescribed nodes zero, pinned nodes no linear part). For models that
/// add their own constraints on top (the two rods in rolling contact, rodpair_reference.hpp).
std::vector<Vector6d> se3rod_free_accelerations(const Se3rodCase& c, const std::vector<Eigen::Matrix4d>& g,
                                                const std::vector<Vector6d>& xi);
/// Node k's inertia diagonal (rho I1, rho I1, rho I3, m, m, m) over its Voronoi length (m = rho A h, h/2 at an end).
Vector6d se3rod_node_inertia(const Se3rodCase& c, int k);
/// Kinetic + elastic + gravity + end forces' potential.
double se3rod_energy(const Se3rodCase& c, const Se3rodState& s);
/// `steps` steps of the case's scheme.
Se3rodState se3rod_advance(const Se3rodCase& c, Se3rodState s, long steps);

}  // namespace rodswarm::reference
