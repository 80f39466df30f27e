/// `rodswarm validate CONFIG`: check a config, print the ensemble size, memory estimate and stability warnings.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/job_options.hpp"
#include "cli/verbs.hpp"
#include "driver/stability_check.hpp"

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

}  // namespace

void add_validate_verb(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<JobOptions>();
  CLI::App* verb = app.add_subcommand("validate", "check a config; print the ensemble size and memory estimate");
  options->add_to(*verb, false);
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      const GreenspanJob job = options->load();
      const auto M = static_cast<double>(job.size());
      const auto& e = job.members;
      const int max_n = e.max_n();
      double max_steps = 0, t_max = 0;
      for (std::size_t i = 0; i < e.params.size(); ++i) {
        max_steps = std::max(max_steps, std::round(job.t_end[i] / e.dt[i]));
        t_max = std::max(t_max, job.t_end[i]);
      }
      const double saves = job.output.save_every > 0 ? std::floor(t_max / job.output.save_every + 1e-9) + 1 : 0;
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
      std::printf("  beads per member: up to %d moving (+2 fixed ends); steps: up to %.0f; saves: %.0f\n", max_n,
                  max_steps, saves);
      std::printf("  memory estimate: state %s on the device, results %s in memory and on disk\n", bytes(state).c_str(),
                  bytes(series + final_state).c_str());
      const std::string warning = describe_stability(check_stability(job), job.scheme);
      if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
      return exit_ok;
    });
  });
}

}  // namespace rodswarm::cli
