/// `rodswarm run CONFIG`: expand, integrate every member, write the results file.
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <regex>
#include <stdexcept>
#include <tuple>
#include <variant>

#include "cli/job_options.hpp"
#include "cli/team_shares.hpp"
#include "cli/verbs.hpp"
#include "driver/stage.hpp"
#include "cluster/team.hpp"
#include "driver/engine.hpp"
#include "driver/member_costs.hpp"
#include "driver/memory_plan.hpp"
#include "driver/progress.hpp"
#include "io/results.hpp"
#include "io/xdmf_writer.hpp"

namespace rodswarm::cli {

namespace {

struct Shard {
  std::int64_t index = 0, count = 1;
};

/// --shard i/N, checked against the ensemble's size.
Shard parse_shard(const std::string& text, std::int64_t members) {
  std::smatch m;
  if (!std::regex_match(text, m, std::regex(R"((\d{1,9})/(\d{1,9}))"))) {
    throw std::invalid_argument("--shard: expected i/N (part i of N, i from 0 to N-1), got \"" + text + "\"");
  }
  const Shard shard{std::stoll(m[1]), std::stoll(m[2])};
  if (shard.count < 1 || shard.index >= shard.count) {
    throw std::invalid_argument("--shard " + text + ": i must be from 0 to N-1 (parts are numbered from 0)");
  }
  if (shard.count > members) {
    throw std::invalid_argument("--shard " + text + ": the ensemble has " + std::to_string(members) +
                                " members, fewer than " + std::to_string(shard.count) + " parts");
  }
  return shard;
}

/// The default file of a part: OUT with ".part-i-of-N" before its extension.
std::string shard_path(const std::string& out, const Shard& shard) {
  const std::string tag = ".part-" + std::to_string(shard.index) + "-of-" + std::to_string(shard.count);
  const std::size_t slash = out.find_last_of('/'), dot = out.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return out + tag;
  return out.substr(0, dot) + tag + out.substr(dot);
}

}  // namespace

void add_run_verb(CLI::App& app, int& exit_code) {
  struct Options {
    JobOptions job;
    bool quiet = false;
    CheckpointOptions checkpoint;
    std::string shard;  ///< --shard i/N
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
  verb->add_option("--shard", options->shard,
                   "i/N: integrate part i (0 to N-1) of N of the ensemble, contiguous members of about equal "
                   "estimated cost, and write it as a part (OUT with .part-i-of-N before .h5) that "
                   "`rodswarm merge` joins: one task of a cluster job array");
  verb->add_option("--stop-after-batches", options->checkpoint.stop_after,
                   "stop after this many new batches, as if interrupted (for testing resume)")
      ->check(CLI::NonNegativeNumber)
      ->group("");  // hidden: a testing aid
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      const Stage stage("run " + options->job.config);
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
      Team& team = Team::world();
      return std::visit(
          [&](const auto& job) {
            using M = typename std::decay_t<decltype(job)>::Model;
            CheckpointOptions checkpoint = options->checkpoint;
            checkpoint.max_batch_size = memory.reduced ? memory.batch_size : 0;
            if (team.launched()) checkpoint.team = &team;
            const auto out = options->job.output_path(job);
            std::string path = out.first;
            const ResultsPathSource source = out.second;
            if (!options->shard.empty()) {
              const Shard shard = parse_shard(options->shard, job.size());
              std::tie(checkpoint.first_member, checkpoint.member_count) = shard_members(job, shard.index, shard.count);
              checkpoint.shard = options->shard;
              path = shard_path(path, shard);  // a job array's tasks given one --out each write their own part
            }
            // Claimed before any integration, by the leader rank alone: a bad path costs nothing, and one run at a
            // time writes it.
            const auto target = claim_on_leader(team, path, source, options->job.target_options());
            if (team.leader()) {
              for (const auto& w : job.warnings) std::cerr << "rodswarm: warning: " << w << "\n";
            }
            const CheckpointedReport checkpointed = run_checkpointed(job, run, path, checkpoint, std::cerr);
            if (checkpointed.follower) return static_cast<int>(exit_ok);  // the leader reports the run
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
                  path.c_str(), static_cast<long long>(checkpointed.members), failure_counts<M>(report).c_str());
              return static_cast<int>(failed > 0 ? exit_check_failed : exit_ok);
            }
            // Throughput of what this call integrated (a resumed run's earlier batches are not in it).
            std::printf("run: %lld members, %lld steps, %.3f s, %.3e bead-steps/s, %s -> %s\n",
                        static_cast<long long>(checkpointed.members), static_cast<long long>(report.max_steps),
                        report.wall_seconds, report.wall_seconds > 0 ? report.bead_steps / report.wall_seconds : 0.0,
                        failure_counts<M>(report).c_str(), path.c_str());
            if (checkpointed.resumed_batches > 0 || !checkpointed.ranks.empty()) {
              std::printf(
                  "run: integrated %lld of %lld members in this call (%lld of %lld batches resumed)\n",
                  static_cast<long long>(checkpointed.integrated_members), static_cast<long long>(checkpointed.members),
                  static_cast<long long>(checkpointed.resumed_batches), static_cast<long long>(checkpointed.batches));
            }
            for (const std::string& line : checkpointed.ranks) std::printf("  %s\n", line.c_str());
            return static_cast<int>(failed > 0 ? exit_check_failed : exit_ok);
          },
          any);
    });
  });
}

}  // namespace rodswarm::cli
