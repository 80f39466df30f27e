/// @file linear_statics.cpp
/// The linear algebra of linear_statics.hpp, compiled once: Newton's step (dense LU, sparse LU or SVD) and the
/// generalised symmetric eigenproblem.
#include "driver/linear_statics.hpp"

#include <Eigen/Dense>
#include <Eigen/SparseLU>
#include <cmath>

namespace rodswarm::statics {

Eigen::VectorXd newton_step(const ReducedSystem& s) {
  if (s.rigid) {
    // Singular values below 1e-9 of the largest are the rigid motions (zero up to the differences' error).
    Eigen::BDCSVD<Eigen::MatrixXd> svd(s.K, Eigen::ComputeThinU | Eigen::ComputeThinV);
    svd.setThreshold(1e-9);
    return svd.solve(s.F);
  }
  if (!s.sparse) return s.K.partialPivLu().solve(s.F);
  Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
  lu.compute(s.K_sparse);
  if (lu.info() != Eigen::Success) return Eigen::VectorXd::Constant(s.F.size(), NAN);
  return lu.solve(s.F);
}

Modes lowest_modes(const ReducedSystem& s, const Eigen::VectorXd& mass, int count) {
  Modes out;
  const auto N = static_cast<Eigen::Index>(s.dofs.size());
  if (N == 0) return out;
  const double largest = s.K.cwiseAbs().maxCoeff();
  out.asymmetry = largest > 0 ? (s.K - s.K.transpose()).cwiseAbs().maxCoeff() / largest : 0.0;
  const Eigen::MatrixXd K = 0.5 * (s.K + s.K.transpose());
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(K, Eigen::MatrixXd(mass.asDiagonal()));
  const int kept = std::min<int>(count, static_cast<int>(N));
  out.vectors = solver.eigenvectors().leftCols(kept);
  for (int m = 0; m < kept; ++m) {
    const double w2 = solver.eigenvalues()(m);
    out.omega.push_back(w2 >= 0 ? std::sqrt(w2) : -std::sqrt(-w2));
  }
  return out;
}

}  // namespace rodswarm::statics
