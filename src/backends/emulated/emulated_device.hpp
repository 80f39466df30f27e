/// @file emulated_device.hpp
/// A GPU imitated on the CPU, for the generic GPU backend (include/rodswarm/gpu/device_backend.hpp) where no GPU
/// runs (CI, `--backend emulated`): host memory for device memory, and the kernels' own bodies
/// (include/rodswarm/gpu/layout_bodies.hpp) executed thread by thread as the device would, with the shapes the
/// real launcher computes (include/rodswarm/gpu/launch_config.hpp), checked against a real card's limits first.
///
///   thread layouts   every thread of every block, one after another (they never synchronise)
///   warp, block      one block at a time: its threads as std::threads, each warp (or the block) at a barrier
///                    that ORs the flags, the block's dynamic shared memory a heap buffer of exactly the bytes the
///                    launcher asks for (so AddressSanitizer reports a slice that runs past it)
///   grid             every thread of every block at once as std::threads, one grid-wide barrier, the same
///                    three-counter flag protocol as the cooperative kernel
/// Copies and kernels run at once, in program order: stream concurrency is not imitated.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "backends/emulated/host_groups.hpp"
#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/card_properties.hpp"
#include "rodswarm/gpu/device_backend.hpp"
#include "rodswarm/gpu/launch_config.hpp"
#include "rodswarm/gpu/layout_bodies.hpp"

namespace rodswarm {

/// "Device" memory of the emulated device: a heap array of exactly its size, and copies that check their bounds
/// (cudaMemcpy past an allocation is an error compute-sanitizer reports).
template <class T>
class EmulatedBuffer {
 public:
  EmulatedBuffer() = default;
  explicit EmulatedBuffer(std::size_t count) { resize(count); }
  void resize(std::size_t count) {
    if (count == count_) return;
    data_.reset(count > 0 ? new T[count] : nullptr);
    // cudaMalloc leaves memory uninitialised: all bits set (NaN for a Real) makes a read before a write show.
    if (count > 0) std::memset(static_cast<void*>(data_.get()), 0xff, count * sizeof(T));
    count_ = count;
  }
  void upload_async(const T* h, std::size_t count, int) {
    check(count, "into");
    if (count > 0) std::memcpy(static_cast<void*>(data_.get()), h, count * sizeof(T));
  }
  void download_async(T* h, std::size_t count, int) const {
    check(count, "from");
    if (count > 0) std::memcpy(static_cast<void*>(h), data_.get(), count * sizeof(T));
  }
  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  std::size_t size() const { return count_; }
  T& operator[](std::size_t k) { return data_[k]; }
  const T& operator[](std::size_t k) const { return data_[k]; }

 private:
  void check(std::size_t count, const char* direction) const {
    if (count > count_) {
      throw std::logic_error("emulated device: a copy of " + std::to_string(count) + " elements " + direction +
                             " a buffer of " + std::to_string(count_));
    }
  }
  std::unique_ptr<T[]> data_;
  std::size_t count_ = 0;
};

/// A stream of the emulated device: every operation has completed when it returns.
struct EmulatedStream {
  int get() const { return 0; }
  void synchronize() const {}
};

/// Runs every thread of `shape`, block after block: f(ThreadIndex).
template <class F>
void emulate_threads(const LaunchShape& shape, F&& f) {
  const auto blocks = static_cast<unsigned>(shape.blocks), threads = static_cast<unsigned>(shape.threads);
  for (unsigned b = 0; b < blocks; ++b) {
    for (unsigned t = 0; t < threads; ++t) f(ThreadIndex{t, b, threads, blocks});
  }
}

/// Runs `shape` block after block, each block's threads at once, in groups of `group` threads (32: warps; the
/// block's size: the block) that each meet at their own barrier: f(ThreadIndex, shared, HostGroupLoop).
template <class F>
void emulate_groups(const LaunchShape& shape, int group, F&& f) {
  const auto blocks = static_cast<unsigned>(shape.blocks), threads = static_cast<unsigned>(shape.threads);
  for (unsigned b = 0; b < blocks; ++b) {
    // Exactly the dynamic shared bytes of the launch, aligned as the kernels declare them (16).
    std::unique_ptr<unsigned char[], void (*)(unsigned char*)> shared(
        shape.dynamic_shared > 0
            ? static_cast<unsigned char*>(::operator new[](shape.dynamic_shared, std::align_val_t{16}))
            : nullptr,
        [](unsigned char* p) {
          if (p != nullptr) ::operator delete[](p, std::align_val_t{16});
        });
    if (shared) std::memset(shared.get(), 0xff, shape.dynamic_shared);  // uninitialised, as on the device
    std::vector<std::unique_ptr<HostBarrier>> barriers;
    for (unsigned g = 0; g < threads / static_cast<unsigned>(group); ++g)
      barriers.push_back(std::make_unique<HostBarrier>(group));
    std::vector<std::thread> pool;
    pool.reserve(threads);
    for (unsigned t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        const HostGroupLoop loop{HostGroup{static_cast<int>(t) % group, group, barriers[t / unsigned(group)].get()}};
        f(ThreadIndex{t, b, threads, blocks}, shared.get(), loop);
      });
    }
    for (auto& th : pool) th.join();
  }
}

/// Runs every thread of a cooperative `shape` at once, at one grid-wide barrier: f(ThreadIndex, HostGridLoop).
template <class F>
void emulate_grid(const LaunchShape& shape, unsigned* flags, F&& f) {
  const auto blocks = static_cast<unsigned>(shape.blocks), threads = static_cast<unsigned>(shape.threads);
  const long long total = static_cast<long long>(blocks) * threads;
  HostBarrier barrier(static_cast<int>(total));
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(total));
  for (unsigned b = 0; b < blocks; ++b) {
    for (unsigned t = 0; t < threads; ++t) {
      pool.emplace_back([&, b, t] {
        const long long rank = static_cast<long long>(b) * threads + t;
        f(ThreadIndex{t, b, threads, blocks}, HostGridLoop{HostGrid{rank, total, &barrier}, flags, 0u});
      });
    }
  }
  for (auto& th : pool) th.join();
}

