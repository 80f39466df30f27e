/// @file rolling_member.cpp
/// Schema<rolling::Model>::build: the range rules of the rolling-contact schema, the analysis intervals in steps of the
/// member's dt, and the projection of the initial shapes onto the member's K orthonormal basis functions
/// (docs/rolling_discretisation.md section 1), for one (expanded) member. Runs once per ensemble member; a shape's
/// projection is cached and reused while the shape and the basis do not change.
#include <algorithm>
#include <climits>
#include <cmath>

#include "config/json_check.hpp"
#include "config/member_checker.hpp"
#include "config/rolling_params.hpp"
#include "config/rolling_spec.hpp"

namespace rodswarm {
namespace config_detail {
namespace {

using rolling::Ends;

constexpr double pi = 3.14159265358979323846;

/// The smeared delta counts as resolved when the last mode's filter g_K = exp(-(kappa_K sigma)^2 / 2) is at most this.
constexpr double resolved_filter = 1e-6;

/// A shape counts as not vanishing at a fixed end (not periodic) beyond this fraction of its size.
constexpr double end_tolerance = 1e-6;

/// Gauss-Legendre rule on [-1, 1].
constexpr int gl_points = 20;

struct GaussLegendre {
  double x[gl_points], w[gl_points];
};

/// Nodes by Newton's method on P_n from the usual cosine guesses; weights 2 / ((1 - x^2) P_n'(x)^2).
GaussLegendre make_gauss_legendre() {
  GaussLegendre g{};
  const int n = gl_points;
  for (int i = 0; i < n; ++i) {
    double z = std::cos(pi * (i + 0.75) / (n + 0.5));
    double dp = 1;
    for (int iter = 0; iter < 100; ++iter) {
      double p1 = 1, p2 = 0;
      for (int j = 1; j <= n; ++j) {
        const double p3 = p2;
        p2 = p1;
        p1 = ((2 * j - 1) * z * p2 - (j - 1) * p3) / j;
      }
      dp = n * (z * p1 - p2) / (z * z - 1);
      const double step = p1 / dp;
      z -= step;
      if (std::fabs(step) < 1e-16) break;
    }
    g.x[i] = z;
    g.w[i] = 2 / ((1 - z * z) * dp * dp);
  }
  return g;
}

const GaussLegendre& gauss_legendre() {
  static const GaussLegendre g = make_gauss_legendre();
  return g;
}

/// kappa of basis index m (docs section 1).
double kappa_of(int m, Ends ends, double L) {
  return ends == Ends::fixed ? (m + 1) * pi / L : 2 * pi * ((m + 1) / 2) / L;
}

/// psi_m(x) for m = 0..K-1. Multiples of the angle by the angle-addition recurrence, restarted from a direct sincos
/// every 32 multiples (error a few 32 eps).
void basis_values(int K, Ends ends, double L, double x, double* psi) {
  const double norm = std::sqrt(2 / L);
  const bool fixed = ends == Ends::fixed;
  const double theta = (fixed ? pi : 2 * pi) * x / L;
  const double s1 = std::sin(theta), c1 = std::cos(theta);
  double s = 0, c = 1;  // sin, cos of j theta
  if (!fixed) psi[0] = 1 / std::sqrt(L);
  for (int j = 1;; ++j) {
    if (j % 32 == 0) {
      s = std::sin(j * theta);
      c = std::cos(j * theta);
    } else {
      const double sn = s * c1 + c * s1;
      c = c * c1 - s * s1;
      s = sn;
    }
    if (fixed) {
      if (j - 1 >= K) break;
      psi[j - 1] = norm * s;
    } else {
      const int m = 2 * j - 1;
      if (m >= K) break;
      psi[m] = norm * c;
      if (m + 1 < K) psi[m + 1] = norm * s;
    }
  }
}

/// sin(z) / z, 1 at 0.
double sinc(double z) { return z == 0 ? 1.0 : std::sin(z) / z; }
/// Integral of cos(a x) over (0, L).
double int_cos(double a, double L) { return L * sinc(a * L); }
/// Integral of sin(a x) over (0, L): (1 - cos aL) / a = L sin(aL/2) sinc(aL/2).
double int_sin(double a, double L) { return L * std::sin(a * L / 2) * sinc(a * L / 2); }

/// A stretch of [0, L] where the shape is smooth, and the fastest angular frequency of the integrand there.
struct Interval {
  double a, b, omega;
};

/// out[m] = integral of f psi_m over the intervals by composite Gauss-Legendre, panels of width <= 4 / omega (the
/// 20-point rule is then exact to round-off for the oscillating factor).
template <class Fn>
void quadrature(const Fn& f, const std::vector<Interval>& intervals, int K, Ends ends, double L, double* out) {
  const GaussLegendre& g = gauss_legendre();
  std::vector<double> psi(static_cast<std::size_t>(K));
  std::fill(out, out + K, 0.0);
  for (const auto& iv : intervals) {
    if (!(iv.b > iv.a)) continue;
    const double panels_needed = std::ceil((iv.b - iv.a) * iv.omega / 4);
    const long panels = std::max(1L, static_cast<long>(panels_needed));
    const double h = (iv.b - iv.a) / static_cast<double>(panels);
    for (long p = 0; p < panels; ++p) {
      const double a = iv.a + h * static_cast<double>(p);
      for (int q = 0; q < gl_points; ++q) {
        const double x = a + 0.5 * h * (1 + g.x[q]);
        const double weight = 0.5 * h * g.w[q] * f(x);
        if (weight == 0) continue;
        basis_values(K, ends, L, x, psi.data());
        for (int m = 0; m < K; ++m) out[m] += weight * psi[static_cast<std::size_t>(m)];
      }
    }
  }
}

/// max |f| of the shape, from its parameters (the scale of the end test).
double shape_scale(const RollingShape& s) {
  double scale = std::fabs(s.amplitude);
  if (s.kind == RollingShapeKind::points) {
    scale = 0;
    for (const double v : s.values) scale = std::max(scale, std::fabs(v));
  }
  return scale;
}

std::string end_note(const RollingShape& shape, const std::string& name, int K, Ends ends, double L) {
  if (shape.kind == RollingShapeKind::zero || shape.kind == RollingShapeKind::modes) return "";
  const double f0 = rolling_shape_value(shape, ends, L, 0), fL = rolling_shape_value(shape, ends, L, L);
  const double tol = end_tolerance * shape_scale(shape);
  const std::string values = "(" + name + "(0) = " + format_number(f0) + ", " + name + "(L) = " + format_number(fL) +
                             "): the member holds its projection onto the " + std::to_string(K) +
                             " basis functions, which converges slowly near x = 0 and x = L";
  if (ends == Ends::fixed && std::max(std::fabs(f0), std::fabs(fL)) > tol) {
    return "initial." + name + " does not vanish at the fixed ends " + values;
  }
  if (ends == Ends::periodic && std::fabs(f0 - fL) > tol) {
    return "initial." + name + " is not periodic " + values;
  }
  return "";
}

/// Every range rule of one shape.
void check_shape(const RollingShape& s, const std::string& prefix, double L, const MemberChecker& check) {
  const auto key = [&](const char* name) { return prefix + "." + name; };
  switch (s.kind) {
    case RollingShapeKind::zero:
      break;
    case RollingShapeKind::sine:
      check.finite(key("amplitude").c_str(), s.amplitude);
      check.finite(key("k").c_str(), s.k);
      break;
    case RollingShapeKind::modes:
      for (std::size_t i = 0; i < s.coefficients.size(); ++i)
        check.finite_element(key("coefficients").c_str(), i, -1, s.coefficients[i]);
      break;
    case RollingShapeKind::pluck:
      check.finite(key("amplitude").c_str(), s.amplitude);
      check.finite(key("at").c_str(), s.at);
      if (!(s.at > 0 && s.at < L)) {
        check.fail(key("at"), "must be inside (0, L) = (0, " + format_number(L) + "), got " + format_number(s.at));
      }
      break;
    case RollingShapeKind::gaussian:
      check.finite(key("amplitude").c_str(), s.amplitude);
      check.finite(key("center").c_str(), s.center);
      check.positive(key("width").c_str(), s.width);
      break;
    case RollingShapeKind::points:
      for (std::size_t i = 0; i < s.values.size(); ++i) check.finite_element(key("values").c_str(), i, -1, s.values[i]);
      break;
  }
}

/// Projects shape i of `spec` into out (K values), through the member's cache; adds its notes.
void project_cached(const RollingSpec& spec, int i, int K, RollingMember& member, double* out) {
  if (!rolling_has_shape(spec, i)) {
    std::fill(out, out + K, 0.0);
    return;
  }
  const RollingShape& shape = rolling_shape(spec, i);
  const std::string name = rolling_shape_names[i];
  RollingProjection& cache = member.projections[i];
  if (!(cache.valid && cache.K == K && cache.ends == spec.ends && cache.L == spec.L && cache.shape == shape)) {
    cache.valid = false;
    cache.coefficients.resize(static_cast<std::size_t>(K));
    project_rolling_shape(shape, K, spec.ends, spec.L, cache.coefficients.data());
    cache.shape = shape;
    cache.K = K;
    cache.ends = spec.ends;
    cache.L = spec.L;
    cache.end_note = end_note(shape, name, K, spec.ends, spec.L);
    cache.valid = true;
  }
  std::copy(cache.coefficients.begin(), cache.coefficients.end(), out);
  if (!cache.end_note.empty()) member.notes.push_back({"ends:" + name, cache.end_note});
  if (shape.kind == RollingShapeKind::modes && shape.coefficients.size() > static_cast<std::size_t>(K)) {
    member.notes.push_back({"coefficients:" + name, "initial." + name + ".coefficients has " +
                                                        std::to_string(shape.coefficients.size()) +
                                                        " coefficients, more than the " + std::to_string(K) +
                                                        " basis functions of params.modes: the rest are dropped"});
  }
}

}  // namespace

double rolling_shape_value(const RollingShape& s, Ends ends, double L, double x) {
  switch (s.kind) {
    case RollingShapeKind::zero:
      return 0;
    case RollingShapeKind::sine:
      return s.amplitude * std::sin(s.k * x);
    case RollingShapeKind::modes: {
      double sum = 0;
      for (std::size_t i = 0; i < s.coefficients.size(); ++i) {
        const double c = s.coefficients[i];
        if (ends == Ends::fixed) {
          sum += c * std::sin(static_cast<double>(i + 1) * pi * x / L);
        } else if (i == 0) {
          sum += c;
        } else {
          const double arg = 2 * pi * static_cast<double>((i + 1) / 2) * x / L;
          sum += c * (i % 2 == 1 ? std::cos(arg) : std::sin(arg));
        }
      }
      return sum;
    }
    case RollingShapeKind::pluck:
      return x <= s.at ? s.amplitude * x / s.at : s.amplitude * (L - x) / (L - s.at);
    case RollingShapeKind::gaussian: {
      const double z = (x - s.center) / s.width;
      return s.amplitude * std::exp(-0.5 * z * z);
    }
    case RollingShapeKind::points: {
      const std::size_t n = s.values.size();
      const double h = L / static_cast<double>(n - 1);
      const double at = std::clamp(x / h, 0.0, static_cast<double>(n - 1));
      const std::size_t i = std::min(static_cast<std::size_t>(at), n - 2);
      const double t = at - static_cast<double>(i);
      return (1 - t) * s.values[i] + t * s.values[i + 1];
    }
  }
  return 0;
}

void project_rolling_shape(const RollingShape& s, int K, Ends ends, double L, double* out) {
  const bool fixed = ends == Ends::fixed;
  const double omega_basis = kappa_of(K - 1, ends, L);
  std::fill(out, out + K, 0.0);
  switch (s.kind) {
    case RollingShapeKind::zero:
      return;
    case RollingShapeKind::modes: {
      // Un-normalised basis: sin(kappa x) = sqrt(L/2) psi, the constant 1 = sqrt(L) psi_0.
      const std::size_t n = std::min(s.coefficients.size(), static_cast<std::size_t>(K));
      for (std::size_t m = 0; m < n; ++m) {
        out[m] = s.coefficients[m] * (!fixed && m == 0 ? std::sqrt(L) : std::sqrt(L / 2));
      }
      return;
    }
    case RollingShapeKind::sine: {
      // Closed forms: sin(k x) sin(kappa x) = (cos((k - kappa) x) - cos((k + kappa) x)) / 2,
      // sin(k x) cos(kappa x) = (sin((k + kappa) x) + sin((k - kappa) x)) / 2.
      const double norm = std::sqrt(2 / L), k = s.k;
      for (int m = 0; m < K; ++m) {
        const double kap = kappa_of(m, ends, L);
        double integral;
        if (fixed || (m > 0 && m % 2 == 0)) {
          integral = norm * 0.5 * (int_cos(k - kap, L) - int_cos(k + kap, L));
        } else if (m == 0) {
          integral = int_sin(k, L) / std::sqrt(L);
        } else {
          integral = norm * 0.5 * (int_sin(k + kap, L) + int_sin(k - kap, L));
        }
        out[m] = s.amplitude * integral;
      }
      return;
    }
    case RollingShapeKind::pluck: {
      const auto f = [&](double x) { return rolling_shape_value(s, ends, L, x); };
      quadrature(f, {{0, s.at, omega_basis}, {s.at, L, omega_basis}}, K, ends, L, out);
      return;
    }
    case RollingShapeKind::gaussian: {
      // Fine panels within 10 widths of the centre (the Gaussian's own frequencies reach about 8 / width);
      // beyond, it is below 2e-22 of its peak.
      const double lo = std::clamp(s.center - 10 * s.width, 0.0, L);
      const double hi = std::clamp(s.center + 10 * s.width, 0.0, L);
      const auto f = [&](double x) { return rolling_shape_value(s, ends, L, x); };
      quadrature(f, {{0, lo, omega_basis}, {lo, hi, omega_basis + 8 / s.width}, {hi, L, omega_basis}}, K, ends, L, out);
      return;
    }
    case RollingShapeKind::points: {
      const std::size_t n = s.values.size();
      std::vector<Interval> intervals;
      intervals.reserve(n - 1);
      for (std::size_t i = 0; i + 1 < n; ++i) {
        const double a = L * static_cast<double>(i) / static_cast<double>(n - 1);
        const double b = i + 2 == n ? L : L * static_cast<double>(i + 1) / static_cast<double>(n - 1);
        intervals.push_back({a, b, omega_basis});
      }
      const auto f = [&](double x) { return rolling_shape_value(s, ends, L, x); };
      quadrature(f, intervals, K, ends, L, out);
      return;
    }
  }
}

}  // namespace config_detail

template <>
void Schema<rolling::Model>::build(const Spec& spec, const RollingJob& job, const std::string& source, Member& out) {
  using namespace config_detail;
  const double compare_t_end = job.compare_t_end;
  const MemberChecker check(source);
  out.notes.clear();

  check_params(rolling_params(), spec, check);
  const int K = static_cast<int>(spec.modes);
  if (!(spec.frozen == 0 || spec.frozen == 1)) {
    check.fail("params.frozen", "must be false or true (0 or 1), got " + format_number(spec.frozen));
  }
  const auto total_steps = static_cast<std::int64_t>(std::llround(spec.t_end / spec.dt));
  if (compare_t_end > 0) {
    if (!MemberChecker::whole_steps(compare_t_end, spec.dt)) {
      check.fail("compare.t_end", format_number(compare_t_end) +
                                      " is not a whole number of steps of integrator.dt = " + format_number(spec.dt) +
                                      " (" + format_number(compare_t_end / spec.dt) + " steps)");
    }
    if (std::llround(compare_t_end / spec.dt) > total_steps) {
      check.fail("compare.t_end", "must not exceed integrator.t_end = " + format_number(spec.t_end) + ", got " +
                                      format_number(compare_t_end));
    }
  }

  // Contact points.
  for (const auto& [key, s] : {std::pair<const char*, double>{"initial.s1", spec.s1}, {"initial.s2", spec.s2}}) {
    check.finite(key, s);
    if (!(s >= 0 && s <= spec.L)) {
      check.fail(key, "must be in [0, L] = [0, " + format_number(spec.L) + "], got " + format_number(s));
    }
  }
  if (spec.ends == Ends::fixed) {
    const auto at_end = [&](double s) { return s == 0 || s == spec.L; };
    if (at_end(spec.s1) && (at_end(spec.s2) || spec.F == 0)) {
      check.fail("initial.s1", "the constraint row vanishes: initial.s1 = " + format_number(spec.s1) +
                                   " is at a fixed end and " +
                                   (spec.F == 0 ? std::string("params.F = 0")
                                                : "initial.s2 = " + format_number(spec.s2) + " is at a fixed end too") +
                                   " (move a contact point inside (0, L))");
    }
  }
  for (int i = 0; i < 4; ++i) {
    if (rolling_has_shape(spec, i)) {
      check_shape(rolling_shape(spec, i), std::string("initial.") + rolling_shape_names[i], spec.L, check);
    }
  }

  auto& p = out.params;
  p = rolling::Params<double>{};
  land_params(rolling_params(), spec, p);
  p.ends = spec.ends;
  p.frozen = static_cast<std::uint8_t>(spec.frozen);

  if (spec.analysis.spectrum) {
    if (spec.ends == Ends::fixed) {
      p.harmonic = check.integer_in(
          "analysis.spectrum.harmonic", spec.analysis.harmonic, 1, K,
          "must be an integer from 1 to params.modes = " + std::to_string(K) + " (k of the mode sin(k pi x / L))");
    } else {
      const int top = (K - 1) / 2;
      if (top < 1) {
        check.fail("analysis.spectrum.harmonic", "needs params.modes >= 3 with periodic ends (params.modes = " +
                                                     std::to_string(K) + " has no sin(2 pi j x / L) mode)");
      }
      p.harmonic = check.integer_in("analysis.spectrum.harmonic", spec.analysis.harmonic, 1, top,
                                    "must be an integer from 1 to (params.modes - 1) / 2 = " + std::to_string(top) +
                                        " (j of the mode sin(2 pi j x / L))");
    }
  }
  const AnalysisSteps analysis = check_analysis(spec.analysis, check, spec.dt, spec.t_end, total_steps);
  out.samples = analysis.samples;
  land_analysis(spec.analysis, analysis, p);

  // The smeared delta must be resolved by the K modes.
  const double kappa_K = kappa_of(K - 1, spec.ends, spec.L);
  const double filter = std::exp(-0.5 * (kappa_K * spec.sigma) * (kappa_K * spec.sigma));
  if (filter > resolved_filter) {
    const double need = std::sqrt(-2 * std::log(resolved_filter));  // kappa_K sigma >= 5.26
    const double unit = spec.ends == Ends::fixed ? pi / spec.L : 2 * pi / spec.L;
    const double j = std::ceil(need / (spec.sigma * unit));
    const double modes = spec.ends == Ends::fixed ? j : 2 * j;
    std::string text =
        "params.sigma = " + format_number(spec.sigma) + " is not resolved by params.modes = " + std::to_string(K) +
        ": the last mode's filter exp(-(kappa_K sigma)^2 / 2) = " + format_number(filter) +
        " exceeds 1e-6, so the truncation changes the smeared delta (and " +
        "compare's reference, which does not truncate, will disagree); params.modes >= " + format_number(modes) +
        " resolves it";
    if (kappa_K > 0) text += ", or params.sigma >= " + format_number(std::ceil(need / kappa_K * 1e4) / 1e4);
    out.notes.push_back({"resolution", text});
  }

  out.y0.assign(static_cast<std::size_t>(rolling::state_size(K)), 0.0);
  project_cached(spec, 0, K, out, out.y0.data() + rolling::a_at(K));
  project_cached(spec, 1, K, out, out.y0.data() + rolling::b_at(K));
  project_cached(spec, 2, K, out, out.y0.data() + rolling::ad_at(K));
  project_cached(spec, 3, K, out, out.y0.data() + rolling::bd_at(K));
  out.y0[static_cast<std::size_t>(rolling::s1_at(K))] = spec.s1;
  out.y0[static_cast<std::size_t>(rolling::s2_at(K))] = spec.s2;
}

}  // namespace rodswarm
