#include "driver/checkpointed_run.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "driver/backend_select.hpp"
#include "io/results_target.hpp"

namespace fs = std::filesystem;

namespace rodswarm {

std::int64_t default_batch_size(std::int64_t members) { return std::max<std::int64_t>(4096, (members + 19) / 20); }

std::string run_fingerprint(const JobCommon& job, const RunOptions& options) {
  const nlohmann::json print = {{"config", job.config},
                                {"precision", job.precision == Precision::float32 ? "float32" : "float64"},
                                {"backend", backend_name(options.backend)},
                                {"rodswarm", "0.1.0"}};
  // FNV-1a, 64 bits: a label that tells runs apart, not a defence against forgery.
  std::uint64_t hash = 1469598103934665603ull;
  for (const unsigned char c : print.dump()) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

namespace checkpoint_detail {

fs::path checkpoint_dir(const std::string& out_path) { return fs::path(partial_dir_of(out_path)); }

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
          {"batch_size", batch_size},
          {"run_fingerprint", run_fingerprint(job, options)}};
}

std::int64_t stored_batch_size(const fs::path& dir, const JobCommon& job, std::int64_t members,
                               const RunOptions& options) {
  std::ifstream in(dir / "fingerprint.json");
  if (!in) return 0;
  const nlohmann::json stored = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!stored.is_object() || !stored.contains("batch_size") || !stored["batch_size"].is_number_integer()) return 0;
  const std::int64_t size = stored["batch_size"].get<std::int64_t>();
  return size > 0 && stored == fingerprint(job, members, options, size) ? size : 0;
}

void open_checkpoints(const fs::path& dir, const nlohmann::json& print, bool restart) {
  if (fs::exists(dir) && restart) fs::remove_all(dir);
  const fs::path print_file = dir / "fingerprint.json";
  if (fs::exists(dir)) {
    std::ifstream in(print_file);
    const nlohmann::json stored = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (stored == print) return;
    // Without a finished batch there is nothing to keep (a run killed before its first batch, or between creating
    // the directory and writing its fingerprint): start it again.
    bool batches = false;
    for (const auto& entry : fs::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      batches = batches || (name.rfind("batch-", 0) == 0 && entry.path().extension() == ".h5");
    }
    if (batches) {
      throw std::invalid_argument(dir.string() + " holds a stopped run of a different config or options: remove it, " +
                                  "or pass --restart to discard it");
    }
    fs::remove_all(dir);
  }
  fs::create_directories(dir);
  // Written whole or not at all: a kill leaves no half fingerprint that would refuse the rerun.
  const fs::path tmp = dir / ("fingerprint.json.tmp." + std::to_string(static_cast<long long>(::getpid())));
  {
    std::ofstream out(tmp);
    out << print.dump(2);
    if (!out.flush()) throw std::runtime_error("cannot write " + tmp.string());
  }
  fs::rename(tmp, print_file);
}

bool finished_before(const std::string& out_path, const std::string& fingerprint) {
  const fs::path done = done_dir_of(out_path);
  std::error_code ec;
  if (!fs::exists(done, ec)) return false;
  const bool complete = !fs::exists(checkpoint_dir(out_path), ec) && results_fingerprint(out_path) == fingerprint;
  fs::remove_all(done, ec);
  return complete;
}

void remove_checkpoints(const std::string& out_path) {
  const fs::path dir = checkpoint_dir(out_path), done = done_dir_of(out_path);
  std::error_code ec;
  if (!fs::exists(dir, ec)) return;
  fs::remove_all(done, ec);
  fs::rename(dir, done, ec);
  fs::remove_all(ec ? dir : done, ec);
}

void append_report(RunReport& into, const RunReport& part, std::int64_t first_member, bool integrated) {
  if (integrated) {
    into.wall_seconds += part.wall_seconds;
    into.bead_steps += part.bead_steps;
  }
  into.diverged += part.diverged;
  into.singular += part.singular;
  into.separated += part.separated;
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

void count_results(const Results& part, RunReport& into) {
  for (const auto d : part.diverged) into.diverged += d;
  for (const auto s : part.singular) into.singular += s;
  for (const auto s : part.separated) into.separated += s;
}

}  // namespace checkpoint_detail

}  // namespace rodswarm
