/// @file rodpair_reference.cpp
/// The rodpair oracle (rodpair_reference.hpp): the constrained accelerations and the restore's projection as one
/// dense KKT system over both rods' stacked twists, Newton on the tangency to convergence, the restore's gap move,
/// and RKMK4 for both rods together with s1, s2 as two more RK4 states (the se3rod reference's RKMK4, its
/// accelerations replaced by the constrained ones).
#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/rodpair_internal.hpp"

namespace rodswarm::reference {
namespace {

using namespace rodpair_detail;

Se3rodEnd end_of(const Se3rodCase& c, int k) {
  if (k == 0) return c.end0;
  if (k == c.n - 1) return c.end1;
  return Se3rodEnd::free;
}

int dofs(const RodpairCase& c) { return 6 * (c.rod[0].n + c.rod[1].n); }

/// Whether stacked component j (rod 1's nodes, then rod 2's; 6 per node) is held by an end: all of a clamped or
/// prescribed node, the linear part of a pinned one. Held components take no reaction and keep their rates.
std::vector<bool> held(const RodpairCase& c) {
  std::vector<bool> out;
  for (const Se3rodCase& rod : c.rod) {
    for (int k = 0; k < rod.n; ++k) {
      const Se3rodEnd end = end_of(rod, k);
      for (int q = 0; q < 6; ++q)
        out.push_back(end == Se3rodEnd::clamped || end == Se3rodEnd::prescribed ||
                      (end == Se3rodEnd::pinned && q >= 3));
    }
  }
  return out;
}

/// The stacked inertia diagonal of both rods.
Eigen::VectorXd stacked_inertia(const RodpairCase& c) {
  Eigen::VectorXd M(dofs(c));
  Eigen::Index j = 0;
  for (const Se3rodCase& rod : c.rod)
    for (int k = 0; k < rod.n; ++k, j += 6) M.segment<6>(j) = se3rod_node_inertia(rod, k);
  return M;
}

/// The smallest change delta in the kinetic metric that makes the rows' value A (y + delta) + b zero, the held
/// components left alone: [M, -A_h^T; A_h, 0] [delta; lambda] = [0; -(A y + b)], A_h = A with the held columns
/// zeroed, so M delta = A_h^T lambda (the reaction as the rows' transpose). Dense, by partial-pivot LU after the
/// symmetric scaling delta = M^-1/2 z (the inertias span some five decades: rho I of a thin section against rho A h);
/// full pivoting gave the same to round-off at eight times the cost. Returns delta; `lambda` the multiplier (lab
/// frame, the force on rod 1 for accelerations; an impulse for twists).
Eigen::VectorXd kkt_correction(const RodpairCase& c, const Eigen::MatrixXd& A, const Eigen::VectorXd& y,
                               const Eigen::Vector3d& b, Eigen::Vector3d& lambda) {
  const Eigen::Index m = dofs(c);
  const std::vector<bool> hold = held(c);
  Eigen::MatrixXd Ah = A;
  for (Eigen::Index j = 0; j < m; ++j)
    if (hold[static_cast<std::size_t>(j)]) Ah.col(j).setZero();
  const Eigen::VectorXd scale = stacked_inertia(c).cwiseSqrt().cwiseInverse();  // M^-1/2
  const Eigen::MatrixXd As = Ah * scale.asDiagonal();
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(m + 3, m + 3);
  K.topLeftCorner(m, m).setIdentity();
  K.topRightCorner(m, 3) = -As.transpose();
  K.bottomLeftCorner(3, m) = As;
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(m + 3);
  rhs.tail<3>() = -(A * y + b);
  const Eigen::VectorXd x = K.partialPivLu().solve(rhs);
  lambda = x.tail<3>();
  return scale.cwiseProduct(x.head(m));
}

Eigen::VectorXd stack(const RodpairCase& c, const std::vector<Vector6d> (&v)[2]) {
  Eigen::VectorXd out(dofs(c));
  Eigen::Index j = 0;
  for (int i = 0; i < 2; ++i)
    for (const Vector6d& x : v[i]) {
      out.segment<6>(j) = x;
      j += 6;
    }
  return out;
}
void unstack(const RodpairCase& c, const Eigen::VectorXd& x, std::vector<Vector6d> (&v)[2]) {
  Eigen::Index j = 0;
  for (int i = 0; i < 2; ++i) {
    v[i].resize(static_cast<std::size_t>(c.rod[i].n));
    for (Vector6d& out : v[i]) {
      out = x.segment<6>(j);
      j += 6;
    }
  }
}

/// The contact points' rates s' = -J^-1 dF/dt (the tangency kept in time).
Eigen::Vector2d contact_rates(const RodpairCase& c, const RodpairState& s) {
  if (c.frozen) return Eigen::Vector2d::Zero();
  return -tangency_jacobian(c, s).lu().solve(tangency_rate(c, s));
}

/// Both rods' body accelerations under the reaction: free accelerations (the se3rod reference's, ends included)
/// corrected so that A a + bias = 0, the rows' second time derivative held.
void constrained_accelerations(const RodpairCase& c, const RodpairState& s, const Eigen::Vector2d& ds,
                               std::vector<Vector6d> (&a)[2], Eigen::Vector3d& lambda) {
  std::vector<Vector6d> unconstrained[2];
  for (int i = 0; i < 2; ++i) unconstrained[i] = se3rod_free_accelerations(c.rod[i], s.rod[i].g, s.rod[i].xi);
  const Eigen::VectorXd y = stack(c, unconstrained);
  unstack(c, y + kkt_correction(c, rows(c, s), y, bias(c, s, ds), lambda), a);
}

/// Newton on the tangency, iterated to convergence rather than the backend's fixed 2 steps: until a step moves
/// s1, s2 by less than 1e-15 (1 + |s|) or stops shrinking (the round-off floor), at most 20 steps. From the
/// restore's starting points (off by the scheme's error) both end at the same s to round-off.
void newton(const RodpairCase& c, RodpairState& s) {
  double previous = std::numeric_limits<double>::infinity();
  for (int iteration = 0; iteration < 20; ++iteration) {
    const Eigen::Vector2d step = tangency_jacobian(c, s).lu().solve(tangency(c, s));
    s.s1 -= step(0);
    s.s2 -= step(1);
    const double size = step.cwiseAbs().maxCoeff();
    if (size <= 1e-15 * (1 + std::max(std::fabs(s.s1), std::fabs(s.s2))) || size >= previous) break;
    previous = size;
  }
}

bool finite(const RodpairState& s) {
  bool ok = std::isfinite(s.s1) && std::isfinite(s.s2);
  for (const Se3rodState& rod : s.rod) {
    for (std::size_t k = 0; k < rod.g.size(); ++k) ok = ok && rod.g[k].allFinite() && rod.xi[k].allFinite();
  }
  return ok;
}

}  // namespace

void rodpair_place(const RodpairCase& c, RodpairState& s) { newton(c, s); }

void rodpair_restore(const RodpairCase& c, RodpairState& s) {
  if (!c.frozen) newton(c, s);
  // The gap closed by moving the free nodes along n = d/|d|, rod 1's by +mu alpha_k / m_k, rod 2's by
  // -mu beta_m / m_m: the smallest move in the mass metric that closes it at these s1, s2.
  const Eigen::Vector3d d = separation(c, s), n = d.normalized();
  const double gap = d.norm() - (c.rod[0].radius + c.rod[1].radius);
  const std::vector<double> alpha[2] = {weights(c, 0, s.s1), weights(c, 1, s.s2)};
  double mobility = 0;
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < c.rod[i].n; ++k)
      if (end_of(c.rod[i], k) == Se3rodEnd::free)
        mobility += std::pow(alpha[i][static_cast<std::size_t>(k)], 2) / se3rod_node_inertia(c.rod[i], k)(3);
  const double mu = gap / mobility;
  for (int i = 0; i < 2; ++i) {
    for (int k = 0; k < c.rod[i].n; ++k) {
      if (end_of(c.rod[i], k) != Se3rodEnd::free) continue;
      const double move =
          (i == 0 ? mu : -mu) * alpha[i][static_cast<std::size_t>(k)] / se3rod_node_inertia(c.rod[i], k)(3);
      s.rod[i].g[static_cast<std::size_t>(k)].block<3, 1>(0, 3) += move * n;
    }
  }
  if (!c.frozen) newton(c, s);
  // The twists onto the rows: min |xi' - xi|_M subject to A xi' = 0.
  const Eigen::VectorXd xi = stack(c, {s.rod[0].xi, s.rod[1].xi});
  Eigen::Vector3d impulse;
  std::vector<Vector6d> projected[2];
  unstack(c, xi + kkt_correction(c, rows(c, s), xi, Eigen::Vector3d::Zero(), impulse), projected);
  for (int i = 0; i < 2; ++i) s.rod[i].xi = projected[i];
}

