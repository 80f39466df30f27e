/// @file se3rod_run.cpp
/// Model se3rod on the host: its results files (the nodes' positions and directors, their velocities and angular
/// velocities in the lab frame, the energy split into kinetic, elastic, gravity and end-load parts), its stability
/// bound and what validate says about a job; and the generic drivers instantiated for it.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "config/se3rod_job.hpp"
#include "config/se3rod_params.hpp"
#include "driver/param_results.hpp"
#include "driver/drivers_impl.hpp"
#include "models/se3rod_node_rows.hpp"
#include "rodswarm/models/se3rod_stability.hpp"
#include "models/se3rod_host.hpp"

namespace rodswarm {

using Model = se3rod::Model;
using Host = ModelHost<Model>;

namespace {

const char* scheme_name(se3rod::Scheme s) {
  return s == se3rod::Scheme::variational ? "variational" : s == se3rod::Scheme::lie_euler ? "lie_euler" : "rkmk4";
}

}  // namespace

/// The material and loads every member has, then each varied key's value; the nodes per member.
ResultsPlan Host::results(const Job& job, const std::string& kind) {
  ResultsPlan plan;
  plan.scheme = scheme_name(job.scheme);
  fill_param_columns(plan, config_detail::se3rod_params(), job, true);
  for (const auto& p : job.members.params) plan.beads.push_back(p.n);
  const bool run = kind == "run";
  const OutputSpec& o = job.output;
  plan.fields = {
      {"positions", {0, 3}, {}, run && o.saves("positions"), true},
      {"directors", {0, 9}, {}, run && o.saves("directors"), true},
      {"velocities", {0, 3}, {}, run && o.saves("velocities"), run},
      {"angular_velocities", {0, 3}, {}, run && o.saves("angular_velocities"), run},
      {"energy", {5}, {"kinetic", "elastic", "gravity", "loads", "total"}, run && o.saves("energy"), true},
      {"contact", {0, 3}, {"slip", "gap", "normal_reaction"}, run && o.saves("contact"), run && o.saves("contact")}};
  return plan;
}

std::int32_t Host::max_beads(const Job& job) { return static_cast<std::int32_t>(job.members.max_count(Model::nodes)); }

/// Member i's node positions, directors (R row by row: the columns are d1, d2, d3), lab-frame velocities R gamma
/// and angular velocities R omega, its energies, and its nodes' contact with the plane (slip, gap, normal
/// reaction).
template <class Real>
void Host::record(const Job&, const RecordTables&, Ensemble<Model, Real>& e, std::size_t i, const FieldRows& rows) {
  const auto& p = e.params[i];
  const auto member = static_cast<std::int64_t>(i);
  Real* pose = e.data(Model::pose, member);
  Real* twist = e.data(Model::twist, member);
  double *pos = rows[0], *dir = rows[1], *vel = rows[2], *ang = rows[3], *energy = rows[4], *contact = rows[5];
  record_se3rod_nodes(pose, twist, p.n, pos, dir, vel, ang);
  if (energy) {
    const se3rod::Energy<Real> E = se3rod::energy(se3rod::MemberIO<Real>{pose, twist, e.data(Model::rest, member)}, p);
    const double values[] = {double(E.kinetic), double(E.elastic), double(E.gravity), double(E.loads),
                             double(E.total())};
    std::copy(std::begin(values), std::end(values), energy);
  }
  if (contact) {
    const se3rod::MemberIO<Real> io{pose, twist, e.data(Model::rest, member)};
    std::vector<Real> seg(static_cast<std::size_t>(12 * (p.n - 1)));
    se3rod::segment_pass(p, io, seg.data(), SequentialLoop{});
    for (int k = 0; k < p.n; ++k) {
      const se3rod::ContactDiagnostics<Real> d = se3rod::contact_diagnostics(
          p, k, se3rod::load_pose(pose + 12 * k), se3rod::load_twist(twist + 6 * k), seg.data());
      contact[3 * k] = double(d.slip);
      contact[3 * k + 1] = double(d.gap);
      contact[3 * k + 2] = double(d.normal);
    }
  }
}

/// A member whose plane would have to pull a node is flagged separated, not diverged.
const char* Host::stop_meaning(std::uint8_t status) {
  return status == status_separated
             ? "stopped where the plane would have had to pull a node (the rod lifts off; /final/time says when)"
             : nullptr;
}

bool Host::counts_as_diverged(std::uint8_t status) { return status == status_diverged; }

/// dt omega_max against the scheme's limit (models/se3rod_stability.hpp). Lie-Euler's limit shrinks with the step
/// count t_end / dt: dt omega < sqrt(2 ln 2 dt / t_end) solved for dt is dt < 2 ln 2 / (t_end omega^2).
MemberStability Host::stability(const Job& job, std::size_t i) {
  const auto& p = job.members.params[i];
  const double omega = se3rod::omega_max(p);
  MemberStability s = omega_bound(omega, job.members.dt[i], se3rod::stable_dt_omega(p.scheme, job.steps[i]));
  if (p.scheme == se3rod::Scheme::lie_euler && omega > 0) s.dt_max = 2 * std::log(2.0) / (job.t_end[i] * omega * omega);
  return s;
}

std::string Host::stability_bound(const Job& job) {
  switch (job.scheme) {
    case se3rod::Scheme::variational:
      return "the variational integrator's linearised stability bound";
    case se3rod::Scheme::lie_euler:
      return "Lie-Euler's growth bound (the highest mode at most doubles over the run)";
    case se3rod::Scheme::rkmk4:
      break;
  }
  return "RKMK4's linearised stability bound";
}

std::string Host::stability_example(const StabilityReport::Detail& d, const Job& job) {
  const auto i = static_cast<std::size_t>(d.member);
  return omega_bound_example(d, "sqrt(4 (E + ks G)/(rho h^2) + 4 ks G/(rho r^2))",
                             se3rod::stable_dt_omega(job.scheme, job.steps[i]));
}

std::vector<std::string> Host::describe(const Job& job) {
  std::vector<std::string> lines = {std::string("model se3rod, scheme ") + scheme_name(job.scheme) + ", precision " +
                                        (job.precision == Precision::float32 ? "float32" : "float64"),
                                    "nodes per member: up to " + std::to_string(max_beads(job)) + " (ends included)"};
  // params.contact is one choice for the whole ensemble (it cannot be varied).
  if (!job.members.params.empty() && job.members.params[0].contact == se3rod::Contact::plane)
    lines.push_back("contact: every free node rolls without slipping on a rigid plane (a tensile reaction separates)");
  return lines;
}

/// `rodswarm modes`: defined in se3rod_modes.cpp, declared here where the drivers are instantiated.

}  // namespace rodswarm

RODSWARM_DRIVERS(rodswarm::se3rod::Model)
