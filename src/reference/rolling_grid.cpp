/// @file rolling_grid.cpp
/// The finite-difference grid of the rolling reference (docs/rolling_discretisation.md section 3): case checks,
/// the smeared delta with its images as a sparse grid row, the three-point wave operator, synthesis of grid values
/// from modal coefficients, the harmonic quadrature and the grid energy.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "reference/rolling_internal.hpp"

namespace rodswarm::reference::rolling_detail {
namespace {

constexpr double kPi = 3.14159265358979323846;

[[noreturn]] void fail(const std::string& what) { throw std::invalid_argument("rolling reference: " + what); }

}  // namespace

Grid grid(const RollingCase& c) {
  Grid g;
  g.N = c.points;
  g.periodic = c.periodic;
  g.n = c.periodic ? c.points : c.points + 1;
  g.h = c.L / static_cast<double>(c.points);
  return g;
}

void check_case(const RollingCase& c) {
  if (!(c.L > 0) || !std::isfinite(c.L)) fail("L must be positive and finite");
  if (!(c.c > 0) || !std::isfinite(c.c)) fail("c must be positive and finite");
  if (!(c.sigma > 0) || !std::isfinite(c.sigma)) fail("sigma must be positive and finite");
  if (!std::isfinite(c.F) || !std::isfinite(c.G1) || !std::isfinite(c.G2)) fail("F, G1, G2 must be finite");
  if (c.points < 4) fail("points (grid intervals N) must be >= 4");
  if (c.output_points < 2 || c.points % (c.output_points - 1) != 0)
    fail("points (N) must be a multiple of output_points - 1");
  if (c.b0.size() != c.a0.size() || c.ad0.size() != c.a0.size() || c.bd0.size() != c.a0.size())
    fail("a0, b0, ad0, bd0 must have the same size");
  if (c.harmonic < 1) fail("harmonic must be >= 1");
  if (!(c.dt > 0) || !std::isfinite(c.dt)) fail("dt must be positive");
  const double h = grid(c).h;
  if (c.dt * 2.0 * c.c / h >= 2.8) fail("dt beyond RK4's stability bound dt 2c/h < 2.8");
  if (!std::isfinite(c.s1) || !std::isfinite(c.s2)) fail("contact points must be finite");
  if (!c.periodic && (c.s1 < 0 || c.s1 > c.L || c.s2 < 0 || c.s2 > c.L))
    fail("fixed ends: contact points must lie in [0, L]");
}

namespace {

/// exp(-y_k^2 / (2 sigma^2)) for y_k = y0 + k h, k = 0..count-1, added with `sign` into val (and its s-derivative
/// y_k / sigma^2 times that into dval) at index i0 + step k. In blocks of 16 the Gaussian factors as
/// exp(-y0^2/2s^2) exp(-h y0/s^2)^k exp(-k^2 h^2/2s^2) (two exp calls per block, error ~16 ulp); grids that do
/// not resolve sigma (h > sigma, where these factors could overflow) use one exp per point.
void add_gaussian_run(double y0, double h, double inv_var, double peak, double sign, long count, long i0, long step,
                      RowScratch& acc) {
  const auto add = [&](long k, double val) {
    const double y = y0 + static_cast<double>(k) * h;
    acc.val(i0 + step * k) += val;
    acc.dval(i0 + step * k) += val * y * inv_var;  // d/ds exp(-(x_j - s)^2 / 2 sigma^2)
  };
  if (h * h * inv_var > 1.0) {
    for (long k = 0; k < count; ++k) {
      const double y = y0 + static_cast<double>(k) * h;
      add(k, sign * peak * std::exp(-0.5 * y * y * inv_var));
    }
    return;
  }
  constexpr long kBlock = 16;
  double table[kBlock];
  for (long k = 0; k < kBlock; ++k) {
    const double kh = static_cast<double>(k) * h;
    table[k] = std::exp(-0.5 * kh * kh * inv_var);
  }
  for (long start = 0; start < count; start += kBlock) {
    const double ys = y0 + static_cast<double>(start) * h;
    const double a = sign * peak * std::exp(-0.5 * ys * ys * inv_var);
    const double b = std::exp(-h * ys * inv_var);
    double bk = 1;
    const long end = std::min(count, start + kBlock);
    for (long k = start; k < end; ++k, bk *= b) add(k, a * bk * table[k - start]);
  }
}

}  // namespace

void smeared_delta(const RollingCase& c, double s, RowScratch& scratch, Row& row) {
  if (row.built && row.s == s) return;
  const Grid g = grid(c);
  const double radius = kCutoff * c.sigma;
  const double peak = 1.0 / (c.sigma * std::sqrt(2.0 * kPi));
  const double inv_var = 1.0 / (c.sigma * c.sigma);
  if (scratch.val.size() != g.n) {
    scratch.val = Eigen::VectorXd::Zero(g.n);
    scratch.dval = Eigen::VectorXd::Zero(g.n);
  }
  // Unwrapped grid points y_j = j h within the cutoff of s, in runs j in [qN, (q+1)N). Periodic: y_j is grid point
  // j - qN. Fixed (odd extension of period 2L): q even, grid point j - qN with sign +; q odd, its mirror image
  // (q+1)N - j with sign -; the end points are skipped (the images cancel there). Summing over all such j is the
  // image sum of section 3; images closer than the cutoff to each other land on the same grid point and add.
  const long N = g.N;
  const long jlo = static_cast<long>(std::ceil((s - radius) / g.h));
  const long jhi = static_cast<long>(std::floor((s + radius) / g.h));
  long lo = g.n, hi = -1;
  // A contact point exactly on a fixed end has the zero row (its images cancel); summed, they would leave
  // round-off, and two such points must give the singular constraint.
  const bool on_end = !g.periodic && (s == 0 || s == c.L);
  for (long j = jlo; j <= jhi && !on_end;) {
    const long q = (j >= 0 ? j : j - N + 1) / N;  // floor(j / N)
    long run_lo = j, run_hi = std::min(jhi, (q + 1) * N - 1);
    long i0 = 0, step = 1;
    double sign = 1;
    if (g.periodic || q % 2 == 0) {
      i0 = -q * N;  // i = j - qN
    } else {
      i0 = (q + 1) * N;  // i = (q+1)N - j
      step = -1;
      sign = -1;
    }
    if (!g.periodic) {  // leave out i = 0 and i = N
      if (i0 + step * run_lo == 0 || i0 + step * run_lo == N) ++run_lo;
      if (run_hi >= run_lo && (i0 + step * run_hi == 0 || i0 + step * run_hi == N)) --run_hi;
    }
    if (run_hi >= run_lo) {
      const double y0 = static_cast<double>(run_lo) * g.h - s;
      add_gaussian_run(y0, g.h, inv_var, peak, sign, run_hi - run_lo + 1, i0 + step * run_lo, step, scratch);
      const long a = i0 + step * run_lo, b = i0 + step * run_hi;
      lo = std::min({lo, a, b});
      hi = std::max({hi, a, b});
    }
    j = std::min(jhi, (q + 1) * N - 1) + 1;
  }
  row.s = s;
  row.built = true;
  if (hi < lo) {
    row.first = 0;
    row.val.resize(0);
    row.dval.resize(0);
    return;
  }
  const auto first = static_cast<Eigen::Index>(lo), len = static_cast<Eigen::Index>(hi - lo + 1);
  row.first = static_cast<int>(lo);
  row.val = scratch.val.segment(first, len);
  row.dval = scratch.dval.segment(first, len);
  scratch.val.segment(first, len).setZero();
  scratch.dval.segment(first, len).setZero();
}

Row smeared_delta(const RollingCase& c, double s) {
  RowScratch scratch;
  Row row;
  smeared_delta(c, s, scratch, row);
  return row;
}

double dot(const Row& row, const Eigen::VectorXd& f, bool derivative) {
  const Eigen::VectorXd& w = derivative ? row.dval : row.val;
  return w.dot(f.segment(row.first, w.size()));
}

double norm2(const Row& row) { return row.val.squaredNorm(); }

void axpy(double a, const Row& row, Eigen::VectorXd& f) { f.segment(row.first, row.val.size()) += a * row.val; }

void wave_operator(const RollingCase& c, const Eigen::VectorXd& u, Eigen::VectorXd& out) {
  const Grid g = grid(c);
  const int n = g.n;
  const double k = c.c * c.c / (g.h * g.h);
  out.resize(n);
  out.segment(1, n - 2) = k * (u.segment(0, n - 2) - 2.0 * u.segment(1, n - 2) + u.segment(2, n - 2));
  if (g.periodic) {
    out(0) = k * (u(n - 1) - 2.0 * u(0) + u(1));
    out(n - 1) = k * (u(n - 2) - 2.0 * u(n - 1) + u(0));
  } else {
    out(0) = 0;
    out(n - 1) = 0;
  }
}

double basis_on_grid(const RollingCase& c, int m, int j) {
  const long N = c.points;
  if (!c.periodic) {  // sqrt(2/L) sin(k pi x_j / L) = sqrt(2/L) sin(pi (k j mod 2N) / N), k = m + 1
    const long r = (static_cast<long>(m + 1) * j) % (2 * N);
    return std::sqrt(2.0 / c.L) * std::sin(kPi * static_cast<double>(r) / static_cast<double>(N));
  }
  if (m == 0) return 1.0 / std::sqrt(c.L);
  const long wave = (m + 1) / 2;  // psi_{2w-1} = cos, psi_{2w} = sin of 2 pi w x / L
  const long r = (wave * j) % N;
  const double angle = 2.0 * kPi * static_cast<double>(r) / static_cast<double>(N);
  return std::sqrt(2.0 / c.L) * (m % 2 == 1 ? std::cos(angle) : std::sin(angle));
}

Eigen::VectorXd synthesise(const RollingCase& c, const std::vector<double>& coeffs) {
  const Grid g = grid(c);
  Eigen::VectorXd f = Eigen::VectorXd::Zero(g.n);
  for (int j = 0; j < g.n; ++j)
    for (std::size_t m = 0; m < coeffs.size(); ++m)
      if (coeffs[m] != 0) f(j) += coeffs[m] * basis_on_grid(c, static_cast<int>(m), j);
  if (!g.periodic) {
    f(0) = 0;
    f(g.n - 1) = 0;
  }
  return f;
}

double harmonic(const RollingCase& c, const Eigen::VectorXd& u) {
  const Grid g = grid(c);
  const int m = c.periodic ? 2 * c.harmonic : c.harmonic - 1;  // sin(2 pi j x/L) mode j, or sin(k pi x/L)
  double sum = 0;
  for (int j = 0; j < g.n; ++j) sum += u(j) * basis_on_grid(c, m, j);
  return g.h * sum;
}

Energy energy(const RollingCase& c, const RollingState& y) {
  const Grid g = grid(c);
  const int n = g.n;
  Energy e;
  e.kinetic = 0.5 * g.h * (y.ut.squaredNorm() + y.vt.squaredNorm());
  double stretch =
      (y.u.tail(n - 1) - y.u.head(n - 1)).squaredNorm() + (y.v.tail(n - 1) - y.v.head(n - 1)).squaredNorm();
  if (g.periodic) {
    const double du = y.u(0) - y.u(n - 1), dv = y.v(0) - y.v(n - 1);
    stretch += du * du + dv * dv;
  }
  e.potential = 0.5 * c.c * c.c * stretch / g.h;
  return e;
}

}  // namespace rodswarm::reference::rolling_detail