RodpairState rodpair_advance(const RodpairCase& c, RodpairState s, long steps) {
  const double dt = c.dt;
  const double fraction[4] = {0.5, 0.5, 1.0, 0.0}, weight[4] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
  const double axial = 3.14159265358979323846 * (c.rod[0].youngs_modulus * c.rod[0].radius * c.rod[0].radius +
                                                 c.rod[1].youngs_modulus * c.rod[1].radius * c.rod[1].radius);
  for (long step = 0; step < steps; ++step) {
    if (!finite(s)) {  // a blown-up state stays NaN (the se3rod reference's guard: Eigen's log must not see it)
      for (Se3rodState& rod : s.rod) {
        for (auto& g : rod.g) g.setConstant(std::numeric_limits<double>::quiet_NaN());
        for (auto& xi : rod.xi) xi.setConstant(std::numeric_limits<double>::quiet_NaN());
      }
      return s;
    }
    // RKMK4 on y = (Theta, xi) per node of both rods, Theta' = dexp_{-Theta}^{-1} xi, xi' = a (constrained), and
    // classical RK4 on (s1, s2) with the tangency rates of each stage.
    const RodpairState start = s;
    RodpairState stage = s;
    std::vector<Vector6d> theta[2], sum_theta[2], sum_xi[2];
    for (int i = 0; i < 2; ++i) {
      const auto n = static_cast<std::size_t>(c.rod[i].n);
      theta[i].assign(n, Vector6d::Zero());
      sum_theta[i].assign(n, Vector6d::Zero());
      sum_xi[i].assign(n, Vector6d::Zero());
    }
    Eigen::Vector2d sum_s = Eigen::Vector2d::Zero();
    for (int q = 0; q < 4; ++q) {
      const Eigen::Vector2d ds = contact_rates(c, stage);
      std::vector<Vector6d> a[2];
      Eigen::Vector3d lambda;
      constrained_accelerations(c, stage, ds, a, lambda);
      if (q == 0) {
        // The separation verdict, from the step's start only (later stages lie off the rows by the scheme's error):
        // tensile beyond round-off, 64 eps of the reaction's and the axial stiffnesses' scale. The same tolerance as
        // the backend's, so that only a normal reaction within round-off of it (1e-11 N for the tests' rods) can
        // get different verdicts; a looser one would open a window of disagreement as wide as itself.
        s.lambda = lambda;
        s.normal = -lambda.dot(separation(c, stage).normalized());
        s.separated = s.normal < -64 * std::numeric_limits<double>::epsilon() * (lambda.norm() + axial);
      }
      sum_s += weight[q] * ds;
      for (int i = 0; i < 2; ++i) {
        for (std::size_t k = 0; k < a[i].size(); ++k) {
          const Vector6d k_theta = se3rod_dexp_minus_inv(theta[i][k]) * stage.rod[i].xi[k];
          sum_theta[i][k] += weight[q] * k_theta;
          sum_xi[i][k] += weight[q] * a[i][k];
          if (q == 3) continue;
          theta[i][k] = fraction[q] * dt * k_theta;
          stage.rod[i].xi[k] = start.rod[i].xi[k] + fraction[q] * dt * a[i][k];
          if (end_of(c.rod[i], static_cast<int>(k)) != Se3rodEnd::clamped)
            stage.rod[i].g[k] = start.rod[i].g[k] * se3rod_exp(theta[i][k]);
        }
      }
      stage.s1 = start.s1 + fraction[q] * dt * ds(0);
      stage.s2 = start.s2 + fraction[q] * dt * ds(1);
    }
    for (int i = 0; i < 2; ++i) {
      for (std::size_t k = 0; k < sum_xi[i].size(); ++k) {
        s.rod[i].xi[k] = start.rod[i].xi[k] + dt * sum_xi[i][k];
        if (end_of(c.rod[i], static_cast<int>(k)) != Se3rodEnd::clamped)
          s.rod[i].g[k] = start.rod[i].g[k] * se3rod_exp(dt * sum_theta[i][k]);
      }
    }
    s.s1 = start.s1 + dt * sum_s(0);
    s.s2 = start.s2 + dt * sum_s(1);
    rodpair_restore(c, s);
    ++s.steps_taken;
    if (s.separated && !c.bilateral) return s;
  }
  return s;
}

double rodpair_energy(const RodpairCase& c, const RodpairState& s) {
  return se3rod_energy(c.rod[0], s.rod[0]) + se3rod_energy(c.rod[1], s.rod[1]);
}

Eigen::Vector3d rodpair_slip(const RodpairCase& c, const RodpairState& s) { return slip(c, s); }

double rodpair_gap(const RodpairCase& c, const RodpairState& s) {
  return separation(c, s).norm() - (c.rod[0].radius + c.rod[1].radius);
}

}  // namespace rodswarm::reference
