/// @file layout_bodies.hpp
/// The bodies of the layouts' kernels (include/rodswarm/gpu/kernel_layout.hpp), written once for every model and
/// compiled by nvcc inside the kernels (kernels/layout_kernels.cuh) and by the host compiler inside the emulated
/// device of the tests (tests/emulated/). A body is what runs around a model's stepper: pick this thread's
/// members from a bucket's list, put the member where the layout keeps it (registers, shared memory, or in place
/// in global memory with a workspace from a pool), call M::advance with the layout's loop policy, put the state
/// back, record the steps and the status. Every launch runs all the steps up to each member's target.
///
/// A body learns where its thread is from a ThreadIndex and synchronises only through the loop it is given
/// (group_loops.hpp); it uses no intrinsic itself.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "rodswarm/common.hpp"
#include "rodswarm/engine/ensemble.hpp"
#include "rodswarm/gpu/group_loops.hpp"
#include "rodswarm/integrators/bead_loop.hpp"

namespace rodswarm {

/// threadIdx.x, blockIdx.x, blockDim.x, gridDim.x (every layout is one-dimensional).
struct ThreadIndex {
  unsigned thread, block, block_dim, grid_dim;
  RODSWARM_HD std::int64_t global() const { return static_cast<std::int64_t>(block) * block_dim + thread; }
  RODSWARM_HD std::int64_t threads() const { return static_cast<std::int64_t>(grid_dim) * block_dim; }
};

namespace layout_bodies {

template <class M, class Real>
RODSWARM_HD_INLINE void record(const EnsembleView<M, Real>& e, std::int64_t i, const Outcome& out) {
  e.steps_done[i] += out.steps;
  e.status[i] = out.status;
}

// ---- thread layout, registers ------------------------------------------------------------------------------
/// Reals a register-layout member of `tier` holds in its state fields, and where field f starts among them.
template <class M>
constexpr int register_offset(int field, int tier) {
  int at = 0;
  for (int g = 0; g < field; ++g) {
    const FieldSpec& s = M::fields[static_cast<std::size_t>(g)];
    if (s.role == FieldRole::state) at += s.components * M::register_extent(s.extent, tier);
  }
  return at;
}
template <class M>
constexpr int register_state_reals(int tier) {
  return register_offset<M>(field_count<M>, tier);
}

/// One thread per member, the member's state fields and workspace in arrays of the tier's compile-time size.
template <class M, class Real, int Tier, int Variant>
RODSWARM_HD_INLINE void advance_in_registers(const ThreadIndex& t, const EnsembleView<M, Real>& e,
                                             const std::int64_t* target, const std::int64_t* order,
                                             std::int64_t count) {
  constexpr int state_reals = register_state_reals<M>(Tier);
  constexpr int work_reals = M::register_workspace(Tier);
  for (std::int64_t k = t.global(); k < count; k += t.threads()) {
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);
    if (todo == 0) continue;
    const ParamsOf<M, Real> p = e.params[i];
    const Member<M, Real> global = e.member(i);
    Member<M, Real> m = global;
    m.params = &p;
    Real regs[state_reals + work_reals];
#if !defined(__CUDA_ARCH__)
    // On the emulated device the registers start as NaN, so that a stepper reading one before writing it shows.
    for (int j = 0; j < state_reals + work_reals; ++j) regs[j] = std::numeric_limits<Real>::quiet_NaN();
#endif
    static_for<field_count<M>>([&](auto fc) {
      constexpr int f = decltype(fc)::value;
      constexpr FieldSpec s = M::fields[f];
      if constexpr (s.role == FieldRole::state) {
        constexpr int at = register_offset<M>(f, Tier);
        constexpr int capacity = s.components * M::register_extent(s.extent, Tier);
        const std::int64_t n = global.field[f] != nullptr ? global.count[s.extent] * s.components : 0;
        RODSWARM_UNROLL
        for (int j = 0; j < capacity; ++j) regs[at + j] = j < n ? global.field[f][j] : Real(0);
        m.field[f] = regs + at;
      }
    });
    const Outcome out = M::advance(m, e.dt[i], e.steps_done[i], todo, regs + state_reals,
                                   UnrolledLoop<M::register_loop_count(Tier), Tier, Variant>{});
    static_for<field_count<M>>([&](auto fc) {
      constexpr int f = decltype(fc)::value;
      constexpr FieldSpec s = M::fields[f];
      if constexpr (s.role == FieldRole::state) {
        constexpr int at = register_offset<M>(f, Tier);
        constexpr int capacity = s.components * M::register_extent(s.extent, Tier);
        const std::int64_t n = global.field[f] != nullptr ? global.count[s.extent] * s.components : 0;
        RODSWARM_UNROLL
        for (int j = 0; j < capacity; ++j) {
          if (j < n) global.field[f][j] = regs[at + j];
        }
      }
    });
    record(e, i, out);
  }
}

// ---- thread layout, global memory ---------------------------------------------------------------------------
/// One thread per member, in place in global memory; each thread's workspace is one slice of a pool sized by the
/// grid, not by the ensemble.
template <class M, class Real>
RODSWARM_HD_INLINE void advance_in_thread(const ThreadIndex& t, const EnsembleView<M, Real>& e,
                                          const std::int64_t* target, const std::int64_t* order, std::int64_t count,
                                          Real* pool, std::int64_t stride) {
  Real* work = pool + t.global() * stride;
  for (std::int64_t k = t.global(); k < count; k += t.threads()) {
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);
    if (todo == 0) continue;
    record(e, i, M::advance(e.member(i), e.dt[i], e.steps_done[i], todo, work, SequentialLoop{}));
  }
}

