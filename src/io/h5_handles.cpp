/// @file h5_handles.cpp
/// HDF5 identifiers, error messages and file/group/dataset opening.
#include "io/h5_handles.hpp"

#include <cerrno>
#include <cstdlib>
#include <vector>

#include "io/io_error.hpp"

namespace rodswarm::h5 {

namespace {

// Called for each entry of the error stack, innermost first (H5E_WALK_UPWARD): keeps every description, the
// innermost (which names the actual cause: "no such file or directory", "file signature not found") first.
herr_t collect(unsigned, const H5E_error2_t* err, void* client) {
  auto* out = static_cast<std::vector<std::string>*>(client);
  if (err != nullptr && err->desc != nullptr) out->push_back(err->desc);
  return 0;
}

std::vector<std::string> error_stack() {
  std::vector<std::string> descriptions;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, collect, &descriptions);
  return descriptions;
}

// The operating system's errno in a system call failure ("file write failed: ..., errno = 28, error message =
// 'No space left on device', ..."), 0 when no entry carries one.
int system_errno(const std::vector<std::string>& stack) {
  const std::string marker = "errno = ";
  for (const std::string& desc : stack) {
    const std::size_t at = desc.find(marker);
    if (at != std::string::npos) return std::atoi(desc.c_str() + at + marker.size());
  }
  return 0;
}

// Whether a checksum refused what was read: Fletcher32 on a chunk ("data error detected by Fletcher32 checksum"),
// or a metadata checksum ("incorrect metadata checksum after all read attempts").
bool checksum_failed(const std::vector<std::string>& stack, bool& data) {
  for (const std::string& desc : stack) {
    if (desc.find("Fletcher32") != std::string::npos) {
      data = true;
      return true;
    }
    if (desc.find("checksum") != std::string::npos) {
      data = false;
      return true;
    }
  }
  return false;
}

std::string innermost(const std::vector<std::string>& stack) {
  if (stack.empty()) return "unknown HDF5 error";
  // System call failures read "unable to open file: name = '...', errno = 2, error message = 'No such file
  // or directory', flags = ..."; the operating system's message is the useful part.
  const std::string& message = stack.front();
  const std::string marker = "error message = '";
  const std::size_t begin = message.find(marker);
  if (begin != std::string::npos) {
    const std::size_t end = message.find('\'', begin + marker.size());
    if (end != std::string::npos) return message.substr(begin + marker.size(), end - begin - marker.size());
  }
  return message;
}

// File access properties: HDF5 >= 1.10 locks files and fails outright on file systems without locks (NFS,
// Lustre, some containers); lock where possible, carry on where not. Files are moved into place only when
// complete, so a reader never needs the lock to see a consistent file.
Handle file_access(const std::string& what) {
  Handle fapl = adopt(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, what);
#if H5_VERSION_GE(1, 12, 1) || (H5_VERS_MAJOR == 1 && H5_VERS_MINOR == 10 && H5_VERS_RELEASE >= 7)
  check(H5Pset_file_locking(fapl.get(), /*use_file_locking=*/true, /*ignore_when_disabled=*/true), what);
#endif
  return fapl;
}

}  // namespace

std::string last_error() { return innermost(error_stack()); }

void throw_failure(const std::string& what) {
  const std::vector<std::string> stack = error_stack();
  const int err = system_errno(stack);
  if (err == ENOSPC || err == EDQUOT) throw NoSpaceError(what, err);
  bool data = false;
  if (checksum_failed(stack, data)) {
    throw BadFileError(what + (data ? ": damaged: its data do not match their checksum (Fletcher32)"
                                    : ": damaged: the file's structure does not match its checksum"));
  }
  throw IoError(what + ": " + innermost(stack));
}

void check(herr_t status, const std::string& what) {
  if (status < 0) throw_failure(what);
}

Handle adopt(hid_t id, Handle::Closer closer, const std::string& what) {
  if (id < 0) throw_failure(what);
  return Handle(id, closer);
}

namespace {
bool close_failed = false;
}  // namespace

void Handle::close(const std::string& what) {
  if (id_ < 0) return;
  const hid_t id = id_;
  id_ = H5I_INVALID_HID;  // closed (or unusable) either way: never close twice
  if (closer_(id) < 0) {
    close_failed = true;
    throw_failure(what);
  }
}

void Handle::reset() noexcept {
  if (id_ >= 0 && closer_ != nullptr && closer_(id_) < 0) close_failed = true;
  id_ = H5I_INVALID_HID;
}

ErrorSilencer::ErrorSilencer() noexcept {
  // H5Eget_auto2 also initialises the library, so this works as the very first HDF5 call.
  if (H5Eget_auto2(H5E_DEFAULT, &saved_func_, &saved_data_) >= 0) {
    saved_ = true;
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  }
}

ErrorSilencer::~ErrorSilencer() {
  if (saved_) H5Eset_auto2(H5E_DEFAULT, saved_func_, saved_data_);
}

Handle create_file(const std::string& path) {
  const std::string what = "cannot create HDF5 file " + path;
  Handle fapl = file_access(what);
  // Both bounds pinned: a newer libhdf5 writes the same format, which every HDF5 since 1.10.0 reads (h5py too).
  check(H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_V110, H5F_LIBVER_V110), what);
  return adopt(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()), H5Fclose, what);
}

Handle open_file(const std::string& path) {
  const std::string what = "cannot open as HDF5 (not an HDF5 file, or damaged)";
  Handle fapl = file_access(what);
  return adopt(H5Fopen(path.c_str(), H5F_ACC_RDONLY, fapl.get()), H5Fclose, what);
}

Handle create_group(hid_t loc, const std::string& name) {
  return adopt(H5Gcreate2(loc, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose,
               "cannot create group " + name);
}

Handle open_group(hid_t loc, const std::string& name) {
  return adopt(H5Gopen2(loc, name.c_str(), H5P_DEFAULT), H5Gclose, "cannot open group " + name);
}

Handle open_dataset(hid_t loc, const std::string& name) {
  return adopt(H5Dopen2(loc, name.c_str(), H5P_DEFAULT), H5Dclose, "cannot open dataset " + name);
}

}  // namespace rodswarm::h5

bool rodswarm::hdf5_close_failed() { return rodswarm::h5::close_failed; }
