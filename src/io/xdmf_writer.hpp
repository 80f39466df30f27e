/// @file xdmf_writer.hpp
/// An XDMF 3 description of a results file, so that ParaView (File > Open, "XDMF Reader" / "Xdmf3 Reader") shows
/// every rod as a polyline moving in time. The XDMF file holds no bulk data: it points into the HDF5 file by its
/// relative file name, with hyperslabs of /series/positions (and /series/velocities when saved).
#pragma once

#include <string>

#include "io/results.hpp"

namespace rodswarm {

/// The XDMF path for a results file: `h5_path` with its `.h5` (or `.hdf5`) extension replaced by `.xdmf`, or with
/// `.xdmf` appended when it has neither.
std::string xdmf_path_for(const std::string& h5_path);

/// Writes `xdmf_path_for(h5_path)` describing `r`, which must be what `write_results(h5_path, r)` wrote (the
/// datasets' shapes are taken from `r`; the HDF5 file must exist, its content is not read).
///
/// Layout: a temporal collection over the saves (`r.time`); at each save a spatial collection with one uniform
/// grid per member ("member I"), whose Polyline topology has one element per rod. A member holds `r.rods[i]` rods
/// that split its `r.beads[i]` beads into equal consecutive runs; with `r.rods` empty every member is one rod. The
/// geometry of member I at save K is the hyperslab [I, K, 0:beads[I], 0:3] of /series/positions (NaN padding
/// excluded); the cell attributes `member` and `rod` and, when saved, the node attribute `velocity` go with it.
/// The connectivity of each distinct (rods, beads per rod) is written once, as a DataItem of the Domain, and
/// included where used (XInclude). A file without position series but with /final/positions gets a single step
/// at the latest final time (or 0 for `steady`).
///
/// Written through a temporary file in the same directory and renamed on success, like write_results.
/// Throws IoError (missing HDF5 file, no positions saved, rods that do not divide a member's beads, a results
/// file name XDMF cannot reference, or any write failure).
void write_xdmf(const std::string& h5_path, const Results& r);

/// As above, reading what it needs from the results file itself (bead and rod counts, times, which position and
/// velocity arrays it holds), never its bulk data.
void write_xdmf(const std::string& h5_path);

}  // namespace rodswarm
