/// @file fuzz_results.cpp
/// libFuzzer target: the results-file reader on arbitrary bytes (a damaged or hostile HDF5 file), as `rodswarm
/// inspect` reads it: the summary and member 0 with and without --final, printed as JSON, in a child process.
/// inspect reads in a child process (io/isolated_read.hpp), because libhdf5 1.10 crashes or loops on some damaged
/// global heaps (regressions/results/); here that must come out as IoError ("damaged", exit 3 in the CLI), never
/// as a crash or a hang of the caller.
///
/// With RODSWARM_FUZZ_IN_PROCESS=1 the readers run in this process instead (read_results, summary_json,
/// member_json): coverage then guides the search into rodswarm's own validation of what it reads, and the known
/// libhdf5 crashes show up as findings (tests/fuzz/README.md).
///
/// A bad file must end in IoError. Anything else is a finding: another exception escapes (libFuzzer reports the
/// std::terminate as a crash), as do sanitizer reports, crashes, timeouts and memory exhaustion.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "fuzz_scratch.hpp"
#include "io/isolated_read.hpp"
#include "io/results.hpp"

namespace {

bool in_process() {
  static const bool yes = [] {
    const char* v = std::getenv("RODSWARM_FUZZ_IN_PROCESS");
    return v != nullptr && std::string(v) == "1";
  }();
  return yes;
}

template <class F>
void expect_io_error_or_success(F&& f) {
  try {
    f();
  } catch (const rodswarm::IoError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = rodswarm::fuzz::scratch_path("results.h5");
  rodswarm::fuzz::write_file(path, data, size);
  if (in_process()) {
    const auto dump = [](const nlohmann::json& j) {
      return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    };
    expect_io_error_or_success([&] { (void)rodswarm::read_results(path); });
    expect_io_error_or_success([&] { (void)dump(rodswarm::summary_json(path)); });
    for (const bool final_only : {false, true}) {
      expect_io_error_or_success([&] { (void)dump(rodswarm::member_json(path, 0, final_only)); });
    }
    return 0;
  }
  // inspect's three views in one child (what inspect_text runs there, one fork instead of three), with a time
  // limit far below libFuzzer's -timeout=10: a loop in libhdf5 must be the reader's error, not a hang.
  constexpr double limit = 0.25;
  expect_io_error_or_success([&] {
    (void)rodswarm::run_isolated(
        path,
        [&] {
          const auto dump = [](const nlohmann::json& j) {
            return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
          };
          std::string text = dump(rodswarm::summary_json(path));
          for (const bool final_only : {false, true}) {
            try {
              text += dump(rodswarm::member_json(path, 0, final_only));
            } catch (const rodswarm::IoError&) {  // a file without member 0 still has a summary
            }
          }
          return text;
        },
        limit);
  });
  return 0;
}
