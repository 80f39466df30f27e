/// @file io_error.hpp
/// The three ways reading or writing a file fails, as the CLI's exit codes tell them apart (PRODUCT.md): a failure
/// of our own or of the machine (exit 3), a file given to us that cannot be trusted (exit 2), and a full disk
/// (exit 3, named as such so that the user knows that freeing space and rerunning is the remedy).
#pragma once

#include <stdexcept>
#include <string>

namespace rodswarm {

/// I/O failure while writing, or of the machine while reading (exit status 3 in the CLI).
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A file rodswarm was given to read that cannot be trusted: damaged (a checksum that does not match, a structure
/// libhdf5 refuses, crashes or loops on), missing, or not a rodswarm results file. Bad input: exit status 2. The
/// message names the file and, where one is at fault, the dataset or attribute.
class BadFileError : public IoError {
 public:
  using IoError::IoError;
};

/// The file system refused a write for want of space (ENOSPC) or quota (EDQUOT): exit status 3. The message names
/// the file system and what was being written.
class NoSpaceError : public IoError {
 public:
  NoSpaceError(const std::string& message, int error_number) : IoError(message), error_number_(error_number) {}
  int error_number() const noexcept { return error_number_; }

 private:
  int error_number_;
};

}  // namespace rodswarm
