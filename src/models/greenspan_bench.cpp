/// @file greenspan_bench.cpp
/// Model greenspan's rows of `rodswarm bench`: its problems and what a bead-step costs.
#include <stdexcept>
#include <string>

#include "config/greenspan_job.hpp"
#include "driver/bench_impl.hpp"
#include "rodswarm/models/greenspan_cost.hpp"
#include "models/greenspan_host.hpp"

namespace rodswarm {

using Host = ModelHost<greenspan::Model>;

std::vector<BenchCase> Host::bench_problems() {
  // problem, scheme, beads, members, CPU steps, CUDA steps. Both problems are 10^7 bead-steps per step.
  // CPU: about 5 s a row on two cores. CUDA: about 2 s a row at half an H100's float64 peak, so that the driver's
  // host work per chunk (targets and progress over every member, the target upload) stays a small part of it.
  return {{"greenspan", "n=9", "greenspan", 9, 1'000'000, 50, 100'000},
          {"greenspan", "n=9", "rk4", 9, 1'000'000, 15, 25'000},
          {"greenspan", "n=1000", "greenspan", 1000, 10'000, 50, 30'000},
          {"greenspan", "n=1000", "rk4", 1000, 10'000, 15, 10'000}};
}

/// Example 1 of the paper (n = 9), or a 1000-bead string with the same tension scale, damped enough to be inside
/// both schemes' stability bounds at dt = 1e-5. Members differ in their peak height so that no two are identical.
BenchProblem Host::bench_problem(const BenchCase& c) {
  nlohmann::json params, peak;
  double dt = 0.0;
  if (c.beads == 9) {
    params = {{"n", 9}, {"dx", 0.1}, {"m", 0.1}, {"T0", 9.0}, {"eps", 0.01}, {"alpha", 0.6}, {"g", 32.2}};
    peak = {0.5, 0.5};
    dt = 0.002;
  } else if (c.beads == 1000) {
    params = {{"n", 1000}, {"dx", 0.002}, {"m", 0.001}, {"T0", 9.0}, {"eps", 0.01}, {"alpha", 0.2}, {"g", 32.2}};
    peak = {1.0, 0.05};
    dt = 1e-5;
  } else {
    throw std::logic_error("bench: no greenspan problem with " + std::to_string(c.beads) + " beads");
  }
  const double y = peak[1].get<double>();
  return {
      {{"params", params}, {"initial", {{"kind", "triangle"}, {"peak", peak}}}, {"integrator", {{"scheme", c.scheme}}}},
      dt,
      "initial.peak[1]",
      0.5 * y,
      y};
}

BenchCost Host::bench_cost(const Job& job, KernelLayout layout, std::size_t real_bytes, int beads,
                           double steps_per_launch) {
  return {greenspan::flops_per_bead_step(job.scheme),
          greenspan::global_bytes_per_bead_step(job.scheme, layout, real_bytes, beads, steps_per_launch)};
}

}  // namespace rodswarm

RODSWARM_BENCH(rodswarm::greenspan::Model)
