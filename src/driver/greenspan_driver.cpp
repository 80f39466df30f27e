#include "driver/greenspan_driver.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <limits>

#include "driver/utc_now.hpp"
#include "driver/backend_select.hpp"
#include "driver/save_schedule.hpp"
#include "rodswarm/models/greenspan.hpp"

namespace rodswarm {
namespace {

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();
const std::vector<std::string> energy_components = {"kinetic", "elastic", "gravity", "potential", "total"};

std::string scheme_name(greenspan::Scheme s) { return s == greenspan::Scheme::rk4 ? "rk4" : "greenspan"; }

/// Metadata, member parameters and bead counts: everything but the state.
Results results_skeleton(const GreenspanJob& job, const std::string& backend, int max_beads = 0) {
  Results r;
  r.model = "greenspan";
  r.scheme = scheme_name(job.scheme);
  r.backend = backend;
  r.precision = job.precision == Precision::float32 ? "float32" : "float64";
  r.config_json = job.config.dump();
  r.rodswarm_version = "0.1.0";
  r.created = utc_now();
  const auto& e = job.members;
  r.members = e.members();
  r.max_beads = std::max(max_beads, e.max_n() + 2);
  r.varied_keys = job.varied_keys;
  r.energy_names = energy_components;
  r.param_names = {"n", "dx", "m", "T0", "eps", "alpha", "g", "tension_exponent", "y_left", "y_right", "dt", "t_end"};
  r.params.assign(r.param_names.size(), std::vector<double>(static_cast<std::size_t>(r.members)));
  r.beads.resize(static_cast<std::size_t>(r.members));
  for (std::size_t i = 0; i < static_cast<std::size_t>(r.members); ++i) {
    const auto& p = e.params[i];
    const double values[] = {double(p.n),        p.dx,     p.m,       p.T0,    p.eps,       p.alpha, p.g,
                             p.tension_exponent, p.y_left, p.y_right, e.dt[i], job.t_end[i]};
    for (std::size_t k = 0; k < r.param_names.size(); ++k) r.params[k][i] = values[k];
    r.beads[i] = p.n + 2;
  }
  return r;
}

/// Writes member i's state (all beads, ends included) into the [B][3] rows at pos/vel and its energies at en.
template <class Real>
void record_member(const GreenspanJob& job, const greenspan::Ensemble<Real>& e, std::size_t i, int max_beads,
                   double* pos, double* vel, double* en) {
  const auto& p = job.members.params[i];
  const auto base = static_cast<std::size_t>(e.offset[i]);
  std::vector<double> y(static_cast<std::size_t>(p.n)), v(static_cast<std::size_t>(p.n));
  for (int j = 0; j < p.n; ++j) {
    y[static_cast<std::size_t>(j)] = static_cast<double>(e.y[base + static_cast<std::size_t>(j)]);
    v[static_cast<std::size_t>(j)] = static_cast<double>(e.v[base + static_cast<std::size_t>(j)]);
  }
  for (int b = 0; b < max_beads; ++b) {
    const bool real_bead = b < p.n + 2;
    const double yb = real_bead ? greenspan::bead_height(y.data(), b, p) : nan_value;
    const double vb = real_bead ? (b == 0 || b == p.n + 1 ? 0.0 : v[static_cast<std::size_t>(b - 1)]) : nan_value;
    if (pos) {
      pos[3 * b] = real_bead ? b * p.dx : nan_value;
      pos[3 * b + 1] = yb;
      pos[3 * b + 2] = real_bead ? 0.0 : nan_value;
    }
    if (vel) {
      vel[3 * b] = real_bead ? 0.0 : nan_value;
      vel[3 * b + 1] = vb;
      vel[3 * b + 2] = real_bead ? 0.0 : nan_value;
    }
  }
  if (en) {
    const auto energy = greenspan::energy(y.data(), v.data(), p);
    const double values[] = {energy.kinetic, energy.elastic, energy.gravity, energy.potential(), energy.total()};
    std::copy(std::begin(values), std::end(values), en);
  }
}

template <class Real>
greenspan::Ensemble<Real> to_precision(const greenspan::Ensemble<double>& in) {
  greenspan::Ensemble<Real> out;
  out.offset = in.offset;
  out.params.reserve(in.params.size());
  for (const auto& p : in.params) out.params.push_back(greenspan::convert_params<Real>(p));
  out.dt.assign(in.dt.begin(), in.dt.end());
  out.y.assign(in.y.begin(), in.y.end());
  out.v.assign(in.v.begin(), in.v.end());
  out.steps_done = in.steps_done;
  out.status = in.status;
  return out;
}

template <class Real>
RunReport run_typed(const GreenspanJob& job, const RunOptions& options) {
  auto backend = make_greenspan_backend<Real>(options.backend, options.cuda);
  RunReport report;
  report.stability = check_stability(job);
  Results& r = report.results;
  r = results_skeleton(job, backend->description(), options.max_beads);
  r.stability_warning = report.stability.unstable;

  const auto members = static_cast<std::size_t>(job.size());
  const int B = r.max_beads;
  const std::size_t E = energy_components.size();
  auto ensemble = to_precision<Real>(job.members);

  const SaveSchedule plan = plan_saves(job.members.dt, job.t_end, job.output.save_every, options.t_max);
  report.max_steps = plan.max_steps;
  const std::size_t S = plan.time.size();
  r.time = plan.time;
  if (S > 0 && job.output.positions) r.series_positions.assign(members * S * B * 3, nan_value);
  if (S > 0 && job.output.velocities) r.series_velocities.assign(members * S * B * 3, nan_value);
  if (S > 0 && job.output.energy) r.series_energy.assign(members * S * E, nan_value);

  auto record_save = [&](std::size_t k, const std::vector<std::int64_t>& target) {
    for_each_saved_member(plan, k, ensemble.steps_done, target, [&](std::size_t i, std::size_t row) {
      record_member(job, ensemble, i, B, r.series_positions.empty() ? nullptr : &r.series_positions[row * B * 3],
                    r.series_velocities.empty() ? nullptr : &r.series_velocities[row * B * 3],
                    r.series_energy.empty() ? nullptr : &r.series_energy[row * E]);
    });
  };

  const LoopTiming timing = timed_save_loop(
      plan, options.progress, options.progress_label, [&](std::size_t i) { return job.members.params[i].n; },
      [&] {
        backend->load(ensemble);
        r.backend = backend->description();  // now with the kernel layouts and batching chosen for this ensemble
      },
      [&](const std::vector<std::int64_t>& target) { backend->advance(job.scheme, target); },
      [&] { backend->store(ensemble); }, record_save);
  report.advance_calls = timing.advance_calls;
  report.wall_seconds = timing.wall_seconds;

  r.final_time.resize(members);
  r.final_positions.assign(members * B * 3, nan_value);
  if (job.output.velocities) r.final_velocities.assign(members * B * 3, nan_value);
  r.final_energy.assign(members * E, nan_value);
  r.diverged.resize(members);
  r.steps_taken.resize(members);
#pragma omp parallel for schedule(static)
  for (std::int64_t ii = 0; ii < static_cast<std::int64_t>(members); ++ii) {
    const auto i = static_cast<std::size_t>(ii);
    record_member(job, ensemble, i, B, &r.final_positions[i * B * 3],
                  r.final_velocities.empty() ? nullptr : &r.final_velocities[i * B * 3], &r.final_energy[i * E]);
    r.final_time[i] = double(ensemble.steps_done[i]) * job.members.dt[i];
    r.diverged[i] = ensemble.status[i] == status_diverged ? 1 : 0;
    r.steps_taken[i] = ensemble.steps_done[i];
  }
  for (std::size_t i = 0; i < members; ++i) {
    report.diverged += r.diverged[i];
    report.bead_steps += double(ensemble.steps_done[i]) * job.members.params[i].n;
  }
  return report;
}

template <class Real>
RunReport steady_typed(const GreenspanJob& job, const RunOptions& options) {
  auto backend = make_greenspan_backend<Real>(options.backend, options.cuda);
  RunReport report;
  Results& r = report.results;
  r = results_skeleton(job, backend->description());
  r.kind = "steady";
  r.scheme = "newton";
  const auto members = static_cast<std::size_t>(job.size());
  const int B = r.max_beads;
  const std::size_t E = energy_components.size();
  // Newton starts from the straight chord between the fixed ends, whatever the initial shape.
  auto ensemble = to_precision<Real>(job.members);
  for (std::size_t i = 0; i < members; ++i) {
    const auto& p = job.members.params[i];
    for (int j = 0; j < p.n; ++j) {
      ensemble.y[static_cast<std::size_t>(ensemble.offset[i] + j)] =
          static_cast<Real>(p.y_left + (p.y_right - p.y_left) * (j + 1) / (p.n + 1));
      ensemble.v[static_cast<std::size_t>(ensemble.offset[i] + j)] = Real(0);
    }
  }
  // float32 cannot reach a float64 residual; its floor is about 1e-6 of the force scale.
  const double tol = job.precision == Precision::float32 ? std::max(job.steady.tol, 1e-5) : job.steady.tol;
  const auto start = std::chrono::steady_clock::now();
  backend->load(ensemble);
  r.backend = backend->description();
  const SteadyResult s = backend->solve_steady(static_cast<Real>(tol), job.steady.max_iter);
  backend->store(ensemble);
  report.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  r.final_time.assign(members, nan_value);
  r.final_positions.assign(members * B * 3, nan_value);
  r.final_energy.assign(members * E, nan_value);
  r.diverged.assign(members, 0);
  r.steps_taken.assign(members, 0);
  r.stability_warning.assign(members, 0);
  for (std::size_t i = 0; i < members; ++i) {
    record_member(job, ensemble, i, B, &r.final_positions[i * B * 3], nullptr, &r.final_energy[i * E]);
    r.diverged[i] = s.converged[i] ? 0 : 1;  // a member whose Newton did not converge counts as a failed member
    report.diverged += r.diverged[i];
  }
  r.newton_iterations = s.iterations;
  r.newton_residual = s.residual;
  r.converged = s.converged;
  return report;
}

}  // namespace

GreenspanJob head_of(const GreenspanJob& job, std::int64_t count) {
  if (count < 0 || count >= job.size()) return job;
  return slice_of(job, 0, count);
}

GreenspanJob slice_of(const GreenspanJob& job, std::int64_t first, std::int64_t count) {
  const auto a = static_cast<std::size_t>(first);
  const auto b = static_cast<std::size_t>(std::min(first + count, job.size()));
  GreenspanJob out;
  static_cast<JobCommon&>(out) = job.slice_common(a, b);
  out.scheme = job.scheme;
  out.steady = job.steady;
  const auto& e = job.members;
  for (std::size_t i = a; i < b; ++i) {
    out.members.add(e.params[i], e.dt[i], e.y.data() + e.offset[i], e.v.data() + e.offset[i]);
  }
  out.t_end.assign(job.t_end.begin() + static_cast<std::ptrdiff_t>(a),
                   job.t_end.begin() + static_cast<std::ptrdiff_t>(b));
  return out;
}

RunReport run_greenspan(const GreenspanJob& job, const RunOptions& options) {
  if (options.member_limit >= 0 && options.member_limit < job.size()) {
    RunOptions all = options;
    all.member_limit = -1;
    return run_greenspan(head_of(job, options.member_limit), all);
  }
  return job.precision == Precision::float32 ? run_typed<float>(job, options) : run_typed<double>(job, options);
}

RunReport steady_greenspan(const GreenspanJob& job, const RunOptions& options) {
  if (options.member_limit >= 0 && options.member_limit < job.size()) {
    RunOptions all = options;
    all.member_limit = -1;
    return steady_greenspan(head_of(job, options.member_limit), all);
  }
  return job.precision == Precision::float32 ? steady_typed<float>(job, options) : steady_typed<double>(job, options);
}

}  // namespace rodswarm
