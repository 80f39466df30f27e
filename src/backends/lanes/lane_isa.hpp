/// @file lane_isa.hpp
/// Which vector unit the CPU lane backend runs on: the widest this host has among the builds compiled into
/// rodswarm (x86-64: SSE2, AVX2 with FMA, AVX-512), chosen at run time, or the one RODSWARM_SIMD names:
///   RODSWARM_SIMD=auto (default) | scalar (the one-member-per-thread path, no lanes) | sse2 | avx2 | avx512
/// A build of the lane backend exists per instruction set (lane_backend_isa.cpp.in, compiled once per model and
/// instruction set with that set's flags); the dispatch here runs only on the baseline instruction set.
#pragma once

#include <string>
#include <vector>

namespace rodswarm {

enum class LaneIsa { scalar, sse2, avx2, avx512, baseline };

/// "scalar", "sse2", "avx2+fma", "avx512", "baseline" (a non-x86 build's one lane build, the compiler's defaults).
const char* lane_isa_name(LaneIsa isa);

/// The instruction sets this build has a lane backend for, narrowest first.
std::vector<LaneIsa> built_lane_isas();

/// Whether this host (CPU and operating system) can run code of `isa`.
bool host_supports(LaneIsa isa);

/// The widest built instruction set the host supports.
LaneIsa widest_host_lane_isa();

/// RODSWARM_SIMD's choice, or widest_host_lane_isa() when it is unset or "auto". Throws std::invalid_argument (bad
/// input: exit 2) naming RODSWARM_SIMD for an unknown value or an instruction set this host or build lacks.
LaneIsa chosen_lane_isa();

/// Parses a RODSWARM_SIMD value as chosen_lane_isa() does (tests).
LaneIsa parse_lane_isa(const std::string& value);

}  // namespace rodswarm
