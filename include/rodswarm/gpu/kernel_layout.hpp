/// @file kernel_layout.hpp
/// How the CUDA backend maps members onto the GPU, and the automatic choice by member size. Plain C++ so that
/// the choice is unit-tested on hosts without a GPU and printed by `rodswarm validate`.
///
///   thread  one thread integrates one member, its whole state in registers (members of up to
///           thread_layout_max_beads beads; the bead loop is unrolled at compile time).
///   warp    the 32 lanes of a warp share one member's beads; state in shared memory; __syncwarp phases.
///   block   a thread block shares one member's beads; state in shared memory; __syncthreads phases.
///   grid    every block of a cooperative grid works on one member at a time; state in global memory (L2 for
///           members up to tens of MB); grid-wide barriers. For members too large for one SM's shared memory.
/// In every layout the state stays where it is for all the steps up to the next save point.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace rodswarm {

enum class KernelLayout : int { automatic = 0, thread = 1, warp = 2, block = 3, grid = 4 };

/// Members with at most this many moving beads run one per thread (the largest register-resident instance).
constexpr int thread_layout_max_beads = 16;
/// Members up to this size run one per warp; beyond, one per block (each lane then has >= 4 beads per phase).
constexpr int warp_layout_max_beads = 128;

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

/// The layout for a member of n moving beads whose on-chip state takes `block_shared_bytes` of shared memory
/// in the block layout, on a device allowing `shared_limit` bytes per block. A forced layout is honoured where
/// it can hold the member; otherwise the next larger layout that can is taken (thread -> warp -> block -> grid),
/// so that a forced layout never fails an ensemble of mixed sizes.
inline KernelLayout choose_layout(int n, std::size_t block_shared_bytes, std::size_t shared_limit,
                                  KernelLayout forced = KernelLayout::automatic) {
  const bool fits_thread = n <= thread_layout_max_beads;
  const bool fits_shared = block_shared_bytes <= shared_limit;
  KernelLayout want = forced;
  if (want == KernelLayout::automatic) {
    want = fits_thread ? KernelLayout::thread : (n <= warp_layout_max_beads ? KernelLayout::warp : KernelLayout::block);
  }
  if (want == KernelLayout::thread && !fits_thread) want = KernelLayout::warp;
  // A warp holds its member in shared memory like a block does, so the same limit applies (a quarter of it in
  // practice, since four warps share a block, but a single warp per block is also valid).
  if ((want == KernelLayout::warp || want == KernelLayout::block) && !fits_shared) want = KernelLayout::grid;
  return want;
}

}  // namespace rodswarm
