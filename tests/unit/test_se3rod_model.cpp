// Model se3rod's internal forces (models/se3rod.hpp) against what defines them: minus the gradient of the discrete
// energy (central differences along every body direction of every node, on a strongly bent and twisted chain with
// coarse segments), zero on a stress-free discrete helix, and a stretched straight rod's closed form.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "rodswarm/models/se3rod.hpp"

namespace rodswarm {
namespace {

using T = Twist<double>;
using G = Pose<double>;
using Law = se3rod::SegmentLaw<double>;

double energy(const std::vector<G>& g, const std::vector<Law>& laws) {
  double U = 0;
  for (std::size_t k = 0; k + 1 < g.size(); ++k) U += se3rod::segment_energy(g[k], g[k + 1], laws[k]);
  return U;
}

std::vector<T> forces(const std::vector<G>& g, const std::vector<Law>& laws) {
  std::vector<T> F(g.size(), T{{0, 0, 0}, {0, 0, 0}});
  for (std::size_t k = 0; k + 1 < g.size(); ++k) {
    const auto f = se3rod::segment_forces(g[k], g[k + 1], laws[k]);
    F[k] = F[k] + f.first;
    F[k + 1] = F[k + 1] + f.second;
  }
  return F;
}

T unit(int j) {
  T e{{0, 0, 0}, {0, 0, 0}};
  double* c[6] = {&e.w.x, &e.w.y, &e.w.z, &e.v.x, &e.v.y, &e.v.z};
  *c[j] = 1;
  return e;
}

TEST(Se3rodModel, ForcesAreMinusTheGradientOfTheEnergy) {
  std::mt19937 rng(11);
  std::normal_distribution<double> n(0.0, 1.0);
  std::uniform_real_distribution<double> u(0.5, 2.0);
  // Six nodes, segments turning by up to about a radian with shear, anisotropic stiffness, nonzero rest strains.
  std::vector<G> g{G::identity()};
  std::vector<Law> laws;
  for (int k = 0; k < 5; ++k) {
    const T step{{0.6 * n(rng), 0.6 * n(rng), 0.6 * n(rng)}, {0.1 * n(rng), 0.1 * n(rng), 0.3 + 0.05 * n(rng)}};
    g.push_back(g.back() * se3_exp(step));
    Law law;
    law.stiffness = {{u(rng), u(rng), u(rng)}, {5 * u(rng), 5 * u(rng), 20 * u(rng)}};
    law.rest_strain = {{0.2 * n(rng), 0.2 * n(rng), 0.2 * n(rng)}, {0.05 * n(rng), 0.05 * n(rng), 1.0}};
    law.length = 0.3 * u(rng);
    laws.push_back(law);
  }
  const std::vector<T> F = forces(g, laws);
  const double s = 1e-6;
  double scale = 0;
  for (const T& f : F) scale = std::max({scale, norm(f.w), norm(f.v)});
  for (std::size_t k = 0; k < g.size(); ++k) {
    for (int j = 0; j < 6; ++j) {
      std::vector<G> plus = g, minus = g;
      plus[k] = g[k] * se3_exp(s * unit(j));
      minus[k] = g[k] * se3_exp(-s * unit(j));
      const double dU = (energy(plus, laws) - energy(minus, laws)) / (2 * s);
      EXPECT_NEAR(pairing(F[k], unit(j)), -dU, 1e-7 * scale) << "node " << k << ", direction " << j;
    }
  }
}

// A discrete helix (a pose turned and advanced by the same screw from node to node) with its own rest strains: no
// force, to round-off, however coarse the segments.
TEST(Se3rodModel, AStressFreeHelixFeelsNoForce) {
  const T screw{{0.3, -0.2, 0.9}, {0.05, 0.1, 0.4}};
  std::vector<G> g{se3_exp(T{{0.1, 0.2, 0.3}, {1, 2, 3}})};
  for (int k = 0; k < 8; ++k) g.push_back(g.back() * se3_exp(screw));
  std::vector<Law> laws;
  for (int k = 0; k < 8; ++k) {
    const double h = 0.4;
    laws.push_back(Law{{{1, 2, 3}, {40, 50, 60}}, se3rod::rest_strain(g[k], g[k + 1], h), h});
  }
  for (const T& f : forces(g, laws)) {
    EXPECT_LT(norm(f.w), 1e-12);
    EXPECT_LT(norm(f.v), 1e-12);
  }
  EXPECT_LT(energy(g, laws), 1e-26);
}

// A straight rod along its third director, stretched uniformly by e: each segment pulls its first node forward and
// its second back with E A e, so interior nodes are in balance and the ends feel -+E A e.
TEST(Se3rodModel, AStretchedRodPullsItsEndsWithEAe) {
  const double h = 0.25, e = 0.01, EA = 300;
  std::vector<G> g;
  for (int k = 0; k < 5; ++k) g.push_back(G{Mat3<double>::identity(), {0, 0, k * h * (1 + e)}});
  std::vector<Law> laws(4, Law{{{1, 1, 2}, {100, 100, EA}}, {{0, 0, 0}, {0, 0, 1}}, h});
  const std::vector<T> F = forces(g, laws);
  EXPECT_NEAR(F[0].v.z, EA * e, 1e-12);
  EXPECT_NEAR(F[4].v.z, -EA * e, 1e-12);
  for (int k = 1; k < 4; ++k) EXPECT_NEAR(norm(F[k].v), 0.0, 1e-12) << k;
  for (const T& f : F) EXPECT_NEAR(norm(f.w), 0.0, 1e-12);
  EXPECT_NEAR(energy(g, laws), 4 * 0.5 * h * EA * e * e, 1e-14);
}

}  // namespace
}  // namespace rodswarm
