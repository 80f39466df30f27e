/// @file rolling_cpu.cpp
/// CPU backend for rolling-contact ensembles: OpenMP over members, each member stepped by the shared stepper
/// (models/rolling_stepper.hpp).
#include <omp.h>

#include <string>
#include <vector>

#include "running_members.hpp"
#include "rodswarm/models/rolling_stepper.hpp"
#include "rodswarm/rolling_backend.hpp"

namespace rodswarm {
namespace {

template <class Real>
class CpuRollingBackend final : public RollingBackend<Real> {
 public:
  std::string description() const override {
    return "cpu (" + std::to_string(omp_get_max_threads()) + " OpenMP threads)";
  }

  void load(const rolling::Ensemble<Real>& ensemble) override { ensemble_ = ensemble; }

  void advance(const std::vector<std::int64_t>& target) override {
    auto view = ensemble_.view();
    advance_running_members<Real>(view, target, rolling::workspace_size(ensemble_.max_modes()),
                                  [&](std::int64_t i, std::int64_t todo, Real* work) {
                                    return rolling::advance_member(rolling::member_io(view, i), view.dt[i],
                                                                   view.steps_done[i], todo, work);
                                  });
  }

  void store(rolling::Ensemble<Real>& ensemble) override {
    ensemble.state = ensemble_.state;
    ensemble.twin = ensemble_.twin;
    ensemble.signal = ensemble_.signal;
    ensemble.lyapunov_log = ensemble_.lyapunov_log;
    ensemble.lyapunov_gap = ensemble_.lyapunov_gap;
    ensemble.steps_done = ensemble_.steps_done;
    ensemble.status = ensemble_.status;
  }

 private:
  rolling::Ensemble<Real> ensemble_;
};

}  // namespace

template <class Real>
std::unique_ptr<RollingBackend<Real>> make_cpu_rolling_backend() {
  return std::make_unique<CpuRollingBackend<Real>>();
}

template std::unique_ptr<RollingBackend<double>> make_cpu_rolling_backend<double>();
template std::unique_ptr<RollingBackend<float>> make_cpu_rolling_backend<float>();

}  // namespace rodswarm
