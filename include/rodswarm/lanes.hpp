/// @file lanes.hpp
/// What lets one physics header run one member per instruction stream (Real = float or double: the scalar CPU
/// path, every CUDA thread) or W members per instruction stream (Real = a SIMD pack, W lanes: the CPU's lane
/// backend, src/backends/simd/). A stepper written against these few names compiles for both:
///   lane::Mask<Real>       bool, or the pack's mask: what a comparison of Reals gives;
///   lane::select(m, a, b)  m ? a : b, lane by lane;
///   lane::any(m), all(m)   whether some or every lane holds (the scalar: m itself);
///   lane::sqrt, fabs, pow, isfinite, ...: the scalar std:: functions, or the pack's element-wise ones;
///   lane::Wide<Real>       the float64 type of a per-member scalar (double, or a pack of W doubles);
///   lane::OutcomeOf<Real>  what a stepper returns: one status, or one per lane.
/// A value branch on Real (`if (gap < 0)`) must become a select or an any(): comparing packs gives a mask, which
/// does not convert to bool, so the compiler finds every branch that would be wrong for lanes. For the scalar
/// types every helper is the expression it replaces, so scalar (and CUDA) results do not change by a bit.
///
/// The pack overloads are host-only (std::experimental::simd, libstdc++'s Parallelism TS 2): nvcc never sees them.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "rodswarm/common.hpp"

#if !defined(__CUDACC__)
#include <experimental/simd>
#endif

namespace rodswarm {

#if !defined(__CUDACC__)
namespace stdx = std::experimental;
#endif

/// What a lane stepper returns: the steps it took (the same for every lane: a pack stops at the first step after
/// which some lane failed) and each lane's status afterwards.
template <int W>
struct LanesOutcome {
  std::int64_t steps = 0;
  std::array<std::uint8_t, W> status{};
};

namespace lane {

/// Lane facts of a scalar Real.
template <class Real, class = void>
struct Traits {
  using Mask = bool;
  using Wide = double;
  using Outcome = rodswarm::Outcome;
  static constexpr int width = 1;
};

#if !defined(__CUDACC__)
template <class T, class Abi>
struct Traits<stdx::simd<T, Abi>> {
  using Mask = typename stdx::simd<T, Abi>::mask_type;
  using Wide = stdx::rebind_simd_t<double, stdx::simd<T, Abi>>;
  static constexpr int width = static_cast<int>(stdx::simd<T, Abi>::size());
  using Outcome = LanesOutcome<width>;
};
#endif

template <class Real>
using Mask = typename Traits<Real>::Mask;
template <class Real>
using Wide = typename Traits<Real>::Wide;
template <class Real>
using OutcomeOf = typename Traits<Real>::Outcome;
template <class Real>
inline constexpr int width = Traits<Real>::width;
template <class Real>
inline constexpr bool is_pack = Traits<Real>::width > 1 || !std::is_arithmetic_v<Real>;

// ---- scalars: each helper is the expression it stands for --------------------------------------------------
RODSWARM_HD inline bool any(bool m) { return m; }
RODSWARM_HD inline bool all(bool m) { return m; }
template <class T>
RODSWARM_HD inline T select(bool m, T a, T b) {
  return m ? a : b;
}
RODSWARM_HD inline double sqrt(double x) { return std::sqrt(x); }
RODSWARM_HD inline float sqrt(float x) { return std::sqrt(x); }
RODSWARM_HD inline double fabs(double x) { return std::fabs(x); }
RODSWARM_HD inline float fabs(float x) { return std::fabs(x); }
RODSWARM_HD inline double pow(double x, double y) { return std::pow(x, y); }
RODSWARM_HD inline float pow(float x, float y) { return std::pow(x, y); }
RODSWARM_HD inline bool isfinite(double x) { return std::isfinite(x); }
RODSWARM_HD inline bool isfinite(float x) { return std::isfinite(x); }
/// Sets the status of the member(s) where `m` holds.
RODSWARM_HD inline void mark(Outcome& out, bool m, std::uint8_t status) {
  if (m) out.status = status;
}

// ---- packs: the element-wise versions ------------------------------------------------------------------------
#if !defined(__CUDACC__)
template <class T, class Abi>
inline bool any(const stdx::simd_mask<T, Abi>& m) {
  return stdx::any_of(m);
}
template <class T, class Abi>
inline bool all(const stdx::simd_mask<T, Abi>& m) {
  return stdx::all_of(m);
}
template <class T, class Abi>
inline stdx::simd<T, Abi> select(const stdx::simd_mask<T, Abi>& m, const stdx::simd<T, Abi>& a,
                                 const stdx::simd<T, Abi>& b) {
  stdx::simd<T, Abi> r = b;
  stdx::where(m, r) = a;
  return r;
}
template <class T, class Abi>
inline stdx::simd<T, Abi> sqrt(const stdx::simd<T, Abi>& x) {
  return stdx::sqrt(x);
}
template <class T, class Abi>
inline stdx::simd<T, Abi> fabs(const stdx::simd<T, Abi>& x) {
  return stdx::abs(x);
}
/// x^y lane by lane (libstdc++ calls the scalar pow for each lane: identical to the scalar path's values).
template <class T, class Abi>
inline stdx::simd<T, Abi> pow(const stdx::simd<T, Abi>& x, const stdx::simd<T, Abi>& y) {
  return stdx::pow(x, y);
}
template <class T, class Abi>
inline typename stdx::simd<T, Abi>::mask_type isfinite(const stdx::simd<T, Abi>& x) {
  return stdx::isfinite(x);
}
template <int W, class T, class Abi>
inline void mark(LanesOutcome<W>& out, const stdx::simd_mask<T, Abi>& m, std::uint8_t status) {
  for (int l = 0; l < W; ++l)
    if (m[static_cast<std::size_t>(l)]) out.status[static_cast<std::size_t>(l)] = status;
}
#endif

/// A constant in Real: Real(x) for a scalar; for a pack, x rounded to the element type first (a pack of float has
/// no constructor from double, which would narrow).
template <class Real>
RODSWARM_HD inline Real value(double x) {
  if constexpr (std::is_arithmetic_v<Real>) {
    return static_cast<Real>(x);
  } else {
    return Real(static_cast<typename Real::value_type>(x));
  }
}

/// x^q where q is often exactly 1 (a paper's law with an exponent variant): the product alone when every lane
/// has q == 1, so the common case costs no pow; lanes with other q get the pow.
template <class Real>
RODSWARM_HD inline Real times_pow(Real scale, Real x, Real q) {
  const auto unit = q == Real(1);
  if (lane::all(unit)) return scale * x;
  return lane::select(unit, scale * x, scale * lane::pow(x, q));
}

}  // namespace lane
}  // namespace rodswarm
