/// @file h5_handles.cpp
/// HDF5 identifiers, error messages and file/group/dataset opening.
#include "io/h5_handles.hpp"

#include "io/results.hpp"

namespace rodswarm::h5 {

namespace {

// Called for each entry of the error stack, innermost first (H5E_WALK_UPWARD): keeps the first one, which
// names the actual cause ("no such file or directory", "file signature not found") rather than the API call.
herr_t keep_innermost(unsigned n, const H5E_error2_t* err, void* client) {
  auto* out = static_cast<std::string*>(client);
  if (n == 0 && err != nullptr && err->desc != nullptr) *out = err->desc;
  return 0;
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

std::string last_error() {
  std::string message;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, keep_innermost, &message);
  if (message.empty()) return "unknown HDF5 error";
  // System call failures read "unable to open file: name = '...', errno = 2, error message = 'No such file
  // or directory', flags = ..."; the operating system's message is the useful part.
  const std::string marker = "error message = '";
  const std::size_t begin = message.find(marker);
  if (begin != std::string::npos) {
    const std::size_t end = message.find('\'', begin + marker.size());
    if (end != std::string::npos) return message.substr(begin + marker.size(), end - begin - marker.size());
  }
  return message;
}

void check(herr_t status, const std::string& what) {
  if (status < 0) throw IoError(what + ": " + last_error());
}

Handle adopt(hid_t id, Handle::Closer closer, const std::string& what) {
  if (id < 0) throw IoError(what + ": " + last_error());
  return Handle(id, closer);
}

void Handle::close(const std::string& what) {
  if (id_ < 0) return;
  const hid_t id = id_;
  id_ = H5I_INVALID_HID;  // closed (or unusable) either way: never close twice
  check(closer_(id), what);
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
