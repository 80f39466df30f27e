/// @file block_grid.cuh
/// The launch shape and workspace pool of the block-per-member kernels (nishinari, cosserat), written once: one
/// thread per node or bead of the largest member (whole warps, 32 to 256), enough blocks to fill every SM
/// several times over, and one workspace slice per block, so the pool grows with the grid, not the ensemble.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "cuda_check.hpp"
#include "device_buffer.cuh"
#include "rodswarm/backend.hpp"

namespace rodswarm {

template <class Real>
struct BlockGrid {
  int sms = 1, threads = 32, blocks = 1;
  std::int64_t stride = 0;  ///< reals of workspace per block
  DeviceBuffer<Real> pool;

  /// Throws std::runtime_error without a device.
  BlockGrid() {
    if (cuda_device_count() == 0) throw std::runtime_error("no CUDA device is available");
    RODSWARM_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  }

  /// Sizes the grid and the pool for `members` members of up to `max_items` nodes or beads, each needing
  /// `max_work` reals of workspace.
  void plan(std::int64_t members, int max_items, int max_work) {
    threads = std::min(256, std::max(32, 32 * ((max_items + 31) / 32)));
    blocks = static_cast<int>(std::min<std::int64_t>(std::max<std::int64_t>(members, 1), 8LL * sms));
    stride = max_work;
    pool.resize(static_cast<std::size_t>(blocks) * static_cast<std::size_t>(stride));
  }

  std::string description() const {
    return "cuda (" + cuda_device_name() + ", block per member, " + std::to_string(threads) + " threads)";
  }
};

}  // namespace rodswarm
