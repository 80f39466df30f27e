/// @file rolling_ensemble.hpp
/// Structure-of-arrays storage of a rolling-contact ensemble and the trivially copyable view backends and kernels
/// take by value.
///
/// Member i with K = params[i].modes owns
///   state  [state_offset[i], state_offset[i+1])    4K + 2: a, b, a', b', s1, s2 (rolling_params.hpp)
///   twin   the same range of `twin` when params[i].lyapunov (the vector is empty when no member has one)
///   signal [signal_offset[i], signal_offset[i+1])  the recorded harmonic, one value every sample_steps steps from
///                                                   step 0 (steps_done / sample_steps + 1 of them are filled)
/// and the per-member scalars lyapunov_log (sum of the logs of the twin's growth factors) and lyapunov_gap (the
/// twin's separation right after its last renormalisation; 0 before the twin starts).
#pragma once

#include <cstdint>
#include <vector>

#include "rodswarm/common.hpp"
#include "rodswarm/models/rolling_params.hpp"

namespace rodswarm::rolling {

template <class Real>
struct EnsembleView {
  std::int64_t members;
  const std::int64_t* state_offset;   ///< members + 1
  const std::int64_t* signal_offset;  ///< members + 1
  const Params<Real>* params;         ///< members
  const Real* dt;                     ///< members
  Real* state;                        ///< 4K + 2 per member
  Real* twin;                         ///< as state, or null when no member computes a Lyapunov exponent
  Real* signal;                       ///< signal_offset.back() values, or null
  double* lyapunov_log;               ///< members
  double* lyapunov_gap;               ///< members
  std::int64_t* steps_done;           ///< members
  std::uint8_t* status;               ///< members: MemberStatus
};

template <class Real>
struct Ensemble {
  std::vector<std::int64_t> state_offset{0}, signal_offset{0};
  std::vector<Params<Real>> params;
  std::vector<Real> dt;
  std::vector<Real> state, twin, signal;
  std::vector<double> lyapunov_log, lyapunov_gap;
  std::vector<std::int64_t> steps_done;
  std::vector<std::uint8_t> status;

  std::int64_t members() const { return static_cast<std::int64_t>(params.size()); }
  int max_modes() const {
    int m = 0;
    for (const auto& p : params) m = p.modes > m ? p.modes : m;
    return m;
  }
  bool any_lyapunov() const {
    for (const auto& p : params)
      if (p.lyapunov) return true;
    return false;
  }

  /// Appends one member with initial state y0 (4K + 2 values) and room for `samples` signal values. The twin is
  /// set up by the stepper on its first step (steps_done == 0); lyapunov_gap 0 marks it as not yet started.
  void add(const Params<Real>& p, Real member_dt, const Real* y0, std::int64_t samples) {
    const int n = state_size(p.modes);
    params.push_back(p);
    dt.push_back(member_dt);
    state.insert(state.end(), y0, y0 + n);
    state_offset.push_back(state_offset.back() + n);
    signal.insert(signal.end(), static_cast<std::size_t>(samples), Real(0));
    signal_offset.push_back(signal_offset.back() + samples);
    lyapunov_log.push_back(0.0);
    lyapunov_gap.push_back(0.0);
    steps_done.push_back(0);
    status.push_back(status_ok);
  }

  /// Sizes `twin` like `state` when some member computes a Lyapunov exponent (call after the last add).
  void finish() { twin.assign(any_lyapunov() ? state.size() : 0, Real(0)); }

  EnsembleView<Real> view() {
    return EnsembleView<Real>{members(),
                              state_offset.data(),
                              signal_offset.data(),
                              params.data(),
                              dt.data(),
                              state.data(),
                              twin.empty() ? nullptr : twin.data(),
                              signal.empty() ? nullptr : signal.data(),
                              lyapunov_log.data(),
                              lyapunov_gap.data(),
                              steps_done.data(),
                              status.data()};
  }
};

}  // namespace rodswarm::rolling
