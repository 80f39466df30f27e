#include "driver/rolling_driver.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "analysis/spectrum.hpp"
#include "driver/backend_select.hpp"
#include "driver/save_schedule.hpp"
#include "driver/utc_now.hpp"
#include "rodswarm/models/rolling.hpp"
#include "rodswarm/models/rolling_stepper.hpp"

namespace rodswarm {
namespace {

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t contact_components = 3;

const std::vector<std::string>& fixed_param_names() {
  static const std::vector<std::string> names = {"modes", "periodic", "L",  "c",  "F",  "G1",   "G2",
                                                 "sigma", "frozen",   "s1", "s2", "dt", "t_end"};
  return names;
}

Results results_skeleton(const RollingJob& job, const std::string& backend) {
  Results r;
  r.model = "rolling";
  r.scheme = "rk4";
  r.backend = backend;
  r.precision = job.precision == Precision::float32 ? "float32" : "float64";
  r.config_json = job.config.dump();
  r.rodswarm_version = "0.1.0";
  r.created = utc_now();
  const auto& e = job.members;
  r.members = e.members();
  r.max_beads = 2 * job.points;
  r.varied_keys = job.varied_keys;
  r.energy_names = rolling_energy_names();
  r.param_names = fixed_param_names();
  for (const auto& key : job.varied_keys) r.param_names.push_back(key);
  const auto M = static_cast<std::size_t>(r.members);
  r.params.assign(r.param_names.size(), std::vector<double>(M));
  r.beads.assign(M, 2 * job.points);
  r.rods.assign(M, 2);
  for (std::size_t i = 0; i < M; ++i) {
    const auto& p = e.params[i];
    const double* y = &e.state[static_cast<std::size_t>(e.state_offset[i])];
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
                             e.dt[i],
                             job.t_end[i]};
    std::size_t k = 0;
    for (; k < std::size(values); ++k) r.params[k][i] = values[k];
    for (std::size_t v = 0; v < job.varied_values.size(); ++v) r.params[k + v][i] = job.varied_values[v][i];
  }
  return r;
}

/// psi_m(x_j) at the P output points for one (ends, K, L): sampling a member is then a matrix-vector product.
class BasisTables {
 public:
  explicit BasisTables(int points) : points_(points) {}
  const std::vector<double>& of(const rolling::Params<double>& p) {
    const auto key = std::make_tuple(int(p.ends), p.modes, p.L);
    auto it = tables_.find(key);
    if (it != tables_.end()) return it->second;
    std::vector<double> table(static_cast<std::size_t>(points_) * p.modes);
    std::vector<double> unit(static_cast<std::size_t>(rolling::state_size(p.modes)), 0.0);
    for (int m = 0; m < p.modes; ++m) {
      unit.assign(unit.size(), 0.0);
      unit[static_cast<std::size_t>(m)] = 1.0;
      for (int j = 0; j < points_; ++j) {
        double value = 0, rate = 0;
        rolling::string_at(p, unit.data(), 0, x_at(p, j), value, rate);
        table[static_cast<std::size_t>(j) * p.modes + m] = value;
      }
    }
    return tables_.emplace(key, std::move(table)).first->second;
  }
  double x_at(const rolling::Params<double>& p, int j) const { return p.L * j / std::max(1, points_ - 1); }

