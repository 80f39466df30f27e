/// @file checkpointed_run.hpp
/// `rodswarm run` in batches of members, each finished batch saved to OUT.partial/ (atomically, like every
/// results file). A run that is stopped (Ctrl-C, a killed job, a lost node) and started again with the same
/// config and options resumes after the last finished batch; when all are done they are merged into OUT and the
/// directory is removed.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "config/cosserat_job.hpp"
#include "config/nishinari_job.hpp"
#include "config/rolling_job.hpp"
#include "driver/greenspan_driver.hpp"

namespace rodswarm {

struct CheckpointOptions {
  std::int64_t batch_size = 0;   ///< members per batch; 0: max(4096, ceil(M / 20))
  bool restart = false;          ///< discard an existing OUT.partial/ instead of resuming from it
  std::int64_t stop_after = -1;  ///< stop after this many new batches, as if interrupted (tests); -1: never
};

struct CheckpointedReport {
  RunReport run;  ///< merged over all batches
  std::int64_t batches = 0;
  std::int64_t resumed_batches = 0;  ///< batches taken from OUT.partial/
  std::int64_t done_batches = 0;     ///< batches finished, resumed ones included
  bool complete = true;              ///< false when stopped by stop_after
};

/// Runs `job` in batches with checkpoints next to `out_path`; returns the merged report. Writes nothing to
/// `out_path` itself (the caller does, once complete). Throws std::invalid_argument when OUT.partial/ belongs
/// to a different config (exit 2: remove it or pass --restart).
CheckpointedReport run_greenspan_checkpointed(const GreenspanJob& job, const RunOptions& options,
                                              const std::string& out_path, const CheckpointOptions& checkpoint,
                                              std::ostream& log);

/// The same for a Nishinari job.
CheckpointedReport run_nishinari_checkpointed(const NishinariJob& job, const RunOptions& options,
                                              const std::string& out_path, const CheckpointOptions& checkpoint,
                                              std::ostream& log);

/// The same for a Cosserat job.
CheckpointedReport run_cosserat_checkpointed(const CosseratJob& job, const RunOptions& options,
                                             const std::string& out_path, const CheckpointOptions& checkpoint,
                                             std::ostream& log);

/// The same for a rolling-contact job.
CheckpointedReport run_rolling_checkpointed(const RollingJob& job, const RunOptions& options,
                                            const std::string& out_path, const CheckpointOptions& checkpoint,
                                            std::ostream& log);

/// Removes OUT.partial/ after the merged file is written.
void remove_checkpoints(const std::string& out_path);

}  // namespace rodswarm
