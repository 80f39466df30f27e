/// @file checkpointed_run_impl.hpp
/// run_checkpointed<M> (checkpointed_run.hpp), written once for every model; instantiated with the other
/// drivers in each model's src/models/<model>_run.cpp.
#pragma once

#include <algorithm>
#include <optional>

#include "driver/checkpointed_run.hpp"
#include "driver/run.hpp"
#include "io/results_target.hpp"
#include "models/model_host.hpp"

namespace rodswarm {

template <class M>
CheckpointedReport run_checkpointed(const Job<M>& job, const RunOptions& options, const std::string& out_path,
                                    const CheckpointOptions& checkpoint, std::ostream& log) {
  using namespace checkpoint_detail;
  const std::int64_t members = job.size();
  std::int64_t batch_size = checkpoint.batch_size;
  if (batch_size <= 0) {
    batch_size = default_batch_size(members);
    if (checkpoint.max_batch_size > 0) batch_size = std::min(batch_size, checkpoint.max_batch_size);
    // A stopped run resumes in its own batches (the memory available may have changed since), while they fit.
    const std::int64_t stored = stored_batch_size(checkpoint_dir(out_path), job, members, options);
    if (!checkpoint.restart && stored > 0 && (checkpoint.max_batch_size <= 0 || stored <= checkpoint.max_batch_size)) {
      batch_size = stored;
    }
  }
  const std::int64_t batches = (members + batch_size - 1) / batch_size;
  const std::string fingerprint_text = run_fingerprint(job, options);
  CheckpointedReport out;
  out.batches = batches;
  const auto keep_header = [&out, members](Results results) {
    drop_member_data(results);
    results.members = members;
    out.run.results = std::move(results);
  };

  if (!checkpoint.restart && finished_before(out_path, fingerprint_text)) {
    // The run that wrote OUT was stopped while removing its batches: OUT is this run's, complete.
    const Results file = read_results(out_path);
    count_results(file, out.run);
    out.run.stability = check_stability(job);
    out.run.max_steps = *std::max_element(job.steps.begin(), job.steps.end());
    out.done_batches = out.resumed_batches = batches;
    out.already_complete = true;
    keep_header(file);
    return out;
  }

  // Shapes shared by all batches so that their arrays concatenate.
  RunOptions batch_options = options;
  batch_options.max_beads = ModelHost<M>::max_beads(job);
  batch_options.t_max = *std::max_element(job.t_end.begin(), job.t_end.end());

  if (batches == 1) {  // nothing to resume at this size: no checkpoint directory
    RunReport report = run(job, batch_options);
    report.results.run_fingerprint = fingerprint_text;
    write_results(out_path, report.results);
    out.done_batches = 1;
    out.run = std::move(report);
    keep_header(std::move(out.run.results));
    return out;
  }
  const std::filesystem::path dir = checkpoint_dir(out_path);
  open_checkpoints(dir, fingerprint(job, members, options, batch_size), checkpoint.restart);

  // Integrate the batches not yet on disk; only their counters are kept in memory.
  std::int64_t new_batches = 0;
  for (std::int64_t b = 0; b < batches; ++b) {
    const std::filesystem::path file = batch_file(dir, b);
    if (std::filesystem::exists(file)) {
      ++out.resumed_batches;
      ++out.done_batches;
      continue;
    }
    if (checkpoint.stop_after >= 0 && new_batches >= checkpoint.stop_after) {
      out.complete = false;
      break;
    }
    const std::int64_t first = b * batch_size;
    batch_options.progress_label = "run [batch " + std::to_string(b + 1) + "/" + std::to_string(batches) + "]";
    RunReport part = run(slice_of(job, first, batch_size), batch_options);
    part.results.run_fingerprint = fingerprint_text;
    write_results(file.string(), part.results);
    part.diverged = part.singular = part.separated = 0;  // counted from the files below, with the resumed batches
    part.stability = {};
    append_report(out.run, part, first, true);
    ++new_batches;
    ++out.done_batches;
  }
  if (out.resumed_batches > 0) {
    log << "rodswarm: resumed from " << dir.string() << ": " << out.resumed_batches << " of " << batches
        << " batches were already done\n";
  }
  if (!out.complete) return out;

  // Stream the batches into OUT, each checked to be of this run: a file never holds members of two configs.
  std::optional<ResultsWriter> writer;
  for (std::int64_t b = 0; b < batches; ++b) {
    const std::int64_t first = b * batch_size;
    const std::string file = batch_file(dir, b).string();
    const Results part = read_results(file);
    if (part.run_fingerprint != fingerprint_text) {
      throw std::invalid_argument(file + " belongs to another run (fingerprint " + part.run_fingerprint +
                                  ", this run " + fingerprint_text + "): remove " + dir.string() +
                                  ", or pass --restart to discard it");
    }
    const Job<M> slice = slice_of(job, first, batch_size);
    if (part.members != slice.size()) {
      throw std::invalid_argument(file + " holds " + std::to_string(part.members) + " members, this batch " +
                                  std::to_string(slice.size()) + ": remove " + dir.string() + " or pass --restart");
    }
    RunReport counted;
    count_results(part, counted);
    counted.stability = check_stability(slice);
    counted.max_steps = *std::max_element(slice.steps.begin(), slice.steps.end());
    append_report(out.run, counted, first, false);
    if (!writer) writer.emplace(out_path, part, members);
    writer->write(part);
  }
  writer->commit();
  keep_header(writer->header());
  remove_checkpoints(out_path);
  return out;
}

}  // namespace rodswarm
