/// @file se3rod_equilibrium.hpp
/// An se3rod member's static equilibrium under its loads (gravity, end wrenches) by Newton's method on the intrinsic
/// linearisation (models/se3rod_linearise.hpp): g_k <- g_k exp(zeta_k) with K zeta = F on the degrees of freedom
/// the ends leave free, through the generic driver/linear_statics.hpp; and the small-oscillation modes about a
/// state. Host only, Eigen, float64: `rodswarm modes` and the
/// statics tests use it.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <vector>

#include "driver/linear_statics.hpp"
#include "rodswarm/models/se3rod_linearise.hpp"

namespace rodswarm::se3rod {

using statics::ReducedSystem;

/// K and F restricted to the free degrees of freedom of a member at the poses `pose`.
inline ReducedSystem reduced_system(const std::vector<double>& pose, const double* rest, const Params<double>& p) {
  ReducedSystem out;
  out.dofs = free_dofs(p);
  const std::vector<double> K = stiffness_matrix(pose, rest, p);
  const std::vector<Twist<double>> F = conservative_forces(pose, rest, p);
  const auto N = static_cast<Eigen::Index>(out.dofs.size());
  const std::size_t full = 6 * static_cast<std::size_t>(p.n);
  out.K.resize(N, N);
  out.F.resize(N);
  for (Eigen::Index a = 0; a < N; ++a) {
    const auto da = static_cast<std::size_t>(out.dofs[static_cast<std::size_t>(a)]);
    const Twist<double>& f = F[da / 6];
    const double comp[6] = {f.w.x, f.w.y, f.w.z, f.v.x, f.v.y, f.v.z};
    out.F(a) = comp[da % 6];
    for (Eigen::Index b = 0; b < N; ++b)
      out.K(a, b) = K[da * full + static_cast<std::size_t>(out.dofs[static_cast<std::size_t>(b)])];
  }
  return out;
}

/// The largest free force component, moments divided by the segment length (a force too); NaN when any is (a
/// state that blew up must never read as converged).
inline double force_residual(const ReducedSystem& s, double h) {
  double r = 0;
  for (std::size_t a = 0; a < s.dofs.size(); ++a) {
    const double x = std::fabs(s.F(static_cast<Eigen::Index>(a))) / (s.dofs[a] % 6 < 3 ? h : 1.0);
    if (std::isnan(x)) return x;
    r = std::max(r, x);
  }
  return r;
}

/// E A, the scale of a member's internal forces.
inline double axial_stiffness(const Params<double>& p) {
  return p.youngs_modulus * 3.14159265358979323846 * p.radius * p.radius;
}

using statics::EquilibriumResult;

/// The loads (gravity, end wrenches, distributed loads) of p scaled by s.
inline Params<double> scaled_loads(Params<double> p, double s) {
  for (double& g : p.gravity) g *= s;
  for (int q = 0; q < 6; ++q) {
    p.load0[q] *= s;
    p.load1[q] *= s;
    p.distributed[q] *= s;
  }
  return p;
}

/// A member's statics as driver/linear_statics.hpp sees it: the poses move by g_k <- g_k exp(zeta_k).
class StaticsProblem {
 public:
  StaticsProblem(std::vector<double>& pose, const double* rest, const Params<double>& p)
      : pose_(pose), rest_(rest), p_(p) {}
  std::vector<double> state() const { return pose_; }
  void set_state(const std::vector<double>& pose) { pose_ = pose; }
  ReducedSystem system(double load_scale) const { return reduced_system(pose_, rest_, scaled_loads(p_, load_scale)); }
  double residual(const ReducedSystem& s) const { return force_residual(s, p_.h); }
  double tolerance() const { return 1e-10 * axial_stiffness(p_); }
  void step(const ReducedSystem& s, const Eigen::VectorXd& zeta) {
    std::vector<Twist<double>> step(static_cast<std::size_t>(p_.n), Twist<double>{{0, 0, 0}, {0, 0, 0}});
    for (std::size_t a = 0; a < s.dofs.size(); ++a) {
      const auto d = static_cast<std::size_t>(s.dofs[a]);
      double* comp[6] = {&step[d / 6].w.x, &step[d / 6].w.y, &step[d / 6].w.z,
                         &step[d / 6].v.x, &step[d / 6].v.y, &step[d / 6].v.z};
      *comp[d % 6] = zeta(static_cast<Eigen::Index>(a));
    }
    for (int k = 0; k < p_.n; ++k)
      store_pose(pose_.data() + 12 * k, load_pose(pose_.data() + 12 * k) * se3_exp(step[static_cast<std::size_t>(k)]));
  }

 private:
  std::vector<double>& pose_;
  const double* rest_;
  const Params<double>& p_;
};

/// Newton from `pose` to the equilibrium of p (statics::solve_equilibrium: the residual below 1e-10 E A, load
/// increments where needed). `pose` is left at the equilibrium, or at the start when no increment count converged.
inline EquilibriumResult solve_equilibrium(std::vector<double>& pose, const double* rest, const Params<double>& p) {
  StaticsProblem problem(pose, rest, p);
  return statics::solve_equilibrium(problem);
}

/// The lowest `count` modes about the poses `pose` (statics::lowest_modes), each shape returned node by node in
/// the lab frame (rotation vector, displacement).
struct Modes {
  std::vector<double> omega, shapes;  ///< [count], [count][n][6]
  double asymmetry = 0;               ///< statics::Modes::asymmetry
};
inline Modes small_oscillations(const std::vector<double>& pose, const double* rest, const Params<double>& p,
                                int count) {
  const ReducedSystem s = reduced_system(pose, rest, p);
  Modes out;
  const auto N = static_cast<Eigen::Index>(s.dofs.size());
  if (N == 0) return out;
  const std::vector<double> mass = mass_diagonal(p);
  Eigen::VectorXd M(N);
  for (Eigen::Index a = 0; a < N; ++a) M(a) = mass[static_cast<std::size_t>(s.dofs[static_cast<std::size_t>(a)])];
  statics::Modes found = statics::lowest_modes(s, M, count);
  out.omega = std::move(found.omega);
  out.asymmetry = found.asymmetry;
  const int kept = static_cast<int>(out.omega.size());
  const auto n = static_cast<std::size_t>(p.n);
  out.shapes.assign(static_cast<std::size_t>(kept) * n * 6, 0.0);
  for (int m = 0; m < kept; ++m) {
    std::vector<double> body(6 * n, 0.0);
    for (Eigen::Index a = 0; a < N; ++a)
      body[static_cast<std::size_t>(s.dofs[static_cast<std::size_t>(a)])] = found.vectors(a, m);
    for (std::size_t k = 0; k < n; ++k) {
      const Pose<double> g = load_pose(pose.data() + 12 * k);
      const Vec3<double> w = g.R * Vec3<double>{body[6 * k], body[6 * k + 1], body[6 * k + 2]};
      const Vec3<double> v = g.R * Vec3<double>{body[6 * k + 3], body[6 * k + 4], body[6 * k + 5]};
      const double lab[6] = {w.x, w.y, w.z, v.x, v.y, v.z};
      std::copy(lab, lab + 6, &out.shapes[(static_cast<std::size_t>(m) * n + k) * 6]);
    }
  }
  return out;
}

}  // namespace rodswarm::se3rod
