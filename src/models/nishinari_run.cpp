/// @file nishinari_run.cpp
/// Model nishinari on the host: its results files (the Cartesian state of every bead, the energy split into
/// kinetic, spin, axial, bending, twist and external parts, linear and angular momentum about the origin), its
/// stability bound and what validate says about a job; and the generic drivers instantiated for it.
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "driver/drivers_impl.hpp"
#include "models/nishinari_host.hpp"
#include "rodswarm/models/nishinari.hpp"

namespace rodswarm {

using NishinariHost = ModelHost<nishinari::Model>;

namespace {
constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();
}  // namespace

std::vector<std::string> NishinariHost::energy_names() {
  return {"kinetic", "spin", "axial", "bending", "twist", "external", "potential", "total"};
}

ParamTable NishinariHost::params(const Job& job) {
  ParamTable t;
  t.names = {"n",   "l",   "m",       "k",       "K",       "h",       "j",       "damping", "spin_damping", "g_x",
             "g_y", "g_z", "load0_x", "load0_y", "load0_z", "load1_x", "load1_y", "load1_z", "dt",           "t_end"};
  t.values.assign(t.names.size(), std::vector<double>(static_cast<std::size_t>(job.size())));
  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
    const auto& p = job.members.params[i];
    const double values[] = {double(p.n),
                             p.l,
                             p.m,
                             p.k,
                             p.K,
                             p.h,
                             p.j,
                             p.damping,
                             p.spin_damping,
                             p.g[0],
                             p.g[1],
                             p.g[2],
                             p.load0[0],
                             p.load0[1],
                             p.load0[2],
                             p.load1[0],
                             p.load1[1],
                             p.load1[2],
                             job.members.dt[i],
                             job.t_end[i]};
    for (std::size_t k = 0; k < t.names.size(); ++k) t.values[k][i] = values[k];
  }
  return t;
}

std::int32_t NishinariHost::max_beads(const Job& job) {
  int n = 0;
  for (const auto& p : job.members.params) n = std::max(n, p.n);
  return n;
}

std::vector<FieldDecl> NishinariHost::fields(const Job& job, const std::string& kind) {
  const auto B = static_cast<std::uint64_t>(max_beads(job));
  const auto E = static_cast<std::uint64_t>(energy_names().size());
  const bool run = kind == "run";
  const OutputSpec& o = job.output;
  return {{"positions", {B, 3}, {}, run && o.saves("positions"), true},
          {"velocities", {B, 3}, {}, run && o.saves("velocities"), run && o.saves("velocities")},
          {"energy", {E}, energy_names(), run && o.saves("energy"), true},
          {"momentum",
           {6},
           {"linear", "linear", "linear", "angular", "angular", "angular"},
           run && o.saves("momentum"),
           run && o.saves("momentum")}};
}

/// Member i's positions and velocities as [B][3] rows (NaN beyond its beads), its energies and its momentum.
template <class Real>
void NishinariHost::record(const Job& job, Ensemble<Model, Real>& e, std::size_t i, const FieldRows& rows) {
  const auto& p = e.params[i];
  const int B = max_beads(job);
  const auto member = static_cast<std::int64_t>(i);
  const Real* r = e.data(Model::positions, member);
  const Real* v = e.data(Model::velocities, member);
  const Real* normal = e.data(Model::normals, member);
  const Real* spin = e.data(Model::spins, member);
  double *pos = rows[0], *vel = rows[1], *en = rows[2], *mom = rows[3];
  for (int b = 0; b < B; ++b) {
    for (int a = 0; a < 3; ++a) {
      if (pos) pos[3 * b + a] = b < p.n ? double(r[3 * b + a]) : nan_value;
      if (vel) vel[3 * b + a] = b < p.n ? double(v[3 * b + a]) : nan_value;
    }
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

StabilityReport NishinariHost::check_stability(const Job& job) {
  const auto& e = job.members;
  StabilityReport report;
  report.unstable.assign(static_cast<std::size_t>(e.members()), 0);
  for (std::size_t i = 0; i < report.unstable.size(); ++i) {
    const double limit = nishinari::rk4_stable_dt(e.params[i]);
    if (e.dt[i] < limit) continue;
    const double omega = 2 * std::sqrt(2.0) / limit;
    flag_unstable(report, static_cast<std::int64_t>(i), omega * omega, 0.0, e.dt[i]);
  }
  return report;
}

std::string NishinariHost::describe_stability(const StabilityReport& report, const Job&) {
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

std::vector<std::string> NishinariHost::describe(const Job& job) {
  const bool intrinsic = job.formulation == nishinari::Formulation::intrinsic;
  return {std::string("model nishinari, ") + (intrinsic ? "intrinsic" : "cartesian") + " formulation, " +
              (job.twist_moment == nishinari::TwistMoment::paper ? "paper" : "conservative") +
              " twist moment, scheme rk4, precision " + (job.precision == Precision::float32 ? "float32" : "float64"),
          "beads per member: up to " + std::to_string(max_beads(job)) + " (ends included)"};
}

}  // namespace rodswarm

RODSWARM_DRIVERS(rodswarm::nishinari::Model)
