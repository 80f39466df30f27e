// Model nishinari in the emulated suite (test_emulated.cpp): the block layout in global memory (its only one),
// both formulations, members from a few beads to more beads than a block has threads.
#pragma once

#include "emulated_fixture.hpp"

namespace rodswarm {

template <>
struct EmulatedCases<nishinari::Model> {
  /// The twist wave (Euler angles, clamped-free) and the helix (intrinsic), 20 steps with 4 save points.
  static std::vector<ExampleCase> short_runs() {
    return {{"twist_wave.json", {"integrator.t_end=0.02", "output.save_every=0.005"}},
            {"helix.json", {"integrator.t_end=0.02", "output.save_every=0.005"}}};
  }
  template <class Real>
  static std::vector<SizedCase> mixed_sizes() {
    return {{{"twist_wave.json",
              {"integrator.t_end=0.005", "output.save_every=0.001",
               "ensemble={\"mode\": \"grid\", \"vary\": {\"params.n\": [3, 31, 60, 300]}}"}},
             "h100",
             {"block"}}};
  }
  static ExampleCase diverging() {
    return {"helix.json", {"params.formulation=\"cartesian\"", "integrator.t_end=0.06", "output.save_every=0.02"}};
  }
  static constexpr double diverging_dt_factor = 20;
  /// One SM: a block-layout launch of at most block_pool_blocks_per_sm blocks.
  static constexpr std::int64_t slices_on_one_sm = block_pool_blocks_per_sm;
  static ExampleCase many_members() {
    return {"twist_wave.json",
            {"params.n=12", "integrator.t_end=0.005", "output.save_every=0.001",
             "ensemble={\"mode\": \"grid\", \"vary\": {\"params.k\": {\"linspace\": [50, 150, 20]}}}"}};
  }
  /// Members of 4 beads, many against the block pool of one SM (8 blocks' workspace in every slot).
  static ExampleCase streamed() {
    return {"twist_wave.json",
            {"params.n=4", "integrator.t_end=0.002", "output.save_every=0.001",
             "ensemble={\"mode\": \"grid\", \"vary\": {\"params.k\": {\"linspace\": [50, 150, 300]}}}"}};
  }
};

}  // namespace rodswarm
