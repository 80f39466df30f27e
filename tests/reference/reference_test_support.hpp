/// @file reference_test_support.hpp
/// What the reference tests of every model build their cases with: seeded noise (every run sees the same state).
#pragma once

#include <random>

#include <Eigen/Dense>

namespace rodswarm::reference_test {

inline constexpr double kPi = 3.14159265358979323846;

/// Uniform numbers in [-1, 1] from a fixed seed.
class Noise {
 public:
  explicit Noise(unsigned seed) : gen_(seed) {}
  double operator()() { return dist_(gen_); }
  Eigen::Vector3d vec() {
    const double x = (*this)(), y = (*this)(), z = (*this)();
    return {x, y, z};
  }

 private:
  std::mt19937 gen_;
  std::uniform_real_distribution<double> dist_{-1.0, 1.0};
};

}  // namespace rodswarm::reference_test
