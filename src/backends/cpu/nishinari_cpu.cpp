/// @file nishinari_cpu.cpp
/// CPU backend for Nishinari ensembles: OpenMP over members, each member stepped by the shared stepper
/// (models/nishinari_stepper.hpp) with the sequential bead loop.
#include <omp.h>

#include <string>
#include <vector>

#include "running_members.hpp"
#include "rodswarm/integrators/bead_loop.hpp"
#include "rodswarm/models/nishinari_stepper.hpp"
#include "rodswarm/nishinari_backend.hpp"

namespace rodswarm {
namespace {

template <class Real>
class CpuNishinariBackend final : public NishinariBackend<Real> {
 public:
  std::string description() const override {
    return "cpu (" + std::to_string(omp_get_max_threads()) + " OpenMP threads)";
  }

  void load(const nishinari::Ensemble<Real>& ensemble) override { ensemble_ = ensemble; }

  void advance(const std::vector<std::int64_t>& target) override {
    auto view = ensemble_.view();
    int max_work = 0;
    for (const auto& p : ensemble_.params) {
      const int w = nishinari::workspace_size(p.formulation, p.n);
      max_work = w > max_work ? w : max_work;
    }
    advance_running_members<Real>(view, target, max_work, [&](std::int64_t i, std::int64_t todo, Real* work) {
      const std::int64_t b = view.bead_offset[i];
      const std::int64_t s = nishinari::segment_offset(view.bead_offset, i);
      const nishinari::MemberIO<Real> io{view.r + 3 * b, view.v + 3 * b, view.normal + 3 * s, view.spin + s};
      return nishinari::advance_member(io, view.params[i], view.dt[i], todo, work, SequentialLoop{});
    });
  }

  void store(nishinari::Ensemble<Real>& ensemble) override {
    ensemble.r = ensemble_.r;
    ensemble.v = ensemble_.v;
    ensemble.normal = ensemble_.normal;
    ensemble.spin = ensemble_.spin;
    ensemble.steps_done = ensemble_.steps_done;
    ensemble.status = ensemble_.status;
  }

 private:
  nishinari::Ensemble<Real> ensemble_;
};

}  // namespace

template <class Real>
std::unique_ptr<NishinariBackend<Real>> make_cpu_nishinari_backend() {
  return std::make_unique<CpuNishinariBackend<Real>>();
}

template std::unique_ptr<NishinariBackend<double>> make_cpu_nishinari_backend<double>();
template std::unique_ptr<NishinariBackend<float>> make_cpu_nishinari_backend<float>();

}  // namespace rodswarm
