/// @file backend.hpp
/// The interface every backend implements, declared once for every model (Ginkgo's pattern): a backend owns a
/// copy of an ensemble's state (device memory for CUDA), advances it, and hands it back at save points. The CPU
/// backend (src/backends/cpu_backend.hpp) and the CUDA backend (kernels/cuda_backend.cuh) are each written once
/// for every model; a model is its declaration (include/rodswarm/models/<model>_model.hpp).
/// Builds without CUDA link a stub whose factory throws "not compiled with CUDA" instead of #ifdefs elsewhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rodswarm/common.hpp"
#include "rodswarm/engine/ensemble.hpp"
#include "rodswarm/gpu/kernel_layout.hpp"

namespace rodswarm {

/// cpu: OpenMP over members; cuda: the GPU; emulated: the CUDA backend with its kernels run on the CPU's threads
/// as a GPU would run them (src/backends/emulated/), to check GPU code where none runs.
enum class BackendKind { cpu, cuda, emulated };

/// Per-member result of a Newton steady-state solve.
struct SteadyResult {
  std::vector<std::int32_t> iterations;
  std::vector<double> residual;
  std::vector<std::uint8_t> converged;
};

/// Choices of the CUDA backend (`--layout`, `--device-memory`); the CPU backend ignores them.
struct CudaOptions {
  KernelLayout layout = KernelLayout::automatic;  ///< forced layout, or chosen per member by size
  std::size_t device_memory = 0;  ///< bytes the ensemble may use on the device; 0: 90% of the free memory
  int streams = 3;                ///< batch buffers in flight when the ensemble is streamed
  std::string card = "h100";      ///< the emulated backend's card (rodswarm/gpu/card_properties.hpp's keys)
};

template <class M, class Real>
class Backend {
 public:
  virtual ~Backend() = default;
  /// "cpu (2 OpenMP threads)", "cuda (NVIDIA H100 ..., layout block)": printed in summaries and stored in results.
  virtual std::string description() const = 0;
  /// Takes a copy of the ensemble's parameters, inputs and state.
  virtual void load(const Ensemble<M, Real>& ensemble) = 0;
  /// Advances every member still running (status ok) until steps_done[i] == target[i] (members values).
  virtual void advance(const std::vector<std::int64_t>& target) = 0;
  /// Copies the state fields, scalars, steps and status back into `ensemble` (same shape as loaded).
  virtual void store(Ensemble<M, Real>& ensemble) = 0;
  /// Models with a Newton solver (HasNewtonSteady<M>): the static equilibrium of every loaded member from its
  /// current state, which the solution replaces. Throws std::logic_error for other models.
  virtual SteadyResult solve_steady(Real tol, int max_iter) = 0;
};

template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_cpu_backend();
/// Throws std::runtime_error when rodswarm was built without CUDA or no device is present.
template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_cuda_backend(const CudaOptions& options = {});

/// Whether this build has the CUDA backend (configured with nvcc found, or -DRODSWARM_ENABLE_CUDA=ON).
bool cuda_compiled();
inline constexpr const char* cuda_not_compiled_message =
    "the CUDA backend is not compiled into this build of rodswarm (configure with nvcc available, or "
    "-DRODSWARM_ENABLE_CUDA=ON)";

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
/// Nominal peak FLOP/s of device 0 from its SM count, clock and per-architecture FMA rate (2 FLOPs per FMA);
/// 0 when there is no device. `rodswarm bench` divides by it for the roofline fraction.
double cuda_nominal_peak_flops(bool double_precision);

}  // namespace rodswarm
