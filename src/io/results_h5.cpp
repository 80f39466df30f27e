/// @file results_h5.cpp
/// write_results and read_results: a Results to and from one HDF5 file (layout: README.md, "Results").
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <filesystem>
#include <functional>
#include <type_traits>
#include <utility>
#include <system_error>

#include "io/h5_data.hpp"
#include "io/h5_handles.hpp"
#include "io/results.hpp"
#include "io/results_layout.hpp"
#include "io/file_system.hpp"
#include "io/results_target.hpp"

namespace rodswarm {

namespace {

using h5::Dims;
using h5::Handle;
using layout::Shape;

void write_root_attributes(hid_t file, const Results& r) {
  h5::write_string_attribute(file, "format", layout::kFormat);
  h5::write_int_attribute(file, "format_version", layout::kFormatVersion);
  h5::write_string_attribute(file, "kind", r.kind);
  h5::write_string_attribute(file, "model", r.model);
  h5::write_string_attribute(file, "scheme", r.scheme);
  h5::write_string_attribute(file, "backend", r.backend);
  h5::write_string_attribute(file, "precision", r.precision);
  h5::write_string_attribute(file, "rodswarm_version", r.rodswarm_version);
  h5::write_string_attribute(file, "created", r.created);
  h5::write_string_attribute(file, "config", r.config_json);
  if (!r.run_fingerprint.empty()) h5::write_string_attribute(file, "run_fingerprint", r.run_fingerprint);
  if (!r.part.empty()) h5::write_string_attribute(file, layout::kPart, layout::part_to_json(r.part));
}

void check_directory(const std::string& path) {
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) throw IoError("directory " + dir.string() + " does not exist");
}

}  // namespace

std::string saved_arrays(const Results& r) {
  std::string saved;
  const auto add = [&saved](bool has) { saved += has ? '1' : '0'; };
  add(!r.rods.empty());
  add(!r.final_time.empty());
  add(!r.diverged.empty());
  add(!r.steps_taken.empty());
  add(!r.stability_warning.empty());
  for (const StopFlag& flag : stop_flags) add(!(r.*flag.flags).empty());
  for (const ResultsField& f : r.fields) {
    add(!f.series.empty());
    add(!f.final.empty());
  }
  add(!r.spectrum.signal.empty());
  add(!r.spectrum.power.empty());
  add(!r.newton_iterations.empty());
  add(!r.newton_residual.empty());
  add(!r.converged.empty());
  return saved;
}

namespace {

// The bytes a dataset of shape `dims` takes in the file: whole chunks (the last ones along each dimension are
// allocated whole too), each with its 4-byte checksum.
double stored_bytes(const Dims& dims, std::size_t element_bytes) {
  if (dims.empty() || h5::element_count(dims) == 0) return 0;
  const Dims chunk = h5::member_chunk_dims(dims, element_bytes);
  double chunks = 1;
  for (std::size_t k = 0; k < dims.size(); ++k) chunks *= double((dims[k] + chunk[k] - 1) / chunk[k]);
  return chunks * (double(h5::element_count(chunk) * element_bytes) + 4);
}

}  // namespace

void check_part_fits(const Results& h, const std::string& h_saved, const Results& part) {
  const auto fail = [](const std::string& what) { throw IoError("a part differs from the first in its " + what); };
  if (part.kind != h.kind || part.model != h.model || part.config_json != h.config_json ||
      part.run_fingerprint != h.run_fingerprint) {
    fail("run (kind, model, config or fingerprint): parts of two runs cannot share a file");
  }
  if (part.max_beads != h.max_beads) fail("bead padding (max_beads)");
  if (part.time != h.time) fail("save times");
  if (part.param_names != h.param_names) fail("parameter names");
  if (part.fields.size() != h.fields.size()) fail("fields");
  for (std::size_t k = 0; k < h.fields.size(); ++k) {
    if (part.fields[k].name != h.fields[k].name || part.fields[k].row != h.fields[k].row) fail("fields");
  }
  if (part.spectrum.omega != h.spectrum.omega) fail("spectrum frequencies");
  if (part.members > 0 && !h_saved.empty() && saved_arrays(part) != h_saved) {
    fail("saved arrays (a series, a final state or a per-member flag one has and the other lacks)");
  }
}

