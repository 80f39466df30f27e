/// @file fuzz_config.cpp
/// libFuzzer target: the config loader, rodswarm::load_any_job, on arbitrary bytes, as `validate` and `run` first
/// call it: building a sample of at most estimate_sample members (run builds the whole ensemble only after the
/// memory that needs was checked against the host). The input up to its first 0xFF byte (a byte no UTF-8 text
/// holds) is the config file; what follows it, if anything, is one `--set` override ("KEY=VALUE", apply_override).
///
/// Bad input must end in ConfigError or std::invalid_argument (what the CLI reports as bad input, exit status 2).
/// Anything else is a finding: another exception escapes (libFuzzer reports the std::terminate as a crash), as do
/// sanitizer reports, stack overflows, timeouts and memory exhaustion.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "config/config_loader.hpp"
#include "fuzz_scratch.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = rodswarm::fuzz::scratch_path("config.json");
  std::size_t file_size = 0;
  while (file_size < size && data[file_size] != 0xFF) ++file_size;
  rodswarm::fuzz::write_file(path, data, file_size);
  std::vector<std::string> overrides;
  if (file_size < size)
    overrides.emplace_back(reinterpret_cast<const char*>(data) + file_size + 1, size - file_size - 1);
  try {
    (void)rodswarm::load_any_job(path, overrides, rodswarm::ParseOptions{rodswarm::estimate_sample});
  } catch (const rodswarm::ConfigError&) {
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
