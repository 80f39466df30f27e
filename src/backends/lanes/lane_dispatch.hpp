/// @file lane_dispatch.hpp
/// The lane backend of model M in precision Real for one instruction set: each is compiled in its own translation
/// unit with that set's flags (lane_backend_isa.cpp.in, generated per model and instruction set by
/// src/backends/lanes/CMakeLists.txt); this file, compiled for the baseline, only chooses among them.
#pragma once

#include <memory>
#include <type_traits>

#include "backends/lanes/lane_isa.hpp"
#include "rodswarm/lane_isas_built.hpp"
#include "rodswarm/backend.hpp"

namespace rodswarm {

/// Whether model M's physics is lane-generic (M::lanes: it may run with Real a SIMD pack).
template <class M, class = void>
struct HasLanes : std::false_type {};
template <class M>
struct HasLanes<M, std::void_t<decltype(M::lanes)>> : std::bool_constant<M::lanes> {};

template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_lane_backend_sse2();
template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_lane_backend_avx2();
template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_lane_backend_avx512();
template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_lane_backend_baseline();

/// The lane backend for `isa`, or null for LaneIsa::scalar (the caller then takes the scalar CpuBackend).
template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_lane_backend(LaneIsa isa) {
  switch (isa) {
#if defined(RODSWARM_LANES_SSE2)
    case LaneIsa::sse2:
      return make_lane_backend_sse2<M, Real>();
#endif
#if defined(RODSWARM_LANES_AVX2)
    case LaneIsa::avx2:
      return make_lane_backend_avx2<M, Real>();
#endif
#if defined(RODSWARM_LANES_AVX512)
    case LaneIsa::avx512:
      return make_lane_backend_avx512<M, Real>();
#endif
#if defined(RODSWARM_LANES_BASELINE)
    case LaneIsa::baseline:
      return make_lane_backend_baseline<M, Real>();
#endif
    default:
      return nullptr;
  }
}

}  // namespace rodswarm
