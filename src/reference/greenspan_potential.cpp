/// @file greenspan_potential.cpp
/// Elastic energy of one segment, V(d) = integral_0^d f(s) ds, f the vertical tension component of (5.1) with
/// the tension law (6.1)-(6.2). f is odd, so V is even and it suffices to integrate over [0, |d|].
#include <array>
#include <cmath>

#include "reference/greenspan_reference.hpp"

namespace rodswarm::reference {
namespace {

constexpr int kRuleOrder = 10;

/// Gauss-Legendre nodes and weights on [-1, 1], computed once by Newton's method on P_N (so that no table of
/// digits has to be trusted).
struct GaussLegendreRule {
  std::array<double, kRuleOrder> node{}, weight{};
};

GaussLegendreRule make_rule() {
  GaussLegendreRule rule;
  const double pi = std::acos(-1.0);
  for (int i = 0; i < kRuleOrder; ++i) {
    double z = std::cos(pi * (i + 0.75) / (kRuleOrder + 0.5));
    double derivative = 1.0;
    for (int iteration = 0; iteration < 100; ++iteration) {
      // Three-term recurrence j P_j = (2j-1) z P_{j-1} - (j-1) P_{j-2}.
      double p_prev = 1.0, p = z;
      for (int j = 2; j <= kRuleOrder; ++j) {
        const double p_next = ((2.0 * j - 1.0) * z * p - (j - 1.0) * p_prev) / j;
        p_prev = p;
        p = p_next;
      }
      derivative = kRuleOrder * (z * p - p_prev) / (z * z - 1.0);
      const double step = p / derivative;
      z -= step;
      if (std::abs(step) < 1e-16) break;
    }
    rule.node[static_cast<std::size_t>(i)] = z;
    rule.weight[static_cast<std::size_t>(i)] = 2.0 / ((1.0 - z * z) * derivative * derivative);
  }
  return rule;
}

const GaussLegendreRule& rule() {
  static const GaussLegendreRule instance = make_rule();
  return instance;
}

/// Gauss-Legendre on one panel [a, b].
double panel(const GreenspanCase& c, double a, double b) {
  const double half = 0.5 * (b - a), centre = 0.5 * (a + b);
  double sum = 0.0;
  for (std::size_t i = 0; i < rule().node.size(); ++i)
    sum += rule().weight[i] * greenspan_segment_force(c, centre + half * rule().node[i]);
  return half * sum;
}

/// Bisects until the two halves agree with the whole to `tol` (absolute). The integrand is analytic on
/// [0, |d|] (the |s| of (6.1) only bites at 0, an end point), so few bisections are needed. The difference
/// bounds the error of the coarse value; the returned sum of halves is far more accurate still (error
/// ~ 2^-20 of it for a 10-point rule). tol is not halved per level: that would chase rounding noise.
double adaptive(const GreenspanCase& c, double a, double b, double whole, double tol, int depth) {
  const double mid = 0.5 * (a + b);
  const double left = panel(c, a, mid), right = panel(c, mid, b);
  if (std::abs(left + right - whole) <= tol || depth >= 30) return left + right;
  return adaptive(c, a, mid, left, tol, depth + 1) + adaptive(c, mid, b, right, tol, depth + 1);
}

/// u sqrt(1 + u^2) - asinh(u) = int_0^u 2 t^2 / sqrt(1 + t^2) dt, which cancels to 2u^3/3 for small u. There
/// use the series of the integral, sum_k 2 binom(-1/2, k) u^(2k+3) / (2k+3), which converges fast for u < 0.1.
double sqrt_minus_asinh(double u) {
  if (u < 0.1) {
    const double u2 = u * u;
    double binom = 1.0, power = u * u2, sum = 0.0;
    for (int k = 0; k < 12; ++k) {
      sum += 2.0 * binom * power / (2.0 * k + 3.0);
      binom *= -(2.0 * k + 1.0) / (2.0 * k + 2.0);
      power *= u2;
    }
    return sum;
  }
  return u * std::sqrt(1.0 + u * u) - std::asinh(u);
}

/// Closed form for the bracket to the power 1, with s = |d| >= 0 and r = sqrt(dx^2 + s^2):
///   V = T0 [ int s/r + (1/dx) int s^2/r + (eps / (2 dx^2)) int s^3/r ]
///     = T0 [ (r - dx) + dx (u r/dx - asinh u) / 2 + eps (r - dx)^2 (r + 2 dx) / (6 dx^2) ],  u = s/dx,
/// using int_0^s t^2/r dt = (s r - dx^2 asinh(s/dx)) / 2 and int_0^s t^3/r dt = (r - dx)^2 (r + 2 dx) / 3.
/// r - dx is evaluated as s^2 / (r + dx) to avoid cancellation at small s.
double potential_closed_form(const GreenspanCase& c, double s) {
  const double dx = c.dx;
  const double r = std::sqrt(dx * dx + s * s);
  const double r_minus_dx = s * s / (r + dx);
  const double linear = r_minus_dx;
  const double abs_term = 0.5 * dx * sqrt_minus_asinh(s / dx);
  const double quadratic = c.eps * r_minus_dx * r_minus_dx * (r + 2.0 * dx) / (6.0 * dx * dx);
  return c.T0 * (linear + abs_term + quadratic);
}

}  // namespace

double greenspan_segment_potential_quadrature(const GreenspanCase& c, double d) {
  const double s = std::abs(d);
  if (s == 0.0) return 0.0;
  const double whole = panel(c, 0.0, s);
  // f >= 0 on [0, s], so the integral has no cancellation and a relative tolerance is meaningful.
  return adaptive(c, 0.0, s, whole, 1e-14 * std::abs(whole), 0);
}

double greenspan_segment_potential(const GreenspanCase& c, double d) {
  if (c.tension_exponent == 1.0) return potential_closed_form(c, std::abs(d));
  return greenspan_segment_potential_quadrature(c, d);
}

}  // namespace rodswarm::reference
