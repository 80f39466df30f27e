/// @file greenspan_cpu.cpp
/// CPU backend for Greenspan ensembles: OpenMP over members, each member stepped by the shared stepper
/// (models/greenspan_stepper.hpp) with the sequential bead loop.
#include <omp.h>

#include <string>
#include <vector>

#include "rodswarm/backend.hpp"
#include "rodswarm/integrators/bead_loop.hpp"

namespace rodswarm {
namespace {

template <class Real>
class CpuGreenspanBackend final : public GreenspanBackend<Real> {
 public:
  std::string description() const override {
    return "cpu (" + std::to_string(omp_get_max_threads()) + " OpenMP threads)";
  }

  void load(const greenspan::Ensemble<Real>& ensemble) override { ensemble_ = ensemble; }

  void advance(greenspan::Scheme scheme, const std::vector<std::int64_t>& target) override {
    auto view = ensemble_.view();
    const int max_n = ensemble_.max_n();
#pragma omp parallel
    {
      // Per-thread scratch, sized once for the largest member.
      std::vector<Real> scratch(static_cast<std::size_t>(greenspan::workspace_size(max_n)));
#pragma omp for schedule(dynamic, 16)
      for (std::int64_t i = 0; i < view.members; ++i) {
        const std::int64_t todo = target[static_cast<std::size_t>(i)] - view.steps_done[i];
        if (view.status[i] != status_ok || todo <= 0) continue;
        const auto& p = view.params[i];
        auto work =
            greenspan::MemberWork<Real>::bind(view.y + view.offset[i], view.v + view.offset[i], scratch.data(), p.n);
        bool diverged = false;
        view.steps_done[i] += greenspan::advance_member(work, p, scheme, view.dt[i], todo, SequentialLoop{}, &diverged);
        if (diverged) view.status[i] = status_diverged;
      }
    }
  }

  void store(greenspan::Ensemble<Real>& ensemble) override {
    ensemble.y = ensemble_.y;
    ensemble.v = ensemble_.v;
    ensemble.steps_done = ensemble_.steps_done;
    ensemble.status = ensemble_.status;
  }

  SteadyResult solve_steady(Real tol, int max_iter) override {
    auto view = ensemble_.view();
    const std::int64_t members = view.members;
    SteadyResult result;
    result.iterations.assign(static_cast<std::size_t>(members), 0);
    result.residual.assign(static_cast<std::size_t>(members), 0.0);
    result.converged.assign(static_cast<std::size_t>(members), 0);
    const int max_n = ensemble_.max_n();
#pragma omp parallel
    {
      std::vector<Real> scratch(static_cast<std::size_t>(greenspan::steady_workspace_size(max_n)));
#pragma omp for schedule(dynamic, 16)
      for (std::int64_t i = 0; i < members; ++i) {
        const auto& p = view.params[i];
        Real* y = view.y + view.offset[i];
        const auto out = greenspan::solve_steady(y, p, scratch.data(), tol, max_iter);
        for (int j = 0; j < p.n; ++j) view.v[view.offset[i] + j] = Real(0);
        const auto k = static_cast<std::size_t>(i);
        result.iterations[k] = out.iterations;
        result.residual[k] = static_cast<double>(out.residual);
        result.converged[k] = out.converged ? 1 : 0;
      }
    }
    return result;
  }

 private:
  greenspan::Ensemble<Real> ensemble_;
};

}  // namespace

template <class Real>
std::unique_ptr<GreenspanBackend<Real>> make_cpu_greenspan_backend() {
  return std::make_unique<CpuGreenspanBackend<Real>>();
}

template std::unique_ptr<GreenspanBackend<double>> make_cpu_greenspan_backend<double>();
template std::unique_ptr<GreenspanBackend<float>> make_cpu_greenspan_backend<float>();

}  // namespace rodswarm
