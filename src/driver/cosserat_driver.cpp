#include "driver/cosserat_driver.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <limits>
#include <sstream>

#include "driver/backend_select.hpp"
#include "driver/save_schedule.hpp"
#include "driver/utc_now.hpp"
#include "rodswarm/models/cosserat_diagnostics.hpp"

namespace rodswarm {
namespace {

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t gauss_components = 3;

/// Parameter columns of a results file: the material and loads every member has, then each varied key's value.
const std::vector<std::string>& fixed_param_names() {
  static const std::vector<std::string> names = {"n",
                                                 "rods",
                                                 "density",
                                                 "youngs_modulus",
                                                 "shear_modulus",
                                                 "shear_coefficient",
                                                 "damping_force",
                                                 "damping_torque",
                                                 "g_x",
                                                 "g_y",
                                                 "g_z",
                                                 "force1_x",
                                                 "force1_y",
                                                 "force1_z",
                                                 "growth_rate",
                                                 "contact_stiffness",
                                                 "dt",
                                                 "t_end"};
  return names;
}

Results results_skeleton(const CosseratJob& job, const std::string& backend, int max_beads) {
  Results r;
  r.model = "cosserat";
  r.scheme = job.scheme == cosserat::Scheme::rk4 ? "rk4" : "verlet";
  r.backend = backend;
  r.precision = job.precision == Precision::float32 ? "float32" : "float64";
  r.config_json = job.config.dump();
  r.rodswarm_version = "0.1.0";
  r.created = utc_now();
  const auto& e = job.members;
  r.members = e.members();
  r.max_beads = std::max(max_beads, e.max_nodes());
  r.varied_keys = job.varied_keys;
  r.energy_names = cosserat_energy_names();
  r.param_names = fixed_param_names();
  for (const auto& key : job.varied_keys) r.param_names.push_back(key);
  const auto M = static_cast<std::size_t>(r.members);
  r.params.assign(r.param_names.size(), std::vector<double>(M));
  r.beads.resize(M);
  r.rods.resize(M);
  for (std::size_t i = 0; i < M; ++i) {
    const auto& p = e.params[i];
    const double values[] = {double(p.n), double(p.rods), p.rho,           p.E,
                             p.G,         p.shear_coeff,  p.damping_force, p.damping_torque,
                             p.g[0],      p.g[1],         p.g[2],          p.force1[0],
                             p.force1[1], p.force1[2],    p.growth_rate,   p.contact_stiffness,
                             e.dt[i],     job.t_end[i]};
    std::size_t k = 0;
    for (; k < std::size(values); ++k) r.params[k][i] = values[k];
    for (std::size_t v = 0; v < job.varied_values.size(); ++v) r.params[k + v][i] = job.varied_values[v][i];
    r.beads[i] = static_cast<std::int32_t>(e.node_offset[i + 1] - e.node_offset[i]);
    r.rods[i] = p.rods;
  }
  return r;
}

/// Where member i's values go at one save (each pointer may be null: not saved).
struct Rows {
  double *pos = nullptr, *vel = nullptr, *dir = nullptr, *energy = nullptr, *gauss = nullptr;
};

template <class Real>
void record_member(cosserat::Ensemble<Real>& e, std::size_t i, int B, const Rows& out) {
  auto view = e.view();
  const cosserat::MemberIO<Real> io = cosserat::member_io(view, static_cast<std::int64_t>(i));
  const cosserat::Shape s = cosserat::shape_of(e.params[i]);
  for (int b = 0; b < B; ++b) {
    for (int a = 0; a < 3; ++a) {
      if (out.pos) out.pos[3 * b + a] = b < s.nodes() ? double(io.x[3 * b + a]) : nan_value;
      if (out.vel) out.vel[3 * b + a] = b < s.nodes() ? double(io.v[3 * b + a]) : nan_value;
    }
    for (int a = 0; a < 9 && out.dir; ++a) out.dir[9 * b + a] = b < s.elements() ? double(io.Q[9 * b + a]) : nan_value;
  }
  const Real t = Real(double(e.steps_done[i]) * double(e.dt[i]));
  cosserat::Diagnostics<Real> diagnostics;
  if (out.energy) {
    const cosserat::Energy E = diagnostics.energy(io, t);
    const double values[] = {E.translational, E.rotational, E.stretch_shear, E.bend_twist,
                             E.gravity,       E.loads,      E.contact,       E.total()};
    std::copy(std::begin(values), std::end(values), out.energy);
  }
  if (out.gauss) {
    const cosserat::Gauss g = diagnostics.gauss(io, t, e.dt[i]);
    out.gauss[0] = g.zt;
    out.gauss[1] = g.zs;
    out.gauss[2] = g.violation;
  }
}

template <class Real>
cosserat::Params<Real> convert_params(const cosserat::Params<double>& q) {
  cosserat::Params<Real> p;
  p.n = q.n;
  p.rods = q.rods;
  p.law = q.law;
  p.scheme = q.scheme;
  p.end0 = q.end0;
  p.end1 = q.end1;
  p.constraints = q.constraints;
  p.growth = q.growth;
  p.mass_rule = q.mass_rule;
  p.growth_points = q.growth_points;
  p.plane = q.plane;
  p.obstacle = q.obstacle;
  p.self_contact = q.self_contact;
  p.surface = q.surface;
  auto scalars = [](const double* from, Real* to, int count) {
    for (int k = 0; k < count; ++k) to[k] = Real(from[k]);
  };
  scalars(&q.rho, &p.rho, 1);
  scalars(&q.E, &p.E, 1);
  scalars(&q.G, &p.G, 1);
  scalars(&q.shear_coeff, &p.shear_coeff, 1);
  scalars(&q.damping_force, &p.damping_force, 1);
  scalars(&q.damping_torque, &p.damping_torque, 1);
  scalars(q.g, p.g, 3);
  scalars(q.force0, p.force0, 3);
  scalars(q.force1, p.force1, 3);
  scalars(q.couple0, p.couple0, 3);
  scalars(q.couple1, p.couple1, 3);
  scalars(q.force_density, p.force_density, 3);
  scalars(q.couple_density, p.couple_density, 3);
  scalars(q.end_velocity0, p.end_velocity0, 3);
  scalars(q.end_velocity1, p.end_velocity1, 3);
  scalars(q.end_amplitude0, p.end_amplitude0, 3);
  scalars(q.end_amplitude1, p.end_amplitude1, 3);
  scalars(&q.end_frequency0, &p.end_frequency0, 1);
  scalars(&q.end_frequency1, &p.end_frequency1, 1);
  scalars(&q.end_twist_rate0, &p.end_twist_rate0, 1);
  scalars(&q.end_twist_rate1, &p.end_twist_rate1, 1);
  scalars(&q.baumgarte, &p.baumgarte, 1);
  scalars(&q.growth_rate, &p.growth_rate, 1);
  scalars(&q.growth_zone, &p.growth_zone, 1);
  scalars(q.growth_time, p.growth_time, cosserat::max_growth_table);
  scalars(q.growth_value, p.growth_value, cosserat::max_growth_table);
  scalars(&q.lockhart_phi, &p.lockhart_phi, 1);
  scalars(&q.lockhart_yield, &p.lockhart_yield, 1);
  scalars(q.curvature_rate, p.curvature_rate, 3);
  scalars(&q.contact_stiffness, &p.contact_stiffness, 1);
  scalars(&q.contact_damping, &p.contact_damping, 1);
  scalars(&q.contact_exponent, &p.contact_exponent, 1);
  scalars(q.plane_point, p.plane_point, 3);
  scalars(q.plane_normal, p.plane_normal, 3);
  scalars(q.mu_static, p.mu_static, 3);
  scalars(q.mu_kinetic, p.mu_kinetic, 3);
  scalars(&q.slip_velocity, &p.slip_velocity, 1);
  scalars(q.obstacle_center, p.obstacle_center, 3);
  scalars(q.obstacle_axis, p.obstacle_axis, 3);
  scalars(&q.obstacle_radius, &p.obstacle_radius, 1);
  scalars(q.surface_point, p.surface_point, 3);
  scalars(q.surface_normal, p.surface_normal, 3);
  scalars(&q.surface_radius, &p.surface_radius, 1);
  scalars(&q.divergence_bound, &p.divergence_bound, 1);
  return p;
}

template <class Real>
RunReport run_typed(const CosseratJob& job, const RunOptions& options) {
  auto backend = make_cosserat_backend<Real>(options.backend, options.cuda);
  RunReport report;
  report.stability = check_stability(job);
  Results& r = report.results;
  r = results_skeleton(job, backend->description(), options.max_beads);
  r.stability_warning = report.stability.unstable;

  const auto members = static_cast<std::size_t>(job.size());
  const int B = r.max_beads;
  const std::size_t E = cosserat_energy_names().size();
  auto ensemble = to_precision<Real>(job.members);
  const OutputSpec& o = job.output;

  const SaveSchedule plan = plan_saves(job.members.dt, job.t_end, o.save_every, options.t_max);
  report.max_steps = plan.max_steps;
  const std::size_t S = plan.time.size();
  r.time = plan.time;
  if (S > 0 && o.positions) r.series_positions.assign(members * S * B * 3, nan_value);
  if (S > 0 && o.velocities) r.series_velocities.assign(members * S * B * 3, nan_value);
  if (S > 0 && o.directors) r.series_directors.assign(members * S * B * 9, nan_value);
  if (S > 0 && o.energy) r.series_energy.assign(members * S * E, nan_value);
  if (S > 0 && o.gauss) r.series_gauss.assign(members * S * gauss_components, nan_value);
  auto at = [](std::vector<double>& v, std::size_t offset) { return v.empty() ? nullptr : v.data() + offset; };

  auto record_save = [&](std::size_t k, const std::vector<std::int64_t>& target) {
    for_each_saved_member(plan, k, ensemble.steps_done, target, [&](std::size_t i, std::size_t row) {
      record_member(ensemble, i, B,
                    Rows{at(r.series_positions, row * B * 3), at(r.series_velocities, row * B * 3),
                         at(r.series_directors, row * B * 9), at(r.series_energy, row * E),
                         at(r.series_gauss, row * gauss_components)});
    });
  };

  const LoopTiming timing = timed_backend_loop(
      plan, options.progress, options.progress_label,
      [&](std::size_t i) { return static_cast<int>(job.members.node_offset[i + 1] - job.members.node_offset[i]); },
      *backend, ensemble, r.backend, record_save);
  report.advance_calls = timing.advance_calls;
  report.wall_seconds = timing.wall_seconds;

  r.final_time.resize(members);
  r.final_positions.assign(members * B * 3, nan_value);
  if (o.velocities) r.final_velocities.assign(members * B * 3, nan_value);
  if (o.directors) r.final_directors.assign(members * B * 9, nan_value);
  r.final_energy.assign(members * E, nan_value);
  if (o.gauss) r.final_gauss.assign(members * gauss_components, nan_value);
  r.diverged.resize(members);
  r.steps_taken.resize(members);
// Small ensembles skip the parallel region: its barrier costs more than the work when cores are busy.
#pragma omp parallel for schedule(dynamic, 16) if (members > 64)
  for (std::int64_t ii = 0; ii < static_cast<std::int64_t>(members); ++ii) {
    const auto i = static_cast<std::size_t>(ii);
    record_member(
        ensemble, i, B,
        Rows{at(r.final_positions, i * B * 3), at(r.final_velocities, i * B * 3), at(r.final_directors, i * B * 9),
             at(r.final_energy, i * E), at(r.final_gauss, i * gauss_components)});
    r.final_time[i] = double(ensemble.steps_done[i]) * job.members.dt[i];
    r.diverged[i] = ensemble.status[i] != status_ok ? 1 : 0;
    r.steps_taken[i] = ensemble.steps_done[i];
  }
  for (std::size_t i = 0; i < members; ++i) {
    report.diverged += r.diverged[i];
    report.bead_steps += double(ensemble.steps_done[i]) * double(r.beads[i]);
  }
  return report;
}

/// Added damping of dynamic relaxation: twice the first cantilever bending frequency of the member's rods
/// (near-critical for the slowest mode), unless the steady section sets it.
double relaxation_damping(const CosseratJob& job, std::size_t i) {
  if (job.steady.damping > 0) return job.steady.damping;
  const auto& e = job.members;
  const auto& p = e.params[i];
  double L = 0, r = 0;
  for (auto k = e.element_offset[i]; k < e.element_offset[i] + p.n; ++k) {
    L += e.rest_length0[static_cast<std::size_t>(k)];
    r = std::max(r, e.radius[static_cast<std::size_t>(k)]);
  }
  const double omega1 = 3.516 * std::sqrt(p.E * r * r / (4 * p.rho)) / (L * L);
  return 2 * omega1;
}

template <class Real>
RunReport steady_typed(const CosseratJob& job, const RunOptions& options) {
  CosseratJob relaxed = job;
  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
    auto& p = relaxed.members.params[i];
    const double nu = relaxation_damping(job, i);
    p.damping_force = std::max(p.damping_force, nu);
    p.damping_torque = std::max(p.damping_torque, nu);
  }
  auto backend = make_cosserat_backend<Real>(options.backend, options.cuda);
  RunReport report;
  report.stability = check_stability(relaxed);
  Results& r = report.results;
  r = results_skeleton(relaxed, backend->description(), options.max_beads);
  r.kind = "steady";
  r.stability_warning = report.stability.unstable;
  const auto M = static_cast<std::size_t>(job.size());
  const int B = r.max_beads;
  const std::size_t E = cosserat_energy_names().size();
  auto ensemble = to_precision<Real>(relaxed.members);

