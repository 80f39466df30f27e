// Model cosserat in the emulated suite (test_emulated.cpp): the block layout in global memory (its only one), the
// RK4 and Verlet schemes, members from a few nodes to more nodes than a block has threads.
#pragma once

#include "emulated_fixture.hpp"

namespace rodswarm {

template <>
struct EmulatedCases<cosserat::Model> {
  /// The dynamic cantilever (RK4) and axial stretching (Verlet with damping), 40 steps with 4 save points.
  static std::vector<ExampleCase> short_runs() {
    return {{"dynamic_cantilever.json", {"integrator.t_end=0.002", "output.save_every=0.0005"}},
            {"axial_stretching.json", {"integrator.t_end=0.08", "output.save_every=0.02"}}};
  }
  template <class Real>
  static std::vector<SizedCase> mixed_sizes() {
    return {{{"dynamic_cantilever.json",
              {"integrator.t_end=0.0005", "output.save_every=0.0001",
               "ensemble={\"mode\": \"grid\", \"vary\": {\"params.n\": [2, 33, 50, 300]}}"}},
             "h100",
             {"block"}}};
  }
  static ExampleCase diverging() {
    return {"dynamic_cantilever.json",
            {"params.n=12", "integrator.scheme=\"verlet\"", "integrator.t_end=0.003", "output.save_every=0.001"}};
  }
  static constexpr double diverging_dt_factor = 50;
  static constexpr std::int64_t slices_on_one_sm = block_pool_blocks_per_sm;
  static ExampleCase many_members() {
    return {"dynamic_cantilever.json",
            {"params.n=10", "integrator.t_end=0.0005", "output.save_every=0.0001",
             "ensemble={\"mode\": \"grid\", \"vary\": {\"params.youngs_modulus\": {\"linspace\": [5e6, 2e7, 20]}}}"}};
  }
  /// Members of 3 nodes, many against the block pool of one SM (8 blocks' workspace in every slot).
  static ExampleCase streamed() {
    return {"dynamic_cantilever.json",
            {"params.n=3", "integrator.t_end=0.0001", "output.save_every=0.00005",
             "ensemble={\"mode\": \"grid\", \"vary\": {\"params.youngs_modulus\": {\"linspace\": [5e6, 2e7, 300]}}}"}};
  }
};

}  // namespace rodswarm
