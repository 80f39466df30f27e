/// @file results_layout.hpp
/// Internal to rodswarm_io: the names and shapes of the results file (README.md, "Results"), shared by the
/// writer (results_h5.cpp) and the inspectors (results_inspect.cpp).
#pragma once

#include <cstdint>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "io/file_system.hpp"
#include "io/h5_data.hpp"
#include "io/h5_handles.hpp"
#include "io/io_error.hpp"
#include "io/results.hpp"

namespace rodswarm::layout {

inline constexpr const char* kFormat = "rodswarm-results";
/// 1: the first format. 2: the same layout with checksums: Fletcher32 on every dataset holding data, a
/// string_checksums attribute on every object with string attributes, and HDF5 1.10's file format (checksums on
/// the file's structure). Version 1 files are still read, unverified.
inline constexpr std::int32_t kFormatVersion = 2;
/// The first version whose files carry checksums.
inline constexpr std::int32_t kChecksummedVersion = 2;

// Object paths, absolute.
inline constexpr const char* kMembers = "/members";
inline constexpr const char* kBeads = "/members/beads";
inline constexpr const char* kParams = "/members/params";
inline constexpr const char* kDiverged = "/members/diverged";
inline constexpr const char* kStepsTaken = "/members/steps_taken";
inline constexpr const char* kStabilityWarning = "/members/stability_warning";
// /members/singular, /members/separated...: the model's stop flags, named by stop_flags (results.hpp).
inline constexpr const char* kRods = "/members/rods";
inline constexpr const char* kTime = "/time";
inline constexpr const char* kSeries = "/series";  ///< /series/<field>: [M][S][row...]
inline constexpr const char* kFinal = "/final";    ///< /final/<field>: [M][row...], and /final/time
inline constexpr const char* kFinalTime = "/final/time";
inline constexpr const char* kSpectrum = "/spectrum";
inline constexpr const char* kSpectrumSignal = "/spectrum/signal";
inline constexpr const char* kSpectrumOmega = "/spectrum/omega";
inline constexpr const char* kSpectrumPower = "/spectrum/power";
/// Attributes of the /spectrum group: the recorded harmonic (int32) and the sampling interval (float64).
inline constexpr const char* kSpectrumHarmonic = "harmonic";
inline constexpr const char* kSpectrumInterval = "sample_interval";
inline constexpr const char* kSteady = "/steady";
inline constexpr const char* kSteadyIterations = "/steady/iterations";
inline constexpr const char* kSteadyResidual = "/steady/residual";
inline constexpr const char* kSteadyConverged = "/steady/converged";
/// Root attribute of a shard's file: PartOf as JSON text ({"first_member", "ensemble_members", "shard"}).
inline constexpr const char* kPart = "part";
/// Attribute of a field's datasets naming the entries of their last dimension.
inline constexpr const char* kComponents = "components";

inline std::string series_path(const std::string& field) { return std::string(kSeries) + "/" + field; }
inline std::string final_path(const std::string& field) { return std::string(kFinal) + "/" + field; }

/// The sizes every array of a Results is checked against: M members, S saves, B beads, N_s spectrum samples and
/// F spectrum frequencies.
struct Shape {
  hsize_t members = 0;
  hsize_t saves = 0;
  hsize_t beads = 0;
  hsize_t samples = 0;      ///< N_s: spectrum.signal.size() / members (0 when no signal or no members)
  hsize_t frequencies = 0;  ///< F: spectrum.omega.size()
};

Shape shape_of(const Results& r);

/// Checks every array of `r` against shape_of(r) (each is either empty, meaning "not saved", or exactly
/// sized; beads and params are required), and names, bead counts and kind for what the file can store.
/// Throws IoError naming the first offending field.
void validate(const Results& r);

/// What describes a results file without its bulk arrays: root attributes, sizes, names, and its fields with
/// their row shapes and components (series and final data left empty).
struct FileInfo {
  Results header;
  Shape shape;
  std::vector<std::string> series_fields, final_fields;  ///< which fields /series and /final hold, in field order
};

/// Opens `path` read-only; throws IoError if it is missing, not HDF5, not a rodswarm results file, or of a
/// newer format version. `version`, when given, receives the file's format version.
h5::Handle open_results_file(const std::string& path, std::int64_t* version = nullptr);

/// Reads the root attributes, names, sizes and fields of an open results file.
FileInfo read_file_info(hid_t file);

/// PartOf as the text of attribute `part`, and back (throws IoError on text that is not one).
std::string part_to_json(const PartOf& part);
PartOf part_from_json(const std::string& text);

/// JSON array text of `names` (how name lists are stored as attributes).
std::string names_to_json(const std::vector<std::string>& names);
/// Parses a JSON array of strings; throws IoError naming `where` otherwise.
std::vector<std::string> names_from_json(const std::string& text, const std::string& where);

/// Runs `body`, which writes `path`, with HDF5's error printing silenced and returns its result; a failure comes
/// out as IoError("<path>: <reason>"), a full disk as NoSpaceError naming the file system and what was being
/// written. std::bad_alloc passes through (the caller names the stage).
template <class Body>
auto writing(const std::string& path, Body&& body) -> decltype(body()) {
  const h5::ErrorSilencer silence;
  try {
    return body();
  } catch (const NoSpaceError& e) {
    throw NoSpaceError(no_space_message(path, e.error_number(), e.what()), e.error_number());
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    throw IoError(path + ": " + e.what());
  }
}

/// Runs `body`, which reads `path` (a file given to rodswarm, so not to be trusted), with HDF5's error printing
/// silenced and returns its result; any failure comes out as BadFileError("<path>: <reason>"): bad input.
/// std::bad_alloc passes through.
template <class Body>
auto reading(const std::string& path, Body&& body) -> decltype(body()) {
  const h5::ErrorSilencer silence;
  try {
    return body();
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    throw BadFileError(path + ": " + e.what());
  }
}

}  // namespace rodswarm::layout