  std::vector<std::int64_t> limit(M), target(M);
  std::vector<double> zs0(M), zs(M);
  std::vector<std::uint8_t> done(M, 0);
  std::int64_t checks = 200;
  auto residual = [&](std::size_t i) {
    auto view = ensemble.view();
    cosserat::Diagnostics<Real> d;
    const Real t = Real(double(ensemble.steps_done[i]) * double(ensemble.dt[i]));
    return d.gauss(cosserat::member_io(view, static_cast<std::int64_t>(i)), t, ensemble.dt[i]).zs;
  };
  for (std::size_t i = 0; i < M; ++i) {
    const double t_max = job.steady.max_time > 0 ? job.steady.max_time : job.t_end[i];
    limit[i] = std::max<std::int64_t>(1, std::llround(t_max / job.members.dt[i]));
    zs0[i] = zs[i] = residual(i);
    done[i] = zs0[i] <= 1e-300 ? 1 : 0;
  }
  const auto start = std::chrono::steady_clock::now();
  backend->load(ensemble);
  r.backend = backend->description();
  for (std::int64_t c = 1; c <= checks; ++c) {
    bool running = false;
    for (std::size_t i = 0; i < M; ++i) {
      target[i] = done[i] ? ensemble.steps_done[i] : limit[i] * c / checks;
      running = running || !done[i];
    }
    if (!running) break;
    backend->advance(target);
    ++report.advance_calls;
    backend->store(ensemble);
#pragma omp parallel for schedule(dynamic, 16) if (M > 64)
    for (std::int64_t ii = 0; ii < static_cast<std::int64_t>(M); ++ii) {
      const auto i = static_cast<std::size_t>(ii);
      if (done[i] || ensemble.status[i] != status_ok) continue;
      zs[i] = residual(i);
      if (zs[i] <= job.steady.tol * zs0[i] || zs[i] <= 1e-300) done[i] = 1;
    }
  }
  report.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.final_time.resize(M);
  r.final_positions.assign(M * B * 3, nan_value);
  r.final_energy.assign(M * E, nan_value);
  if (job.output.directors) r.final_directors.assign(M * B * 9, nan_value);
  r.final_gauss.assign(M * gauss_components, nan_value);
  r.diverged.resize(M);
  r.steps_taken.resize(M);
  r.newton_iterations.resize(M);
  r.newton_residual.resize(M);
  r.converged.resize(M);
  for (std::size_t i = 0; i < M; ++i) {
    record_member(ensemble, i, B,
                  Rows{&r.final_positions[i * B * 3], nullptr,
                       r.final_directors.empty() ? nullptr : &r.final_directors[i * B * 9], &r.final_energy[i * E],
                       &r.final_gauss[i * gauss_components]});
    r.final_time[i] = double(ensemble.steps_done[i]) * job.members.dt[i];
    r.diverged[i] = ensemble.status[i] != status_ok ? 1 : 0;
    r.steps_taken[i] = ensemble.steps_done[i];
    r.newton_iterations[i] = static_cast<std::int32_t>(std::min<std::int64_t>(ensemble.steps_done[i], INT32_MAX));
    r.newton_residual[i] = zs[i];
    r.converged[i] = done[i] && !r.diverged[i] ? 1 : 0;
    report.diverged += r.diverged[i];
    report.bead_steps += double(ensemble.steps_done[i]) * double(r.beads[i]);
  }
  return report;
}

}  // namespace

