/// @file rolling_run.cpp
/// Model rolling on the host: its results files (the space-time field of both strings at the output points, the
/// contact points, the multiplier, the energy, the running Lyapunov estimate, and after the run the recorded
/// harmonic of every member with its power spectrum, docs/rolling_discretisation.md section 2), its stability
/// bound and what validate says about a job; and the generic drivers instantiated for it.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "config/rolling_job.hpp"
#include "driver/drivers_impl.hpp"
#include "models/spectrum_signals.hpp"
#include "rodswarm/models/rolling.hpp"
#include "rodswarm/models/rolling_stepper.hpp"
#include "models/rolling_host.hpp"

namespace rodswarm {

using Model = rolling::Model;
using Host = ModelHost<Model>;

namespace {

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();

double x_at(const rolling::Params<double>& p, int points, int j) { return p.L * j / std::max(1, points - 1); }

/// The running Lyapunov estimate of a member: the sum of logs over the time of the last renormalisation; NaN
/// when the member computes none or has not renormalised yet.
double lyapunov_estimate(const rolling::Params<double>& p, double dt, std::int64_t steps_done, double log_sum) {
  if (!p.lyapunov || p.renorm_steps <= 0) return nan_value;
  const std::int64_t renormalised = steps_done / p.renorm_steps * p.renorm_steps;
  return renormalised > 0 ? log_sum / (double(renormalised) * dt) : nan_value;
}

/// The highest modal frequency c kappa_K of a member.
double omega_max(const rolling::Params<double>& p) { return p.c * rolling::wavenumber(p, p.modes - 1); }

}  // namespace

/// The space-time field of both strings at the output points: 2 x points bead rows, two rods per member.
ResultsPlan Host::results(const Job& job, const std::string& kind) {
  ResultsPlan plan;
  plan.scheme = "rk4";
  plan.param_names = {"modes", "periodic", "L", "c", "F", "G1", "G2", "sigma", "frozen", "s1", "s2", "dt", "t_end"};
  for (const auto& key : job.varied_keys) plan.param_names.push_back(key);
  const auto M = static_cast<std::size_t>(job.size());
  plan.params.assign(plan.param_names.size(), std::vector<double>(M));
  for (std::size_t i = 0; i < M; ++i) {
    const auto& p = job.members.params[i];
    const double* y = job.members.data(Model::state, static_cast<std::int64_t>(i));
    const double values[] = {double(p.modes),
                             p.ends == rolling::Ends::periodic ? 1.0 : 0.0,
                             p.L,
                             p.c,
                             p.F,
                             p.G1,
                             p.G2,
                             p.sigma,
                             double(p.frozen),
                             y[rolling::s1_at(p.modes)],
                             y[rolling::s2_at(p.modes)],
                             job.members.dt[i],
                             job.t_end[i]};
    std::size_t k = 0;
    for (; k < std::size(values); ++k) plan.params[k][i] = values[k];
    for (std::size_t v = 0; v < job.varied_values.size(); ++v) plan.params[k + v][i] = job.varied_values[v][i];
    plan.beads.push_back(2 * job.points);
    plan.rods.push_back(2);
  }
  const bool run = kind == "run";
  const OutputSpec& o = job.output;
  const bool lyapunov = run && job.renorm_interval > 0;
  plan.fields = {{"positions", {0, 3}, {}, run && o.saves("positions"), true},
                 {"velocities", {0, 3}, {}, run && o.saves("velocities"), run},
                 {"energy", {3}, {"kinetic", "potential", "total"}, run && o.saves("energy"), true},
                 {"contact", {3}, {"s1", "s2", "lambda"}, run && o.saves("contact"), run && o.saves("contact")},
                 {"lyapunov", {}, {}, lyapunov && o.saves("lyapunov"), lyapunov}};
  return plan;
}

std::int32_t Host::max_beads(const Job& job) { return 2 * job.points; }

/// psi_m(x_j) at the output points for every distinct (ends, K, L) of the job: sampling a member is then a
/// matrix-vector product.
RecordTables Host::record_tables(const Job& job) {
  RecordTables out;
  std::map<std::tuple<int, int, double>, std::size_t> index;
  const int P = job.points;
  for (const auto& p : job.members.params) {
    const auto key = std::make_tuple(int(p.ends), p.modes, p.L);
    const auto found = index.find(key);
    if (found != index.end()) {
      out.table_of.push_back(found->second);
      continue;
    }
    index.emplace(key, out.tables.size());
    out.table_of.push_back(out.tables.size());
    std::vector<double> table(static_cast<std::size_t>(P) * p.modes);
    std::vector<double> unit(static_cast<std::size_t>(rolling::state_size(p.modes)), 0.0);
    for (int m = 0; m < p.modes; ++m) {
      unit.assign(unit.size(), 0.0);
      unit[static_cast<std::size_t>(m)] = 1.0;
      for (int j = 0; j < P; ++j) {
        double value = 0, rate = 0;
        rolling::string_at(p, unit.data(), 0, x_at(p, P, j), value, rate);
        table[static_cast<std::size_t>(j) * p.modes + m] = value;
      }
    }
    out.tables.push_back(std::move(table));
  }
  return out;
}

template <class Real>
void Host::record(const Job& job, const RecordTables& tables, Ensemble<Model, Real>& e, std::size_t i,
                  const FieldRows& rows) {
  const auto& p64 = job.members.params[i];
  const auto& p = e.params[i];
  const std::vector<double>& table = tables.of(i);
  const int K = p.modes, P = job.points;
  const auto member = static_cast<std::int64_t>(i);
  const Real* y = e.data(Model::state, member);
  double *pos = rows[0], *vel = rows[1], *energy = rows[2], *contact = rows[3], *lyapunov = rows[4];
  for (int string = 0; string < 2; ++string) {
    const Real* amp = y + (string == 0 ? rolling::a_at(K) : rolling::b_at(K));
    const Real* rate = y + (string == 0 ? rolling::ad_at(K) : rolling::bd_at(K));
    for (int j = 0; j < P; ++j) {
      double u = 0, ut = 0;
      for (int m = 0; m < K; ++m) {
        u += table[static_cast<std::size_t>(j) * K + m] * double(amp[m]);
        ut += table[static_cast<std::size_t>(j) * K + m] * double(rate[m]);
      }
      const double x = x_at(p64, P, j);
      const std::size_t b = static_cast<std::size_t>(string * P + j);
      if (pos) {
        pos[3 * b] = x;
        pos[3 * b + 1] = u;
        pos[3 * b + 2] = 0;
      }
      if (vel) {
        vel[3 * b] = 0;
        vel[3 * b + 1] = ut;
        vel[3 * b + 2] = 0;
      }
    }
  }
  if (energy) {
    const rolling::Energy E = rolling::energy(p, y);
    energy[0] = E.kinetic;
    energy[1] = E.potential;
    energy[2] = E.total();
  }
  if (contact) {
    std::vector<Real> scratch(static_cast<std::size_t>(4 * K));
    const rolling::Contact<Real> c =
        rolling::rates(p, y, static_cast<Real*>(nullptr), rolling::rows_in(scratch.data(), K));
    contact[0] = double(y[rolling::s1_at(K)]);
    contact[1] = double(y[rolling::s2_at(K)]);
    contact[2] = c.singular ? nan_value : double(c.lambda);
  }
  if (lyapunov) {
    *lyapunov = lyapunov_estimate(p64, job.members.dt[i], e.steps_done[i], e.scalar[Model::lyapunov_log][i]);
  }
}

/// A member whose contact point left its string (fixed ends) is flagged singular, not diverged.
const char* Host::stop_meaning(std::uint8_t status) {
  return status == status_singular ? "stopped where a contact point left its string (fixed ends)" : nullptr;
}

bool Host::counts_as_diverged(std::uint8_t status) { return status == status_diverged; }

/// float32 cannot follow a Lyapunov twin closer than 1e-3.
void Host::check(const Job& job) {
  if (job.precision != Precision::float32) return;
  // The twin sits d0 from the trajectory in every component; float32 rounds O(1) values at 6e-8, so below
  // d0 = 1e-3 its round-off, not the dynamics, would set the measured growth (a frozen control then reads
  // about 2 instead of 0).
  for (std::size_t i = 0; i < job.members.params.size(); ++i) {
    const auto& p = job.members.params[i];
    if (p.lyapunov && p.lyapunov_d0 < 1e-3) {
      std::ostringstream d0;
      d0 << p.lyapunov_d0;  // 1e-08, where std::to_string wrote 0.000000
      throw std::invalid_argument(job.source + ": analysis.lyapunov.d0: float32 cannot follow a twin " + d0.str() +
                                  " away (member " + std::to_string(i) + "): use precision float64, or d0 >= 1e-3");
    }
  }
}

/// The initial velocities projected onto the constraint (the stepper would do it on its first step; here the
/// save at t = 0 already holds the state that is integrated).
template <class Real>
void Host::prepare(const Job&, Ensemble<Model, Real>& e) {
  for (std::int64_t i = 0; i < e.members(); ++i) {
    const auto k = static_cast<std::size_t>(i);
    const auto& p = e.params[k];
    std::vector<Real> scratch(static_cast<std::size_t>(4 * p.modes));
    if (e.steps_done[k] == 0 &&
        !rolling::project_velocities(p, e.data(Model::state, i), rolling::rows_in(scratch.data(), p.modes)))
      e.status[k] = status_singular;
  }
}

/// The harmonic's signal, NaN after the samples a member reached, and its power spectrum.
template <class Real>
void Host::finish(const Job& job, const Ensemble<Model, Real>& e, Results& r, const RunOptions& options) {
  record_spectra(job, e, r, options.t_max);
}

/// RK4's bound dt omega_max < 2.8.
MemberStability Host::stability(const Job& job, std::size_t i) {
  return omega_bound(omega_max(job.members.params[i]), job.members.dt[i], 2.8);
}

std::string Host::stability_bound(const Job&) { return "RK4's stability bound"; }

std::string Host::stability_example(const StabilityReport::Detail& d, const Job&) {
  return omega_bound_example(d, "c kappa_K (the highest mode)", 2.8);
}

std::vector<std::string> Host::describe(const Job& job) {
  int K = 0;
  for (const auto& p : job.members.params) K = std::max(K, p.modes);
  return {std::string("model rolling, scheme rk4, precision ") +
              (job.precision == Precision::float32 ? "float32" : "float64"),
          "modes per string: up to " + std::to_string(K), "output points per string: " + std::to_string(job.points),
          "analysis: spectrum " +
              (job.sample_interval > 0 ? "of harmonic " + std::to_string(job.harmonic) : std::string("off")) +
              ", Lyapunov exponent " + (job.renorm_interval > 0 ? "on (twin trajectories)" : "off")};
}

}  // namespace rodswarm

RODSWARM_DRIVERS(rodswarm::rolling::Model)
