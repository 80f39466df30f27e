/// @file fuzz_merge.cpp
/// libFuzzer target: `rodswarm merge` given a damaged part. The input is shard 1 of a three-shard run
/// (tests/fuzz/merge_parts/, committed intact); merge_parts joins it with the intact shards 0 and 2, as
/// `rodswarm merge` does, checking each part in a child process first (io/isolated_read.hpp).
///
/// Two properties, each a finding when broken:
/// - merge ends in success or in the errors of bad input (std::invalid_argument, BadFileError) or of its own
///   (IoError): never a crash, a hang (a read past RODSWARM_READ_TIMEOUT, set to 2 s here, is killed) or another
///   exception;
/// - a merge that succeeds writes exactly the file the intact parts make (every dataset and attribute but
///   `created`, bit for bit): damage is detected or harmless, never carried into the output;
/// - no HDF5 object stays open after a merge, whichever way it ended: libhdf5 would serve the next open of the same
///   path from the file it still holds, so the next input would be read as the last one was.
///
/// The mutator (h5_damage_mutator.cpp) damages inputs as disks and networks do: flipped bytes and bits, zeroed
/// runs, ranges spliced from the intact parts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <hdf5.h>

#include "fuzz_scratch.hpp"
#include "io/results.hpp"
#include "io/results_merge.hpp"

#ifndef RODSWARM_MERGE_PARTS_DIR
#error "RODSWARM_MERGE_PARTS_DIR: the directory of the intact parts (tests/fuzz/merge_parts)"
#endif

namespace {

const std::string parts_dir = RODSWARM_MERGE_PARTS_DIR;
const std::string part0 = parts_dir + "/part-0-of-3.h5";
const std::string part1 = parts_dir + "/part-1-of-3.h5";
const std::string part2 = parts_dir + "/part-2-of-3.h5";

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

// Where two merged files differ ("" when they do not), `created` aside.
std::string difference(const rodswarm::Results& a, const rodswarm::Results& b) {
  if (a.kind != b.kind || a.model != b.model || a.scheme != b.scheme || a.backend != b.backend ||
      a.precision != b.precision || a.config_json != b.config_json || a.rodswarm_version != b.rodswarm_version ||
      a.run_fingerprint != b.run_fingerprint || !a.part.empty() || !b.part.empty()) {
    return "root attributes";
  }
  if (a.members != b.members || a.max_beads != b.max_beads || !same_bits(a.beads, b.beads) ||
      !same_bits(a.rods, b.rods)) {
    return "members, beads or rods";
  }
  if (a.param_names != b.param_names || a.varied_keys != b.varied_keys || a.params.size() != b.params.size()) {
    return "parameter names";
  }
  for (std::size_t k = 0; k < a.params.size(); ++k) {
    if (!same_bits(a.params[k], b.params[k])) return "params/" + a.param_names[k];
  }
  if (!same_bits(a.time, b.time) || !same_bits(a.final_time, b.final_time)) return "time";
  if (a.fields.size() != b.fields.size()) return "fields";
  for (std::size_t k = 0; k < a.fields.size(); ++k) {
    const auto &f = a.fields[k], &g = b.fields[k];
    if (f.name != g.name || f.row != g.row || f.components != g.components || !same_bits(f.series, g.series) ||
        !same_bits(f.final, g.final)) {
      return "field " + f.name;
    }
  }
  if (!same_bits(a.diverged, b.diverged) || !same_bits(a.steps_taken, b.steps_taken) ||
      !same_bits(a.stability_warning, b.stability_warning)) {
    return "per-member flags";
  }
  for (const rodswarm::StopFlag& flag : rodswarm::stop_flags) {
    if (!same_bits(a.*flag.flags, b.*flag.flags)) return std::string("members/") + flag.name;
  }
  if (a.spectrum.harmonic != b.spectrum.harmonic || !same_bits(a.spectrum.signal, b.spectrum.signal) ||
      !same_bits(a.spectrum.omega, b.spectrum.omega) || !same_bits(a.spectrum.power, b.spectrum.power) ||
      std::memcmp(&a.spectrum.interval, &b.spectrum.interval, sizeof(double)) != 0) {
    return "spectrum";
  }
  if (!same_bits(a.newton_iterations, b.newton_iterations) || !same_bits(a.newton_residual, b.newton_residual) ||
      !same_bits(a.converged, b.converged)) {
    return "steady";
  }
  return "";
}

// The file the intact parts merge into, read once.
const rodswarm::Results& expected() {
  static const rodswarm::Results merged = [] {
    const std::string& out = rodswarm::fuzz::scratch_path("expected.h5");
    rodswarm::merge_parts({part0, part1, part2}, out);
    return rodswarm::read_results(out);
  }();
  return merged;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("RODSWARM_READ_TIMEOUT", "2", /*overwrite=*/1);  // far below libFuzzer's -timeout=10
  (void)expected();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& input = rodswarm::fuzz::scratch_path("part-1-of-3.h5");
  const std::string& out = rodswarm::fuzz::scratch_path("merged.h5");
  rodswarm::fuzz::write_file(input, data, size);
  std::remove(out.c_str());
  bool merged = false;
  try {
    rodswarm::merge_parts({input, part0, part2}, out);
    merged = true;
  } catch (const std::invalid_argument&) {
  } catch (const rodswarm::IoError&) {  // BadFileError is one
  }
  const ssize_t open_ids = H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_ALL);
  if (open_ids < 0) {
    std::fprintf(stderr, "fuzz_merge: HDF5 could not count its open objects after the merge\n");
    std::abort();
  }
  if (open_ids != 0) {
    std::fprintf(stderr, "fuzz_merge: %zd HDF5 objects still open after the merge\n", open_ids);
    std::abort();
  }
  if (!merged) return 0;
  const std::string where = difference(rodswarm::read_results(out), expected());
  if (!where.empty()) {
    std::fprintf(stderr, "fuzz_merge: a damaged part merged into a different file (%s): silent damage\n",
                 where.c_str());
    std::abort();
  }
  return 0;
}