const std::vector<std::string>& cosserat_energy_names() {
  static const std::vector<std::string> names = {"translational", "rotational", "stretch_shear", "bend_twist",
                                                 "gravity",       "loads",      "contact",       "total"};
  return names;
}

template <class Real>
cosserat::Ensemble<Real> to_precision(const cosserat::Ensemble<double>& in) {
  cosserat::Ensemble<Real> out;
  out.node_offset = in.node_offset;
  out.element_offset = in.element_offset;
  out.voronoi_offset = in.voronoi_offset;
  out.rod_offset = in.rod_offset;
  out.params.reserve(in.params.size());
  for (const auto& p : in.params) out.params.push_back(convert_params<Real>(p));
  auto copy = [](const std::vector<double>& from, std::vector<Real>& to) { to.assign(from.begin(), from.end()); };
  copy(in.dt, out.dt);
  copy(in.rest_length0, out.rest_length0);
  copy(in.radius, out.radius);
  copy(in.rest_sigma, out.rest_sigma);
  copy(in.rest_kappa, out.rest_kappa);
  copy(in.clamp, out.clamp);
  copy(in.x, out.x);
  copy(in.v, out.v);
  copy(in.Q, out.Q);
  copy(in.w, out.w);
  copy(in.growth, out.growth);
  out.steps_done = in.steps_done;
  out.status = in.status;
  return out;
}

