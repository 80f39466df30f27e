/// @file field_error.hpp
/// Running max |a - b| and max |b| of one compared field (compare of every model).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

namespace rodswarm {

struct FieldError {
  double max_abs = 0.0, max_ref = 0.0;
  void add(double value, double reference) {
    const double diff = std::fabs(value - reference);
    // A NaN on either side (a diverged member) is an infinite error, never a silent pass.
    max_abs = std::isnan(diff) ? std::numeric_limits<double>::infinity() : std::max(max_abs, diff);
    max_ref = std::max(max_ref, std::fabs(reference));
  }
  /// A scale below which the field counts as zero: relative errors are taken against at least this.
  void floor(double scale) { max_ref = std::max(max_ref, scale); }
  double relative() const { return max_ref > 0 ? max_abs / max_ref : max_abs; }
};

}  // namespace rodswarm
