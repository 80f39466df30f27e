/// @file h5_verify.hpp
/// Reading a whole HDF5 file once to find damage: every dataset read chunk by chunk (so HDF5 verifies each chunk's
/// Fletcher32 checksum, and memory stays at one chunk) and checked whole against its kDataChecksum, every string
/// attribute checked against its object's kStringChecksums. Failures throw as h5::throw_failure does: BadFileError
/// naming the dataset or attribute for a checksum that does not match.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <string>

namespace rodswarm::h5 {

struct VerifyCount {
  std::int64_t datasets = 0;     ///< datasets read whole
  std::int64_t checksummed = 0;  ///< of which carry the Fletcher32 filter
  std::int64_t crc_checked = 0;  ///< of which carry kDataChecksum (every one rodswarm writes now), all matched
  std::int64_t strings = 0;      ///< string attributes read
  double bytes = 0;              ///< bytes of data read
};

/// Reads every dataset and string attribute reachable from the root of `file` by hard links (soft and external
/// links are not followed: a damaged file may point anywhere), and checks each dataset that carries kDataChecksum
/// against it. With `require_checksums`, a dataset that holds data without the Fletcher32 filter, or an object with
/// string attributes but no kStringChecksums, is itself damage (BadFileError): the file's format promises them.
VerifyCount verify_all(hid_t file, bool require_checksums);

}  // namespace rodswarm::h5
