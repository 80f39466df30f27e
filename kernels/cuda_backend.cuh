/// @file cuda_backend.cuh
/// The CUDA backend: the generic GPU backend (include/rodswarm/gpu/device_backend.hpp) on the real device
/// (cuda_device.cuh). A model's kernels file (kernels/<model>_kernels.cu) instantiates it with
/// RODSWARM_CUDA_BACKEND.
#pragma once

#include <memory>

#include "cuda_device.cuh"
#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/device_backend.hpp"

namespace rodswarm {

template <class M, class Real>
using CudaBackend = DeviceBackend<M, Real, CudaDevice>;

template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_cuda_backend(const CudaOptions& options) {
  return std::make_unique<CudaBackend<M, Real>>(options, CudaDevice{});
}

}  // namespace rodswarm

/// Instantiates the CUDA backend of `Model` in both precisions (the one line of a model's kernels file).
#define RODSWARM_CUDA_BACKEND(Model)                                                                     \
  template std::unique_ptr<rodswarm::Backend<Model, double>> rodswarm::make_cuda_backend<Model, double>( \
      const rodswarm::CudaOptions&);                                                                     \
  template std::unique_ptr<rodswarm::Backend<Model, float>> rodswarm::make_cuda_backend<Model, float>(   \
      const rodswarm::CudaOptions&);
