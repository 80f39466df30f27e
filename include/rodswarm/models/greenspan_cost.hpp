/// @file greenspan_cost.hpp
/// What a Greenspan bead-step costs, for `rodswarm bench`'s roofline columns (its FLOPs are counted in
/// greenspan_stepper.hpp, flops_per_bead_step).
#pragma once

#include <cstddef>

#include "rodswarm/gpu/kernel_layout.hpp"
#include "rodswarm/models/greenspan.hpp"
#include "rodswarm/models/greenspan_stepper.hpp"

namespace rodswarm::greenspan {

/// Global-memory bytes per bead-step that the kernels must move, for the roofline's arithmetic intensity.
///  - thread, warp, block: the state is read and written once per launch (y and v: 4 values per bead), plus the
///    member's scalars (about 110 bytes: params, dt, counters) spread over its beads; a launch runs
///    `steps_per_launch` steps, so the traffic per bead-step falls as 1/steps_per_launch.
///  - grid: the state and workspace live in global memory; per step, counting each array touched once per phase
///    (neighbour reuse hits L1/L2): paper scheme 7 values (segment pass: read y, write seg; bead pass: read seg,
///    y, v, write y, v); RK4 46 values (4 stages; per stage: segment pass 2, bead pass reads seg, y, v, the
///    stage state and, after stage 0, the accumulators, then writes accumulators and the next stage state).
inline double global_bytes_per_bead_step(Scheme scheme, KernelLayout layout, std::size_t real_bytes, int n,
                                         double steps_per_launch) {
  const auto rb = static_cast<double>(real_bytes);
  if (layout == KernelLayout::grid) return (scheme == Scheme::rk4 ? 46.0 : 7.0) * rb;
  const double per_member = 2.0 * 8.0 + 10.0 * rb + rb;  // counters and offset, params, dt
  return (4.0 * rb + per_member / static_cast<double>(n > 0 ? n : 1)) / (steps_per_launch > 1 ? steps_per_launch : 1);
}

}  // namespace rodswarm::greenspan
