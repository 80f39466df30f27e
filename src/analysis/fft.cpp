/// @file fft.cpp
/// Iterative radix-2 FFT (see fft.hpp).
#include "analysis/fft.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace rodswarm {

bool is_power_of_two(std::size_t n) { return n != 0 && (n & (n - 1)) == 0; }

std::size_t next_power_of_two(std::size_t n) {
  std::size_t p = 1;
  while (p < n) p <<= 1;
  return p;
}

FftPlan::FftPlan(std::size_t n) : n_(n), reversed_(n), twiddles_(n / 2) {
  if (!is_power_of_two(n)) throw std::invalid_argument("FFT size " + std::to_string(n) + " is not a power of two");
  std::size_t bits = 0;
  while ((std::size_t{1} << bits) < n) ++bits;
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t r = 0;
    for (std::size_t b = 0; b < bits; ++b) r |= ((k >> b) & 1U) << (bits - 1 - b);
    reversed_[k] = r;
  }
  // Each twiddle from its own cos/sin (no recurrence), so the error stays at a few ulps for every size.
  const double step = -2.0 * std::acos(-1.0) / static_cast<double>(n);
  for (std::size_t k = 0; k < n / 2; ++k) {
    const double angle = step * static_cast<double>(k);
    twiddles_[k] = {std::cos(angle), std::sin(angle)};
  }
}

void FftPlan::forward(std::complex<double>* data) const {
  // Locals, not members, in the loops: stores through `data` could otherwise alias them and force reloads.
  const std::size_t n = n_;
  const std::size_t* reversed = reversed_.data();
  const std::complex<double>* twiddles = twiddles_.data();
  for (std::size_t k = 0; k < n; ++k) {
    if (k < reversed[k]) std::swap(data[k], data[reversed[k]]);
  }
  // Butterflies: blocks of length `len`, twiddle exp(-2 pi i m / len) = twiddles[m * n / len].
  for (std::size_t len = 2; len <= n; len <<= 1) {
    const std::size_t half = len / 2;
    const std::size_t stride = n / len;
    for (std::size_t start = 0; start < n; start += len) {
      std::complex<double>* lo = data + start;
      std::complex<double>* hi = lo + half;
      for (std::size_t m = 0; m < half; ++m) {
        const std::complex<double> w = twiddles[m * stride];
        // Written out: std::complex's operator* checks for infinities (C99 Annex G) and is slow.
        const double re = w.real() * hi[m].real() - w.imag() * hi[m].imag();
        const double im = w.real() * hi[m].imag() + w.imag() * hi[m].real();
        const std::complex<double> t(re, im);
        hi[m] = lo[m] - t;
        lo[m] += t;
      }
    }
  }
}

void fft(std::vector<std::complex<double>>& data) {
  const FftPlan plan(data.size());
  plan.forward(data.data());
}

}  // namespace rodswarm