/// The state of a ResultsWriter: the temporary file, its per-member datasets and how many members are written.
struct ResultsWriter::Impl {
  /// One per-member dataset of the file being written: [M][row...], filled part by part from the part's array.
  struct MemberArray {
    std::string path;
    Dims row;
    hid_t mem_type;
    std::function<std::pair<const void*, std::size_t>(const Results&)> values;  ///< the part's data and count
    Handle dataset;
    double bytes = 0;  ///< what its data will take in the file
    std::size_t element_bytes = 0;
    std::uint32_t crc = 0;  ///< h5::kDataChecksum of the rows written so far: parts arrive in member order
  };

  Impl(const std::string& path, const Results& first, std::int64_t members);
  ~Impl();
  template <class T, class Get>
  void add_array(hid_t loc, const std::string& path, Dims row, Get get, const Results& first);
  void add_field(const std::string& path, const Dims& row, std::size_t k, bool series, const Results& r);
  void create(const Results& first);
  void write(const Results& part);
  void commit();

  std::string path_, tmp_;
  std::string saved_;  ///< which arrays the first part saved (saved_arrays): every part must save the same
  std::int64_t members_ = 0, written_ = 0;
  bool committed_ = false;
  Results header_;
  Handle file_;
  std::vector<MemberArray> arrays_;
};

namespace {

template <class T>
std::pair<const void*, std::size_t> view(const std::vector<T>& v) {
  return {v.data(), v.size()};
}

}  // namespace

template <class T, class Get>
void ResultsWriter::Impl::add_array(hid_t loc, const std::string& path, Dims row, Get get, const Results& first) {
  if (get(first).empty()) return;  // not saved
  Dims dims = {static_cast<hsize_t>(members_)};
  dims.insert(dims.end(), row.begin(), row.end());
  MemberArray a;
  a.path = path;
  a.row = std::move(row);
  a.mem_type = h5::TypeOf<T>::mem();
  a.values = [get](const Results& part) { return view(get(part)); };
  a.dataset = h5::create_dataset(loc, path, dims, h5::TypeOf<T>::file(), sizeof(T));
  a.bytes = stored_bytes(dims, sizeof(T));
  a.element_bytes = sizeof(T);
  arrays_.push_back(std::move(a));
}

ResultsWriter::Impl::Impl(const std::string& path, const Results& first, std::int64_t members)
    : path_(path), tmp_(temporary_path_of(path)), members_(members) {
  const auto abandon = [this] {
    const h5::ErrorSilencer silence;
    arrays_.clear();
    file_.reset();
    std::remove(tmp_.c_str());
  };
  layout::writing(path_, [&] {
    layout::validate(first);  // before touching the disk: a bad Results never replaces a good file
    check_directory(path_);
    header_ = first;  // the per-member arrays are not kept: only names, shapes and attributes
    drop_member_data(header_);
    saved_ = first.members > 0 ? saved_arrays(first) : std::string();
    try {
      create(first);
    } catch (...) {
      abandon();
      throw;
    }
  });
  // The datasets exist, their data are not written: a disk too small is said now, in figures, not found half-way.
  try {
    double bytes = 65536;  // the structure: object headers, chunk indexes, attributes
    for (const MemberArray& a : arrays_) bytes += a.bytes;
    check_free_space(path_, bytes, "it");
  } catch (...) {
    abandon();
    throw;
  }
}

