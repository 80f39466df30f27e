/// @file nishinari_backend.hpp
/// The backend interface for Nishinari ensembles, declared once (Ginkgo's pattern, as backend.hpp for
/// Greenspan). A backend owns a copy of the ensemble, advances it by RK4 in each member's formulation, and hands
/// back the Cartesian exchange state (positions, velocities, normals, spins) at save points.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rodswarm/backend.hpp"
#include "rodswarm/ensemble/nishinari_ensemble.hpp"

namespace rodswarm {

template <class Real>
class NishinariBackend {
 public:
  virtual ~NishinariBackend() = default;
  virtual std::string description() const = 0;
  /// Takes a copy of the ensemble's parameters and state.
  virtual void load(const nishinari::Ensemble<Real>& ensemble) = 0;
  /// Advances every member still running (status ok) until steps_done[i] == target[i].
  virtual void advance(const std::vector<std::int64_t>& target) = 0;
  /// Copies state, steps and status back into `ensemble` (same shape as loaded).
  virtual void store(nishinari::Ensemble<Real>& ensemble) = 0;
};

template <class Real>
std::unique_ptr<NishinariBackend<Real>> make_cpu_nishinari_backend();
/// Throws std::runtime_error when rodswarm was built without CUDA or no device is present.
template <class Real>
std::unique_ptr<NishinariBackend<Real>> make_cuda_nishinari_backend(const CudaOptions& options = {});

}  // namespace rodswarm
