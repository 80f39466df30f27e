// Reading untrusted files in a child process (io/isolated_read.hpp): the child's text comes back, its IoError is
// rethrown, and a child that crashes or loops ends in IoError ("damaged") instead of taking the caller with it. Then
// the results files the fuzzer found (tests/fuzz/regressions/results/): libhdf5 1.10 segfaults or loops forever on
// them in process; inspect_text reports each as damaged, and prints non-UTF-8 strings instead of failing.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "io/isolated_read.hpp"
#include "io/results.hpp"

namespace rodswarm {
namespace {

const std::filesystem::path kRegressions =
    std::filesystem::path(RODSWARM_SOURCE_DIR) / "tests" / "fuzz" / "regressions" / "results";

TEST(IsolatedRead, TheChildsTextComesBack) {
  const std::string big(1 << 20, 'x');  // more than a pipe holds: read while the child writes
  EXPECT_EQ(run_isolated(
                "f.h5", [&] { return big; }, 10),
            big);
  EXPECT_EQ(run_isolated(
                "f.h5", [] { return std::string(); }, 10),
            "");
}

TEST(IsolatedRead, TheChildsErrorIsRethrown) {
  try {
    run_isolated(
        "f.h5", []() -> std::string { throw IoError("f.h5: not a rodswarm results file"); }, 10);
    FAIL() << "no error";
  } catch (const IoError& e) {
    EXPECT_STREQ(e.what(), "f.h5: not a rodswarm results file");
  }
}

TEST(IsolatedRead, ACrashOrAHangIsADamagedFile) {
  try {
    run_isolated(
        "f.h5",
        []() -> std::string {
          std::raise(SIGSEGV);
          return "";
        },
        10);
    FAIL() << "no error";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("f.h5: damaged: reading it crashed the HDF5 library (signal 11)"),
              std::string::npos)
        << e.what();
  }
  try {
    run_isolated(
        "f.h5",
        []() -> std::string {
          volatile bool forever = true;
          while (forever) {
          }
          return "";
        },
        0.5);
    FAIL() << "no error";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("f.h5: damaged: reading it did not finish"), std::string::npos) << e.what();
  }
}

TEST(IsolatedRead, FilesThatCrashOrHangLibhdf5AreReportedAsDamaged) {
  for (const char* name :
       {"memcpy_overlap_global_heap_object_size_too_large.h5", "segv_global_heap_free_space_size_huge.h5",
        "segv_vlen_string_heap_index_out_of_range.h5", "timeout_global_heap_object_header_zeroed.h5"}) {
    const std::string path = (kRegressions / name).string();
    try {
      inspect_text(path, -1, false, true, 3.0);
      ADD_FAILURE() << name << " read without an error";
    } catch (const IoError& e) {
      EXPECT_NE(std::string(e.what()).find(path + ": damaged: reading it "), std::string::npos) << e.what();
    }
  }
}

TEST(IsolatedRead, StringsThatAreNotUtf8ArePrinted) {
  const std::string path = (kRegressions / "json_type_error_invalid_utf8_in_created_attribute.h5").string();
  const std::string text = inspect_text(path, -1, false, true, 10);
  const nlohmann::json summary = nlohmann::json::parse(text);
  EXPECT_NE(summary["created"].get<std::string>().find("\xEF\xBF\xBD"), std::string::npos);  // U+FFFD
}

}  // namespace
}  // namespace rodswarm
