/// @file results_layout.cpp
/// Validation of a Results against its declared sizes, and the descriptive part of a results file.
#include "io/results_layout.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <system_error>

namespace rodswarm::layout {

namespace {

// Each array is either absent (empty: not saved) or holds exactly `expected` values.
template <class T>
void check_size(const std::vector<T>& data, const char* field, hsize_t expected, const std::string& formula) {
  if (data.empty() || data.size() == expected) return;
  throw IoError("field " + std::string(field) + " has " + std::to_string(data.size()) + " values, expected " +
                std::to_string(expected) + " (" + formula + "), or none when not saved");
}

template <class T>
void check_required(const std::vector<T>& data, const char* field, hsize_t expected, const std::string& formula) {
  if (data.size() == expected) return;
  throw IoError("field " + std::string(field) + " has " + std::to_string(data.size()) + " values, expected " +
                std::to_string(expected) + " (" + formula + ")");
}

// Names become HDF5 link names (params) or JSON keys (energy components): non-empty, unique, no '/'.
void check_names(const std::vector<std::string>& names, const char* field) {
  std::set<std::string> seen;
  for (const std::string& name : names) {
    if (name.empty() || name == "." || name.find('/') != std::string::npos) {
      throw IoError("field " + std::string(field) + " holds the name \"" + name +
                    "\", which cannot be stored (empty, \".\" or containing '/')");
    }
    if (!seen.insert(name).second) {
      throw IoError("field " + std::string(field) + " holds the name \"" + name + "\" twice");
    }
  }
}

hsize_t dim(const h5::Dims& dims, std::size_t k) { return k < dims.size() ? dims[k] : 0; }

/// The models' fields in the order summaries list them (the order they were added to rodswarm); fields not
/// listed here follow in alphabetical order.
const std::vector<std::string> known_field_order = {"positions", "velocities", "energy",  "momentum",
                                                    "gauss",     "directors",  "contact", "lyapunov"};

/// The field names of /series and /final (without /final/time), each once, in summary order.
std::vector<std::string> ordered_fields(const std::vector<std::string>& series, const std::vector<std::string>& final) {
  std::set<std::string> all(series.begin(), series.end());
  for (const auto& name : final)
    if (name != "time") all.insert(name);
  std::vector<std::string> out;
  for (const auto& name : known_field_order) {
    if (all.erase(name)) out.push_back(name);
  }
  out.insert(out.end(), all.begin(), all.end());
  return out;
}

/// Components of the fields that files written before their datasets carried the `components` attribute have
/// (only the energy datasets carried it then).
std::vector<std::string> legacy_components(const std::string& name) {
  if (name == "momentum") return {"linear", "linear", "linear", "angular", "angular", "angular"};
  if (name == "gauss") return {"zt", "zs", "violation"};
  if (name == "contact") return {"s1", "s2", "lambda"};
  return {};
}

// The spectrum: a signal of N_s samples a member (N_s taken from its size), F frequencies (from omega) and a
// power row of F values a member; omega and power come together; a sampling interval when anything is there.
void check_spectrum(const Results& r, const Shape& s) {
  const std::string m = "members " + std::to_string(s.members);
  if (!r.spectrum.signal.empty() && (s.members == 0 || r.spectrum.signal.size() % s.members != 0)) {
    throw IoError("field spectrum_signal has " + std::to_string(r.spectrum.signal.size()) +
                  " values, not a multiple of " + m + " (" + m + " x samples), or none when not saved");
  }
  if (r.spectrum.omega.empty() != r.spectrum.power.empty()) {
    throw IoError(std::string("field ") + (r.spectrum.omega.empty() ? "spectrum_omega" : "spectrum_power") +
                  " is empty but field " + (r.spectrum.omega.empty() ? "spectrum_power" : "spectrum_omega") +
                  " is not: the spectrum needs both");
  }
  check_size(r.spectrum.power, "spectrum_power", s.members * s.frequencies,
             m + " x spectrum_omega " + std::to_string(s.frequencies));
  const bool any = !r.spectrum.signal.empty() || !r.spectrum.omega.empty();
  if (any && !(std::isfinite(r.spectrum.interval) && r.spectrum.interval > 0)) {
    throw IoError("field spectrum_interval is " + std::to_string(r.spectrum.interval) +
                  ", expected a positive sampling interval when a spectrum is saved");
  }
}

}  // namespace

Shape shape_of(const Results& r) {
  Shape s;
  s.members = static_cast<hsize_t>(std::max<std::int64_t>(r.members, 0));
  s.saves = r.time.size();
  s.beads = static_cast<hsize_t>(std::max<std::int32_t>(r.max_beads, 0));
  s.samples = s.members > 0 ? r.spectrum.signal.size() / s.members : 0;
  s.frequencies = r.spectrum.omega.size();
  return s;
}

void validate(const Results& r) {
  if (r.members < 0) throw IoError("field members is negative (" + std::to_string(r.members) + ")");
  if (r.max_beads < 0) throw IoError("field max_beads is negative (" + std::to_string(r.max_beads) + ")");
  const Shape s = shape_of(r);
  const std::string m = "members " + std::to_string(s.members);
  const std::string sb = " x saves " + std::to_string(s.saves);

  check_required(r.beads, "beads", s.members, m);
  for (std::size_t i = 0; i < r.beads.size(); ++i) {
    if (r.beads[i] < 0 || r.beads[i] > r.max_beads) {
      throw IoError("field beads: member " + std::to_string(i) + " has " + std::to_string(r.beads[i]) +
                    " beads, outside [0, max_beads " + std::to_string(r.max_beads) + "]");
    }
  }
  if (r.params.size() != r.param_names.size()) {
    throw IoError("field params has " + std::to_string(r.params.size()) + " entries but param_names has " +
                  std::to_string(r.param_names.size()));
  }
  check_names(r.param_names, "param_names");
  for (std::size_t k = 0; k < r.params.size(); ++k) {
    const std::string field = "params[" + std::to_string(k) + "] (" + r.param_names[k] + ")";
    check_required(r.params[k], field.c_str(), s.members, m);
  }
  std::vector<std::string> names;
  for (const ResultsField& f : r.fields) names.push_back(f.name);
  check_names(names, "fields");
  for (const ResultsField& f : r.fields) {
    if (f.name == "time") throw IoError("field \"time\" is reserved (/final/time)");
    std::string row;
    for (auto d : f.row) row += " x " + std::to_string(d);
    if (f.per_bead() && f.row[0] != s.beads) {
      throw IoError("field " + f.name + " has rows of " + std::to_string(f.row[0]) + " beads, expected max_beads " +
                    std::to_string(s.beads));
    }
    check_size(f.series, ("series_" + f.name).c_str(), s.members * s.saves * f.row_size(), m + sb + row);
    check_size(f.final, ("final_" + f.name).c_str(), s.members * f.row_size(), m + row);
    if (!f.components.empty() && (f.row.empty() || f.components.size() != f.row.back())) {
      throw IoError("field " + f.name + " names " + std::to_string(f.components.size()) +
                    " components for rows of shape [" + row + " ]");
    }
  }
  check_size(r.final_time, "final_time", s.members, m);
  check_size(r.rods, "rods", s.members, m);
  check_size(r.diverged, "diverged", s.members, m);
  check_size(r.steps_taken, "steps_taken", s.members, m);
  check_size(r.stability_warning, "stability_warning", s.members, m);
  for (const StopFlag& flag : stop_flags) check_size(r.*flag.flags, flag.name, s.members, m);
  check_spectrum(r, s);
  check_size(r.newton_iterations, "newton_iterations", s.members, m);
  check_size(r.newton_residual, "newton_residual", s.members, m);
  check_size(r.converged, "converged", s.members, m);
}

h5::Handle open_results_file(const std::string& path, std::int64_t* version_out) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) throw IoError("no such file");
  if (std::filesystem::is_directory(status)) throw IoError("is a directory, not a results file");
  h5::Handle file = h5::open_file(path);
  if (!h5::has_attribute(file.get(), "format") || h5::read_string_attribute(file.get(), "format") != kFormat) {
    throw IoError("not a rodswarm results file");
  }
  if (!h5::has_attribute(file.get(), "format_version")) throw IoError("results file without format_version");
  const std::int64_t version = h5::read_int_attribute(file.get(), "format_version");
  if (version < 1 || version > kFormatVersion) {
    throw IoError("results format version " + std::to_string(version) + " is not supported (this rodswarm reads " +
                  "versions 1 to " + std::to_string(kFormatVersion) + ")");
  }
  if (version_out != nullptr) *version_out = version;
  return file;
}

