/// @file cosserat_bench.cpp
/// Model cosserat's rows of `rodswarm bench`: its problems and what a node-step costs (a node-step is reported as
/// a bead-step).
#include "config/cosserat_job.hpp"
#include "driver/bench_impl.hpp"
#include "rodswarm/models/cosserat_cost.hpp"
#include "models/cosserat_host.hpp"

namespace rodswarm {

using Host = ModelHost<cosserat::Model>;

std::vector<BenchCase> Host::bench_problems() {
  // beads = nodes (elements + 1). 1.7e5 and 1.3e5 node-steps per step; about 2-3 s a CPU row.
  return {{"cosserat", "n=16", "verlet", 17, 10'000, 200, 2'000},
          {"cosserat", "n=16", "rk4", 17, 10'000, 50, 500},
          {"cosserat", "n=128", "verlet", 129, 1'000, 200, 2'000},
          {"cosserat", "n=128", "rk4", 129, 1'000, 50, 500}};
}

/// A clamped rod (the material of examples/cosserat/dynamic_cantilever.json) of c.beads - 1 elements released
/// from a bent shape under gravity, by the scheme c.scheme; members differ in their perturbation so that no two
/// are identical.
BenchProblem Host::bench_problem(const BenchCase& c) {
  const nlohmann::json params = {{"n", c.beads - 1},         {"length", 1.0},
                                 {"radius", 0.01},           {"density", 1000.0},
                                 {"youngs_modulus", 1e6},    {"shear_modulus", 1e6 / 3},
                                 {"shear_coefficient", 0.9}, {"ends", {"clamped", "free"}},
                                 {"g", {0.0, -9.81, 0.0}}};
  return {{{"params", params},
           {"initial", {{"kind", "straight"}, {"perturbation", {{"amplitude", 0.02}, {"direction", {1.0, 0.0, 0.0}}}}}},
           {"integrator", {{"scheme", c.scheme}}}},
          2e-5,
          "initial.perturbation.amplitude",
          0.01,
          0.03};
}

BenchCost Host::bench_cost(const Job& job, KernelLayout, std::size_t real_bytes, int, double steps_per_launch) {
  return {cosserat::flops_per_node_step(job.scheme),
          cosserat::global_bytes_per_node_step(real_bytes, steps_per_launch)};
}

}  // namespace rodswarm

RODSWARM_BENCH(rodswarm::cosserat::Model)
