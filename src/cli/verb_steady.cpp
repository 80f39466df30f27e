/// `rodswarm steady CONFIG`: static equilibrium of each member by the model's solver, written like `run`.
#include <cstdio>
#include <memory>
#include <variant>

#include "cli/job_options.hpp"
#include "cli/team_shares.hpp"
#include "cli/verbs.hpp"
#include "driver/stage.hpp"
#include "cli/whole_job.hpp"
#include "io/results.hpp"
#include "io/xdmf_writer.hpp"
#include "driver/checkpointed_run.hpp"
#include "driver/engine.hpp"
#include "driver/memory_plan.hpp"
#include "rodswarm/models/registry.hpp"

namespace rodswarm::cli {

void add_steady_verb(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<JobOptions>();
  CLI::App* verb = app.add_subcommand("steady",
                                      "static equilibrium of each member by the model's own solver (Newton or dynamic "
                                      "relaxation, as the model's docs say), written like run");
  options->add_to(*verb);
  options->add_out_to(*verb);
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      const Stage stage("steady " + options->config);
      // steady holds every member's results at once: refused before building them when they cannot fit.
      refuse_unless_whole_job_fits(*options);
      const AnyJob any = options->load_any();
      return std::visit(
          [&](const auto& job) {
            using M = typename std::decay_t<decltype(job)>::Model;
            if (!has_steady<M>()) {
              throw ConfigError(
                  options->config, "model",
                  std::string("steady is not defined for model ") + M::name + " (models with a steady solver: " +
                      models_with([](auto model) { return has_steady<decltype(model)>(); }) + "; use run)");
            }
            const auto [path, source] = options->output_path(job);
            Team& team = Team::world();
            const auto target = claim_on_leader(team, path, source, options->target_options());
            RunOptions run = options->run_options();
            run.max_beads = results_max_beads(job);  // the whole job's padding, whatever share a rank computes
            const std::optional<RunReport> shared = compute_shared(
                team, job, path, run_fingerprint(job, run), [&run](const auto& share) { return steady(share, run); });
            if (!shared) return static_cast<int>(exit_ok);  // the leader reports
            const RunReport& report = *shared;
            if (job.output.xdmf) write_xdmf(path, report.results);
            std::int64_t unconverged = 0;
            for (const auto c : report.results.converged) unconverged += c ? 0 : 1;
            std::printf("steady: %lld members, %.3f s, %s, %lld not converged -> %s\n",
                        static_cast<long long>(job.size()), report.wall_seconds,
                        report.results.scheme == "newton" ? "Newton" : "dynamic relaxation",
                        static_cast<long long>(unconverged), path.c_str());
            return static_cast<int>(unconverged > 0 ? exit_check_failed : exit_ok);
          },
          any);
    });
  });
}

}  // namespace rodswarm::cli
