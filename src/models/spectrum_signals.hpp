/// @file spectrum_signals.hpp
/// The time spectrum of models that record a signal on the device (model rolling's harmonic, rodpair's rod mode): the
/// members' signals gathered after a run, NaN after the samples a member reached, and their power spectra
/// (analysis/spectrum.hpp), into the results' /spectrum. A model that records one has a field `signal` of extent
/// `samples`, per-member params.sample_steps (0: none), and job settings sample_interval (0: no spectrum) and
/// harmonic.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "analysis/spectrum.hpp"
#include "io/results.hpp"
#include "rodswarm/engine/ensemble.hpp"

namespace rodswarm {

/// Samples a run of the job keeps per member (shared by every batch: from the longest t_end and `t_max`).
template <class Job>
std::int64_t signal_samples(const Job& job, double t_max) {
  if (job.sample_interval <= 0) return 0;
  for (double t : job.t_end) t_max = std::max(t_max, t);
  return static_cast<std::int64_t>(std::floor(t_max / job.sample_interval + 1e-9)) + 1;
}

/// Every member's signal (NaN after the samples it reached) and its power spectrum into r.spectrum; nothing when the
/// job records none.
template <class Model, class Real, class Job>
void record_spectra(const Job& job, const Ensemble<Model, Real>& e, Results& r, double t_max) {
  const std::int64_t Ns = signal_samples(job, t_max);
  if (Ns <= 0) return;
  const auto members = static_cast<std::size_t>(job.size());
  r.spectrum.harmonic = job.harmonic;
  r.spectrum.interval = job.sample_interval;
  r.spectrum.signal.assign(members * static_cast<std::size_t>(Ns), std::numeric_limits<double>::quiet_NaN());
  for (std::size_t i = 0; i < members; ++i) {
    const auto& p = job.members.params[i];
    if (p.sample_steps <= 0) continue;
    const auto member = static_cast<std::int64_t>(i);
    const std::int64_t filled =
        std::min<std::int64_t>({e.steps_done[i] / p.sample_steps + 1, e.count(Model::samples, member), Ns});
    const Real* signal = e.data(Model::signal, member);
    for (std::int64_t k = 0; k < filled; ++k)
      r.spectrum.signal[i * static_cast<std::size_t>(Ns) + static_cast<std::size_t>(k)] = double(signal[k]);
  }
  const PowerSpectra spectra =
      power_spectra(r.spectrum.signal, static_cast<std::int64_t>(members), Ns, job.sample_interval);
  r.spectrum.omega = spectra.omega;
  r.spectrum.power = spectra.power;
}

}  // namespace rodswarm
