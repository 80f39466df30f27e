#include "driver/memory_plan.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "driver/checkpointed_run.hpp"

namespace rodswarm {

namespace {

/// A number of bytes from a one-line file (cgroup v2 memory.max, memory.current); < 0 when absent or "max".
double read_bytes_file(const char* path) {
  std::ifstream in(path);
  std::string text;
  if (!(in >> text) || text == "max") return -1;
  try {
    return std::stod(text);
  } catch (const std::exception&) {
    return -1;
  }
}

/// MemAvailable of /proc/meminfo in bytes; < 0 when the kernel does not say.
double mem_available() {
  std::ifstream in("/proc/meminfo");
  std::string key, unit;
  double kib = 0;
  while (in >> key >> kib) {
    std::getline(in, unit);
    if (key == "MemAvailable:") return kib * 1024.0;
  }
  return -1;
}

}  // namespace

std::string format_bytes(double b) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  int u = 0;
  while (b >= 1024.0 && u < 5) {
    b /= 1024.0;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f %s", b, units[u]);
  return buf;
}

HostMemory host_memory(double requested) {
  if (requested > 0) return {requested, "--host-memory"};
  HostMemory out{mem_available(), "available memory"};
  // In a container the cgroup's limit binds first (cgroup v2, then v1).
  double limit = read_bytes_file("/sys/fs/cgroup/memory.max");
  double used = read_bytes_file("/sys/fs/cgroup/memory.current");
  if (limit < 0) {
    limit = read_bytes_file("/sys/fs/cgroup/memory/memory.limit_in_bytes");
    used = read_bytes_file("/sys/fs/cgroup/memory/memory.usage_in_bytes");
  }
  if (limit > 0 && limit < 1e18 && used >= 0 && (out.bytes < 0 || limit - used < out.bytes)) {
    out = {std::max(0.0, limit - used), "what the cgroup's limit leaves"};
  }
  if (out.bytes < 0) out = {1e300, "no limit known"};
  return out;
}

MemoryPlan plan_host_memory(const JobSummary& summary, std::int64_t requested_batch, const HostMemory& budget) {
  MemoryPlan plan;
  plan.members = summary.members;
  plan.state_bytes = summary.state_bytes;
  plan.results_bytes = summary.results_bytes;
  plan.budget = budget;
  const double per_member = summary.members > 0 ? summary.results_bytes / double(summary.members) : 0.0;
  // A batch is held as the run's results and, at the merge, as the part read back: twice, plus its working state
  // (a copy of its members' state in the run's precision: at most their share of the state).
  const double state_per_member = summary.members > 0 ? summary.state_bytes / double(summary.members) : 0.0;
  const auto need = [&](std::int64_t batch) {
    return summary.state_bytes + double(batch) * (2 * per_member + state_per_member);
  };
  const std::int64_t default_batch = std::min(summary.members, default_batch_size(summary.members));
  std::int64_t batch = requested_batch > 0 ? std::min(requested_batch, summary.members) : default_batch;
  const std::string sizes =
      "state " + format_bytes(summary.state_bytes) + ", results " + format_bytes(summary.results_bytes) + " in all";
  const std::string budget_text = format_bytes(budget.bytes) + " (" + budget.source + ")";
  if (need(std::max<std::int64_t>(batch, 1)) > budget.bytes) {
    if (requested_batch > 0) {
      throw std::invalid_argument("--batch-size " + std::to_string(requested_batch) + " needs " +
                                  format_bytes(need(batch)) + " of memory (" + sizes + "), more than the " +
                                  budget_text + ": choose a smaller batch");
    }
    const double room = budget.bytes - summary.state_bytes;
    const double per_batch_member = 2 * per_member + state_per_member;
    batch = per_batch_member > 0 && room > 0 ? static_cast<std::int64_t>(std::floor(room / per_batch_member)) : 0;
    if (batch < 1) {
      throw std::invalid_argument("the ensemble needs at least " + format_bytes(need(1)) + " of memory (" + sizes +
                                  "; the state of every member stays in memory), more than the " + budget_text +
                                  ": run fewer members per config, or on a larger machine");
    }
    plan.reduced = true;
  }
  plan.batch_size = std::max<std::int64_t>(batch, 1);
  plan.batch_bytes = double(std::max<std::int64_t>(batch, 1)) * per_member;
  plan.needed = need(std::max<std::int64_t>(batch, 1));
  return plan;
}

}  // namespace rodswarm
