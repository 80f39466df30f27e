/// @file backend_select.hpp
/// --backend auto|cpu|cuda resolved once, with the one-line notice when auto falls back to the CPU.
#pragma once

#include <memory>
#include <ostream>
#include <string>

#include "rodswarm/backend.hpp"
#include "rodswarm/cosserat_backend.hpp"
#include "rodswarm/nishinari_backend.hpp"
#include "rodswarm/rolling_backend.hpp"

namespace rodswarm {

/// "auto" picks cuda when a device is present, else cpu and says so on `notice`. Throws std::invalid_argument
/// for an unknown name and std::runtime_error for "cuda" without a device or without CUDA support.
BackendKind resolve_backend(const std::string& name, std::ostream& notice);

std::string backend_name(BackendKind kind);

template <class Real>
std::unique_ptr<GreenspanBackend<Real>> make_greenspan_backend(BackendKind kind, const CudaOptions& cuda = {});

template <class Real>
std::unique_ptr<NishinariBackend<Real>> make_nishinari_backend(BackendKind kind, const CudaOptions& cuda = {});

template <class Real>
std::unique_ptr<CosseratBackend<Real>> make_cosserat_backend(BackendKind kind, const CudaOptions& cuda = {});

template <class Real>
std::unique_ptr<RollingBackend<Real>> make_rolling_backend(BackendKind kind, const CudaOptions& cuda = {});

}  // namespace rodswarm
