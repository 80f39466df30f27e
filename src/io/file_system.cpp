/// @file file_system.cpp
/// Mount points, free space and the full-disk message (file_system.hpp).
#include "io/file_system.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/io_error.hpp"

namespace fs = std::filesystem;

namespace rodswarm {

namespace {

// An existing path at or above `path`: the file itself, else the nearest existing directory holding it.
fs::path existing_at_or_above(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path.empty() ? fs::path(".") : fs::path(path), ec);
  while (!p.empty() && !fs::exists(p, ec)) {
    if (p == p.parent_path()) break;
    p = p.parent_path();
  }
  return p;
}

// "\040" in mountinfo's fields is a space (octal escapes of space, tab, newline and backslash).
std::string unescape(const std::string& field) {
  std::string out;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const std::string octal = field.substr(i + 1, 3);
    if (field[i] == '\\' && octal.size() == 3 && octal.find_first_not_of("01234567") == std::string::npos) {
      out += static_cast<char>(std::stoi(octal, nullptr, 8));
      i += 3;
    } else {
      out += field[i];
    }
  }
  return out;
}

std::string mebibytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", bytes / (1024.0 * 1024.0));
  return text;
}

}  // namespace

std::string file_system_of(const std::string& path) {
  const fs::path at = existing_at_or_above(path);
  struct stat st {};
  if (::stat(at.c_str(), &st) != 0) return at.string();
  // mountinfo: "id parent major:minor root mountpoint options [optional...] - fstype source superoptions"
  std::ifstream in("/proc/self/mountinfo");
  std::string line, found_point, found_type;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string id, parent, devno, root, point;
    if (!(fields >> id >> parent >> devno >> root >> point)) continue;
    const std::size_t colon = devno.find(':');
    if (colon == std::string::npos) continue;
    const unsigned long dev_major = std::strtoul(devno.c_str(), nullptr, 10);
    const unsigned long dev_minor = std::strtoul(devno.c_str() + colon + 1, nullptr, 10);
    if (dev_major != major(st.st_dev) || dev_minor != minor(st.st_dev)) continue;
    std::string token, type;
    while (fields >> token && token != "-") {
    }
    fields >> type;
    point = unescape(point);
    // Several mounts may share a device (bind mounts): the one whose mount point is the longest prefix of the path.
    const std::string p = at.string();
    if (p.compare(0, point.size(), point) == 0 && point.size() >= found_point.size()) {
      found_point = point;
      found_type = type;
    }
  }
  if (found_point.empty()) return at.string();
  return found_type.empty() ? found_point : found_type + " at " + found_point;
}

double free_bytes(const std::string& path) {
  struct statvfs vfs {};
  if (::statvfs(existing_at_or_above(path).c_str(), &vfs) != 0) return -1;
  return double(vfs.f_bavail) * double(vfs.f_frsize);
}

std::string no_space_message(const std::string& path, int error_number, const std::string& writing) {
  std::string what = writing;
  const std::string prefix = "cannot write ";
  if (what.compare(0, prefix.size(), prefix) == 0) what = what.substr(prefix.size());
  const std::string problem = error_number == EDQUOT ? "disk quota exceeded on " : "no space left on ";
  return path + ": " + problem + file_system_of(path) + " while writing " + what;
}

void check_free_space(const std::string& path, double bytes, const std::string& what) {
  // A testing aid: the full disk met by the write itself (tests/cli/test_cli_limits.cpp).
  const char* skip = std::getenv("RODSWARM_SKIP_FREE_SPACE_CHECK");
  if (skip != nullptr && std::string(skip) == "1") return;
  const double free = free_bytes(path);
  if (free < 0 || free >= bytes) return;
  throw NoSpaceError(path + ": not enough space on " + file_system_of(path) + " to write " + what +
                         ": it needs about " + mebibytes(bytes) + ", " + mebibytes(free) + " are free",
                     ENOSPC);
}

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp." + std::to_string(static_cast<long long>(::getpid()));
  const auto fail = [&](int err) {
    ::unlink(tmp.c_str());
    if (err == ENOSPC || err == EDQUOT) throw NoSpaceError(no_space_message(path, err, path), err);
    throw IoError(path + ": cannot write it: " + std::strerror(err));
  };
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail(errno);
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int err = n < 0 ? errno : EIO;
      ::close(fd);
      fail(err);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) fail(errno);
  if (::rename(tmp.c_str(), path.c_str()) != 0) fail(errno);
}

}  // namespace rodswarm
