/// @file nishinari_run.cpp
/// Model nishinari on the host: its results files (the Cartesian state of every bead, the energy split into
/// kinetic, spin, axial, bending, twist and external parts, linear and angular momentum about the origin), its
/// stability bound and what validate says about a job; and the generic drivers instantiated for it.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "config/nishinari_job.hpp"
#include "config/nishinari_params.hpp"
#include "driver/param_results.hpp"
#include "driver/drivers_impl.hpp"
#include "rodswarm/models/nishinari.hpp"
#include "models/nishinari_host.hpp"

namespace rodswarm {

using Model = nishinari::Model;
using Host = ModelHost<Model>;

ResultsPlan Host::results(const Job& job, const std::string& kind) {
  ResultsPlan plan;
  plan.scheme = "rk4";
  fill_param_columns(plan, config_detail::nishinari_params(), job, false);
  for (const auto& p : job.members.params) plan.beads.push_back(p.n);
  const bool run = kind == "run";
  const OutputSpec& o = job.output;
  plan.fields = {{"positions", {0, 3}, {}, run && o.saves("positions"), true},
                 {"velocities", {0, 3}, {}, run && o.saves("velocities"), run},
                 {"energy",
                  {8},
                  {"kinetic", "spin", "axial", "bending", "twist", "external", "potential", "total"},
                  run && o.saves("energy"),
                  true},
                 {"momentum",
                  {6},
                  {"linear", "linear", "linear", "angular", "angular", "angular"},
                  run && o.saves("momentum"),
                  run && o.saves("momentum")},
                 // Per segment, in rows padded to the beads (the last row NaN): the carried normal n_s and the
                 // spin C_s about the tangent.
                 {"normals", {0, 3}, {}, run && o.saves("normals"), o.saves("normals")},
                 {"spins", {0, 1}, {}, run && o.saves("spins"), o.saves("spins")}};
  return plan;
}

std::int32_t Host::max_beads(const Job& job) {
  int n = 0;
  for (const auto& p : job.members.params) n = std::max(n, p.n);
  return n;
}

/// Member i's positions and velocities as rows of 3-vectors (beyond its beads the results' NaN stays), its
/// energies, its momentum, and its segments' normals and spins (beyond its segments the NaN stays).
template <class Real>
void Host::record(const Job&, const RecordTables&, Ensemble<Model, Real>& e, std::size_t i, const FieldRows& rows) {
  const auto& p = e.params[i];
  const auto member = static_cast<std::int64_t>(i);
  const Real* r = e.data(Model::positions, member);
  const Real* v = e.data(Model::velocities, member);
  const Real* normal = e.data(Model::normals, member);
  const Real* spin = e.data(Model::spins, member);
  double *pos = rows[0], *vel = rows[1], *en = rows[2], *mom = rows[3], *nrm = rows[4], *spn = rows[5];
  for (int b = 0; b < 3 * p.n; ++b) {
    if (pos) pos[b] = double(r[b]);
    if (vel) vel[b] = double(v[b]);
  }
  for (int s = 0; s < p.n - 1; ++s) {
    if (nrm) std::copy(normal + 3 * s, normal + 3 * s + 3, nrm + 3 * s);
    if (spn) spn[s] = double(spin[s]);
  }
  if (en) {
    const nishinari::Energy E = nishinari::energy(p, r, v, normal, spin);
    const double values[] = {
        E.kinetic, E.spin, E.axial, E.bending, E.twist, E.external, E.axial + E.bending + E.twist + E.external,
        E.total};
    std::copy(std::begin(values), std::end(values), en);
  }
  if (mom) {
    const nishinari::Momentum M = nishinari::momentum(p, r, v, spin);
    std::copy(std::begin(M.linear), std::end(M.linear), mom);
    std::copy(std::begin(M.angular), std::end(M.angular), mom + 3);
  }
}

/// A member stopped at a singularity (gimbal lock) is flagged singular and counted as diverged (the default).
const char* Host::stop_meaning(std::uint8_t status) {
  return status == status_singular ? "stopped at a singularity (cos of a relative pitch angle near 0, gimbal lock)"
                                   : nullptr;
}

/// RK4's linearised bound (models/nishinari.hpp, rk4_stable_dt): dt omega_max < 2 sqrt(2).
MemberStability Host::stability(const Job& job, std::size_t i) {
  const double limit = nishinari::rk4_stable_dt(job.members.params[i]);
  return omega_bound(2 * std::sqrt(2.0) / limit, job.members.dt[i], 2 * std::sqrt(2.0));
}

std::string Host::stability_bound(const Job&) { return "RK4's linearised stability bound"; }

std::string Host::stability_example(const StabilityReport::Detail& d, const Job&) {
  return omega_bound_example(d, "max(2 sqrt(k/(m l)), 2 sqrt(h/(j l)), 4 sqrt(K/(m l^3)))", 2 * std::sqrt(2.0));
}

std::vector<std::string> Host::describe(const Job& job) {
  const bool intrinsic = job.formulation == nishinari::Formulation::intrinsic;
  return {std::string("model nishinari, ") + (intrinsic ? "intrinsic" : "cartesian") + " formulation, " +
              (job.twist_moment == nishinari::TwistMoment::paper ? "paper" : "conservative") +
              " twist moment, scheme rk4, precision " + (job.precision == Precision::float32 ? "float32" : "float64"),
          "beads per member: up to " + std::to_string(max_beads(job)) + " (ends included)"};
}

}  // namespace rodswarm

RODSWARM_DRIVERS(rodswarm::nishinari::Model)
