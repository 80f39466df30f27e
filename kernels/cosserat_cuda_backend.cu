/// @file cosserat_cuda_backend.cu
/// CUDA backend for Cosserat ensembles. The ensemble is resident: load() uploads it once, advance() moves only
/// the step targets, store() brings the state back at a save point. Each member is advanced by one thread block
/// (cosserat_advance_block.cu); the grid is capped at a few blocks per SM, each with its own workspace slice.
#include <algorithm>
#include <string>
#include <vector>

#include "cosserat_kernels.cuh"
#include "block_grid.cuh"
#include "device_buffer.cuh"
#include "rodswarm/cosserat_backend.hpp"

namespace rodswarm {
namespace {

template <class Real>
class CudaCosseratBackend final : public CosseratBackend<Real> {
 public:
  std::string description() const override { return grid_.description(); }

  void load(const cosserat::Ensemble<Real>& e) override {
    members_ = e.members();
    node_offset_.upload(e.node_offset);
    element_offset_.upload(e.element_offset);
    voronoi_offset_.upload(e.voronoi_offset);
    rod_offset_.upload(e.rod_offset);
    params_.upload(e.params);
    dt_.upload(e.dt);
    rest_length0_.upload(e.rest_length0);
    radius_.upload(e.radius);
    rest_sigma_.upload(e.rest_sigma);
    rest_kappa_.upload(e.rest_kappa);
    clamp_.upload(e.clamp);
    x_.upload(e.x);
    v_.upload(e.v);
    Q_.upload(e.Q);
    w_.upload(e.w);
    growth_.upload(e.growth);
    steps_.upload(e.steps_done);
    status_.upload(e.status);
    int max_work = 0;
    for (const auto& p : e.params)
      max_work = std::max(max_work, cosserat::workspace_size(p.scheme, cosserat::shape_of(p)));
    grid_.plan(members_, e.max_nodes(), max_work);
  }

  void advance(const std::vector<std::int64_t>& target) override {
    if (members_ == 0) return;
    target_.upload(target);
    launch_cosserat_advance(view(), target_.data(), grid_.pool.data(), grid_.stride, grid_.blocks, grid_.threads,
                            nullptr);
    RODSWARM_CUDA_CHECK(cudaDeviceSynchronize());
  }

  void store(cosserat::Ensemble<Real>& e) override {
    x_.download(e.x);
    v_.download(e.v);
    Q_.download(e.Q);
    w_.download(e.w);
    growth_.download(e.growth);
    steps_.download(e.steps_done);
    status_.download(e.status);
  }

 private:
  cosserat::EnsembleView<Real> view() {
    return cosserat::EnsembleView<Real>{members_,
                                        node_offset_.data(),
                                        element_offset_.data(),
                                        voronoi_offset_.data(),
                                        rod_offset_.data(),
                                        params_.data(),
                                        dt_.data(),
                                        rest_length0_.data(),
                                        radius_.data(),
                                        rest_sigma_.data(),
                                        rest_kappa_.data(),
                                        clamp_.data(),
                                        x_.data(),
                                        v_.data(),
                                        Q_.data(),
                                        w_.data(),
                                        growth_.data(),
                                        steps_.data(),
                                        status_.data()};
  }

  BlockGrid<Real> grid_;
  std::int64_t members_ = 0;
  DeviceBuffer<std::int64_t> node_offset_, element_offset_, voronoi_offset_, rod_offset_, steps_, target_;
  DeviceBuffer<cosserat::Params<Real>> params_;
  DeviceBuffer<Real> dt_, rest_length0_, radius_, rest_sigma_, rest_kappa_, clamp_, x_, v_, Q_, w_, growth_;
  DeviceBuffer<std::uint8_t> status_;
};

}  // namespace

template <class Real>
std::unique_ptr<CosseratBackend<Real>> make_cuda_cosserat_backend(const CudaOptions&) {
  return std::make_unique<CudaCosseratBackend<Real>>();
}

template std::unique_ptr<CosseratBackend<double>> make_cuda_cosserat_backend<double>(const CudaOptions&);
template std::unique_ptr<CosseratBackend<float>> make_cuda_cosserat_backend<float>(const CudaOptions&);

}  // namespace rodswarm
