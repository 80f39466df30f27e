/// @file cosserat_test_ring.hpp
/// A ring for tests of closed cosserat rods (params.ring), built here apart from the config layer: a regular polygon
/// in the xy plane, node n a copy of node 0, d3 along the chords, d1 towards the centre, d2 = +z.
#pragma once

#include <algorithm>
#include <cmath>

#include "cosserat_test_rod.hpp"

namespace rodswarm::cosserat::test {

// G = E / 2: C / A = G J / (E I) = 1 for the model's circular sections, so Tw_c = sqrt(3).
inline constexpr double L = 1, r = 0.004, rho = 1000, E = 1e6, Gm = E / 2, kappa_s = 0.9;

/// A ring of n sides of L / n in the xy plane about the origin, node n a copy of node 0; d3 along the chords, d1
/// towards the centre, d2 = +z. `straight`: a naturally straight rod closed into it (rest curvature 0), else the
/// ring is its rest shape; either way twisted by `turns` (the rest twist lowered by 2 pi turns / L).
inline TestRod<double> ring(int n, bool straight, double turns) {
  TestRod<double> rod(n, L, r, E, Gm, rho, kappa_s);
  rod.p.ring = true;
  rod.p.bending = cosserat::Bending::exact;
  const double R = L / (2 * n * std::sin(M_PI / n));
  for (int j = 0; j < n; ++j) {
    rod.x[3 * j] = R * std::cos(2 * M_PI * j / n);
    rod.x[3 * j + 1] = R * std::sin(2 * M_PI * j / n);
    rod.x[3 * j + 2] = 0;
  }
  std::copy_n(rod.x.begin(), 3, rod.x.begin() + 3 * n);
  for (int i = 0; i < n; ++i) {
    const double phi = 2 * M_PI * (i + 0.5) / n;
    const double Q[9] = {-std::cos(phi), -std::sin(phi), 0, 0, 0, 1, -std::sin(phi), std::cos(phi), 0};
    std::copy(Q, Q + 9, rod.Q.begin() + 9 * i);
  }
  rod.kappa_hat.assign(3 * static_cast<std::size_t>(n), 0.0);  // a ring has n Voronoi points
  for (int k = 0; k < n; ++k) {
    if (!straight) {
      const Vec3<double> X =
          so3_log(times_transpose(load9(rod.Q.data() + 9 * k), load9(rod.Q.data() + 9 * ((k + 1) % n))));
      store3(rod.kappa_hat.data() + 3 * k, (double(n) / L) * X);
    }
    rod.kappa_hat[3 * k + 2] -= 2 * M_PI * turns / L;
  }
  return rod;
}

inline bool repeats_node0(const TestRod<double>& rod, int n) {
  for (int c = 0; c < 3; ++c)
    if (rod.x[3 * n + c] != rod.x[c] || rod.v[3 * n + c] != rod.v[c]) return false;
  return true;
}

}  // namespace rodswarm::cosserat::test