void ResultsWriter::Impl::create(const Results& r) {
  const Shape s = layout::shape_of(r);
  file_ = h5::create_file(tmp_);
  const hid_t file = file_.get();
  write_root_attributes(file, r);

  Handle members = h5::create_group(file, layout::kMembers);
  h5::write_string_attribute(members.get(), "varied_keys", layout::names_to_json(r.varied_keys));
  // B is not always visible from the arrays (no positions saved), so it is stored explicitly.
  h5::write_int_attribute(members.get(), "max_beads", r.max_beads);
  add_array<std::int32_t>(
      file, layout::kBeads, {}, [](const Results& p) -> auto& { return p.beads; }, r);
  Handle params = h5::create_group(file, layout::kParams);
  // HDF5 lists links alphabetically; the attribute keeps the model's order.
  h5::write_string_attribute(params.get(), "names", layout::names_to_json(r.param_names));
  for (std::size_t k = 0; k < r.param_names.size(); ++k) {
    add_array<double>(
        params.get(), r.param_names[k], {}, [k](const Results& p) -> auto& { return p.params[k]; }, r);
    arrays_.back().path = std::string(layout::kParams) + "/" + r.param_names[k];
  }
  add_array<std::uint8_t>(
      file, layout::kDiverged, {}, [](const Results& p) -> auto& { return p.diverged; }, r);
  add_array<std::int64_t>(
      file, layout::kStepsTaken, {}, [](const Results& p) -> auto& { return p.steps_taken; }, r);
  add_array<std::uint8_t>(
      file, layout::kStabilityWarning, {}, [](const Results& p) -> auto& { return p.stability_warning; }, r);
  for (const StopFlag& flag : stop_flags) {
    add_array<std::uint8_t>(
        file, flag.dataset, {}, [flags = flag.flags](const Results& p) -> auto& { return p.*flags; }, r);
  }
  add_array<std::int32_t>(
      file, layout::kRods, {}, [](const Results& p) -> auto& { return p.rods; }, r);

  if (!r.time.empty()) h5::write_array(file, layout::kTime, {s.saves}, r.time);
  const auto has = [&r](bool series) {
    return std::any_of(r.fields.begin(), r.fields.end(),
                       [series](const ResultsField& f) { return !(series ? f.series : f.final).empty(); });
  };
  if (has(true)) {
    Handle series = h5::create_group(file, layout::kSeries);
    for (std::size_t k = 0; k < r.fields.size(); ++k) {
      Dims row = {s.saves};
      row.insert(row.end(), r.fields[k].row.begin(), r.fields[k].row.end());
      add_field(layout::series_path(r.fields[k].name), row, k, true, r);
    }
  }
  if (!r.final_time.empty() || has(false)) {
    Handle final_group = h5::create_group(file, layout::kFinal);
    add_array<double>(
        file, layout::kFinalTime, {}, [](const Results& p) -> auto& { return p.final_time; }, r);
    for (std::size_t k = 0; k < r.fields.size(); ++k) {
      add_field(layout::final_path(r.fields[k].name), Dims(r.fields[k].row.begin(), r.fields[k].row.end()), k, false,
                r);
    }
  }
  // The /spectrum group, when a signal or a spectrum was recorded: its attributes say which harmonic and how often.
  if (!r.spectrum.empty()) {
    Handle spectrum = h5::create_group(file, layout::kSpectrum);
    h5::write_int_attribute(spectrum.get(), layout::kSpectrumHarmonic, r.spectrum.harmonic);
    h5::write_double_attribute(spectrum.get(), layout::kSpectrumInterval, r.spectrum.interval);
    add_array<double>(
        file, layout::kSpectrumSignal, {s.samples}, [](const Results& p) -> auto& { return p.spectrum.signal; }, r);
    if (!r.spectrum.omega.empty()) {
      h5::write_array(file, layout::kSpectrumOmega, {s.frequencies}, r.spectrum.omega);
    }
    add_array<double>(
        file, layout::kSpectrumPower, {s.frequencies}, [](const Results& p) -> auto& { return p.spectrum.power; }, r);
  }
  if (r.kind == "steady" || r.kind == "modes") {  // modes: the Newton solve to the equilibrium
    Handle steady = h5::create_group(file, layout::kSteady);
    add_array<std::int32_t>(
        file, layout::kSteadyIterations, {}, [](const Results& p) -> auto& { return p.newton_iterations; }, r);
    add_array<double>(
        file, layout::kSteadyResidual, {}, [](const Results& p) -> auto& { return p.newton_residual; }, r);
    add_array<std::uint8_t>(
        file, layout::kSteadyConverged, {}, [](const Results& p) -> auto& { return p.converged; }, r);
  }
}

void ResultsWriter::Impl::add_field(const std::string& path, const Dims& row, std::size_t k, bool series,
                                    const Results& r) {
  const auto get = [k, series](const Results& p) -> const std::vector<double>& {
    return series ? p.fields[k].series : p.fields[k].final;
  };
  const std::size_t before = arrays_.size();
  add_array<double>(file_.get(), path, row, get, r);
  if (arrays_.size() == before || r.fields[k].components.empty()) return;
  h5::write_string_attribute(arrays_.back().dataset.get(), layout::kComponents,
                             layout::names_to_json(r.fields[k].components));
}

void ResultsWriter::Impl::write(const Results& part) {
  layout::writing(path_, [&] {
    layout::validate(part);
    check_part_fits(header_, saved_, part);
    if (written_ + part.members > members_) {
      throw IoError("the parts hold more than the file's " + std::to_string(members_) + " members");
    }
    std::vector<std::uint32_t> crcs;  // taken on only once every array has its rows: a refusal leaves none moved
    for (MemberArray& a : arrays_) {
      const auto [data, count] = a.values(part);
      Dims start(a.row.size() + 1, 0), size = {static_cast<hsize_t>(part.members)};
      start[0] = static_cast<hsize_t>(written_);
      size.insert(size.end(), a.row.begin(), a.row.end());
      if (count != h5::element_count(size)) {
        throw IoError("a part's " + a.path + " holds " + std::to_string(count) + " values, expected " +
                      std::to_string(h5::element_count(size)));
      }
      h5::write_block_raw(a.dataset.get(), a.path, a.mem_type, start, size, data);
      crcs.push_back(h5::crc32_update(a.crc, data, count * a.element_bytes));  // rows [written_, written_ + members)
    }
    for (std::size_t k = 0; k < arrays_.size(); ++k) arrays_[k].crc = crcs[k];
    written_ += part.members;
  });
}