 private:
  int points_;
  std::map<std::tuple<int, int, double>, std::vector<double>> tables_;
};

/// Where member i's values go at one save (each pointer may be null: not saved).
struct Rows {
  double *pos = nullptr, *vel = nullptr, *energy = nullptr, *contact = nullptr, *lyapunov = nullptr;
};

template <class Real>
void record_member(const RollingJob& job, rolling::Ensemble<Real>& e, std::size_t i, const std::vector<double>& table,
                   const Rows& out) {
  const auto& p64 = job.members.params[i];
  const auto& p = e.params[i];
  const int K = p.modes, P = job.points;
  const Real* y = &e.state[static_cast<std::size_t>(e.state_offset[i])];
  for (int string = 0; string < 2; ++string) {
    const Real* amp = y + (string == 0 ? rolling::a_at(K) : rolling::b_at(K));
    const Real* vel = y + (string == 0 ? rolling::ad_at(K) : rolling::bd_at(K));
    for (int j = 0; j < P; ++j) {
      double u = 0, ut = 0;
      for (int m = 0; m < K; ++m) {
        u += table[static_cast<std::size_t>(j) * K + m] * double(amp[m]);
        ut += table[static_cast<std::size_t>(j) * K + m] * double(vel[m]);
      }
      const double x = p64.L * j / std::max(1, P - 1);
      const std::size_t b = static_cast<std::size_t>(string * P + j);
      if (out.pos) {
        out.pos[3 * b] = x;
        out.pos[3 * b + 1] = u;
        out.pos[3 * b + 2] = 0;
      }
      if (out.vel) {
        out.vel[3 * b] = 0;
        out.vel[3 * b + 1] = ut;
        out.vel[3 * b + 2] = 0;
      }
    }
  }
  if (out.energy) {
    const rolling::Energy E = rolling::energy(p, y);
    out.energy[0] = E.kinetic;
    out.energy[1] = E.potential;
    out.energy[2] = E.total();
  }
  if (out.contact) {
    std::vector<Real> scratch(static_cast<std::size_t>(4 * K));
    const rolling::Contact<Real> c =
        rolling::rates(p, y, static_cast<Real*>(nullptr), rolling::rows_in(scratch.data(), K));
    out.contact[0] = double(y[rolling::s1_at(K)]);
    out.contact[1] = double(y[rolling::s2_at(K)]);
    out.contact[2] = c.singular ? nan_value : double(c.lambda);
  }
  if (out.lyapunov) *out.lyapunov = lyapunov_estimate(p64, job.members.dt[i], e.steps_done[i], e.lyapunov_log[i]);
}

template <class Real>
rolling::Params<Real> convert_params(const rolling::Params<double>& q) {
  rolling::Params<Real> p;
  p.modes = q.modes;
  p.ends = q.ends;
  p.frozen = q.frozen;
  p.lyapunov = q.lyapunov;
  p.harmonic = q.harmonic;
  p.sample_steps = q.sample_steps;
  p.renorm_steps = q.renorm_steps;
  p.L = Real(q.L);
  p.c = Real(q.c);
  p.F = Real(q.F);
  p.G1 = Real(q.G1);
  p.G2 = Real(q.G2);
  p.sigma = Real(q.sigma);
  p.lyapunov_d0 = Real(q.lyapunov_d0);
  p.divergence_bound = Real(q.divergence_bound);
  return p;
}

/// Samples of the harmonic a run of the job keeps per member (shared by every batch: from the longest t_end).
std::int64_t signal_samples(const RollingJob& job, double t_max) {
  if (job.sample_interval <= 0) return 0;
  for (double t : job.t_end) t_max = std::max(t_max, t);
  return static_cast<std::int64_t>(std::floor(t_max / job.sample_interval + 1e-9)) + 1;
}

template <class Real>
RunReport run_typed(const RollingJob& job, const RunOptions& options) {
  auto backend = make_rolling_backend<Real>(options.backend, options.cuda);
  RunReport report;
  report.stability = check_stability(job);
  Results& r = report.results;
  r = results_skeleton(job, backend->description());
  r.stability_warning = report.stability.unstable;

  const auto members = static_cast<std::size_t>(job.size());
  const int B = r.max_beads;
  const std::size_t E = rolling_energy_names().size();
  auto ensemble = to_precision<Real>(job.members);
  // The initial velocities projected onto the constraint (the stepper would do it on its first step; here the
  // save at t = 0 already holds the state that is integrated).
  for (std::size_t i = 0; i < members; ++i) {
    const auto& p = ensemble.params[i];
    std::vector<Real> scratch(static_cast<std::size_t>(4 * p.modes));
    if (ensemble.steps_done[i] == 0 &&
        !rolling::project_velocities(p, &ensemble.state[static_cast<std::size_t>(ensemble.state_offset[i])],
                                     rolling::rows_in(scratch.data(), p.modes)))
      ensemble.status[i] = status_singular;
  }
  const OutputSpec& o = job.output;
  BasisTables tables(job.points);
  std::vector<const std::vector<double>*> table_of(members);
  for (std::size_t i = 0; i < members; ++i) table_of[i] = &tables.of(job.members.params[i]);

  const SaveSchedule plan = plan_saves(job.members.dt, job.t_end, o.save_every, options.t_max);
  report.max_steps = plan.max_steps;
  const std::size_t S = plan.time.size();
  r.time = plan.time;
  const bool lyapunov = job.renorm_interval > 0 && o.lyapunov;
  if (S > 0 && o.positions) r.series_positions.assign(members * S * B * 3, nan_value);
  if (S > 0 && o.velocities) r.series_velocities.assign(members * S * B * 3, nan_value);
  if (S > 0 && o.energy) r.series_energy.assign(members * S * E, nan_value);
  if (S > 0 && o.contact) r.series_contact.assign(members * S * contact_components, nan_value);
  if (S > 0 && lyapunov) r.series_lyapunov.assign(members * S, nan_value);
  auto at = [](std::vector<double>& v, std::size_t offset) { return v.empty() ? nullptr : v.data() + offset; };

  auto record_save = [&](std::size_t k, const std::vector<std::int64_t>& target) {
    for_each_saved_member(plan, k, ensemble.steps_done, target, [&](std::size_t i, std::size_t row) {
      record_member(
          job, ensemble, i, *table_of[i],
          Rows{at(r.series_positions, row * B * 3), at(r.series_velocities, row * B * 3), at(r.series_energy, row * E),
               at(r.series_contact, row * contact_components), at(r.series_lyapunov, row)});
    });
  };

  const LoopTiming timing = timed_backend_loop(
      plan, options.progress, options.progress_label, [&](std::size_t i) { return 2 * job.members.params[i].modes; },
      *backend, ensemble, r.backend, record_save);
  report.advance_calls = timing.advance_calls;
  report.wall_seconds = timing.wall_seconds;

  r.final_time.resize(members);
  r.final_positions.assign(members * B * 3, nan_value);
  if (o.velocities) r.final_velocities.assign(members * B * 3, nan_value);
  r.final_energy.assign(members * E, nan_value);
  if (o.contact) r.final_contact.assign(members * contact_components, nan_value);
  if (job.renorm_interval > 0) r.final_lyapunov.assign(members, nan_value);
  r.diverged.resize(members);
  r.singular.resize(members);
  r.steps_taken.resize(members);
#pragma omp parallel for schedule(dynamic, 16) if (members > 64)
  for (std::int64_t ii = 0; ii < static_cast<std::int64_t>(members); ++ii) {
    const auto i = static_cast<std::size_t>(ii);
    record_member(job, ensemble, i, *table_of[i],
                  Rows{at(r.final_positions, i * B * 3), at(r.final_velocities, i * B * 3), at(r.final_energy, i * E),
                       at(r.final_contact, i * contact_components), at(r.final_lyapunov, i)});
    r.final_time[i] = double(ensemble.steps_done[i]) * job.members.dt[i];
    r.diverged[i] = ensemble.status[i] == status_diverged ? 1 : 0;
    r.singular[i] = ensemble.status[i] == status_singular ? 1 : 0;
    r.steps_taken[i] = ensemble.steps_done[i];
  }
  for (std::size_t i = 0; i < members; ++i) {
    report.diverged += r.diverged[i];
    report.bead_steps += double(ensemble.steps_done[i]) * 2.0 * job.members.params[i].modes;
  }

  // The harmonic's signal, NaN after the samples a member reached, and its power spectrum.
  const std::int64_t Ns = signal_samples(job, options.t_max);
  if (Ns > 0) {
    r.spectrum_harmonic = job.harmonic;
    r.spectrum_interval = job.sample_interval;
    r.spectrum_signal.assign(members * static_cast<std::size_t>(Ns), nan_value);
    for (std::size_t i = 0; i < members; ++i) {
      const auto& p = job.members.params[i];
      if (p.sample_steps <= 0) continue;
      const std::int64_t filled = std::min<std::int64_t>(
          {ensemble.steps_done[i] / p.sample_steps + 1, ensemble.signal_offset[i + 1] - ensemble.signal_offset[i], Ns});
      for (std::int64_t k = 0; k < filled; ++k)
        r.spectrum_signal[i * static_cast<std::size_t>(Ns) + static_cast<std::size_t>(k)] =
            double(ensemble.signal[static_cast<std::size_t>(ensemble.signal_offset[i] + k)]);
    }
    const PowerSpectra spectra =
        power_spectra(r.spectrum_signal, static_cast<std::int64_t>(members), Ns, job.sample_interval);
    r.spectrum_omega = spectra.omega;
    r.spectrum_power = spectra.power;
  }
  return report;
}

}  // namespace

