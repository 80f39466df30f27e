#include "backends/lanes/lane_isa.hpp"

#include "rodswarm/lane_isas_built.hpp"
#include "rodswarm/linalg/vec3.hpp"

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace rodswarm {

// Small helpers that the baseline code always inlines but a wider unit may compile out of line: the linker keeps
// one copy of each, and without a baseline one it would keep that unit's, with AVX instructions
// (scripts/check-lane-isolation finds these). This unit is linked before the per-instruction-set ones, so the
// copies instantiated here are the ones kept.
template Vec3<double> transpose_times<double>(const Mat3<double>&, Vec3<double>);
template Vec3<float> transpose_times<float>(const Mat3<float>&, Vec3<float>);

const char* lane_isa_name(LaneIsa isa) {
  switch (isa) {
    case LaneIsa::sse2:
      return "sse2";
    case LaneIsa::avx2:
      return "avx2+fma";
    case LaneIsa::avx512:
      return "avx512";
    case LaneIsa::baseline:
      return "baseline";
    default:
      return "scalar";
  }
}

std::vector<LaneIsa> built_lane_isas() {
  std::vector<LaneIsa> built;
#if defined(RODSWARM_LANES_SSE2)
  built.push_back(LaneIsa::sse2);
#endif
#if defined(RODSWARM_LANES_AVX2)
  built.push_back(LaneIsa::avx2);
#endif
#if defined(RODSWARM_LANES_AVX512)
  built.push_back(LaneIsa::avx512);
#endif
#if defined(RODSWARM_LANES_BASELINE)
  built.push_back(LaneIsa::baseline);
#endif
  return built;
}

bool host_supports(LaneIsa isa) {
#if defined(__x86_64__)
  // libgcc's cpu model also checks that the OS saves the wider registers (XGETBV), not only CPUID.
  __builtin_cpu_init();
  switch (isa) {
    case LaneIsa::scalar:
    case LaneIsa::sse2:
      return true;
    case LaneIsa::avx2:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case LaneIsa::avx512:
      // The flags the avx512 build is compiled with (src/backends/lanes/CMakeLists.txt): Skylake-SP's set.
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
             __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw");
    default:
      return false;
  }
#else
  return isa == LaneIsa::scalar || isa == LaneIsa::baseline;
#endif
}

LaneIsa widest_host_lane_isa() {
  LaneIsa widest = LaneIsa::scalar;
  for (const LaneIsa isa : built_lane_isas())
    if (host_supports(isa)) widest = isa;
  return widest;
}

namespace {
/// The short name RODSWARM_SIMD and RODSWARM_LANE_ISAS use for a set ("avx2"; lane_isa_name says "avx2+fma").
std::string short_name(LaneIsa isa) { return isa == LaneIsa::avx2 ? "avx2" : lane_isa_name(isa); }

/// The built sets' short names joined by `separator`.
std::string built_names(const char* separator) {
  std::string names;
  for (const LaneIsa isa : built_lane_isas()) names += (names.empty() ? "" : separator) + short_name(isa);
  return names;
}
}  // namespace

LaneIsa parse_lane_isa(const std::string& value) {
  if (value.empty() || value == "auto") return widest_host_lane_isa();
  if (value == "scalar" || value == "off") return LaneIsa::scalar;
  for (const LaneIsa isa : built_lane_isas()) {
    const std::string name = lane_isa_name(isa);
    if (value == name || value == short_name(isa)) {
      if (!host_supports(isa))
        throw std::invalid_argument("RODSWARM_SIMD=" + value + ": this host's CPU has no " + name +
                                    " (widest: " + lane_isa_name(widest_host_lane_isa()) + ")");
      return isa;
    }
  }
  for (const char* known : {"sse2", "avx2", "avx2+fma", "avx512"})
    if (value == known)
      throw std::invalid_argument("RODSWARM_SIMD=" + value + ": this binary carries no " + value +
                                  " lanes (built with RODSWARM_LANE_ISAS=" + built_names(";") + ")");
  throw std::invalid_argument("RODSWARM_SIMD=" + value + ": unknown instruction set (expected auto, scalar, " +
                              built_names(", ") + ")");
}

LaneIsa chosen_lane_isa() {
  const char* env = std::getenv("RODSWARM_SIMD");
  return parse_lane_isa(env != nullptr ? std::string(env) : std::string());
}

}  // namespace rodswarm
