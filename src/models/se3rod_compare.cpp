/// @file se3rod_compare.cpp
/// `rodswarm compare` for model se3rod: the first K members on a backend and on the independent reference
/// (src/reference/se3rod_*: 4x4 homogeneous matrices, Eigen's matrix exponential and logarithm, the Bernoulli
/// series of dexp^-1; double), at every save and at the end.
#include <algorithm>
#include <cmath>

#include "config/se3rod_job.hpp"
#include "driver/compare_impl.hpp"
#include "models/se3rod_reference_case.hpp"
#include "reference/se3rod_reference.hpp"
#include "models/se3rod_host.hpp"

namespace rodswarm {
namespace {

reference::Se3rodEnd end_of(se3rod::End e) {
  using E = reference::Se3rodEnd;
  switch (e) {
    case se3rod::End::clamped:
      return E::clamped;
    case se3rod::End::pinned:
      return E::pinned;
    case se3rod::End::prescribed:
      return E::prescribed;
    default:
      return E::free;
  }
}

reference::Se3rodScheme scheme_of(se3rod::Scheme s) {
  using S = reference::Se3rodScheme;
  return s == se3rod::Scheme::variational ? S::variational : s == se3rod::Scheme::lie_euler ? S::lie_euler : S::rkmk4;
}

reference::Vector6d six_of(const double* a) {
  reference::Vector6d v;
  for (int q = 0; q < 6; ++q) v[q] = a[q];
  return v;
}

}  // namespace

reference::Se3rodCase se3rod_reference_case(const se3rod::Params<double>& p, const double* pose, const double* twist,
                                            const double* rest, reference::Se3rodState& start) {
  reference::Se3rodCase c;
  c.n = p.n;
  c.h = p.h;
  c.density = p.density;
  c.youngs_modulus = p.youngs_modulus;
  c.shear_modulus = p.shear_modulus;
  c.shear_coefficient = p.shear_coefficient;
  c.radius = p.radius;
  c.gravity = Eigen::Vector3d(p.gravity[0], p.gravity[1], p.gravity[2]);
  c.damping_force = p.damping_force;
  c.damping_torque = p.damping_torque;
  c.end0 = end_of(p.end0);
  c.end1 = end_of(p.end1);
  c.load0 = six_of(p.load0);
  c.load1 = six_of(p.load1);
  c.distributed = six_of(p.distributed);
  c.scheme = scheme_of(p.scheme);
  c.plane_contact = p.contact == se3rod::Contact::plane;
  c.plane_normal = Eigen::Vector3d(p.plane_normal[0], p.plane_normal[1], p.plane_normal[2]);
  c.plane_offset = p.plane_offset;
  for (int s = 0; s + 1 < p.n; ++s) c.rest_strain.push_back(six_of(rest + 6 * s));
  start = {};
  for (int k = 0; k < p.n; ++k) {
    Eigen::Matrix4d g = Eigen::Matrix4d::Identity();
    for (int a = 0; a < 3; ++a) {
      for (int b = 0; b < 3; ++b) g(a, b) = pose[12 * k + 3 * a + b];
      g(a, 3) = pose[12 * k + 9 + a];
    }
    start.g.push_back(g);
    start.xi.push_back(six_of(twist + 6 * k));
  }
  return c;
}

void Se3rodFieldErrors::add_nodes(const reference::Se3rodState& s, const double* pos, const double* dir,
                                  const double* vel, const double* ang) {
  for (std::size_t k = 0; k < s.g.size(); ++k) {
    const auto& g = s.g[k];
    const Eigen::Matrix3d R = g.topLeftCorner<3, 3>();
    const Eigen::Vector3d w = R * s.xi[k].head<3>();
    const Eigen::Vector3d v = R * s.xi[k].tail<3>();
    for (int a = 0; a < 3; ++a) {
      positions.add(pos[3 * k + a], g(a, 3));
      velocities.add(vel[3 * k + a], v[a]);
      angular.add(ang[3 * k + a], w[a]);
      for (int b = 0; b < 3; ++b) directors.add(dir[9 * k + 3 * a + b], R(a, b));
    }
  }
}

void Se3rodFieldErrors::report(CompareReport& report, double tolerance) const {
  report.add("positions", positions, tolerance);
  report.add("directors", directors, tolerance);
  report.add("velocities", velocities, tolerance);
  report.add("angular_velocities", angular, tolerance);
  report.add("energy", energy, tolerance);
}

namespace {

/// Member i of the job as the reference states it, and its initial state.
reference::Se3rodCase case_of(const Se3rodJob& job, std::size_t i, reference::Se3rodState& start) {
  const auto member = static_cast<std::int64_t>(i);
  const auto& e = job.members;
  reference::Se3rodCase c =
      se3rod_reference_case(e.params[i], e.data(se3rod::Model::pose, member), e.data(se3rod::Model::twist, member),
                            e.data(se3rod::Model::rest, member), start);
  c.dt = e.dt[i];
  return c;
}

/// Adds the differences of the saved rows (positions, directors, lab velocities and angular velocities, total
/// energy) from the reference state.
void add_state(Se3rodFieldErrors& f, const reference::Se3rodCase& c, const double* pos, const double* dir,
               const double* vel, const double* ang, double total_energy, const reference::Se3rodState& s) {
  f.add_nodes(s, pos, dir, vel, ang);
  f.energy.add(total_energy, reference::se3rod_energy(c, s));
}

}  // namespace

/// The backend against the reference's same scheme (the same steps in other numerics): the default tolerance is
/// round-off amplified by the run, 1e-8 in float64 and 1e-3 in float32. Relative errors are taken against the
/// field's largest reference value, or against a scale of the member where the field is near zero: the rod's length
/// for positions, length / t_end for velocities, 1 / t_end for angular velocities, and for the total energy the
/// elastic energy of a strain of 1e-3 (E A L 1e-6 / 2).
CompareReport ModelHost<se3rod::Model>::compare(const Se3rodJob& full_job, const RunOptions& options,
                                                std::int64_t members) {
  Se3rodJob job = slice_of(full_job, 0, members);
  for (const char* field : {"positions", "directors", "velocities", "angular_velocities", "energy"})
    job.output.set(field, true);
  const RunReport run = rodswarm::run(job, options);
  const Results& r = run.results;

  CompareReport report;
  report.backend = r.backend + " " + r.precision;
  report.reference = "reference se3rod (Eigen matrix exp/log, float64), the same scheme";
  report.members = job.size();
  report.saves = static_cast<std::int64_t>(r.time.size());
  Se3rodFieldErrors f;
  const std::size_t S = r.time.size(), B = static_cast<std::size_t>(r.max_beads), E = r.energy_names().size();
  const std::size_t total_index = E - 1;  // "total" is the last component

  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
    reference::Se3rodState state;
    const auto c = case_of(job, i, state);
    // A member whose rolling contact parted stopped there (the reference has no unilateral contact and would go
    // on as if the plane pulled): both are compared up to that step.
    const bool separated = !r.separated.empty() && r.separated[i] != 0;
    const long steps = static_cast<long>(separated ? r.steps_taken[i] : job.steps[i]);
    walk_saves(
        steps, static_cast<long>(job.save_steps(i)), S, [&](long n) { state = reference::se3rod_advance(c, state, n); },
        [&](std::size_t k) {
          const std::size_t row = i * S + k;
          add_state(f, c, &r.series("positions")[row * B * 3], &r.series("directors")[row * B * 9],
                    &r.series("velocities")[row * B * 3], &r.series("angular_velocities")[row * B * 3],
                    r.series("energy")[row * E + total_index], state);
        });
    add_state(f, c, &r.final("positions")[i * B * 3], &r.final("directors")[i * B * 9],
              &r.final("velocities")[i * B * 3], &r.final("angular_velocities")[i * B * 3],
              r.final("energy")[i * E + total_index], state);
    const double length = c.h * (c.n - 1), t_end = std::max(job.t_end[i], c.dt);
    const double area = 3.14159265358979323846 * c.radius * c.radius;
    f.positions.floor(length);
    f.velocities.floor(length / t_end);
    f.angular.floor(1 / t_end);
    f.energy.floor(0.5 * c.youngs_modulus * area * length * 1e-6);
  }

  f.report(report, compare_tolerance(job, job.precision == Precision::float32 ? 1e-3 : 1e-8));
  return report;
}

}  // namespace rodswarm

RODSWARM_COMPARE(rodswarm::se3rod::Model)
