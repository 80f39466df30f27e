/// @file se3rod_test_statics.hpp
/// se3rod statics for tests: a straight rod clamped at node 0, and Newton's method on its conservative forces with
/// the intrinsic linearisation (models/se3rod_linearise.hpp), the linear solves with Eigen.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <vector>

#include "rodswarm/models/se3rod_linearise.hpp"
#include "se3rod_test_rod.hpp"

namespace rodswarm::se3rod::test {

/// A cantilever (clamped at node 0) of length 1 and n nodes, of the tests' material with the given shear modulus,
/// pre-stretched by `stretch`.
inline Rod straight(int n, double radius, double shear_modulus, double stretch = 1.0) {
  P p = test_params(n, 1.0 / (n - 1), radius);
  p.shear_modulus = shear_modulus;
  p.end0 = se3rod::End::clamped;
  return Rod(p, stretch);
}

/// K and F restricted to the free degrees of freedom.
struct Reduced {
  Eigen::MatrixXd K;
  Eigen::VectorXd F;
  std::vector<int> dofs;
};
inline Reduced reduced(const Rod& r) {
  Reduced out;
  out.dofs = se3rod::free_dofs(r.p);
  const std::vector<double> K = se3rod::stiffness_matrix(r.pose, r.rest.data(), r.p);
  const std::vector<Twist<double>> F = se3rod::conservative_forces(r.pose, r.rest.data(), r.p);
  const auto N = static_cast<Eigen::Index>(out.dofs.size());
  const std::size_t full = 6 * static_cast<std::size_t>(r.p.n);
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

/// Newton's method on F(g) = 0 (F the conservative body forces), g_k <- g_k exp(zeta_k) with K zeta = F, with the
/// loads applied in `stages` equal increments (continuation for large deflections), each iterated until the residual,
/// below 1e-12 E A, stops halving (it then sits at the round-off of the internal forces, about 1e-15 E A; a first
/// step may raise it). Returns the final residual (the largest free component of F).
inline double axial_stiffness(const Rod& r);
inline double solve_statics(Rod& r, const T& load1, int stages) {
  double residual = 0;
  for (int stage = 1; stage <= stages; ++stage) {
    se3rod::set_twist(r.p.load1, (double(stage) / stages) * load1);
    double previous = INFINITY;
    for (int iteration = 0; iteration < 30; ++iteration) {
      const Reduced s = reduced(r);
      residual = s.F.cwiseAbs().maxCoeff();
      if (residual < 1e-12 * axial_stiffness(r) && residual > 0.5 * previous) break;
      previous = residual;
      const Eigen::VectorXd zeta = s.K.partialPivLu().solve(s.F);  // away from equilibrium K is not symmetric
      std::vector<T> step(static_cast<std::size_t>(r.p.n), T{{0, 0, 0}, {0, 0, 0}});
      for (std::size_t a = 0; a < s.dofs.size(); ++a) {
        const auto d = static_cast<std::size_t>(s.dofs[a]);
        double* comp[6] = {&step[d / 6].w.x, &step[d / 6].w.y, &step[d / 6].w.z,
                           &step[d / 6].v.x, &step[d / 6].v.y, &step[d / 6].v.z};
        *comp[d % 6] = zeta(static_cast<Eigen::Index>(a));
      }
      for (int k = 0; k < r.p.n; ++k)
        se3rod::store_pose(r.pose.data() + 12 * k,
                           se3rod::load_pose(r.pose.data() + 12 * k) * se3_exp(step[static_cast<std::size_t>(k)]));
    }
  }
  return residual;
}

/// E A of a rod, the scale of its internal forces.
inline double axial_stiffness(const Rod& r) { return r.p.youngs_modulus * M_PI * r.p.radius * r.p.radius; }

}  // namespace rodswarm::se3rod::test
