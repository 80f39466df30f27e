/// @file file_system.hpp
/// The file system under a path, for what a full disk needs said: where it is, how much is free, and a check of
/// the free space before a write whose size is known.
#pragma once

#include <string>

namespace rodswarm {

/// The file system holding `path` (an existing file, or the directory it would be created in), for messages:
/// "tmpfs at /mnt/small" (its type and mount point, from /proc/self/mountinfo), or the directory when unknown.
std::string file_system_of(const std::string& path);

/// Bytes that an unprivileged writer may still use on the file system of `path` (statvfs f_bavail); < 0 when
/// the system does not say.
double free_bytes(const std::string& path);

/// "PATH: no space left on FS while writing WHAT" (ENOSPC), "PATH: disk quota exceeded on FS while writing WHAT"
/// (EDQUOT); `writing` may begin with "cannot write " (HDF5's failure texts), which is dropped.
std::string no_space_message(const std::string& path, int error_number, const std::string& writing);

/// Throws NoSpaceError (exit 3) before `path` is written when its file system has less than `bytes` free, naming
/// both figures and `what` ("it": the file). The environment variable RODSWARM_SKIP_FREE_SPACE_CHECK=1 skips
/// it (tests: the full disk met by the write itself).
void check_free_space(const std::string& path, double bytes, const std::string& what);

/// Writes `text` to `path` through PATH.tmp.<pid> renamed onto it: whole or not at all. Throws NoSpaceError on a
/// full disk, IoError on any other failure, naming the file; the temporary is removed.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace rodswarm