FileInfo read_file_info(hid_t file) {
  FileInfo info;
  Results& h = info.header;
  const auto text = [file](const char* name) {
    return h5::has_attribute(file, name) ? h5::read_string_attribute(file, name) : std::string();
  };
  h.kind = text("kind");
  h.model = text("model");
  h.scheme = text("scheme");
  h.backend = text("backend");
  h.precision = text("precision");
  h.rodswarm_version = text("rodswarm_version");
  h.created = text("created");
  h.config_json = text("config");
  h.run_fingerprint = text("run_fingerprint");
  if (h5::has_attribute(file, kPart)) h.part = part_from_json(text(kPart));

  const h5::Dims beads_dims = h5::dataset_dims(file, kBeads);
  if (beads_dims.size() != 1) throw IoError(std::string("dataset ") + kBeads + " is not one-dimensional");
  info.shape.members = beads_dims[0];
  h.members = static_cast<std::int64_t>(info.shape.members);

  h5::Handle members = h5::open_group(file, kMembers);
  if (h5::has_attribute(members.get(), "max_beads")) {
    h.max_beads = static_cast<std::int32_t>(h5::read_int_attribute(members.get(), "max_beads"));
  } else if (h5::exists(file, final_path("positions"))) {  // files from other writers: B from the arrays
    h.max_beads = static_cast<std::int32_t>(dim(h5::dataset_dims(file, final_path("positions")), 1));
  } else if (h5::exists(file, series_path("positions"))) {
    h.max_beads = static_cast<std::int32_t>(dim(h5::dataset_dims(file, series_path("positions")), 2));
  } else {
    const auto beads = h5::read_array<std::int32_t>(file, kBeads, beads_dims);
    h.max_beads = beads.empty() ? 0 : *std::max_element(beads.begin(), beads.end());
  }
  info.shape.beads = static_cast<hsize_t>(std::max<std::int32_t>(h.max_beads, 0));
  if (h5::has_attribute(members.get(), "varied_keys")) {
    h.varied_keys =
        names_from_json(h5::read_string_attribute(members.get(), "varied_keys"), "attribute varied_keys of /members");
  }

  if (h5::exists(file, kParams)) {
    h5::Handle params = h5::open_group(file, kParams);
    if (h5::has_attribute(params.get(), "names")) {
      h.param_names =
          names_from_json(h5::read_string_attribute(params.get(), "names"), "attribute names of /members/params");
    } else {
      H5G_info_t group_info{};
      h5::check(H5Gget_info(params.get(), &group_info), "cannot list /members/params");
      for (hsize_t k = 0; k < group_info.nlinks; ++k) {  // no recorded order: alphabetical
        const ssize_t length =
            H5Lget_name_by_idx(params.get(), ".", H5_INDEX_NAME, H5_ITER_INC, k, nullptr, 0, H5P_DEFAULT);
        if (length < 0) h5::check(-1, "cannot list /members/params");
        std::string name(static_cast<std::size_t>(length) + 1, '\0');
        H5Lget_name_by_idx(params.get(), ".", H5_INDEX_NAME, H5_ITER_INC, k, name.data(), name.size(), H5P_DEFAULT);
        name.resize(static_cast<std::size_t>(length));
        h.param_names.push_back(name);
      }
    }
  }

  if (h5::exists(file, kTime)) {
    const h5::Dims time_dims = h5::dataset_dims(file, kTime);
    if (time_dims.size() != 1) throw IoError(std::string("dataset ") + kTime + " is not one-dimensional");
    info.shape.saves = time_dims[0];
  }

  // The fields, from their datasets: the row shape after the leading [M] (final) or [M][S] (series).
  for (const std::string& name : ordered_fields(h5::list_group(file, kSeries), h5::list_group(file, kFinal))) {
    ResultsField field;
    field.name = name;
    const bool in_series = h5::exists(file, series_path(name));
    const std::string path = in_series ? series_path(name) : final_path(name);
    const h5::Dims dims = h5::dataset_dims(file, path);
    const std::size_t lead = in_series ? 2 : 1;
    if (dims.size() < lead)
      throw IoError("dataset " + path + " has fewer dimensions than [members" +
                    std::string(in_series ? ", saves" : "") + "]");
    field.row.assign(dims.begin() + static_cast<std::ptrdiff_t>(lead), dims.end());
    h5::Handle dataset = h5::open_dataset(file, path);
    if (h5::has_attribute(dataset.get(), kComponents)) {
      field.components =
          names_from_json(h5::read_string_attribute(dataset.get(), kComponents), "attribute components of " + path);
    } else {
      field.components = legacy_components(name);
    }
    if (!field.components.empty() && (field.row.empty() || field.row.back() != field.components.size())) {
      throw IoError("dataset " + path + " has rows of " + std::to_string(field.row.empty() ? 1 : field.row.back()) +
                    " values, but its components name " + std::to_string(field.components.size()));
    }
    if (in_series && h5::exists(file, final_path(name))) {
      const h5::Dims final_dims = h5::dataset_dims(file, final_path(name));
      if (final_dims.size() < 1 ||
          !std::equal(final_dims.begin() + 1, final_dims.end(), field.row.begin(), field.row.end())) {
        throw IoError("dataset " + final_path(name) + " has rows of another shape than " + series_path(name));
      }
    }
    if (in_series) info.series_fields.push_back(name);
    if (h5::exists(file, final_path(name))) info.final_fields.push_back(name);
    h.fields.push_back(std::move(field));
  }

  if (h5::exists(file, kSpectrum)) {
    h5::Handle spectrum = h5::open_group(file, kSpectrum);
    if (h5::has_attribute(spectrum.get(), kSpectrumHarmonic)) {
      h.spectrum.harmonic = static_cast<std::int32_t>(h5::read_int_attribute(spectrum.get(), kSpectrumHarmonic));
    }
    if (h5::has_attribute(spectrum.get(), kSpectrumInterval)) {
      h.spectrum.interval = h5::read_double_attribute(spectrum.get(), kSpectrumInterval);
    }
    if (h5::exists(file, kSpectrumSignal)) {
      const h5::Dims dims = h5::dataset_dims(file, kSpectrumSignal);
      if (dims.size() != 2) throw IoError(std::string("dataset ") + kSpectrumSignal + " is not two-dimensional");
      info.shape.samples = dims[1];
    }
    if (h5::exists(file, kSpectrumOmega)) {
      const h5::Dims dims = h5::dataset_dims(file, kSpectrumOmega);
      if (dims.size() != 1) throw IoError(std::string("dataset ") + kSpectrumOmega + " is not one-dimensional");
      info.shape.frequencies = dims[0];
    }
  }
  return info;
}