// ---- warp and block layouts, shared memory ------------------------------------------------------------------
/// The member step of the layouts that hold a member in shared memory: the group's participants copy member i's
/// state fields into `slice`, advance it there with `loop` (whose sync_or is the group's barrier), with the
/// workspace right after the state, and copy it back; rank 0 records the counters.
template <class M, class Real, class Loop>
RODSWARM_HD_INLINE void advance_on_chip(const EnsembleView<M, Real>& e, std::int64_t i, std::int64_t todo, Real* slice,
                                        const Loop& loop) {
  const int rank = loop.group.rank(), size = loop.group.size();
  const ParamsOf<M, Real> p = e.params[i];
  const Member<M, Real> global = e.member(i);
  Member<M, Real> m = global;
  m.params = &p;
  Real* at = slice;
  static_for<field_count<M>>([&](auto fc) {
    constexpr int f = decltype(fc)::value;
    constexpr FieldSpec s = M::fields[f];
    if constexpr (s.role == FieldRole::state) {
      if (global.field[f] != nullptr) {
        const std::int64_t n = global.count[s.extent] * s.components;
        for (std::int64_t j = rank; j < n; j += size) at[j] = global.field[f][j];
        m.field[f] = at;
        at += n;
      }
    }
  });
  loop.sync_or(false);
  const std::int64_t done = e.steps_done[i];
  const Outcome out = M::advance(m, e.dt[i], done, todo, at, loop);
  static_for<field_count<M>>([&](auto fc) {
    constexpr int f = decltype(fc)::value;
    constexpr FieldSpec s = M::fields[f];
    if constexpr (s.role == FieldRole::state) {
      if (global.field[f] != nullptr) {
        const std::int64_t n = global.count[s.extent] * s.components;
        for (std::int64_t j = rank; j < n; j += size) global.field[f][j] = m.field[f][j];
      }
    }
  });
  loop.sync_or(false);  // every participant has read the counters and stored its items
  if (rank == 0) record(e, i, out);
  loop.sync_or(false);  // the group's next member reuses the slice
}

/// The 32 lanes of a warp share one member; each warp of a block has its own slice of `member_reals` values of
/// the block's dynamic shared memory `shared`. `loop`: this lane's warp loop.
template <class M, class Real, class Loop>
RODSWARM_HD_INLINE void advance_in_warps(const ThreadIndex& t, const EnsembleView<M, Real>& e,
                                         const std::int64_t* target, const std::int64_t* order, std::int64_t count,
                                         int member_reals, unsigned char* shared, const Loop& loop) {
  const int warp = static_cast<int>(t.thread >> 5);
  const int warps = static_cast<int>(t.block_dim >> 5);
  Real* mine = reinterpret_cast<Real*>(shared) + static_cast<std::ptrdiff_t>(warp) * member_reals;
  const std::int64_t stride = static_cast<std::int64_t>(t.grid_dim) * warps;
  for (std::int64_t k = static_cast<std::int64_t>(t.block) * warps + warp; k < count; k += stride) {
    // Every lane reads the same values, so the branch is uniform across the warp.
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);
    if (todo > 0) advance_on_chip(e, i, todo, mine, loop);
  }
}

