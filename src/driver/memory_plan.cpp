#include "driver/memory_plan.hpp"

#include <omp.h>
#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "config/config_error.hpp"
#include "driver/checkpointed_run.hpp"

namespace rodswarm {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
/// Address space glibc reserves for each thread's malloc arena on 64-bit hosts (HEAP_MAX_SIZE).
constexpr double kArenaBytes = 64 * kMiB;

/// A number of bytes from a one-line file (cgroup v2 memory.max, memory.current); < 0 when absent or "max".
double read_bytes_file(const std::string& path) {
  std::ifstream in(path);
  std::string text;
  if (!(in >> text) || text == "max") return -1;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  return end != text.c_str() ? value : -1;
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

/// A "Key:  N kB" line of /proc/self/status in bytes (VmSize, VmData); 0 when absent.
double status_bytes(const std::string& key) {
  std::ifstream in("/proc/self/status");
  std::string name;
  double kib = 0;
  std::string rest;
  while (in >> name) {
    if (name == key && in >> kib) return kib * 1024.0;
    std::getline(in, rest);
  }
  return 0;
}

/// The soft limit `resource` in bytes; < 0 when unlimited.
double rlimit_bytes(int resource) {
  rlimit limit{};
  if (::getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return -1;
  return double(limit.rlim_cur);
}

/// The cgroup directory for `controller` ("" for v2's unified hierarchy) of the process whose /proc/PID/cgroup is
/// `self`, under `root`; "" when it is not listed.
std::string cgroup_dir(const std::string& self, const std::string& root, const std::string& controller) {
  std::ifstream in(self);
  std::string line;
  while (std::getline(in, line)) {
    // "hierarchy-ID:controller-list:path"
    const std::size_t a = line.find(':'), b = a == std::string::npos ? a : line.find(':', a + 1);
    if (b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1), path = line.substr(b + 1);
    bool match = controller.empty() ? controllers.empty() : false;
    for (std::size_t at = 0; !controller.empty() && at <= controllers.size();) {
      const std::size_t comma = std::min(controllers.find(',', at), controllers.size());
      match = match || controllers.substr(at, comma - at) == controller;
      at = comma + 1;
    }
    if (match) return root + path;
  }
  return "";
}

/// The sum of the named counters of a cgroup's memory.stat ("key value" lines), in bytes; 0 when absent.
double stat_sum(const std::string& path, const std::vector<std::string>& keys) {
  std::ifstream in(path);
  std::string key;
  double value = 0, sum = 0;
  while (in >> key >> value) {
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) sum += value;
  }
  return sum;
}

}  // namespace

double cgroup_memory_room(const std::string& sys_root, const std::string& self_cgroup) {
  // A cgroup's use counts its page cache, which the kernel reclaims before it refuses an allocation: a machine
  // that has just built or read gigabytes has its use near its limit, yet that memory is there to be had. So the
  // room is the limit less the use less the file-backed pages (active_file and inactive_file; tmpfs and shared
  // memory are not among them: they are swap-backed and stay counted), as container runtimes count a working set.
  for (const std::string& dir : {cgroup_dir(self_cgroup, sys_root, ""), sys_root}) {
    if (dir.empty()) continue;
    const double limit = read_bytes_file(dir + "/memory.max"), used = read_bytes_file(dir + "/memory.current");
    if (limit > 0 && used >= 0) {
      const double cache = stat_sum(dir + "/memory.stat", {"active_file", "inactive_file"});
      return std::max(0.0, limit - std::max(0.0, used - cache));
    }
  }
  for (const std::string& dir : {cgroup_dir(self_cgroup, sys_root + "/memory", "memory"), sys_root + "/memory"}) {
    if (dir.empty()) continue;
    const double limit = read_bytes_file(dir + "/memory.limit_in_bytes");
    const double used = read_bytes_file(dir + "/memory.usage_in_bytes");
    if (limit > 0 && limit < 1e18 && used >= 0) {  // v1: "no limit" is ~2^63
      // total_*: the cgroup and its descendants, as usage_in_bytes counts them.
      const double cache = stat_sum(dir + "/memory.stat", {"total_active_file", "total_inactive_file"});
      return std::max(0.0, limit - std::max(0.0, used - cache));
    }
  }
  return -1;
}

namespace {

/// The config keys an estimate grows with, its largest part's first, and its results' sizes spelled out.
struct Drivers {
  std::string keys;  ///< "integrator.t_end, output.save_every and ensemble"
  std::string text;  ///< ": 1 member x 1.0e+10 saves (integrator.t_end 1e+09 / output.save_every 0.1) x ..."
};

Drivers drivers_of(const JobSummary& s) {
  // The results grow with the saves and the members, the state with the members and their size.
  std::vector<std::string> keys;
  const bool series = s.save_every > 0 && s.saves > 1;
  if (s.results_bytes >= s.state_bytes && series) {
    keys = {"integrator.t_end", "output.save_every"};
    if (s.members > 1) keys.push_back("ensemble");
  } else {
    if (s.members > 1) keys.push_back("ensemble");
    if (s.sized_by_n) keys.push_back("params.n");
  }
  if (keys.empty()) keys.push_back("params");
  Drivers d;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    d.keys += (k == 0 ? "" : k + 1 == keys.size() ? " and " : ", ") + keys[k];
  }
  char text[256];
  std::snprintf(text, sizeof text,
                ": %lld member%s x %.3g saves (integrator.t_end %.6g / output.save_every %.6g) x %.6g "
                "values a save (output.fields)",
                static_cast<long long>(s.members), s.members == 1 ? "" : "s", s.saves, s.t_end, s.save_every,
                s.values_per_save);
  if (series) d.text = text;
  return d;
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
  HostMemory out{1e300, "no limit known"};
  const auto bound = [&out](double bytes, const std::string& source) {
    if (bytes >= 0 && bytes < out.bytes) out = {bytes, source};
  };
  bound(mem_available(), "available memory");
  bound(cgroup_memory_room("/sys/fs/cgroup", "/proc/self/cgroup"), "what this process's cgroup limit leaves");
  // The threads a run starts: each reserves a stack and, in glibc, a malloc arena of address space.
  const double threads = std::max(1, omp_get_max_threads());
  const double stack = rlimit_bytes(RLIMIT_STACK) > 0 ? std::min(rlimit_bytes(RLIMIT_STACK), 64.0 * kMiB) : 8 * kMiB;
  const double address_limit = rlimit_bytes(RLIMIT_AS);
  if (address_limit > 0) {
    bound(std::max(0.0, address_limit - status_bytes("VmSize:") - threads * (stack + kArenaBytes)),
          "what the address-space limit (ulimit -v) leaves");
  }
  const double data_limit = rlimit_bytes(RLIMIT_DATA);
  if (data_limit > 0) {
    bound(std::max(0.0, data_limit - status_bytes("VmData:") - threads * stack),
          "what the data-segment limit (ulimit -d) leaves");
  }
  if (requested > 0) bound(requested, "--host-memory");
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
      const Drivers drivers = drivers_of(summary);
      throw ConfigError(summary.source, drivers.keys,
                        "the ensemble needs at least " + format_bytes(need(1)) + " of memory (" + sizes + drivers.text +
                            "; the state of every member stays in memory), more than the " + budget_text +
                            ": run fewer members per config, fewer saves, or on a larger machine");
    }
    plan.reduced = true;
  }
  plan.batch_size = std::max<std::int64_t>(batch, 1);
  plan.batch_bytes = double(std::max<std::int64_t>(batch, 1)) * per_member;
  plan.needed = need(std::max<std::int64_t>(batch, 1));
  return plan;
}

}  // namespace rodswarm
