// The SE(3) algebra of linalg/se3.hpp against what defines it: exp against the series of the 4x4 matrix
// exponential, log as its inverse, dexp^-1, Ad and ad against finite differences of exp and log, every transpose
// against the pairing of wrenches with twists, the Taylor branches against the closed forms at their thresholds,
// and a SIMD pack whose lanes take different branches against the scalar functions lane by lane.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <vector>

#include "rodswarm/lanes.hpp"
#include "rodswarm/linalg/se3.hpp"

namespace rodswarm {
namespace {

using T = Twist<double>;
using G = Pose<double>;

double max_abs(const T& a) {
  double m = 0;
  for (double x : {a.w.x, a.w.y, a.w.z, a.v.x, a.v.y, a.v.z}) m = std::max(m, std::fabs(x));
  return m;
}
double distance(const T& a, const T& b) { return max_abs(a - b); }
double distance(const G& a, const G& b) {
  double m = 0;
  for (int k = 0; k < 9; ++k) m = std::max(m, std::fabs(a.R.m[k] - b.R.m[k]));
  return std::max({m, std::fabs(a.p.x - b.p.x), std::fabs(a.p.y - b.p.y), std::fabs(a.p.z - b.p.z)});
}

/// exp of the 4x4 matrix [[hat w, v], [0, 0]] by scaling, 30 Taylor terms and squaring: the definition.
G exp_by_series(const T& X) {
  using M4 = std::array<double, 16>;
  auto mul = [](const M4& a, const M4& b) {
    M4 c{};
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        for (int k = 0; k < 4; ++k) c[4 * i + j] += a[4 * i + k] * b[4 * k + j];
    return c;
  };
  int squarings = 0;
  double scale = 1;
  while (max_abs(X) * scale > 0.1) {
    scale *= 0.5;
    ++squarings;
  }
  const Vec3<double> w = scale * X.w, v = scale * X.v;
  const M4 A{0, -w.z, w.y, v.x, w.z, 0, -w.x, v.y, -w.y, w.x, 0, v.z, 0, 0, 0, 0};
  M4 E{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, term = E;
  for (int n = 1; n <= 30; ++n) {
    term = mul(term, A);
    for (double& t : term) t /= n;
    for (int k = 0; k < 16; ++k) E[k] += term[k];
  }
  for (int s = 0; s < squarings; ++s) E = mul(E, E);
  return {Mat3<double>{{E[0], E[1], E[2], E[4], E[5], E[6], E[8], E[9], E[10]}}, {E[3], E[7], E[11]}};
}

/// Twists whose rotation angles cover every branch: 0, the Taylor ranges, the closed forms, near pi.
std::vector<T> sample_twists() {
  std::mt19937 rng(7);
  std::normal_distribution<double> n(0.0, 1.0);
  std::vector<T> out;
  for (double angle : {0.0, 1e-9, 1e-5, 3e-3, 0.0099, 0.0101, 0.05, 0.099, 0.101, 0.5, 1.3, 2.4, 3.0}) {
    for (int r = 0; r < 4; ++r) {
      Vec3<double> axis{n(rng), n(rng), n(rng)};
      axis = (1.0 / norm(axis)) * axis;
      out.push_back({angle * axis, Vec3<double>{n(rng), n(rng), n(rng)}});
    }
  }
  return out;
}

T random_twist(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  return {{n(rng), n(rng), n(rng)}, {n(rng), n(rng), n(rng)}};
}

TEST(Se3, ExpIsTheMatrixExponential) {
  for (const T& X : sample_twists()) EXPECT_LT(distance(se3_exp(X), exp_by_series(X)), 1e-14) << norm(X.w);
}

TEST(Se3, LogInvertsExp) {
  for (const T& X : sample_twists()) EXPECT_LT(distance(se3_log(se3_exp(X)), X), 2e-13 * (1 + max_abs(X)));
}

TEST(Se3, GroupOperationsAreConsistent) {
  std::mt19937 rng(1);
  for (int k = 0; k < 20; ++k) {
    const G a = se3_exp(random_twist(rng)), b = se3_exp(random_twist(rng));
    EXPECT_LT(distance(a * inverse(a), G::identity()), 1e-14);
    EXPECT_LT(distance(inverse(a * b), inverse(b) * inverse(a)), 1e-13);
  }
}

// exp(Ad_g X) = g exp(X) g^-1, and Ad_g^T is the transpose of Ad_g under the pairing.
TEST(Se3, AdjointConjugates) {
  std::mt19937 rng(2);
  for (int k = 0; k < 20; ++k) {
    const G g = se3_exp(random_twist(rng));
    const T X = 0.7 * random_twist(rng), W = random_twist(rng);
    EXPECT_LT(distance(se3_exp(adjoint(g, X)), g * se3_exp(X) * inverse(g)), 1e-12);
    EXPECT_NEAR(pairing(W, adjoint(g, X)), pairing(adjoint_transpose(g, W), X), 1e-12);
  }
}

// ad_xi eta = d/ds Ad_{exp(s xi)} eta at 0 (central difference), and ad^T its transpose.
TEST(Se3, AdIsTheDerivativeOfTheAdjoint) {
  std::mt19937 rng(3);
  const double s = 1e-5;
  for (int k = 0; k < 20; ++k) {
    const T xi = random_twist(rng), eta = random_twist(rng), W = random_twist(rng);
    const T fd = (0.5 / s) * (adjoint(se3_exp(s * xi), eta) - adjoint(se3_exp(-s * xi), eta));
    EXPECT_LT(distance(fd, ad(xi, eta)), 1e-8);
    EXPECT_NEAR(pairing(W, ad(xi, eta)), pairing(ad_transpose(xi, W), eta), 1e-12);
  }
}

// exp(X) exp(s Y) = exp(X + s dexp_{-X}^-1 Y + O(s^2)): a central difference of log(exp(X) exp(s Y)), on every
// branch of the coefficients (the dual part's c' included), and the transpose under the pairing.
TEST(Se3, DexpInverseIsTheDifferentialOfLog) {
  std::mt19937 rng(4);
  const double s = 1e-6;
  for (const T& X : sample_twists()) {
    const T Y = random_twist(rng), W = random_twist(rng);
    const G g = se3_exp(X);
    const T fd = (0.5 / s) * (se3_log(g * se3_exp(s * Y)) - se3_log(g * se3_exp(-s * Y)));
    EXPECT_LT(distance(fd, dexp_minus_inv(X, Y)), 1e-7 * (1 + max_abs(X)) * (1 + max_abs(X))) << norm(X.w);
    EXPECT_NEAR(pairing(W, dexp_minus_inv(X, Y)), pairing(dexp_minus_inv_transpose(X, W), Y),
                1e-12 * (1 + max_abs(X)) * (1 + max_abs(X)));
  }
}

// The series and the closed forms meet at their thresholds to round-off, and the series of c' is the derivative
// of c's (a central difference of the closed form of c where it does not cancel).
TEST(Se3, CoefficientBranchesAgreeAtTheirThresholds) {
  for (double t : {1e-2, 1.0}) {
    // u a few ulps either side of t^2: the values move by ~1e-15 relative, the branches switch.
    const auto below = so3_coefficients(t * t * (1 - 8e-16)), above = so3_coefficients(t * t * (1 + 8e-16));
    EXPECT_NEAR(below.s1, above.s1, 1e-14 * below.s1) << t;
    EXPECT_NEAR(below.c1, above.c1, 1e-14 * below.c1) << t;
    EXPECT_NEAR(below.c2, above.c2, 1e-14 * below.c2) << t;
    EXPECT_NEAR(below.c, above.c, 1e-14 * below.c) << t;
    EXPECT_NEAR(below.dc, above.dc, 2e-13 * below.dc) << t;  // the closed form of c' keeps ~360 eps at t = 1
  }
  const double u = 0.64, du = 1e-5;
  const double fd = (so3_coefficients(u + du).c - so3_coefficients(u - du).c) / (2 * du);
  EXPECT_NEAR(so3_coefficients(u).dc, fd, 1e-10);
}

// A pack of 4 members whose angles take the Taylor branches in some lanes and the closed forms in others gives,
// lane by lane, what the scalar functions give.
TEST(Se3, PackLanesAgreeWithTheScalarFunctions) {
  namespace stdx = std::experimental;
  using P = stdx::fixed_size_simd<double, 4>;
  std::mt19937 rng(5);
  std::array<T, 4> X;
  const double angles[4] = {1e-7, 0.05, 1.1, 2.9};
  for (int l = 0; l < 4; ++l) {
    X[l] = random_twist(rng);
    X[l].w = (angles[l] / norm(X[l].w)) * X[l].w;
  }
  const T Y = random_twist(rng);
  auto pack = [&](auto field) {
    P p;
    for (int l = 0; l < 4; ++l) p[l] = field(X[l]);
    return p;
  };
  const Twist<P> Xp{{pack([](const T& t) { return t.w.x; }), pack([](const T& t) { return t.w.y; }),
                     pack([](const T& t) { return t.w.z; })},
                    {pack([](const T& t) { return t.v.x; }), pack([](const T& t) { return t.v.y; }),
                     pack([](const T& t) { return t.v.z; })}};
  const Twist<P> Yp{{P(Y.w.x), P(Y.w.y), P(Y.w.z)}, {P(Y.v.x), P(Y.v.y), P(Y.v.z)}};
  const Twist<P> logged = se3_log(se3_exp(Xp)), rate = dexp_minus_inv(Xp, Yp);
  for (int l = 0; l < 4; ++l) {
    const T scalar_log = se3_log(se3_exp(X[l])), scalar_rate = dexp_minus_inv(X[l], Y);
    const T lane_log{{logged.w.x[l], logged.w.y[l], logged.w.z[l]}, {logged.v.x[l], logged.v.y[l], logged.v.z[l]}};
    const T lane_rate{{rate.w.x[l], rate.w.y[l], rate.w.z[l]}, {rate.v.x[l], rate.v.y[l], rate.v.z[l]}};
    EXPECT_LT(distance(lane_log, scalar_log), 1e-14) << l;
    EXPECT_LT(distance(lane_rate, scalar_rate), 1e-14) << l;
  }
}

}  // namespace
}  // namespace rodswarm
