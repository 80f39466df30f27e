/// @file test_spectrum.cpp
/// power_spectra: the frequency grid, sines at bin frequencies, two tones, NaN padding, short members, a
/// direct DFT of the windowed signal, argument checks and the speed the rolling driver needs.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "analysis/spectrum.hpp"

namespace rodswarm {
namespace {

const double kPi = std::acos(-1.0);
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A sine of amplitude `a` making `cycles` whole periods over `n` samples.
std::vector<double> sine(std::size_t n, double cycles, double a, double phase = 0.3) {
  std::vector<double> x(n);
  for (std::size_t k = 0; k < n; ++k) {
    x[k] = a * std::sin(2.0 * kPi * cycles * static_cast<double>(k) / static_cast<double>(n) + phase);
  }
  return x;
}

std::size_t argmax(const double* row, std::size_t count) {
  return static_cast<std::size_t>(std::max_element(row, row + count) - row);
}

// The definition, written out independently: mean over the n valid samples, periodic Hann, a direct DFT at
// omega_j = 2 pi j / (n_fft dt) (zero padding is implicit: the sum stops at n).
std::vector<double> direct_power(const std::vector<double>& x, std::size_t n, std::size_t n_fft) {
  double mean = 0;
  for (std::size_t k = 0; k < n; ++k) mean += x[k];
  mean /= static_cast<double>(n);
  std::vector<double> y(n);
  double energy = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const double w = 0.5 - 0.5 * std::cos(2.0 * kPi * static_cast<double>(k) / static_cast<double>(n));
    y[k] = (x[k] - mean) * w;
    energy += w * w;
  }
  std::vector<double> power(n_fft / 2 + 1);
  for (std::size_t j = 0; j < power.size(); ++j) {
    std::complex<double> sum = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const double angle = -2.0 * kPi * static_cast<double>((j * k) % n_fft) / static_cast<double>(n_fft);
      sum += y[k] * std::complex<double>(std::cos(angle), std::sin(angle));
    }
    power[j] = std::norm(sum) / energy;
  }
  return power;
}

TEST(Spectrum, SharedGridFromTheNextPowerOfTwo) {
  const std::vector<double> signals(2 * 100, 1.0);
  const PowerSpectra s = power_spectra(signals, 2, 100, 0.1);
  ASSERT_EQ(s.omega.size(), 65u);  // N_fft = 128
  for (std::size_t j = 0; j < 65; ++j) EXPECT_DOUBLE_EQ(s.omega[j], 2.0 * kPi * static_cast<double>(j) / 12.8);
  ASSERT_EQ(s.power.size(), 2u * 65u);
  // A constant has nothing left once its mean is removed.
  for (const double p : s.power) EXPECT_LE(p, 1e-25);
}

TEST(Spectrum, SineAtABinFrequencyPeaksThereWithTheHannShape) {
  // 256 samples, 20 whole periods: all the power sits in bin 20 and, through the window, bins 19 and 21.
  const std::size_t n = 256;
  const double a = 1.5, dt = 0.01;
  const PowerSpectra s = power_spectra(sine(n, 20, a), 1, static_cast<std::int64_t>(n), dt);
  ASSERT_EQ(s.omega.size(), n / 2 + 1);
  const std::size_t peak = argmax(s.power.data(), s.power.size());
  EXPECT_EQ(peak, 20u);
  EXPECT_DOUBLE_EQ(s.omega[peak], 2.0 * kPi * 20.0 / (static_cast<double>(n) * dt));
  // |X_20| = a N / 4, |X_19| = |X_21| = a N / 8 and sum w^2 = 3 N / 8.
  const double nd = static_cast<double>(n);
  EXPECT_NEAR(s.power[20], a * a * nd / 6.0, 1e-10 * a * a * nd);
  EXPECT_NEAR(s.power[19], a * a * nd / 24.0, 1e-10 * a * a * nd);
  EXPECT_NEAR(s.power[21], a * a * nd / 24.0, 1e-10 * a * a * nd);
  for (std::size_t j = 0; j < s.power.size(); ++j) {
    if (j < 19 || j > 21) {
      EXPECT_LE(s.power[j], 1e-20 * s.power[20]) << j;
    }
  }
}

