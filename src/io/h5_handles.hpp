/// @file h5_handles.hpp
/// RAII ownership of HDF5 identifiers and HDF5 failures turned into IoError. Every identifier the results
/// reader/writer opens lives in a Handle, so an exception thrown half-way never leaks an open file, group,
/// dataset, dataspace, datatype or property list.
#pragma once

#include <hdf5.h>

#include <string>

#include "io/h5_exit.hpp"

namespace rodswarm::h5 {

/// Owns one HDF5 identifier and closes it with the matching H5?close function.
class Handle {
 public:
  using Closer = herr_t (*)(hid_t);

  Handle() noexcept = default;
  /// Takes ownership of `id` (which must be valid), to be released with `closer`.
  Handle(hid_t id, Closer closer) noexcept : id_(id), closer_(closer) {}
  ~Handle() { reset(); }

  Handle(Handle&& other) noexcept : id_(other.id_), closer_(other.closer_) { other.id_ = H5I_INVALID_HID; }
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = other.id_;
      closer_ = other.closer_;
      other.id_ = H5I_INVALID_HID;
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  /// The raw identifier, for HDF5 calls; the Handle keeps ownership.
  hid_t get() const noexcept { return id_; }
  explicit operator bool() const noexcept { return id_ >= 0; }

  /// Closes now and throws IoError if HDF5 reports a failure. Needed for files, where closing flushes the
  /// last data and can fail (disk full); the destructor has to swallow that.
  void close(const std::string& what);

  /// Closes now, ignoring failures (used by the destructor and on error paths) but for recording them
  /// (hdf5_close_failed).
  void reset() noexcept;

 private:
  hid_t id_ = H5I_INVALID_HID;
  Closer closer_ = nullptr;
};

/// The most specific message on HDF5's error stack (the innermost failing call), or "unknown HDF5 error".
std::string last_error();

/// Throws the failure on HDF5's error stack as the error it is: NoSpaceError when the operating system said
/// ENOSPC or EDQUOT (`what` is then what was being written, e.g. "cannot write dataset /final/positions"),
/// BadFileError("<what>: damaged: ...") when a checksum did not match (Fletcher32 on a dataset's data, or the
/// metadata checksums of the file's structure), else IoError("<what>: <HDF5 message>").
[[noreturn]] void throw_failure(const std::string& what);

/// throw_failure(what) when `status` is negative.
void check(herr_t status, const std::string& what);

/// Wraps an identifier returned by an HDF5 call: throw_failure(what) when it is negative, else a Handle owning it.
Handle adopt(hid_t id, Handle::Closer closer, const std::string& what);

/// Switches HDF5's automatic error printing off while alive and restores the previous handler after, so
/// failures reach the user as one IoError message instead of an HDF5 stack dump on stderr.
class ErrorSilencer {
 public:
  ErrorSilencer() noexcept;
  ~ErrorSilencer();
  ErrorSilencer(const ErrorSilencer&) = delete;
  ErrorSilencer& operator=(const ErrorSilencer&) = delete;

 private:
  H5E_auto2_t saved_func_ = nullptr;
  void* saved_data_ = nullptr;
  bool saved_ = false;
};

/// Creates (truncating) an HDF5 file for writing, in the file format of HDF5 1.10 (H5F_LIBVER_V110): the one whose
/// every structure but the global heap carries a checksum (superblock v3, object headers v2, the chunk indexes),
/// so that a damaged byte in the file's structure is an error on reading, not a silently different file.
Handle create_file(const std::string& path);
/// Opens an existing HDF5 file read-only.
Handle open_file(const std::string& path);
/// Creates group `name` under `loc`.
Handle create_group(hid_t loc, const std::string& name);
/// Opens group `name` (a path relative to `loc`, or absolute).
Handle open_group(hid_t loc, const std::string& name);
/// Opens dataset `name` (a path relative to `loc`, or absolute).
Handle open_dataset(hid_t loc, const std::string& name);

}  // namespace rodswarm::h5