/// What the emulated device assumes of a compiled kernel for the launch check: the most registers its launch
/// bounds allow (a launch that passes with them passes with whatever the compiler allocates).
inline KernelResources emulated_kernel(int launch_bound) { return KernelResources{255, 0, launch_bound}; }

class EmulatedDevice {
 public:
  template <class T>
  using Buffer = EmulatedBuffer<T>;
  template <class T>
  using HostBuffer = EmulatedBuffer<T>;
  using Stream = EmulatedStream;
  using StreamHandle = int;

  explicit EmulatedDevice(CardProperties card) : card_(std::move(card)), shape_(shape_of(card_)) {}
  std::string kind() const { return "emulated"; }
  std::string name() const { return card_.name + " (" + card_.arch() + ")"; }
  const DeviceShape& shape() const { return shape_; }
  /// Host memory stands in for the card's: 1 GiB, so that larger ensembles stream in batches as on a device.
  std::size_t free_memory() const { return std::size_t{1} << 30; }
  const CardProperties& card() const { return card_; }

  template <class M, class Real>
  void launch_bucket(const EnsembleView<M, Real>& e, const std::int64_t* d_target, const DeviceBucket& b,
                     const DevicePools<Real>& pools, int) const {
    namespace body = layout_bodies;
    const std::int64_t count = b.range.count();
    if (count == 0) return;
    const KernelLayout layout = b.range.layout();
    const Placement placement = placement_in(M::layouts, layout);
    const int per_sm = layout == KernelLayout::grid
                           ? resident_blocks_per_sm(card_, emulated_kernel(grid_block_size), grid_block_size, 0)
                           : 0;
    const LaunchShape shape = bucket_launch(b.range, placement, PoolSlices{pools.thread_slices, pools.block_slices},
                                            shape_.shared_limit, per_sm, shape_.sms);
    check(shape, emulated_kernel(launch_bound(layout, card_)));
    const std::int64_t* order = b.d_order;
    switch (layout) {
      case KernelLayout::thread:
        if constexpr (M::layouts.thread == Placement::registers) {
          return with_register_kernel<M>(b.range.key.tier, b.range.key.variant, [&](auto tier, auto variant) {
            emulate_threads(shape, [&](const ThreadIndex& t) {
              body::advance_in_registers<M, Real, decltype(tier)::value, decltype(variant)::value>(t, e, d_target,
                                                                                                   order, count);
            });
          });
        } else if constexpr (M::layouts.thread == Placement::global) {
          return emulate_threads(shape, [&](const ThreadIndex& t) {
            body::advance_in_thread<M, Real>(t, e, d_target, order, count, pools.thread, pools.thread_stride);
          });
        }
        break;
      case KernelLayout::warp:
        if constexpr (M::layouts.warp == Placement::shared) {
          const int member_reals = static_cast<int>(b.range.max_shared / sizeof(Real));
          return emulate_groups(shape, 32, [&](const ThreadIndex& t, unsigned char* shared, const auto& loop) {
            body::advance_in_warps<M, Real>(t, e, d_target, order, count, member_reals, shared, loop);
          });
        }
        break;
      case KernelLayout::block:
        if constexpr (M::layouts.block == Placement::shared) {
          return emulate_groups(shape, shape.threads,
                                [&](const ThreadIndex& t, unsigned char* shared, const auto& loop) {
                                  body::advance_in_block_shared<M, Real>(t, e, d_target, order, count, shared, loop);
                                });
        } else if constexpr (M::layouts.block == Placement::global) {
          return emulate_groups(shape, shape.threads, [&](const ThreadIndex& t, unsigned char*, const auto& loop) {
            body::advance_in_block<M, Real>(t, e, d_target, order, count, pools.block, pools.block_stride, loop);
          });
        }
        break;
      case KernelLayout::grid:
        if constexpr (M::layouts.grid == Placement::global) {
          std::memset(pools.grid_flags, 0, 3 * sizeof(unsigned));  // as the launcher's cudaMemsetAsync
          return emulate_grid(shape, pools.grid_flags, [&](const ThreadIndex& t, const auto& loop) {
            body::advance_in_grid<M, Real>(t, e, d_target, order, count, pools.grid, loop);
          });
        }
        break;
      default:
        break;
    }
    throw std::logic_error(std::string("model ") + M::name + " has no kernel for layout " + layout_name(layout));
  }

  template <class M, class Real>
  void launch_steady(const EnsembleView<M, Real>& e, Real* pool, std::int64_t stride, Real tol, int max_iter,
                     std::int32_t* iterations, double* residual, std::uint8_t* converged, std::int64_t threads,
                     int) const {
    const LaunchShape shape = steady_launch(threads);
    check(shape, emulated_kernel(card_.max_threads_per_block));
    emulate_threads(shape, [&](const ThreadIndex& t) {
      layout_bodies::solve_steady<M, Real>(t, e, pool, stride, tol, max_iter, iterations, residual, converged);
    });
  }

 private:
  /// The launch as the card would take it, or the runtime's refusal as an exception.
  void check(const LaunchShape& shape, const KernelResources& kernel) const {
    const std::string refusal = launch_refusal(shape, kernel, card_);
    if (!refusal.empty()) throw std::runtime_error("emulated device: " + refusal);
  }

  CardProperties card_;
  DeviceShape shape_;
};

}  // namespace rodswarm