TEST(Spectrum, TwoTonesShowBothPeaksWithTheirPowerRatio) {
  const std::size_t n = 1024;
  const std::vector<double> low = sine(n, 37, 2.0, 0.1);
  const std::vector<double> high = sine(n, 150, 0.5, 1.2);
  std::vector<double> x(n);
  for (std::size_t k = 0; k < n; ++k) x[k] = low[k] + high[k] + 3.0;  // with an offset the mean removal takes out
  const PowerSpectra s = power_spectra(x, 1, static_cast<std::int64_t>(n), 0.02);
  EXPECT_EQ(argmax(s.power.data(), s.power.size()), 37u);
  EXPECT_EQ(argmax(s.power.data() + 100, s.power.size() - 100) + 100, 150u);
  EXPECT_NEAR(s.power[37] / s.power[150], (2.0 / 0.5) * (2.0 / 0.5), 1e-9);
  EXPECT_LE(s.power[0], 1e-20 * s.power[37]);  // the offset is gone
  EXPECT_LE(s.power[90], 1e-20 * s.power[150]);
}

TEST(Spectrum, MatchesTheDirectDefinitionWithZeroPadding) {
  // 300 samples: N_fft 512, so the valid part is zero-padded.
  std::mt19937_64 rng(11);
  std::normal_distribution<double> normal(0.5, 2.0);
  const std::size_t n = 300;
  std::vector<double> x(n);
  for (double& v : x) v = normal(rng);
  const PowerSpectra s = power_spectra(x, 1, static_cast<std::int64_t>(n), 0.25);
  const std::vector<double> expected = direct_power(x, n, 512);
  ASSERT_EQ(s.power.size(), expected.size());
  const double scale = *std::max_element(expected.begin(), expected.end());
  for (std::size_t j = 0; j < expected.size(); ++j) EXPECT_NEAR(s.power[j], expected[j], 1e-12 * scale) << j;
}

TEST(Spectrum, NaNPaddingEndsAMembersSignal) {
  // Member 0 has all 256 samples; member 1 the same first 200, then NaN padding; member 2 stopped after 150.
  const std::size_t n = 256;
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<double> full(n);
  for (double& v : full) v = uniform(rng);
  std::vector<double> signals;
  signals.reserve(3 * n);
  for (std::size_t k = 0; k < n; ++k) signals.push_back(full[k]);
  for (std::size_t k = 0; k < n; ++k) signals.push_back(k < 200 ? full[k] : kNaN);
  for (std::size_t k = 0; k < n; ++k) signals.push_back(k < 150 ? full[k] : (k == 151 ? 7.0 : kNaN));  // after a NaN
  const PowerSpectra s = power_spectra(signals, 3, static_cast<std::int64_t>(n), 1.0);
  const std::size_t f = n / 2 + 1;
  ASSERT_EQ(s.power.size(), 3 * f);

  const std::vector<std::pair<std::size_t, std::size_t>> members = {{0, 256}, {1, 200}, {2, 150}};
  for (const auto& [i, valid] : members) {
    const std::vector<double> expected = direct_power(full, valid, n);
    const double scale = *std::max_element(expected.begin(), expected.end());
    for (std::size_t j = 0; j < f; ++j) {
      ASSERT_TRUE(std::isfinite(s.power[i * f + j])) << i << " " << j;
      EXPECT_NEAR(s.power[i * f + j], expected[j], 1e-12 * scale) << "member " << i << ", bin " << j;
    }
  }
  // The same member alone, without the padding, gives the same row (the grid depends on `samples` only).
  const PowerSpectra alone = power_spectra(std::vector<double>(full.begin(), full.begin() + 200), 1, 200, 1.0);
  ASSERT_EQ(alone.omega, s.omega);
  for (std::size_t j = 0; j < f; ++j) EXPECT_EQ(alone.power[j], s.power[f + j]) << j;
}

