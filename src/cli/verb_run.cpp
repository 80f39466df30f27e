/// `rodswarm run CONFIG`: expand, integrate every member, write the results file.
#include <cstdio>
#include <iostream>
#include <memory>
#include <variant>

#include "cli/job_options.hpp"
#include "cli/verbs.hpp"
#include "driver/engine.hpp"
#include "driver/progress.hpp"
#include "io/results.hpp"
#include "io/xdmf_writer.hpp"

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
      return std::visit(
          [&](const auto& job) {
            using M = typename std::decay_t<decltype(job)>::Model;
            const std::string path = options->job.output_path(job);
            for (const auto& w : job.warnings) std::cerr << "rodswarm: warning: " << w << "\n";
            const CheckpointedReport checkpointed = run_checkpointed(job, run, path, options->checkpoint, std::cerr);
            const RunReport& report = checkpointed.run;
            const std::string warning = stability_warning(report.stability, job);
            if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
            if (!checkpointed.complete) {
              std::printf("run: stopped with %lld of %lld batches done; run the same command again to resume\n",
                          static_cast<long long>(checkpointed.done_batches),
                          static_cast<long long>(checkpointed.batches));
              return static_cast<int>(exit_runtime);
            }
            write_results(path, report.results);
            if (job.output.xdmf) write_xdmf(path, report.results);
            remove_checkpoints(path);
            const std::string singular = singular_note<M>(report.results);
            if (!singular.empty()) std::cerr << "rodswarm: " << singular << "\n";
            // Throughput of what this call integrated (a resumed run's earlier batches are not in it).
            std::printf("run: %lld members, %lld steps, %.3f s, %.3e bead-steps/s, %lld diverged -> %s\n",
                        static_cast<long long>(job.size()), static_cast<long long>(report.max_steps),
                        report.wall_seconds, report.wall_seconds > 0 ? report.bead_steps / report.wall_seconds : 0.0,
                        static_cast<long long>(report.diverged), path.c_str());
            return static_cast<int>(report.diverged > 0 ? exit_check_failed : exit_ok);
          },
          any);
    });
  });
}

}  // namespace rodswarm::cli
