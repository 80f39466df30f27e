/// @file cuda_stub.cpp
/// Linked when rodswarm is built without CUDA: the factory says so instead of #ifdefs spread through the code.
#include <stdexcept>

#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/device_ceilings.hpp"
#include "rodswarm/models/registry.hpp"

namespace rodswarm {

template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_cuda_backend(const CudaOptions&) {
  throw std::runtime_error(cuda_not_compiled_message);
}

#define RODSWARM_CUDA_STUB(model)                                                                                      \
  template std::unique_ptr<Backend<model::Model, double>> make_cuda_backend<model::Model, double>(const CudaOptions&); \
  template std::unique_ptr<Backend<model::Model, float>> make_cuda_backend<model::Model, float>(const CudaOptions&);
RODSWARM_FOR_EACH_MODEL(RODSWARM_CUDA_STUB)
#undef RODSWARM_CUDA_STUB

bool cuda_compiled() { return false; }
int cuda_device_count() { return 0; }
std::string cuda_device_name() { return ""; }
DeviceMemory cuda_device_memory() { return {}; }
std::size_t cuda_shared_memory_per_block() { return 0; }
double cuda_nominal_peak_flops(bool) { return 0.0; }

DeviceCeilings measure_cuda_ceilings() {
  throw std::runtime_error("calibration: the CUDA backend is not compiled into this build of rodswarm");
}

}  // namespace rodswarm