TEST(Spectrum, MembersWithFewerThanTwoValidSamplesGetNaN) {
  const std::vector<double> signals = {kNaN,
                                       1.0,
                                       2.0,
                                       3.0,  // nothing valid (NaN first)
                                       4.0,
                                       kNaN,
                                       1.0,
                                       1.0,  // one sample
                                       1.0,
                                       -1.0,
                                       kNaN,
                                       kNaN,  // two samples: a spectrum
                                       std::numeric_limits<double>::infinity(),
                                       1.0,
                                       2.0,
                                       3.0};  // inf ends it too
  const PowerSpectra s = power_spectra(signals, 4, 4, 0.5);
  ASSERT_EQ(s.omega.size(), 3u);
  for (const std::size_t i : {0u, 1u, 3u}) {
    for (std::size_t j = 0; j < 3; ++j) EXPECT_TRUE(std::isnan(s.power[3 * i + j])) << i << " " << j;
  }
  for (std::size_t j = 0; j < 3; ++j) EXPECT_TRUE(std::isfinite(s.power[6 + j])) << j;
  // Two samples: the periodic Hann window is (0, 1), so the windowed, mean-free signal is (0, -1).
  EXPECT_DOUBLE_EQ(s.power[6 + 0], 1.0);
  EXPECT_DOUBLE_EQ(s.power[6 + 1], 1.0);
  EXPECT_DOUBLE_EQ(s.power[6 + 2], 1.0);
}

TEST(Spectrum, EmptyEnsembleAndNoSamples) {
  const PowerSpectra none = power_spectra({}, 0, 64, 1.0);
  EXPECT_EQ(none.omega.size(), 33u);
  EXPECT_TRUE(none.power.empty());
  const PowerSpectra no_samples = power_spectra({}, 2, 0, 1.0);
  ASSERT_EQ(no_samples.omega, std::vector<double>{0.0});
  ASSERT_EQ(no_samples.power.size(), 2u);
  EXPECT_TRUE(std::isnan(no_samples.power[0]));
}

TEST(Spectrum, RefusesBadArguments) {
  const std::vector<double> signals(6, 0.0);
  EXPECT_THROW(power_spectra(signals, 2, 4, 1.0), std::invalid_argument);   // 6 values, not 8
  EXPECT_THROW(power_spectra(signals, -1, 6, 1.0), std::invalid_argument);  // negative
  EXPECT_THROW(power_spectra(signals, 2, 3, 0.0), std::invalid_argument);
  EXPECT_THROW(power_spectra(signals, 2, 3, -0.1), std::invalid_argument);
  EXPECT_THROW(power_spectra(signals, 2, 3, kNaN), std::invalid_argument);
  EXPECT_NO_THROW(power_spectra(signals, 2, 3, 0.1));
}

// Optimised builds time the full size; Debug and sanitizer builds (10-50x slower) a smaller ensemble, only to
// catch something pathological.
#if defined(NDEBUG) && !defined(RODSWARM_SANITIZED_BUILD)
constexpr std::int64_t kTimedMembers = 2048;
constexpr double kTimeLimit = 0.5;
#else
constexpr std::int64_t kTimedMembers = 256;
constexpr double kTimeLimit = 10.0;
#endif

TEST(Spectrum, LargeEnsembleIsFast) {
  // 2048 members x 4096 samples (N_fft 4096): what a rolling sweep records. Well under a second optimised.
  const std::int64_t members = kTimedMembers, samples = 4096;
  std::vector<double> signals(static_cast<std::size_t>(members * samples));
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  for (double& v : signals) v = uniform(rng);
  const auto start = std::chrono::steady_clock::now();
  const PowerSpectra s = power_spectra(signals, members, samples, 0.01);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(s.power.size(), static_cast<std::size_t>(members) * 2049u);
  EXPECT_TRUE(std::all_of(s.power.begin(), s.power.end(), [](double p) { return std::isfinite(p) && p >= 0; }));
  EXPECT_LT(seconds, kTimeLimit) << members << " members: " << seconds << " s";
  RecordProperty("seconds", std::to_string(seconds));
}

}  // namespace
}  // namespace rodswarm
