/// @file kernel_layout.hpp
/// How the CUDA backend maps members onto the GPU, and the automatic choice by member size. Plain C++ so that
/// the choice is unit-tested on hosts without a GPU and printed by `rodswarm validate`.
///
///   thread  one thread integrates one member: its whole state in registers (members up to the model's register
///           tier, the loops unrolled at compile time), or in place in global memory with a per-thread workspace
///           (models whose member is a thread's work whatever its size).
///   warp    the 32 lanes of a warp share one member's items; state in shared memory; __syncwarp phases.
///   block   a thread block shares one member's items; state in shared memory (or in place in global memory,
///           workspace from a per-block pool); __syncthreads phases.
///   grid    every block of a cooperative grid works on one member at a time; state in global memory (L2 for
///           members up to tens of MB); grid-wide barriers. For members too large for one SM's shared memory.
/// In every layout the state stays where it is for all the steps up to the next save point. Which layouts a model
/// offers, and where its member lives in each, is the model's declaration (engine/member_layout.hpp).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include "rodswarm/engine/member_layout.hpp"

namespace rodswarm {

enum class KernelLayout : int { automatic = 0, thread = 1, warp = 2, block = 3, grid = 4 };

/// Members up to this size run one per warp; beyond, one per block (each lane then has >= 4 items per phase).
constexpr int warp_layout_max_items = 128;

inline const char* layout_name(KernelLayout layout) {
  switch (layout) {
    case KernelLayout::thread:
      return "thread";
    case KernelLayout::warp:
      return "warp";
    case KernelLayout::block:
      return "block";
    case KernelLayout::grid:
      return "grid";
    default:
      return "auto";
  }
}

/// Parses "auto", "thread", "warp", "block" or "grid"; throws std::invalid_argument naming the choices.
inline KernelLayout parse_layout(const std::string& name) {
  for (auto l :
       {KernelLayout::automatic, KernelLayout::thread, KernelLayout::warp, KernelLayout::block, KernelLayout::grid}) {
    if (name == layout_name(l)) return l;
  }
  throw std::invalid_argument("unknown kernel layout '" + name + "' (expected auto, thread, warp, block or grid)");
}

/// Where a model's member lives in `layout` (Placement::none: the model does not run in it).
inline Placement placement_in(const Layouts& layouts, KernelLayout layout) {
  switch (layout) {
    case KernelLayout::thread:
      return layouts.thread;
    case KernelLayout::warp:
      return layouts.warp;
    case KernelLayout::block:
      return layouts.block;
    case KernelLayout::grid:
      return layouts.grid;
    default:
      return Placement::none;
  }
}

/// "thread, warp, block or grid": the layouts a model offers, for messages.
inline std::string offered_layouts(const Layouts& layouts) {
  std::string names;
  int count = 0;
  for (auto l : {KernelLayout::thread, KernelLayout::warp, KernelLayout::block, KernelLayout::grid}) {
    if (placement_in(layouts, l) != Placement::none) ++count;
  }
  int k = 0;
  for (auto l : {KernelLayout::thread, KernelLayout::warp, KernelLayout::block, KernelLayout::grid}) {
    if (placement_in(layouts, l) == Placement::none) continue;
    names += (k == 0 ? "" : (k + 1 == count ? " or " : ", ")) + std::string(layout_name(l));
    ++k;
  }
  return names;
}

/// Throws std::invalid_argument when `forced` names a layout model `model` does not run in (--layout).
inline void check_layout_offered(const Layouts& layouts, KernelLayout forced, const char* model) {
  if (forced == KernelLayout::automatic || placement_in(layouts, forced) != Placement::none) return;
  throw std::invalid_argument(std::string("--layout ") + layout_name(forced) + ": model " + model + " runs in the " +
                              offered_layouts(layouts) + " layout only");
}

/// What a device allows the layouts.
struct LayoutLimits {
  std::size_t shared_limit = 0;  ///< dynamic shared memory one block may opt in to
  int register_max = 0;          ///< the largest register tier the model compiles (0: none)
};

/// The layout for a member of `n` items (the model's layout_size) that needs `shared_bytes` of shared memory in
/// the layouts that hold it there. Automatic: thread while the member fits its thread placement (registers: up to
/// the largest tier; global: always), warp up to warp_layout_max_items, block while it fits, grid beyond, each
/// only where the model runs in it. A forced layout is honoured where it can hold the member; otherwise the next
/// larger layout of the model that can (thread -> warp -> block -> grid), so that a forced layout never fails an
/// ensemble of mixed sizes. Throws std::invalid_argument for a forced layout the model does not offer and
/// std::runtime_error when no layout of the model can hold the member.
inline KernelLayout choose_layout(const Layouts& layouts, int n, std::size_t shared_bytes, const LayoutLimits& limits,
                                  KernelLayout forced = KernelLayout::automatic, const char* model = "") {
  check_layout_offered(layouts, forced, model);
  auto holds = [&](KernelLayout l) {
    switch (placement_in(layouts, l)) {
      case Placement::none:
        return false;
      case Placement::registers:
        return n <= limits.register_max;
      case Placement::shared:
        return shared_bytes <= limits.shared_limit;
      case Placement::global:
        return true;
    }
    return false;
  };
  const KernelLayout order[] = {KernelLayout::thread, KernelLayout::warp, KernelLayout::block, KernelLayout::grid};
  int first = 0;
  if (forced != KernelLayout::automatic) {
    while (order[first] != forced) ++first;
  }
  for (int k = first; k < 4; ++k) {
    const KernelLayout l = order[k];
    if (!holds(l)) continue;
    // The automatic choice leaves the warp to members of up to warp_layout_max_items items.
    if (forced == KernelLayout::automatic && l == KernelLayout::warp && n > warp_layout_max_items) continue;
    return l;
  }
  throw std::runtime_error(std::string("model ") + model + ": a member of " + std::to_string(n) + " items needs " +
                           std::to_string(shared_bytes) + " bytes of shared memory, more than the " +
                           std::to_string(limits.shared_limit) + " one block may use, and no other layout holds it");
}

}  // namespace rodswarm
