/// @file h5_damage_mutator.cpp
/// Mutations for fuzz_merge (LLVMFuzzerCustomMutator): damage as storage and transfers make it, applied to a real
/// part. libFuzzer's own byte mutations insert and erase, which shifts every offset of an HDF5 file and makes most
/// inputs unreadable at once; these keep the file's size and damage it in place: one byte changed, one to four bits
/// flipped, a run of bytes zeroed, a range spliced from one of the intact parts (at its own offset, so that a
/// structure lands where a structure was, or anywhere), or a range of the intact shard 1 restored (undoing earlier
/// damage, so that inputs stay near a valid file). One mutation in six is left to LLVMFuzzerMutate.
///
/// Built without coverage instrumentation (tests/fuzz/CMakeLists.txt), as json_mutator.cpp is.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

namespace {

std::vector<std::uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The intact parts, shard 1 (the input's own intact form) first.
const std::vector<std::vector<std::uint8_t>>& donors() {
  static const std::vector<std::vector<std::uint8_t>> files = [] {
    const std::string dir = RODSWARM_MERGE_PARTS_DIR;
    std::vector<std::vector<std::uint8_t>> out;
    for (const char* name : {"/part-1-of-3.h5", "/part-0-of-3.h5", "/part-2-of-3.h5"}) {
      out.push_back(read_bytes(dir + name));
    }
    return out;
  }();
  return files;
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size,
                                               unsigned int seed) {
  std::mt19937_64 rng(seed);
  const auto pick = [&rng](std::size_t n) { return n == 0 ? std::size_t{0} : std::size_t(rng() % n); };
  if (size == 0 || pick(6) == 0) return LLVMFuzzerMutate(data, size, max_size);
  switch (pick(5)) {
    case 0:  // one byte changed
      data[pick(size)] ^= static_cast<std::uint8_t>(1 + pick(255));
      break;
    case 1:  // one to four bits flipped
      for (std::size_t k = 0, n = 1 + pick(4); k < n; ++k) data[pick(size)] ^= static_cast<std::uint8_t>(1u << pick(8));
      break;
    case 2: {  // a run zeroed
      const std::size_t at = pick(size), n = std::min(size - at, 1 + pick(64));
      std::fill(data + at, data + at + n, std::uint8_t{0});
      break;
    }
    default: {  // a range spliced from an intact part, or restored from shard 1 itself
      const bool restore = pick(2) == 0;
      const auto& donor = donors()[restore ? 0 : pick(donors().size())];
      if (donor.empty()) return LLVMFuzzerMutate(data, size, max_size);
      const std::size_t n = 1 + pick(256);
      const std::size_t from = pick(donor.size());
      const std::size_t to = restore || pick(2) == 0 ? from : pick(size);
      if (to >= size) break;
      const std::size_t count = std::min({n, donor.size() - from, size - to});
      std::copy(donor.begin() + static_cast<std::ptrdiff_t>(from),
                donor.begin() + static_cast<std::ptrdiff_t>(from + count), data + to);
      break;
    }
  }
  return size;
}
