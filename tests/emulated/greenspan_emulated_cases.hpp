// Model greenspan in the emulated suite (test_emulated.cpp): all four layouts (registers, warp and block in shared
// memory, the cooperative grid), both schemes (two register-kernel variants), and members at each threshold of
// the automatic choice: 16 | 17 beads (registers | warp), 128 | 129 (warp | block), and on an L4's 99 KB of
// opt-in shared memory the last member that fits a block and the first that does not (grid).
#pragma once

#include "emulated_fixture.hpp"

namespace rodswarm {

template <>
struct EmulatedCases<greenspan::Model> {
  /// Example 1 cut to 50 steps with 5 save points, in the paper's scheme and in RK4.
  static std::vector<ExampleCase> short_runs() {
    const std::vector<std::string> cut = {"integrator.t_end=0.1", "output.save_every=0.02"};
    std::vector<std::string> rk4 = cut;
    rk4.push_back("integrator.scheme=\"rk4\"");
    return {{"example1.json", cut}, {"example1.json", rk4}};
  }
  /// 7n + 1 values on chip: the largest n whose member fits an L4 block in precision Real.
  template <class Real>
  static int largest_block_member() {
    return static_cast<int>((card_l4().shared_per_block_optin / sizeof(Real) - 1) / 7);
  }
  template <class Real>
  static std::vector<SizedCase> mixed_sizes() {
    const std::string at = std::to_string(largest_block_member<Real>());
    const std::string past = std::to_string(largest_block_member<Real>() + 1);
    return {{{"example1.json",
              {"integrator.scheme=\"rk4\"", "integrator.t_end=0.02", "output.save_every=0.01",
               "ensemble={\"mode\": \"grid\", \"vary\": {\"params.n\": [16, 17, 128, 129]}}"}},
             "h100",
             {"thread", "warp", "block"}},
            {{"example1.json",
              {"integrator.scheme=\"rk4\"", "integrator.t_end=0.006", "output.save_every=0.002",
               "ensemble={\"mode\": \"grid\", \"vary\": {\"params.n\": [" + at + ", " + past + "]}}"}},
             "l4",
             {"block", "grid"}}};
  }
  /// dt = 0.05 puts the paper scheme far outside its bound (omega^2 < 4 gamma / dt = 240).
  static ExampleCase diverging() { return {"example1.json", {"integrator.t_end=0.03", "output.save_every=0.01"}}; }
  static constexpr double diverging_dt_factor = 25;
  /// Its register, warp and shared-memory block launches are never cut to fewer blocks than members, and the grid
  /// takes its members one by one: no grid stride to check.
  static constexpr std::int64_t slices_on_one_sm = 0;
  static ExampleCase streamed() { return many_members(); }
  static ExampleCase many_members() {
    return {"example1.json",
            {"integrator.scheme=\"rk4\"", "integrator.t_end=0.02", "output.save_every=0.01",
             "ensemble={\"mode\": \"grid\", \"vary\": [{\"params.n\": [5, 9, 14, 20, 40]}, "
             "{\"params.m\": {\"linspace\": [0.05, 0.15, 40]}}]}"}};
  }
};

}  // namespace rodswarm
