/// @file hd_array.hpp
/// A fixed-size array usable on host and device, trivially copyable (kernels take views holding these by value),
/// with a size of 0 allowed: models differ in how many fields and per-member scalars they have, and a model with
/// none still compiles the same generic code.
#pragma once

#include <cstddef>
#include <utility>

#include "rodswarm/common.hpp"

namespace rodswarm {

template <class T, int N>
struct HdArray {
  T values[N > 0 ? N : 1];  // one unused slot when N == 0: C++ has no zero-length arrays
  RODSWARM_HD T& operator[](int k) { return values[k]; }
  RODSWARM_HD const T& operator[](int k) const { return values[k]; }
  static constexpr int size() { return N; }
};

/// Calls f(std::integral_constant<int, I>{}) for I = 0 .. N-1: a loop whose index is a compile-time constant,
/// so that a model's constexpr tables (fields, extents) can be read in device code.
template <class F, int... I>
RODSWARM_HD void static_for_impl(F&& f, std::integer_sequence<int, I...>) {
  (f(std::integral_constant<int, I>{}), ...);
}
template <int N, class F>
RODSWARM_HD void static_for(F&& f) {
  static_for_impl(f, std::make_integer_sequence<int, N>{});
}

}  // namespace rodswarm
