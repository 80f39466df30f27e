/// @file rolling_backend.hpp
/// The backend interface for rolling-contact ensembles, declared once (Ginkgo's pattern, as backend.hpp for
/// Greenspan). A backend owns a copy of the ensemble, advances every member by RK4 with the constraint projection
/// (models/rolling_stepper.hpp), and hands back the modal state, the twin, the Lyapunov sums and the recorded
/// signal at save points.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rodswarm/backend.hpp"
#include "rodswarm/ensemble/rolling_ensemble.hpp"

namespace rodswarm {

template <class Real>
class RollingBackend {
 public:
  virtual ~RollingBackend() = default;
  virtual std::string description() const = 0;
  /// Takes a copy of the ensemble's parameters and state.
  virtual void load(const rolling::Ensemble<Real>& ensemble) = 0;
  /// Advances every member still running (status ok) until steps_done[i] == target[i].
  virtual void advance(const std::vector<std::int64_t>& target) = 0;
  /// Copies state, twin, signal, Lyapunov sums, steps and status back into `ensemble` (same shape as loaded).
  virtual void store(rolling::Ensemble<Real>& ensemble) = 0;
};

template <class Real>
std::unique_ptr<RollingBackend<Real>> make_cpu_rolling_backend();
/// Throws std::runtime_error when rodswarm was built without CUDA or no device is present.
template <class Real>
std::unique_ptr<RollingBackend<Real>> make_cuda_rolling_backend(const CudaOptions& options = {});

}  // namespace rodswarm
