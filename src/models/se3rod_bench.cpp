/// @file se3rod_bench.cpp
/// Model se3rod's rows of `rodswarm bench`: its problems and what a node-step costs.
#include "config/se3rod_job.hpp"
#include "driver/bench_impl.hpp"
#include "rodswarm/models/se3rod_cost.hpp"
#include "models/se3rod_host.hpp"

namespace rodswarm {

using Host = ModelHost<se3rod::Model>;

std::vector<BenchCase> Host::bench_problems() {
  // beads = nodes (segments + 1). 1.7e5 and 1.3e5 node-steps per step; plane16 the cantilever's n=16 rkmk4 row
  // rolling on a plane (what the contact costs).
  return {{"se3rod", "n=16", "rkmk4", 17, 10'000, 20, 500},
          {"se3rod", "n=16", "variational", 17, 10'000, 20, 500},
          {"se3rod", "n=128", "rkmk4", 129, 1'000, 20, 500},
          {"se3rod", "n=128", "variational", 129, 1'000, 20, 500},
          {"se3rod", "plane16", "rkmk4", 17, 10'000, 20, 500}};
}

namespace {

/// Rods of c.beads - 1 segments lying across an incline and rolling down it without slipping (the material of
/// examples/se3rod/rolling_incline.json): members differ in the plane's slope (its normal's x component from
/// -0.05 to -0.4), every node rolls.
BenchProblem rolling_on_incline(const BenchCase& c) {
  const nlohmann::json params = {{"n", c.beads - 1},         {"length", 1.0},
                                 {"radius", 0.01},           {"density", 1000.0},
                                 {"youngs_modulus", 1e7},    {"shear_modulus", 1e7 / 3},
                                 {"shear_coefficient", 0.9}, {"g", {0.0, 0.0, -9.81}},
                                 {"contact", "plane"},       {"plane_normal", {0.0, 0.0, 1.0}},
                                 {"plane_offset", -0.01}};
  return {{{"params", params},
           {"initial", {{"kind", "straight"}, {"direction", {0.0, 1.0, 0.0}}, {"normal", {0.0, 0.0, 1.0}}}},
           {"integrator", {{"scheme", c.scheme}}}},
          1e-4,
          "params.plane_normal[0]",
          -0.05,
          -0.4};
}

}  // namespace

/// A cantilever (the material of examples/se3rod/cantilever.json) of c.beads - 1 segments, clamped at one end,
/// under gravity and thrown sideways, by the scheme c.scheme; members differ in their initial velocity so that no
/// two are identical.
BenchProblem Host::bench_problem(const BenchCase& c) {
  if (c.problem.rfind("plane", 0) == 0) return rolling_on_incline(c);
  const nlohmann::json params = {{"n", c.beads - 1},         {"length", 1.0},
                                 {"radius", 0.01},           {"density", 1000.0},
                                 {"youngs_modulus", 1e6},    {"shear_modulus", 1e6 / 3},
                                 {"shear_coefficient", 0.9}, {"ends", {"clamped", "free"}},
                                 {"g", {0.0, -9.81, 0.0}}};
  return {{{"params", params},
           {"initial", {{"kind", "straight"}, {"velocity", {0.02, 0.0, 0.0}}}},
           {"integrator", {{"scheme", c.scheme}}}},
          1e-4,
          "initial.velocity[0]",
          0.01,
          0.03};
}

BenchCost Host::bench_cost(const Job& job, KernelLayout, std::size_t real_bytes, int, double steps_per_launch) {
  return {se3rod::flops_per_node_step(job.scheme, job.members.params.front().contact),
          se3rod::global_bytes_per_node_step(real_bytes, steps_per_launch)};
}

}  // namespace rodswarm

RODSWARM_BENCH(rodswarm::se3rod::Model)
