/// @file nishinari_cuda_backend.cu
/// CUDA backend for Nishinari ensembles. The ensemble is resident: load() uploads it once, advance() moves only
/// the step targets, store() brings the Cartesian state back at a save point. Each member is advanced by one
/// thread block (nishinari_advance_block.cu); the grid is capped at a few blocks per SM, each with its own
/// workspace slice, so the workspace pool does not grow with the ensemble.
#include <algorithm>
#include <string>
#include <vector>

#include "block_grid.cuh"
#include "device_buffer.cuh"
#include "nishinari_kernels.cuh"
#include "rodswarm/models/nishinari_stepper.hpp"
#include "rodswarm/nishinari_backend.hpp"

namespace rodswarm {
namespace {

template <class Real>
class CudaNishinariBackend final : public NishinariBackend<Real> {
 public:
  std::string description() const override { return grid_.description(); }

  void load(const nishinari::Ensemble<Real>& ensemble) override {
    members_ = ensemble.members();
    bead_offset_.upload(ensemble.bead_offset);
    params_.upload(ensemble.params);
    dt_.upload(ensemble.dt);
    r_.upload(ensemble.r);
    v_.upload(ensemble.v);
    normal_.upload(ensemble.normal);
    spin_.upload(ensemble.spin);
    steps_.upload(ensemble.steps_done);
    status_.upload(ensemble.status);
    int max_work = 0;
    for (const auto& p : ensemble.params) max_work = std::max(max_work, nishinari::workspace_size(p.formulation, p.n));
    grid_.plan(members_, ensemble.max_n(), max_work);
  }

  void advance(const std::vector<std::int64_t>& target) override {
    if (members_ == 0) return;
    target_.upload(target);
    launch_nishinari_advance(view(), target_.data(), grid_.pool.data(), grid_.stride, grid_.blocks, grid_.threads,
                             nullptr);
    RODSWARM_CUDA_CHECK(cudaDeviceSynchronize());
  }

  void store(nishinari::Ensemble<Real>& ensemble) override {
    r_.download(ensemble.r);
    v_.download(ensemble.v);
    normal_.download(ensemble.normal);
    spin_.download(ensemble.spin);
    steps_.download(ensemble.steps_done);
    status_.download(ensemble.status);
  }

 private:
  nishinari::EnsembleView<Real> view() {
    return nishinari::EnsembleView<Real>{members_,  bead_offset_.data(), params_.data(), dt_.data(),    r_.data(),
                                         v_.data(), normal_.data(),      spin_.data(),   steps_.data(), status_.data()};
  }

  BlockGrid<Real> grid_;
  std::int64_t members_ = 0;
  DeviceBuffer<std::int64_t> bead_offset_, steps_, target_;
  DeviceBuffer<nishinari::Params<Real>> params_;
  DeviceBuffer<Real> dt_, r_, v_, normal_, spin_;
  DeviceBuffer<std::uint8_t> status_;
};

}  // namespace

template <class Real>
std::unique_ptr<NishinariBackend<Real>> make_cuda_nishinari_backend(const CudaOptions&) {
  return std::make_unique<CudaNishinariBackend<Real>>();
}

template std::unique_ptr<NishinariBackend<double>> make_cuda_nishinari_backend<double>(const CudaOptions&);
template std::unique_ptr<NishinariBackend<float>> make_cuda_nishinari_backend<float>(const CudaOptions&);

}  // namespace rodswarm
