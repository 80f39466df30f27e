/// `rodswarm run CONFIG`: expand, integrate every member, write the results file.
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/job_options.hpp"
#include "cli/verbs.hpp"
#include "driver/checkpointed_run.hpp"
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
      const GreenspanJob job = options->job.load();
      const std::string path = options->job.output_path(job);
      RunOptions run = options->job.run_options();
      run.progress = !options->quiet && ProgressBar::stderr_is_terminal();
      const CheckpointedReport checkpointed =
          run_greenspan_checkpointed(job, run, path, options->checkpoint, std::cerr);
      const RunReport& report = checkpointed.run;
      const std::string warning = describe_stability(report.stability, job.scheme);
      if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
      if (!checkpointed.complete) {
        std::printf("run: stopped with %lld of %lld batches done; run the same command again to resume\n",
                    static_cast<long long>(checkpointed.done_batches), static_cast<long long>(checkpointed.batches));
        return exit_runtime;
      }
      write_results(path, report.results);
      remove_checkpoints(path);
      std::printf("run: %lld members, %lld steps, %.3f s, %.3e bead-steps/s, %lld diverged -> %s\n",
                  static_cast<long long>(job.size()), static_cast<long long>(report.max_steps), report.wall_seconds,
                  report.wall_seconds > 0 ? report.bead_steps / report.wall_seconds : 0.0,
                  static_cast<long long>(report.diverged), path.c_str());
      return report.diverged > 0 ? exit_check_failed : exit_ok;
    });
  });
}

}  // namespace rodswarm::cli
