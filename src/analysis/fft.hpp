/// @file fft.hpp
/// Iterative radix-2 fast Fourier transform (decimation in time, in place), for the rolling model's spectra.
/// Convention: X_j = sum_k x_k exp(-2 pi i j k / n), unnormalised, as numpy.fft.fft.
#pragma once

#include <complex>
#include <cstddef>
#include <vector>

namespace rodswarm {

/// Whether `n` is a power of two (1 included, 0 not).
bool is_power_of_two(std::size_t n);

/// The smallest power of two >= n (1 for n <= 1).
std::size_t next_power_of_two(std::size_t n);

/// Precomputed bit-reversal permutation and twiddle factors for transforms of one size, so that many
/// transforms of that size (one per member) share them.
class FftPlan {
 public:
  /// `n` must be a power of two (std::invalid_argument otherwise).
  explicit FftPlan(std::size_t n);

  std::size_t size() const { return n_; }

  /// Transforms `data[0..size())` in place.
  void forward(std::complex<double>* data) const;

 private:
  std::size_t n_;
  std::vector<std::size_t> reversed_;           ///< bit-reversed index of each index
  std::vector<std::complex<double>> twiddles_;  ///< exp(-2 pi i k / n), k < n / 2, each from its own sincos
};

/// Forward transform of `data` in place; its size must be a power of two (std::invalid_argument otherwise).
void fft(std::vector<std::complex<double>>& data);

}  // namespace rodswarm
