/// @file results_merge.cpp
/// merge_parts: the parts of a sharded run, each checked whole in a child process before any is trusted, joined
/// into one file (results_merge.hpp).
#include "io/results_merge.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "io/results.hpp"
#include "io/results_layout.hpp"

namespace rodswarm {

namespace {

struct PartFile {
  std::string path;
  Results header;
};

std::string members_text(std::int64_t first, std::int64_t last) {
  return first == last ? "member " + std::to_string(first)
                       : "members " + std::to_string(first) + " to " + std::to_string(last);
}

// What tells the run of `a` from the run of `b`, "" when they are parts of one run.
std::string run_difference(const Results& a, const Results& b) {
  if (a.run_fingerprint != b.run_fingerprint) {
    return "run fingerprint " + a.run_fingerprint + " against " + b.run_fingerprint +
           ": another config, precision or backend";
  }
  if (a.part.ensemble != b.part.ensemble) {
    return "an ensemble of " + std::to_string(a.part.ensemble) + " members against " + std::to_string(b.part.ensemble) +
           " in its attribute part";
  }
  if (a.kind != b.kind) return "kind " + a.kind + " against " + b.kind;
  return "";
}

// Reads the header of a part nobody vouches for: the whole file is read once in a child process first
// (verify_results_isolated), so that a file that crashes or hangs libhdf5, or whose checksums do not match, is
// refused naming it before this process reads any of it.
PartFile read_part_header(const std::string& path) {
  (void)verify_results_isolated(path);
  PartFile part{path, read_results_header(path)};
  if (part.header.part.empty()) {
    throw std::invalid_argument(path +
                                ": not a part of a sharded run (no root attribute part): merge joins the files of "
                                "run --shard i/N");
  }
  return part;
}

}  // namespace

MergeReport merge_parts(const std::vector<std::string>& parts, const std::string& out) {
  if (parts.empty()) throw std::invalid_argument("merge: no parts given");
  std::vector<PartFile> files;
  for (const std::string& path : parts) files.push_back(read_part_header(path));
  const Results& first = files.front().header;
  for (const PartFile& f : files) {
    const std::string difference = run_difference(f.header, first);
    if (!difference.empty()) {
      throw std::invalid_argument(f.path + " is a part of another run than " + files.front().path + " (" + difference +
                                  ")");
    }
  }
  std::stable_sort(files.begin(), files.end(),
                   [](const PartFile& a, const PartFile& b) { return a.header.part.first < b.header.part.first; });
  // The parts must hold members 0 .. M-1, each once.
  std::int64_t next = 0;
  const std::string* previous = nullptr;
  for (const PartFile& f : files) {
    const std::int64_t begin = f.header.part.first, end = begin + f.header.members;
    if (begin > next) {
      throw std::invalid_argument("merge: no part holds " + members_text(next, begin - 1) +
                                  " (the parts given: " + std::to_string(files.size()) + "; is one missing?)");
    }
    if (begin < next) {
      throw std::invalid_argument("merge: " + *previous + " and " + f.path + " both hold " +
                                  members_text(begin, std::min(next, end) - 1));
    }
    next = end;
    previous = &f.path;
  }
  if (next != first.part.ensemble) {
    throw std::invalid_argument("merge: no part holds " + members_text(next, first.part.ensemble - 1) + " of the " +
                                std::to_string(first.part.ensemble) + " (is a part missing?)");
  }

  // Each part is checked against the first before the writer sees it, so that a refusal names the part (bad
  // input, exit 2); what the writer then refuses is its own failure (the output's, exit 3).
  std::optional<ResultsWriter> writer;
  Results first_header;
  std::string first_saved;
  for (const PartFile& f : files) {
    Results part = read_results(f.path);
    part.part = PartOf{};  // the whole file is no part
    layout::reading(f.path, [&] {
      layout::validate(part);
      if (!writer) return;
      try {
        check_part_fits(first_header, first_saved, part);
      } catch (const IoError& e) {  // either may be the odd one: name both
        throw IoError(std::string(e.what()) + " (the first part: " + files.front().path + ")");
      }
    });
    if (!writer) {
      first_saved = saved_arrays(part);
      writer.emplace(out, part, first.part.ensemble);
      first_header = writer->header();
    }
    writer->write(part);
  }
  writer->commit();
  return {first.part.ensemble, static_cast<std::int64_t>(files.size())};
}

}  // namespace rodswarm
