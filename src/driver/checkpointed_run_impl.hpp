/// @file checkpointed_run_impl.hpp
/// run_checkpointed<M> (checkpointed_run.hpp), written once for every model; instantiated with the other
/// drivers in each model's src/models/<model>_run.cpp.
#pragma once

#include <algorithm>

#include "driver/checkpointed_run.hpp"
#include "driver/run.hpp"
#include "models/model_host.hpp"

namespace rodswarm {

template <class M>
CheckpointedReport run_checkpointed(const Job<M>& job, const RunOptions& options, const std::string& out_path,
                                    const CheckpointOptions& checkpoint, std::ostream& log) {
  using namespace checkpoint_detail;
  const std::int64_t members = job.size();
  const std::int64_t batch_size =
      checkpoint.batch_size > 0 ? checkpoint.batch_size : std::max<std::int64_t>(4096, (members + 19) / 20);
  const std::int64_t batches = (members + batch_size - 1) / batch_size;
  CheckpointedReport out;
  out.batches = batches;

  // Shapes shared by all batches so that their arrays concatenate.
  RunOptions batch_options = options;
  batch_options.max_beads = ModelHost<M>::max_beads(job);
  batch_options.t_max = *std::max_element(job.t_end.begin(), job.t_end.end());

  if (batches == 1) {  // nothing to resume at this size: no checkpoint directory
    out.run = run(job, batch_options);
    out.done_batches = 1;
    return out;
  }
  const std::filesystem::path dir = checkpoint_dir(out_path);
  open_checkpoints(dir, fingerprint(job, members, options, batch_size), checkpoint.restart);

  std::int64_t new_batches = 0;
  for (std::int64_t b = 0; b < batches; ++b) {
    const std::int64_t first = b * batch_size;
    const Job<M> slice = slice_of(job, first, batch_size);
    const std::filesystem::path file = batch_file(dir, b);
    if (std::filesystem::exists(file)) {
      // A batch read back: its counters rebuilt from the stored arrays (it was integrated by an earlier call);
      // the stability check is cheap next to integration and is simply redone for the warning's details.
      RunReport part;
      part.results = read_results(file.string());
      part.stability = check_stability(slice);
      for (std::size_t i = 0; i < static_cast<std::size_t>(part.results.members); ++i) {
        part.diverged += part.results.diverged[i];
        part.max_steps = std::max(part.max_steps, slice.steps[i]);
      }
      append_report(out.run, part, first, false);
      ++out.resumed_batches;
      ++out.done_batches;
      continue;
    }
    if (checkpoint.stop_after >= 0 && new_batches >= checkpoint.stop_after) {
      out.complete = false;
      break;
    }
    batch_options.progress_label = "run [batch " + std::to_string(b + 1) + "/" + std::to_string(batches) + "]";
    const RunReport part = run(slice, batch_options);
    write_results(file.string(), part.results);
    append_report(out.run, part, first, true);
    ++new_batches;
    ++out.done_batches;
  }
  if (out.resumed_batches > 0) {
    log << "rodswarm: resumed from " << dir.string() << ": " << out.resumed_batches << " of " << batches
        << " batches were already done\n";
  }
  return out;
}

}  // namespace rodswarm
