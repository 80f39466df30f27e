/// @file rodpair_stepper.hpp
/// A rodpair member's steps: the pair stepper (rodpair_pair_stepper.hpp) on the member's arrays
/// (rodpair_rods.hpp), and its Lyapunov twin beside it (rodpair_lyapunov.hpp). After every step the member is checked:
/// a state not finite or beyond a rod's divergence bound is diverged, a contact point that reached a rod's end is
/// singular (the smeared contact is not defined past the last node), and a step that started with a tensile normal
/// reaction separates the rods.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "rodswarm/lanes.hpp"
#include "rodswarm/models/rodpair_params.hpp"
#include "rodswarm/models/rodpair_lyapunov.hpp"
#include "rodswarm/models/rodpair_rods.hpp"
#include "rodswarm/models/rodpair_spectrum.hpp"

namespace rodswarm::rodpair {

/// The twin of a member that computes its Lyapunov exponent (rodpair_lyapunov.hpp): its arrays (null without one)
/// and the member's float64 sums, the logs of the growth so far and the twin's distance after its last pull.
template <class Real>
struct TwinIO {
  Real* pose;
  Real* twist;
  Real* contact;
  double* lyapunov_log;
  double* lyapunov_gap;
};

/// The spectrum's signal (rodpair_spectrum.hpp): `samples` values, sample j taken after step j sample_steps.
template <class Real>
struct SignalIO {
  Real* values;
  std::int64_t samples;
};

/// Whether a pair's state failed: a value not finite, or a node beyond its rod's divergence bound.
template <class Real>
RODSWARM_HD inline bool pair_failed(const se3rod::PairRod<Real>& a, const se3rod::PairRod<Real>& b,
                                    const se3rod::PairContact<Real>& contact) {
  bool failed = !lane::isfinite(contact.s1 + contact.s2);
  for (const se3rod::PairRod<Real>* r : {&a, &b})
    for (int k = 0; k < r->p->n; ++k) failed = failed || se3rod::node_failed(*r->p, r->io, k);
  return failed;
}

/// `todo` steps of one member (one thread: a pair is stepped sequentially, the ensemble is the parallelism), `done`
/// steps taken before (the twin starts before step 0 and is pulled back on absolute step numbers). The twin steps
/// beside the member; a twin that fails (its state not finite, its contact off a rod) ends the exponent
/// (lyapunov_log NaN), not the member. The twin's own separation is not a verdict: it is stepped as a bilateral
/// contact, the member's flag is what counts.
template <class Real>
RODSWARM_HD inline Outcome advance_member(const MemberIO<Real>& io, const TwinIO<Real>& twin,
                                          const SignalIO<Real>& signal, const Params<Real>& p, Real dt,
                                          std::int64_t done, std::int64_t todo, Real* work) {
  const bool frozen = p.frozen != 0;
  const se3rod::PairRod<Real> a = rod1_of(io, p, work), b = rod2_of(io, p, work);
  se3rod::PairContact<Real> contact{io.contact[slot_s1], io.contact[slot_s2]};
  const bool has_twin = p.lyapunov != 0 && p.renorm_steps > 0 && twin.pose != nullptr;
  const double tau = double(dt) * double(p.renorm_steps);
  Real* twin_work = work + workspace_size(p.rod1.n, p.rod2.n);
  const MemberIO<Real> twin_io{twin.pose, twin.twist, io.rest, twin.contact};
  const PairState<Real> member{io.pose, io.twist, io.contact}, twin_state{twin.pose, twin.twist, twin.contact};
  if (has_twin && done == 0) *twin.lyapunov_gap = start_twin(p, member, twin_state, twin_io, tau, twin_work);
  const bool records = p.spectrum_rod != 0 && p.sample_steps > 0 && signal.values != nullptr;
  if (records && done == 0 && signal.samples > 0) signal.values[0] = member_signal(p, io.pose);
  Outcome out;
  for (std::int64_t step = 0; step < todo && out.status == status_ok; ++step) {
    se3rod::advance_rod_pair(a, b, contact, dt, 1, frozen);
    io.contact[slot_s1] = contact.s1;
    io.contact[slot_s2] = contact.s2;
    ++out.steps;
    const std::int64_t n = done + step + 1;
    if (records && n % p.sample_steps == 0 && n / p.sample_steps < signal.samples)
      signal.values[n / p.sample_steps] = member_signal(p, io.pose);
    if (pair_failed(a, b, contact)) {
      out.status = status_diverged;
    } else if (contact.separated && p.bilateral == 0) {
      out.status = status_separated;
    } else if (!on_rod(p.rod1, contact.s1) || !on_rod(p.rod2, contact.s2)) {
      out.status = status_singular;
    }
    if (!has_twin || out.status != status_ok || !(*twin.lyapunov_log == *twin.lyapunov_log)) continue;
    const se3rod::PairRod<Real> ta = rod1_of(twin_io, p, twin_work), tb = rod2_of(twin_io, p, twin_work);
    se3rod::PairContact<Real> twin_contact{twin.contact[slot_s1], twin.contact[slot_s2]};
    se3rod::advance_rod_pair(ta, tb, twin_contact, dt, 1, frozen);
    twin.contact[slot_s1] = twin_contact.s1;
    twin.contact[slot_s2] = twin_contact.s2;
    if (pair_failed(ta, tb, twin_contact) || !on_rod(p.rod1, twin_contact.s1) || !on_rod(p.rod2, twin_contact.s2)) {
      *twin.lyapunov_log = std::numeric_limits<double>::quiet_NaN();
      continue;
    }
    if ((done + step + 1) % p.renorm_steps != 0) continue;
    const double d = state_distance(p, member, twin_state, tau);
    if (!(d > 0)) continue;  // the twin met the member exactly: nothing to renormalise
    *twin.lyapunov_log += std::log(d / *twin.lyapunov_gap);
    *twin.lyapunov_gap = pull_twin(p, member, twin_state, twin_io, double(p.lyapunov_d0) / d, tau, twin_work);
  }
  for (int c = 0; c < 3; ++c) io.contact[slot_lambda + c] = contact.lambda[c];
  io.contact[slot_normal] = contact.normal;
  io.contact[slot_slip] = contact.slip_drift;
  io.contact[slot_gap] = contact.gap_drift;
  return out;
}

}  // namespace rodswarm::rodpair