const std::vector<std::string>& rolling_energy_names() {
  static const std::vector<std::string> names = {"kinetic", "potential", "total"};
  return names;
}

double lyapunov_estimate(const rolling::Params<double>& p, double dt, std::int64_t steps_done, double log_sum) {
  if (!p.lyapunov || p.renorm_steps <= 0) return nan_value;
  const std::int64_t renormalised = steps_done / p.renorm_steps * p.renorm_steps;
  return renormalised > 0 ? log_sum / (double(renormalised) * dt) : nan_value;
}

template <class Real>
rolling::Ensemble<Real> to_precision(const rolling::Ensemble<double>& in) {
  rolling::Ensemble<Real> out;
  out.state_offset = in.state_offset;
  out.signal_offset = in.signal_offset;
  out.params.reserve(in.params.size());
  for (const auto& p : in.params) out.params.push_back(convert_params<Real>(p));
  auto copy = [](const std::vector<double>& from, std::vector<Real>& to) { to.assign(from.begin(), from.end()); };
  copy(in.dt, out.dt);
  copy(in.state, out.state);
  copy(in.twin, out.twin);
  copy(in.signal, out.signal);
  out.lyapunov_log = in.lyapunov_log;
  out.lyapunov_gap = in.lyapunov_gap;
  out.steps_done = in.steps_done;
  out.status = in.status;
  return out;
}

