/// @file backend_select.hpp
/// --backend auto|cpu|cuda|emulated resolved once, with the one-line notice when auto falls back to the CPU.
#pragma once

#include <ostream>
#include <string>

#include "rodswarm/backend.hpp"

namespace rodswarm {

/// "auto" picks cuda when a device is present, else cpu and says so on `notice`. Throws std::invalid_argument
/// for an unknown name and std::runtime_error for "cuda" without a device or without CUDA support.
BackendKind resolve_backend(const std::string& name, std::ostream& notice);

std::string backend_name(BackendKind kind);

}  // namespace rodswarm
