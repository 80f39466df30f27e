/// @file results_merge.hpp
/// `rodswarm merge PARTS... --out FILE`: the parts written by `run --shard i/N` (each a results file whose root
/// attribute `part` says where its members sit) joined into the file one process running the whole ensemble
/// writes, dataset for dataset.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rodswarm {

struct MergeReport {
  std::int64_t members = 0;  ///< the ensemble's
  std::int64_t parts = 0;
};

/// Reads every part whole once in a child process (verify_results_isolated: checksums, and a file that crashes or
/// hangs libhdf5 refused), checks that they are parts of one run (the same run fingerprint and ensemble) that hold
/// every member once and save the same arrays, then writes them, in member order, one part in memory at a time,
/// to `out` (a temporary renamed on success: never a half-written file). Bad input, each refusal naming the part:
/// std::invalid_argument for parts that do not fit together (a missing or overlapping range, another run, a file
/// that is not a part) and BadFileError for a damaged or unreadable part. Writing `out` fails with IoError (or
/// NoSpaceError) naming `out`: a failure of our own.
MergeReport merge_parts(const std::vector<std::string>& parts, const std::string& out);

}  // namespace rodswarm
