/// @file nishinari_compare.cpp
/// `rodswarm compare` for model nishinari: the first K members on a backend (either formulation) and on the
/// independent reference (src/reference/nishinari_*, Cartesian RK4 in Eigen, double), at every save and at the end.
#include <algorithm>
#include <cmath>
#include <tuple>

#include "driver/eigen_views.hpp"
#include "driver/field_error.hpp"
#include "config/nishinari_job.hpp"
#include "driver/compare_impl.hpp"
#include "reference/nishinari_reference.hpp"
#include "models/nishinari_host.hpp"

namespace rodswarm {
namespace {

reference::NishinariEnd end_of(nishinari::EndKind k) {
  using E = reference::NishinariEnd;
  return k == nishinari::EndKind::clamped ? E::clamped : k == nishinari::EndKind::pinned ? E::pinned : E::free;
}

/// Member i of the job as the reference states it.
reference::NishinariCase case_of(const NishinariJob& job, std::size_t i) {
  const auto& e = job.members;
  const auto& p = e.params[i];
  reference::NishinariCase c;
  std::tie(c.n, c.l, c.m, c.k, c.K, c.h, c.j, c.damping, c.spin_damping) =
      std::tie(p.n, p.l, p.m, p.k, p.K, p.h, p.j, p.damping, p.spin_damping);
  c.g = vector3_of(p.g);
  c.load0 = vector3_of(p.load0);
  c.load1 = vector3_of(p.load1);
  c.end0 = end_of(p.end0);
  c.end1 = end_of(p.end1);
  c.twist = p.twist_moment == nishinari::TwistMoment::paper ? reference::NishinariTwist::paper
                                                            : reference::NishinariTwist::conservative;
  c.wall0 = matrix3_of(p.wall0);
  c.wall1 = matrix3_of(p.wall1);
  const auto member = static_cast<std::int64_t>(i);
  c.r0 = rows3_of(e.data(nishinari::Model::positions, member), p.n);
  c.v0 = rows3_of(e.data(nishinari::Model::velocities, member), p.n);
  c.normal0 = rows3_of(e.data(nishinari::Model::normals, member), p.n - 1);
  c.spin0 = Eigen::Map<const Eigen::VectorXd>(e.data(nishinari::Model::spins, member), p.n - 1);
  c.dt = e.dt[i];
  return c;
}

/// Adds the differences of state `a` from state `b` (positions, velocities, total energy) to the three fields.
void add_state(FieldError& pos, FieldError& vel, FieldError& energy, const reference::NishinariCase& c,
               const double* positions, const double* velocities, double total_energy,
               const reference::NishinariState& b) {
  for (int q = 0; q < c.n; ++q) {
    for (int a = 0; a < 3; ++a) {
      pos.add(positions[3 * q + a], b.r(q, a));
      vel.add(velocities[3 * q + a], b.v(q, a));
    }
  }
  const reference::NishinariEnergy e = reference::nishinari_energy(c, b);
  energy.add(total_energy, e.total);
  // Fields that are near zero (the beads of a pure twist wave do not move; a total energy may cancel) are
  // measured against the problem's own scales rather than against round-off.
  energy.floor(e.kinetic + e.spin + e.axial + e.bending + e.twist + std::fabs(e.external));
}

}  // namespace

/// Either formulation against the reference's Cartesian RK4 (Eigen, double). The Cartesian formulation takes
/// the reference's steps, so the default tolerance is round-off (float64 1e-9, float32 1e-3). The intrinsic one
/// integrates other variables: the gap is integration error, so its default tolerance is four times the
/// reference's own error estimate (Richardson, from a second reference run at dt/2: the two formulations' errors
/// are each of about that size, not equal), and at least 1e-9. Relative errors are taken against the field's
/// largest reference value, or against a scale of the member where the field is near zero: (n-1) l / t_end for
/// velocities, the sum of the energy components' magnitudes for the total energy.
CompareReport ModelHost<nishinari::Model>::compare(const NishinariJob& full_job, const RunOptions& options,
                                                   std::int64_t members) {
  NishinariJob job = slice_of(full_job, 0, members);
  for (const char* field : {"positions", "velocities", "energy"}) job.output.set(field, true);
  const RunReport run = rodswarm::run(job, options);
  const Results& r = run.results;
  const bool intrinsic = job.formulation == nishinari::Formulation::intrinsic;

  CompareReport report;
  report.backend = r.backend + " " + r.precision + ", " + (intrinsic ? "intrinsic" : "cartesian") + " formulation";
  report.reference = "reference cartesian rk4 (Eigen, float64)";
  report.members = job.size();
  report.saves = static_cast<std::int64_t>(r.time.size());
  FieldError pos, vel, energy;
  FieldError own_pos, own_vel, own_energy;  // the reference at dt against itself at dt/2: its own error
  const std::size_t S = r.time.size(), B = static_cast<std::size_t>(r.max_beads), E = r.energy_names().size();
  const std::size_t total_index = E - 1;  // "total" is the last component

  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
    const auto c = case_of(job, i);
    const long steps = static_cast<long>(job.steps[i]);
    const long every = static_cast<long>(job.save_steps(i));
    const auto ref = reference::nishinari_rk4(c, steps, every);
    const double speed = (c.n - 1) * c.l / std::max(job.t_end[i], c.dt);  // a velocity scale of the member
    if (intrinsic) {
      auto half = c;
      half.dt = c.dt / 2;
      const auto fine = reference::nishinari_rk4(half, 2 * steps, 2 * every);
      for (std::size_t k = 0; k < ref.states.size() && k < fine.states.size(); ++k) {
        const auto& x = ref.states[k];
        std::vector<double> rr(static_cast<std::size_t>(3 * c.n)), vv(rr.size());
        for (int q = 0; q < c.n; ++q) {
          for (int a = 0; a < 3; ++a) {
            rr[static_cast<std::size_t>(3 * q + a)] = x.r(q, a);
            vv[static_cast<std::size_t>(3 * q + a)] = x.v(q, a);
          }
        }
        add_state(own_pos, own_vel, own_energy, c, rr.data(), vv.data(), reference::nishinari_energy(c, x).total,
                  fine.states[k]);
      }
    }
    // Saved series: reference entry k is the state after k * every steps, the same as save k.
    for (std::size_t k = 0; k < S && every > 0 && k < ref.states.size(); ++k) {
      if (static_cast<long>(k) * every > steps) break;
      const std::size_t row = i * S + k;
      add_state(pos, vel, energy, c, &r.series("positions")[row * B * 3], &r.series("velocities")[row * B * 3],
                r.series("energy")[row * E + total_index], ref.states[k]);
    }
    add_state(pos, vel, energy, c, &r.final("positions")[i * B * 3], &r.final("velocities")[i * B * 3],
              r.final("energy")[i * E + total_index], ref.states.back());
    vel.floor(speed);
    own_vel.floor(speed);
  }

  // Default tolerances: round-off for the Cartesian formulation (the reference's own steps); for the intrinsic
  // one, four times the reference's own integration error in that field (Richardson: 16/15 of the dt vs dt/2 gap).
  const double round_off = job.precision == Precision::float32 ? 1e-3 : 1e-9;
  auto tolerance = [&](const FieldError& own) {
    return compare_tolerance(job, intrinsic ? std::max(round_off, 4 * 16.0 / 15.0 * own.relative()) : round_off);
  };
  if (intrinsic && job.compare.tolerance <= 0) report.reference += ", tolerance 4x its own error estimate";
  const std::pair<const char*, FieldError> fields[] = {{"positions", pos}, {"velocities", vel}, {"energy", energy}};
  const FieldError own[] = {own_pos, own_vel, own_energy};
  for (std::size_t f = 0; f < 3; ++f) {
    const FieldError& err = fields[f].second;
    report.add(fields[f].first, err, tolerance(own[f]));
  }
  return report;
}

}  // namespace rodswarm

RODSWARM_COMPARE(rodswarm::nishinari::Model)