void ResultsWriter::Impl::commit() {
  layout::writing(path_, [&] {
    if (written_ != members_) {
      throw IoError("only " + std::to_string(written_) + " of " + std::to_string(members_) + " members were written");
    }
    for (MemberArray& a : arrays_) {
      h5::write_data_checksum(a.dataset.get(), a.crc);
      a.dataset.close("cannot write dataset " + a.path);
    }
    arrays_.clear();
    // Closing flushes the last metadata; a failure here (disk full) must not be mistaken for success.
    file_.close("cannot write the file's structure");
    if (std::rename(tmp_.c_str(), path_.c_str()) != 0) {
      throw IoError("cannot move " + tmp_ + " into place: " + std::strerror(errno));
    }
    committed_ = true;
  });
}

ResultsWriter::Impl::~Impl() {
  if (committed_) return;
  // The file is abandoned: closing it may fail again (the disk that was full still is), quietly; the failure is
  // recorded (h5_exit.hpp) and the temporary removed either way.
  const h5::ErrorSilencer silence;
  arrays_.clear();
  file_.reset();
  std::remove(tmp_.c_str());
}

namespace {

// Reads `name` when present (shape checked), else leaves `out` empty: absent means "not saved".
template <class T>
void read_optional(hid_t file, const char* name, const Dims& dims, std::vector<T>& out) {
  if (h5::exists(file, name)) out = h5::read_array<T>(file, name, dims);
}

Results read_file(const std::string& path) {
  Handle file = layout::open_results_file(path);
  layout::FileInfo info = layout::read_file_info(file.get());
  Results r = std::move(info.header);
  const Shape& s = info.shape;

  r.beads = h5::read_array<std::int32_t>(file.get(), layout::kBeads, {s.members});
  for (const std::string& name : r.param_names) {
    r.params.push_back(h5::read_array<double>(file.get(), std::string(layout::kParams) + "/" + name, {s.members}));
  }
  read_optional(file.get(), layout::kDiverged, {s.members}, r.diverged);
  read_optional(file.get(), layout::kStepsTaken, {s.members}, r.steps_taken);
  read_optional(file.get(), layout::kStabilityWarning, {s.members}, r.stability_warning);
  for (const StopFlag& flag : stop_flags) read_optional(file.get(), flag.dataset, {s.members}, r.*flag.flags);
  read_optional(file.get(), layout::kRods, {s.members}, r.rods);

  read_optional(file.get(), layout::kTime, {s.saves}, r.time);
  read_optional(file.get(), layout::kFinalTime, {s.members}, r.final_time);
  for (ResultsField& f : r.fields) {
    Dims series = {s.members, s.saves}, final = {s.members};
    series.insert(series.end(), f.row.begin(), f.row.end());
    final.insert(final.end(), f.row.begin(), f.row.end());
    read_optional(file.get(), layout::series_path(f.name).c_str(), series, f.series);
    read_optional(file.get(), layout::final_path(f.name).c_str(), final, f.final);
  }

  // The spectrum's harmonic and interval came with the header (attributes of /spectrum).
  read_optional(file.get(), layout::kSpectrumSignal, {s.members, s.samples}, r.spectrum.signal);
  read_optional(file.get(), layout::kSpectrumOmega, {s.frequencies}, r.spectrum.omega);
  read_optional(file.get(), layout::kSpectrumPower, {s.members, s.frequencies}, r.spectrum.power);

  read_optional(file.get(), layout::kSteadyIterations, {s.members}, r.newton_iterations);
  read_optional(file.get(), layout::kSteadyResidual, {s.members}, r.newton_residual);
  read_optional(file.get(), layout::kSteadyConverged, {s.members}, r.converged);
  return r;
}

}  // namespace

ResultsWriter::ResultsWriter(const std::string& path, const Results& first, std::int64_t members)
    : impl_(std::make_unique<Impl>(path, first, members)) {}
ResultsWriter::~ResultsWriter() = default;
void ResultsWriter::write(const Results& part) { impl_->write(part); }
void ResultsWriter::commit() { impl_->commit(); }
const Results& ResultsWriter::header() const { return impl_->header_; }

