/// @file results.hpp
/// What a results file holds, model-independent, and the HDF5 reader/writer (results_h5.cpp).
/// Layout on disk: README.md, "Results"; how a model declares its datasets: docs/results_layout.md.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/io_error.hpp"
#include "rodswarm/common.hpp"

namespace rodswarm {

/// One per-member dataset a model saves, declared by the model (src/models/<model>_run.cpp): /series/<name>
/// holds it at every save, [M][S][row...], and /final/<name> at the end, [M][row...]. Values are float64; NaN
/// pads what a member does not have (beads past its own, saves after it stopped).
struct ResultsField {
  std::string name;                ///< "positions", "energy", "momentum", ...
  std::vector<std::uint64_t> row;  ///< one member's shape at one time, e.g. {B, 3}; empty: one value
  /// Names of the entries of the row's last dimension (the dataset attribute `components`), empty when they have
  /// none. Adjacent entries of the same name form one vector ("linear", "linear", "linear" for momentum).
  std::vector<std::string> components;
  std::vector<double> series;  ///< [M][S][row...], empty when not saved
  std::vector<double> final;   ///< [M][row...], empty when not saved

  std::size_t row_size() const {
    std::size_t n = 1;
    for (auto d : row) n *= static_cast<std::size_t>(d);
    return n;
  }
  /// True when the row is one vector per bead: {B, k}.
  bool per_bead() const { return row.size() == 2; }
};

/// Time spectrum of one recorded signal per member (analysis/spectrum.hpp): the signal and its power spectrum.
struct Spectrum {
  std::int32_t harmonic = 0;   ///< which of the model's modes was recorded
  double interval = 0;         ///< sampling interval dt_s of the signal
  std::vector<double> signal;  ///< [M][N_s]: the recorded values every dt_s from t = 0, NaN-padded
  std::vector<double> omega;   ///< [F]: angular frequencies 2 pi j / (N_fft dt_s)
  std::vector<double> power;   ///< [M][F]: Hann-windowed power, mean removed
  bool empty() const { return signal.empty() && omega.empty() && power.empty(); }
};

/// Where a part of a sharded run (`run --shard i/N`) sits in its ensemble: members [first, first + members) of
/// `ensemble` members. Stored as the root attribute `part` (JSON text); `rodswarm merge` joins the parts into the
/// file a single run writes, which has no such attribute. Empty (ensemble 0) for a whole run.
struct PartOf {
  std::int64_t first = 0;     ///< the part's first member in the ensemble
  std::int64_t ensemble = 0;  ///< the ensemble's members; 0: not a part
  std::string shard;          ///< "i/N", as given to --shard
  bool empty() const { return ensemble == 0; }
};

/// M members, S saves, B = max beads per member. Arrays are row-major; padding for members with fewer beads is
/// NaN. Empty vectors mean "not saved".
struct Results {
  std::string kind = "run";  ///< "run", "steady" or "modes"
  std::string model;         ///< the model's name
  std::string scheme;        ///< the time scheme, or "newton" / "relaxation" for steady
  std::string backend;       ///< backend description
  std::string precision;     ///< "float64" or "float32"
  std::string config_json;   ///< the config after overrides, as JSON text
  std::string rodswarm_version;
  std::string created;  ///< ISO 8601 UTC
  /// What makes two runs' results interchangeable (config after overrides, precision, backend kind, version),
  /// hashed: every part of one file carries the same, and a rerun recognises its own complete file by it.
  std::string run_fingerprint;
  PartOf part;  ///< where a shard's file sits in its ensemble; empty for a whole run

  std::int64_t members = 0;
  std::int32_t max_beads = 0;
  std::vector<std::int32_t> beads;  ///< [M] beads of each member, fixed ends included
  std::vector<std::int32_t> rods;   ///< [M] rods per member (models of several rods), empty otherwise

  std::vector<std::string> param_names;     ///< the model's parameter columns, then the varied keys' values
  std::vector<std::vector<double>> params;  ///< [param][M]
  std::vector<std::string> varied_keys;     ///< config keys the ensemble varies

