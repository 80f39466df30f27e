// The lanes' own math (lanes.hpp): the vectorised atan2 against libm's, in both precisions, over every octant and
// the edges (zeros, infinities are not rotation angles and are not asked; NaN propagates).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include "rodswarm/lanes.hpp"

namespace rodswarm {
namespace {

template <class T>
double worst_ulps() {
  using P = stdx::native_simd<T>;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> angle(-3.14159265358979, 3.14159265358979), scale(-6, 6);
  double worst = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    P y, x;
    for (std::size_t l = 0; l < P::size(); ++l) {
      const double a = angle(rng), r = std::pow(10.0, scale(rng));
      y[l] = static_cast<T>(r * std::sin(a));
      x[l] = static_cast<T>(r * std::cos(a));
    }
    if (trial == 0) {  // the axes and the origin
      y[0] = 0, x[0] = 1;
      y[1] = 1, x[1] = 0;
    }
    const P got = lane::atan2(y, x);
    for (std::size_t l = 0; l < P::size(); ++l) {
      const T want = std::atan2(static_cast<T>(y[l]), static_cast<T>(x[l]));
      const double ulp = std::nextafter(std::fabs(want), std::numeric_limits<T>::infinity()) - std::fabs(want);
      worst = std::max(
          worst, std::fabs(double(got[l]) - double(want)) / (want == 0 ? std::numeric_limits<T>::denorm_min() : ulp));
    }
  }
  return worst;
}

TEST(LaneMath, Atan2IsWithinAFewUlpOfLibm) {
  const double d = worst_ulps<double>(), f = worst_ulps<float>();
  std::printf("atan2: worst %.2f ulp (float64), %.2f ulp (float32)\n", d, f);
  EXPECT_LE(d, 8.0);
  EXPECT_LE(f, 8.0);
}

TEST(LaneMath, Atan2OfZerosAndNaN) {
  using P = stdx::native_simd<double>;
  EXPECT_EQ(lane::atan2(P(0.0), P(0.0))[0], 0.0);
  EXPECT_TRUE(std::isnan(lane::atan2(P(std::nan("")), P(1.0))[0]));
  EXPECT_TRUE(std::isnan(lane::atan2(P(1.0), P(std::nan("")))[0]));
}

}  // namespace
}  // namespace rodswarm
