/// @file bead_loop.hpp
/// Loop policies: how a member's stepper iterates over its beads.
///
/// A member stepper (e.g. models/greenspan_stepper.hpp) is written once against this small interface:
///   for_each(n, f)   calls f(j) for every bead j in [0, n), in any order and possibly concurrently;
///   sync_or(flag)    a barrier between phases; returns whether `flag` was true for any participant.
/// The CPU backend uses SequentialLoop (one thread walks a member's beads); the GPU layouts use the policies of
/// rodswarm/gpu/group_loops.hpp, where the threads of a warp, a block or a grid share the beads and sync_or is
/// their barrier (__syncthreads_or on a device, a host barrier on the emulated one). Same physics and stage
/// algebra, several iteration schemes.
#pragma once

#include <type_traits>

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
  /// A flag, or a pack's mask of lane flags (lanes.hpp), passes through.
  template <class Flag>
  RODSWARM_HD Flag sync_or(Flag flag) const {
    return flag;
  }
};

/// The register layout's loop (kernels/unrolled_loop.cuh) carries a compile-time `tier`: the member size its
/// arrays are declared for, so that a stepper which lays its workspace out for the tier instead of the member's
/// own size gets constant offsets everywhere, and the arrays stay in registers. layout_capacity() is that size
/// for any loop: the tier where there is one, else n.
template <class Loop, class = void>
struct HasTier : std::false_type {};
template <class Loop>
struct HasTier<Loop, std::void_t<decltype(Loop::tier)>> : std::true_type {};

template <class Loop>
RODSWARM_HD constexpr int layout_capacity(const Loop&, int n) {
  if constexpr (HasTier<Loop>::value) {
    return Loop::tier;
  } else {
    return n;
  }
}

/// The register layout compiles one kernel per model `variant` (greenspan: per scheme, since a kernel's register
/// allocation is the largest over its paths); a stepper reads it with layout_variant(), -1 elsewhere.
template <class Loop, class = void>
struct HasVariant : std::false_type {};
template <class Loop>
struct HasVariant<Loop, std::void_t<decltype(Loop::variant)>> : std::true_type {};

template <class Loop>
RODSWARM_HD constexpr int layout_variant(const Loop&) {
  if constexpr (HasVariant<Loop>::value) {
    return Loop::variant;
  } else {
    return -1;
  }
}

}  // namespace rodswarm
