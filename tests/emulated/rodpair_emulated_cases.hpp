// Model rodpair in the emulated suite (test_emulated.cpp): the thread layout in global memory (its only one), the
// crossing pair, members of rods from 3 to 100 nodes, and more members than a one-SM card's thread pool has
// threads.
#pragma once

#include "emulated_fixture.hpp"

namespace rodswarm {

template <>
struct EmulatedCases<rodpair::Model> {
  /// The crossing pair, 40 steps with 4 save points.
  static std::vector<ExampleCase> short_runs() {
    return {{"crossing.json", {"integrator.t_end=0.004", "output.save_every=0.001"}}};
  }
  template <class Real>
  static std::vector<SizedCase> mixed_sizes() {
    return {{{"crossing.json",
              {"integrator.t_end=0.001", "output.save_every=0.0005",
               "ensemble={\"mode\": \"grid\", \"vary\": {\"rod1.params.n\": [2, 9, 40, 99]}}"}},
             "h100",
             {"thread"}}};
  }
  static ExampleCase diverging() { return {"crossing.json", {"integrator.t_end=0.006", "output.save_every=0.002"}}; }
  static constexpr double diverging_dt_factor = 40;
  /// One SM: a thread-layout launch of at most thread_pool_blocks_per_sm blocks of thread_block_size threads.
  static constexpr std::int64_t slices_on_one_sm = std::int64_t{thread_pool_blocks_per_sm} * thread_block_size;
  static ExampleCase many_members() {
    return {"crossing.json",
            {"rod1.params.n=4", "rod2.params.n=4", "integrator.t_end=0.0003", "output.save_every=0.0001",
             "ensemble={\"mode\": \"random\", \"count\": 2100, \"vary\": {\"rod1.initial.angular_velocity[0]\": "
             "{\"uniform\": [1, 3]}}}"}};
  }
  /// Members of rods of 5 nodes, more than the thread pool of one SM has threads (2048), and enough that the budget
  /// (3 streams x (pools + members / 8)) makes them stream: their arrays must outweigh 3.2 times the pools'
  /// workspace (2.65 kB a member against 8.5 MB in float64: over 10 200 members). 12000, not rolling's 20000: each
  /// costs the asan build more.
  static ExampleCase streamed() {
    return {"crossing.json",
            {"rod1.params.n=4", "rod2.params.n=4", "integrator.t_end=0.0002", "output.save_every=0.0001",
             "ensemble={\"mode\": \"random\", \"count\": 12000, \"vary\": {\"rod1.initial.angular_velocity[0]\": "
             "{\"uniform\": [1, 3]}}}"}};
  }
};

}  // namespace rodswarm