  std::vector<double> time;          ///< [S] save times
  std::vector<ResultsField> fields;  ///< positions, velocities, energy and the model's own, in the model's order

  std::vector<double> final_time;               ///< [M]
  std::vector<std::uint8_t> diverged;           ///< [M]
  std::vector<std::int64_t> steps_taken;        ///< [M]
  std::vector<std::uint8_t> stability_warning;  ///< [M] dt outside the scheme's linearised bound
  /// The flags of the model's own stop reasons (stop_flags below). [M] the member stopped at a model singularity.
  /// Empty when the model has none.
  std::vector<std::uint8_t> singular;
  /// [M] the member stopped where a rolling contact's normal reaction turned tensile (its final_time is when).
  /// Empty when the model has no unilateral contact.
  std::vector<std::uint8_t> separated;

  Spectrum spectrum;  ///< empty when no signal was recorded

  // kind == "steady" and "modes" only
  std::vector<std::int32_t> newton_iterations;  ///< [M]
  std::vector<double> newton_residual;          ///< [M]
  std::vector<std::uint8_t> converged;          ///< [M]

  /// The field of that name, or nullptr.
  ResultsField* field(const std::string& name) {
    for (auto& f : fields)
      if (f.name == name) return &f;
    return nullptr;
  }
  const ResultsField* field(const std::string& name) const {
    for (const auto& f : fields)
      if (f.name == name) return &f;
    return nullptr;
  }
  /// The saved series or final values of a field; empty when the field or that part of it was not saved.
  const std::vector<double>& series(const std::string& name) const;
  const std::vector<double>& final(const std::string& name) const;
  std::vector<double>& series(const std::string& name);
  std::vector<double>& final(const std::string& name);
  /// The energy components (the `energy` field's), in column order.
  const std::vector<std::string>& energy_names() const;
};

/// A stop reason of some models besides divergence: the member's status (rodswarm/common.hpp), the name reports
/// and `inspect` give it, its dataset, and its per-member flags in Results. Written, read, checked, merged, counted
/// and reported from this table alone, so that a new stop reason is a status in common.hpp, a vector in Results
/// and a row here (and the model's ModelHost::stop_meaning, which says what it means and that the model has it).
struct StopFlag {
  std::uint8_t status;
  const char* name;
  const char* dataset;
  std::vector<std::uint8_t> Results::*flags;
};
inline constexpr StopFlag stop_flags[] = {
    {status_singular, "singular", "/members/singular", &Results::singular},
    {status_separated, "separated", "/members/separated", &Results::separated},
};
inline constexpr std::size_t stop_flag_count = sizeof stop_flags / sizeof stop_flags[0];

/// Writes `r` to `path` through a temporary file in the same directory, renamed on success: a failed or
/// interrupted write never leaves a half-written file under `path`. Throws IoError.
void write_results(const std::string& path, const Results& r);

/// Writes a results file part by part (the batches of a run, in member order), so that no more than one part is
/// ever in memory: the datasets are created for `members` members from the first part's layout, each part's rows
/// land at its members' offset, and the file appears under `path` (OUT.tmp.<pid> renamed) only on commit().
/// Every part must share the first's run, fields, saves and names. Destroyed uncommitted, it removes the temporary.
/// Throws IoError.
class ResultsWriter {
 public:
  ResultsWriter(const std::string& path, const Results& first, std::int64_t members);
  ~ResultsWriter();
  ResultsWriter(const ResultsWriter&) = delete;
  ResultsWriter& operator=(const ResultsWriter&) = delete;

  /// Appends the next part's members.
  void write(const Results& part);
  /// Checks that every member was written, closes the file and moves it into place.
  void commit();
  /// The first part's header: attributes, names and shapes, without per-member data.
  const Results& header() const;

