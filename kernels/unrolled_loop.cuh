/// @file unrolled_loop.cuh
/// Loop policy of the register layout, one member per thread (see include/rodswarm/integrators/bead_loop.hpp):
/// the thread walks the items itself, like SequentialLoop, but the loop runs to the compile-time bound Count and
/// is fully unrolled, with j < n as a predicate. `tier` (the size the member's arrays are declared for) and
/// `variant` (the model's compile-time choice) are read by the model's stepper through layout_capacity() and
/// layout_variant(): with every array index a constant, the member's arrays live in registers, not local memory.
#pragma once

namespace rodswarm {

template <int Count, int Tier, int Variant>
struct UnrolledLoop {
  static constexpr int tier = Tier;
  static constexpr int variant = Variant;
  template <class F>
  __device__ void for_each(int n, F&& f) const {
#pragma unroll
    for (int j = 0; j < Count; ++j) {
      if (j < n) f(j);
    }
  }
  __device__ bool sync_or(bool flag) const { return flag; }
};

}  // namespace rodswarm
