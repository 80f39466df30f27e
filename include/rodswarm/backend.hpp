/// @file backend.hpp
/// The interface every backend implements, declared once (Ginkgo's pattern). A backend owns a copy of an
/// ensemble's state (device memory for CUDA), advances it, and hands it back at save points.
/// Builds without CUDA link a stub whose factory throws "not compiled with CUDA" instead of #ifdefs elsewhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rodswarm/common.hpp"
#include "rodswarm/ensemble/greenspan_ensemble.hpp"
#include "rodswarm/gpu/kernel_layout.hpp"
#include "rodswarm/models/greenspan_steady.hpp"
#include "rodswarm/models/greenspan_stepper.hpp"

namespace rodswarm {

enum class BackendKind { cpu, cuda };

/// Per-member result of a steady-state solve.
struct SteadyResult {
  std::vector<std::int32_t> iterations;
  std::vector<double> residual;
  std::vector<std::uint8_t> converged;
};

/// Greenspan string ensembles.
template <class Real>
class GreenspanBackend {
 public:
  virtual ~GreenspanBackend() = default;
  /// "cpu (2 OpenMP threads)", "cuda (NVIDIA H100 ...)": printed in summaries and stored in results.
  virtual std::string description() const = 0;
  /// Takes a copy of the ensemble's parameters and state.
  virtual void load(const greenspan::Ensemble<Real>& ensemble) = 0;
  /// Advances every member that has not diverged until steps_done[i] == target[i] (members x 1 values).
  virtual void advance(greenspan::Scheme scheme, const std::vector<std::int64_t>& target) = 0;
  /// Copies state, steps and status back into `ensemble` (same shape as loaded).
  virtual void store(greenspan::Ensemble<Real>& ensemble) = 0;
  /// Newton steady state of every loaded member, starting from its current state; the solution replaces the
  /// state (velocities set to zero). tol is relative to T0 + m|g|.
  virtual SteadyResult solve_steady(Real tol, int max_iter) = 0;
};

/// Choices of the CUDA backend (`--layout`, `--device-memory`); the CPU backend ignores them.
struct CudaOptions {
  KernelLayout layout = KernelLayout::automatic;  ///< forced layout, or chosen per member by size
  std::size_t device_memory = 0;  ///< bytes the ensemble may use on the device; 0: 90% of the free memory
  int streams = 3;                ///< batch buffers in flight when the ensemble is streamed
};

template <class Real>
std::unique_ptr<GreenspanBackend<Real>> make_cpu_greenspan_backend();
/// Throws std::runtime_error when rodswarm was built without CUDA or no device is present.
template <class Real>
std::unique_ptr<GreenspanBackend<Real>> make_cuda_greenspan_backend(const CudaOptions& options = {});

/// Number of usable CUDA devices; 0 when built without CUDA or when the driver reports any error.
int cuda_device_count();
/// Name of device 0, or "" when there is none.
std::string cuda_device_name();
/// Free and total memory of device 0 in bytes; {0, 0} when there is none.
struct DeviceMemory {
  std::size_t free = 0, total = 0;
};
DeviceMemory cuda_device_memory();
/// Largest dynamic shared memory one block may opt in to on device 0; 0 when there is none.
std::size_t cuda_shared_memory_per_block();

}  // namespace rodswarm

namespace rodswarm {
/// Nominal peak FLOP/s of device 0 from its SM count, clock and per-architecture FMA rate (2 FLOPs per FMA);
/// 0 when there is no device. `rodswarm bench` divides by it for the roofline fraction.
double cuda_nominal_peak_flops(bool double_precision);
}  // namespace rodswarm
