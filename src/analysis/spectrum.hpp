/// @file spectrum.hpp
/// Power spectra of sampled signals, one per ensemble member (docs/rolling_discretisation.md, section 2): the
/// rolling model's Figure 2 (right) from the recorded modal amplitude of one harmonic.
#pragma once

#include <cstdint>
#include <vector>

namespace rodswarm {

/// The spectra of an ensemble on one shared frequency grid.
struct PowerSpectra {
  std::vector<double> omega;  ///< [F] angular frequencies 2 pi j / (N_fft interval), j = 0..N_fft/2
  std::vector<double> power;  ///< [members][F] row-major
};

/// Power spectrum of each member's signal. `signals` is [members][samples] row-major; a member's valid
/// samples are its prefix up to the first non-finite value (NaN padding after a member that stopped early).
/// Per member, over its n valid samples: the mean is removed, the periodic Hann window
/// w_k = (1 - cos(2 pi k / n)) / 2, k = 0..n-1, is applied, the result is zero-padded to
/// N_fft = next power of two >= `samples` (the same for every member, so the grid is shared) and transformed;
/// S_j = |X_j|^2 / sum_k w_k^2, j = 0..N_fft/2 (one-sided, not doubled). A member with fewer than 2 valid
/// samples gets a row of NaN. `interval` is the sampling interval (> 0, finite).
/// Throws std::invalid_argument on a negative count, a size mismatch or a bad interval.
PowerSpectra power_spectra(const std::vector<double>& signals, std::int64_t members, std::int64_t samples,
                           double interval);

}  // namespace rodswarm
