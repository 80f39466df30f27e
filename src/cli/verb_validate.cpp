/// `rodswarm validate CONFIG`: check a config; print the ensemble size, the memory estimate, the CUDA kernel
/// layouts and batch plan, the config's warnings and the stability warning.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <variant>

#include "cli/job_options.hpp"
#include "cli/verbs.hpp"
#include "driver/engine.hpp"
#include "driver/memory_plan.hpp"
#include "driver/precision_built.hpp"
#include "io/file_system.hpp"
#include "io/results_target.hpp"
#include "rodswarm/gpu/device_plan.hpp"

namespace rodswarm::cli {
namespace {

std::string bytes(double b) { return format_bytes(b); }

/// Kernel layouts and batch plan the CUDA backend would use, for the device present or the --device-memory given.
template <class M, class Real>
void print_device_plan(const Job<M>& job, const JobOptions& options) {
  const DeviceMemory device = cuda_device_memory();
  const bool present = device.total > 0;
  // Without a device, plan for an H100 (sm_90: its SM count and shared memory), the machine of bench/RESULTS.md.
  DeviceShape shape;
  if (present) shape.shared_limit = cuda_shared_memory_per_block();
  const CudaOptions cuda = options.cuda_options();
  std::size_t budget = cuda.device_memory;
  if (budget == 0 && present) budget = static_cast<std::size_t>(0.9 * static_cast<double>(device.free));
  DevicePlan plan;
  try {
    // Without a budget the plan is only asked for its layouts: any size fits.
    plan = plan_device<M, Real>(job.members, cuda.layout, budget > 0 ? budget : SIZE_MAX, cuda.streams, shape);
  } catch (const std::runtime_error& error) {
    std::printf("  CUDA kernel layouts (%s): -\n", layout_name(cuda.layout));
    std::printf("  device plan: does not fit: %s\n", error.what());
    return;
  }
  std::printf("  CUDA kernel layouts (%s%s):", layout_name(cuda.layout),
              present ? "" : ", shared memory of an sm_90 device assumed");
  bool first = true;
  for (const auto& batch : plan.buckets) {
    for (const auto& b : batch.ranges) {
      const Placement where = placement_in(M::layouts, b.layout());
      std::printf("%s %s (n <= %d%s) x %lld", first ? "" : ",", layout_name(b.layout()), b.max_n,
                  where == Placement::global && b.layout() != KernelLayout::grid ? ", in global memory" : "",
                  static_cast<long long>(b.count()));
      first = false;
    }
    if (plan.batches.streamed) break;  // the first batch shows the kernels; the plan below says how many batches
  }
  std::printf("\n");
  if (budget == 0) {
    std::printf("  device plan: no CUDA device here; give --device-memory SIZE to see the batch plan for one\n");
    return;
  }
  std::printf("  device plan: budget %s (%s); ensemble needs %s on the device\n", bytes(double(budget)).c_str(),
              cuda.device_memory > 0 ? "--device-memory" : "90% of the free memory",
              bytes(double(plan.batches.total_bytes)).c_str());
  if (!plan.batches.streamed) {
    std::printf("    resident: one batch, uploaded once, state stays on the device between save points\n");
  } else {
    std::printf("    streamed: %zu batches through %d slots of %s (copies overlap kernels on %d streams)\n",
                plan.batches.batches(), plan.batches.slots, bytes(double(plan.batches.slot_bytes)).c_str(),
                plan.batches.slots);
  }
}

/// The stability report of a sampled job with its members named by their index in the whole ensemble.
StabilityReport in_ensemble(StabilityReport report, const JobCommon& job) {
  if (job.sampled_from == 0) return report;
  for (auto& example : report.examples) example.member = job.sample_indices[std::size_t(example.member)];
  if (report.closest.member >= 0) report.closest.member = job.sample_indices[std::size_t(report.closest.member)];
  return report;
}

template <class M>
void validate(const Job<M>& job, const JobOptions& options) {
  check_layout_offered(M::layouts, options.cuda_options().layout, M::name);
  check_job(job);
  // What run would refuse, validate refuses (scripts/gpu-check asks validate whether an example runs in float32).
  if (job.precision == Precision::float32 && !float32_built) refuse_float32_not_built(job.source);
  const JobSummary summary = summarize(job);
  const std::vector<std::string>& lines = summary.lines;
  // Where the results will go: checked as run checks it (exit 2 for a path run would refuse).
  const auto [path, source] = options.output_path(job);
  check_results_path(path, source, options.target_options());
  const MemoryPlan memory = plan_host_memory(summary, 0, host_memory(double(options.host_memory)));
  std::printf("config OK: %s\n", job.source.c_str());
  std::printf("  %s\n", lines[0].c_str());
  std::printf("  members: %lld%s\n", static_cast<long long>(summary.members),
              job.varied_keys.empty() ? "" : " (ensemble over the keys below)");
  for (const auto& key : job.varied_keys) std::printf("    %s\n", key.c_str());
  if (job.sampled_from > 0) {
    std::printf(
        "  checked: a sample of %lld members (spread over the ensemble, every size); run checks every "
        "member\n",
        static_cast<long long>(job.size()));
  }
  std::printf("  %s; steps: up to %.0f; saves: %.0f\n", lines[1].c_str(), summary.max_steps, summary.saves);
  for (std::size_t k = 2; k < lines.size(); ++k) std::printf("  %s\n", lines[k].c_str());
  std::printf("  results: %s (%s)\n", path.c_str(),
              is_results_file(path) ? "replaces the rodswarm results file there" : "a new file");
  std::printf("  memory estimate: state %s, results %s on disk%s\n", bytes(summary.state_bytes).c_str(),
              bytes(summary.results_bytes).c_str(), job.sampled_from > 0 ? " (scaled from the sample)" : "");
  const std::int64_t batches = (summary.members + memory.batch_size - 1) / memory.batch_size;
  std::printf("  host memory: %s (%s); the run needs about %s%s\n", bytes(memory.budget.bytes).c_str(),
              memory.budget.source.c_str(), bytes(memory.needed).c_str(),
              batches > 1
                  ? (", in " + std::to_string(batches) + " batches of " + std::to_string(memory.batch_size) +
                     " members (results streamed to the file" + (memory.reduced ? ", batches fit memory)" : ")"))
                        .c_str()
                  : "");
  // The disk: a run of several batches holds them in OUT.partial/ until OUT is written from them.
  const double disk_need = summary.results_bytes * (batches > 1 ? 2.0 : 1.0);
  const double disk_free = free_bytes(path);
  std::printf("  disk: the run writes about %s%s; %s free on %s\n", bytes(disk_need).c_str(),
              batches > 1 ? " (its batches, then the results file from them)" : "",
              disk_free >= 0 ? bytes(disk_free).c_str() : "unknown", file_system_of(path).c_str());
  if (disk_free >= 0 && disk_free < disk_need) {
    std::cerr << "rodswarm: warning: " << path << ": the run needs about " << bytes(disk_need) << " of disk, "
              << bytes(disk_free) << " are free on " << file_system_of(path)
              << ": it will stop with exit 3 when the disk is full (finished batches are kept for the rerun)\n";
  }
  if (job.precision == Precision::float32) {
    print_device_plan<M, float>(job, options);
  } else {
    print_device_plan<M, double>(job, options);
  }
  if (job.sampled_from > 0) std::printf("  (kernel layouts and device sizes above: for the sampled members)\n");
  const StabilityReport stability = in_ensemble(check_stability(job), job);
  std::printf("  %s\n", step_line(stability.closest).c_str());
  for (const auto& w : job.warnings) std::cerr << "rodswarm: warning: " << w << "\n";
  const std::string warning = stability_warning(stability, job);
  if (!warning.empty()) {
    std::cerr << "rodswarm: " << warning << "\n";
    if (job.sampled_from > 0) std::cerr << "  (counted over the sampled members; run checks every member)\n";
  }
}

}  // namespace

void add_validate_verb(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<JobOptions>();
  CLI::App* verb = app.add_subcommand("validate", "check a config; print the ensemble size and memory estimate");
  options->add_to(*verb, false);
  options->add_out_to(*verb);
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      // A large ensemble is estimated from a sample: validate stays fast (and small) for 10^7 members.
      std::visit([&](const auto& job) { validate(job, *options); }, options->load_any(ParseOptions{estimate_sample}));
      return exit_ok;
    });
  });
}

}  // namespace rodswarm::cli
