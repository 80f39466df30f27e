/// @file cuda_stub.cpp
/// Linked when rodswarm is built without CUDA: the factory says so instead of #ifdefs spread through the code.
#include <stdexcept>

#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/device_ceilings.hpp"
#include "rodswarm/cosserat_backend.hpp"
#include "rodswarm/nishinari_backend.hpp"
#include "rodswarm/rolling_backend.hpp"

namespace rodswarm {
namespace {

[[noreturn]] void throw_not_compiled() {
  throw std::runtime_error(
      "the CUDA backend is not compiled into this build of rodswarm (configure with nvcc "
      "available, or -DRODSWARM_ENABLE_CUDA=ON)");
}

}  // namespace

template <class Real>
std::unique_ptr<GreenspanBackend<Real>> make_cuda_greenspan_backend(const CudaOptions&) {
  throw_not_compiled();
}

template std::unique_ptr<GreenspanBackend<double>> make_cuda_greenspan_backend<double>(const CudaOptions&);
template std::unique_ptr<GreenspanBackend<float>> make_cuda_greenspan_backend<float>(const CudaOptions&);

template <class Real>
std::unique_ptr<NishinariBackend<Real>> make_cuda_nishinari_backend(const CudaOptions&) {
  throw_not_compiled();
}

template std::unique_ptr<NishinariBackend<double>> make_cuda_nishinari_backend<double>(const CudaOptions&);
template std::unique_ptr<NishinariBackend<float>> make_cuda_nishinari_backend<float>(const CudaOptions&);

template <class Real>
std::unique_ptr<CosseratBackend<Real>> make_cuda_cosserat_backend(const CudaOptions&) {
  throw_not_compiled();
}

template std::unique_ptr<CosseratBackend<double>> make_cuda_cosserat_backend<double>(const CudaOptions&);
template std::unique_ptr<CosseratBackend<float>> make_cuda_cosserat_backend<float>(const CudaOptions&);

template <class Real>
std::unique_ptr<RollingBackend<Real>> make_cuda_rolling_backend(const CudaOptions&) {
  throw_not_compiled();
}

template std::unique_ptr<RollingBackend<double>> make_cuda_rolling_backend<double>(const CudaOptions&);
template std::unique_ptr<RollingBackend<float>> make_cuda_rolling_backend<float>(const CudaOptions&);

int cuda_device_count() { return 0; }
std::string cuda_device_name() { return ""; }
DeviceMemory cuda_device_memory() { return {}; }
std::size_t cuda_shared_memory_per_block() { return 0; }

}  // namespace rodswarm

namespace rodswarm {
double cuda_nominal_peak_flops(bool) { return 0.0; }

DeviceCeilings measure_cuda_ceilings() {
  throw std::runtime_error("calibration: the CUDA backend is not compiled into this build of rodswarm");
}
}  // namespace rodswarm
