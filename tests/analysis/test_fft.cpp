/// @file test_fft.cpp
/// The radix-2 FFT against a naive DFT, and its size checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <random>
#include <stdexcept>
#include <vector>

#include "analysis/fft.hpp"

namespace rodswarm {
namespace {

using Complex = std::complex<double>;

// X_j = sum_k x_k exp(-2 pi i j k / n), each angle reduced exactly (j k mod n) before its cos and sin.
std::vector<Complex> naive_dft(const std::vector<Complex>& x) {
  const std::size_t n = x.size();
  const double pi = std::acos(-1.0);
  std::vector<Complex> out(n);
  for (std::size_t j = 0; j < n; ++j) {
    Complex sum = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const double angle = -2.0 * pi * static_cast<double>((j * k) % n) / static_cast<double>(n);
      sum += x[k] * Complex(std::cos(angle), std::sin(angle));
    }
    out[j] = sum;
  }
  return out;
}

std::vector<Complex> random_data(std::size_t n, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<Complex> x(n);
  for (Complex& v : x) v = {uniform(rng), uniform(rng)};
  return x;
}

TEST(Fft, MatchesNaiveDftOnRandomDataForEveryPowerOfTwoUpTo1024) {
  std::mt19937_64 rng(20240501);
  for (std::size_t n = 1; n <= 1024; n *= 2) {
    const std::vector<Complex> x = random_data(n, rng);
    const std::vector<Complex> expected = naive_dft(x);
    std::vector<Complex> got = x;
    fft(got);
    double worst = 0;
    for (std::size_t j = 0; j < n; ++j) worst = std::max(worst, std::abs(got[j] - expected[j]));
    EXPECT_LE(worst, 1e-12) << "n = " << n;
  }
}

TEST(Fft, PlanIsReusableAcrossTransforms) {
  std::mt19937_64 rng(7);
  const FftPlan plan(64);
  EXPECT_EQ(plan.size(), 64u);
  for (int repeat = 0; repeat < 3; ++repeat) {
    std::vector<Complex> x = random_data(64, rng);
    const std::vector<Complex> expected = naive_dft(x);
    plan.forward(x.data());
    for (std::size_t j = 0; j < 64; ++j) EXPECT_LE(std::abs(x[j] - expected[j]), 1e-12) << j;
  }
}

TEST(Fft, ImpulseAndConstant) {
  std::vector<Complex> impulse(16, 0.0);
  impulse[0] = 1.0;
  fft(impulse);
  for (const Complex& v : impulse) EXPECT_EQ(v, Complex(1.0, 0.0));

  std::vector<Complex> constant(8, Complex(2.0, -1.0));
  fft(constant);
  EXPECT_EQ(constant[0], Complex(16.0, -8.0));
  for (std::size_t j = 1; j < 8; ++j) EXPECT_LE(std::abs(constant[j]), 1e-14) << j;
}

TEST(Fft, RefusesSizesThatAreNotPowersOfTwo) {
  for (const std::size_t n : std::vector<std::size_t>{0, 3, 6, 12, 1000}) {
    std::vector<Complex> x(n);
    EXPECT_THROW(fft(x), std::invalid_argument) << n;
  }
}

TEST(Fft, PowerOfTwoHelpers) {
  EXPECT_FALSE(is_power_of_two(0));
  EXPECT_TRUE(is_power_of_two(1));
  EXPECT_TRUE(is_power_of_two(1024));
  EXPECT_FALSE(is_power_of_two(1023));
  EXPECT_EQ(next_power_of_two(0), 1u);
  EXPECT_EQ(next_power_of_two(1), 1u);
  EXPECT_EQ(next_power_of_two(3), 4u);
  EXPECT_EQ(next_power_of_two(4096), 4096u);
  EXPECT_EQ(next_power_of_two(4097), 8192u);
}

}  // namespace
}  // namespace rodswarm