 private:
  struct Impl;  // HDF5 handles: results_h5.cpp
  std::unique_ptr<Impl> impl_;
};

/// Which per-member arrays `r` saves, a character each ('1' saved, '0' not) in a fixed order ("" for no members):
/// what the parts of one file must agree on, or the file would silently lose the arrays the first part lacks.
std::string saved_arrays(const Results& r);

/// Throws IoError("a part differs from the first in its ...") when `part` cannot share a file with the first part,
/// given by its header (`first`: names, shapes, attributes) and saved_arrays (`first_saved`): another run, other
/// fields, saves, parameter names, spectrum or bead padding, or other arrays saved.
void check_part_fits(const Results& first, const std::string& first_saved, const Results& part);

/// Reads the whole file. Throws BadFileError (a missing, damaged or foreign file: bad input).
Results read_results(const std::string& path);

/// Reads what describes the file without its per-member arrays: attributes, names, shapes, save times (the
/// fields listed with empty data). Throws BadFileError.
Results read_results_header(const std::string& path);

/// A file's outline: its header (as read_results_header) with the per-member counts and times (beads, rods,
/// final_time) and which fields /series and /final hold; no field data.
struct ResultsOutline {
  Results results;
  std::vector<std::string> series_fields, final_fields;
};
ResultsOutline read_results_outline(const std::string& path);

/// What reading a whole results file found (verify_results).
struct VerifiedFile {
  std::int64_t format_version = 0;
  bool checksums = false;        ///< the format carries checksums (version >= 2), all of which matched
  std::int64_t datasets = 0;     ///< datasets read whole
  std::int64_t checksummed = 0;  ///< of which carry a checksum
  std::int64_t crc_checked = 0;  ///< of which carry a CRC-32 of their whole data (data_crc32), all matched
  std::int64_t strings = 0;      ///< string attributes read (checked against their checksums)
  double bytes = 0;              ///< bytes of data read
  nlohmann::json to_json() const;
};

/// Reads every dataset and attribute of the results file at `path` once (memory: one chunk), in this process, so
/// that HDF5 verifies every checksum: throws BadFileError naming the file and the dataset or attribute that does
/// not match, or what else is wrong. A file nobody vouches for is checked through verify_results_isolated.
VerifiedFile verify_results(const std::string& path);

/// verify_results in a child process (isolated_read.hpp) with the time limit read_timeout(path): a file that
/// crashes or hangs libhdf5 is BadFileError ("damaged"), never a crash or a hang of rodswarm. After it returns,
/// reading the same file in this process touches only what the child read safely.
VerifiedFile verify_results_isolated(const std::string& path);

/// Empties every per-member array of `r` (and frees their memory), keeping its attributes, names and shapes.
void drop_member_data(Results& r);

/// Appends `part` (a later batch of the same run: same fields, saves and bead padding) to `into`.
void append_results(Results& into, const Results& part);

/// inspect --member I [--final] --json: one member as JSON (PRODUCT.md). Reads only that member's rows, whose
/// checksums HDF5 verifies (a damaged chunk of another member is not read, so not found: the summary reads all).
nlohmann::json member_json(const std::string& path, std::int64_t member, bool final_only);

/// What `rodswarm inspect` prints: member `member`'s rows (final only) or, for member < 0, the summary, as one line
/// of JSON or as "  key: value" lines. Read in a child process (isolated_read.hpp): a file that crashes or hangs
/// libhdf5 is a BadFileError ("damaged", exit 2), never a crash or a hang of rodswarm. Strings that are not UTF-8 are
/// printed with U+FFFD. timeout_seconds 0: read_timeout(path).
std::string inspect_text(const std::string& path, std::int64_t member, bool final_only, bool as_json,
                         double timeout_seconds = 0);

/// inspect --json without --member: a summary of the file (kind, model, members, saves, fields, diverged count,
/// singular and separated counts when the file records them), after reading the whole file once (verify_results):
/// its entry "checksums" says what was verified. Throws BadFileError for a damaged file.
nlohmann::json summary_json(const std::string& path);

}  // namespace rodswarm
