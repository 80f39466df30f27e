/// @file test_reference_rolling.cpp
/// The finite-difference rolling reference (docs/rolling_discretisation.md section 3) against what the continuum
/// problem guarantees: on a periodic string with identical strings P = u + v is a free wave and the contact point
/// obeys the scalar ODE s' = (G/2) <delta_sigma(. - s), P_t> (both known here in closed form or to 1e-13), and the
/// FD solution converges to them at order 2 in h; the rolling constraint holds to round-off after every step;
/// with F = 1 and G1 = G2 contact points that start together stay together (to RK4's accuracy, order 4 in dt);
/// a contact point leaving a fixed-end string stops the run; the frozen control keeps s fixed. Also the pieces:
/// the smeared-delta row against the image sum written out, the initial synthesis and the harmonic quadrature.
/// Orders are measured, not assumed, and printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "reference/rolling_internal.hpp"
#include "reference/rolling_reference.hpp"
#include "test_reference_rolling_cases.hpp"

namespace {

using namespace rodswarm::reference;
using rolling_test::kPi;
namespace detail = rodswarm::reference::rolling_detail;

/// Periodic identical strings on (0, 2 pi), c = 1: a few Fourier modes in u, v and their velocities.
RollingCase periodic_identical(int n) {
  RollingCase c;
  c.periodic = true;
  c.L = 2 * kPi;
  c.c = 1;
  c.F = 1;
  c.G1 = c.G2 = 1.5;
  c.sigma = 0.3;
  // basis order: 1/sqrt(L), cos x, sin x, cos 2x, sin 2x, cos 3x, sin 3x (each times sqrt(2/L))
  c.a0 = {0.05, 0.3, -0.2, 0.1, 0.0, 0.0, 0.05};
  c.b0 = {0.0, -0.1, 0.25, 0.0, 0.15, -0.05, 0.0};
  c.ad0 = {0.0, 0.2, 0.1, -0.3, 0.0, 0.1, 0.0};
  c.bd0 = {0.0, -0.1, 0.3, 0.2, -0.1, 0.0, 0.15};
  c.s1 = c.s2 = 1.0;
  c.points = n;
  c.output_points = 65;
  c.dt = c.L / n / 4;  // dt = h / 4: the RK4 error is O(h^4), far below the O(h^2) FD error (checked below)
  return c;
}

/// The exact continuum P = u + v: every mode m of the basis oscillates freely at omega_m = c kappa_m.
struct FreeWave {
  RollingCase c;
  double kappa(std::size_t m) const { return m == 0 ? 0.0 : 2 * kPi * static_cast<double>((m + 1) / 2) / c.L; }
  double psi(std::size_t m, double x) const {
    if (m == 0) return 1 / std::sqrt(c.L);
    const double arg = kappa(m) * x;
    return std::sqrt(2 / c.L) * (m % 2 == 1 ? std::cos(arg) : std::sin(arg));
  }
  /// Modal amplitude of P (derivative = false) or of P_t (derivative = true) at time t.
  double amplitude(std::size_t m, double t, bool derivative) const {
    const double p = c.a0[m] + c.b0[m], q = c.ad0[m] + c.bd0[m];
    const double w = c.c * kappa(m);
    if (w == 0) return derivative ? q : p + q * t;
    return derivative ? -p * w * std::sin(w * t) + q * std::cos(w * t) : p * std::cos(w * t) + q / w * std::sin(w * t);
  }
  double P(double x, double t) const {
    double sum = 0;
    for (std::size_t m = 0; m < c.a0.size(); ++m) sum += amplitude(m, t, false) * psi(m, x);
    return sum;
  }
  /// s' = (G/2) <delta_sigma(. - s), P_t>: the periodic Gaussian filters mode m by exp(-(kappa_m sigma)^2 / 2).
  double s_rate(double s, double t) const {
    double sum = 0;
    for (std::size_t m = 0; m < c.a0.size(); ++m) {
      const double k = kappa(m) * c.sigma;
      sum += std::exp(-0.5 * k * k) * psi(m, s) * amplitude(m, t, true);
    }
    return 0.5 * c.G1 * sum;
  }
  /// The reduced ODE integrated by RK4 with a step of 1e-4 or less (its error ~1e-15 here), from t0 to t1.
  double advance_s(double s, double t0, double t1) const {
    const long n = std::max(1L, static_cast<long>(std::ceil((t1 - t0) / 1e-4)));
    const double dt = (t1 - t0) / static_cast<double>(n);
    double t = t0;
    for (long i = 0; i < n; ++i, t += dt) {
      const double k1 = s_rate(s, t);
      const double k2 = s_rate(s + 0.5 * dt * k1, t + 0.5 * dt);
      const double k3 = s_rate(s + 0.5 * dt * k2, t + 0.5 * dt);
      const double k4 = s_rate(s + dt * k3, t + dt);
      s += dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    }
    return s;
  }
};

struct PeriodicErrors {
  double p = 0, s = 0, split = 0;  ///< max over samples of |P - P_exact|, |s1 - s_exact|, |s1 - s2|
};

PeriodicErrors periodic_errors(const RollingCase& c, long steps) {
  const FreeWave exact{c};
  const std::vector<RollingSample> run = rolling_run(c, steps, steps / 8);
  PeriodicErrors err;
  double s = c.s1, t = 0;
  for (const RollingSample& smp : run) {
    EXPECT_FALSE(smp.stopped);
    s = exact.advance_s(s, t, smp.t);
    t = smp.t;
    for (std::size_t i = 0; i < smp.u.size(); ++i) {
      const double x = c.L * static_cast<double>(i) / static_cast<double>(c.output_points - 1);
      err.p = std::max(err.p, std::abs(smp.u[i] + smp.v[i] - exact.P(x, smp.t)));
    }
    err.s = std::max(err.s, std::abs(std::remainder(smp.s1 - s, c.L)));
    err.split = std::max(err.split, std::abs(std::remainder(smp.s1 - smp.s2, c.L)));
  }
  return err;
}

TEST(ReferenceRolling, PeriodicIdenticalStringsConvergeToFreeWaveAndReducedOde) {
  // T = pi: steps = 2N at dt = h/4 (h = 2 pi / N). The contact point travels a good part of the string.
  std::vector<PeriodicErrors> err;
  for (const int n : {64, 128, 256}) {
    const PeriodicErrors e = periodic_errors(periodic_identical(n), 2L * n);
    std::printf("periodic N=%3d: max|P - P_exact| = %.3e, max|s - s_exact| = %.3e, max|s1 - s2| = %.1e\n", n, e.p, e.s,
                e.split);
    err.push_back(e);
  }
  for (std::size_t i = 1; i < err.size(); ++i) {
    const double p_order = std::log2(err[i - 1].p / err[i].p);
    const double s_order = std::log2(err[i - 1].s / err[i].s);
    std::printf("observed orders in h: P %.3f, s %.3f\n", p_order, s_order);
    EXPECT_NEAR(p_order, 2.0, 0.15);
    EXPECT_NEAR(s_order, 2.0, 0.15);
  }
  // The time error is negligible: halving dt at N = 256 changes the errors by a tiny fraction.
  RollingCase fine = periodic_identical(256);
  fine.dt /= 2;
  const PeriodicErrors half = periodic_errors(fine, 4L * 256);
  std::printf("N=256 with dt/2: max|P - P_exact| = %.3e, max|s - s_exact| = %.3e\n", half.p, half.s);
  EXPECT_NEAR(half.p / err.back().p, 1.0, 1e-2);
  EXPECT_NEAR(half.s / err.back().s, 1.0, 1e-2);
  // s1 - s2 is constant in the continuum and in the semi-discrete system (s1' - s2' = G C, and lambda keeps
  // dC/dt = 0), but C is not a linear invariant, so RK4 keeps it only to its own accuracy: with dt = h/4 the
  // split must fall at order 4 in dt (4 in h here), not sit at round-off.
  for (std::size_t i = 1; i < err.size(); ++i) {
    const double order = std::log2(err[i - 1].split / err[i].split);
    std::printf("observed order of max|s1 - s2| in dt: %.3f\n", order);
    EXPECT_GT(order, 3.5);
  }
  EXPECT_LT(err.back().split, 1e-10);
}

TEST(ReferenceRolling, ConstraintHoldsToRoundOffAfterEveryStep) {
  const RollingCase c = rolling_test::fixed_generic(200);
  const long steps = 400;
  const std::vector<RollingSample> run = rolling_run(c, steps, 1);
  ASSERT_EQ(run.size(), static_cast<std::size_t>(steps + 1));
  // |U1| <= ||delta|| ||u_t|| (Cauchy-Schwarz), ||delta_sigma||^2 = 1 / (2 sigma sqrt(pi)) up to images.
  const double delta_norm = 1 / std::sqrt(2 * c.sigma * std::sqrt(kPi));
  double worst = 0, lambda_max = 0;
  for (const RollingSample& smp : run) {
    ASSERT_FALSE(smp.stopped);
    const double scale = (1 + std::abs(c.F)) * delta_norm * std::sqrt(2 * smp.kinetic);
    worst = std::max(worst, std::abs(smp.constraint) / scale);
    lambda_max = std::max(lambda_max, std::abs(smp.lambda));
  }
  std::printf(
      "fixed, F=%.2f G1=%.2f G2=%.2f: max relative constraint %.2e over %ld steps; s1 %.4f -> %.4f, "
      "s2 %.4f -> %.4f, max|lambda| %.3f\n",
      c.F, c.G1, c.G2, worst, steps, run.front().s1, run.back().s1, run.front().s2, run.back().s2, lambda_max);
  EXPECT_LT(worst, 1e-13);
  // The case is a real contact case: the points move and the multiplier works.
  EXPECT_GT(std::abs(run.back().s1 - run.front().s1), 1e-2);
  EXPECT_GT(std::abs(run.back().s2 - run.front().s2), 1e-2);
  EXPECT_GT(lambda_max, 1e-2);
}

TEST(ReferenceRolling, FixedEndsContactPointsStartingTogetherStayTogether) {
  // With F = 1 and G1 = G2, s1' - s2' = G1 C = 0: contact points that start together stay together. The
  // semi-discrete system keeps s1 = s2 exactly; RK4 keeps it to its accuracy (see the periodic test), so the
  // split is measured at dt, dt/2, dt/4 and must shrink at order ~4.
  RollingCase c = rolling_test::fixed_generic(200);
  c.F = 1;
  c.G1 = c.G2 = 1.2;
  c.s1 = c.s2 = 0.4;
  const long steps = 400;
  std::vector<double> split;
  double travel = 0;
  for (int level = 0; level < 3; ++level) {
    double worst = 0;
    for (const RollingSample& smp : rolling_run(c, steps << level, 1)) {
      EXPECT_FALSE(smp.stopped);
      worst = std::max(worst, std::abs(smp.s1 - smp.s2));
      travel = std::max(travel, std::abs(smp.s1 - c.s1));
    }
    split.push_back(worst);
    c.dt /= 2;
  }
  std::printf(
      "fixed, s1(0) = s2(0), F = 1, G1 = G2: max|s1 - s2| = %.3e (dt = h/2), %.3e, %.3e; "
      "max|s1 - s1(0)| = %.3f\n",
      split[0], split[1], split[2], travel);
  EXPECT_GT(travel, 1e-2);
  for (std::size_t i = 1; i < split.size(); ++i) {
    const double order = std::log2(split[i - 1] / split[i]);
    std::printf("observed order of max|s1 - s2| in dt: %.3f\n", order);
    EXPECT_GT(order, 3.5);
  }
  EXPECT_LT(split[0], 1e-8);
}

/// The image sum of section 3 written out (|n| <= 4 images; sigma <= L/4 here), and its value or s-derivative.
double direct_delta(const RollingCase& c, double x, double s) {
  const auto g = [&](double y) {
    return std::exp(-0.5 * y * y / (c.sigma * c.sigma)) / (c.sigma * std::sqrt(2 * kPi));
  };
  double sum = 0;
  for (int n = -4; n <= 4; ++n) {
    if (c.periodic)
      sum += g(x - s + n * c.L);
    else
      sum += g(x - s + 2 * n * c.L) - g(x + s + 2 * n * c.L);
  }
  return sum;
}

/// max over the grid of |row - direct| / peak, for the value and (by central differences) the s-derivative.
void compare_row(const RollingCase& c, double s, double* value_error, double* derivative_error) {
  const detail::Grid g = detail::grid(c);
  const detail::Row row = detail::smeared_delta(c, s);
  const double peak = 1 / (c.sigma * std::sqrt(2 * kPi));
  const double eps = 1e-5;
  *value_error = *derivative_error = 0;
  for (int j = 0; j < g.n; ++j) {
    const long k = j - row.first;
    const bool inside = k >= 0 && k < row.val.size();
    const double val = inside ? row.val(k) : 0.0, dval = inside ? row.dval(k) : 0.0;
    const double x = j * g.h;
    const double exact = (!c.periodic && (j == 0 || j == g.N)) ? 0.0 : direct_delta(c, x, s);
    const double slope = (!c.periodic && (s == 0 || s == c.L || j == 0 || j == g.N))
                             ? dval
                             : (direct_delta(c, x, s + eps) - direct_delta(c, x, s - eps)) / (2 * eps);
    *value_error = std::max(*value_error, std::abs(val - exact) / peak);
    *derivative_error = std::max(*derivative_error, std::abs(dval - slope) / (peak / c.sigma));
  }
}

TEST(ReferenceRolling, SmearedDeltaRowIsTheImageSumOfTheGaussian) {
  RollingCase periodic = periodic_identical(128);
  RollingCase fixed = rolling_test::fixed_generic(100);
  fixed.sigma = 0.1;  // wide: the cutoff window (+-10 sigma) covers the string twice, the images overlap
  for (const RollingCase* c : {&periodic, &fixed}) {
    for (const double frac : {0.0, 0.004, 0.3, 0.5, 0.97, 1.0}) {
      const double s = frac * c->L;
      double value_error = 0, derivative_error = 0;
      compare_row(*c, s, &value_error, &derivative_error);
      const detail::Row row = detail::smeared_delta(*c, s);
      const double mass = detail::grid(*c).h * row.val.sum();
      std::printf("%s s = %.4f: max|row - image sum| / peak %.1e, derivative %.1e; h sum(row) = %.16f\n",
                  c->periodic ? "periodic" : "fixed   ", s, value_error, derivative_error, mass);
      EXPECT_LT(value_error, 1e-13);
      EXPECT_LT(derivative_error, 1e-8);  // the central difference's own error
      if (c->periodic) {
        EXPECT_NEAR(mass, 1.0, 1e-13);
      } else if (frac == 0.0 || frac == 1.0) {
        EXPECT_EQ(row.val.size(), 0);  // on an end the images cancel: the zero row
      }
    }
  }
}

TEST(ReferenceRolling, InitialStateIsTheModalSynthesisAndHarmonicItsQuadrature) {
  RollingCase fixed = rolling_test::fixed_generic(200);
  fixed.harmonic = 3;
  RollingCase periodic = periodic_identical(128);
  periodic.harmonic = 3;  // sin 3x: index 6
  for (const RollingCase* c : {&fixed, &periodic}) {
    const RollingSample first = rolling_run(*c, 0, 0).front();
    double worst = 0;
    for (std::size_t i = 0; i < first.u.size(); ++i) {
      const double x = c->L * static_cast<double>(i) / static_cast<double>(c->output_points - 1);
      double u = 0;
      for (std::size_t m = 0; m < c->a0.size(); ++m) {
        double psi = 0;
        if (!c->periodic) {
          psi = std::sqrt(2 / c->L) * std::sin(static_cast<double>(m + 1) * kPi * x / c->L);
        } else {
          const double k = 2 * kPi * static_cast<double>((m + 1) / 2) / c->L;
          psi = m == 0 ? 1 / std::sqrt(c->L) : std::sqrt(2 / c->L) * (m % 2 ? std::cos(k * x) : std::sin(k * x));
        }
        u += c->a0[m] * psi;
      }
      worst = std::max(worst, std::abs(first.u[i] - u));
    }
    const double expected = c->periodic ? c->a0[6] : c->a0[2];
    std::printf(
        "%s: max|u - synthesis| %.1e at the output points; harmonic %.16f (coefficient %.16f); "
        "constraint %.1e\n",
        c->periodic ? "periodic" : "fixed", worst, first.harmonic, expected, first.constraint);
    EXPECT_LT(worst, 1e-15);
    EXPECT_NEAR(first.harmonic, expected, 1e-15);  // the grid's sine quadrature is exact below the Nyquist mode
    EXPECT_LT(std::abs(first.constraint), 1e-16);  // initial velocities projected
    if (c->periodic) {
      EXPECT_EQ(first.u.front(), first.u.back());  // x = L is x = 0
    } else {
      EXPECT_EQ(first.u.front(), 0.0);
      EXPECT_EQ(first.u.back(), 0.0);
    }
  }
}

TEST(ReferenceRolling, ContactLeavingAFixedStringStopsTheRun) {
  RollingCase c = rolling_test::fixed_generic(200);
  c.s1 = 0.05;
  c.G1 = 40;
  const std::vector<RollingSample> run = rolling_run(c, 2000, 100);
  ASSERT_FALSE(run.empty());
  std::printf("contact leaving: stopped at t = %.4f with s1 = %.3e after %zu samples\n", run.back().t, run.back().s1,
              run.size());
  EXPECT_TRUE(run.back().stopped);
  EXPECT_LT(run.size(), 21u);
  EXPECT_TRUE(run.back().s1 < 0 || run.back().s1 > c.L);
  for (std::size_t i = 0; i + 1 < run.size(); ++i) EXPECT_FALSE(run[i].stopped);
  // Both contact points on the ends: the constraint is singular, nothing runs.
  c.s1 = 0;
  c.s2 = c.L;
  const std::vector<RollingSample> ends = rolling_run(c, 10, 1);
  ASSERT_EQ(ends.size(), 1u);
  EXPECT_TRUE(ends.front().stopped);
}

TEST(ReferenceRolling, FrozenContactPointsDoNotMove) {
  RollingCase c = rolling_test::fixed_generic(200);
  c.frozen = true;
  const std::vector<RollingSample> run = rolling_run(c, 200, 50);
  for (const RollingSample& smp : run) {
    EXPECT_EQ(smp.s1, c.s1);
    EXPECT_EQ(smp.s2, c.s2);
  }
}

}  // namespace
