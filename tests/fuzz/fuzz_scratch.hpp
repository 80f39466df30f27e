/// @file fuzz_scratch.hpp
/// The fuzz targets' scratch file: the parsers read paths, so every input is written to one file in a directory
/// private to the process (under /dev/shm when it is writable, else $TMPDIR or /tmp), reused for every input and
/// removed at exit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace rodswarm::fuzz {

/// The path of this process's scratch file `name` (its directory is created on the first call).
const std::string& scratch_path(const std::string& name);

/// Replaces the contents of `path` with the `size` bytes at `data`; aborts when that fails (a full disk is not a
/// finding of the parser under test).
void write_file(const std::string& path, const std::uint8_t* data, std::size_t size);

}  // namespace rodswarm::fuzz
