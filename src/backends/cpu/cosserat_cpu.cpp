/// @file cosserat_cpu.cpp
/// CPU backend for Cosserat ensembles: OpenMP over members, each member stepped by the shared stepper
/// (models/cosserat_stepper.hpp) with the sequential loop.
#include <omp.h>

#include <string>
#include <vector>

#include "running_members.hpp"
#include "rodswarm/cosserat_backend.hpp"
#include "rodswarm/integrators/bead_loop.hpp"

namespace rodswarm {
namespace {

template <class Real>
class CpuCosseratBackend final : public CosseratBackend<Real> {
 public:
  std::string description() const override {
    return "cpu (" + std::to_string(omp_get_max_threads()) + " OpenMP threads)";
  }

  void load(const cosserat::Ensemble<Real>& ensemble) override { ensemble_ = ensemble; }

  void advance(const std::vector<std::int64_t>& target) override {
    auto view = ensemble_.view();
    int max_work = 0;
    for (const auto& p : ensemble_.params) {
      const int w = cosserat::workspace_size(p.scheme, cosserat::shape_of(p));
      max_work = w > max_work ? w : max_work;
    }
    advance_running_members<Real>(view, target, max_work, [&](std::int64_t i, std::int64_t todo, Real* work) {
      return cosserat::advance_member(cosserat::member_io(view, i), view.dt[i], view.steps_done[i], todo, work,
                                      SequentialLoop{});
    });
  }

  void store(cosserat::Ensemble<Real>& ensemble) override {
    ensemble.x = ensemble_.x;
    ensemble.v = ensemble_.v;
    ensemble.Q = ensemble_.Q;
    ensemble.w = ensemble_.w;
    ensemble.growth = ensemble_.growth;
    ensemble.steps_done = ensemble_.steps_done;
    ensemble.status = ensemble_.status;
  }

 private:
  cosserat::Ensemble<Real> ensemble_;
};

}  // namespace

template <class Real>
std::unique_ptr<CosseratBackend<Real>> make_cpu_cosserat_backend() {
  return std::make_unique<CpuCosseratBackend<Real>>();
}

template std::unique_ptr<CosseratBackend<double>> make_cpu_cosserat_backend<double>();
template std::unique_ptr<CosseratBackend<float>> make_cpu_cosserat_backend<float>();

}  // namespace rodswarm
