/// @file run.hpp
/// The host driver of every model: the options a run takes, what it reports, and the drivers written once for
/// every model (definitions in run_impl.hpp, instantiated in each model's src/models/<model>_run.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "config/job.hpp"
#include "driver/stability_check.hpp"
#include "io/results.hpp"
#include "rodswarm/backend.hpp"

namespace rodswarm {

struct RunOptions {
  BackendKind backend = BackendKind::cpu;
  CudaOptions cuda;       ///< kernel layout and device memory budget (CUDA backend only)
  bool progress = false;  ///< draw a progress bar on stderr
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
  double bead_steps = 0.0;    ///< sum over members of the model's work units (beads, nodes, modes) x steps taken
  std::int64_t diverged = 0;
  /// Members stopped for each of the models' own stop reasons, in the order of stop_flags (io/results.hpp).
  std::array<std::int64_t, stop_flag_count> stopped{};
  std::int64_t max_steps = 0;         ///< the longest member's step count
  std::int64_t advance_calls = 0;     ///< backend advance() calls: steps per launch = max_steps / advance_calls
  std::vector<std::string> warnings;  ///< what the verb prints on stderr besides the stability warning
};

/// Integrates every member from t = 0 to its t_end on the chosen backend, recording the model's datasets at every
/// save and at the end. Members that diverge (or reach a model singularity) are flagged and stopped; the others
/// finish. Throws std::invalid_argument for a --layout the model does not run in, std::runtime_error for backend
/// failures.
template <class M>
RunReport run(const Job<M>& job, const RunOptions& options);

/// The static equilibrium of every member by the model's solver (models whose host has a steady solver, has_steady<M>),
/// as a results file of kind "steady".
template <class M>
RunReport steady(const Job<M>& job, const RunOptions& options);

/// The backend of model M in precision Real: the CPU backend, or the CUDA one.
template <class M, class Real>
std::unique_ptr<Backend<M, Real>> make_backend(BackendKind kind, const CudaOptions& cuda = {});

}  // namespace rodswarm
