/// @file cosserat_run.cpp
/// Model cosserat on the host: its results files (the nodes of every rod, the element frames, the energy split and
/// Gauss's diagnostics Z_t, Z_s and the constraint violation, note section 3.1), its stability bound, its steady
/// state by dynamic relaxation and what validate says about a job; and the generic drivers instantiated for it.
#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "config/cosserat_job.hpp"
#include "config/cosserat_params.hpp"
#include "driver/param_results.hpp"
#include "backends/parallel_for.hpp"
#include "driver/drivers_impl.hpp"
#include "models/cosserat_statics.hpp"
#include "rodswarm/models/cosserat_diagnostics.hpp"
#include "models/cosserat_host.hpp"

namespace rodswarm {

using Model = cosserat::Model;
using Host = ModelHost<Model>;

namespace {

std::string scheme_name(const CosseratJob& job) { return job.scheme == cosserat::Scheme::rk4 ? "rk4" : "verlet"; }

/// The highest linearised frequency of a member (note 1.7, plus the contact penalty sqrt(k_c/m)).
double omega_max(const cosserat::Params<double>& p, const double* l0, const double* radius) {
  double w2 = 0;
  const int E = p.rods * p.n;
  for (int i = 0; i < E; ++i) {
    const double l = l0[i], r = radius[i];
    // The foundation adds k / (rho A) to every mode's square (a node's spring over its mass, per unit length).
    const double foundation =
        p.foundation != cosserat::Foundation::none ? p.foundation_stiffness / (p.rho * cosserat::circle(r).A) : 0;
    w2 = std::max(w2, 4 * p.E / (p.rho * l * l) + 4 * p.shear_coeff * p.G / (p.rho * r * r) + foundation);
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
    // Drag of the load list: a node relaxes at c_k / (rho A) (its share of length over its mass), an explicit kick
    // again needs rate * dt < 2.
    for (int q = 0; q < p.loads; ++q) {
      if (p.load_law[q] != cosserat::LoadLaw::drag) continue;
      const double c = std::max({p.load_vector[3 * q], p.load_vector[3 * q + 1], p.load_vector[3 * q + 2]});
      const double rate = c / (p.rho * cosserat::circle(r).A);
      w2 = std::max(w2, rate * rate);
    }
  }
  return std::sqrt(w2);
}

}  // namespace

/// The material and loads every member has, then each varied key's value; the nodes of all its rods per member.
ResultsPlan Host::results(const Job& job, const std::string& kind) {
  ResultsPlan plan;
  plan.scheme = scheme_name(job);
  fill_param_columns(
      plan, config_detail::cosserat_params(), job, {"growth_rate", "contact_stiffness"},
      [](const cosserat::Params<double>& p, std::vector<double>& out) {
        out.push_back(p.growth_rate);
        out.push_back(p.contact_stiffness);
      },
      true);
  for (std::size_t i = 0; i < job.members.params.size(); ++i) {
    plan.beads.push_back(static_cast<std::int32_t>(job.members.count(Model::nodes, static_cast<std::int64_t>(i))));
    plan.rods.push_back(job.members.params[i].rods);
  }
  const bool run = kind == "run";
  const OutputSpec& o = job.output;
  std::vector<std::string> energy = {"translational", "rotational", "stretch_shear", "bend_twist",
                                     "gravity",       "loads",      "contact"};
  if (job.foundation) energy.push_back("foundation");
  energy.push_back("total");
  plan.fields = {{"positions", {0, 3}, {}, run && o.saves("positions"), true},
                 {"velocities", {0, 3}, {}, run && o.saves("velocities"), run},
                 {"energy", {static_cast<std::uint64_t>(energy.size())}, energy, run && o.saves("energy"), true},
                 {"gauss", {3}, {"zt", "zs", "violation"}, run && o.saves("gauss"), !run || o.saves("gauss")},
                 {"directors", {0, 9}, {}, run && o.saves("directors"), o.saves("directors") || kind == "modes"}};
  // Per element (padded like directors) or per node, in the order record() fills them.
  for (const char* name : {"angular_velocities", "accelerations", "angular_accelerations", "constraint_forces"})
    plan.fields.push_back({name, {0, 3}, {}, run && o.saves(name), o.saves(name)});
  return plan;
}

std::int32_t Host::max_beads(const Job& job) { return static_cast<std::int32_t>(job.members.max_count(Model::nodes)); }

/// Member i's nodes and element frames as rows of 3 and 9 (beyond its own the results' NaN stays), its energies
/// and Gauss's diagnostics at its time steps_done x dt.
template <class Real>
void Host::record(const Job& job, const RecordTables&, Ensemble<Model, Real>& e, std::size_t i, const FieldRows& rows) {
  const cosserat::MemberIO<Real> io = Model::io(e.member(static_cast<std::int64_t>(i)));
  const cosserat::Shape s = cosserat::shape_of(e.params[i]);
  double *pos = rows[0], *vel = rows[1], *energy = rows[2], *gauss = rows[3], *dir = rows[4];
  double *spin = rows[5], *acc = rows[6], *spin_rate = rows[7], *reaction = rows[8];
  for (int k = 0; k < 3 * s.nodes(); ++k) {
    if (pos) pos[k] = double(io.x[k]);
    if (vel) vel[k] = double(io.v[k]);
  }
  for (int k = 0; dir && k < 9 * s.elements(); ++k) dir[k] = double(io.Q[k]);
  for (int k = 0; spin && k < 3 * s.elements(); ++k) spin[k] = double(io.w[k]);
  const Real t = Real(double(e.steps_done[i]) * double(e.dt[i]));
  cosserat::Diagnostics<Real> diagnostics;
  if (energy) {
    const cosserat::Energy E = diagnostics.energy(io, t);
    std::vector<double> values = {E.translational, E.rotational, E.stretch_shear, E.bend_twist,
                                  E.gravity,       E.loads,      E.contact};
    if (job.foundation) values.push_back(E.foundation);
    values.push_back(E.total());
    std::copy(values.begin(), values.end(), energy);
  }
  if (acc || spin_rate || reaction) diagnostics.motion(io, t, e.dt[i], acc, spin_rate, reaction);
  if (gauss) {
    const cosserat::Gauss g = diagnostics.gauss(io, t, e.dt[i]);
    gauss[0] = g.zt;
    gauss[1] = g.zs;
    gauss[2] = g.violation;
  }
}

/// Verlet dt < 2/omega_max, RK4 dt < 2.8/omega_max.
MemberStability Host::stability(const Job& job, std::size_t i) {
  const auto& e = job.members;
  const auto& p = e.params[i];
  const auto member = static_cast<std::int64_t>(i);
  const double omega = omega_max(p, e.data(Model::rest_length0, member), e.data(Model::radius, member));
  return omega_bound(omega, e.dt[i], p.scheme == cosserat::Scheme::rk4 ? 2.8 : 2.0);
}

std::string Host::stability_bound(const Job& job) {
  return std::string(job.scheme == cosserat::Scheme::rk4 ? "RK4" : "position Verlet") + "'s linearised stability bound";
}

std::string Host::stability_example(const StabilityReport::Detail& d, const Job& job) {
  return omega_bound_example(d,
                             "sqrt(4E/(rho l^2) + 4 ks G/(rho r^2)), or sqrt(k_c/m) with contact, or "
                             "3 mu_s g/slip_velocity with plane friction, or c/(rho A) with drag",
                             job.scheme == cosserat::Scheme::rk4 ? 2.8 : 2.0);
}

namespace {

/// Added damping of dynamic relaxation: twice the first cantilever bending frequency of the member's rods
/// (near-critical for the slowest mode), unless the steady section sets it.
double relaxation_damping(const CosseratJob& job, std::size_t i) {
  if (job.steady.damping > 0) return job.steady.damping;
  const auto& e = job.members;
  const auto& p = e.params[i];
  const double* l0 = e.data(cosserat::Model::rest_length0, static_cast<std::int64_t>(i));
  const double* radius = e.data(cosserat::Model::radius, static_cast<std::int64_t>(i));
  double L = 0, r = 0;
  for (int k = 0; k < p.n; ++k) {
    L += l0[k];
    r = std::max(r, radius[k]);
  }
  const double omega1 = 3.516 * std::sqrt(p.E * r * r / (4 * p.rho)) / (L * L);
  return 2 * omega1;
}

}  // namespace

/// Dynamic relaxation: the member's dynamics with added damping (steady_job), stopped per member when
/// Z_s <= tol * Z_s(0) (or below 1e-300). newton_iterations holds the steps taken, newton_residual the final Z_s.

std::string Host::steady_scheme(const Job& job) {
  return job.steady.method == CosseratSteadySpec::Method::newton ? "newton" : scheme_name(job);
}

CosseratJob Host::steady_job(const Job& job) {
  if (job.steady.method == CosseratSteadySpec::Method::newton) return job;
  Job relaxed = job;
  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
    auto& p = relaxed.members.params[i];
    const double nu = relaxation_damping(job, i);
    p.damping_force = std::max(p.damping_force, nu);
    p.damping_torque = std::max(p.damping_torque, nu);
  }
  return relaxed;
}

