#include "driver/checkpointed_run.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "driver/backend_select.hpp"

namespace fs = std::filesystem;

namespace rodswarm {
namespace checkpoint_detail {

fs::path checkpoint_dir(const std::string& out_path) { return fs::path(out_path + ".partial"); }

fs::path batch_file(const fs::path& dir, std::int64_t batch) {
  char name[32];
  std::snprintf(name, sizeof name, "batch-%06lld.h5", static_cast<long long>(batch));
  return dir / name;
}

nlohmann::json fingerprint(const JobCommon& job, std::int64_t members, const RunOptions& options,
                           std::int64_t batch_size) {
  return {{"config", job.config},
          {"precision", job.precision == Precision::float32 ? "float32" : "float64"},
          {"backend", backend_name(options.backend)},
          {"members", members},
          {"batch_size", batch_size}};
}

void open_checkpoints(const fs::path& dir, const nlohmann::json& print, bool restart) {
  if (fs::exists(dir) && restart) fs::remove_all(dir);
  if (fs::exists(dir)) {
    std::ifstream in(dir / "fingerprint.json");
    nlohmann::json stored;
    try {
      stored = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception&) {
    }
    if (stored != print) {
      throw std::invalid_argument(dir.string() + " holds a stopped run of a different config or options: remove it, " +
                                  "or pass --restart to discard it");
    }
  } else {
    fs::create_directories(dir);
    std::ofstream(dir / "fingerprint.json") << print.dump(2);
  }
}

void append_report(RunReport& into, const RunReport& part, std::int64_t first_member, bool integrated) {
  append_results(into.results, part.results);
  if (integrated) {
    into.wall_seconds += part.wall_seconds;
    into.bead_steps += part.bead_steps;
  }
  into.diverged += part.diverged;
  into.max_steps = std::max(into.max_steps, part.max_steps);
  into.stability.unstable.insert(into.stability.unstable.end(), part.stability.unstable.begin(),
                                 part.stability.unstable.end());
  into.stability.count += part.stability.count;
  for (auto detail : part.stability.examples) {
    if (into.stability.examples.size() >= 10) break;
    detail.member += first_member;
    into.stability.examples.push_back(detail);
  }
}

}  // namespace checkpoint_detail

void remove_checkpoints(const std::string& out_path) {
  std::error_code ignored;
  fs::remove_all(checkpoint_detail::checkpoint_dir(out_path), ignored);
}

}  // namespace rodswarm
