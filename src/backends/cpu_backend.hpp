/// @file cpu_backend.hpp
/// The scalar CPU backend, written once for every model: a copy of the ensemble in host memory, every running
/// member advanced by the model's stepper with the sequential loop policy (include/rodswarm/integrators/bead_loop.hpp)
/// in place, through the member loop (member_loop.hpp). Models with lane-generic physics run on its subclass, the
/// lane backend (lanes/lane_backend.hpp), unless RODSWARM_SIMD=scalar; this one stays their fallback and the CPU
/// reference of the lane backend's tests.
#pragma once

#include <omp.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "backends/lanes/lane_dispatch.hpp"
#include "backends/member_loop.hpp"
#include "rodswarm/backend.hpp"
#include "rodswarm/integrators/bead_loop.hpp"

namespace rodswarm {

template <class M, class Real>
class CpuBackend : public Backend<M, Real> {
 public:
  std::string description() const override {
    return "cpu (" + std::to_string(omp_get_max_threads()) + " OpenMP threads)";
  }

  void load(const Ensemble<M, Real>& ensemble) override { ensemble_ = ensemble; }

  void advance(const std::vector<std::int64_t>& target) override {
    const auto view = ensemble_.view();
    std::vector<std::int64_t> running;
    int workspace = 0;
    for (std::int64_t i = 0; i < view.members; ++i) {
      if (view.steps_to_do(target.data(), i) == 0) continue;
      running.push_back(i);
      workspace = std::max(workspace, M::sizes(view.params[i]).workspace);
    }
    last_loop_ = for_each_member<Real>(running, workspace, [&](std::int64_t i, Real* work) {
      const Outcome out = M::advance(view.member(i), view.dt[i], view.steps_done[i], view.steps_to_do(target.data(), i),
                                     work, SequentialLoop{});
      view.steps_done[i] += out.steps;
      view.status[i] = out.status;
    });
  }

  void store(Ensemble<M, Real>& ensemble) override { ensemble.copy_state_from(ensemble_); }

  SteadyResult solve_steady(Real tol, int max_iter) override {
    if constexpr (HasNewtonSteady<M>::value) {
      const auto view = ensemble_.view();
      const auto members = static_cast<std::size_t>(view.members);
      SteadyResult result;
      result.iterations.assign(members, 0);
      result.residual.assign(members, 0.0);
      result.converged.assign(members, 0);
      std::vector<std::int64_t> all(members);
      int workspace = 0;
      for (std::int64_t i = 0; i < view.members; ++i) {
        all[static_cast<std::size_t>(i)] = i;
        workspace = std::max(workspace, M::steady_workspace(view.params[i]));
      }
      for_each_member<Real>(all, workspace, [&](std::int64_t i, Real* work) {
        const NewtonOutcome out = M::steady(view.member(i), tol, max_iter, work);
        const auto k = static_cast<std::size_t>(i);
        result.iterations[k] = out.iterations;
        result.residual[k] = out.residual;
        result.converged[k] = out.converged ? 1 : 0;
      });
      return result;
    } else {
      (void)tol;
      (void)max_iter;
      throw std::logic_error(std::string("model ") + M::name + " has no Newton steady-state solver");
    }
  }

  /// How the last advance() spread its members (the lane backend: its packs) over threads (tests).
  MemberLoopStats last_loop() const { return last_loop_; }

 protected:
  Ensemble<M, Real> ensemble_;
  MemberLoopStats last_loop_;
};

/// The lane backend of the host's widest vector unit (or RODSWARM_SIMD's choice) where the model's physics is
/// lane-generic, else this scalar one.
template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_cpu_backend() {
  if constexpr (HasLanes<M>::value) {
    if (auto lanes = make_lane_backend<M, Real>(chosen_lane_isa())) return lanes;
  }
  return std::make_unique<CpuBackend<M, Real>>();
}

}  // namespace rodswarm
