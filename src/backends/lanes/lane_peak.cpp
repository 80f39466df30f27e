#include "backends/lanes/lane_peak.hpp"

#include "rodswarm/lane_isas_built.hpp"

#include <stdexcept>
#include <string>

namespace rodswarm {

double measure_lane_peak_flops(LaneIsa isa, bool float32, long iterations, int repetitions) {
  if (!host_supports(isa)) throw std::logic_error(std::string("this host cannot run ") + lane_isa_name(isa));
  switch (isa) {
#if defined(RODSWARM_LANES_SSE2)
    case LaneIsa::sse2:
      return lane_peak_flops_sse2(float32, iterations, repetitions);
#endif
#if defined(RODSWARM_LANES_AVX2)
    case LaneIsa::avx2:
      return lane_peak_flops_avx2(float32, iterations, repetitions);
#endif
#if defined(RODSWARM_LANES_AVX512)
    case LaneIsa::avx512:
      return lane_peak_flops_avx512(float32, iterations, repetitions);
#endif
#if defined(RODSWARM_LANES_BASELINE)
    case LaneIsa::baseline:
      return lane_peak_flops_baseline(float32, iterations, repetitions);
#endif
    default:
      throw std::logic_error(std::string("no lane build for ") + lane_isa_name(isa));
  }
}

}  // namespace rodswarm
