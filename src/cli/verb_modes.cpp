/// `rodswarm modes CONFIG`: each member's lowest eigenfrequencies and mode shapes from the model's linearisation
/// about its equilibrium (or its initial state), written like `run` (kind "modes": /final/frequencies,
/// /final/mode_shapes, the state linearised about, and the Newton solve's iterations, residual and convergence).
#include <cstdio>
#include <memory>
#include <variant>

#include "cli/job_options.hpp"
#include "cli/team_shares.hpp"
#include "cli/verbs.hpp"
#include "driver/stage.hpp"
#include "cli/whole_job.hpp"
#include "driver/checkpointed_run.hpp"
#include "driver/engine.hpp"
#include "driver/memory_plan.hpp"
#include "driver/modes.hpp"
#include "io/results.hpp"
#include "rodswarm/models/registry.hpp"

namespace rodswarm::cli {

void add_modes_verb(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<JobOptions>();
  auto modes_options = std::make_shared<ModesOptions>();
  auto about = std::make_shared<std::string>("equilibrium");
  CLI::App* verb = app.add_subcommand(
      "modes",
      "eigenfrequencies and mode shapes of each member, linearised about its equilibrium under its loads (Newton) "
      "or its initial state, written like run");
  options->add_to(*verb);  // --backend as every verb takes it; the linearisation itself is the host's (below)
  options->add_out_to(*verb);
  verb->add_option("--count", modes_options->count, "modes kept per member, the lowest (default 6)")
      ->check(CLI::PositiveNumber);
  verb->add_option("--about", *about, "equilibrium (default) or initial")
      ->check(CLI::IsMember({"equilibrium", "initial"}));
  verb->callback([options, modes_options, about, &exit_code] {
    exit_code = run_guarded([&] {
      const Stage stage("modes " + options->config);
      // modes holds every member's results at once: refused before building them when they cannot fit.
      refuse_unless_whole_job_fits(*options);
      const AnyJob any = options->load_any();
      modes_options->equilibrium = *about == "equilibrium";
      // Newton and the eigenproblem are Eigen on the host in float64 for every model: a device has no part in them.
      if (options->backend == "cuda" || options->backend == "emulated") {
        std::fprintf(stderr, "rodswarm: note: modes solves on the %s: --backend %s has nothing to run\n", kHostEigen,
                     options->backend.c_str());
      }
      return std::visit(
          [&](const auto& job) {
            using M = typename std::decay_t<decltype(job)>::Model;
            if (!has_modes<M>()) {
              throw ConfigError(options->config, "model",
                                std::string("modes is not defined for model ") + M::name +
                                    " (models with a linearisation: " +
                                    models_with([](auto model) { return has_modes<decltype(model)>(); }) + ")");
            }
            const auto [path, source] = options->output_path(job);
            Team& team = Team::world();
            const auto target = claim_on_leader(team, path, source, options->target_options());
            ModesOptions share_options = *modes_options;
            share_options.max_beads = results_max_beads(job);  // the whole job's padding, whatever share a rank has
            const std::optional<RunReport> shared =
                compute_shared(team, job, path, run_fingerprint(job, options->run_options()),
                               [&share_options](const auto& share) { return modes(share, share_options); });
            if (!shared) return static_cast<int>(exit_ok);  // the leader reports
            const RunReport& report = *shared;
            for (const std::string& w : report.warnings)
              std::fprintf(stderr, "rodswarm: warning: modes: %s\n", w.c_str());
            std::int64_t unconverged = 0;
            for (const auto c : report.results.converged) unconverged += c ? 0 : 1;
            std::printf("modes: %lld members, %d modes each, %.3f s, about the %s, %lld not at an equilibrium -> %s\n",
                        static_cast<long long>(job.size()), modes_options->count, report.wall_seconds,
                        modes_options->equilibrium ? "equilibrium" : "initial state",
                        static_cast<long long>(unconverged), path.c_str());
            return static_cast<int>(unconverged > 0 ? exit_check_failed : exit_ok);
          },
          any);
    });
  });
}

}  // namespace rodswarm::cli