template cosserat::Ensemble<double> to_precision<double>(const cosserat::Ensemble<double>&);
template cosserat::Ensemble<float> to_precision<float>(const cosserat::Ensemble<double>&);

double cosserat_omega_max(const cosserat::Params<double>& p, const double* l0, const double* radius) {
  double w2 = 0;
  const int E = p.rods * p.n;
  for (int i = 0; i < E; ++i) {
    const double l = l0[i], r = radius[i];
    w2 = std::max(w2, 4 * p.E / (p.rho * l * l) + 4 * p.shear_coeff * p.G / (p.rho * r * r));
    if (p.contact_stiffness > 0) {
      const double m = 0.5 * p.rho * cosserat::circle(r).A * l;  // an end node's mass, the lightest
      w2 = std::max(w2, p.contact_stiffness / m);
    }
    if (p.contact_stiffness > 0 && p.plane) {
      // Below v_eps the regularised friction is a damper of rate mu_s N / (m v_eps) on the contact point's slip,
      // which the rolling part raises by 1 + m r^2 / J3 = 3; an explicit kick needs rate * dt < 2, so it enters
      // as omega = rate.
      const double mu = std::max({p.mu_static[0], p.mu_static[1], p.mu_static[2]});
      const double g = std::sqrt(p.g[0] * p.g[0] + p.g[1] * p.g[1] + p.g[2] * p.g[2]);
      const double rate = 3 * mu * g / p.slip_velocity;
      w2 = std::max(w2, rate * rate);
    }
  }
  return std::sqrt(w2);
}

