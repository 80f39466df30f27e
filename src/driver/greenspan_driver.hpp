/// @file greenspan_driver.hpp
/// Host driver for Greenspan ensembles: builds the SoA ensemble in the run's precision, steps it on a backend
/// from save point to save point, records the saved series, energies and per-member flags, and returns them as
/// Results ready for io/.
#pragma once

#include <cstdint>

#include "config/greenspan_job.hpp"
#include "driver/stability_check.hpp"
#include "io/results.hpp"
#include "rodswarm/backend.hpp"

namespace rodswarm {

struct RunOptions {
  BackendKind backend = BackendKind::cpu;
  CudaOptions cuda;                ///< kernel layout and device memory budget (CUDA backend only)
  bool progress = false;           ///< draw a progress bar on stderr
  std::int64_t member_limit = -1;  ///< run only the first K members (compare); -1 = all
  /// Shapes of the results when this run is one batch of a larger ensemble (0: from this job): every batch
  /// then has the same bead padding and save times, so batches concatenate.
  int max_beads = 0;
  double t_max = 0.0;
  std::string progress_label = "run";
};

struct RunReport {
  Results results;
  StabilityReport stability;
  double wall_seconds = 0.0;  ///< integration time, excluding expansion and file writing
  double bead_steps = 0.0;    ///< sum over members of beads x steps taken
  std::int64_t diverged = 0;
  std::int64_t max_steps = 0;      ///< the longest member's step count
  std::int64_t advance_calls = 0;  ///< backend advance() calls: steps per launch = max_steps / advance_calls
};

/// Integrates every member from t = 0 to its t_end. Members that diverge are flagged and stopped; the others
/// finish. Throws std::runtime_error for backend failures.
RunReport run_greenspan(const GreenspanJob& job, const RunOptions& options);

/// Static equilibrium of every member (Newton on (5.3) from the straight chord), as a "steady" Results.
RunReport steady_greenspan(const GreenspanJob& job, const RunOptions& options);

/// The job restricted to its first `count` members (compare, bench).
GreenspanJob head_of(const GreenspanJob& job, std::int64_t count);

/// Members [first, first + count) of the job (batches).
GreenspanJob slice_of(const GreenspanJob& job, std::int64_t first, std::int64_t count);

}  // namespace rodswarm
