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
  std::string source;  ///< which bound binds: "--host-memory", "available memory", "the cgroup's limit", ...
};

/// What a run of this process may allocate: the least of `requested` (--host-memory, when non-zero), the memory the
/// host has available (MemAvailable of /proc/meminfo), what is left under this process's cgroup limit (v2, else
/// v1), what is left under the address-space limit RLIMIT_AS (`ulimit -v`: the limit less the address space mapped
/// now and the reserve of the threads a run starts) and under the data limit RLIMIT_DATA (`ulimit -d`).
HostMemory host_memory(double requested);

/// What a memory cgroup leaves the process whose /proc/PID/cgroup file is `self_cgroup`, with the cgroup file
/// systems mounted at `sys_root` (/sys/fs/cgroup): its limit less its use, not counting the page cache the kernel
/// reclaims on demand (v2's memory.max, memory.current and memory.stat, else v1's limit_in_bytes, usage_in_bytes and
/// memory.stat; the process's own cgroup, else the root of the mount, as a container sees it). < 0: no limit set.
double cgroup_memory_room(const std::string& sys_root, const std::string& self_cgroup);

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
/// largest that does. Throws ConfigError (exit 2) when not even a batch of one member fits, or when the requested
/// batch does not: it names the config file, the keys the estimate grows with (integrator.t_end and
/// output.save_every for the results, the ensemble for the members, params.n), the sizes and the budget.
MemoryPlan plan_host_memory(const JobSummary& summary, std::int64_t requested_batch, const HostMemory& budget);

/// "1.5 GiB".
std::string format_bytes(double bytes);

}  // namespace rodswarm
