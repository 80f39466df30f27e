/// @file cosserat_backend.hpp
/// The backend interface for Cosserat ensembles, declared once (Ginkgo's pattern, as backend.hpp for
/// Greenspan). A backend owns a copy of the ensemble, advances it by each member's scheme (position Verlet or
/// RKMK4) and hands the state (nodes, frames, angular velocities, growth) back at save points.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rodswarm/backend.hpp"
#include "rodswarm/ensemble/cosserat_ensemble.hpp"
#include "rodswarm/models/cosserat_stepper.hpp"

namespace rodswarm {

template <class Real>
class CosseratBackend {
 public:
  virtual ~CosseratBackend() = default;
  virtual std::string description() const = 0;
  /// Takes a copy of the ensemble's parameters, rest data and state.
  virtual void load(const cosserat::Ensemble<Real>& ensemble) = 0;
  /// Advances every member still running (status ok) until steps_done[i] == target[i].
  virtual void advance(const std::vector<std::int64_t>& target) = 0;
  /// Copies state, steps and status back into `ensemble` (same shape as loaded).
  virtual void store(cosserat::Ensemble<Real>& ensemble) = 0;
};

template <class Real>
std::unique_ptr<CosseratBackend<Real>> make_cpu_cosserat_backend();
/// Throws std::runtime_error when rodswarm was built without CUDA or no device is present.
template <class Real>
std::unique_ptr<CosseratBackend<Real>> make_cuda_cosserat_backend(const CudaOptions& options = {});

namespace cosserat {

/// Member i's state and data as the stepper takes them.
template <class Real>
RODSWARM_HD inline MemberIO<Real> member_io(const EnsembleView<Real>& e, std::int64_t i) {
  const std::int64_t n = e.node_offset[i], el = e.element_offset[i], vo = e.voronoi_offset[i], r = e.rod_offset[i];
  return MemberIO<Real>{e.x + 3 * n,
                        e.v + 3 * n,
                        e.Q + 9 * el,
                        e.w + 3 * el,
                        e.growth + el,
                        MemberData<Real>{e.params + i, e.rest_length0 + el, e.radius + el, e.rest_sigma + 3 * el,
                                         e.rest_kappa + 3 * vo, e.clamp + clamp_size * r}};
}

}  // namespace cosserat
}  // namespace rodswarm
