/// @file running_members.hpp
/// The CPU backends' member loop, written once: OpenMP over the members that are still running and short of
/// their target, each thread with its own workspace, each member advanced by the model's stepper.
#pragma once

#include <cstdint>
#include <vector>

#include "rodswarm/common.hpp"

namespace rodswarm {

/// Advances every member i of `view` with status ok and steps_done[i] < target[i] by
/// advance(i, steps, workspace), which returns an outcome with `steps` taken and the new `status`. Each OpenMP
/// thread owns `workspace_size` reals, sized once for the largest member.
template <class Real, class View, class Advance>
void advance_running_members(View view, const std::vector<std::int64_t>& target, int workspace_size,
                             Advance&& advance) {
#pragma omp parallel
  {
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
