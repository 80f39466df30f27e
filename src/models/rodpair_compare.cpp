/// @file rodpair_compare.cpp
/// `rodswarm compare` for model rodpair: the first K members on a backend and on the independent reference
/// (src/reference/rodpair_*: the se3rod reference's rods in 4x4 matrices, the contact's derivatives by automatic
/// differentiation and its reaction from one dense KKT system over both rods; double), at every save and at the
/// end: both rods' nodes, the energy and the contact points.
#include <algorithm>
#include <cmath>

#include "config/rodpair_job.hpp"
#include "driver/compare_impl.hpp"
#include "models/se3rod_reference_case.hpp"
#include "reference/rodpair_reference.hpp"
#include "models/rodpair_host.hpp"

namespace rodswarm {
namespace {

/// Member i of the job as the reference states it, and its initial state (the config's, already in contact and
/// on the rows).
reference::RodpairCase case_of(const RodpairJob& job, std::size_t i, reference::RodpairState& start) {
  const auto& e = job.members;
  const auto& p = e.params[i];
  const auto member = static_cast<std::int64_t>(i);
  const double* pose = e.data(rodpair::Model::pose, member);
  const double* twist = e.data(rodpair::Model::twist, member);
  const double* rest = e.data(rodpair::Model::rest, member);
  const double* contact = e.data(rodpair::Model::contact, member);
  reference::RodpairCase c;
  start = {};
  c.rod[0] = se3rod_reference_case(p.rod1, pose, twist, rest, start.rod[0]);
  const int n1 = p.rod1.n;
  c.rod[1] = se3rod_reference_case(p.rod2, pose + 12 * n1, twist + 6 * n1, rest + 6 * (n1 - 1), start.rod[1]);
  c.width[0] = p.width1;
  c.width[1] = p.width2;
  c.dt = e.dt[i];
  c.frozen = p.frozen != 0;
  c.bilateral = p.bilateral != 0;
  start.s1 = contact[rodpair::slot_s1];
  start.s2 = contact[rodpair::slot_s2];
  return c;
}

struct Fields {
  Se3rodFieldErrors rods;  ///< both rods' nodes, and the total energy
  FieldError contact_points;
};

/// Adds the differences of the saved rows (both rods' nodes, the total energy, s1 and s2) from the reference state.
void add_state(Fields& f, const reference::RodpairCase& c, const double* pos, const double* dir, const double* vel,
               const double* ang, double total_energy, const double* contact, const reference::RodpairState& s) {
  const std::size_t n1 = s.rod[0].g.size();
  f.rods.add_nodes(s.rod[0], pos, dir, vel, ang);
  f.rods.add_nodes(s.rod[1], pos + 3 * n1, dir + 9 * n1, vel + 3 * n1, ang + 3 * n1);
  f.rods.energy.add(total_energy, reference::rodpair_energy(c, s));
  f.contact_points.add(contact[0], s.s1);
  f.contact_points.add(contact[1], s.s2);
}

}  // namespace

/// The backend against the reference (the same RKMK4 steps and restores in other numerics): the default tolerance
/// is round-off amplified by the run, 1e-8 in float64 and 1e-3 in float32, relative to the field's largest
/// reference value or a scale of the member where the field is near zero: the longer rod's length for positions and
/// the contact points, length / t_end for velocities, 1 / t_end for angular velocities, and for the energy the
/// elastic energy of a strain of 1e-3 of the stiffer rod.
CompareReport ModelHost<rodpair::Model>::compare(const RodpairJob& full_job, const RunOptions& options,
                                                 std::int64_t members) {
  RodpairJob job = slice_of(full_job, 0, members);
  for (const char* field : {"positions", "directors", "velocities", "angular_velocities", "energy", "contact"})
    job.output.set(field, true);
  const RunReport run = rodswarm::run(job, options);
  const Results& r = run.results;

  CompareReport report;
  report.backend = r.backend + " " + r.precision;
  report.reference =
      "reference rodpair (Eigen matrix exp/log, contact by automatic differentiation and a dense KKT "
      "system, float64), the same scheme";
  report.members = job.size();
  report.saves = static_cast<std::int64_t>(r.time.size());
  Fields f;
  const std::size_t S = r.time.size(), B = static_cast<std::size_t>(r.max_beads), E = r.energy_names().size();
  const std::size_t total_index = E - 1;  // "total" is the last component
  constexpr std::size_t C = 10;           // the contact row's components

  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
    reference::RodpairState state;
    const auto c = case_of(job, i, state);
    // A member that stopped (separated, or a contact at a rod's end) is compared up to the step it stopped at.
    const long steps = static_cast<long>(std::min<std::int64_t>(r.steps_taken[i], job.steps[i]));
    walk_saves(
        steps, static_cast<long>(job.save_steps(i)), S,
        [&](long n) { state = reference::rodpair_advance(c, state, n); },
        [&](std::size_t k) {
          const std::size_t row = i * S + k;
          add_state(f, c, &r.series("positions")[row * B * 3], &r.series("directors")[row * B * 9],
                    &r.series("velocities")[row * B * 3], &r.series("angular_velocities")[row * B * 3],
                    r.series("energy")[row * E + total_index], &r.series("contact")[row * C], state);
        });
    add_state(f, c, &r.final("positions")[i * B * 3], &r.final("directors")[i * B * 9],
              &r.final("velocities")[i * B * 3], &r.final("angular_velocities")[i * B * 3],
              r.final("energy")[i * E + total_index], &r.final("contact")[i * C], state);
    double length = 0, stiffness = 0;
    for (const auto& rod : c.rod) {
      length = std::max(length, rod.h * (rod.n - 1));
      stiffness = std::max(stiffness, rod.youngs_modulus * 3.14159265358979323846 * rod.radius * rod.radius);
    }
    const double t_end = std::max(job.t_end[i], c.dt);
    f.rods.positions.floor(length);
    f.contact_points.floor(length);
    f.rods.velocities.floor(length / t_end);
    f.rods.angular.floor(1 / t_end);
    f.rods.energy.floor(0.5 * stiffness * length * 1e-6);
  }

  const double tolerance = compare_tolerance(job, job.precision == Precision::float32 ? 1e-3 : 1e-8);
  f.rods.report(report, tolerance);
  report.add("contact_points", f.contact_points, tolerance);
  return report;
}

}  // namespace rodswarm

RODSWARM_COMPARE(rodswarm::rodpair::Model)