StabilityReport check_stability(const CosseratJob& job) {
  const auto& e = job.members;
  StabilityReport report;
  report.unstable.assign(static_cast<std::size_t>(e.members()), 0);
  for (std::size_t i = 0; i < report.unstable.size(); ++i) {
    const auto& p = e.params[i];
    const auto el = static_cast<std::size_t>(e.element_offset[i]);
    const double omega = cosserat_omega_max(p, &e.rest_length0[el], &e.radius[el]);
    const double bound = (p.scheme == cosserat::Scheme::rk4 ? 2.8 : 2.0) / omega;
    if (e.dt[i] < bound) continue;
    report.unstable[i] = 1;
    ++report.count;
    if (report.examples.size() < 10)
      report.examples.push_back({static_cast<std::int64_t>(i), omega * omega, 0.0, e.dt[i]});
  }
  return report;
}

std::string describe_stability(const StabilityReport& report, const CosseratJob& job) {
  if (report.count == 0) return "";
  std::ostringstream out;
  const bool rk4 = job.scheme == cosserat::Scheme::rk4;
  out << unstable_members_line(report, std::string(rk4 ? "RK4" : "position Verlet") + "'s linearised stability bound");
  const auto& d = report.examples.front();
  const double omega = std::sqrt(d.omega2);
  out << "  e.g. member " << d.member << ": dt * omega_max = " << d.dt * omega
      << " with omega_max = sqrt(4E/(rho l^2) + 4 ks G/(rho r^2)), or sqrt(k_c/m) with contact, or "
         "3 mu_s g/slip_velocity with plane friction = "
      << omega << "; " << (rk4 ? "2.8" : "2") << " or less is needed, i.e. dt < " << (rk4 ? 2.8 : 2.0) / omega << "\n"
      << unstable_members_footer;
  return out.str();
}