void write_results(const std::string& path, const Results& r) {
  ResultsWriter writer(path, r, r.members);
  writer.write(r);
  writer.commit();
}

void drop_member_data(Results& r) {
  const auto clear = [](auto& v) { std::vector<std::decay_t<decltype(v[0])>>().swap(v); };
  clear(r.beads);
  clear(r.rods);
  for (auto& p : r.params) clear(p);
  for (auto& f : r.fields) {
    clear(f.series);
    clear(f.final);
  }
  clear(r.final_time);
  clear(r.diverged);
  clear(r.steps_taken);
  clear(r.stability_warning);
  for (const StopFlag& flag : stop_flags) clear(r.*flag.flags);
  clear(r.spectrum.signal);
  clear(r.spectrum.power);
  clear(r.newton_iterations);
  clear(r.newton_residual);
  clear(r.converged);
}

Results read_results_header(const std::string& path) {
  return layout::reading(path, [&] {
    Handle file = layout::open_results_file(path);
    layout::FileInfo info = layout::read_file_info(file.get());
    if (info.shape.saves > 0) info.header.time = h5::read_array<double>(file.get(), layout::kTime, {info.shape.saves});
    return std::move(info.header);
  });
}

ResultsOutline read_results_outline(const std::string& path) {
  return layout::reading(path, [&] {
    Handle file = layout::open_results_file(path);
    layout::FileInfo info = layout::read_file_info(file.get());
    ResultsOutline out;
    Results& r = out.results;
    r = std::move(info.header);
    const Shape& s = info.shape;
    r.beads = h5::read_array<std::int32_t>(file.get(), layout::kBeads, {s.members});
    read_optional(file.get(), layout::kRods, {s.members}, r.rods);
    read_optional(file.get(), layout::kTime, {s.saves}, r.time);
    read_optional(file.get(), layout::kFinalTime, {s.members}, r.final_time);
    // The per-member arrays validate() requires, as the file has them.
    for (const std::string& name : r.param_names) {
      r.params.push_back(h5::read_array<double>(file.get(), std::string(layout::kParams) + "/" + name, {s.members}));
    }
    out.series_fields = std::move(info.series_fields);
    out.final_fields = std::move(info.final_fields);
    return out;
  });
}

Results read_results(const std::string& path) {
  return layout::reading(path, [&] { return read_file(path); });
}

namespace {

template <class T>
void append(std::vector<T>& into, const std::vector<T>& part) {
  into.insert(into.end(), part.begin(), part.end());
}

const std::vector<double> nothing;

}  // namespace

void append_results(Results& into, const Results& part) {
  if (into.members == 0) {
    into = part;
    return;
  }
  into.members += part.members;
  append(into.beads, part.beads);
  append(into.rods, part.rods);
  for (std::size_t k = 0; k < into.params.size(); ++k) append(into.params[k], part.params[k]);
  for (ResultsField& f : into.fields) {
    const ResultsField* p = part.field(f.name);
    if (p == nullptr) throw IoError("a batch of the run has no field " + f.name);
    append(f.series, p->series);
    append(f.final, p->final);
  }
  append(into.final_time, part.final_time);
  append(into.diverged, part.diverged);
  append(into.steps_taken, part.steps_taken);
  append(into.stability_warning, part.stability_warning);
  for (const StopFlag& flag : stop_flags) append(into.*flag.flags, part.*flag.flags);
  append(into.spectrum.signal, part.spectrum.signal);  // same samples and frequencies in every batch
  append(into.spectrum.power, part.spectrum.power);
  append(into.newton_iterations, part.newton_iterations);
  append(into.newton_residual, part.newton_residual);
  append(into.converged, part.converged);
}

const std::vector<double>& Results::series(const std::string& name) const {
  const ResultsField* f = field(name);
  return f ? f->series : nothing;
}
const std::vector<double>& Results::final(const std::string& name) const {
  const ResultsField* f = field(name);
  return f ? f->final : nothing;
}
std::vector<double>& Results::series(const std::string& name) {
  ResultsField* f = field(name);
  if (f == nullptr) throw std::logic_error("results have no field " + name);
  return f->series;
}
std::vector<double>& Results::final(const std::string& name) {
  ResultsField* f = field(name);
  if (f == nullptr) throw std::logic_error("results have no field " + name);
  return f->final;
}
const std::vector<std::string>& Results::energy_names() const {
  static const std::vector<std::string> none;
  const ResultsField* f = field("energy");
  return f ? f->components : none;
}

}  // namespace rodswarm
