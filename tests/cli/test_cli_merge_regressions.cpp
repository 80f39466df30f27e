/// @file test_cli_merge_regressions.cpp
/// The damaged parts that crashed, hung or silently corrupted `merge` before checksums (tests/fuzz/regressions/merge/,
/// each a damaged copy of one shard of a three-shard run, found by scripts/damage-campaign on the binary of f505344;
/// README.md there says how each failed). Each is merged now with the two intact shards it is not a copy of: merge
/// must refuse it as bad input (exit 2), naming it, within the read time limit, writing nothing: never a signal,
/// a hang or an exit 0.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_fixture.hpp"

namespace rodswarm_test {
namespace {

const std::filesystem::path regressions = std::filesystem::path(RODSWARM_SOURCE_DIR) / "tests/fuzz/regressions/merge";

struct Damaged {
  std::string file;    ///< the damaged part
  int shard = 0;       ///< the shard it is a copy of
  std::string before;  ///< what the binary of f505344 did: SIGSEGV, SIGABRT, hang, silent
};

// manifest.tsv: "file<TAB>shard<TAB>old result", '#' lines are comments.
std::vector<Damaged> manifest() {
  std::vector<Damaged> out;
  std::ifstream in(regressions / "manifest.tsv");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Damaged d;
    if (fields >> d.file >> d.shard >> d.before) out.push_back(d);
  }
  return out;
}

class MergeRegression : public CliFixture, public ::testing::WithParamInterface<Damaged> {};

TEST_P(MergeRegression, IsRefusedNamingThePart) {
  const Damaged& d = GetParam();
  std::vector<std::string> parts = {d.file};
  std::filesystem::copy_file(regressions / d.file, dir_ / d.file);
  for (int i = 0; i < 3; ++i) {
    if (i == d.shard) continue;
    const std::string intact = "shard-" + std::to_string(i) + "-of-3.h5";
    std::filesystem::copy_file(regressions / "intact" / intact, dir_ / intact);
    parts.push_back(intact);
  }
  // A file that makes libhdf5 loop is killed after RODSWARM_READ_TIMEOUT seconds (20 s by default).
  const auto merged = shell("RODSWARM_READ_TIMEOUT=3 timeout 120 '" + std::string(RODSWARM_BINARY) + "' merge " +
                            parts[0] + " " + parts[1] + " " + parts[2] + " --out m.h5");
  EXPECT_EQ(merged.code, 2) << d.file << " (before: " << d.before << ")\n" << merged.err;
  EXPECT_NE(merged.err.find(d.file), std::string::npos) << merged.err;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "m.h5"));
}

INSTANTIATE_TEST_SUITE_P(DamagedParts, MergeRegression, ::testing::ValuesIn(manifest()),
                         [](const ::testing::TestParamInfo<Damaged>& param) {
                           std::string name = param.param.file.substr(0, param.param.file.size() - 3);  // no ".h5"
                           for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

TEST(MergeRegressions, TheSetIsThere) {
  // The review's 16 crashes and hangs, and its silent loss of /series.
  const std::vector<Damaged> all = manifest();
  int crashed_or_hung = 0, silent = 0;
  for (const Damaged& d : all) (d.before == "silent" ? silent : crashed_or_hung) += 1;
  EXPECT_GE(crashed_or_hung, 16);
  EXPECT_GE(silent, 1);
}

}  // namespace
}  // namespace rodswarm_test
