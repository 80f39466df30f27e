/// @file greenspan_cuda_backend.cu
/// CUDA backend for Greenspan ensembles.
///
/// load() sorts the members into kernel-layout buckets (gpu/member_buckets.hpp) and plans batches against the
/// device memory budget (gpu/batch_plan.hpp). A resident ensemble (one batch) is uploaded once and stays on the
/// device between save points: advance() then moves only the step targets, store() the state. A streamed
/// ensemble lives in pinned host memory; each advance() sends batch b through device slot b % slots on its own
/// stream (copy in, kernels, copy out), so that the copies of one batch overlap the kernels of another.
#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "device_buffer.cuh"
#include "greenspan_kernels.cuh"
#include "rodswarm/backend.hpp"
#include "rodswarm/gpu/greenspan_footprint.hpp"

namespace rodswarm {
namespace {

/// Device arrays for one batch (the whole ensemble when resident).
template <class Real>
struct DeviceSlot {
  DeviceBuffer<std::int64_t> offset, order, steps, target;
  DeviceBuffer<greenspan::Params<Real>> params;
  DeviceBuffer<Real> dt, y, v, grid_scratch;
  DeviceBuffer<std::uint8_t> status;
  DeviceBuffer<unsigned> grid_flags;

  void allocate(std::int64_t members, std::int64_t beads, int grid_n) {
    const auto m = static_cast<std::size_t>(members), b = static_cast<std::size_t>(beads);
    offset.resize(m + 1);
    order.resize(m);
    steps.resize(m);
    target.resize(m);
    params.resize(m);
    dt.resize(m);
    status.resize(m);
    y.resize(b);
    v.resize(b);
    grid_scratch.resize(grid_n > 0 ? static_cast<std::size_t>(greenspan::workspace_size(grid_n)) : 0);
    grid_flags.resize(3);
  }
  greenspan::EnsembleView<Real> view(std::int64_t members) {
    return greenspan::EnsembleView<Real>{members,  offset.data(), params.data(), dt.data(),
                                         y.data(), v.data(),      steps.data(),  status.data()};
  }
};

/// One batch of the plan: members [first, last), beads [bead_first, bead_last), its slice of the order list.
struct Batch {
  std::int64_t first = 0, last = 0, bead_first = 0, bead_last = 0, order_first = 0;
  std::vector<BucketRange> buckets;
  std::int64_t members() const { return last - first; }
  std::int64_t beads() const { return bead_last - bead_first; }
};

class Stream {
 public:
  Stream() { RODSWARM_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream() { cudaStreamDestroy(stream_); }
  cudaStream_t get() const { return stream_; }
  void synchronize() const { RODSWARM_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

 private:
  cudaStream_t stream_ = nullptr;
};

template <class Real>
class CudaGreenspanBackend final : public GreenspanBackend<Real> {
 public:
  explicit CudaGreenspanBackend(const CudaOptions& options) : options_(options) {
    if (cuda_device_count() == 0) throw std::runtime_error("no CUDA device is available");
    device_ = cuda_device_name();
  }

  std::string description() const override {
    std::string d = "cuda (" + device_;
    if (!layouts_.empty()) {
      d += ", layout ";
      for (auto it = layouts_.begin(); it != layouts_.end(); ++it) d += (it == layouts_.begin() ? "" : "+") + *it;
    }
    if (plan_.streamed) d += ", streamed in " + std::to_string(plan_.batches()) + " batches";
    return d + ")";
  }

  void load(const greenspan::Ensemble<Real>& e) override {
    members_ = e.members();
    const std::size_t shared_limit = cuda_shared_memory_per_block();
    const std::size_t budget = options_.device_memory > 0
                                   ? options_.device_memory
                                   : static_cast<std::size_t>(0.9 * static_cast<double>(cuda_device_memory().free));
    // Classify once: grid_n_ sizes both the plan's footprint and the slots' grid workspace.
    grid_n_ = greenspan::grid_layout_max_n(e.params.data(), members_, sizeof(Real), shared_limit, options_.layout);
    plan_ =
        plan_batches(e.offset.data(), members_, greenspan::device_footprint<Real>(grid_n_), budget, options_.streams);
    stage(e);
    build_batches(e, shared_limit);
    const std::size_t slot_count = plan_.streamed ? static_cast<std::size_t>(plan_.slots) : 1;
    std::int64_t max_members = 0, max_beads = 0;
    for (const auto& b : batches_) {
      max_members = std::max(max_members, b.members());
      max_beads = std::max(max_beads, b.beads());
    }
    slots_.clear();
    streams_.clear();
    slots_.reserve(slot_count);
    for (std::size_t s = 0; s < slot_count; ++s) {
      slots_.emplace_back();
      slots_.back().allocate(max_members, max_beads, grid_n_);
      streams_.emplace_back(new Stream());
    }
    if (!plan_.streamed && !batches_.empty()) {
      upload_batch(0, 0, false);
      streams_[0]->synchronize();
    }
  }

  void advance(greenspan::Scheme scheme, const std::vector<std::int64_t>& target) override {
    std::copy(target.begin(), target.end(), h_target_.data());
    if (!plan_.streamed) {
      if (batches_.empty()) return;
      slots_[0].target.upload_async(h_target_.data(), static_cast<std::size_t>(members_), streams_[0]->get());
      launch_batch(0, 0, scheme);
      streams_[0]->synchronize();
      return;
    }
    for (std::size_t b = 0; b < batches_.size(); ++b) {
      const std::size_t s = b % slots_.size();  // stream order keeps slot s's batches from overlapping
      upload_batch(b, s, true);
      launch_batch(b, s, scheme);
      download_batch(b, s);
    }
    for (auto& stream : streams_) stream->synchronize();
  }

  void store(greenspan::Ensemble<Real>& e) override {
    if (!plan_.streamed && !batches_.empty()) {
      download_batch(0, 0);
      streams_[0]->synchronize();
    }
    const auto beads = static_cast<std::size_t>(e.beads());
    std::copy(h_y_.data(), h_y_.data() + beads, e.y.begin());
    std::copy(h_v_.data(), h_v_.data() + beads, e.v.begin());
    std::copy(h_steps_.data(), h_steps_.data() + members_, e.steps_done.begin());
    std::copy(h_status_.data(), h_status_.data() + members_, e.status.begin());
  }

  SteadyResult solve_steady(Real tol, int max_iter) override {
    SteadyResult r;
    r.iterations.resize(static_cast<std::size_t>(members_));
    r.residual.resize(static_cast<std::size_t>(members_));
    r.converged.resize(static_cast<std::size_t>(members_));
    // Batch by batch through slot 0 (resident: the one batch is already there).
    for (std::size_t b = 0; b < batches_.size(); ++b) {
      const Batch& batch = batches_[b];
      cudaStream_t stream = streams_[0]->get();
      if (plan_.streamed) upload_batch(b, 0, false);
      const auto m = static_cast<std::size_t>(batch.members());
      // steady_workspace_size is linear in n (6 values per bead), so one buffer serves the batch's beads.
      DeviceBuffer<Real> scratch(static_cast<std::size_t>(greenspan::steady_workspace_size(1)) *
                                 static_cast<std::size_t>(std::max<std::int64_t>(batch.beads(), 1)));
      DeviceBuffer<std::int32_t> iterations(m);
      DeviceBuffer<double> residual(m);
      DeviceBuffer<std::uint8_t> converged(m);
      launch_solve_greenspan_steady<Real>(slots_[0].view(batch.members()), scratch.data(), tol, max_iter,
                                          iterations.data(), residual.data(), converged.data(), stream);
      const auto first = static_cast<std::size_t>(batch.first);
      iterations.download_async(r.iterations.data() + first, m, stream);
      residual.download_async(r.residual.data() + first, m, stream);
      converged.download_async(r.converged.data() + first, m, stream);
      if (plan_.streamed) download_batch(b, 0);
      streams_[0]->synchronize();
    }
    return r;
  }

 private:
  /// Copies the ensemble into pinned host memory, the source and target of every transfer.
  void stage(const greenspan::Ensemble<Real>& e) {
    const auto m = static_cast<std::size_t>(members_), beads = static_cast<std::size_t>(e.beads());
    h_params_.resize(m);
    h_dt_.resize(m);
    h_steps_.resize(m);
    h_target_.resize(m);
    h_status_.resize(m);
    h_y_.resize(beads);
    h_v_.resize(beads);
    std::copy(e.params.begin(), e.params.end(), h_params_.data());
    std::copy(e.dt.begin(), e.dt.end(), h_dt_.data());
    std::copy(e.steps_done.begin(), e.steps_done.end(), h_steps_.data());
    std::copy(e.status.begin(), e.status.end(), h_status_.data());
    std::copy(e.y.begin(), e.y.end(), h_y_.data());
    std::copy(e.v.begin(), e.v.end(), h_v_.data());
  }

  /// Cuts the plan into batches, each with its members' offsets rebased to its first bead and its buckets.
  void build_batches(const greenspan::Ensemble<Real>& e, std::size_t shared_limit) {
    batches_.clear();
    layouts_.clear();
    const std::size_t count = plan_.batches();
    h_offset_.resize(static_cast<std::size_t>(members_) + count);
    h_order_.resize(static_cast<std::size_t>(members_));
    auto n_of = [&](std::int64_t i) { return e.params[static_cast<std::size_t>(i)].n; };
    auto shared_of = [](int n) { return greenspan::shared_bytes_per_member<Real>(n); };
    std::int64_t order_pos = 0;
    for (std::size_t b = 0; b < count; ++b) {
      Batch batch;
      batch.first = plan_.starts[b];
      batch.last = plan_.starts[b + 1];
      batch.bead_first = e.offset[static_cast<std::size_t>(batch.first)];
      batch.bead_last = e.offset[static_cast<std::size_t>(batch.last)];
      for (std::int64_t i = batch.first; i <= batch.last; ++i) {
        h_offset_[static_cast<std::size_t>(i) + b] = e.offset[static_cast<std::size_t>(i)] - batch.bead_first;
      }
      MemberBuckets buckets = bucket_members(batch.first, batch.last, n_of, shared_of, shared_limit, options_.layout);
      batch.order_first = order_pos;
      std::copy(buckets.order.begin(), buckets.order.end(), h_order_.data() + order_pos);
      order_pos += static_cast<std::int64_t>(buckets.order.size());
      batch.buckets = buckets.ranges;
      for (const auto& range : batch.buckets) layouts_.insert(layout_name(range.layout));
      batches_.push_back(batch);
    }
  }

  /// Batch b's arrays into slot s (asynchronous on stream s); the step targets too when `with_target`.
  void upload_batch(std::size_t b, std::size_t s, bool with_target) {
    const Batch& batch = batches_[b];
    DeviceSlot<Real>& slot = slots_[s];
    cudaStream_t stream = streams_[s]->get();
    const auto m = static_cast<std::size_t>(batch.members()), beads = static_cast<std::size_t>(batch.beads());
    const auto first = static_cast<std::size_t>(batch.first), bead_first = static_cast<std::size_t>(batch.bead_first);
    slot.offset.upload_async(h_offset_.data() + first + b, m + 1, stream);
    slot.order.upload_async(h_order_.data() + batch.order_first, m, stream);
    slot.params.upload_async(h_params_.data() + first, m, stream);
    slot.dt.upload_async(h_dt_.data() + first, m, stream);
    slot.steps.upload_async(h_steps_.data() + first, m, stream);
    slot.status.upload_async(h_status_.data() + first, m, stream);
    slot.y.upload_async(h_y_.data() + bead_first, beads, stream);
    slot.v.upload_async(h_v_.data() + bead_first, beads, stream);
    if (with_target) slot.target.upload_async(h_target_.data() + first, m, stream);
  }

  /// Batch b's state back from slot s (asynchronous on stream s).
  void download_batch(std::size_t b, std::size_t s) {
    const Batch& batch = batches_[b];
    DeviceSlot<Real>& slot = slots_[s];
    cudaStream_t stream = streams_[s]->get();
    const auto m = static_cast<std::size_t>(batch.members()), beads = static_cast<std::size_t>(batch.beads());
    const auto first = static_cast<std::size_t>(batch.first), bead_first = static_cast<std::size_t>(batch.bead_first);
    slot.y.download_async(h_y_.data() + bead_first, beads, stream);
    slot.v.download_async(h_v_.data() + bead_first, beads, stream);
    slot.steps.download_async(h_steps_.data() + first, m, stream);
    slot.status.download_async(h_status_.data() + first, m, stream);
  }

  void launch_batch(std::size_t b, std::size_t s, greenspan::Scheme scheme) {
    const Batch& batch = batches_[b];
    DeviceSlot<Real>& slot = slots_[s];
    const GridWorkspace<Real> grid{slot.grid_scratch.data(), slot.grid_flags.data()};
    for (const auto& range : batch.buckets) {
      const DeviceBucket bucket{range.layout, range.max_n, slot.order.data() + range.begin, range.end - range.begin};
      launch_advance_greenspan<Real>(slot.view(batch.members()), scheme, slot.target.data(), bucket, grid,
                                     streams_[s]->get());
    }
  }

  CudaOptions options_;
  std::string device_;
  std::int64_t members_ = 0;
  int grid_n_ = 0;
  BatchPlan plan_;
  std::vector<Batch> batches_;
  std::set<std::string> layouts_;
  std::vector<DeviceSlot<Real>> slots_;
  std::vector<std::unique_ptr<Stream>> streams_;
  PinnedBuffer<std::int64_t> h_offset_, h_order_, h_steps_, h_target_;
  PinnedBuffer<greenspan::Params<Real>> h_params_;
  PinnedBuffer<Real> h_dt_, h_y_, h_v_;
  PinnedBuffer<std::uint8_t> h_status_;
};

}  // namespace

template <class Real>
std::unique_ptr<GreenspanBackend<Real>> make_cuda_greenspan_backend(const CudaOptions& options) {
  return std::make_unique<CudaGreenspanBackend<Real>>(options);
}

template std::unique_ptr<GreenspanBackend<double>> make_cuda_greenspan_backend<double>(const CudaOptions&);
template std::unique_ptr<GreenspanBackend<float>> make_cuda_greenspan_backend<float>(const CudaOptions&);

}  // namespace rodswarm
