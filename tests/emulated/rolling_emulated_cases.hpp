// Model rolling in the emulated suite (test_emulated.cpp): the thread layout in global memory (its only one),
// periodic and fixed strings, members of a few to hundreds of modes, and more members than a one-SM card's
// thread pool has threads.
#pragma once

#include "emulated_fixture.hpp"

namespace rodswarm {

template <>
struct EmulatedCases<rolling::Model> {
  /// The periodic strings and the paper's fixed strings, 20 steps with 4 save points.
  static std::vector<ExampleCase> short_runs() {
    return {{"periodic.json", {"integrator.t_end=0.2", "output.save_every=0.05"}},
            {"fixed_contact.json",
             {"integrator.t_end=0.1", "output.save_every=0.025", "analysis.lyapunov.renorm_interval=0.05",
              "analysis.lyapunov.d0=1e-3"}}};
  }
  template <class Real>
  static std::vector<SizedCase> mixed_sizes() {
    return {{{"periodic.json",
              {"integrator.t_end=0.05", "output.save_every=0.01",
               "ensemble={\"mode\": \"grid\", \"vary\": {\"params.modes\": [1, 8, 65, 200]}}"}},
             "h100",
             {"thread"}}};
  }
  /// dt omega_max = 0.4 x 16 = 6.4 > 2.8: RK4 amplifies the top mode 60-fold a step.
  static ExampleCase diverging() {
    return {"fixed_contact.json",
            {"params.modes=32", "params.sigma=0.4", "integrator.t_end=2", "output.save_every=0.5",
             "analysis.lyapunov.d0=1e-3"}};
  }
  static constexpr double diverging_dt_factor = 80;
  /// One SM: a thread-layout launch of at most thread_pool_blocks_per_sm blocks of thread_block_size threads.
  static constexpr std::int64_t slices_on_one_sm = std::int64_t{thread_pool_blocks_per_sm} * thread_block_size;
  static ExampleCase many_members() {
    return {"periodic.json",
            {"params.modes=4", "integrator.t_end=0.03", "output.save_every=0.01", "output.points=9",
             "ensemble={\"mode\": \"random\", \"count\": 2100, \"vary\": {\"params.F\": {\"uniform\": [0.5, 1.5]}}}"}};
  }
  /// Members of one mode, many against the thread pool of one SM (2048 threads' workspace in every slot).
  static ExampleCase streamed() {
    return {"periodic.json",
            {"params.modes=1", "integrator.t_end=0.02", "output.save_every=0.01", "output.points=3",
             "ensemble={\"mode\": \"random\", \"count\": 20000, \"vary\": {\"params.F\": {\"uniform\": [0.5, 1.5]}}}"}};
  }
};

}  // namespace rodswarm
