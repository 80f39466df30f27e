/// @file fuzz_scratch.cpp
/// The scratch directory of a fuzz process: <base>/rodswarm-fuzz-<pid>-XXXXXX, removed at exit. A process that
/// died on a crash leaves its directory behind; the next process removes those of dead processes.
#include "fuzz_scratch.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <system_error>

#include <signal.h>
#include <unistd.h>

namespace rodswarm::fuzz {

namespace {

namespace fs = std::filesystem;

const char* const prefix = "rodswarm-fuzz-";

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz scratch: %s: %s\n", what.c_str(), std::strerror(errno));
  std::abort();
}

std::string base_directory() {
  if (access("/dev/shm", W_OK | X_OK) == 0) return "/dev/shm";
  const char* tmp = std::getenv("TMPDIR");
  if (tmp != nullptr && *tmp != '\0') return tmp;
  return "/tmp";
}

// Removes <base>/rodswarm-fuzz-<pid>-* of processes that no longer exist.
void remove_stale(const std::string& base) {
  std::error_code ec;
  for (fs::directory_iterator it(base, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const long pid = std::strtol(name.c_str() + std::strlen(prefix), nullptr, 10);
    if (pid <= 0 || (kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)) {
      std::error_code ignored;
      fs::remove_all(it->path(), ignored);
    }
  }
}

std::string& directory() {
  static std::string dir;
  return dir;
}

void remove_directory() {
  std::error_code ignored;
  if (!directory().empty()) fs::remove_all(directory(), ignored);
}

const std::string& make_directory() {
  std::string& dir = directory();
  if (dir.empty()) {
    const std::string base = base_directory();
    remove_stale(base);
    std::string tmpl = base + "/" + prefix + std::to_string(getpid()) + "-XXXXXX";
    if (mkdtemp(tmpl.data()) == nullptr) fail("cannot create a directory under " + base);
    dir = tmpl;
    std::atexit(remove_directory);
  }
  return dir;
}

}  // namespace

const std::string& scratch_path(const std::string& name) {
  static std::map<std::string, std::string> paths;
  auto it = paths.find(name);
  if (it == paths.end()) it = paths.emplace(name, make_directory() + "/" + name).first;
  return it->second;
}

void write_file(const std::string& path, const std::uint8_t* data, std::size_t size) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) fail("cannot write " + path);
  if (size > 0 && std::fwrite(data, 1, size, f) != size) fail("cannot write " + path);
  if (std::fclose(f) != 0) fail("cannot write " + path);
}

}  // namespace rodswarm::fuzz
