/// @file running_members.hpp
/// The CPU backends' member loop, written once: OpenMP over the members that are still running and short of
/// their target, each thread with its own workspace, each member advanced by the model's stepper.
#pragma once

#include <cstdint>
#include <vector>

#if defined(__SSE__) || defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "rodswarm/common.hpp"

namespace rodswarm {

/// Flushes denormal floats to zero on this thread while it lives (x86 MXCSR FTZ and DAZ bits). A float32 run
/// otherwise meets denormals wherever a quantity that should be zero decays by products (|theta|^2 of a rotation
/// increment of 1e-20 rad is below 1e-38): each costs about a hundred cycles, and a float32 ensemble ran five
/// times slower than float64. Values below 1.2e-38 (float) or 2.2e-308 (double) become zero: nothing a rod can
/// measure. GPUs do the same for float32 with -ftz; elsewhere this is a no-op.
class FlushDenormals {
 public:
#if defined(__SSE__) || defined(__x86_64__)
  FlushDenormals() : saved_(_mm_getcsr()) { _mm_setcsr(saved_ | 0x8040u); }
  ~FlushDenormals() { _mm_setcsr(saved_); }

 private:
  unsigned saved_;
#else
  FlushDenormals() = default;
#endif
};

/// Advances every member i of `view` with status ok and steps_done[i] < target[i] by
/// advance(i, steps, workspace), which returns an outcome with `steps` taken and the new `status`. Each OpenMP
/// thread owns `workspace_size` reals, sized once for the largest member.
template <class Real, class View, class Advance>
void advance_running_members(View view, const std::vector<std::int64_t>& target, int workspace_size,
                             Advance&& advance) {
#pragma omp parallel
  {
    const FlushDenormals ftz;
    std::vector<Real> work(static_cast<std::size_t>(workspace_size));
#pragma omp for schedule(dynamic, 4)
    for (std::int64_t i = 0; i < view.members; ++i) {
      const std::int64_t todo = target[static_cast<std::size_t>(i)] - view.steps_done[i];
      if (view.status[i] != status_ok || todo <= 0) continue;
      const auto out = advance(i, todo, work.data());
      view.steps_done[i] += out.steps;
      view.status[i] = out.status;
    }
  }
}

}  // namespace rodswarm
