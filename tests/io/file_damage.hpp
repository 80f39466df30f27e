/// @file file_damage.hpp
/// Damage done on purpose, where a test chooses: a byte of a file changed, the bytes of a file, where a dataset's
/// first chunk lies. Shared by tests/io (the readers) and tests/cli (merge, inspect and the resume end to end).
#pragma once

#include <gtest/gtest.h>
#include <hdf5.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "io/h5_handles.hpp"

namespace rodswarm_test {

inline std::vector<char> bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// XORs byte `offset` of the file at `path` with `mask`.
inline void xor_byte(const std::string& path, std::size_t offset, unsigned char mask) {
  std::vector<char> bytes = bytes_of(path);
  ASSERT_LT(offset, bytes.size()) << path;
  bytes[offset] = static_cast<char>(bytes[offset] ^ mask);
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(bytes.data(), std::streamsize(bytes.size()));
}

/// The offset of the first occurrence of `text` in the file at `path` (a test failure when there is none).
inline std::size_t offset_of(const std::string& path, const std::string& text) {
  const std::vector<char> bytes = bytes_of(path);
  const auto at = std::search(bytes.begin(), bytes.end(), text.begin(), text.end());
  EXPECT_NE(at, bytes.end()) << text << " not in " << path;
  return std::size_t(at - bytes.begin());
}

/// Where the first chunk of dataset `name` lies in the file at `path`, and its stored size.
inline std::pair<haddr_t, hsize_t> first_chunk(const std::string& path, const std::string& name) {
  const rodswarm::h5::ErrorSilencer silence;
  rodswarm::h5::Handle file = rodswarm::h5::open_file(path);
  rodswarm::h5::Handle dataset = rodswarm::h5::open_dataset(file.get(), name);
  rodswarm::h5::Handle space(H5Dget_space(dataset.get()), H5Sclose);
  haddr_t address = HADDR_UNDEF;
  hsize_t size = 0, offset[8] = {0};
  unsigned mask = 0;
  EXPECT_GE(H5Dget_chunk_info(dataset.get(), space.get(), 0, offset, &mask, &address, &size), 0);
  return {address, size};
}

/// Changes one bit of a value in the first chunk of dataset `name` (before the chunk's checksum).
inline void damage_first_chunk(const std::string& path, const std::string& name) {
  const auto [address, size] = first_chunk(path, name);
  ASSERT_GT(size, 16u);
  xor_byte(path, std::size_t(address) + std::size_t(size) / 2, 0x10);
}

}  // namespace rodswarm_test
