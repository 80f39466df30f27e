/// @file emulated_backend.hpp
/// The emulated backend: the generic GPU backend (include/rodswarm/gpu/device_backend.hpp) on the emulated device
/// (emulated_device.hpp), imitating the card CudaOptions::card names. `--backend emulated` runs the CUDA
/// backend's batching and its kernels' bodies on the CPU: far slower than either real backend, it is there to
/// check the GPU code where no GPU runs (CI, the tests labelled emulated).
#pragma once

#include <memory>

#include "backends/emulated/emulated_device.hpp"
#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/card_properties.hpp"
#include "rodswarm/gpu/device_backend.hpp"

namespace rodswarm {

template <class M, class Real>
using EmulatedBackend = DeviceBackend<M, Real, EmulatedDevice>;

template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_emulated_backend(const CudaOptions& options) {
  return std::make_unique<EmulatedBackend<M, Real>>(options, EmulatedDevice(card_by_key(options.card)));
}

}  // namespace rodswarm
