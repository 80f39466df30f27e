/// @file device_backend.hpp
/// The GPU backend, written once for every model and every device. load() plans the ensemble
/// (include/rodswarm/gpu/device_plan.hpp: every member's kernel, the buckets, the workspace pools and the batches
/// against the device memory budget). A resident ensemble (one batch) is uploaded once and stays on the device
/// between save points: advance() then moves only the step targets, store() the state. A streamed ensemble lives
/// in pinned host memory; each advance() sends batch b through device slot b % slots on its own stream (copy in,
/// kernels, copy out), so that the copies of one batch overlap the kernels of another.
///
/// `Device` is what runs it: kernels/cuda_device.cuh (CudaDevice: cudaMalloc, streams, the layout kernels), or
/// the emulated device of the tests (tests/emulated/emulated_device.hpp: host memory, the same kernel bodies on
/// std::threads), so that this file's batching, copies and launches run in CI. A Device provides
///   Buffer<T>, HostBuffer<T>   device and pinned host arrays (resize, data, size; Buffer: upload_async and
///                              download_async of a count of elements to or from its start, on a stream)
///   Stream                     an owned stream: get() (a Device::StreamHandle), synchronize()
///   kind(), name(), shape(), free_memory()
///   launch_bucket<M, Real>(view, d_target, bucket, pools, stream) and
///   launch_steady<M, Real>(view, pool, stride, tol, max_iter, iterations, residual, converged, threads, stream).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/device_plan.hpp"

namespace rodswarm {

/// One bucket of a batch on the device: d_order[0 .. range.count()) index the batch's view.
struct DeviceBucket {
  BucketRange range;
  const std::int64_t* d_order;
};

/// The workspace of the layouts that keep a member in global memory, one slot's worth.
template <class Real>
struct DevicePools {
  Real* thread = nullptr;  ///< thread_stride reals for each of thread_slices threads (a multiple of a block)
  std::int64_t thread_stride = 0, thread_slices = 0;
  Real* block = nullptr;  ///< block_stride reals for each of block_slices blocks
  std::int64_t block_stride = 0, block_slices = 0;
  Real* grid = nullptr;            ///< the grid layout's member workspace
  unsigned* grid_flags = nullptr;  ///< its three barrier flag counters
};

template <class M, class Real, class Device>
class DeviceBackend final : public Backend<M, Real> {
  static constexpr int E = extent_count<M>, F = field_count<M>, S = scalar_count<M>;
  using Params = ParamsOf<M, Real>;
  template <class T>
  using Buffer = typename Device::template Buffer<T>;
  template <class T>
  using HostBuffer = typename Device::template HostBuffer<T>;
  using Stream = typename Device::Stream;
  using StreamHandle = typename Device::StreamHandle;

  /// Device arrays for one batch (the whole ensemble when resident).
  struct Slot {
    Buffer<std::int64_t> order, steps, target;
    Buffer<Params> params;
    Buffer<Real> dt;
    Buffer<std::uint8_t> status;
    std::array<Buffer<std::int64_t>, E> offset;
    std::array<Buffer<Real>, F> field;
    std::array<Buffer<double>, S> scalar;
    Buffer<Real> thread_pool, block_pool, grid_workspace;
    Buffer<unsigned> grid_flags;
  };

  /// One batch of the plan: members [first, last), its slice of the order list, its buckets.
  struct Batch {
    std::int64_t first = 0, last = 0, order_first = 0;
    std::vector<BucketRange> buckets;
    std::int64_t members() const { return last - first; }
  };

 public:
  DeviceBackend(const CudaOptions& options, Device device) : options_(options), device_(std::move(device)) {
    shape_ = device_.shape();
  }

  std::string description() const override {
    std::string d = device_.kind() + " (" + device_.name();
    if (!plan_.layouts.empty()) d += ", layout " + plan_.layout_names();
    if (plan_.batches.streamed) d += ", streamed in " + std::to_string(plan_.batches.batches()) + " batches";
    return d + ")";
  }

  void load(const Ensemble<M, Real>& e) override {
    members_ = e.members();
    const std::size_t budget = options_.device_memory > 0
                                   ? options_.device_memory
                                   : static_cast<std::size_t>(0.9 * static_cast<double>(device_.free_memory()));
    plan_ = plan_device<M, Real>(e, options_.layout, budget, options_.streams, shape_);
    stage(e);
    build_batches(e);
    const std::size_t slot_count = plan_.batches.streamed ? static_cast<std::size_t>(plan_.batches.slots) : 1;
    slots_.clear();
    streams_.clear();
    slots_.reserve(slot_count);
    for (std::size_t s = 0; s < slot_count; ++s) {
      slots_.emplace_back();
      allocate(slots_.back());
      streams_.emplace_back(new Stream());
    }
    if (!plan_.batches.streamed && !batches_.empty()) {
      upload_batch(0, 0, false);
      streams_[0]->synchronize();
    }
  }

