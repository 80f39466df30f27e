#include "driver/nishinari_driver.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "driver/backend_select.hpp"
#include "driver/save_schedule.hpp"
#include "driver/utc_now.hpp"
#include "rodswarm/models/nishinari.hpp"

namespace rodswarm {
namespace {

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t momentum_components = 6;

/// Metadata, member parameters and bead counts: everything but the state.
Results results_skeleton(const NishinariJob& job, const std::string& backend, int max_beads) {
  Results r;
  r.model = "nishinari";
  r.scheme = "rk4";
  r.backend = backend;
  r.precision = job.precision == Precision::float32 ? "float32" : "float64";
  r.config_json = job.config.dump();
  r.rodswarm_version = "0.1.0";
  r.created = utc_now();
  const auto& e = job.members;
  r.members = e.members();
  r.max_beads = std::max(max_beads, e.max_n());
  r.varied_keys = job.varied_keys;
  r.energy_names = nishinari_energy_names();
  r.param_names = {"n",   "l",    "m",   "k",       "K",       "h",       "j",       "damping", "spin_damping",
                   "g_x", "g_y",  "g_z", "load0_x", "load0_y", "load0_z", "load1_x", "load1_y", "load1_z",
                   "dt",  "t_end"};
  r.params.assign(r.param_names.size(), std::vector<double>(static_cast<std::size_t>(r.members)));
  r.beads.resize(static_cast<std::size_t>(r.members));
  for (std::size_t i = 0; i < static_cast<std::size_t>(r.members); ++i) {
    const auto& p = e.params[i];
    const double values[] = {
        double(p.n),    p.l,        p.m,     p.k,         p.K,        p.h,        p.j,        p.damping,
        p.spin_damping, p.g[0],     p.g[1],  p.g[2],      p.load0[0], p.load0[1], p.load0[2], p.load1[0],
        p.load1[1],     p.load1[2], e.dt[i], job.t_end[i]};
    for (std::size_t k = 0; k < r.param_names.size(); ++k) r.params[k][i] = values[k];
    r.beads[i] = p.n;
  }
  return r;
}

/// Pointers to one member's state in an ensemble of any precision.
template <class Real>
struct MemberState {
  const Real *r, *v, *normal, *spin;
};

template <class Real>
MemberState<Real> member_state(const nishinari::Ensemble<Real>& e, std::size_t i) {
  const auto b = static_cast<std::size_t>(e.bead_offset[i]);
  const auto s = b - i;
  return {e.r.data() + 3 * b, e.v.data() + 3 * b, e.normal.data() + 3 * s, e.spin.data() + s};
}

/// Writes member i's positions and velocities into [B][3] rows (NaN beyond its beads), its energies at `en` and
/// its momentum at `mom` (each pointer may be null: not saved).
template <class Real>
void record_member(const nishinari::Ensemble<Real>& e, std::size_t i, int max_beads, double* pos, double* vel,
                   double* en, double* mom) {
  const auto& p = e.params[i];
  const MemberState<Real> x = member_state(e, i);
  for (int b = 0; b < max_beads; ++b) {
    for (int a = 0; a < 3; ++a) {
      if (pos) pos[3 * b + a] = b < p.n ? double(x.r[3 * b + a]) : nan_value;
      if (vel) vel[3 * b + a] = b < p.n ? double(x.v[3 * b + a]) : nan_value;
    }
  }
  if (en) {
    const nishinari::Energy E = nishinari::energy(p, x.r, x.v, x.normal, x.spin);
    const double values[] = {
        E.kinetic, E.spin, E.axial, E.bending, E.twist, E.external, E.axial + E.bending + E.twist + E.external,
        E.total};
    std::copy(std::begin(values), std::end(values), en);
  }
  if (mom) {
    const nishinari::Momentum M = nishinari::momentum(p, x.r, x.v, x.spin);
    std::copy(std::begin(M.linear), std::end(M.linear), mom);
    std::copy(std::begin(M.angular), std::end(M.angular), mom + 3);
  }
}

template <class Real>
nishinari::Params<Real> convert_params(const nishinari::Params<double>& q) {
  nishinari::Params<Real> p;
  p.n = q.n;
  p.end0 = q.end0;
  p.end1 = q.end1;
  p.twist_moment = q.twist_moment;
  p.formulation = q.formulation;
  p.l = Real(q.l);
  p.m = Real(q.m);
  p.k = Real(q.k);
  p.K = Real(q.K);
  p.h = Real(q.h);
  p.j = Real(q.j);
  p.damping = Real(q.damping);
  p.spin_damping = Real(q.spin_damping);
  for (int a = 0; a < 3; ++a) {
    p.g[a] = Real(q.g[a]);
    p.load0[a] = Real(q.load0[a]);
    p.load1[a] = Real(q.load1[a]);
  }
  for (int a = 0; a < 9; ++a) {
    p.wall0[a] = Real(q.wall0[a]);
    p.wall1[a] = Real(q.wall1[a]);
  }
  p.divergence_bound = Real(q.divergence_bound);
  p.singular_cos = Real(q.singular_cos);
  return p;
}

template <class Real>
nishinari::Ensemble<Real> to_precision(const nishinari::Ensemble<double>& in) {
  nishinari::Ensemble<Real> out;
  out.bead_offset = in.bead_offset;
  out.params.reserve(in.params.size());
  for (const auto& p : in.params) out.params.push_back(convert_params<Real>(p));
  out.dt.assign(in.dt.begin(), in.dt.end());
  out.r.assign(in.r.begin(), in.r.end());
  out.v.assign(in.v.begin(), in.v.end());
  out.normal.assign(in.normal.begin(), in.normal.end());
  out.spin.assign(in.spin.begin(), in.spin.end());
  out.steps_done = in.steps_done;
  out.status = in.status;
  return out;
}

template <class Real>
RunReport run_typed(const NishinariJob& job, const RunOptions& options) {
  auto backend = make_nishinari_backend<Real>(options.backend, options.cuda);
  RunReport report;
  report.stability = check_stability(job);
  Results& r = report.results;
  r = results_skeleton(job, backend->description(), options.max_beads);
  r.stability_warning = report.stability.unstable;

  const auto members = static_cast<std::size_t>(job.size());
  const int B = r.max_beads;
  const std::size_t E = nishinari_energy_names().size();
  auto ensemble = to_precision<Real>(job.members);

  const SaveSchedule plan = plan_saves(job.members.dt, job.t_end, job.output.save_every, options.t_max);
  report.max_steps = plan.max_steps;
  const std::size_t S = plan.time.size();
  r.time = plan.time;
  if (S > 0 && job.output.positions) r.series_positions.assign(members * S * B * 3, nan_value);
  if (S > 0 && job.output.velocities) r.series_velocities.assign(members * S * B * 3, nan_value);
  if (S > 0 && job.output.energy) r.series_energy.assign(members * S * E, nan_value);
  if (S > 0 && job.output.momentum) r.series_momentum.assign(members * S * momentum_components, nan_value);

  auto record_save = [&](std::size_t k, const std::vector<std::int64_t>& target) {
    for_each_saved_member(plan, k, ensemble.steps_done, target, [&](std::size_t i, std::size_t row) {
      record_member(ensemble, i, B, r.series_positions.empty() ? nullptr : &r.series_positions[row * B * 3],
                    r.series_velocities.empty() ? nullptr : &r.series_velocities[row * B * 3],
                    r.series_energy.empty() ? nullptr : &r.series_energy[row * E],
                    r.series_momentum.empty() ? nullptr : &r.series_momentum[row * momentum_components]);
    });
  };

  const LoopTiming timing = timed_backend_loop(
      plan, options.progress, options.progress_label, [&](std::size_t i) { return job.members.params[i].n; }, *backend,
      ensemble, r.backend, record_save);
  report.advance_calls = timing.advance_calls;
  report.wall_seconds = timing.wall_seconds;

  r.final_time.resize(members);
  r.final_positions.assign(members * B * 3, nan_value);
  if (job.output.velocities) r.final_velocities.assign(members * B * 3, nan_value);
  r.final_energy.assign(members * E, nan_value);
  if (job.output.momentum) r.final_momentum.assign(members * momentum_components, nan_value);
  r.diverged.resize(members);
  r.singular.resize(members);
  r.steps_taken.resize(members);
#pragma omp parallel for schedule(static)
  for (std::int64_t ii = 0; ii < static_cast<std::int64_t>(members); ++ii) {
    const auto i = static_cast<std::size_t>(ii);
    record_member(ensemble, i, B, &r.final_positions[i * B * 3],
                  r.final_velocities.empty() ? nullptr : &r.final_velocities[i * B * 3], &r.final_energy[i * E],
                  r.final_momentum.empty() ? nullptr : &r.final_momentum[i * momentum_components]);
    r.final_time[i] = double(ensemble.steps_done[i]) * job.members.dt[i];
    r.diverged[i] = ensemble.status[i] != status_ok ? 1 : 0;  // a singular member also stopped early
    r.singular[i] = ensemble.status[i] == status_singular ? 1 : 0;
    r.steps_taken[i] = ensemble.steps_done[i];
  }
  for (std::size_t i = 0; i < members; ++i) {
    report.diverged += r.diverged[i];
    report.bead_steps += double(ensemble.steps_done[i]) * job.members.params[i].n;
  }
  return report;
}

}  // namespace

const std::vector<std::string>& nishinari_energy_names() {
  static const std::vector<std::string> names = {"kinetic", "spin",     "axial",     "bending",
                                                 "twist",   "external", "potential", "total"};
  return names;
}

StabilityReport check_stability(const NishinariJob& job) {
  const auto& e = job.members;
  StabilityReport report;
  report.unstable.assign(static_cast<std::size_t>(e.members()), 0);
  for (std::size_t i = 0; i < report.unstable.size(); ++i) {
    const double limit = nishinari::rk4_stable_dt(e.params[i]);
    if (e.dt[i] < limit) continue;
    report.unstable[i] = 1;
    ++report.count;
    const double omega = 2 * std::sqrt(2.0) / limit;
    if (report.examples.size() < 10)
      report.examples.push_back({static_cast<std::int64_t>(i), omega * omega, 0.0, e.dt[i]});
  }
  return report;
}

std::string describe_stability(const StabilityReport& report, const NishinariJob&) {
  if (report.count == 0) return "";
  std::ostringstream out;
  out << unstable_members_line(report, "RK4's linearised stability bound");
  const auto& d = report.examples.front();
  const double omega = std::sqrt(d.omega2);
  out << "  e.g. member " << d.member << ": dt * omega_max = " << d.dt * omega
      << " with omega_max = max(2 sqrt(k/(m l)), 2 sqrt(h/(j l)), 4 sqrt(K/(m l^3))) = " << omega
      << "; RK4 needs 2.83 or less, i.e. dt < " << 2 * std::sqrt(2.0) / omega << "\n"
      << unstable_members_footer;
  return out.str();
}

RunReport run_nishinari(const NishinariJob& job, const RunOptions& options) {
  return job.precision == Precision::float32 ? run_typed<float>(job, options) : run_typed<double>(job, options);
}

NishinariJob slice_of(const NishinariJob& job, std::int64_t first, std::int64_t count) {
  const std::int64_t last = std::min(job.size(), first + count);
  const auto f = static_cast<std::size_t>(first), l = static_cast<std::size_t>(last);
  NishinariJob out;
  static_cast<JobCommon&>(out) = job.slice_common(f, l);
  out.formulation = job.formulation;
  out.twist_moment = job.twist_moment;
  const auto& e = job.members;
  for (std::size_t i = f; i < l; ++i) {
    const auto b = static_cast<std::size_t>(e.bead_offset[i]);
    const auto s = b - i;
    out.members.add(e.params[i], e.dt[i], e.r.data() + 3 * b, e.v.data() + 3 * b, e.normal.data() + 3 * s,
                    e.spin.data() + s);
    out.t_end.push_back(job.t_end[i]);
  }
  return out;
}

}  // namespace rodswarm
