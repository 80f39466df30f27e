/// @file memory_plan.hpp
/// Host memory checked before anything large is allocated: what the machine can give a run, and the batch size
/// that keeps a run under it (the whole ensemble's state stays in memory; results are streamed to the file batch
/// by batch, so only a batch's are). A run that cannot fit is refused with its sizes and the budget named.
#pragma once

#include <cstdint>
#include <string>

#include "driver/engine.hpp"

namespace rodswarm {

struct HostMemory {
  double bytes = 0;    ///< what a run may use
  std::string source;  ///< "--host-memory", "available memory", "the cgroup's limit"
};

/// `requested` bytes when non-zero (--host-memory); else the memory the host has available (MemAvailable of
/// /proc/meminfo), lowered to what is left under a cgroup's limit where one is set.
HostMemory host_memory(double requested);

struct MemoryPlan {
  std::int64_t members = 0;
  std::int64_t batch_size = 0;  ///< members per batch: the default or the requested one, or the largest that fits
  bool reduced = false;         ///< batch_size is below the default because memory binds
  double state_bytes = 0;       ///< every member's parameters and state, for the whole run
  double results_bytes = 0;     ///< the whole results file
  double batch_bytes = 0;       ///< one batch's results, twice held at the merge (the part read, the part written)
  double needed = 0;            ///< state + the run's working copy of a batch + two batches' results
  HostMemory budget;
};

/// The plan of `summary` under `budget`: the default batch size (or `requested_batch`) while it fits, else the
/// largest that does. Throws std::invalid_argument (exit 2) naming the sizes and the budget when not even a
/// batch of one member fits, or when the requested batch does not.
MemoryPlan plan_host_memory(const JobSummary& summary, std::int64_t requested_batch, const HostMemory& budget);

/// "1.5 GiB".
std::string format_bytes(double bytes);

}  // namespace rodswarm
