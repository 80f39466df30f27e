/// @file rodpair_bench.cpp
/// Model rodpair's rows of `rodswarm bench`: its problem and what a node-step costs.
#include "config/rodpair_job.hpp"
#include "driver/bench_impl.hpp"
#include "rodswarm/models/rodpair_cost.hpp"
#include "models/rodpair_host.hpp"

namespace rodswarm {

using Host = ModelHost<rodpair::Model>;

std::vector<BenchCase> Host::bench_problems() {
  // beads = both rods' nodes: 2 x 21 and 2 x 81 nodes, 4.2e4 and 8.1e4 node-steps per step.
  return {{"rodpair", "cross20", "rkmk4", 42, 1'000, 10, 200}, {"rodpair", "cross80", "rkmk4", 162, 500, 10, 200}};
}

/// The crossing pair of examples/rodpair/crossing.json (two taut rods of c.beads / 2 - 1 segments pinned at both ends,
/// at right angles, rod 2 pressed onto rod 1 and both pushed along each other from rest), the members differing in
/// rod 2's push.
BenchProblem Host::bench_problem(const BenchCase& c) {
  const int n = c.beads / 2 - 1;
  auto rod = [&](double radius, nlohmann::json push, nlohmann::json initial) {
    return nlohmann::json{{"params",
                           {{"n", n},
                            {"length", 1.0},
                            {"radius", radius},
                            {"density", 1000.0},
                            {"youngs_modulus", 1e7},
                            {"shear_modulus", 1e7 / 3},
                            {"shear_coefficient", 0.9},
                            {"ends", {"pinned", "pinned"}},
                            {"tension", 10.0},
                            {"force_density", std::move(push)}}},
                          {"initial", std::move(initial)}};
  };
  return {{{"rod1", rod(0.01, {0.0, 0.3, 0.0},
                        {{"kind", "straight"}, {"direction", {1.0, 0.0, 0.0}}, {"normal", {0.0, 1.0, 0.0}}})},
           {"rod2", rod(0.015, {0.5, 0.0, -2.0},
                        {{"kind", "straight"},
                         {"origin", {0.45, -0.5, 0.025}},
                         {"direction", {0.0, 1.0, 0.0}},
                         {"normal", {0.0, 0.0, 1.0}}})},
           {"contact", {{"s1", 0.45}, {"s2", 0.5}}},
           {"integrator", {{"scheme", c.scheme}}}},
          5e-5,
          "rod2.params.force_density[0]",
          0.2,
          0.8};
}

BenchCost Host::bench_cost(const Job&, KernelLayout, std::size_t real_bytes, int, double steps_per_launch) {
  return {rodpair::flops_per_node_step(), rodpair::global_bytes_per_node_step(real_bytes, steps_per_launch)};
}

}  // namespace rodswarm

RODSWARM_BENCH(rodswarm::rodpair::Model)
