/// @file checkpointed_run_impl.hpp
/// run_checkpointed<M> (checkpointed_run.hpp), written once for every model; instantiated with the other
/// drivers in each model's src/models/<model>_run.cpp.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
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

/// "members 8192 to 12287" (or "member 7").
inline std::string members_text(std::int64_t first, std::int64_t count) {
  return count == 1 ? "member " + std::to_string(first)
                    : "members " + std::to_string(first) + " to " + std::to_string(first + count - 1);
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

}  // namespace checkpoint_detail

template <class M>
CheckpointedReport run_checkpointed(const Job<M>& job, const RunOptions& options, const std::string& out_path,
                                    const CheckpointOptions& checkpoint, std::ostream& log) {
  using namespace checkpoint_detail;
  // A build without float32 refuses it before OUT.partial/ exists, so that nothing is left behind; the model's own
  // refusal, which names the key at fault in any build (rolling's Lyapunov twin), comes first.
  if (job.precision == Precision::float32 && !float32_built) {
    ModelHost<M>::check(job);
    refuse_float32_not_built(job.source);
  }
  Team solo;
  Team& team = checkpoint.team != nullptr ? *checkpoint.team : solo;
  const std::int64_t first_member = checkpoint.first_member;
  const std::int64_t members = checkpoint.member_count < 0 ? job.size() - first_member : checkpoint.member_count;
  const PartOf part_of = checkpoint.shard.empty() ? PartOf{} : PartOf{first_member, job.size(), checkpoint.shard};
  const std::string fingerprint_text = run_fingerprint(job, options);
  const std::filesystem::path dir = checkpoint_dir(out_path);
  CheckpointedReport out;
  out.members = members;
  out.follower = !team.leader();
  // A shard's stability warning names members by their place in the ensemble (the flags start at its first).
  const auto name_members_in_ensemble = [first_member](StabilityReport& stability) {
    stability.unstable.insert(stability.unstable.begin(), static_cast<std::size_t>(first_member), std::uint8_t{0});
  };
  const auto keep_header = [&out, members](Results results) {
    drop_member_data(results);
    results.members = members;
    out.run.results = std::move(results);
  };

  // The leader plans (it alone reads and writes OUT.partial/'s bookkeeping); every rank learns the plan.
  std::int64_t batch_size = 0, already_complete = 0, resumed = 0;
  std::string pending_text;
  team.lead(
      [&] {
        batch_size = plan_batch_size(job, members, options, checkpoint, part_of, team.size(), out_path);
        const std::int64_t batches = (members + batch_size - 1) / batch_size;
        if (!checkpoint.restart && finished_before(out_path, fingerprint_text)) {
          already_complete = 1;
          return;
        }
        if (batches == 1 && team.size() == 1) return;  // nothing to resume at this size: no checkpoint directory
        open_checkpoints(dir, fingerprint(job, members, options, batch_size, part_of), checkpoint.restart);
        for (const std::string& held : take_stale_claims(dir)) {
          log << "rodswarm: the run before this one ended while " << held << ": integrating it again\n";
        }
        std::vector<std::int64_t> pending;
        for (std::int64_t b = 0; b < batches; ++b) {
          const std::int64_t count = std::min(batch_size, members - b * batch_size);
          if (std::filesystem::exists(batch_file(dir, b)) &&
              batch_is_sound(batch_file(dir, b).string(), fingerprint_text, count, log)) {
            ++resumed;
          } else {
            pending.push_back(b);
          }
        }
        if (team.size() > 1) {  // largest first: the batches taken last are the short ones
          const std::vector<double> cost = batch_costs(job, first_member, members, batch_size);
          std::stable_sort(pending.begin(), pending.end(), [&cost](std::int64_t a, std::int64_t b) {
            return cost[static_cast<std::size_t>(a)] > cost[static_cast<std::size_t>(b)];
          });
        }
        std::ostringstream text;
        for (const std::int64_t b : pending) text << b << " ";
        pending_text = text.str();
      },
      exit_code_of);
  batch_size = team.broadcast(batch_size);
  already_complete = team.broadcast(already_complete);
  resumed = team.broadcast(resumed);
  pending_text = team.broadcast(pending_text);
  const std::int64_t batches = (members + batch_size - 1) / batch_size;
  out.batches = batches;
  const auto batch_first = [&](std::int64_t b) { return first_member + b * batch_size; };
  const auto batch_count = [&](std::int64_t b) { return std::min(batch_size, members - b * batch_size); };

  if (already_complete != 0) {
    out.done_batches = out.resumed_batches = batches;
    out.already_complete = true;
    if (!team.leader()) return out;
    // The run that wrote OUT was stopped while removing its batches: OUT is this run's, complete.
    const Results file = read_results(out_path);
    count_results(file, out.run);
    out.run.stability = check_stability(slice_of(job, first_member, members));
    for (std::int64_t i = first_member; i < first_member + members; ++i) {
      out.run.max_steps = std::max(out.run.max_steps, job.steps[static_cast<std::size_t>(i)]);
    }
    keep_header(file);
    return out;
  }

  // Shapes shared by all batches (and all shards) so that their arrays concatenate.
  RunOptions batch_options = options;
  batch_options.max_beads = ModelHost<M>::max_beads(job);
  batch_options.t_max = *std::max_element(job.t_end.begin(), job.t_end.end());
  batch_options.progress = options.progress && team.leader();

  if (batches == 1 && team.size() == 1) {
    RunReport report = [&] {
      const Stage stage("integrating " + members_text(first_member, members));
      return run(slice_of(job, first_member, members), batch_options);
    }();
    report.results.run_fingerprint = fingerprint_text;
    report.results.part = part_of;
    {
      const Stage stage("writing the results file " + out_path);
      write_results(out_path, report.results);
    }
    out.done_batches = 1;
    out.integrated_members = members;
    out.run = std::move(report);
    keep_header(std::move(out.run.results));
    for (auto& example : out.run.stability.examples) example.member += first_member;
    name_members_in_ensemble(out.run.stability);
    return out;
  }

  // Integrate the batches not yet on disk, each rank taking the next from the team's counter; only counters are
  // kept in memory.
  std::vector<std::int64_t> pending;
  {
    std::istringstream text(pending_text);
    for (std::int64_t b = 0; text >> b;) pending.push_back(b);
  }
  team.reset_counter();
  if (team.size() > 1 && team.leader()) report_claims_on_stop(dir, team.size());
  const auto started = std::chrono::steady_clock::now();
  RunReport mine;
  std::int64_t my_batches = 0, my_members = 0, holding = -1;
  try {
    for (;;) {
      if (checkpoint.stop_after >= 0 && my_batches >= checkpoint.stop_after) break;
      const std::int64_t ticket = team.next_ticket();
      if (ticket >= static_cast<std::int64_t>(pending.size())) break;
      const std::int64_t b = pending[static_cast<std::size_t>(ticket)];
      holding = b;
      if (team.size() > 1) claim_batch(dir, team.rank(), b, batch_first(b), batch_count(b));
      batch_options.progress_label = "run [batch " + std::to_string(b + 1) + "/" + std::to_string(batches) + "]";
      const std::string batch_text = "batch " + std::to_string(b + 1) + " of " + std::to_string(batches) + " (" +
                                     members_text(batch_first(b), batch_count(b)) + ")";
      RunReport part = [&] {
        const Stage stage("integrating " + batch_text);
        return run(slice_of(job, batch_first(b), batch_count(b)), batch_options);
      }();
      part.results.run_fingerprint = fingerprint_text;
      {
        const Stage stage("writing " + batch_text + " to " + batch_file(dir, b).string());
        keep_batches_on_full_disk(dir, [&] { write_results(batch_file(dir, b).string(), part.results); });
      }
      part.diverged = part.singular = part.separated = 0;  // counted from the files below, with the resumed batches
      part.stability = {};
      append_report(mine, part, batch_first(b), true);
      ++my_batches;
      my_members += batch_count(b);
      holding = -1;
    }
  } catch (const std::exception& e) {
    if (team.size() == 1) throw;
    // A rank that fails ends the job (the others would wait for it); its finished batches stay.
    std::cerr << "rodswarm: error on " << team.placement() << ": " << e.what();
    if (holding >= 0) {
      std::cerr << " (it held batch " << holding << ", members " << batch_first(holding) << " to "
                << batch_first(holding) + batch_count(holding) - 1 << ")";
    }
    std::cerr << "; the finished batches stay in " << dir.string() << ": run the same command again to resume\n";
    team.abort(exit_code_of(e));
  }
  if (team.size() > 1) release_claim(dir, team.rank());
  if (team.size() > 1 && team.leader()) stop_reporting_claims();

  // Every rank's share, gathered on the leader.
  char mine_text[160];
  std::snprintf(mine_text, sizeof mine_text, "%lld %lld %.17g %.17g", static_cast<long long>(my_batches),
                static_cast<long long>(my_members), mine.wall_seconds, mine.bead_steps);
  const std::vector<std::string> shares = team.gather(std::string(mine_text) + " " + team.placement());
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::int64_t done_now = 0;
  if (team.leader()) {
    out.run.wall_seconds = team.size() > 1 ? elapsed : mine.wall_seconds;
    out.run.max_steps = mine.max_steps;
    for (std::size_t r = 0; r < shares.size(); ++r) {
      std::istringstream in(shares[r]);
      long long b = 0, m = 0;
      double wall = 0, work = 0;
      in >> b >> m >> wall >> work;
      std::string placement;
      std::getline(in >> std::ws, placement);
      done_now += b;
      out.integrated_members += m;
      out.run.bead_steps += work;
      if (shares.size() > 1) {
        char line[256];
        std::snprintf(line, sizeof line, "%s: %lld batches, %lld members, %.3f s, %.3e bead-steps/s", placement.c_str(),
                      b, m, wall, wall > 0 ? work / wall : 0.0);
        out.ranks.push_back(line);
      }
    }
  } else {
    out.integrated_members = my_members;
  }
  out.resumed_batches = resumed;
  out.done_batches = resumed + team.broadcast(done_now);
  out.complete = out.done_batches == batches;
  if (resumed > 0 && team.leader()) {
    log << "rodswarm: resumed from " << dir.string() << ": " << resumed << " of " << batches
        << " batches were already done\n";
  }
  if (!out.complete || !team.leader()) return out;

  // Stream the batches into OUT, each checked to be of this run: a file never holds members of two configs.
  const Stage stage("writing the results file " + out_path + " from the batches in " + dir.string());
  std::optional<ResultsWriter> writer;
  keep_batches_on_full_disk(dir, [&] {
    for (std::int64_t b = 0; b < batches; ++b) {
      const std::string file = batch_file(dir, b).string();
      Results part = read_results(file);
      if (part.run_fingerprint != fingerprint_text) {
        throw std::invalid_argument(file + " belongs to another run (fingerprint " + part.run_fingerprint +
                                    ", this run " + fingerprint_text + "): remove " + dir.string() +
                                    ", or pass --restart to discard it");
      }
      const Job<M> slice = slice_of(job, batch_first(b), batch_count(b));
      if (part.members != slice.size()) {
        throw std::invalid_argument(file + " holds " + std::to_string(part.members) + " members, this batch " +
                                    std::to_string(slice.size()) + ": remove " + dir.string() + " or pass --restart");
      }
      RunReport counted;
      count_results(part, counted);
      counted.stability = check_stability(slice);
      counted.max_steps = *std::max_element(slice.steps.begin(), slice.steps.end());
      append_report(out.run, counted, batch_first(b), false);
      part.part = part_of;
      if (!writer) writer.emplace(out_path, part, members);
      writer->write(part);
    }
    writer->commit();
  });
  keep_header(writer->header());
  remove_checkpoints(out_path);
  name_members_in_ensemble(out.run.stability);
  return out;
}

}  // namespace rodswarm
