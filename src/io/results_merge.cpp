#include "io/results_merge.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "io/results.hpp"

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

}  // namespace

MergeReport merge_parts(const std::vector<std::string>& parts, const std::string& out) {
  if (parts.empty()) throw std::invalid_argument("merge: no parts given");
  std::vector<PartFile> files;
  for (const std::string& path : parts) {
    Results header;
    try {
      header = read_results_header(path);
    } catch (const IoError& e) {  // a part that cannot be read is bad input (exit 2), like a config
      throw std::invalid_argument(e.what());
    }
    if (header.part.empty()) {
      throw std::invalid_argument(path +
                                  ": not a part of a sharded run (no root attribute part): merge joins the "
                                  "files of run --shard i/N");
    }
    files.push_back({path, std::move(header)});
  }
  const Results& first = files.front().header;
  for (const PartFile& f : files) {
    if (f.header.run_fingerprint != first.run_fingerprint || f.header.part.ensemble != first.part.ensemble ||
        f.header.kind != first.kind) {
      throw std::invalid_argument(f.path + " is a part of another run than " + files.front().path +
                                  " (run fingerprint " + f.header.run_fingerprint + " against " +
                                  first.run_fingerprint + ": another config, precision or backend)");
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

  std::optional<ResultsWriter> writer;
  for (const PartFile& f : files) {
    Results part = read_results(f.path);
    part.part = PartOf{};  // the whole file is no part
    if (!writer) writer.emplace(out, part, first.part.ensemble);
    writer->write(part);
  }
  writer->commit();
  return {first.part.ensemble, static_cast<std::int64_t>(files.size())};
}

}  // namespace rodswarm