  void advance(const std::vector<std::int64_t>& target) override {
    std::copy(target.begin(), target.end(), target_.data());
    if (!plan_.batches.streamed) {
      if (batches_.empty()) return;
      slots_[0].target.upload_async(target_.data(), static_cast<std::size_t>(members_), streams_[0]->get());
      launch_batch(0, 0);
      streams_[0]->synchronize();
      return;
    }
    for (std::size_t b = 0; b < batches_.size(); ++b) {
      const std::size_t s = b % slots_.size();  // stream order keeps slot s's batches from overlapping
      upload_batch(b, s, true);
      launch_batch(b, s);
      download_batch(b, s);
    }
    for (auto& stream : streams_) stream->synchronize();
  }

  void store(Ensemble<M, Real>& e) override {
    if (!plan_.batches.streamed && !batches_.empty()) {
      download_batch(0, 0);
      streams_[0]->synchronize();
    }
    for (int f = 0; f < F; ++f) {
      if (M::fields[static_cast<std::size_t>(f)].role != FieldRole::state) continue;
      auto& to = e.field[static_cast<std::size_t>(f)];
      std::copy(field_[static_cast<std::size_t>(f)].data(), field_[static_cast<std::size_t>(f)].data() + to.size(),
                to.begin());
    }
    for (int k = 0; k < S; ++k) {
      auto& to = e.scalar[static_cast<std::size_t>(k)];
      std::copy(scalar_[static_cast<std::size_t>(k)].data(), scalar_[static_cast<std::size_t>(k)].data() + to.size(),
                to.begin());
    }
    std::copy(steps_.data(), steps_.data() + members_, e.steps_done.begin());
    std::copy(status_.data(), status_.data() + members_, e.status.begin());
  }

  SteadyResult solve_steady(Real tol, int max_iter) override {
    if constexpr (HasNewtonSteady<M>::value) {
      SteadyResult r;
      r.iterations.resize(static_cast<std::size_t>(members_));
      r.residual.resize(static_cast<std::size_t>(members_));
      r.converged.resize(static_cast<std::size_t>(members_));
      StreamHandle stream = streams_[0]->get();
      // Batch by batch through slot 0 (resident: the one batch is already there); one thread per member.
      for (std::size_t b = 0; b < batches_.size(); ++b) {
        const Batch& batch = batches_[b];
        if (plan_.batches.streamed) upload_batch(b, 0, false);
        const auto m = static_cast<std::size_t>(batch.members());
        std::int64_t stride = 0;
        for (std::int64_t i = batch.first; i < batch.last; ++i)
          stride = std::max<std::int64_t>(stride, M::steady_workspace(params_[static_cast<std::size_t>(i)]));
        const std::int64_t threads = thread_pool_threads(batch.members(), shape_.sms);
        Buffer<Real> pool(static_cast<std::size_t>(threads * std::max<std::int64_t>(stride, 1)));
        Buffer<std::int32_t> iterations(m);
        Buffer<double> residual(m);
        Buffer<std::uint8_t> converged(m);
        device_.template launch_steady<M, Real>(view(slots_[0], batch.members()), pool.data(), stride, tol, max_iter,
                                                iterations.data(), residual.data(), converged.data(), threads, stream);
        const auto first = static_cast<std::size_t>(batch.first);
        iterations.download_async(r.iterations.data() + first, m, stream);
        residual.download_async(r.residual.data() + first, m, stream);
        converged.download_async(r.converged.data() + first, m, stream);
        if (plan_.batches.streamed) download_batch(b, 0);
        streams_[0]->synchronize();
      }
      return r;
    } else {
      (void)tol;
      (void)max_iter;
      throw std::logic_error(std::string("model ") + M::name + " has no Newton steady-state solver");
    }
  }

