/// @file lane_peak.hpp
/// The FMA peak of one instruction set's widest vector unit, measured: the roof the lane backend's bench rows are
/// placed under (driver/calibration.cpp). Each function is compiled with its set's flags (lane_peak_isa.cpp.in).
#pragma once

#include "backends/lanes/lane_isa.hpp"

namespace rodswarm {

/// Peak FLOP/s of the host's OpenMP threads running `chains` independent chains of fused multiply-adds on packs
/// of `isa`'s width (multiply, then add, where the set has no FMA: SSE2), 2 FLOPs per lane per FMA, best of
/// `repetitions`. Throws std::logic_error for an instruction set this build lacks or the host cannot run.
double measure_lane_peak_flops(LaneIsa isa, bool float32, long iterations, int repetitions);

/// Independent chains per thread: enough to cover the FMA latency (4 cycles) of two FMA ports twice over.
constexpr int lane_peak_chains = 16;

double lane_peak_flops_sse2(bool float32, long iterations, int repetitions);
double lane_peak_flops_avx2(bool float32, long iterations, int repetitions);
double lane_peak_flops_avx512(bool float32, long iterations, int repetitions);
double lane_peak_flops_baseline(bool float32, long iterations, int repetitions);

}  // namespace rodswarm
