#include "driver/checkpointed_run.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <csignal>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "config/config_error.hpp"
#include "driver/backend_select.hpp"
#include "io/file_system.hpp"
#include "io/results.hpp"
#include "io/results_target.hpp"
#include "rodswarm/version.hpp"

namespace fs = std::filesystem;

namespace rodswarm {

std::int64_t default_batch_size(std::int64_t members) { return std::max<std::int64_t>(4096, (members + 19) / 20); }

std::string run_fingerprint(const JobCommon& job, const RunOptions& options) {
  const nlohmann::json print = {{"config", job.config},
                                {"precision", job.precision == Precision::float32 ? "float32" : "float64"},
                                {"backend", backend_name(options.backend)},
                                {"rodswarm", version}};
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
                           std::int64_t batch_size, const PartOf& part) {
  nlohmann::json print = {{"config", job.config},
                          {"precision", job.precision == Precision::float32 ? "float32" : "float64"},
                          {"backend", backend_name(options.backend)},
                          {"members", members},
                          {"batch_size", batch_size},
                          {"run_fingerprint", run_fingerprint(job, options)}};
  if (!part.empty()) print["part"] = {{"first_member", part.first}, {"shard", part.shard}};
  return print;
}

std::int64_t stored_batch_size(const fs::path& dir, const JobCommon& job, std::int64_t members,
                               const RunOptions& options, const PartOf& part) {
  std::ifstream in(dir / "fingerprint.json");
  if (!in) return 0;
  const nlohmann::json stored = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!stored.is_object() || !stored.contains("batch_size") || !stored["batch_size"].is_number_integer()) return 0;
  const std::int64_t size = stored["batch_size"].get<std::int64_t>();
  return size > 0 && stored == fingerprint(job, members, options, size, part) ? size : 0;
}

void open_checkpoints(const fs::path& dir, const nlohmann::json& print, bool restart) {
  if (fs::exists(dir) && restart) fs::remove_all(dir);
  const fs::path print_file = dir / "fingerprint.json";
  if (fs::exists(dir)) {
    std::ifstream in(print_file);
    const nlohmann::json stored = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (stored == print) return;
    if (in.is_open() && (stored.is_discarded() || !stored.is_object())) {
      throw std::invalid_argument(print_file.string() + " is damaged (not the JSON a run writes there): remove " +
                                  dir.string() + ", or pass --restart to discard the stopped run");
    }
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
  write_file_atomically(print_file.string(), print.dump(2));
}

bool batch_is_sound(const std::string& file, const std::string& fingerprint, std::int64_t members, std::ostream& log) {
  try {
    (void)verify_results_isolated(file);
  } catch (const BadFileError& e) {
    log << "rodswarm: " << e.what() << ": integrating its members again\n";
    std::error_code ec;
    fs::remove(file, ec);
    return false;
  }
  const Results header = read_results_header(file);  // read whole in the child: safe here
  const fs::path dir = fs::path(file).parent_path();
  if (header.run_fingerprint != fingerprint) {
    throw std::invalid_argument(file + " belongs to another run (fingerprint " + header.run_fingerprint +
                                ", this run " + fingerprint + "): remove " + dir.string() +
                                ", or pass --restart to discard it");
  }
  if (header.members != members) {
    throw std::invalid_argument(file + " holds " + std::to_string(header.members) + " members, this batch " +
                                std::to_string(members) + ": remove " + dir.string() + " or pass --restart");
  }
  return true;
}

bool finished_before(const std::string& out_path, const std::string& fingerprint) {
  const fs::path done = done_dir_of(out_path);
  std::error_code ec;
  if (!fs::exists(done, ec)) return false;
  bool complete = !fs::exists(checkpoint_dir(out_path), ec) && results_fingerprint(out_path) == fingerprint;
  if (complete) {
    try {
      (void)verify_results_isolated(out_path);  // complete and intact: a damaged OUT is integrated again
    } catch (const BadFileError&) {
      complete = false;
    }
  }
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
  for (std::size_t k = 0; k < stop_flag_count; ++k) into.stopped[k] += part.stopped[k];
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
  for (std::size_t k = 0; k < stop_flag_count; ++k) {
    for (const auto s : part.*stop_flags[k].flags) into.stopped[k] += s;
  }
}

namespace {
fs::path claim_file(const fs::path& dir, int rank) { return dir / ("rank-" + std::to_string(rank) + ".claim"); }
}  // namespace

void claim_batch(const fs::path& dir, int rank, std::int64_t batch, std::int64_t first, std::int64_t count) {
  // Read by people, by the signal handler below as is, and by take_stale_claims.
  std::ostringstream text;
  text << "rank " << rank << " held batch " << batch << " (members " << first << " to " << first + count - 1
       << "), process " << ::getpid() << "\n";
  write_file_atomically(claim_file(dir, rank).string(), text.str());
}

void release_claim(const fs::path& dir, int rank) {
  std::error_code ec;
  fs::remove(claim_file(dir, rank), ec);
}

std::vector<std::string> take_stale_claims(const fs::path& dir) {
  std::vector<std::string> held;
  std::error_code ec;
  std::vector<fs::path> files;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind("rank-", 0) == 0 && it->path().extension() == ".claim") files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    std::ifstream in(file);
    std::string line;
    long long rank = 0, batch = 0, first = 0, last = 0;
    if (std::getline(in, line) &&
        std::sscanf(line.c_str(), "rank %lld held batch %lld (members %lld to %lld)", &rank, &batch, &first, &last) ==
            4 &&
        !fs::exists(batch_file(dir, batch), ec)) {
      held.push_back(line.substr(0, line.find("),") + 1));
    }
    fs::remove(file, ec);
  }
  return held;
}

