/// @file h5_exit.hpp
/// How a process that failed to close an HDF5 file must end. When the last flush of a file fails (a full disk),
/// libhdf5 1.10 leaves the file half-closed, and its own shutdown at exit (an atexit handler) crashes on it
/// (SIGSEGV in H5F__close_cb <- H5_term_library). The CLI's main asks hdf5_close_failed() and then ends with
/// _exit, after flushing its own output, so that nothing touches that file again; the writer has removed its
/// temporary by then. No HDF5 include: main sees only this.
#pragma once

namespace rodswarm {

/// Whether closing an HDF5 object failed in this process.
bool hdf5_close_failed();

}  // namespace rodswarm