std::string names_to_json(const std::vector<std::string>& names) { return nlohmann::json(names).dump(); }

std::vector<std::string> names_from_json(const std::string& text, const std::string& where) {
  const nlohmann::json parsed = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!parsed.is_array() || !std::all_of(parsed.begin(), parsed.end(), [](const auto& v) { return v.is_string(); })) {
    throw IoError(where + " is not a JSON array of strings");
  }
  return parsed.get<std::vector<std::string>>();
}

std::string part_to_json(const PartOf& part) {
  return nlohmann::json{{"first_member", part.first}, {"ensemble_members", part.ensemble}, {"shard", part.shard}}
      .dump();
}

PartOf part_from_json(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  const auto integer = [&j](const char* key) { return j.is_object() && j.contains(key) && j[key].is_number_integer(); };
  if (!integer("first_member") || !integer("ensemble_members") || !j.contains("shard") || !j["shard"].is_string() ||
      j["first_member"].get<std::int64_t>() < 0 || j["ensemble_members"].get<std::int64_t>() <= 0) {
    throw IoError(std::string("root attribute ") + kPart +
                  " is not {\"first_member\", \"ensemble_members\", \"shard\"} of a shard's file");
  }
  return PartOf{j["first_member"].get<std::int64_t>(), j["ensemble_members"].get<std::int64_t>(),
                j["shard"].get<std::string>()};
}

}  // namespace rodswarm::layout
