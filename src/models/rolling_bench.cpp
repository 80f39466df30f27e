/// @file rolling_bench.cpp
/// Model rolling's rows of `rodswarm bench`: its problems and what a mode-step costs (one mode of one string is
/// reported as a bead: a member has 2K).
#include "config/rolling_job.hpp"
#include "driver/bench_impl.hpp"
#include "rodswarm/models/rolling_cost.hpp"
#include "models/rolling_host.hpp"

namespace rodswarm {

using Host = ModelHost<rolling::Model>;

std::vector<BenchCase> Host::bench_problems() {
  // beads = modes of both strings (2K). 6.4e5 and 2.6e6 mode-steps per step.
  return {{"rolling", "K=32", "rk4", 64, 10'000, 50, 2'000}, {"rolling", "K=128", "rk4", 256, 10'000, 10, 500}};
}

/// The paper's fixed-end case (u(x, 0) = sin x on (0, 2 pi), contact at generic points, F = 1, G1 = G2 = 1) with
/// K = c.beads / 2 modes per string and sigma resolved by them; members differ in their first contact point so
/// that no two are identical. No Lyapunov twin, no signal.
BenchProblem Host::bench_problem(const BenchCase& c) {
  const int K = c.beads / 2;
  const double L = 2 * 3.141592653589793, sigma = 12.0 / K;  // g_K = exp(-(K/2 sigma)^2/2) = exp(-18)
  return {{{"params",
            {{"modes", K},
             {"ends", "fixed"},
             {"L", L},
             {"c", 1.0},
             {"F", 1.0},
             {"G1", 1.0},
             {"G2", 1.0},
             {"sigma", sigma}}},
           {"initial", {{"u", {{"kind", "sine"}, {"amplitude", 1.0}, {"k", 1.0}}}, {"s1", 2.1}, {"s2", 3.7}}},
           {"integrator", {{"scheme", "rk4"}}}},
          2.0 / (K / 2.0),  // dt omega_max = 2 at c = 1
          "initial.s1",
          1.0,
          5.0};
}

BenchCost Host::bench_cost(const Job&, KernelLayout, std::size_t real_bytes, int, double steps_per_launch) {
  return {rolling::flops_per_mode_step(), rolling::global_bytes_per_mode_step(real_bytes, steps_per_launch)};
}

}  // namespace rodswarm

RODSWARM_BENCH(rodswarm::rolling::Model)
