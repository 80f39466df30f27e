/// @file checkpointed_run_impl.hpp
/// run_checkpointed<M> (checkpointed_run.hpp), written once for every model; instantiated with the other
/// drivers in each model's src/models/<model>_run.cpp. One method per concern: planning the batches (and what a
/// stopped run left), integrating the pending ones across the team's ranks, gathering the ranks' shares, and
/// streaming the batches into OUT.
#pragma once

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>

#include "driver/checkpointed_run.hpp"
#include "driver/member_costs.hpp"
#include "driver/precision_built.hpp"
#include "driver/run.hpp"
#include "driver/stage.hpp"
#include "io/results_target.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

namespace checkpoint_detail {

/// The batch size of a run of `members` members (the range's): --batch-size, else the default, lowered to what
/// memory holds and, with several ranks, to about eight batches a rank (dynamic balancing needs batches to hand
/// out); a stopped run resumes in its own batches while they fit.
template <class M>
std::int64_t plan_batch_size(const Job<M>& job, std::int64_t members, const RunOptions& options,
                             const CheckpointOptions& checkpoint, const PartOf& part, int ranks,
                             const std::string& out_path) {
  if (checkpoint.batch_size > 0) return checkpoint.batch_size;
  std::int64_t size = default_batch_size(members);
  if (checkpoint.max_batch_size > 0) size = std::min(size, checkpoint.max_batch_size);
  if (ranks > 1) size = std::min(size, std::max<std::int64_t>(1, (members + 8 * ranks - 1) / (8 * ranks)));
  const std::int64_t stored = stored_batch_size(checkpoint_dir(out_path), job, members, options, part);
  if (!checkpoint.restart && stored > 0 && (checkpoint.max_batch_size <= 0 || stored <= checkpoint.max_batch_size)) {
    size = stored;
  }
  return size;
}

/// Runs `write`; a full disk comes out saying that the finished batches in `dir` stay for the rerun.
template <class Write>
void keep_batches_on_full_disk(const std::filesystem::path& dir, Write write) {
  try {
    write();
  } catch (const NoSpaceError& e) {
    throw NoSpaceError(std::string(e.what()) + "; the finished batches stay in " + dir.string() +
                           ": free space, then run the same command again to resume",
                       e.error_number());
  }
}

/// One call of run_checkpointed: what every step needs, and the steps.
template <class M>
class CheckpointedRun {
 public:
  CheckpointedRun(const Job<M>& job, const RunOptions& options, const std::string& out_path,
                  const CheckpointOptions& checkpoint, std::ostream& log, Team& team)
      : job_(job),
        options_(options),
        out_path_(out_path),
        checkpoint_(checkpoint),
        log_(log),
        team_(team),
        first_member_(checkpoint.first_member),
        members_(checkpoint.member_count < 0 ? job.size() - first_member_ : checkpoint.member_count),
        part_of_(checkpoint.shard.empty() ? PartOf{} : PartOf{first_member_, job.size(), checkpoint.shard}),
        fingerprint_text_(run_fingerprint(job, options)),
        dir_(checkpoint_dir(out_path)) {}

  CheckpointedReport operator()() {
    CheckpointedReport out;
    out.members = members_;
    out.follower = !team_.leader();
    plan_ = share_plan(team_, [this] { return plan(); });
    out.batches = plan_.batches;
    if (plan_.already_complete) return report_complete_out(std::move(out));
    if (plan_.batches == 1 && team_.size() == 1) return run_in_one_batch(std::move(out));
    const RankShare mine = integrate_pending();
    gather_shares(team_, mine, plan_, out);
    if (plan_.resumed > 0 && team_.leader()) {
      log_ << "rodswarm: resumed from " << dir_.string() << ": " << plan_.resumed << " of " << plan_.batches
           << " batches were already done\n";
    }
    if (!out.complete || !team_.leader()) return out;
    stream_batches_into_out(out);
    return out;
  }

 private:
  std::int64_t batch_first(std::int64_t b) const { return first_member_ + b * plan_.batch_size; }
  std::int64_t batch_count(std::int64_t b) const { return count_of(b, plan_.batch_size); }
  /// Members of batch b when batches hold `size` (the last one fewer).
  std::int64_t count_of(std::int64_t b, std::int64_t size) const { return std::min(size, members_ - b * size); }

