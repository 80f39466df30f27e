/// @file bead_loop.hpp
/// Loop policies: how a member's stepper iterates over its beads.
///
/// A member stepper (e.g. models/greenspan_stepper.hpp) is written once against this small interface:
///   for_each(n, f)   calls f(j) for every bead j in [0, n), in any order and possibly concurrently;
///   sync_or(flag)    a barrier between phases; returns whether `flag` was true for any participant.
/// The CPU backend uses SequentialLoop (one thread walks a member's beads); the CUDA backend uses a block-wide
/// policy defined next to its kernels, where the threads of a block share the beads and sync_or is
/// __syncthreads_or. Same physics and stage algebra, two iteration schemes.
#pragma once

#include "rodswarm/common.hpp"

namespace rodswarm {

/// One thread walks all beads of a member in order.
struct SequentialLoop {
  /// Prefix products and sums may run as plain serial loops (one participant sees every element).
  static constexpr bool serial = true;
  template <class F>
  RODSWARM_HD void for_each(int n, F&& f) const {
    for (int j = 0; j < n; ++j) f(j);
  }
  RODSWARM_HD bool sync_or(bool flag) const { return flag; }
};

}  // namespace rodswarm