template rolling::Ensemble<double> to_precision<double>(const rolling::Ensemble<double>&);
template rolling::Ensemble<float> to_precision<float>(const rolling::Ensemble<double>&);

double rolling_omega_max(const rolling::Params<double>& p) { return p.c * rolling::wavenumber(p, p.modes - 1); }

StabilityReport check_stability(const RollingJob& job) {
  const auto& e = job.members;
  StabilityReport report;
  report.unstable.assign(static_cast<std::size_t>(e.members()), 0);
  for (std::size_t i = 0; i < report.unstable.size(); ++i) {
    const double omega = rolling_omega_max(e.params[i]);
    if (e.dt[i] * omega < 2.8) continue;
    report.unstable[i] = 1;
    ++report.count;
    if (report.examples.size() < 10)
      report.examples.push_back({static_cast<std::int64_t>(i), omega * omega, 0.0, e.dt[i]});
  }
  return report;
}

std::string describe_stability(const StabilityReport& report, const RollingJob&) {
  if (report.count == 0) return "";
  std::ostringstream out;
  out << unstable_members_line(report, "RK4's stability bound");
  const auto& d = report.examples.front();
  const double omega = std::sqrt(d.omega2);
  out << "  e.g. member " << d.member << ": dt * omega_max = " << d.dt * omega
      << " with omega_max = c kappa_K (the highest mode) = " << omega << "; 2.8 or less is needed, i.e. dt < "
      << 2.8 / omega << "\n"
      << unstable_members_footer;
  return out.str();
}

RunReport run_rolling(const RollingJob& job, const RunOptions& options) {
  if (job.precision == Precision::float32) {
    // The twin sits d0 from the trajectory in every component; float32 rounds O(1) values at 6e-8, so below
    // d0 = 1e-3 its round-off, not the dynamics, would set the measured growth (a frozen control then reads
    // about 2 instead of 0).
    for (std::size_t i = 0; i < job.members.params.size(); ++i) {
      const auto& p = job.members.params[i];
      if (p.lyapunov && p.lyapunov_d0 < 1e-3) {
        throw std::invalid_argument(job.source + ": analysis.lyapunov.d0: float32 cannot follow a twin " +
                                    std::to_string(p.lyapunov_d0) + " away (member " + std::to_string(i) +
                                    "): use precision float64, or d0 >= 1e-3");
      }
    }
  }
  return job.precision == Precision::float32 ? run_typed<float>(job, options) : run_typed<double>(job, options);
}

RollingJob slice_of(const RollingJob& job, std::int64_t first, std::int64_t count) {
  const std::int64_t last = std::min(job.size(), first + count);
  const auto f = static_cast<std::size_t>(first), l = static_cast<std::size_t>(last);
  RollingJob out;
  static_cast<JobCommon&>(out) = job.slice_common(f, l);
  out.points = job.points;
  out.sample_interval = job.sample_interval;
  out.harmonic = job.harmonic;
  out.renorm_interval = job.renorm_interval;
  out.lyapunov_d0 = job.lyapunov_d0;
  out.reference_points = job.reference_points;
  out.compare_t_end = job.compare_t_end;
  const auto& e = job.members;
  for (std::size_t i = f; i < l; ++i) {
    out.members.add(e.params[i], e.dt[i], &e.state[static_cast<std::size_t>(e.state_offset[i])],
                    e.signal_offset[i + 1] - e.signal_offset[i]);
    out.t_end.push_back(job.t_end[i]);
  }
  out.members.finish();
  return out;
}

}  // namespace rodswarm
