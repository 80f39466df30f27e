/// `rodswarm validate CONFIG`: check a config, print the ensemble size, memory estimate and stability warnings.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <utility>
#include <variant>

#include "cli/job_options.hpp"
#include "cli/verbs.hpp"
#include "driver/cosserat_driver.hpp"
#include "driver/nishinari_driver.hpp"
#include "driver/rolling_driver.hpp"
#include "driver/stability_check.hpp"
#include "rodswarm/gpu/greenspan_footprint.hpp"
#include "rodswarm/gpu/member_buckets.hpp"

namespace rodswarm::cli {
namespace {

std::string bytes(double b) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  while (b >= 1024.0 && u < 4) {
    b /= 1024.0;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f %s", b, units[u]);
  return buf;
}

/// Kernel layouts and batch plan the CUDA backend would use, for the device present or the --device-memory given.
template <class Real>
void print_device_plan(const GreenspanJob& job, const JobOptions& options) {
  const auto& e = job.members;
  const DeviceMemory device = cuda_device_memory();
  const bool present = device.total > 0;
  // Without a device, plan for an sm_90 part's shared memory so that the layouts shown are those of an H100/H200.
  const std::size_t shared_limit = present ? cuda_shared_memory_per_block() : std::size_t{227} * 1024;
  const CudaOptions cuda = options.cuda_options();
  auto buckets = bucket_members(
      0, e.members(), [&](std::int64_t i) { return e.params[static_cast<std::size_t>(i)].n; },
      [](int n) { return greenspan::shared_bytes_per_member<Real>(n); }, shared_limit, cuda.layout);
  std::printf("  CUDA kernel layouts (%s%s):", layout_name(cuda.layout),
              present ? "" : ", shared memory of an sm_90 device assumed");
  for (const auto& b : buckets.ranges) {
    std::printf(" %s (n <= %d) x %lld", layout_name(b.layout), b.max_n, static_cast<long long>(b.end - b.begin));
    if (&b != &buckets.ranges.back()) std::printf(",");
  }
  std::printf("\n");
  std::size_t budget = cuda.device_memory;
  if (budget == 0 && present) budget = static_cast<std::size_t>(0.9 * static_cast<double>(device.free));
  if (budget == 0) {
    std::printf("  device plan: no CUDA device here; give --device-memory SIZE to see the batch plan for one\n");
    return;
  }
  BatchPlan plan;
  try {
    plan = greenspan::plan_greenspan_batches<Real>(e.offset.data(), e.params.data(), e.members(), budget, cuda.streams,
                                                   shared_limit, cuda.layout);
  } catch (const std::runtime_error& error) {
    std::printf("  device plan: does not fit: %s\n", error.what());
    return;
  }
  std::printf("  device plan: budget %s (%s); ensemble needs %s on the device\n", bytes(double(budget)).c_str(),
              cuda.device_memory > 0 ? "--device-memory" : "90% of the free memory",
              bytes(double(plan.total_bytes)).c_str());
  if (!plan.streamed) {
    std::printf("    resident: one batch, uploaded once, state stays on the device between save points\n");
  } else {
    std::printf("    streamed: %zu batches through %d slots of %s (copies overlap kernels on %d streams)\n",
                plan.batches(), plan.slots, bytes(double(plan.slot_bytes)).c_str(), plan.slots);
  }
}

/// The longest member's step count and the number of saves, for any model's job.
template <class Job>
std::pair<double, double> steps_and_saves(const Job& job) {
  double max_steps = 0, t_max = 0;
  for (std::size_t i = 0; i < job.t_end.size(); ++i) {
    max_steps = std::max(max_steps, std::round(job.t_end[i] / job.members.dt[i]));
    t_max = std::max(t_max, job.t_end[i]);
  }
  return {max_steps, job.output.save_every > 0 ? std::floor(t_max / job.output.save_every + 1e-9) + 1 : 0};
}

void validate(const GreenspanJob& job, const JobOptions& options) {
  const auto M = static_cast<double>(job.size());
  const auto& e = job.members;
  const int max_n = e.max_n();
  const auto [max_steps, saves] = steps_and_saves(job);
  const double real = job.precision == Precision::float32 ? 4 : 8;
  const double state = double(e.beads()) * 2 * real + M * (sizeof(greenspan::Params<double>) + 24);
  const double B = max_n + 2;
  const double series =
      M * saves *
      ((job.output.positions ? B * 3 : 0) + (job.output.velocities ? B * 3 : 0) + (job.output.energy ? 5 : 0)) * 8;
  const double final_state = M * (B * 3 * (job.output.velocities ? 2 : 1) + 5 + 4) * 8;
  std::printf("config OK: %s\n", job.source.c_str());
  std::printf("  model greenspan, scheme %s, precision %s\n",
              job.scheme == greenspan::Scheme::rk4 ? "rk4" : "greenspan",
              job.precision == Precision::float32 ? "float32" : "float64");
  std::printf("  members: %lld%s\n", static_cast<long long>(job.size()),
              job.varied_keys.empty() ? "" : " (ensemble over the keys below)");
  for (const auto& key : job.varied_keys) std::printf("    %s\n", key.c_str());
  std::printf("  beads per member: up to %d moving (+2 fixed ends); steps: up to %.0f; saves: %.0f\n", max_n, max_steps,
              saves);
  std::printf("  memory estimate: state %s, results %s in memory and on disk\n", bytes(state).c_str(),
              bytes(series + final_state).c_str());
  if (job.precision == Precision::float32) {
    print_device_plan<float>(job, options);
  } else {
    print_device_plan<double>(job, options);
  }
  const std::string warning = describe_stability(check_stability(job), job.scheme);
  if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
}

void validate(const NishinariJob& job, const JobOptions&) {
  const auto M = static_cast<double>(job.size());
  const auto& e = job.members;
  const int max_n = e.max_n();
  const auto [max_steps, saves] = steps_and_saves(job);
  const double real = job.precision == Precision::float32 ? 4 : 8;
  // Positions, velocities (3 per bead), normals (3) and spins (1) per segment, parameters per member.
  const double state =
      (double(e.beads()) * 6 + double(e.segments()) * 4) * real + M * (sizeof(nishinari::Params<double>) + 24);
  const double B = max_n;
  const double E = double(nishinari_energy_names().size());
  const double series = M * saves *
                        ((job.output.positions ? B * 3 : 0) + (job.output.velocities ? B * 3 : 0) +
                         (job.output.energy ? E : 0) + (job.output.momentum ? 6 : 0)) *
                        8;
  const double final_state = M * (B * 3 * (job.output.velocities ? 2 : 1) + E + 6 + 5) * 8;
  const bool intrinsic = job.formulation == nishinari::Formulation::intrinsic;
  std::printf("config OK: %s\n", job.source.c_str());
  std::printf("  model nishinari, %s formulation, %s twist moment, scheme rk4, precision %s\n",
              intrinsic ? "intrinsic" : "cartesian",
              job.twist_moment == nishinari::TwistMoment::paper ? "paper" : "conservative",
              job.precision == Precision::float32 ? "float32" : "float64");
  std::printf("  members: %lld%s\n", static_cast<long long>(job.size()),
              job.varied_keys.empty() ? "" : " (ensemble over the keys below)");
  for (const auto& key : job.varied_keys) std::printf("    %s\n", key.c_str());
  std::printf("  beads per member: up to %d (ends included); steps: up to %.0f; saves: %.0f\n", max_n, max_steps,
              saves);
  std::printf("  memory estimate: state %s, results %s in memory and on disk\n", bytes(state).c_str(),
              bytes(series + final_state).c_str());
  std::printf("  CUDA kernel layout: one block per member, %d-thread blocks; the ensemble stays resident\n",
              std::min(256, std::max(32, 32 * ((max_n + 31) / 32))));
  const std::string warning = describe_stability(check_stability(job), job);
  if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
}

void validate(const CosseratJob& job, const JobOptions&) {
  const auto M = static_cast<double>(job.size());
  const auto& e = job.members;
  const int B = e.max_nodes();
  const auto [max_steps, saves] = steps_and_saves(job);
  const double real = job.precision == Precision::float32 ? 4 : 8;
  // Nodes: x, v (6); elements: Q, w, growth, rest length, radius, rest shear (17); Voronoi: rest curvature (3).
  const double state = (double(e.nodes()) * 6 + double(e.elements()) * 17 + double(e.rest_kappa.size())) * real +
                       M * (sizeof(cosserat::Params<double>) + 40);
  const double E = double(cosserat_energy_names().size());
  const auto& o = job.output;
  const double per_save = (o.positions ? B * 3 : 0) + (o.velocities ? B * 3 : 0) + (o.directors ? B * 9 : 0) +
                          (o.energy ? E : 0) + (o.gauss ? 3 : 0);
  const double results = (M * saves * per_save + M * (B * 3 + E + 3 + 6)) * 8;
  std::printf("config OK: %s\n", job.source.c_str());
  std::printf("  model cosserat, scheme %s, precision %s\n", job.scheme == cosserat::Scheme::rk4 ? "rk4" : "verlet",
              job.precision == Precision::float32 ? "float32" : "float64");
  std::printf("  members: %lld%s\n", static_cast<long long>(job.size()),
              job.varied_keys.empty() ? "" : " (ensemble over the keys below)");
  for (const auto& key : job.varied_keys) std::printf("    %s\n", key.c_str());
  std::printf("  nodes per member: up to %d (all rods); steps: up to %.0f; saves: %.0f\n", B, max_steps, saves);
  std::printf("  memory estimate: state %s, results %s in memory and on disk\n", bytes(state).c_str(),
              bytes(results).c_str());
  std::printf("  CUDA kernel layout: one block per member, %d-thread blocks; the ensemble stays resident\n",
              std::min(256, std::max(32, 32 * ((B + 31) / 32))));
  const std::string warning = describe_stability(check_stability(job), job);
  if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
}

void validate(const RollingJob& job, const JobOptions&) {
  const auto M = static_cast<double>(job.size());
  const auto& e = job.members;
  const int K = e.max_modes();
  const auto [max_steps, saves] = steps_and_saves(job);
  const double real = job.precision == Precision::float32 ? 4 : 8;
  // State (and the twin's) and the recorded signal on the backend.
  const double state = (double(e.state.size()) * (e.any_lyapunov() ? 2 : 1) + double(e.signal.size())) * real +
                       M * (sizeof(rolling::Params<double>) + 32);
  const double B = 2.0 * job.points, E = double(rolling_energy_names().size());
  const auto& o = job.output;
  const double per_save = (o.positions ? B * 3 : 0) + (o.velocities ? B * 3 : 0) + (o.energy ? E : 0) +
                          (o.contact ? 3 : 0) + (o.lyapunov && job.renorm_interval > 0 ? 1 : 0);
  const double results = (M * saves * per_save + M * (B * 6 + E + 4) + double(e.signal.size()) * 1.5) * 8;
  std::printf("config OK: %s\n", job.source.c_str());
  std::printf("  model rolling, scheme rk4, precision %s\n",
              job.precision == Precision::float32 ? "float32" : "float64");
  std::printf("  members: %lld%s\n", static_cast<long long>(job.size()),
              job.varied_keys.empty() ? "" : " (ensemble over the keys below)");
  for (const auto& key : job.varied_keys) std::printf("    %s\n", key.c_str());
  std::printf("  modes per string: up to %d; steps: up to %.0f; saves: %.0f; output points per string: %d\n", K,
              max_steps, saves, job.points);
  std::printf("  analysis: spectrum %s, Lyapunov exponent %s\n",
              job.sample_interval > 0 ? ("of harmonic " + std::to_string(job.harmonic)).c_str() : "off",
              job.renorm_interval > 0 ? "on (twin trajectories)" : "off");
  std::printf("  memory estimate: state %s, results %s in memory and on disk\n", bytes(state).c_str(),
              bytes(results).c_str());
  std::printf("  CUDA kernel layout: one thread per member; the ensemble stays resident\n");
  for (const auto& w : job.warnings) std::cerr << "rodswarm: warning: " << w << "\n";
  const std::string warning = describe_stability(check_stability(job), job);
  if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
}

}  // namespace

void add_validate_verb(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<JobOptions>();
  CLI::App* verb = app.add_subcommand("validate", "check a config; print the ensemble size and memory estimate");
  options->add_to(*verb, false);
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      std::visit([&](const auto& job) { validate(job, *options); }, options->load_any());
      return exit_ok;
    });
  });
}

}  // namespace rodswarm::cli
