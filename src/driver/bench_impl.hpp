/// @file bench_impl.hpp
/// The bench entry points of engine.hpp, written once over the model's host, and the macro that instantiates them
/// at the end of the model's src/models/<model>_bench.cpp, where its bench hooks are defined. As compare_impl.hpp,
/// it includes no driver definitions: a bench case runs the model's run() instantiated in its <model>_run.cpp.
#pragma once

#include <string>

#include "config/config_loader.hpp"
#include "driver/engine.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <class M>
std::vector<BenchCase> bench_problems() {
  return ModelHost<M>::bench_problems();
}

/// A case of model M: its config built, parsed and run as a user's would be, then the row gets the model's FLOP and
/// byte counts. The CPU backend keeps one member's state and workspace in cache for all the steps of an advance
/// call, so it moves the state once per call, as the block layout does.
template <class M>
BenchRow run_bench_case(const BenchCase& c, BackendKind kind, const BenchOptions& options,
                        const DeviceCeilings& ceilings) {
  using H = ModelHost<M>;
  const std::int64_t members = bench_scaled(c.members, options.scale);
  const std::int64_t steps = bench_scaled(kind == BackendKind::cuda ? c.cuda_steps : c.cpu_steps, options.steps_scale);
  const BenchProblem problem = H::bench_problem(c);
  nlohmann::json config = problem.config;
  config["model"] = M::name;
  config["integrator"]["dt"] = problem.dt;
  config["integrator"]["t_end"] = problem.dt * double(steps);
  config["output"] = {{"fields", nlohmann::json::array()}};
  if (members > 1) {
    config["ensemble"] = {{"mode", "grid"},
                          {"vary", {{problem.vary, {{"linspace", {problem.from, problem.to, members}}}}}}};
  }
  Job<M> job = parse_job<M>(config, "bench");
  job.precision = options.precision;
  RunOptions run_options;
  run_options.backend = kind;
  run_options.cuda.layout = options.layout;
  const RunReport report = run(job, run_options);

  BenchRow row = bench_measured_row(c, kind, options, members, steps, report);
  // A description naming several layouts ("thread+warp") is shown as is; the bytes then follow the first.
  const std::string named = layout_from_description(row.description);
  KernelLayout layout = KernelLayout::block;
  if (kind == BackendKind::cuda && !named.empty()) layout = parse_layout(named.substr(0, named.find('+')));
  row.layout = kind == BackendKind::cuda ? named : cpu_layout_from_description(row.description);
  const std::size_t real_bytes = options.precision == Precision::float32 ? sizeof(float) : sizeof(double);
  const BenchCost cost = H::bench_cost(job, layout, real_bytes, c.beads, static_cast<double>(row.steps_per_launch));
  row.flop_per_bead_step = cost.flops;
  row.bytes_per_bead_step = cost.bytes;
  bench_place_under_roof(row, ceilings, options.precision);
  return row;
}

}  // namespace rodswarm

/// Instantiates the bench rows of `Model`: the last line of the model's src/models/<model>_bench.cpp.
#define RODSWARM_BENCH(Model)                                                                                    \
  template std::vector<rodswarm::BenchCase> rodswarm::bench_problems<Model>();                                   \
  template rodswarm::BenchRow rodswarm::run_bench_case<Model>(const rodswarm::BenchCase&, rodswarm::BackendKind, \
                                                              const rodswarm::BenchOptions&,                     \
                                                              const rodswarm::DeviceCeilings&);
