/// @file greenspan_footprint.hpp
/// Device memory and global-memory traffic of the Greenspan kernels (kernels/greenspan_kernels.cu), in plain
/// C++ for the batch planner, `rodswarm validate` and the roofline of `rodswarm bench`.
#pragma once

#include <cstddef>
#include <cstdint>

#include "rodswarm/gpu/batch_plan.hpp"
#include "rodswarm/gpu/kernel_layout.hpp"
#include "rodswarm/models/greenspan.hpp"
#include "rodswarm/models/greenspan_stepper.hpp"

namespace rodswarm::greenspan {

/// Device bytes per member outside the bead arrays: offset, params, dt, steps done, target, status, and its
/// entry in the layout buckets' member list.
template <class Real>
constexpr std::size_t device_bytes_per_member() {
  return sizeof(std::int64_t) + sizeof(Params<Real>) + sizeof(Real) + 3 * sizeof(std::int64_t) + 1;
}

/// Device footprint of an ensemble; `grid_max_n` is the largest member run in the grid layout (0: none), whose
/// workspace lives in global memory.
template <class Real>
DeviceFootprint device_footprint(int grid_max_n) {
  DeviceFootprint fp;
  fp.per_bead = 2 * sizeof(Real);  // y, v
  fp.per_member = device_bytes_per_member<Real>();
  fp.fixed = grid_max_n > 0 ? static_cast<std::size_t>(workspace_size(grid_max_n)) * sizeof(Real) + 64 : 0;
  return fp;
}

/// Shared memory one member takes in the warp and block layouts: its state and its stepper workspace.
constexpr std::size_t shared_bytes_per_member(int n, std::size_t real_bytes) {
  return static_cast<std::size_t>(2 * n + workspace_size(n)) * real_bytes;
}
template <class Real>
constexpr std::size_t shared_bytes_per_member(int n) {
  return shared_bytes_per_member(n, sizeof(Real));
}

/// Largest member that runs in the grid layout (0 if none): its workspace is the ensemble's fixed device cost.
template <class ParamsT>
int grid_layout_max_n(const ParamsT* params, std::int64_t members, std::size_t real_bytes, std::size_t shared_limit,
                      KernelLayout forced) {
  int n_max = 0;
  for (std::int64_t i = 0; i < members; ++i) {
    const int n = params[i].n;
    if (choose_layout(n, shared_bytes_per_member(n, real_bytes), shared_limit, forced) == KernelLayout::grid)
      n_max = n > n_max ? n : n_max;
  }
  return n_max;
}

/// The batch plan of an ensemble run in precision Real (`offset`: members + 1 bead offsets; `params` may be of
/// another precision, e.g. the job's float64 parameters for a float32 run): what the CUDA backend does and
/// `rodswarm validate` prints.
template <class Real, class ParamsT>
BatchPlan plan_greenspan_batches(const std::int64_t* offset, const ParamsT* params, std::int64_t members,
                                 std::size_t budget, int slots, std::size_t shared_limit, KernelLayout forced) {
  const int grid_n = grid_layout_max_n(params, members, sizeof(Real), shared_limit, forced);
  return plan_batches(offset, members, device_footprint<Real>(grid_n), budget, slots);
}

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
