/// @file random_draw.hpp
/// Reproducible random numbers for ensembles. std::uniform_real_distribution and friends are
/// implementation-defined (libstdc++ and libc++ give different streams), so only std::mt19937_64's raw output,
/// which the standard fixes bit for bit, is used, and the transforms are written out here.
#pragma once

#include <cstdint>
#include <random>

namespace rodswarm::config_detail {

class DeterministicRng {
 public:
  explicit DeterministicRng(std::uint64_t seed) : engine_(seed) {}

  /// Uniform on [0, 1): the top 53 bits of one draw, times 2^-53.
  double uniform01() { return static_cast<double>(engine_() >> 11) * 0x1p-53; }

  /// Uniform on (0, 1): the midpoint of the same 2^53 cells (for quantile functions, which are infinite at 0).
  double uniform_open01() { return (static_cast<double>(engine_() >> 11) + 0.5) * 0x1p-53; }

  /// Standard normal by Box-Muller; always consumes two draws (the sine twin is dropped so that every member
  /// consumes the same number of draws whatever came before).
  double normal();

  /// Uniform integer in [0, bound), bound >= 1, without modulo bias (rejection of the short last cycle).
  std::uint64_t below(std::uint64_t bound);

 private:
  std::mt19937_64 engine_;
};

/// Inverse of the standard normal CDF for 0 < p < 1 (Acklam's rational approximation refined by one Halley step:
/// close to double precision).
double normal_quantile(double p);

}  // namespace rodswarm::config_detail
