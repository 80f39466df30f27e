/// @file results_h5.cpp
/// write_results and read_results: a Results to and from one HDF5 file (layout: docs/results_layout.md).
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
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

void write_energy(hid_t file, const char* name, const Dims& dims, const std::vector<double>& data, const Results& r) {
  h5::write_array(file, name, dims, data);
  Handle dataset = h5::open_dataset(file, name);
  h5::write_string_attribute(dataset.get(), "components", layout::names_to_json(r.energy_names));
}

void write_series(hid_t file, const Results& r, const Shape& s) {
  if (!r.time.empty()) h5::write_array(file, layout::kTime, {s.saves}, r.time, h5::Storage::contiguous);
  if (r.series_positions.empty() && r.series_velocities.empty() && r.series_energy.empty() &&
      r.series_momentum.empty() && r.series_gauss.empty() && r.series_directors.empty() && r.series_contact.empty() &&
      r.series_lyapunov.empty()) {
    return;
  }
  Handle series = h5::create_group(file, layout::kSeries);
  const Dims vectors = {s.members, s.saves, s.beads, 3};
  if (!r.series_positions.empty()) h5::write_array(file, layout::kSeriesPositions, vectors, r.series_positions);
  if (!r.series_velocities.empty()) h5::write_array(file, layout::kSeriesVelocities, vectors, r.series_velocities);
  if (!r.series_energy.empty()) {
    write_energy(file, layout::kSeriesEnergy, {s.members, s.saves, s.energies}, r.series_energy, r);
  }
  if (!r.series_momentum.empty()) {
    h5::write_array(file, layout::kSeriesMomentum, {s.members, s.saves, layout::kMomentumComponents},
                    r.series_momentum);
  }
  if (!r.series_gauss.empty()) {
    h5::write_array(file, layout::kSeriesGauss, {s.members, s.saves, layout::kGaussComponents}, r.series_gauss);
  }
  if (!r.series_directors.empty()) {
    h5::write_array(file, layout::kSeriesDirectors, {s.members, s.saves, s.beads, 9}, r.series_directors);
  }
  if (!r.series_contact.empty()) {
    h5::write_array(file, layout::kSeriesContact, {s.members, s.saves, layout::kContactComponents}, r.series_contact);
  }
  if (!r.series_lyapunov.empty())
    h5::write_array(file, layout::kSeriesLyapunov, {s.members, s.saves}, r.series_lyapunov);
}

void write_final(hid_t file, const Results& r, const Shape& s) {
  if (r.final_time.empty() && r.final_positions.empty() && r.final_velocities.empty() && r.final_energy.empty() &&
      r.final_momentum.empty() && r.final_gauss.empty() && r.final_directors.empty() && r.final_contact.empty() &&
      r.final_lyapunov.empty()) {
    return;
  }
  Handle final_group = h5::create_group(file, layout::kFinal);
  const Dims vectors = {s.members, s.beads, 3};
  if (!r.final_time.empty()) h5::write_array(file, layout::kFinalTime, {s.members}, r.final_time);
  if (!r.final_positions.empty()) h5::write_array(file, layout::kFinalPositions, vectors, r.final_positions);
  if (!r.final_velocities.empty()) h5::write_array(file, layout::kFinalVelocities, vectors, r.final_velocities);
  if (!r.final_energy.empty()) write_energy(file, layout::kFinalEnergy, {s.members, s.energies}, r.final_energy, r);
  if (!r.final_momentum.empty()) {
    h5::write_array(file, layout::kFinalMomentum, {s.members, layout::kMomentumComponents}, r.final_momentum);
  }
  if (!r.final_gauss.empty()) {
    h5::write_array(file, layout::kFinalGauss, {s.members, layout::kGaussComponents}, r.final_gauss);
  }
  if (!r.final_directors.empty()) {
    h5::write_array(file, layout::kFinalDirectors, {s.members, s.beads, 9}, r.final_directors);
  }
  if (!r.final_contact.empty()) {
    h5::write_array(file, layout::kFinalContact, {s.members, layout::kContactComponents}, r.final_contact);
  }
  if (!r.final_lyapunov.empty()) h5::write_array(file, layout::kFinalLyapunov, {s.members}, r.final_lyapunov);
}