/// A block shares one member, held in the block's dynamic shared memory `shared`. `loop`: the block's loop.
template <class M, class Real, class Loop>
RODSWARM_HD_INLINE void advance_in_block_shared(const ThreadIndex& t, const EnsembleView<M, Real>& e,
                                                const std::int64_t* target, const std::int64_t* order,
                                                std::int64_t count, unsigned char* shared, const Loop& loop) {
  Real* slice = reinterpret_cast<Real*>(shared);
  for (std::int64_t k = t.block; k < count; k += t.grid_dim) {
    // Every thread reads the same values, so the branch is uniform across the block.
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);
    if (todo > 0) advance_on_chip(e, i, todo, slice, loop);
  }
}

// ---- block layout, global memory ----------------------------------------------------------------------------
/// A block shares one member in place in global memory; its workspace is the block's slice of a pool.
template <class M, class Real, class Loop>
RODSWARM_HD_INLINE void advance_in_block(const ThreadIndex& t, const EnsembleView<M, Real>& e,
                                         const std::int64_t* target, const std::int64_t* order, std::int64_t count,
                                         Real* pool, std::int64_t stride, const Loop& loop) {
  Real* work = pool + static_cast<std::int64_t>(t.block) * stride;
  for (std::int64_t k = t.block; k < count; k += t.grid_dim) {
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);  // uniform across the block
    if (todo == 0) continue;
    const Outcome out = M::advance(e.member(i), e.dt[i], e.steps_done[i], todo, work, loop);
    loop.sync_or(false);  // every thread has read the counters before thread 0 changes them
    if (t.thread == 0) record(e, i, out);
    loop.sync_or(false);  // the status written above is read by every thread of the next pass over this member
  }
}

// ---- grid layout ---------------------------------------------------------------------------------------------
/// A cooperative grid takes the members of its list one after another, all its threads on one member, state and
/// workspace in global memory, phases ending at grid-wide barriers. Every thread reads member i's counters before
/// the member's first barrier; thread 0 updates them after its last one.
template <class M, class Real, class Loop>
RODSWARM_HD_INLINE void advance_in_grid(const ThreadIndex& t, const EnsembleView<M, Real>& e,
                                        const std::int64_t* target, const std::int64_t* order, std::int64_t count,
                                        Real* scratch, const Loop& loop) {
  for (std::int64_t k = 0; k < count; ++k) {
    const std::int64_t i = order[k];
    const std::int64_t todo = e.steps_to_do(target, i);
    if (todo == 0) continue;
    const ParamsOf<M, Real> p = e.params[i];
    Member<M, Real> m = e.member(i);
    m.params = &p;
    const Outcome out = M::advance(m, e.dt[i], e.steps_done[i], todo, scratch, loop);
    if (t.block == 0 && t.thread == 0) record(e, i, out);
  }
}

// ---- Newton steady state -------------------------------------------------------------------------------------
/// One thread per member; its workspace is its slice of the pool.
template <class M, class Real>
RODSWARM_HD_INLINE void solve_steady(const ThreadIndex& t, const EnsembleView<M, Real>& e, Real* pool,
                                     std::int64_t stride, Real tol, int max_iter, std::int32_t* iterations,
                                     double* residual, std::uint8_t* converged) {
  Real* work = pool + t.global() * stride;
  for (std::int64_t i = t.global(); i < e.members; i += t.threads()) {
    const NewtonOutcome out = M::steady(e.member(i), tol, max_iter, work);
    iterations[i] = out.iterations;
    residual[i] = out.residual;
    converged[i] = out.converged ? 1 : 0;
  }
}

}  // namespace layout_bodies

// ---- host side: which register-layout kernel runs a bucket -------------------------------------------------------
template <class M, int Tier, int Variant = 0, class F>
void with_register_variant(int variant, F&& f) {
  if constexpr (Variant < M::register_variants) {
    if (variant != Variant) return with_register_variant<M, Tier, Variant + 1>(variant, f);
    f(std::integral_constant<int, Tier>{}, std::integral_constant<int, Variant>{});
  } else {
    throw std::logic_error("no register-layout kernel for variant " + std::to_string(variant));
  }
}

/// Calls f(integral_constant<Tier>, integral_constant<Variant>) for the compiled register kernel of a bucket of
/// `tier` and `variant` (the one the device and the emulated device both launch).
template <class M, int Tier = M::register_tier_step, class F>
void with_register_kernel(int tier, int variant, F&& f) {
  if constexpr (Tier <= M::register_tier_max) {
    if (tier != Tier) return with_register_kernel<M, Tier + M::register_tier_step>(tier, variant, f);
    with_register_variant<M, Tier>(variant, f);
  } else {
    throw std::logic_error("no register-layout kernel for tier " + std::to_string(tier));
  }
}

}  // namespace rodswarm