 private:
  /// Copies the ensemble into pinned host memory, the source and target of every transfer (copies from pageable
  /// memory would not overlap the kernels of another stream).
  void stage(const Ensemble<M, Real>& e) {
    const auto m = static_cast<std::size_t>(members_);
    auto copy = [](const auto& from, auto& to) {
      to.resize(from.size());
      std::copy(from.begin(), from.end(), to.data());
    };
    copy(e.params, params_);
    copy(e.dt, dt_);
    copy(e.steps_done, steps_);
    copy(e.status, status_);
    for (int f = 0; f < F; ++f) copy(e.field[static_cast<std::size_t>(f)], field_[static_cast<std::size_t>(f)]);
    for (int k = 0; k < S; ++k) copy(e.scalar[static_cast<std::size_t>(k)], scalar_[static_cast<std::size_t>(k)]);
    offsets_ = e.offset;
    target_.resize(m);
  }

  /// Cuts the plan into batches, each with its members' offsets rebased to its first items and its buckets.
  void build_batches(const Ensemble<M, Real>& e) {
    batches_.clear();
    const std::size_t count = plan_.batches.batches();
    order_.assign(static_cast<std::size_t>(members_), 0);
    for (int x = 0; x < E; ++x)
      rebased_[static_cast<std::size_t>(x)].assign(static_cast<std::size_t>(members_) + count, 0);
    std::int64_t order_pos = 0;
    for (std::size_t b = 0; b < count; ++b) {
      Batch batch;
      batch.first = plan_.batches.starts[b];
      batch.last = plan_.batches.starts[b + 1];
      for (int x = 0; x < E; ++x) {
        const auto& offset = e.offset[static_cast<std::size_t>(x)];
        const std::int64_t base = offset[static_cast<std::size_t>(batch.first)];
        for (std::int64_t i = batch.first; i <= batch.last; ++i)
          rebased_[static_cast<std::size_t>(x)][static_cast<std::size_t>(i) + b] =
              offset[static_cast<std::size_t>(i)] - base;
      }
      const MemberBuckets& buckets = plan_.buckets[b];
      batch.order_first = order_pos;
      std::copy(buckets.order.begin(), buckets.order.end(), order_.begin() + order_pos);
      order_pos += static_cast<std::int64_t>(buckets.order.size());
      batch.buckets = buckets.ranges;
      batches_.push_back(batch);
    }
  }

  /// Values of field f in batch b, and where they start in the ensemble's buffer.
  std::size_t field_at(int f, std::int64_t i) const {
    const FieldSpec& spec = M::fields[static_cast<std::size_t>(f)];
    return static_cast<std::size_t>(offsets_[static_cast<std::size_t>(spec.extent)][static_cast<std::size_t>(i)] *
                                    spec.components);
  }
  std::size_t batch_first(int f, const Batch& batch) const { return field_at(f, batch.first); }
  std::size_t batch_values(int f, const Batch& batch) const {
    return field_at(f, batch.last) - field_at(f, batch.first);
  }

  void allocate(Slot& slot) {
    std::int64_t members = 0;
    for (const auto& b : batches_) members = std::max(members, b.members());
    const auto m = static_cast<std::size_t>(members);
    slot.order.resize(m);
    slot.steps.resize(m);
    slot.target.resize(m);
    slot.params.resize(m);
    slot.dt.resize(m);
    slot.status.resize(m);
    for (auto& o : slot.offset) o.resize(m + 1);
    for (int f = 0; f < F; ++f) {
      std::size_t values = 0;
      if (field_[static_cast<std::size_t>(f)].size() > 0) {
        for (const auto& b : batches_) values = std::max(values, batch_values(f, b));
      }
      slot.field[static_cast<std::size_t>(f)].resize(values);
    }
    for (auto& s : slot.scalar) s.resize(m);
    slot.thread_pool.resize(static_cast<std::size_t>(plan_.thread_pool));
    slot.block_pool.resize(static_cast<std::size_t>(plan_.block_pool));
    slot.grid_workspace.resize(static_cast<std::size_t>(plan_.grid_workspace));
    slot.grid_flags.resize(3);
  }

  EnsembleView<M, Real> view(Slot& slot, std::int64_t members) {
    EnsembleView<M, Real> v;
    v.members = members;
    v.params = slot.params.data();
    v.dt = slot.dt.data();
    v.steps_done = slot.steps.data();
    v.status = slot.status.data();
    for (int x = 0; x < E; ++x) v.offset[x] = slot.offset[static_cast<std::size_t>(x)].data();
    for (int f = 0; f < F; ++f) v.field[f] = slot.field[static_cast<std::size_t>(f)].data();  // null when absent
    for (int s = 0; s < S; ++s) v.scalar[s] = slot.scalar[static_cast<std::size_t>(s)].data();
    return v;
  }

