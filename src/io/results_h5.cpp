/// @file results_h5.cpp
/// write_results and read_results: a Results to and from one HDF5 file (layout: README.md, "Results").
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <filesystem>
#include <system_error>

#include "io/h5_data.hpp"
#include "io/h5_handles.hpp"
#include "io/results.hpp"
#include "io/results_layout.hpp"

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
}

void write_members(hid_t file, const Results& r, const Shape& s) {
  Handle members = h5::create_group(file, layout::kMembers);
  h5::write_string_attribute(members.get(), "varied_keys", layout::names_to_json(r.varied_keys));
  // B is not always visible from the arrays (no positions saved), so it is stored explicitly.
  h5::write_int_attribute(members.get(), "max_beads", r.max_beads);
  h5::write_array(file, layout::kBeads, {s.members}, r.beads);

  Handle params = h5::create_group(file, layout::kParams);
  // HDF5 lists links alphabetically; the attribute keeps the model's order.
  h5::write_string_attribute(params.get(), "names", layout::names_to_json(r.param_names));
  for (std::size_t k = 0; k < r.param_names.size(); ++k) {
    h5::write_array(params.get(), r.param_names[k], {s.members}, r.params[k]);
  }

  if (!r.diverged.empty()) h5::write_array(file, layout::kDiverged, {s.members}, r.diverged);
  if (!r.steps_taken.empty()) h5::write_array(file, layout::kStepsTaken, {s.members}, r.steps_taken);
  if (!r.stability_warning.empty()) {
    h5::write_array(file, layout::kStabilityWarning, {s.members}, r.stability_warning);
  }
  if (!r.singular.empty()) h5::write_array(file, layout::kSingular, {s.members}, r.singular);
  if (!r.rods.empty()) h5::write_array(file, layout::kRods, {s.members}, r.rods);
}

// One field's dataset at `path`, [lead..., row...], with its components attribute when it has one.
void write_field(hid_t file, const std::string& path, Dims dims, const std::vector<double>& data,
                 const ResultsField& f) {
  for (auto d : f.row) dims.push_back(d);
  h5::write_array(file, path, dims, data);
  if (f.components.empty()) return;
  Handle dataset = h5::open_dataset(file, path);
  h5::write_string_attribute(dataset.get(), layout::kComponents, layout::names_to_json(f.components));
}

void write_series(hid_t file, const Results& r, const Shape& s) {
  if (!r.time.empty()) h5::write_array(file, layout::kTime, {s.saves}, r.time, h5::Storage::contiguous);
  if (std::none_of(r.fields.begin(), r.fields.end(), [](const ResultsField& f) { return !f.series.empty(); })) return;
  Handle series = h5::create_group(file, layout::kSeries);
  for (const ResultsField& f : r.fields) {
    if (!f.series.empty()) write_field(file, layout::series_path(f.name), {s.members, s.saves}, f.series, f);
  }
}

void write_final(hid_t file, const Results& r, const Shape& s) {
  if (r.final_time.empty() &&
      std::none_of(r.fields.begin(), r.fields.end(), [](const ResultsField& f) { return !f.final.empty(); })) {
    return;
  }
  Handle final_group = h5::create_group(file, layout::kFinal);
  if (!r.final_time.empty()) h5::write_array(file, layout::kFinalTime, {s.members}, r.final_time);
  for (const ResultsField& f : r.fields) {
    if (!f.final.empty()) write_field(file, layout::final_path(f.name), {s.members}, f.final, f);
  }
}

// The /spectrum group, when a signal or a spectrum was recorded: its attributes say which harmonic and how often.
void write_spectrum(hid_t file, const Results& r, const Shape& s) {
  if (r.spectrum.empty()) return;
  Handle spectrum = h5::create_group(file, layout::kSpectrum);
  h5::write_int_attribute(spectrum.get(), layout::kSpectrumHarmonic, r.spectrum.harmonic);
  h5::write_double_attribute(spectrum.get(), layout::kSpectrumInterval, r.spectrum.interval);
  if (!r.spectrum.signal.empty()) {
    h5::write_array(file, layout::kSpectrumSignal, {s.members, s.samples}, r.spectrum.signal);
  }
  if (!r.spectrum.omega.empty()) {
    h5::write_array(file, layout::kSpectrumOmega, {s.frequencies}, r.spectrum.omega, h5::Storage::contiguous);
  }
  if (!r.spectrum.power.empty()) {
    h5::write_array(file, layout::kSpectrumPower, {s.members, s.frequencies}, r.spectrum.power);
  }
}

void write_steady(hid_t file, const Results& r, const Shape& s) {
  Handle steady = h5::create_group(file, layout::kSteady);
  if (!r.newton_iterations.empty()) h5::write_array(file, layout::kSteadyIterations, {s.members}, r.newton_iterations);
  if (!r.newton_residual.empty()) h5::write_array(file, layout::kSteadyResidual, {s.members}, r.newton_residual);
  if (!r.converged.empty()) h5::write_array(file, layout::kSteadyConverged, {s.members}, r.converged);
}

// Writes the whole file at `file_path`; every handle is closed when this returns or throws.
void write_file(const std::string& file_path, const Results& r) {
  const Shape s = layout::shape_of(r);
  Handle file = h5::create_file(file_path);
  write_root_attributes(file.get(), r);
  write_members(file.get(), r, s);
  write_series(file.get(), r, s);
  write_final(file.get(), r, s);
  write_spectrum(file.get(), r, s);
  if (r.kind == "steady") write_steady(file.get(), r, s);
  // Closing flushes the last metadata; a failure here (disk full) must not be mistaken for success.
  file.close("cannot finish writing");
}

std::string temporary_path(const std::string& path) {
  return path + ".tmp." + std::to_string(static_cast<long long>(::getpid()));
}

void check_directory(const std::string& path) {
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) throw IoError("directory " + dir.string() + " does not exist");
}

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
  read_optional(file.get(), layout::kSingular, {s.members}, r.singular);
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

void write_results(const std::string& path, const Results& r) {
  layout::with_path(path, [&] {
    layout::validate(r);  // before touching the disk: a bad Results never replaces a good file
    check_directory(path);
    // Same directory as the target, so the rename below is atomic (one file system).
    const std::string tmp = temporary_path(path);
    try {
      write_file(tmp, r);
    } catch (...) {
      std::remove(tmp.c_str());
      throw;
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
      const std::string reason = std::strerror(errno);
      std::remove(tmp.c_str());
      throw IoError("cannot move " + tmp + " into place: " + reason);
    }
  });
}

Results read_results(const std::string& path) {
  return layout::with_path(path, [&] { return read_file(path); });
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
  append(into.singular, part.singular);
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
