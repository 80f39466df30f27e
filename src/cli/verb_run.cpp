/// `rodswarm run CONFIG`: expand, integrate every member, write the results file.
#include <cstdio>
#include <iostream>
#include <memory>
#include <type_traits>
#include <variant>

#include "cli/job_options.hpp"
#include "cli/verbs.hpp"
#include "driver/checkpointed_run.hpp"
#include "driver/cosserat_driver.hpp"
#include "driver/rolling_driver.hpp"
#include "driver/nishinari_driver.hpp"
#include "io/xdmf_writer.hpp"
#include "driver/progress.hpp"
#include "io/results.hpp"

namespace rodswarm::cli {

void add_run_verb(CLI::App& app, int& exit_code) {
  struct Options {
    JobOptions job;
    bool quiet = false;
    CheckpointOptions checkpoint;
  };
  auto options = std::make_shared<Options>();
  CLI::App* verb = app.add_subcommand("run", "integrate every member of the ensemble and write the results file");
  options->job.add_to(*verb);
  options->job.add_out_to(*verb);
  verb->add_flag("--quiet,-q", options->quiet, "no progress bar");
  verb->add_option("--batch-size", options->checkpoint.batch_size,
                   "members per batch; each finished batch is kept in OUT.partial/ so that a stopped run resumes "
                   "(default: max(4096, members/20))")
      ->check(CLI::PositiveNumber);
  verb->add_flag("--restart", options->checkpoint.restart, "discard the finished batches of a stopped run");
  verb->add_option("--stop-after-batches", options->checkpoint.stop_after,
                   "stop after this many new batches, as if interrupted (for testing resume)")
      ->check(CLI::NonNegativeNumber)
      ->group("");  // hidden: a testing aid
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      const AnyJob any = options->job.load_any();
      RunOptions run = options->job.run_options();
      run.progress = !options->quiet && ProgressBar::stderr_is_terminal();
      std::string path;
      std::int64_t size = 0;
      bool xdmf = false;
      const CheckpointedReport checkpointed = std::visit(
          [&](const auto& job) {
            path = options->job.output_path(job);
            size = job.size();
            using Job = std::decay_t<decltype(job)>;
            if constexpr (std::is_same_v<Job, RollingJob>) {
              for (const auto& w : job.warnings) std::cerr << "rodswarm: warning: " << w << "\n";
              CheckpointedReport out = run_rolling_checkpointed(job, run, path, options->checkpoint, std::cerr);
              const std::string warning = describe_stability(out.run.stability, job);
              if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
              return out;
            } else if constexpr (std::is_same_v<Job, CosseratJob>) {
              xdmf = job.output.xdmf;
              CheckpointedReport out = run_cosserat_checkpointed(job, run, path, options->checkpoint, std::cerr);
              const std::string warning = describe_stability(out.run.stability, job);
              if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
              return out;
            } else if constexpr (std::is_same_v<Job, NishinariJob>) {
              CheckpointedReport out = run_nishinari_checkpointed(job, run, path, options->checkpoint, std::cerr);
              const std::string warning = describe_stability(out.run.stability, job);
              if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
              return out;
            } else {
              CheckpointedReport out = run_greenspan_checkpointed(job, run, path, options->checkpoint, std::cerr);
              const std::string warning = describe_stability(out.run.stability, job.scheme);
              if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
              return out;
            }
          },
          any);
      const RunReport& report = checkpointed.run;
      if (!checkpointed.complete) {
        std::printf("run: stopped with %lld of %lld batches done; run the same command again to resume\n",
                    static_cast<long long>(checkpointed.done_batches), static_cast<long long>(checkpointed.batches));
        return exit_runtime;
      }
      write_results(path, report.results);
      if (xdmf) write_xdmf(path, report.results);
      remove_checkpoints(path);
      std::int64_t singular = 0;
      for (const auto flag : report.results.singular) singular += flag;
      if (singular > 0) {
        const bool rolling = report.results.model == "rolling";
        std::cerr << "rodswarm: " << singular
                  << (rolling ? " member(s) stopped where a contact point left its string (fixed ends)"
                              : " member(s) stopped at a singularity (cos of a relative pitch angle near 0, gimbal "
                                "lock)")
                  << "; they are flagged in members/singular" << (rolling ? "" : " and counted as diverged") << "\n";
      }
      std::printf("run: %lld members, %lld steps, %.3f s, %.3e bead-steps/s, %lld diverged -> %s\n",
                  static_cast<long long>(size), static_cast<long long>(report.max_steps), report.wall_seconds,
                  report.wall_seconds > 0 ? report.bead_steps / report.wall_seconds : 0.0,
                  static_cast<long long>(report.diverged), path.c_str());
      return report.diverged > 0 ? exit_check_failed : exit_ok;
    });
  });
}

}  // namespace rodswarm::cli
