/// @file results_target.hpp
/// The results file a verb writes, claimed for the verb's whole life: the path checked before any work (never an
/// input, never a file that is not a rodswarm results file unless forced, its directory present and writable), an
/// advisory lock next to it so that one run at a time writes it, and the debris of a killed run removed.
///
/// Files next to OUT while a run owns it: OUT.lock (the lock; names its owner), OUT.tmp.<pid> (the file being
/// written, renamed onto OUT when complete), OUT.partial/ (finished batches of a checkpointed run) and
/// OUT.partial.done/ (the batches of a run whose OUT is complete, being removed). Only a run holding the lock
/// creates or removes any of them.
#pragma once

#include <string>
#include <vector>

namespace rodswarm {

/// Where the results path came from, for messages: the option (`--out`) or the config file and key.
struct ResultsPathSource {
  std::string file;  ///< "--out", or the config file
  std::string key;   ///< "", or "output.path"
};

struct ResultsTargetOptions {
  std::vector<std::string> inputs;  ///< files the verb reads (the config): never overwritten, even with force
  bool force = false;               ///< replace an existing file that is not a rodswarm results file
};

/// Checks `path` as a results file to be written; throws ConfigError (exit 2) naming `source`: empty, a directory,
/// its directory missing or not writable, one of the inputs, or an existing file that is not a rodswarm results
/// file (unless options.force). Reads nothing but the existing file's HDF5 signature and format attribute.
void check_results_path(const std::string& path, const ResultsPathSource& source, const ResultsTargetOptions& options);

/// True when `path` is an existing rodswarm results file (its format attribute says so); read in a child process
/// (isolated_read.hpp), so a damaged file is "no", never a crash.
bool is_results_file(const std::string& path);

/// The run_fingerprint of the results file at `path`, "" when there is none (or no readable results file).
std::string results_fingerprint(const std::string& path);

/// check_results_path, then the lock OUT.lock (advisory, flock) held until destruction, then the debris of
/// killed runs removed (OUT.tmp.*, temporaries inside OUT.partial/). Throws ConfigError (exit 2) when another
/// process holds the lock, naming it.
class ResultsTarget {
 public:
  ResultsTarget(const std::string& path, const ResultsPathSource& source, const ResultsTargetOptions& options);
  ~ResultsTarget();
  ResultsTarget(const ResultsTarget&) = delete;
  ResultsTarget& operator=(const ResultsTarget&) = delete;

  const std::string& path() const { return path_; }
  /// False where the file system refused locks (some network file systems): concurrent runs are not detected.
  bool locked() const { return fd_ >= 0; }

 private:
  std::string path_, lock_path_;
  int fd_ = -1;
};

/// OUT.lock, OUT.tmp.<pid>, OUT.partial/ and OUT.partial.done/ of results file `path`.
std::string lock_path_of(const std::string& path);
std::string temporary_path_of(const std::string& path);
std::string partial_dir_of(const std::string& path);
std::string done_dir_of(const std::string& path);

/// Removes OUT.tmp.<pid> files of any pid, and *.tmp.<pid> files inside OUT.partial/ (what a killed writer
/// leaves). Called only by the lock's holder.
void remove_temporaries(const std::string& path);

}  // namespace rodswarm
