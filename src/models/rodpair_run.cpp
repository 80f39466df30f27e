/// @file rodpair_run.cpp
/// Model rodpair on the host: its results files (both rods' nodes, rod 1's then rod 2's: positions, directors,
/// lab velocities and angular velocities; the energy of both rods; the contact: s1, s2, the reaction, the slip and
/// gap of the saved state and the scheme's drift off them in the last step before its restore), its stability
/// bound and what validate says about a job; and the generic drivers instantiated for it.
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <vector>

#include "config/rodpair_job.hpp"
#include "driver/drivers_impl.hpp"
#include "models/se3rod_node_rows.hpp"
#include "models/spectrum_signals.hpp"
#include "rodswarm/models/se3rod_stability.hpp"
#include "models/rodpair_host.hpp"

namespace rodswarm {

using Model = rodpair::Model;
using Host = ModelHost<Model>;

namespace {

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();

/// The running Lyapunov estimate of a member: the sum of logs over the time to its last renormalisation; NaN
/// when the member computes none or has not renormalised yet.
double lyapunov_estimate(std::int64_t renorm_steps, double dt, std::int64_t steps_done, double log_sum) {
  if (renorm_steps <= 0) return nan_value;
  const std::int64_t renormalised = steps_done / renorm_steps * renorm_steps;
  return renormalised > 0 ? log_sum / (double(renormalised) * dt) : nan_value;
}

}  // namespace

/// Each rod's size and material, the bump widths, then each varied key's value; both rods' nodes per member.
ResultsPlan Host::results(const Job& job, const std::string& kind) {
  ResultsPlan plan;
  plan.scheme = "rkmk4";
  plan.param_names = {"n1",
                      "n2",
                      "length1",
                      "length2",
                      "radius1",
                      "radius2",
                      "density1",
                      "density2",
                      "youngs_modulus1",
                      "youngs_modulus2",
                      "shear_modulus1",
                      "shear_modulus2",
                      "width1",
                      "width2",
                      "frozen",
                      "bilateral",
                      "dt",
                      "t_end"};
  for (const auto& key : job.varied_keys) plan.param_names.push_back(key);
  const auto M = static_cast<std::size_t>(job.size());
  plan.params.assign(plan.param_names.size(), std::vector<double>(M));
  for (std::size_t i = 0; i < M; ++i) {
    const auto& p = job.members.params[i];
    const auto& a = p.rod1;
    const auto& b = p.rod2;
    const double values[] = {
        double(a.n - 1), double(b.n - 1), a.h * (a.n - 1),  b.h * (b.n - 1),     a.radius,          b.radius,
        a.density,       b.density,       a.youngs_modulus, b.youngs_modulus,    a.shear_modulus,   b.shear_modulus,
        p.width1,        p.width2,        double(p.frozen), double(p.bilateral), job.members.dt[i], job.t_end[i]};
    std::size_t k = 0;
    for (; k < std::size(values); ++k) plan.params[k][i] = values[k];
    for (std::size_t v = 0; v < job.varied_values.size(); ++v) plan.params[k + v][i] = job.varied_values[v][i];
    plan.beads.push_back(a.n + b.n);
  }
  const bool run = kind == "run";
  const bool lyapunov = run && job.renorm_interval > 0;
  const OutputSpec& o = job.output;
  plan.fields = {
      {"positions", {0, 3}, {}, run && o.saves("positions"), true},
      {"directors", {0, 9}, {}, run && o.saves("directors"), true},
      {"velocities", {0, 3}, {}, run && o.saves("velocities"), run},
      {"angular_velocities", {0, 3}, {}, run && o.saves("angular_velocities"), run},
      {"energy", {5}, {"kinetic", "elastic", "gravity", "loads", "total"}, run && o.saves("energy"), true},
      {"contact",
       {10},
       {"s1", "s2", "lambda_x", "lambda_y", "lambda_z", "normal_reaction", "slip", "gap", "slip_drift", "gap_drift"},
       run && o.saves("contact"),
       true},
      {"lyapunov", {}, {}, lyapunov && o.saves("lyapunov"), lyapunov}};
  return plan;
}

std::int32_t Host::max_beads(const Job& job) { return static_cast<std::int32_t>(job.members.max_count(Model::nodes)); }

/// Member i's nodes (rod 1's, then rod 2's) as se3rod saves them, the energies of both rods summed, and its
/// contact: where it is, the reaction the last step began with, the slip speed |u| and the gap of this state (the
/// restore leaves them at round-off), and the last step's drift off them before its restore.
template <class Real>
void Host::record(const Job&, const RecordTables&, Ensemble<Model, Real>& e, std::size_t i, const FieldRows& rows) {
  const auto& p = e.params[i];
  const auto member = static_cast<std::int64_t>(i);
  Real* pose = e.data(Model::pose, member);
  Real* twist = e.data(Model::twist, member);
  Real* contact = e.data(Model::contact, member);
  double *pos = rows[0], *dir = rows[1], *vel = rows[2], *ang = rows[3], *energy = rows[4], *diag = rows[5],
         *lyapunov = rows[6];
  record_se3rod_nodes(pose, twist, p.rod1.n + p.rod2.n, pos, dir, vel, ang);
  const rodpair::MemberIO<Real> io{pose, twist, e.data(Model::rest, member), contact};
  const auto a = rodpair::rod1_of(io, p, static_cast<Real*>(nullptr));
  const auto b = rodpair::rod2_of(io, p, static_cast<Real*>(nullptr));
  if (energy) {
    double sum[4] = {0, 0, 0, 0};
    for (const auto* r : {&a, &b}) {
      const se3rod::Energy<Real> E = se3rod::energy(r->io, *r->p);
      const double parts[] = {double(E.kinetic), double(E.elastic), double(E.gravity), double(E.loads)};
      for (int q = 0; q < 4; ++q) sum[q] += parts[q];
    }
    for (int q = 0; q < 4; ++q) energy[q] = sum[q];
    energy[4] = sum[0] + sum[1] + sum[2] + sum[3];
  }
  if (diag) {
    const Real s1 = contact[rodpair::slot_s1], s2 = contact[rodpair::slot_s2];
    const se3rod::ContactPlace<Real> place = se3rod::contact_place(a.view(), b.view(), s1, s2);
    const Real slip = norm(se3rod::rolling_rows(a.view(), b.view(), place, a.io.twist, b.io.twist));
    const Real gap = se3rod::rod_gap(a.view(), b.view(), place);
    const Real values[] = {s1,
                           s2,
                           contact[rodpair::slot_lambda],
                           contact[rodpair::slot_lambda + 1],
                           contact[rodpair::slot_lambda + 2],
                           contact[rodpair::slot_normal],
                           slip,
                           gap,
                           contact[rodpair::slot_slip],
                           contact[rodpair::slot_gap]};
    for (int q = 0; q < 10; ++q) diag[q] = double(values[q]);
  }
  if (lyapunov) {
    *lyapunov = lyapunov_estimate(p.lyapunov != 0 ? p.renorm_steps : 0, double(e.dt[i]), e.steps_done[i],
                                  e.scalar[Model::lyapunov_log][i]);
  }
}

/// float32 cannot follow a twin a small d0 away: its round-off, not the dynamics, would set the growth measured.
void Host::check(const Job& job) {
  if (job.precision != Precision::float32) return;
  for (std::size_t i = 0; i < job.members.params.size(); ++i) {
    const auto& p = job.members.params[i];
    if (p.lyapunov != 0 && p.lyapunov_d0 < 1e-3) {
      std::ostringstream d0;
      d0 << p.lyapunov_d0;
      throw std::invalid_argument(job.source + ": analysis.lyapunov.d0: float32 cannot follow a twin " + d0.str() +
                                  " away (member " + std::to_string(i) + "): use precision float64, or d0 >= 1e-3");
    }
  }
}

const char* Host::stop_meaning(std::uint8_t status) {
  if (status == status_separated)
    return "stopped where the rods would have had to pull on each other (they part; /final/time says when)";
  if (status == status_singular)
    return "stopped where a contact point reached a rod's end (the contact slid off a rod; /final/time says when)";
  return nullptr;
}

bool Host::counts_as_diverged(std::uint8_t status) { return status == status_diverged; }

/// dt omega_max of the stiffer rod against RKMK4's limit (models/se3rod_stability.hpp).
MemberStability Host::stability(const Job& job, std::size_t i) {
  const auto& p = job.members.params[i];
  const double omega = std::max(se3rod::omega_max(p.rod1), se3rod::omega_max(p.rod2));
  return omega_bound(omega, job.members.dt[i], se3rod::stable_dt_omega(se3rod::Scheme::rkmk4, job.steps[i]));
}

std::string Host::stability_bound(const Job&) { return "RKMK4's linearised stability bound (the stiffer rod)"; }

std::string Host::stability_example(const StabilityReport::Detail& d, const Job& job) {
  const auto i = static_cast<std::size_t>(d.member);
  return omega_bound_example(d, "sqrt(4 (E + ks G)/(rho h^2) + 4 ks G/(rho r^2)) of the stiffer rod",
                             se3rod::stable_dt_omega(se3rod::Scheme::rkmk4, job.steps[i]));
}

/// The chosen rod mode's signal, NaN after the samples a member reached, and its power spectrum.
template <class Real>
void Host::finish(const Job& job, const Ensemble<Model, Real>& e, Results& r, const RunOptions& options) {
  record_spectra(job, e, r, options.t_max);
}

std::vector<std::string> Host::describe(const Job& job) {
  std::ostringstream interval, sample;
  interval << job.renorm_interval;
  sample << job.sample_interval;
  return {std::string("model rodpair, scheme rkmk4, precision ") +
              (job.precision == Precision::float32 ? "float32" : "float64"),
          "nodes per member: up to " + std::to_string(max_beads(job)) + " (both rods, ends included)",
          "contact: the rods roll on each other without slipping (a tensile reaction separates them; a contact point "
          "at a rod's end stops the member)",
          job.sample_interval > 0 ? "spectrum: string mode " + std::to_string(job.harmonic) +
                                        " of a rod, sampled every " + sample.str() + " s"
                                  : "spectrum: none (no analysis.spectrum)",
          job.renorm_interval > 0 ? "Lyapunov exponent: a twin renormalised every " + interval.str() + " s"
                                  : "Lyapunov exponent: none (no analysis.lyapunov)"};
}

}  // namespace rodswarm

RODSWARM_DRIVERS(rodswarm::rodpair::Model)
