/// @file cuda_check.hpp
/// Turns CUDA errors into exceptions carrying file and line; library code never calls exit().
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace rodswarm {

inline void cuda_check(cudaError_t status, const char* expr, const char* file, int line) {
  if (status != cudaSuccess) {
    throw std::runtime_error(std::string("CUDA error at ") + file + ":" + std::to_string(line) + ": " + expr + ": " +
                             cudaGetErrorString(status));
  }
}

}  // namespace rodswarm

#define RODSWARM_CUDA_CHECK(expr) ::rodswarm::cuda_check((expr), #expr, __FILE__, __LINE__)
/// After a kernel launch: launch-configuration errors surface here, execution errors at the next sync.
#define RODSWARM_CUDA_CHECK_LAUNCH() RODSWARM_CUDA_CHECK(cudaGetLastError())
