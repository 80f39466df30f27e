/// @file results_target.cpp
/// Claiming a results path (results_target.hpp): checks, the lock, and the debris of killed runs.
#include "io/results_target.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>
#include <vector>

#include "config/config_error.hpp"
#include "io/h5_data.hpp"
#include "io/h5_handles.hpp"
#include "io/isolated_read.hpp"
#include "io/results.hpp"
#include "io/results_layout.hpp"

namespace fs = std::filesystem;

namespace rodswarm {

namespace {

[[noreturn]] void refuse(const ResultsPathSource& source, const std::string& what) {
  throw ConfigError(source.file, source.key, what);
}

fs::path directory_of(const std::string& path) {
  const fs::path dir = fs::path(path).parent_path();
  return dir.empty() ? fs::path(".") : dir;
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

bool all_digits(const std::string& text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

/// Who holds the lock, as its holder wrote it into OUT.lock: "pid 1234 on host node7, since 2026-11-26T10:00:00Z".
std::string lock_owner(const std::string& lock_path) {
  std::ifstream in(lock_path);
  std::string line;
  std::getline(in, line);
  return line.empty() ? std::string("another process") : printable_text(line, 200);
}

std::string holder_line() {
  char host[256] = {0};
  if (::gethostname(host, sizeof host - 1) != 0) std::strcpy(host, "?");
  const std::time_t now = std::time(nullptr);
  char when[32] = {0};
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return "pid " + std::to_string(static_cast<long long>(::getpid())) + " on host " + host + ", since " + when;
}

}  // namespace

std::string lock_path_of(const std::string& path) { return path + ".lock"; }
std::string temporary_path_of(const std::string& path) {
  return path + ".tmp." + std::to_string(static_cast<long long>(::getpid()));
}
std::string partial_dir_of(const std::string& path) { return path + ".partial"; }
std::string done_dir_of(const std::string& path) { return path + ".partial.done"; }

std::string results_fingerprint(const std::string& path) {
  if (!is_results_file(path)) return "";
  try {
    return run_isolated(
        path, [&] { return read_results_header(path).run_fingerprint; }, read_timeout(path));
  } catch (const IoError&) {
    return "";
  }
}

bool is_results_file(const std::string& path) {
  // The HDF5 signature first: most files that are not results are refused without starting the library.
  static const char signature[8] = {'\x89', 'H', 'D', 'F', '\r', '\n', '\x1a', '\n'};
  char head[8] = {0};
  std::ifstream in(path, std::ios::binary);
  if (!in.read(head, sizeof head) || std::memcmp(head, signature, sizeof head) != 0) return false;
  // Whatever lies there is read in a child: a damaged HDF5 file must not crash the run that checks it.
  try {
    return run_isolated(
               path,
               [&] {
                 return layout::reading(path, [&] {
                   layout::open_results_file(path);
                   return std::string("yes");
                 });
               },
               read_timeout(path)) == "yes";
  } catch (const IoError&) {
    return false;
  }
}

void check_results_path(const std::string& path, const ResultsPathSource& source, const ResultsTargetOptions& options) {
  if (path.empty()) refuse(source, "the results path is empty: name a file");
  const fs::path dir = directory_of(path);
  std::error_code ec;
  if (path.back() == '/' || fs::is_directory(path, ec)) {
    refuse(source, path + " is a directory: name a results file in it");
  }
  if (!fs::is_directory(dir, ec)) refuse(source, "directory " + dir.string() + " of " + path + " does not exist");
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    refuse(source, "directory " + dir.string() + " of " + path + " is not writable: " + std::strerror(errno));
  }
  const fs::file_status status = fs::status(path, ec);
  if (!fs::exists(status)) return;
  for (const std::string& input : options.inputs) {
    std::error_code same_ec;
    if (fs::equivalent(path, input, same_ec)) {
      refuse(source, path + " is the input " + input + ": the results would replace it");
    }
  }
  if (!fs::is_regular_file(status)) refuse(source, path + " exists and is not a regular file");
  if (options.force || fs::file_size(path, ec) == 0 || is_results_file(path)) return;
  refuse(source, path + " exists and is not a rodswarm results file: not overwritten (--force replaces it)");
}

ResultsTarget::ResultsTarget(const std::string& path, const ResultsPathSource& source,
                             const ResultsTargetOptions& options)
    : path_(path), lock_path_(lock_path_of(path)) {
  check_results_path(path, source, options);
  // Lock, then check that the lock file is still the one under that name: a holder that finishes unlinks it, and
  // a process that opened the old file just before would otherwise hold a lock on a name nobody sees.
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    const int fd = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) refuse(source, "cannot create the lock file " + lock_path_ + ": " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      ::close(fd);
      if (err == EWOULDBLOCK) {
        refuse(source, path + " is being written by another rodswarm run (" + lock_owner(lock_path_) +
                           "): wait for it to finish, or choose another results file");
      }
      // ENOLCK, EOPNOTSUPP: a file system without locks. Carry on; say what is lost.
      std::cerr << "rodswarm: warning: cannot lock " << lock_path_ << " (" << std::strerror(err)
                << "): concurrent runs writing " << path << " will not be detected\n";
      return;
    }
    struct stat held {
    }, named{};
    if (::fstat(fd, &held) == 0 && ::stat(lock_path_.c_str(), &named) == 0 && held.st_ino == named.st_ino &&
        held.st_dev == named.st_dev) {
      fd_ = fd;
    } else {
      ::close(fd);  // the holder we raced with removed it: take the new one
    }
  }
  if (fd_ < 0) refuse(source, "cannot take the lock " + lock_path_ + ": it keeps being replaced");
  const std::string line = holder_line() + "\n";
  if (::ftruncate(fd_, 0) != 0 || ::write(fd_, line.data(), line.size()) < 0) {
    // The lock holds without its text; the other run's message then says "another process".
  }
  remove_temporaries(path_);
}

ResultsTarget::~ResultsTarget() {
  if (fd_ < 0) return;
  ::unlink(lock_path_.c_str());  // while still holding it: see the constructor
  ::close(fd_);
}

void remove_temporaries(const std::string& path) {
  const std::string prefix = fs::path(path).filename().string() + ".tmp.";
  std::vector<fs::path> debris;
  std::error_code ec;
  for (fs::directory_iterator it(directory_of(path), ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (starts_with(name, prefix) && all_digits(name.substr(prefix.size()))) debris.push_back(it->path());
  }
  for (fs::directory_iterator it(partial_dir_of(path), ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const std::size_t at = name.rfind(".tmp.");
    if (at != std::string::npos && all_digits(name.substr(at + 5))) debris.push_back(it->path());
  }
  for (const fs::path& file : debris) fs::remove(file, ec);
}

}  // namespace rodswarm
