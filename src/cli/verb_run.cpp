/// `rodswarm run CONFIG`: expand, integrate every member, write the results file.
#include <cstdio>
#include <iostream>
#include <memory>
#include <variant>

#include "cli/job_options.hpp"
#include "cli/verbs.hpp"
#include "driver/engine.hpp"
#include "driver/memory_plan.hpp"
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
      // Memory first, from a sample of the ensemble: a run that cannot fit is refused before anything large exists.
      const MemoryPlan memory = std::visit(
          [&](const auto& sample) {
            return plan_host_memory(summarize(sample), options->checkpoint.batch_size,
                                    host_memory(double(options->job.host_memory)));
          },
          options->job.load_any(ParseOptions{estimate_sample}));
      const AnyJob any = options->job.load_any();
      RunOptions run = options->job.run_options();
      run.progress = !options->quiet && ProgressBar::stderr_is_terminal();
      return std::visit(
          [&](const auto& job) {
            using M = typename std::decay_t<decltype(job)>::Model;
            const auto [path, source] = options->job.output_path(job);
            // Claimed before any integration: a bad path costs nothing, and one run at a time writes it.
            const ResultsTarget target(path, source, options->job.target_options());
            for (const auto& w : job.warnings) std::cerr << "rodswarm: warning: " << w << "\n";
            CheckpointOptions checkpoint = options->checkpoint;
            checkpoint.max_batch_size = memory.reduced ? memory.batch_size : 0;
            const CheckpointedReport checkpointed = run_checkpointed(job, run, path, checkpoint, std::cerr);
            const RunReport& report = checkpointed.run;
            const std::string warning = stability_warning(report.stability, job);
            if (!warning.empty()) std::cerr << "rodswarm: " << warning << "\n";
            if (!checkpointed.complete) {
              std::printf("run: stopped with %lld of %lld batches done; run the same command again to resume\n",
                          static_cast<long long>(checkpointed.done_batches),
                          static_cast<long long>(checkpointed.batches));
              return static_cast<int>(exit_runtime);
            }
            if (job.output.xdmf) write_xdmf(path);
            for (const std::string& note : stop_notes<M>(report)) std::cerr << "rodswarm: " << note << "\n";
            const std::int64_t failed = failed_members<M>(report);
            if (checkpointed.already_complete) {
              std::printf(
                  "run: %s already holds this run's %lld members (the run that wrote it was stopped while "
                  "cleaning up); nothing integrated, %s\n",
                  path.c_str(), static_cast<long long>(job.size()), failure_counts<M>(report).c_str());
              return static_cast<int>(failed > 0 ? exit_check_failed : exit_ok);
            }
            // Throughput of what this call integrated (a resumed run's earlier batches are not in it).
            std::printf("run: %lld members, %lld steps, %.3f s, %.3e bead-steps/s, %s -> %s\n",
                        static_cast<long long>(job.size()), static_cast<long long>(report.max_steps),
                        report.wall_seconds, report.wall_seconds > 0 ? report.bead_steps / report.wall_seconds : 0.0,
                        failure_counts<M>(report).c_str(), path.c_str());
            return static_cast<int>(failed > 0 ? exit_check_failed : exit_ok);
          },
          any);
    });
  });
}

}  // namespace rodswarm::cli