  /// On the leader (it alone reads and writes OUT.partial/'s bookkeeping): the batch size, whether OUT is already
  /// this run's, and the batches a stopped run left sound on disk; the rest are pending, largest first when
  /// several ranks share them (the batches taken last are then the short ones).
  BatchPlan plan() {
    BatchPlan p;
    p.batch_size = plan_batch_size(job_, members_, options_, checkpoint_, part_of_, team_.size(), out_path_);
    p.batches = (members_ + p.batch_size - 1) / p.batch_size;
    if (!checkpoint_.restart && finished_before(out_path_, fingerprint_text_)) {
      p.already_complete = true;
      return p;
    }
    if (p.batches == 1 && team_.size() == 1) return p;  // nothing to resume at this size: no checkpoint directory
    open_checkpoints(dir_, fingerprint(job_, members_, options_, p.batch_size, part_of_), checkpoint_.restart);
    for (const std::string& held : take_stale_claims(dir_)) {
      log_ << "rodswarm: the run before this one ended while " << held << ": integrating it again\n";
    }
    for (std::int64_t b = 0; b < p.batches; ++b) {
      if (std::filesystem::exists(batch_file(dir_, b)) &&
          batch_is_sound(batch_file(dir_, b).string(), fingerprint_text_, count_of(b, p.batch_size), log_)) {
        ++p.resumed;
      } else {
        p.pending.push_back(b);
      }
    }
    if (team_.size() > 1) {
      const std::vector<double> cost = batch_costs(job_, first_member_, members_, p.batch_size);
      std::stable_sort(p.pending.begin(), p.pending.end(), [&cost](std::int64_t a, std::int64_t b) {
        return cost[static_cast<std::size_t>(a)] > cost[static_cast<std::size_t>(b)];
      });
    }
    return p;
  }

  /// The header of a results file (attributes, names, shapes) as the report's results; the members are in OUT.
  void keep_header(CheckpointedReport& out, Results results) const {
    drop_member_data(results);
    results.members = members_;
    out.run.results = std::move(results);
  }

  /// A shard's stability warning names members by their place in the ensemble (the flags start at its first).
  void name_members_in_ensemble(StabilityReport& stability) const {
    stability.unstable.insert(stability.unstable.begin(), static_cast<std::size_t>(first_member_), std::uint8_t{0});
  }

  /// The run that wrote OUT was stopped while removing its batches: OUT is this run's, complete.
  CheckpointedReport report_complete_out(CheckpointedReport out) const {
    out.done_batches = out.resumed_batches = plan_.batches;
    out.already_complete = true;
    if (!team_.leader()) return out;
    const Results file = read_results(out_path_);
    count_results(file, out.run);
    out.run.stability = check_stability(slice_of(job_, first_member_, members_));
    for (std::int64_t i = first_member_; i < first_member_ + members_; ++i) {
      out.run.max_steps = std::max(out.run.max_steps, job_.steps[static_cast<std::size_t>(i)]);
    }
    keep_header(out, file);
    return out;
  }

  /// Shapes shared by all batches (and all shards) so that their arrays concatenate.
  RunOptions batch_options() const {
    RunOptions batch = options_;
    batch.max_beads = ModelHost<M>::max_beads(job_);
    batch.t_max = *std::max_element(job_.t_end.begin(), job_.t_end.end());
    batch.progress = options_.progress && team_.leader();
    return batch;
  }

  /// A run of one batch on one rank writes OUT directly: no checkpoint directory.
  CheckpointedReport run_in_one_batch(CheckpointedReport out) const {
    RunReport report = [&] {
      const Stage stage("integrating " + members_text(first_member_, members_));
      return run(slice_of(job_, first_member_, members_), batch_options());
    }();
    report.results.run_fingerprint = fingerprint_text_;
    report.results.part = part_of_;
    {
      const Stage stage("writing the results file " + out_path_);
      write_results(out_path_, report.results);
    }
    out.done_batches = 1;
    out.integrated_members = members_;
    out.run = std::move(report);
    keep_header(out, std::move(out.run.results));
    for (auto& example : out.run.stability.examples) example.member += first_member_;
    name_members_in_ensemble(out.run.stability);
    return out;
  }

