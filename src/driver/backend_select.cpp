#include "driver/backend_select.hpp"

#include <stdexcept>

namespace rodswarm {

BackendKind resolve_backend(const std::string& name, std::ostream& notice) {
  if (name == "cpu") return BackendKind::cpu;
  if (name == "cuda") {
    if (cuda_device_count() == 0) {
      // Build without CUDA or no device: let the factory say which.
      (void)make_cuda_greenspan_backend<double>({});
      throw std::runtime_error("no CUDA device is available");
    }
    return BackendKind::cuda;
  }
  if (name == "auto") {
    if (cuda_device_count() > 0) return BackendKind::cuda;
    notice << "rodswarm: no CUDA device found; using the CPU backend\n";
    return BackendKind::cpu;
  }
  throw std::invalid_argument("unknown backend '" + name + "' (expected auto, cpu or cuda)");
}

std::string backend_name(BackendKind kind) { return kind == BackendKind::cuda ? "cuda" : "cpu"; }

template <class Real>
std::unique_ptr<GreenspanBackend<Real>> make_greenspan_backend(BackendKind kind, const CudaOptions& cuda) {
  return kind == BackendKind::cuda ? make_cuda_greenspan_backend<Real>(cuda) : make_cpu_greenspan_backend<Real>();
}

template std::unique_ptr<GreenspanBackend<double>> make_greenspan_backend<double>(BackendKind, const CudaOptions&);
template std::unique_ptr<GreenspanBackend<float>> make_greenspan_backend<float>(BackendKind, const CudaOptions&);

template <class Real>
std::unique_ptr<NishinariBackend<Real>> make_nishinari_backend(BackendKind kind, const CudaOptions& cuda) {
  return kind == BackendKind::cuda ? make_cuda_nishinari_backend<Real>(cuda) : make_cpu_nishinari_backend<Real>();
}

template std::unique_ptr<NishinariBackend<double>> make_nishinari_backend<double>(BackendKind, const CudaOptions&);
template std::unique_ptr<NishinariBackend<float>> make_nishinari_backend<float>(BackendKind, const CudaOptions&);

template <class Real>
std::unique_ptr<CosseratBackend<Real>> make_cosserat_backend(BackendKind kind, const CudaOptions& cuda) {
  return kind == BackendKind::cuda ? make_cuda_cosserat_backend<Real>(cuda) : make_cpu_cosserat_backend<Real>();
}

template std::unique_ptr<CosseratBackend<double>> make_cosserat_backend<double>(BackendKind, const CudaOptions&);
template std::unique_ptr<CosseratBackend<float>> make_cosserat_backend<float>(BackendKind, const CudaOptions&);

template <class Real>
std::unique_ptr<RollingBackend<Real>> make_rolling_backend(BackendKind kind, const CudaOptions& cuda) {
  return kind == BackendKind::cuda ? make_cuda_rolling_backend<Real>(cuda) : make_cpu_rolling_backend<Real>();
}

template std::unique_ptr<RollingBackend<double>> make_rolling_backend<double>(BackendKind, const CudaOptions&);
template std::unique_ptr<RollingBackend<float>> make_rolling_backend<float>(BackendKind, const CudaOptions&);

}  // namespace rodswarm