namespace {
// What the leader's handler of SIGTERM and SIGINT reads: the claim files of every rank, paths built beforehand.
std::vector<std::string> claim_paths;
std::string stopped_footer;

void write_all(const char* text, std::size_t n) {
  while (n > 0) {
    const ssize_t k = ::write(STDERR_FILENO, text, n);
    if (k <= 0) return;
    text += k;
    n -= static_cast<std::size_t>(k);
  }
}

extern "C" void report_claims_and_exit(int sig) {
  // Async-signal-safe only: open, read, write, close, _exit.
  static const char head[] = "rodswarm: the job was stopped; the batches in flight were lost:\n";
  write_all(head, sizeof head - 1);
  for (const std::string& path : claim_paths) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) continue;
    char text[256];
    const ssize_t n = ::read(fd, text, sizeof text);
    ::close(fd);
    if (n <= 0) continue;
    write_all("  ", 2);
    write_all(text, static_cast<std::size_t>(n));
  }
  write_all(stopped_footer.data(), stopped_footer.size());
  ::_exit(128 + sig);
}
}  // namespace

void report_claims_on_stop(const fs::path& dir, int ranks) {
  claim_paths.clear();
  for (int r = 0; r < ranks; ++r) claim_paths.push_back(claim_file(dir, r).string());
  stopped_footer =
      "rodswarm: the finished batches stay in " + dir.string() + ": run the same command again to resume\n";
  std::signal(SIGTERM, report_claims_and_exit);
  std::signal(SIGINT, report_claims_and_exit);
}

void stop_reporting_claims() {
  std::signal(SIGTERM, SIG_DFL);
  std::signal(SIGINT, SIG_DFL);
}

int exit_code_of(const std::exception& e) {
  const bool bad_input = dynamic_cast<const ConfigError*>(&e) != nullptr ||
                         dynamic_cast<const std::invalid_argument*>(&e) != nullptr ||
                         dynamic_cast<const BadFileError*>(&e) != nullptr;
  return bad_input ? 2 : 3;
}

std::string members_text(std::int64_t first, std::int64_t count) {
  return count == 1 ? "member " + std::to_string(first)
                    : "members " + std::to_string(first) + " to " + std::to_string(first + count - 1);
}

BatchPlan share_plan(Team& team, const std::function<BatchPlan()>& plan) {
  BatchPlan p;
  team.lead([&] { p = plan(); }, exit_code_of);
  std::ostringstream pending;
  for (const std::int64_t b : p.pending) pending << b << " ";
  p.batch_size = team.broadcast(p.batch_size);
  p.batches = team.broadcast(p.batches);
  p.already_complete = team.broadcast(p.already_complete ? 1 : 0) != 0;
  p.resumed = team.broadcast(p.resumed);
  std::istringstream shared(team.broadcast(pending.str()));
  p.pending.clear();
  for (std::int64_t b = 0; shared >> b;) p.pending.push_back(b);
  return p;
}

void gather_shares(Team& team, const RankShare& mine, const BatchPlan& plan, CheckpointedReport& out) {
  char mine_text[160];
  std::snprintf(mine_text, sizeof mine_text, "%lld %lld %.17g %.17g", static_cast<long long>(mine.batches),
                static_cast<long long>(mine.members), mine.report.wall_seconds, mine.report.bead_steps);
  const std::vector<std::string> shares = team.gather(std::string(mine_text) + " " + team.placement());
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - mine.started).count();
  std::int64_t done_now = 0;
  if (team.leader()) {
    out.run.wall_seconds = team.size() > 1 ? elapsed : mine.report.wall_seconds;
    out.run.max_steps = mine.report.max_steps;
    for (const std::string& share : shares) {
      std::istringstream in(share);
      long long b = 0, m = 0;
      double wall = 0, work = 0;
      in >> b >> m >> wall >> work;
      std::string placement;
      std::getline(in >> std::ws, placement);
      done_now += b;
      out.integrated_members += m;
      out.run.bead_steps += work;
      if (shares.size() > 1) {
        char line[256];
        std::snprintf(line, sizeof line, "%s: %lld batches, %lld members, %.3f s, %.3e bead-steps/s", placement.c_str(),
                      b, m, wall, wall > 0 ? work / wall : 0.0);
        out.ranks.push_back(line);
      }
    }
  } else {
    out.integrated_members = mine.members;
  }
  out.resumed_batches = plan.resumed;
  out.done_batches = plan.resumed + team.broadcast(done_now);
  out.complete = out.done_batches == plan.batches;
}

void check_batch_of_run(const Results& part, const std::string& file, const fs::path& dir,
                        const std::string& fingerprint, std::int64_t members) {
  if (part.run_fingerprint != fingerprint) {
    throw std::invalid_argument(file + " belongs to another run (fingerprint " + part.run_fingerprint + ", this run " +
                                fingerprint + "): remove " + dir.string() + ", or pass --restart to discard it");
  }
  if (part.members != members) {
    throw std::invalid_argument(file + " holds " + std::to_string(part.members) + " members, this batch " +
                                std::to_string(members) + ": remove " + dir.string() + " or pass --restart");
  }
}

}  // namespace checkpoint_detail

}  // namespace rodswarm
