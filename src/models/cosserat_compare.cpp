/// @file cosserat_compare.cpp
/// `rodswarm compare` for model cosserat: the first K members on a backend and on the independent reference
/// (src/reference/cosserat_*, Eigen, double), which integrates the same discrete system with the same scheme
/// (docs/cosserat_discretisation.md), so the gap is round-off: default tolerance 1e-8 in float64, 2e-3 in
/// float32. Fields: positions, velocities, directors, angular velocities and the total energy, at every save.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>

#include "driver/eigen_views.hpp"
#include "driver/field_error.hpp"
#include "driver/precision_built.hpp"
#include "driver/save_schedule.hpp"
#include "config/cosserat_job.hpp"
#include "driver/compare_impl.hpp"
#include "reference/cosserat_reference.hpp"
#include "rodswarm/models/cosserat_diagnostics.hpp"
#include "models/cosserat_host.hpp"

namespace rodswarm {
namespace {

constexpr double pi = 3.14159265358979323846;

using reference::CosseratCase;

reference::CosseratEnd end_of(cosserat::EndKind k) {
  using E = reference::CosseratEnd;
  return k == cosserat::EndKind::clamped      ? E::clamped
         : k == cosserat::EndKind::pinned     ? E::pinned
         : k == cosserat::EndKind::prescribed ? E::prescribed
         : k == cosserat::EndKind::sliding    ? E::sliding
                                              : E::free;
}

/// Member i of the job as the reference states it.
CosseratCase case_of(const CosseratJob& job, std::size_t i) {
  const auto& e = job.members;
  const auto& p = e.params[i];
  CosseratCase c;
  c.n = p.n;
  c.rods = p.rods;
  c.ring = p.ring;
  c.law = p.law == cosserat::Law::pyelastica ? reference::CosseratLaw::pyelastica : reference::CosseratLaw::variational;
  c.bending =
      p.bending == cosserat::Bending::exact ? reference::CosseratBending::exact : reference::CosseratBending::truncated;
  c.scheme = p.scheme == cosserat::Scheme::rk4 ? reference::CosseratScheme::rk4 : reference::CosseratScheme::verlet;
  c.end0 = end_of(p.end0);
  c.end1 = end_of(p.end1);
  c.constraints = p.constraints == cosserat::ConstraintMethod::gauss ? reference::CosseratConstraints::gauss
                                                                     : reference::CosseratConstraints::overwrite;
  std::tie(c.rho, c.E, c.G, c.shear_coeff, c.damping_force, c.damping_torque) =
      std::tie(p.rho, p.E, p.G, p.shear_coeff, p.damping_force, p.damping_torque);
  c.g = vector3_of(p.g);
  c.force0 = vector3_of(p.force0);
  c.force1 = vector3_of(p.force1);
  c.couple0 = vector3_of(p.couple0);
  c.couple1 = vector3_of(p.couple1);
  c.force_density = vector3_of(p.force_density);
  c.couple_density = vector3_of(p.couple_density);
  using cosserat::Model;
  const auto member = static_cast<std::int64_t>(i);
  const std::int64_t E = p.rods * p.n, Nd = p.rods * (p.n + 1), V = p.rods * (p.ring ? p.n : p.n - 1);
  const double* l0 = e.data(Model::rest_length0, member);
  const double* radius = e.data(Model::radius, member);
  c.rest_length.assign(l0, l0 + E);
  c.radius.assign(radius, radius + E);
  c.rest_sigma = rows3_of(e.data(Model::rest_sigma, member), E);
  c.rest_kappa = V > 0 ? rows3_of(e.data(Model::rest_kappa, member), V) : Eigen::MatrixX3d(0, 3);
  c.clamp_x0.resize(p.rods, 3);
  c.clamp_x1.resize(p.rods, 3);
  for (int r = 0; r < p.rods; ++r) {
    const double* cl = e.data(Model::clamp, member) + cosserat::clamp_size * r;
    c.clamp_x0.row(r) = vector3_of(cl).transpose();
    c.clamp_Q0.push_back(matrix3_of(cl + 3));
    c.clamp_x1.row(r) = vector3_of(cl + 12).transpose();
    c.clamp_Q1.push_back(matrix3_of(cl + 15));
  }
  c.end_velocity0 = vector3_of(p.end_velocity0);
  c.end_velocity1 = vector3_of(p.end_velocity1);
  c.end_amplitude0 = vector3_of(p.end_amplitude0);
  c.end_amplitude1 = vector3_of(p.end_amplitude1);
  std::tie(c.end_frequency0, c.end_frequency1, c.end_twist_rate0, c.end_twist_rate1, c.baumgarte) =
      std::tie(p.end_frequency0, p.end_frequency1, p.end_twist_rate0, p.end_twist_rate1, p.baumgarte);
  const auto slide_of = [](cosserat::Slide k) {
    return k == cosserat::Slide::plane ? reference::CosseratSlide::plane : reference::CosseratSlide::line;
  };
  c.slide0 = slide_of(p.slide0);
  c.slide1 = slide_of(p.slide1);
  c.slide_direction0 = vector3_of(p.slide_direction0);
  c.slide_direction1 = vector3_of(p.slide_direction1);
  for (int l = 0; l < p.loads; ++l) {
    reference::CosseratLoad load;
    switch (p.load_law[l]) {
      case cosserat::LoadLaw::force_wave:
        load.law = reference::CosseratLoadLaw::force_wave;
        break;
      case cosserat::LoadLaw::couple_wave:
        load.law = reference::CosseratLoadLaw::couple_wave;
        break;
      case cosserat::LoadLaw::body_couple_wave:
        load.law = reference::CosseratLoadLaw::body_couple_wave;
        break;
      case cosserat::LoadLaw::drag:
        load.law = reference::CosseratLoadLaw::drag;
        break;
      default:
        throw std::logic_error("cosserat compare: load law " + std::to_string(static_cast<int>(p.load_law[l])) +
                               " has no reference counterpart");
    }
    load.vector = vector3_of(p.load_vector + 3 * l);
    load.flow = vector3_of(p.load_flow + 3 * l);
    std::tie(load.wavenumber, load.frequency, load.phase) =
        std::tie(p.load_wavenumber[l], p.load_frequency[l], p.load_phase[l]);
    c.loads.push_back(load);
  }
  const reference::CosseratFoundation foundations[] = {
      reference::CosseratFoundation::none, reference::CosseratFoundation::plane, reference::CosseratFoundation::line};
  c.foundation = foundations[static_cast<int>(p.foundation)];
  std::tie(c.foundation_stiffness, c.foundation_damping) = std::tie(p.foundation_stiffness, p.foundation_damping);
  c.foundation_point = vector3_of(p.foundation_point);
  c.foundation_direction = vector3_of(p.foundation_direction);
  const reference::CosseratGrowth laws[] = {reference::CosseratGrowth::none, reference::CosseratGrowth::exponential,
                                            reference::CosseratGrowth::table, reference::CosseratGrowth::lockhart};
  c.growth = laws[static_cast<int>(p.growth)];
  c.mass_rule = p.mass_rule == cosserat::MassRule::conserved ? reference::CosseratMassRule::conserved
                                                             : reference::CosseratMassRule::density;
  c.growth_rate = p.growth_rate;
  c.growth_zone = p.growth_zone;
  c.growth_time.assign(p.growth_time, p.growth_time + p.growth_points);
  c.growth_value.assign(p.growth_value, p.growth_value + p.growth_points);
  c.lockhart_phi = p.lockhart_phi;
  c.lockhart_yield = p.lockhart_yield;
  c.curvature_rate = vector3_of(p.curvature_rate);
  std::tie(c.contact_stiffness, c.contact_damping, c.contact_exponent, c.plane) =
      std::tie(p.contact_stiffness, p.contact_damping, p.contact_exponent, p.plane);
  c.plane_point = vector3_of(p.plane_point);
  c.plane_normal = vector3_of(p.plane_normal);
  c.mu_static = vector3_of(p.mu_static);
  c.mu_kinetic = vector3_of(p.mu_kinetic);
  c.slip_velocity = p.slip_velocity;
  const reference::CosseratObstacle obstacles[] = {
      reference::CosseratObstacle::none, reference::CosseratObstacle::sphere, reference::CosseratObstacle::cylinder};
  c.obstacle = obstacles[static_cast<int>(p.obstacle)];
  c.obstacle_center = vector3_of(p.obstacle_center);
  c.obstacle_axis = vector3_of(p.obstacle_axis);
  c.obstacle_radius = p.obstacle_radius;
  c.self_contact = p.self_contact;
  const reference::CosseratSurface surfaces[] = {reference::CosseratSurface::none, reference::CosseratSurface::plane,
                                                 reference::CosseratSurface::sphere,
                                                 reference::CosseratSurface::cylinder};
  c.surface = surfaces[static_cast<int>(p.surface)];
  c.surface_point = vector3_of(p.surface_point);
  c.surface_normal = vector3_of(p.surface_normal);
  c.surface_radius = p.surface_radius;
  c.x0 = rows3_of(e.data(Model::x, member), Nd);
  c.v0 = rows3_of(e.data(Model::v, member), Nd);
  for (std::int64_t q = 0; q < E; ++q) c.Q0.push_back(matrix3_of(e.data(Model::Q, member) + 9 * q));
  c.w0 = rows3_of(e.data(Model::w, member), E);
  c.dt = e.dt[i];
  return c;
}

struct Fields {
  FieldError pos, vel, dir, ang, energy;
};

/// Adds the differences of member i's backend state from the reference state `s`.
template <class Real>
void add_state(Fields& f, const CosseratCase& c, Ensemble<cosserat::Model, Real>& e, std::size_t i,
               const reference::CosseratState& s) {
  const cosserat::MemberIO<Real> io = cosserat::Model::io(e.member(static_cast<std::int64_t>(i)));
  for (Eigen::Index q = 0; q < s.x.rows(); ++q) {
    for (int a = 0; a < 3; ++a) {
      f.pos.add(double(io.x[3 * q + a]), s.x(q, a));
      f.vel.add(double(io.v[3 * q + a]), s.v(q, a));
    }
  }
  for (std::size_t q = 0; q < s.Q.size(); ++q) {
    for (int a = 0; a < 9; ++a) f.dir.add(double(io.Q[9 * q + a]), s.Q[q](a / 3, a % 3));
    for (int a = 0; a < 3; ++a) f.ang.add(double(io.w[3 * q + a]), s.w(static_cast<Eigen::Index>(q), a));
  }
  cosserat::Diagnostics<Real> diagnostics;
  const double total = diagnostics.energy(io, Real(double(e.steps_done[i]) * double(e.dt[i]))).total();
  const reference::CosseratEnergy ref = reference::cosserat_energy(c, s);
  f.energy.add(total, ref.total);
  // A total energy may cancel: measure it against the sum of the components' magnitudes.
  f.energy.floor(ref.translational + ref.rotational + ref.stretch_shear + ref.bend_twist + std::fabs(ref.gravity) +
                 std::fabs(ref.loads) + ref.contact + ref.foundation);
}

template <class Real>
CompareReport compare_typed(const CosseratJob& job, const RunOptions& options) {
  auto backend = make_backend<cosserat::Model, Real>(options.backend, options.cuda);
  auto ensemble = to_precision<Real>(job.members);
  const auto M = static_cast<std::size_t>(job.size());
  std::vector<CosseratCase> cases;
  std::vector<reference::CosseratTrajectory> refs;
  std::vector<long> every(M), steps(M);
  for (std::size_t i = 0; i < M; ++i) {
    cases.push_back(case_of(job, i));
    steps[i] = static_cast<long>(job.steps[i]);
    every[i] = static_cast<long>(job.save_steps(i));
    refs.push_back(reference::cosserat_run(cases[i], steps[i], every[i]));
  }
  Fields f;
  const SaveSchedule plan = plan_saves(job, 0.0);
  timed_save_loop(
      plan, false, "compare", [](std::size_t) { return 1; }, [&] { backend->load(ensemble); },
      [&](const std::vector<std::int64_t>& target) { backend->advance(target); }, [&] { backend->store(ensemble); },
      [&](std::size_t k, const std::vector<std::int64_t>& target) {
        for (std::size_t i = 0; i < M; ++i) {
          if (!plan.saved_at(i, k, ensemble.steps_done[i], target) || every[i] <= 0) continue;
          if (static_cast<long>(k) * every[i] > steps[i] || k >= refs[i].states.size()) continue;
          add_state(f, cases[i], ensemble, i, refs[i].states[k]);
        }
      });
  for (std::size_t i = 0; i < M; ++i) {
    add_state(f, cases[i], ensemble, i, refs[i].states.back());
    // Velocities near zero (a relaxed rod) are measured against the member's length per unit time. The energy is
    // measured against at least the energy that one unit of round-off in the strains carries, E A L ε: a relaxed
    // stiff rod's elastic energy is a sum of squared strains, each a difference of nearly equal lengths, that
    // float32 resolves only that far (timoshenko.json in float32: 8.6e-3 of its 1.7e-2 J on the CPU and on an
    // H100, 2026-11-27; the floor is 0.07 J there, and 1e-10 J in float64).
    double L = 0, stiffness_length = 0;
    for (int q = 0; q < cases[i].n; ++q) L += cases[i].rest_length[static_cast<std::size_t>(q)];
    for (std::size_t q = 0; q < cases[i].rest_length.size(); ++q)
      stiffness_length += cases[i].E * pi * cases[i].radius[q] * cases[i].radius[q] * cases[i].rest_length[q];
    f.vel.floor(L / std::max(job.t_end[i], cases[i].dt));
    f.ang.floor(1.0 / std::max(job.t_end[i], cases[i].dt));
    f.energy.floor(stiffness_length * std::numeric_limits<Real>::epsilon());
  }

  CompareReport report;
  report.backend = backend->description() + (job.precision == Precision::float32 ? " float32, " : " float64, ") +
                   (job.scheme == cosserat::Scheme::rk4 ? "rk4" : "verlet");
  report.reference =
      std::string("reference ") + (job.scheme == cosserat::Scheme::rk4 ? "rk4" : "verlet") + " (Eigen, float64)";
  report.members = job.size();
  report.saves = static_cast<std::int64_t>(plan.time.size());
  const double tol = compare_tolerance(job, job.precision == Precision::float32 ? 2e-3 : 1e-8);
  report.add("positions", f.pos, tol);
  report.add("velocities", f.vel, tol);
  report.add("directors", f.dir, tol);
  report.add("angular_velocity", f.ang, tol);
  report.add("energy", f.energy, tol);
  return report;
}

}  // namespace

/// The backend against the reference integrating the same discrete system with the same scheme
/// (docs/cosserat_discretisation.md), at every save: positions, velocities, directors, angular velocities and
/// the total energy. Default tolerance round-off: float64 1e-8, float32 2e-3.
CompareReport ModelHost<cosserat::Model>::compare(const CosseratJob& full_job, const RunOptions& options,
                                                  std::int64_t members) {
  const CosseratJob job = slice_of(full_job, 0, members);
  if (job.precision == Precision::float32) {
    // The preprocessor, not if constexpr: outside a template a discarded branch would still instantiate it.
#if RODSWARM_WITH_FLOAT32
    return compare_typed<float>(job, options);
#else
    refuse_float32_not_built(job.source);
#endif
  }
  return compare_typed<double>(job, options);
}

}  // namespace rodswarm

RODSWARM_COMPARE(rodswarm::cosserat::Model)
