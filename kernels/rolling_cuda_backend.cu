/// @file rolling_cuda_backend.cu
/// CUDA backend for rolling-contact ensembles. The ensemble is resident: load() uploads it once, advance() moves
/// only the step targets, store() brings the state back at a save point. One thread advances one member
/// (rolling_advance_thread.cu); the grid is capped at a few waves of blocks per SM, each thread with its own
/// workspace slice.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "device_buffer.cuh"
#include "rodswarm/models/rolling_stepper.hpp"
#include "rodswarm/rolling_backend.hpp"
#include "rolling_kernels.cuh"

namespace rodswarm {
namespace {

constexpr int threads_per_block = 128;

template <class Real>
class CudaRollingBackend final : public RollingBackend<Real> {
 public:
  CudaRollingBackend() {
    if (cuda_device_count() == 0) throw std::runtime_error("no CUDA device is available");
    RODSWARM_CUDA_CHECK(cudaDeviceGetAttribute(&sms_, cudaDevAttrMultiProcessorCount, 0));
  }

  std::string description() const override {
    return "cuda (" + cuda_device_name() + ", thread per member, " + std::to_string(threads_per_block) +
           "-thread blocks)";
  }

  void load(const rolling::Ensemble<Real>& e) override {
    members_ = e.members();
    state_offset_.upload(e.state_offset);
    signal_offset_.upload(e.signal_offset);
    params_.upload(e.params);
    dt_.upload(e.dt);
    state_.upload(e.state);
    twin_.upload(e.twin);
    signal_.upload(e.signal);
    lyapunov_log_.upload(e.lyapunov_log);
    lyapunov_gap_.upload(e.lyapunov_gap);
    steps_.upload(e.steps_done);
    status_.upload(e.status);
    // Enough threads to fill every SM 16 blocks deep, never more than the members.
    const std::int64_t cap = 16LL * sms_ * threads_per_block;
    const std::int64_t threads = std::max<std::int64_t>(1, std::min<std::int64_t>(members_, cap));
    blocks_ = static_cast<int>((threads + threads_per_block - 1) / threads_per_block);
    stride_ = rolling::workspace_size(std::max(1, e.max_modes()));
    pool_.resize(static_cast<std::size_t>(blocks_) * threads_per_block * static_cast<std::size_t>(stride_));
  }

  void advance(const std::vector<std::int64_t>& target) override {
    if (members_ == 0) return;
    target_.upload(target);
    launch_rolling_advance(view(), target_.data(), pool_.data(), stride_, blocks_, threads_per_block, nullptr);
    RODSWARM_CUDA_CHECK(cudaDeviceSynchronize());
  }

  void store(rolling::Ensemble<Real>& e) override {
    state_.download(e.state);
    twin_.download(e.twin);
    signal_.download(e.signal);
    lyapunov_log_.download(e.lyapunov_log);
    lyapunov_gap_.download(e.lyapunov_gap);
    steps_.download(e.steps_done);
    status_.download(e.status);
  }

 private:
  rolling::EnsembleView<Real> view() {
    return rolling::EnsembleView<Real>{members_,
                                       state_offset_.data(),
                                       signal_offset_.data(),
                                       params_.data(),
                                       dt_.data(),
                                       state_.data(),
                                       twin_.size() ? twin_.data() : nullptr,
                                       signal_.size() ? signal_.data() : nullptr,
                                       lyapunov_log_.data(),
                                       lyapunov_gap_.data(),
                                       steps_.data(),
                                       status_.data()};
  }

  int sms_ = 1, blocks_ = 1;
  std::int64_t members_ = 0, stride_ = 0;
  DeviceBuffer<std::int64_t> state_offset_, signal_offset_, steps_, target_;
  DeviceBuffer<rolling::Params<Real>> params_;
  DeviceBuffer<Real> dt_, state_, twin_, signal_, pool_;
  DeviceBuffer<double> lyapunov_log_, lyapunov_gap_;
  DeviceBuffer<std::uint8_t> status_;
};

}  // namespace

template <class Real>
std::unique_ptr<RollingBackend<Real>> make_cuda_rolling_backend(const CudaOptions&) {
  return std::make_unique<CudaRollingBackend<Real>>();
}

template std::unique_ptr<RollingBackend<double>> make_cuda_rolling_backend<double>(const CudaOptions&);
template std::unique_ptr<RollingBackend<float>> make_cuda_rolling_backend<float>(const CudaOptions&);

}  // namespace rodswarm
