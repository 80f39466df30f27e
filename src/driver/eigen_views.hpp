/// @file eigen_views.hpp
/// The engine's arrays (doubles, xyz interleaved, 3x3 matrices row-major) as the Eigen values the independent
/// references (src/reference/) take: what every model's compare uses to state a member for its reference.
#pragma once

#include <cstdint>

#include <Eigen/Dense>

namespace rodswarm {

inline Eigen::Vector3d vector3_of(const double* p) { return Eigen::Vector3d(p[0], p[1], p[2]); }

/// A row-major 3x3.
inline Eigen::Matrix3d matrix3_of(const double* rows) {
  return Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(rows);
}

/// `count` 3-vectors, one per row.
inline Eigen::MatrixX3d rows3_of(const double* data, std::int64_t count) {
  return Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, 3, Eigen::RowMajor>>(data, count, 3);
}

}  // namespace rodswarm