RunReport run_cosserat(const CosseratJob& job, const RunOptions& options) {
  return job.precision == Precision::float32 ? run_typed<float>(job, options) : run_typed<double>(job, options);
}

RunReport steady_cosserat(const CosseratJob& job, const RunOptions& options) {
  return job.precision == Precision::float32 ? steady_typed<float>(job, options) : steady_typed<double>(job, options);
}

CosseratJob slice_of(const CosseratJob& job, std::int64_t first, std::int64_t count) {
  const std::int64_t last = std::min(job.size(), first + count);
  const auto f = static_cast<std::size_t>(first), l = static_cast<std::size_t>(last);
  CosseratJob out;
  static_cast<JobCommon&>(out) = job.slice_common(f, l);
  out.scheme = job.scheme;
  out.steady = job.steady;
  const auto& e = job.members;
  for (std::size_t i = f; i < l; ++i) {
    const auto n = static_cast<std::size_t>(e.node_offset[i]), el = static_cast<std::size_t>(e.element_offset[i]);
    const auto vo = static_cast<std::size_t>(e.voronoi_offset[i]), r = static_cast<std::size_t>(e.rod_offset[i]);
    out.members.add(e.params[i], e.dt[i], &e.x[3 * n], &e.v[3 * n], &e.Q[9 * el], &e.w[3 * el], &e.rest_length0[el],
                    &e.radius[el], &e.rest_sigma[3 * el], e.rest_kappa.data() + 3 * vo,
                    &e.clamp[cosserat::clamp_size * r]);
    out.t_end.push_back(job.t_end[i]);
  }
  return out;
}

}  // namespace rodswarm
