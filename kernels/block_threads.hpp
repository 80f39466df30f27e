/// @file block_threads.hpp
/// Threads per block of the block-per-member kernels (nishinari, cosserat): one thread per node or bead of the
/// largest member, whole warps, 32 to 256.
#pragma once

#include <algorithm>

namespace rodswarm {

inline int block_threads(int max_items) {
  const int warps = (max_items + 31) / 32;
  return std::min(256, std::max(32, 32 * warps));
}

}  // namespace rodswarm