  /// Integrates the batches not yet on disk, each rank taking the next from the team's counter, and saves each
  /// to OUT.partial/; only counters are kept in memory. A rank that fails ends the job (the others would wait for
  /// it); the finished batches stay.
  RankShare integrate_pending() {
    team_.reset_counter();
    if (team_.size() > 1 && team_.leader()) report_claims_on_stop(dir_, team_.size());
    RunOptions options = batch_options();
    RankShare mine;
    mine.started = std::chrono::steady_clock::now();
    std::int64_t holding = -1;
    try {
      for (;;) {
        if (checkpoint_.stop_after >= 0 && mine.batches >= checkpoint_.stop_after) break;
        const std::int64_t ticket = team_.next_ticket();
        if (ticket >= static_cast<std::int64_t>(plan_.pending.size())) break;
        const std::int64_t b = plan_.pending[static_cast<std::size_t>(ticket)];
        holding = b;
        integrate_batch(b, options, mine);
        holding = -1;
      }
    } catch (const std::exception& e) {
      if (team_.size() == 1) throw;
      std::cerr << "rodswarm: error on " << team_.placement() << ": " << e.what();
      if (holding >= 0) {
        std::cerr << " (it held batch " << holding << ", members " << batch_first(holding) << " to "
                  << batch_first(holding) + batch_count(holding) - 1 << ")";
      }
      std::cerr << "; the finished batches stay in " << dir_.string() << ": run the same command again to resume\n";
      team_.abort(exit_code_of(e));
    }
    if (team_.size() > 1) release_claim(dir_, team_.rank());
    if (team_.size() > 1 && team_.leader()) stop_reporting_claims();
    return mine;
  }

  void integrate_batch(std::int64_t b, RunOptions& options, RankShare& mine) {
    if (team_.size() > 1) claim_batch(dir_, team_.rank(), b, batch_first(b), batch_count(b));
    options.progress_label = "run [batch " + std::to_string(b + 1) + "/" + std::to_string(plan_.batches) + "]";
    const std::string batch_text = "batch " + std::to_string(b + 1) + " of " + std::to_string(plan_.batches) + " (" +
                                   members_text(batch_first(b), batch_count(b)) + ")";
    RunReport part = [&] {
      const Stage stage("integrating " + batch_text);
      return run(slice_of(job_, batch_first(b), batch_count(b)), options);
    }();
    part.results.run_fingerprint = fingerprint_text_;
    {
      const Stage stage("writing " + batch_text + " to " + batch_file(dir_, b).string());
      keep_batches_on_full_disk(dir_, [&] { write_results(batch_file(dir_, b).string(), part.results); });
    }
    part.diverged = 0;  // counted from the files, with the resumed batches
    part.stopped = {};
    part.stability = {};
    append_report(mine.report, part, batch_first(b), true);
    ++mine.batches;
    mine.members += batch_count(b);
  }

  /// Streams the batches into OUT, each checked to be of this run: a file never holds members of two configs.
  void stream_batches_into_out(CheckpointedReport& out) const {
    const Stage stage("writing the results file " + out_path_ + " from the batches in " + dir_.string());
    std::optional<ResultsWriter> writer;
    keep_batches_on_full_disk(dir_, [&] {
      for (std::int64_t b = 0; b < plan_.batches; ++b) {
        const std::string file = batch_file(dir_, b).string();
        Results part = read_results(file);
        const Job<M> slice = slice_of(job_, batch_first(b), batch_count(b));
        check_batch_of_run(part, file, dir_, fingerprint_text_, slice.size());
        RunReport counted;
        count_results(part, counted);
        counted.stability = check_stability(slice);
        counted.max_steps = *std::max_element(slice.steps.begin(), slice.steps.end());
        append_report(out.run, counted, batch_first(b), false);
        part.part = part_of_;
        if (!writer) writer.emplace(out_path_, part, members_);
        writer->write(part);
      }
      writer->commit();
    });
    keep_header(out, writer->header());
    remove_checkpoints(out_path_);
    name_members_in_ensemble(out.run.stability);
  }

  const Job<M>& job_;
  const RunOptions& options_;
  const std::string& out_path_;
  const CheckpointOptions& checkpoint_;
  std::ostream& log_;
  Team& team_;
  const std::int64_t first_member_;
  const std::int64_t members_;
  const PartOf part_of_;
  const std::string fingerprint_text_;
  const std::filesystem::path dir_;
  BatchPlan plan_;
};

}  // namespace checkpoint_detail

template <class M>
CheckpointedReport run_checkpointed(const Job<M>& job, const RunOptions& options, const std::string& out_path,
                                    const CheckpointOptions& checkpoint, std::ostream& log) {
  // A build without float32 refuses it before OUT.partial/ exists, so that nothing is left behind; the model's own
  // refusal, which names the key at fault in any build (rolling's Lyapunov twin), comes first.
  if (job.precision == Precision::float32 && !float32_built) {
    ModelHost<M>::check(job);
    refuse_float32_not_built(job.source);
  }
  Team solo;
  Team& team = checkpoint.team != nullptr ? *checkpoint.team : solo;
  return checkpoint_detail::CheckpointedRun<M>(job, options, out_path, checkpoint, log, team)();
}

}  // namespace rodswarm
