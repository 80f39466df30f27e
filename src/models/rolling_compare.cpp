/// @file rolling_compare.cpp
/// `rodswarm compare` for model rolling: the first K members on a backend (modes) and on the independent
/// reference (src/reference/rolling_*, finite differences in Eigen, double): a second discretisation of the same
/// continuum problem, so the tolerance is the reference's own discretisation error, estimated by running it again
/// on a grid twice as coarse (Richardson, order 2).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>
#include <tuple>

#include "driver/field_error.hpp"
#include "driver/compare_impl.hpp"
#include "models/rolling_reference_case.hpp"
#include "models/rolling_host.hpp"

namespace rodswarm {
namespace {

/// Grid intervals of the reference: compare.reference_points, else a multiple of P - 1 of at least
/// max(2048, 32 K); either way a multiple of 2 (P - 1), so the coarse grid also holds the output points.
int reference_grid(const RollingJob& job, int K) {
  const int P1 = std::max(1, job.points - 1);
  const int want = job.reference_points > 0 ? job.reference_points : std::max(2048, 32 * K);
  return 2 * P1 * std::max(1, (want + 2 * P1 - 1) / (2 * P1));
}

}  // namespace

reference::RollingCase rolling_reference_case(const RollingJob& job, std::size_t i, int N, long& substeps) {
  const auto& e = job.members;
  const auto& p = e.params[i];
  const int K = p.modes;
  const double* y = e.data(rolling::Model::state, static_cast<std::int64_t>(i));
  reference::RollingCase c;
  c.periodic = p.ends == rolling::Ends::periodic;
  c.frozen = p.frozen != 0;
  std::tie(c.L, c.c, c.F, c.G1, c.G2, c.sigma) = std::tie(p.L, p.c, p.F, p.G1, p.G2, p.sigma);
  c.a0.assign(y + rolling::a_at(K), y + rolling::a_at(K) + K);
  c.b0.assign(y + rolling::b_at(K), y + rolling::b_at(K) + K);
  c.ad0.assign(y + rolling::ad_at(K), y + rolling::ad_at(K) + K);
  c.bd0.assign(y + rolling::bd_at(K), y + rolling::bd_at(K) + K);
  c.s1 = y[rolling::s1_at(K)];
  c.s2 = y[rolling::s2_at(K)];
  c.points = N;
  c.output_points = job.points;
  c.harmonic = p.harmonic;
  const double omega = 2 * p.c * N / p.L;
  substeps = std::max(1L, static_cast<long>(std::ceil(e.dt[i] * omega / 2.0)));
  c.dt = e.dt[i] / double(substeps);
  return c;
}

namespace {

struct Fields {
  FieldError displacement, velocity, contact, multiplier, energy;
};

/// Adds member values (the backend's row or a second reference run) against a reference sample.
void add_sample(Fields& f, int P, const double* pos, const double* vel, const double* contact, double total_energy,
                const reference::RollingSample& ref, double L, bool periodic) {
  for (int string = 0; string < 2; ++string) {
    const auto& u = string == 0 ? ref.u : ref.v;
    const auto& ut = string == 0 ? ref.ut : ref.vt;
    for (int j = 0; j < P; ++j) {
      const auto b = static_cast<std::size_t>(string * P + j);
      f.displacement.add(pos[3 * b + 1], u[static_cast<std::size_t>(j)]);
      f.velocity.add(vel[3 * b + 1], ut[static_cast<std::size_t>(j)]);
    }
  }
  // On a periodic string both sides wrap s into [0, L): a point near 0 may read L - e on one side and +e on the
  // other, which is the same point.
  auto unwrapped = [&](double value, double reference) {
    return periodic ? value - L * std::round((value - reference) / L) : value;
  };
  f.contact.add(unwrapped(contact[0], ref.s1), ref.s1);
  f.contact.add(unwrapped(contact[1], ref.s2), ref.s2);
  f.contact.floor(L);
  f.multiplier.add(contact[2], ref.lambda);
  f.energy.add(total_energy, ref.kinetic + ref.potential);
}

/// A reference sample laid out as a backend row, to measure the reference against itself.
void add_reference_pair(Fields& f, int P, const reference::RollingSample& a, const reference::RollingSample& b,
                        double L, bool periodic) {
  std::vector<double> pos(static_cast<std::size_t>(6 * P)), vel(pos.size());
  for (int string = 0; string < 2; ++string) {
    for (int j = 0; j < P; ++j) {
      const auto b3 = static_cast<std::size_t>(3 * (string * P + j));
      pos[b3 + 1] = (string == 0 ? a.u : a.v)[static_cast<std::size_t>(j)];
      vel[b3 + 1] = (string == 0 ? a.ut : a.vt)[static_cast<std::size_t>(j)];
    }
  }
  const double contact[] = {a.s1, a.s2, a.lambda};
  add_sample(f, P, pos.data(), vel.data(), contact, a.kinetic + a.potential, b, L, periodic);
}

}  // namespace

/// The backend (modes) against the reference's finite differences (a second discretisation) on a grid of
/// compare.reference_points intervals (default max(2048, 32 K), rounded to the output points), over
/// compare.t_end (default one wave round trip 2L/c: chaos amplifies any difference), at every save: both
/// strings' displacement and velocity at the output points, the contact points, the multiplier and the total
/// energy. Default tolerance: four times the reference's own discretisation error (a second run on half the
/// grid, Richardson for order 2), at least 1e-9 (float32: 2e-4).
CompareReport ModelHost<rolling::Model>::compare(const RollingJob& full_job, const RunOptions& options,
                                                 std::int64_t members) {
  RollingJob job = slice_of(full_job, 0, members);
  for (const char* field : {"positions", "velocities", "energy", "contact"}) job.output.set(field, true);
  // Chaos amplifies any difference, round-off included: compare a window (compare.t_end, by default one wave
  // round trip 2L/c), not a whole chaotic run.
  for (std::size_t i = 0; i < job.t_end.size(); ++i) {
    const auto& p = job.members.params[i];
    const double window = job.compare_t_end > 0 ? job.compare_t_end : 2 * p.L / p.c;
    job.set_t_end(i, std::min(job.t_end[i], window));
  }
  RunOptions run_options = options;
  run_options.t_max = 0;
  const RunReport run = rodswarm::run(job, run_options);
  const Results& r = run.results;

  CompareReport report;
  report.backend = r.backend + " " + r.precision + ", modes";
  report.members = job.size();
  report.saves = static_cast<std::int64_t>(r.time.size());
  Fields err, own;
  const std::size_t S = r.time.size(), B = static_cast<std::size_t>(r.max_beads), E = r.energy_names().size();
  const auto &series_positions = r.series("positions"), &series_velocities = r.series("velocities"),
             &series_contact = r.series("contact"), &series_energy = r.series("energy");
  const auto &final_positions = r.final("positions"), &final_velocities = r.final("velocities"),
             &final_contact = r.final("contact"), &final_energy = r.final("energy");
  const int P = job.points;
  int grid = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(job.size()); ++i) {
    const auto& p = job.members.params[i];
    const bool periodic = p.ends == rolling::Ends::periodic;
    const int N = reference_grid(job, p.modes);
    grid = std::max(grid, N);
    long sub = 1, sub_coarse = 1;
    const auto fine_case = rolling_reference_case(job, i, N, sub);
    const auto coarse_case = rolling_reference_case(job, i, N / 2, sub_coarse);
    const long steps = static_cast<long>(job.steps[i]);
    const long every = static_cast<long>(job.save_steps(i));
    const auto fine = reference::rolling_run(fine_case, steps * sub, every * sub);
    const auto coarse = reference::rolling_run(coarse_case, steps * sub_coarse, every * sub_coarse);
    // Saved series: reference sample k is the state after k * every steps, the same as save k.
    for (std::size_t k = 0; k < S && every > 0 && k < fine.size(); ++k) {
      if (static_cast<long>(k) * every > steps) break;
      if (fine[k].stopped) break;
      const std::size_t row = i * S + k;
      add_sample(err, P, &series_positions[row * B * 3], &series_velocities[row * B * 3], &series_contact[row * 3],
                 series_energy[row * E + E - 1], fine[k], p.L, periodic);
      // A coarse run that stopped earlier has no sample at this time: it adds nothing to the error estimate.
      if (k < coarse.size() && !coarse[k].stopped) add_reference_pair(own, P, coarse[k], fine[k], p.L, periodic);
    }
    if (!fine.back().stopped) {
      add_sample(err, P, &final_positions[i * B * 3], &final_velocities[i * B * 3], &final_contact[i * 3],
                 final_energy[i * E + E - 1], fine.back(), p.L, periodic);
      if (!coarse.back().stopped) add_reference_pair(own, P, coarse.back(), fine.back(), p.L, periodic);
    }
    if (r.diverged[i] || r.singular[i] != (fine.back().stopped ? 1 : 0))
      err.energy.add(std::numeric_limits<double>::quiet_NaN(), 0.0);
  }
  report.reference = "reference finite differences (Eigen, float64), N = " + std::to_string(grid) +
                     " grid intervals, tolerance 4x its own error estimate";

  // Tolerance: four times the reference's own discretisation error (Richardson for order 2: (R(N/2) - R(N)) / 3),
  // never below round-off. The backend's own truncation and time errors must sit below that.
  const double round_off = job.precision == Precision::float32 ? 2e-4 : 1e-9;
  auto tolerance = [&](const FieldError& o) {
    return compare_tolerance(job, std::max(round_off, 4.0 / 3.0 * o.relative()));
  };
  const std::pair<const char*, const FieldError*> fields[] = {{"displacement", &err.displacement},
                                                              {"velocity", &err.velocity},
                                                              {"contact", &err.contact},
                                                              {"multiplier", &err.multiplier},
                                                              {"energy", &err.energy}};
  const FieldError* owns[] = {&own.displacement, &own.velocity, &own.contact, &own.multiplier, &own.energy};
  for (std::size_t f = 0; f < std::size(fields); ++f) {
    const FieldError& e = *fields[f].second;
    report.add(fields[f].first, e, tolerance(*owns[f]));
  }
  return report;
}

}  // namespace rodswarm

RODSWARM_COMPARE(rodswarm::rolling::Model)
