#include "driver/backend_select.hpp"

#include <stdexcept>

namespace rodswarm {

BackendKind resolve_backend(const std::string& name, std::ostream& notice) {
  if (name == "cpu") return BackendKind::cpu;
  if (name == "cuda") {
    if (!cuda_compiled()) throw std::runtime_error(cuda_not_compiled_message);
    if (cuda_device_count() == 0) throw std::runtime_error("no CUDA device is available");
    return BackendKind::cuda;
  }
  if (name == "emulated") return BackendKind::emulated;
  if (name == "auto") {
    if (cuda_device_count() > 0) return BackendKind::cuda;
    notice << "rodswarm: no CUDA device found; using the CPU backend\n";
    return BackendKind::cpu;
  }
  throw std::invalid_argument("unknown backend '" + name + "' (expected auto, cpu, cuda or emulated)");
}

std::string backend_name(BackendKind kind) {
  switch (kind) {
    case BackendKind::cuda:
      return "cuda";
    case BackendKind::emulated:
      return "emulated";
    default:
      return "cpu";
  }
}

}  // namespace rodswarm