// The /spectrum group, when a signal or a spectrum was recorded: its attributes say which harmonic and how often.
void write_spectrum(hid_t file, const Results& r, const Shape& s) {
  if (r.spectrum_signal.empty() && r.spectrum_omega.empty() && r.spectrum_power.empty()) return;
  Handle spectrum = h5::create_group(file, layout::kSpectrum);
  h5::write_int_attribute(spectrum.get(), layout::kSpectrumHarmonic, r.spectrum_harmonic);
  h5::write_double_attribute(spectrum.get(), layout::kSpectrumInterval, r.spectrum_interval);
  if (!r.spectrum_signal.empty()) {
    h5::write_array(file, layout::kSpectrumSignal, {s.members, s.samples}, r.spectrum_signal);
  }
  if (!r.spectrum_omega.empty()) {
    h5::write_array(file, layout::kSpectrumOmega, {s.frequencies}, r.spectrum_omega, h5::Storage::contiguous);
  }
  if (!r.spectrum_power.empty()) {
    h5::write_array(file, layout::kSpectrumPower, {s.members, s.frequencies}, r.spectrum_power);
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
  read_optional(file.get(), layout::kSeriesPositions, {s.members, s.saves, s.beads, 3}, r.series_positions);
  read_optional(file.get(), layout::kSeriesVelocities, {s.members, s.saves, s.beads, 3}, r.series_velocities);
  read_optional(file.get(), layout::kSeriesEnergy, {s.members, s.saves, s.energies}, r.series_energy);
  read_optional(file.get(), layout::kSeriesMomentum, {s.members, s.saves, layout::kMomentumComponents},
                r.series_momentum);
  read_optional(file.get(), layout::kSeriesGauss, {s.members, s.saves, layout::kGaussComponents}, r.series_gauss);
  read_optional(file.get(), layout::kSeriesDirectors, {s.members, s.saves, s.beads, 9}, r.series_directors);
  read_optional(file.get(), layout::kSeriesContact, {s.members, s.saves, layout::kContactComponents}, r.series_contact);
  read_optional(file.get(), layout::kSeriesLyapunov, {s.members, s.saves}, r.series_lyapunov);

  read_optional(file.get(), layout::kFinalTime, {s.members}, r.final_time);
  read_optional(file.get(), layout::kFinalPositions, {s.members, s.beads, 3}, r.final_positions);
  read_optional(file.get(), layout::kFinalVelocities, {s.members, s.beads, 3}, r.final_velocities);
  read_optional(file.get(), layout::kFinalEnergy, {s.members, s.energies}, r.final_energy);
  read_optional(file.get(), layout::kFinalMomentum, {s.members, layout::kMomentumComponents}, r.final_momentum);
  read_optional(file.get(), layout::kFinalGauss, {s.members, layout::kGaussComponents}, r.final_gauss);
  read_optional(file.get(), layout::kFinalDirectors, {s.members, s.beads, 9}, r.final_directors);
  read_optional(file.get(), layout::kFinalContact, {s.members, layout::kContactComponents}, r.final_contact);
  read_optional(file.get(), layout::kFinalLyapunov, {s.members}, r.final_lyapunov);

  // spectrum_harmonic and spectrum_interval came with the header (attributes of /spectrum).
  read_optional(file.get(), layout::kSpectrumSignal, {s.members, s.samples}, r.spectrum_signal);
  read_optional(file.get(), layout::kSpectrumOmega, {s.frequencies}, r.spectrum_omega);
  read_optional(file.get(), layout::kSpectrumPower, {s.members, s.frequencies}, r.spectrum_power);

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

}  // namespace rodswarm