namespace {

/// Newton statics of every member (cosserat_statics.hpp through driver/linear_statics.hpp), in place on the
/// ensemble's state, members in parallel. A member Newton cannot set up (confined to a surface, a roller off the lab
/// axes) stops the job with its message; one that does not converge is reported, not failed.
template <class Real>
SteadyOutcomes newton_statics(const CosseratJob& job, Ensemble<Model, Real>& e) {
  if constexpr (!std::is_same_v<Real, double>) {
    throw std::invalid_argument(job.source +
                                ": steady.method \"newton\" works in float64 (run it with --precision float64)");
  } else {
    const auto M = static_cast<std::size_t>(job.size());
    SteadyOutcomes s = SteadyOutcomes::newton(M);
    s.solved_on = kHostEigen;
    std::vector<std::string> refused(M);
    parallel_for(static_cast<std::int64_t>(M), 1, 2, [&](std::int64_t ii) {
      const auto i = static_cast<std::size_t>(ii);
      try {
        cosserat::StaticsProblem problem(Model::io(e.member(ii)));
        problem.use_sparse(true);
        problem.limit_turn(0.2);
        const statics::EquilibriumResult eq = statics::solve_equilibrium(problem, true);  // adaptive increments
        s.iterations[i] = eq.iterations;
        s.residual[i] = eq.residual;
        s.converged[i] = eq.converged ? 1 : 0;
      } catch (const std::invalid_argument& error) {
        refused[i] = error.what();
      }
    });
    for (std::size_t i = 0; i < M; ++i) {
      if (!refused[i].empty())
        throw std::invalid_argument(job.source + ": member " + std::to_string(i) + ": " + refused[i]);
    }
    return s;
  }
}

}  // namespace

