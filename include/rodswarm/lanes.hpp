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
  using Scalar = Real;
  using Mask = bool;
  using Wide = double;
  using Outcome = rodswarm::Outcome;
  static constexpr int width = 1;
};

#if !defined(__CUDACC__)
template <class T, class Abi>
struct Traits<stdx::simd<T, Abi>> {
  using Scalar = T;
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
using Scalar = typename Traits<Real>::Scalar;
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
RODSWARM_HD inline double sin(double x) { return std::sin(x); }
RODSWARM_HD inline float sin(float x) { return std::sin(x); }
RODSWARM_HD inline double cos(double x) { return std::cos(x); }
RODSWARM_HD inline float cos(float x) { return std::cos(x); }
RODSWARM_HD inline double exp(double x) { return std::exp(x); }
RODSWARM_HD inline float exp(float x) { return std::exp(x); }
RODSWARM_HD inline double atan2(double y, double x) { return std::atan2(y, x); }
RODSWARM_HD inline float atan2(float y, float x) { return std::atan2(y, x); }
RODSWARM_HD inline double hypot(double x, double y) { return std::hypot(x, y); }
RODSWARM_HD inline float hypot(float x, float y) { return std::hypot(x, y); }
RODSWARM_HD inline double floor(double x) { return std::floor(x); }
RODSWARM_HD inline float floor(float x) { return std::floor(x); }
RODSWARM_HD inline double log(double x) { return std::log(x); }
RODSWARM_HD inline float log(float x) { return std::log(x); }
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
/// sin, cos, exp, atan2: libstdc++'s vectorised versions (a few ulp from the scalar libm's).
template <class T, class Abi>
inline stdx::simd<T, Abi> sin(const stdx::simd<T, Abi>& x) {
  return stdx::sin(x);
}
template <class T, class Abi>
inline stdx::simd<T, Abi> cos(const stdx::simd<T, Abi>& x) {
  return stdx::cos(x);
}
template <class T, class Abi>
inline stdx::simd<T, Abi> exp(const stdx::simd<T, Abi>& x) {
  return stdx::exp(x);
}
/// atan2 lane by lane, vectorised here: libstdc++ 12 calls the scalar atan2 for each lane, which was a fifth of a
/// cosserat step (perf). The octant is reduced to a = min/max in [0, 1]; above tan(pi/12), atan(a) = pi/6 +
/// atan((sqrt(3) a - 1)/(a + sqrt(3))), leaving |z| <= tan(pi/12) = 0.268, where the Taylor series of atan to
/// z^31 is below 1e-18 (0.0718^16 / 33); then the octant is undone. Within a few ulp of libm's atan2 (tested in
/// tests/lanes/test_lane_math.cpp); y = x = 0 gives 0 as libm does; NaN propagates.
template <class T, class Abi>
inline stdx::simd<T, Abi> atan2(const stdx::simd<T, Abi>& y, const stdx::simd<T, Abi>& x) {
  using P = stdx::simd<T, Abi>;
  const P ay = stdx::abs(y), ax = stdx::abs(x);
  const auto swap = ay > ax;
  const P hi = select(swap, ay, ax), lo = select(swap, ax, ay);
  P a = lo / hi;
  stdx::where(hi == P(0), a) = P(0);
  const T sqrt3 = static_cast<T>(1.7320508075688772935), pi = static_cast<T>(3.14159265358979323846);
  const auto far = a > P(static_cast<T>(0.26794919243112270647));  // tan(pi/12)
  const P z = select(far, (P(sqrt3) * a - P(1)) / (a + P(sqrt3)), a);
  const P z2 = z * z;
  P sum(static_cast<T>(-1.0 / 31));
  for (int k = 14; k >= 0; --k) sum = P(static_cast<T>((k % 2 == 0 ? 1.0 : -1.0) / (2 * k + 1))) + z2 * sum;
  P r = z * sum + select(far, P(pi / 6), P(0));
  r = select(swap, P(pi / 2) - r, r);
  r = select(x < P(0), P(pi) - r, r);
  r = select(y < P(0), -r, r);
  return select(stdx::isnan(x) || stdx::isnan(y), x + y, r);
}
/// hypot: libstdc++'s vectorised version (scaled against overflow, as libm's; a few ulp from it).
template <class T, class Abi>
inline stdx::simd<T, Abi> hypot(const stdx::simd<T, Abi>& x, const stdx::simd<T, Abi>& y) {
  return stdx::hypot(x, y);
}
/// floor is exact; log lane by lane (libstdc++ calls the scalar log: identical values).
template <class T, class Abi>
inline stdx::simd<T, Abi> floor(const stdx::simd<T, Abi>& x) {
  return stdx::floor(x);
}
template <class T, class Abi>
inline stdx::simd<T, Abi> log(const stdx::simd<T, Abi>& x) {
  return stdx::log(x);
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

/// Real to its float64 form (Wide<Real>: double, or a pack of W doubles) and back, for per-member values a model
/// keeps in float64 whatever the run's precision (a Lyapunov sum); widen_mask and narrow_mask do the same for masks.
RODSWARM_HD inline double widen(double x) { return x; }
RODSWARM_HD inline double widen(float x) { return static_cast<double>(x); }
template <class Real>
RODSWARM_HD inline std::enable_if_t<std::is_arithmetic_v<Real>, Real> narrow(double x) {
  return static_cast<Real>(x);
}
RODSWARM_HD inline bool widen_mask(bool m) { return m; }
template <class Real>
RODSWARM_HD inline std::enable_if_t<std::is_arithmetic_v<Real>, bool> narrow_mask(bool m) {
  return m;
}
#if !defined(__CUDACC__)
template <class T, class Abi>
inline Wide<stdx::simd<T, Abi>> widen(const stdx::simd<T, Abi>& x) {
  return stdx::static_simd_cast<Wide<stdx::simd<T, Abi>>>(x);
}
template <class Real>
inline std::enable_if_t<!std::is_arithmetic_v<Real>, Real> narrow(const Wide<Real>& x) {
  return stdx::static_simd_cast<Real>(x);
}
template <class T, class Abi>
inline Mask<Wide<stdx::simd<T, Abi>>> widen_mask(const stdx::simd_mask<T, Abi>& m) {
  using P = stdx::simd<T, Abi>;
  return widen(select(m, P(1), P(0))) > Wide<P>(0);
}
template <class Real>
inline std::enable_if_t<!std::is_arithmetic_v<Real>, Mask<Real>> narrow_mask(const Mask<Wide<Real>>& m) {
  return narrow<Real>(select(m, Wide<Real>(1), Wide<Real>(0))) > Real(0);
}
#endif

/// Whether a condition the lanes of a pack share holds (a member's model groups its packs so that they do:
/// Model::lane_key); for a scalar, the condition.
RODSWARM_HD inline bool uniform(bool m) { return m; }
#if !defined(__CUDACC__)
template <class T, class Abi>
inline bool uniform(const stdx::simd_mask<T, Abi>& m) {
  return stdx::any_of(m);
}
#endif

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
