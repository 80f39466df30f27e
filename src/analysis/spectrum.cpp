/// @file spectrum.cpp
/// power_spectra (see spectrum.hpp).
#include "analysis/spectrum.hpp"

#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>

#include "analysis/fft.hpp"

namespace rodswarm {

PowerSpectra power_spectra(const std::vector<double>& signals, std::int64_t members, std::int64_t samples,
                           double interval) {
  if (members < 0 || samples < 0) {
    throw std::invalid_argument("power_spectra: negative size (members " + std::to_string(members) + ", samples " +
                                std::to_string(samples) + ")");
  }
  const auto m_count = static_cast<std::size_t>(members);
  const auto s_count = static_cast<std::size_t>(samples);
  if (signals.size() != m_count * s_count) {
    throw std::invalid_argument("power_spectra: " + std::to_string(signals.size()) + " values, expected members " +
                                std::to_string(members) + " x samples " + std::to_string(samples));
  }
  if (!(std::isfinite(interval) && interval > 0)) {
    throw std::invalid_argument("power_spectra: sampling interval " + std::to_string(interval) +
                                " is not positive and finite");
  }

  const std::size_t n_fft = next_power_of_two(s_count);
  const std::size_t frequencies = n_fft / 2 + 1;
  PowerSpectra out;
  out.omega.resize(frequencies);
  const double pi = std::acos(-1.0);
  const double d_omega = 2.0 * pi / (static_cast<double>(n_fft) * interval);
  for (std::size_t j = 0; j < frequencies; ++j) out.omega[j] = d_omega * static_cast<double>(j);
  out.power.assign(m_count * frequencies, std::numeric_limits<double>::quiet_NaN());

  const FftPlan plan(n_fft);
  std::vector<std::complex<double>> buffer(n_fft);
  std::vector<double> window;  // the Hann window of the last valid length seen (members often share it)
  double window_energy = 0;
  for (std::size_t i = 0; i < m_count; ++i) {
    const double* x = signals.data() + i * s_count;
    std::size_t n = 0;
    while (n < s_count && std::isfinite(x[n])) ++n;
    if (n < 2) continue;  // no spectrum from fewer than 2 samples: the row stays NaN

    if (window.size() != n) {
      window.resize(n);
      window_energy = 0;
      for (std::size_t k = 0; k < n; ++k) {
        window[k] = 0.5 * (1.0 - std::cos(2.0 * pi * static_cast<double>(k) / static_cast<double>(n)));
        window_energy += window[k] * window[k];
      }
    }
    double mean = 0;
    for (std::size_t k = 0; k < n; ++k) mean += x[k];
    mean /= static_cast<double>(n);
    for (std::size_t k = 0; k < n; ++k) buffer[k] = {(x[k] - mean) * window[k], 0.0};
    for (std::size_t k = n; k < n_fft; ++k) buffer[k] = {0.0, 0.0};

    plan.forward(buffer.data());
    double* row = out.power.data() + i * frequencies;
    for (std::size_t j = 0; j < frequencies; ++j) row[j] = std::norm(buffer[j]) / window_energy;
  }
  return out;
}

}  // namespace rodswarm
