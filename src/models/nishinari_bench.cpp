/// @file nishinari_bench.cpp
/// Model nishinari's rows of `rodswarm bench`: its problems and what a bead-step costs.
#include "config/nishinari_job.hpp"
#include "driver/bench_impl.hpp"
#include "rodswarm/models/nishinari_cost.hpp"
#include "models/nishinari_host.hpp"

namespace rodswarm {

using Host = ModelHost<nishinari::Model>;

std::vector<BenchCase> Host::bench_problems() {
  // The scheme column names the formulation (both RK4). 1.6e5 and 1.28e5 bead-steps per step.
  return {{"nishinari", "n=16", "intrinsic", 16, 10'000, 20, 2'000},
          {"nishinari", "n=16", "cartesian", 16, 10'000, 20, 2'000},
          {"nishinari", "n=128", "intrinsic", 128, 1'000, 20, 2'000},
          {"nishinari", "n=128", "cartesian", 128, 1'000, 20, 2'000}};
}

/// A released helix (the material of examples/nishinari/helix.json) of c.beads beads, in the formulation named by
/// c.scheme; members differ in their helix angle so that no two are identical.
BenchProblem Host::bench_problem(const BenchCase& c) {
  const nlohmann::json params = {{"n", c.beads}, {"l", 0.05},  {"m", 0.01}, {"k", 100.0},
                                 {"K", 0.01},    {"h", 0.008}, {"j", 5e-7}, {"formulation", c.scheme}};
  return {{{"params", params},
           {"initial", {{"kind", "helix"}, {"dphi", 0.15}, {"dtheta", 0.1}, {"dpsi", 0.05}}},
           {"integrator", {{"scheme", "rk4"}}}},
          1e-3,
          "initial.dphi",
          0.05,
          0.15};
}

BenchCost Host::bench_cost(const Job& job, KernelLayout, std::size_t real_bytes, int, double steps_per_launch) {
  return {nishinari::flops_per_bead_step(job.formulation),
          nishinari::global_bytes_per_bead_step(real_bytes, steps_per_launch)};
}

}  // namespace rodswarm

RODSWARM_BENCH(rodswarm::nishinari::Model)
