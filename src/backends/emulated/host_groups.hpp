/// @file host_groups.hpp
/// The emulated device's groups of threads behind the layouts' loops (include/rodswarm/gpu/group_loops.hpp), the
/// host counterparts of kernels/device_groups.cuh: a warp is 32 std::threads at one barrier, a block its threads
/// at one barrier, a cooperative grid every thread of every block at one barrier. The grid's flag counters are
/// read and written with atomics, as the device's atomicOr and L2 loads are.
#pragma once

#include "backends/emulated/host_barrier.hpp"
#include "rodswarm/gpu/group_loops.hpp"

namespace rodswarm {

/// A warp (size 32) or a block: this thread's rank in it, and the group's barrier.
struct HostGroup {
  int my_rank;
  int group_size;
  HostBarrier* barrier;
  int rank() const { return my_rank; }
  int size() const { return group_size; }
  bool sync_or(bool flag) const { return barrier->arrive_and_wait_or(flag); }
};

/// Every thread of a cooperative grid.
struct HostGrid {
  long long my_rank;
  long long grid_size;
  HostBarrier* barrier;
  long long rank() const { return my_rank; }
  long long size() const { return grid_size; }
  void sync() const { barrier->arrive_and_wait_or(false); }
  void atomic_or(unsigned* p, unsigned v) const { __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }
  unsigned load(const unsigned* p) const { return __atomic_load_n(p, __ATOMIC_RELAXED); }
  void store(unsigned* p, unsigned v) const { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
};

using HostGroupLoop = GroupLoop<HostGroup>;
using HostGridLoop = GridLoop<HostGrid>;

}  // namespace rodswarm