template <class Real>
SteadyOutcomes Host::solve_steady(const Job& job, Backend<Model, Real>& backend, Ensemble<Model, Real>& e,
                                  StabilityReport& stability) {
  if (job.steady.method == CosseratSteadySpec::Method::newton) return newton_statics(job, e);
  stability = rodswarm::check_stability(job);
  const auto M = static_cast<std::size_t>(job.size());
  std::vector<std::int64_t> limit(M), target(M);
  std::vector<double> zs0(M), zs(M);
  std::vector<std::uint8_t> done(M, 0);
  const std::int64_t checks = 200;
  auto residual = [&](std::size_t i) {
    cosserat::Diagnostics<Real> d;
    const Real t = Real(double(e.steps_done[i]) * double(e.dt[i]));
    return d.gauss(Model::io(e.member(static_cast<std::int64_t>(i))), t, e.dt[i]).zs;
  };
  for (std::size_t i = 0; i < M; ++i) {
    const double t_max = job.steady.max_time > 0 ? job.steady.max_time : job.t_end[i];
    limit[i] = std::max<std::int64_t>(1, step_count(t_max, job.members.dt[i]));
    zs0[i] = zs[i] = residual(i);
    done[i] = zs0[i] <= 1e-300 ? 1 : 0;
  }
  SteadyOutcomes s;
  backend.load(e);
  for (std::int64_t c = 1; c <= checks; ++c) {
    bool running = false;
    for (std::size_t i = 0; i < M; ++i) {
      target[i] = done[i] ? e.steps_done[i] : limit[i] * c / checks;
      running = running || !done[i];
    }
    if (!running) break;
    backend.advance(target);
    ++s.advance_calls;
    backend.store(e);
    parallel_for(static_cast<std::int64_t>(M), 16, 64, [&](std::int64_t ii) {
      const auto i = static_cast<std::size_t>(ii);
      if (done[i] || e.status[i] != status_ok) return;
      zs[i] = residual(i);
      if (zs[i] <= job.steady.tol * zs0[i] || zs[i] <= 1e-300) done[i] = 1;
    });
  }
  s.stability_warning = stability.unstable;
  s.time.resize(M);
  s.failed.resize(M);
  s.steps.resize(M);
  s.iterations.resize(M);
  s.residual.resize(M);
  s.converged.resize(M);
  for (std::size_t i = 0; i < M; ++i) {
    s.time[i] = double(e.steps_done[i]) * job.members.dt[i];
    s.failed[i] = e.status[i] != status_ok ? 1 : 0;
    s.steps[i] = e.steps_done[i];
    s.iterations[i] = static_cast<std::int32_t>(std::min<std::int64_t>(e.steps_done[i], INT32_MAX));
    s.residual[i] = zs[i];
    s.converged[i] = done[i] && !s.failed[i] ? 1 : 0;
    s.bead_steps += double(e.steps_done[i]) * Model::sizes(job.members.params[i]).work_units;
  }
  return s;
}

std::vector<std::string> Host::describe(const Job& job) {
  return {"model cosserat, scheme " + scheme_name(job) + ", precision " +
              (job.precision == Precision::float32 ? "float32" : "float64"),
          "nodes per member: up to " + std::to_string(max_beads(job)) + " (all rods)"};
}

/// `rodswarm modes`: defined in cosserat_modes.cpp, declared here where the drivers are instantiated.

}  // namespace rodswarm

RODSWARM_DRIVERS(rodswarm::cosserat::Model)
