/// @file results_verify.cpp
/// verify_results: a results file read whole once, so that every checksum it carries is verified (results.hpp).
#include <nlohmann/json.hpp>

#include "io/h5_verify.hpp"
#include "io/isolated_read.hpp"
#include "io/results.hpp"
#include "io/results_layout.hpp"

namespace rodswarm {

nlohmann::json VerifiedFile::to_json() const {
  return {
      {"format_version", format_version}, {"verified", checksums}, {"datasets", datasets}, {"checksummed", checksummed},
      {"crc_checked", crc_checked},       {"strings", strings},    {"bytes", bytes}};
}

VerifiedFile verify_results(const std::string& path) {
  return layout::reading(path, [&] {
    VerifiedFile out;
    h5::Handle file = layout::open_results_file(path, &out.format_version);
    (void)layout::read_file_info(file.get());  // every attribute rodswarm reads, and the shapes it expects
    const bool promised = out.format_version >= layout::kChecksummedVersion;
    const h5::VerifyCount count = h5::verify_all(file.get(), promised);
    out.checksums = promised;
    out.datasets = count.datasets;
    out.checksummed = count.checksummed;
    out.crc_checked = count.crc_checked;
    out.strings = count.strings;
    out.bytes = count.bytes;
    return out;
  });
}

VerifiedFile verify_results_isolated(const std::string& path) {
  const std::string text = run_isolated(
      path, [&] { return verify_results(path).to_json().dump(); }, read_timeout(path));
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) throw IoError(path + ": the check of the file answered nothing readable");
  VerifiedFile out;
  out.format_version = j.value("format_version", std::int64_t{0});
  out.checksums = j.value("verified", false);
  out.datasets = j.value("datasets", std::int64_t{0});
  out.checksummed = j.value("checksummed", std::int64_t{0});
  out.crc_checked = j.value("crc_checked", std::int64_t{0});
  out.strings = j.value("strings", std::int64_t{0});
  out.bytes = j.value("bytes", 0.0);
  return out;
}

}  // namespace rodswarm
