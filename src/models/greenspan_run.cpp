/// @file greenspan_run.cpp
/// Model greenspan on the host (the interface: model_host.hpp): its results files (the string as 3-vectors of every
/// bead, the fixed ends included, and the energy split), its stability bounds, its Newton steady state and what
/// validate says about a job; and the generic drivers instantiated for it (compare: greenspan_compare.cpp, bench:
/// greenspan_bench.cpp).
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "config/greenspan_job.hpp"
#include "config/greenspan_params.hpp"
#include "driver/param_results.hpp"
#include "driver/drivers_impl.hpp"
#include "rodswarm/models/greenspan_stability.hpp"
#include "models/greenspan_host.hpp"

namespace rodswarm {

using Model = greenspan::Model;
using Host = ModelHost<Model>;

ResultsPlan Host::results(const Job& job, const std::string& kind) {
  ResultsPlan plan;
  plan.scheme = job.scheme == greenspan::Scheme::rk4 ? "rk4" : "greenspan";
  // The config's parameters (their table), then the end heights the initial shape gave, dt and t_end.
  fill_param_columns(
      plan, config_detail::greenspan_params(), job, {"y_left", "y_right"},
      [](const greenspan::Params<double>& p, std::vector<double>& out) {
        out.push_back(p.y_left);
        out.push_back(p.y_right);
      },
      false);
  for (const auto& p : job.members.params) plan.beads.push_back(p.n + 2);
  const bool run = kind == "run";
  const OutputSpec& o = job.output;
  plan.fields = {
      {"positions", {0, 3}, {}, run && o.saves("positions"), true},
      {"velocities", {0, 3}, {}, run && o.saves("velocities"), run},
      {"energy", {5}, {"kinetic", "elastic", "gravity", "potential", "total"}, run && o.saves("energy"), true}};
  return plan;
}

std::int32_t Host::max_beads(const Job& job) {
  int n = 0;
  for (const auto& p : job.members.params) n = std::max(n, p.n);
  return n + 2;
}

/// Member i's state (all beads, ends included) as rows of 3-vectors of positions and velocities, and its energies.
/// Rows beyond its beads keep the results' NaN.
template <class Real>
void Host::record(const Job& job, const RecordTables&, Ensemble<Model, Real>& e, std::size_t i, const FieldRows& rows) {
  const auto& p = job.members.params[i];
  const Real* ye = e.data(Model::heights, static_cast<std::int64_t>(i));
  const Real* ve = e.data(Model::velocities, static_cast<std::int64_t>(i));
  std::vector<double> y(ye, ye + p.n), v(ve, ve + p.n);
  double *pos = rows[0], *vel = rows[1], *en = rows[2];
  for (int b = 0; b < p.n + 2; ++b) {
    if (pos) {
      pos[3 * b] = b * p.dx;
      pos[3 * b + 1] = greenspan::bead_height(y.data(), b, p);
      pos[3 * b + 2] = 0.0;
    }
    if (vel) {
      vel[3 * b] = 0.0;
      vel[3 * b + 1] = b == 0 || b == p.n + 1 ? 0.0 : v[static_cast<std::size_t>(b - 1)];
      vel[3 * b + 2] = 0.0;
    }
  }
  if (en) {
    const auto energy = greenspan::energy(y.data(), v.data(), p);
    const double values[] = {energy.kinetic, energy.elastic, energy.gravity, energy.potential(), energy.total()};
    std::copy(std::begin(values), std::end(values), en);
  }
}

bool Host::counts_as_diverged(std::uint8_t status) { return status == status_diverged; }

namespace {

/// The paper scheme's bound omega^2 dt < 4 gamma and gamma dt < 1 solved for dt (0: with alpha = 0 none holds).
double largest_paper_scheme_dt(double omega2, double gamma) {
  if (gamma <= 0) return 0;
  return omega2 > 0 ? std::min(4 * gamma / omega2, 1 / gamma) : 1 / gamma;
}

/// RK4's bound solved for dt by bisection: every mode's dt lambda moves out along a ray from the origin as dt grows,
/// and RK4's region holds each such ray into Re z <= 0 from the origin up to one crossing of its boundary.
double largest_rk4_dt(double omega2, double gamma) {
  const double rate = std::sqrt(std::max(omega2, gamma * gamma));
  if (rate <= 0) return std::numeric_limits<double>::infinity();
  double lo = 0, hi = 1 / rate;
  for (int k = 0; k < 64 && greenspan::rk4_stable(omega2, gamma, hi); ++k) {
    lo = hi;
    hi *= 2;
  }
  for (int k = 0; k < 60; ++k) {
    const double mid = 0.5 * (lo + hi);
    (greenspan::rk4_stable(omega2, gamma, mid) ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace

/// dt against the scheme's linearised bound, at the initial state and at the steady state (docs/models/greenspan.md).
MemberStability Host::stability(const Job& job, std::size_t i) {
  const auto& p = job.members.params[i];
  double w2 = greenspan::highest_mode_omega2(job.members.data(Model::heights, static_cast<std::int64_t>(i)), p);
  // Steady state from the straight chord between the ends; if Newton fails the initial state decides alone.
  std::vector<double> y(static_cast<std::size_t>(p.n));
  std::vector<double> scratch(static_cast<std::size_t>(greenspan::steady_workspace_size(p.n)));
  for (int j = 0; j < p.n; ++j)
    y[static_cast<std::size_t>(j)] = p.y_left + (p.y_right - p.y_left) * (j + 1) / (p.n + 1);
  if (greenspan::solve_steady(y.data(), p, scratch.data(), 1e-10, 50).converged) {
    w2 = std::max(w2, greenspan::highest_mode_omega2(y.data(), p));
  }
  const double gamma = p.alpha / (2.0 * p.m), dt = job.members.dt[i];
  const bool rk4 = job.scheme == greenspan::Scheme::rk4;
  const bool stable = rk4 ? greenspan::rk4_stable(w2, gamma, dt) : greenspan::paper_scheme_stable(w2, gamma, dt);
  return {w2, gamma, stable, rk4 ? largest_rk4_dt(w2, gamma) : largest_paper_scheme_dt(w2, gamma)};
}

std::string Host::stability_bound(const Job& job) {
  return std::string("the ") + (job.scheme == greenspan::Scheme::rk4 ? "rk4" : "greenspan") +
         " scheme's linearised stability bound";
}

std::string Host::stability_example(const StabilityReport::Detail& d, const Job& job) {
  std::ostringstream out;
  if (job.scheme == greenspan::Scheme::rk4) {
    out << "dt * omega_max = " << d.dt * std::sqrt(d.omega2) << " (RK4 needs about 2.8 or less)";
  } else {
    out << "omega_max^2 = " << d.omega2 << ", gamma = alpha/2m = " << d.gamma << ", dt = " << d.dt
        << "; the greenspan scheme needs omega_max^2 < 4 gamma/dt = " << 4.0 * d.gamma / d.dt
        << " and gamma dt < 1 (with alpha = 0 no dt is stable)";
  }
  return out.str();
}

/// Newton on (5.3) from the straight chord between the ends, whatever the initial shape.

std::string Host::steady_scheme(const Job&) { return "newton"; }

GreenspanJob Host::steady_job(const Job& job) {
  Job start = job;
  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
    const auto& p = job.members.params[i];
    double* y = start.members.data(Model::heights, static_cast<std::int64_t>(i));
    double* v = start.members.data(Model::velocities, static_cast<std::int64_t>(i));
    for (int j = 0; j < p.n; ++j) {
      y[j] = p.y_left + (p.y_right - p.y_left) * (j + 1) / (p.n + 1);
      v[j] = 0;
    }
  }
  return start;
}

template <class Real>
SteadyOutcomes Host::solve_steady(const Job& job, Backend<Model, Real>& backend, Ensemble<Model, Real>& e,
                                  StabilityReport&) {
  // float32 cannot reach a float64 residual; its floor is about 1e-6 of the force scale.
  const double tol = job.precision == Precision::float32 ? std::max(job.steady.tol, 1e-5) : job.steady.tol;
  backend.load(e);
  const SteadyResult result = backend.solve_steady(static_cast<Real>(tol), job.steady.max_iter);
  backend.store(e);
  const auto members = static_cast<std::size_t>(job.size());
  SteadyOutcomes s = SteadyOutcomes::newton(members);
  s.iterations = result.iterations;
  s.residual = result.residual;
  s.converged = result.converged;
  for (std::size_t i = 0; i < members; ++i) s.failed[i] = result.converged[i] ? 0 : 1;  // counted as diverged
  return s;
}

std::vector<std::string> Host::describe(const Job& job) {
  return {"model greenspan, scheme " + results(slice_of(job, 0, 0), "run").scheme + ", precision " +
              (job.precision == Precision::float32 ? "float32" : "float64"),
          "beads per member: up to " + std::to_string(max_beads(job) - 2) + " moving (+2 fixed ends)"};
}

}  // namespace rodswarm

RODSWARM_DRIVERS(rodswarm::greenspan::Model)