  /// Batch b's arrays into slot s (asynchronous on stream s); the step targets too when `with_target`.
  void upload_batch(std::size_t b, std::size_t s, bool with_target) {
    const Batch& batch = batches_[b];
    Slot& slot = slots_[s];
    StreamHandle stream = streams_[s]->get();
    const auto m = static_cast<std::size_t>(batch.members()), first = static_cast<std::size_t>(batch.first);
    for (int x = 0; x < E; ++x)
      slot.offset[static_cast<std::size_t>(x)].upload_async(rebased_[static_cast<std::size_t>(x)].data() + first + b,
                                                            m + 1, stream);
    slot.order.upload_async(order_.data() + batch.order_first, m, stream);
    slot.params.upload_async(params_.data() + first, m, stream);
    slot.dt.upload_async(dt_.data() + first, m, stream);
    slot.steps.upload_async(steps_.data() + first, m, stream);
    slot.status.upload_async(status_.data() + first, m, stream);
    for (int f = 0; f < F; ++f) {
      const auto& data = field_[static_cast<std::size_t>(f)];
      if (data.size() == 0) continue;
      slot.field[static_cast<std::size_t>(f)].upload_async(data.data() + batch_first(f, batch), batch_values(f, batch),
                                                           stream);
    }
    for (int k = 0; k < S; ++k)
      slot.scalar[static_cast<std::size_t>(k)].upload_async(scalar_[static_cast<std::size_t>(k)].data() + first, m,
                                                            stream);
    if (with_target) slot.target.upload_async(target_.data() + first, m, stream);
  }

  /// Batch b's state back from slot s (asynchronous on stream s).
  void download_batch(std::size_t b, std::size_t s) {
    const Batch& batch = batches_[b];
    Slot& slot = slots_[s];
    StreamHandle stream = streams_[s]->get();
    const auto m = static_cast<std::size_t>(batch.members()), first = static_cast<std::size_t>(batch.first);
    for (int f = 0; f < F; ++f) {
      auto& data = field_[static_cast<std::size_t>(f)];
      if (data.size() == 0 || M::fields[static_cast<std::size_t>(f)].role != FieldRole::state) continue;
      slot.field[static_cast<std::size_t>(f)].download_async(data.data() + batch_first(f, batch),
                                                             batch_values(f, batch), stream);
    }
    for (int k = 0; k < S; ++k)
      slot.scalar[static_cast<std::size_t>(k)].download_async(scalar_[static_cast<std::size_t>(k)].data() + first, m,
                                                              stream);
    slot.steps.download_async(steps_.data() + first, m, stream);
    slot.status.download_async(status_.data() + first, m, stream);
  }

  void launch_batch(std::size_t b, std::size_t s) {
    const Batch& batch = batches_[b];
    Slot& slot = slots_[s];
    DevicePools<Real> pools;
    pools.thread = slot.thread_pool.data();
    pools.thread_stride = plan_.thread_stride;
    pools.thread_slices = plan_.thread_stride > 0 ? plan_.thread_pool / plan_.thread_stride : 0;
    pools.block = slot.block_pool.data();
    pools.block_stride = plan_.block_stride;
    pools.block_slices = plan_.block_stride > 0 ? plan_.block_pool / plan_.block_stride : 0;
    pools.grid = slot.grid_workspace.data();
    pools.grid_flags = slot.grid_flags.data();
    const EnsembleView<M, Real> v = view(slot, batch.members());
    for (const auto& range : batch.buckets) {
      const DeviceBucket bucket{range, slot.order.data() + range.begin};
      device_.template launch_bucket<M, Real>(v, slot.target.data(), bucket, pools, streams_[s]->get());
    }
  }

  CudaOptions options_;
  Device device_;
  DeviceShape shape_;
  std::int64_t members_ = 0;
  DevicePlan plan_;
  std::vector<Batch> batches_;
  std::vector<Slot> slots_;
  std::vector<std::unique_ptr<Stream>> streams_;
  // Pinned host staging (stage()): the ensemble's arrays, the batches' rebased offsets and order lists.
  HostBuffer<Params> params_;
  HostBuffer<Real> dt_;
  HostBuffer<std::int64_t> steps_, target_;
  HostBuffer<std::uint8_t> status_;
  std::array<HostBuffer<Real>, F> field_;
  std::array<HostBuffer<double>, S> scalar_;
  std::array<std::vector<std::int64_t>, E> offsets_, rebased_;
  std::vector<std::int64_t> order_;
};

}  // namespace rodswarm
