/// @file greenspan_cuda_backend.cu
/// CUDA backend for Greenspan ensembles: device copies of the SoA buffers, kept on the device between save
/// points; load/store are the only host-device transfers of state.
#include <string>

#include "device_buffer.cuh"
#include "greenspan_kernels.cuh"
#include "rodswarm/backend.hpp"

namespace rodswarm {
namespace {

template <class Real>
class CudaGreenspanBackend final : public GreenspanBackend<Real> {
 public:
  CudaGreenspanBackend() {
    if (cuda_device_count() == 0) throw std::runtime_error("no CUDA device is available");
    device_ = cuda_device_name();
  }

  std::string description() const override { return "cuda (" + device_ + ")"; }

  void load(const greenspan::Ensemble<Real>& e) override {
    members_ = e.members();
    max_n_ = e.max_n();
    offset_.upload(e.offset);
    params_.upload(e.params);
    dt_.upload(e.dt);
    y_.upload(e.y);
    v_.upload(e.v);
    steps_.upload(e.steps_done);
    status_.upload(e.status);
  }

  void advance(greenspan::Scheme scheme, const std::vector<std::int64_t>& target) override {
    target_.upload(target);
    launch_advance_greenspan<Real>(view(), scheme, target_.data(), max_n_);
  }

  void store(greenspan::Ensemble<Real>& e) override {
    y_.download(e.y);
    v_.download(e.v);
    steps_.download(e.steps_done);
    status_.download(e.status);
  }

  SteadyResult solve_steady(Real tol, int max_iter) override {
    DeviceBuffer<Real> scratch(6 * y_.size());
    DeviceBuffer<std::int32_t> iterations(static_cast<std::size_t>(members_));
    DeviceBuffer<double> residual(static_cast<std::size_t>(members_));
    DeviceBuffer<std::uint8_t> converged(static_cast<std::size_t>(members_));
    launch_solve_greenspan_steady<Real>(view(), scratch.data(), tol, max_iter, iterations.data(), residual.data(),
                                        converged.data());
    SteadyResult r;
    iterations.download(r.iterations);
    residual.download(r.residual);
    converged.download(r.converged);
    return r;
  }

 private:
  greenspan::EnsembleView<Real> view() {
    return greenspan::EnsembleView<Real>{members_,  offset_.data(), params_.data(), dt_.data(),
                                         y_.data(), v_.data(),      steps_.data(),  status_.data()};
  }

  std::string device_;
  std::int64_t members_ = 0;
  int max_n_ = 0;
  DeviceBuffer<std::int64_t> offset_;
  DeviceBuffer<greenspan::Params<Real>> params_;
  DeviceBuffer<Real> dt_, y_, v_;
  DeviceBuffer<std::int64_t> steps_, target_;
  DeviceBuffer<std::uint8_t> status_;
};

}  // namespace

template <class Real>
std::unique_ptr<GreenspanBackend<Real>> make_cuda_greenspan_backend() {
  return std::make_unique<CudaGreenspanBackend<Real>>();
}

template std::unique_ptr<GreenspanBackend<double>> make_cuda_greenspan_backend<double>();
template std::unique_ptr<GreenspanBackend<float>> make_cuda_greenspan_backend<float>();

}  // namespace rodswarm
