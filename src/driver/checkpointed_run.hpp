/// @file checkpointed_run.hpp
/// `rodswarm run` in batches of members, each finished batch saved to OUT.partial/ (atomically, like every
/// results file). A run that is stopped (Ctrl-C, a killed job, a lost node) and started again with the same
/// config and options resumes after the last finished batch; when all are done they are merged into OUT and the
/// directory is removed. Written once for every model (checkpointed_run_impl.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "driver/run.hpp"

namespace rodswarm {

struct CheckpointOptions {
  std::int64_t batch_size = 0;   ///< members per batch; 0: max(4096, ceil(M / 20))
  bool restart = false;          ///< discard an existing OUT.partial/ instead of resuming from it
  std::int64_t stop_after = -1;  ///< stop after this many new batches, as if interrupted (tests); -1: never
};

struct CheckpointedReport {
  /// Merged over all batches. Its wall_seconds and bead_steps count only the batches integrated by this call (a
  /// resumed batch was integrated by an earlier one), so that their ratio is this call's throughput.
  RunReport run;
  std::int64_t batches = 0;
  std::int64_t resumed_batches = 0;  ///< batches taken from OUT.partial/
  std::int64_t done_batches = 0;     ///< batches finished, resumed ones included
  bool complete = true;              ///< false when stopped by stop_after
};

/// Runs `job` in batches with checkpoints next to `out_path`; returns the merged report. Writes nothing to
/// `out_path` itself (the caller does, once complete). Throws std::invalid_argument when OUT.partial/ belongs
/// to a different config (exit 2: remove it or pass --restart).
template <class M>
CheckpointedReport run_checkpointed(const Job<M>& job, const RunOptions& options, const std::string& out_path,
                                    const CheckpointOptions& checkpoint, std::ostream& log);

/// Removes OUT.partial/ after the merged file is written.
void remove_checkpoints(const std::string& out_path);

namespace checkpoint_detail {
std::filesystem::path checkpoint_dir(const std::string& out_path);
std::filesystem::path batch_file(const std::filesystem::path& dir, std::int64_t batch);
/// What must be equal for finished batches to be reused: the config (after --set), the options that change
/// results, and the batching.
nlohmann::json fingerprint(const JobCommon& job, std::int64_t members, const RunOptions& options,
                           std::int64_t batch_size);
/// Checks OUT.partial/ against `print` (or starts it); throws std::invalid_argument for a different run.
void open_checkpoints(const std::filesystem::path& dir, const nlohmann::json& print, bool restart);
/// Appends a batch's report (its members from first_member on) to `into`; `integrated`: this call ran it, so
/// its time and work count toward the throughput.
void append_report(RunReport& into, const RunReport& part, std::int64_t first_member, bool integrated);
}  // namespace checkpoint_detail

}  // namespace rodswarm
