/// @file common.hpp
/// Macros and small helpers shared by host and device code. Plain C++: no CUDA include is needed to use it.
#pragma once

#include <cmath>
#include <cstdint>

#if defined(__CUDACC__)
/// Marks a function callable from both host and device code; the physics of every model is written with it once.
#define RODSWARM_HD __host__ __device__
#else
#define RODSWARM_HD
#endif

/// Inlines a kernel body into its kernel (include/rodswarm/gpu/layout_bodies.hpp): the bodies are written once for
/// the device and the emulated device of the tests, and must cost the device nothing for it.
#if defined(__CUDACC__)
#define RODSWARM_HD_INLINE __host__ __device__ __forceinline__
#else
#define RODSWARM_HD_INLINE inline
#endif

/// Asks nvcc to unroll the next loop when compiling device code. The thread-per-member kernel needs its stage
/// and bead loops unrolled so that every array index is a constant and the state stays in registers; host
/// compilers ignore it (a plain #pragma unroll would be an unknown-pragma warning there).
#if defined(__CUDA_ARCH__)
#define RODSWARM_UNROLL _Pragma("unroll")
#else
#define RODSWARM_UNROLL
#endif

namespace rodswarm {

/// Precision of a run; float64 is the default and the one validated against the reference.
enum class Precision { float64, float32 };

/// Outcome of one member's integration, stored per member (uint8 in results files).
enum MemberStatus : std::uint8_t {
  status_ok = 0,
  status_diverged = 1,   ///< the state became non-finite or left the divergence bound; integration stopped there
  status_singular = 2,   ///< a model singularity was reached (Nishinari: cos(relative pitch) near 0); stopped there
  status_separated = 3,  ///< a rolling contact's normal reaction turned tensile (the bodies part); stopped there
};

/// What a model's stepper returns after advancing one member: the steps it took (the failing step counted) and
/// the member's status afterwards.
struct Outcome {
  std::int64_t steps = 0;
  std::uint8_t status = status_ok;
};

/// What a model's Newton solver for the static equilibrium returns for one member (models that have one).
struct NewtonOutcome {
  std::int32_t iterations = 0;
  double residual = 0;  ///< in the model's force units
  bool converged = false;
};

}  // namespace rodswarm
