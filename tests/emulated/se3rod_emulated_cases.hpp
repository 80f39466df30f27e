// Model se3rod in the emulated suite (test_emulated.cpp): the block layout in global memory (its only one), the
// three schemes, members from two nodes to more nodes than a block has threads.
#pragma once

#include "emulated_fixture.hpp"

namespace rodswarm {

template <>
struct EmulatedCases<se3rod::Model> {
  /// The cantilever (RKMK4), the helix (variational), the cantilever by Lie-Euler, 40 steps with 4 save points; the
  /// rods rolling down inclines (RKMK4: the plane's reactions and the restoring after each step in the group loop).
  static std::vector<ExampleCase> short_runs() {
    return {{"cantilever.json", {"integrator.t_end=0.004", "output.save_every=0.001"}},
            {"rolling_incline.json", {"integrator.t_end=0.004", "output.save_every=0.001"}},
            {"helix.json", {"integrator.t_end=0.004", "output.save_every=0.001"}},
            {"cantilever.json",
             {"integrator.scheme=\"lie_euler\"", "integrator.dt=5e-6", "integrator.t_end=0.0002",
              "output.save_every=0.00005"}}};
  }
  template <class Real>
  static std::vector<SizedCase> mixed_sizes() {
    return {{{"cantilever.json",
              {"integrator.t_end=0.001", "output.save_every=0.0002",
               "ensemble={\"mode\": \"grid\", \"vary\": {\"params.n\": [1, 32, 50, 300]}}"}},
             "h100",
             {"block"}}};
  }
  static ExampleCase diverging() {
    return {"cantilever.json", {"params.n=12", "integrator.t_end=0.006", "output.save_every=0.002"}};
  }
  static constexpr double diverging_dt_factor = 40;
  static constexpr std::int64_t slices_on_one_sm = block_pool_blocks_per_sm;
  static ExampleCase many_members() {
    return {"cantilever.json",
            {"params.n=10", "integrator.t_end=0.001", "output.save_every=0.0002",
             "ensemble={\"mode\": \"grid\", \"vary\": {\"params.youngs_modulus\": {\"linspace\": [5e6, 2e7, 20]}}}"}};
  }
  /// Members of 3 nodes, many against the block pool of one SM (8 blocks' workspace in every slot).
  static ExampleCase streamed() {
    return {"cantilever.json",
            {"params.n=2", "integrator.t_end=0.0002", "output.save_every=0.0001",
             "ensemble={\"mode\": \"grid\", \"vary\": {\"params.youngs_modulus\": {\"linspace\": [5e6, 2e7, 300]}}}"}};
  }
};

}  // namespace rodswarm
