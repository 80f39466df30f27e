/// @file results_inspect.cpp
/// member_json and summary_json for `rodswarm inspect --json`: they read the descriptive part of the file
/// and, for a member, only that member's rows (hyperslabs), so inspecting a huge ensemble stays cheap.
#include <algorithm>
#include <utility>

#include "io/h5_data.hpp"
#include "io/h5_handles.hpp"
#include "io/results.hpp"
#include "io/isolated_read.hpp"
#include "io/results_layout.hpp"

namespace rodswarm {

namespace {

using h5::Dims;
using h5::Handle;
using nlohmann::json;

// `rows` consecutive vectors of `width` values starting at data[offset], as [[x, y, z], ...].
json vectors_json(const std::vector<double>& data, std::size_t offset, std::size_t rows, std::size_t width) {
  json out = json::array();
  for (std::size_t b = 0; b < rows; ++b) {
    const double* v = data.data() + offset + width * b;
    out.push_back(json(std::vector<double>(v, v + width)));
  }
  return out;
}

// The runs of equal adjacent names of `components`: {name, first entry, count}.
struct ComponentGroup {
  std::string name;
  std::size_t first, count;
};
std::vector<ComponentGroup> groups_of(const std::vector<std::string>& components) {
  std::vector<ComponentGroup> groups;
  for (std::size_t c = 0; c < components.size(); ++c) {
    if (!groups.empty() && groups.back().name == components[c]) {
      ++groups.back().count;
    } else {
      groups.push_back({components[c], c, 1});
    }
  }
  return groups;
}

// One row of a field with named components as {name: value} (a group of one) or {name: [values]}.
json components_json(const double* row, const std::vector<ComponentGroup>& groups) {
  json out = json::object();
  for (const auto& g : groups) {
    out[g.name] = g.count == 1 ? json(row[g.first]) : json(std::vector<double>(row + g.first, row + g.first + g.count));
  }
  return out;
}

// How a row of `f` reads as JSON: per-bead rows as vectors over the member's own `beads` (NaN padding past
// them left out), named components as an object, one value as a number, anything else as a flat array.
json row_json(const ResultsField& f, const double* row, std::size_t beads) {
  if (f.per_bead()) {
    const auto width = static_cast<std::size_t>(f.row[1]);
    return vectors_json(std::vector<double>(row, row + beads * width), 0, beads, width);
  }
  if (f.row.size() == 3) {  // a list of per-bead rows (modes: [mode][bead][6]), each cut to the member's beads
    json out = json::array();
    const auto B = static_cast<std::size_t>(f.row[1]), width = static_cast<std::size_t>(f.row[2]);
    for (std::size_t k = 0; k < static_cast<std::size_t>(f.row[0]); ++k) {
      const double* first = row + k * B * width;
      out.push_back(vectors_json(std::vector<double>(first, first + beads * width), 0, beads, width));
    }
    return out;
  }
  if (!f.components.empty()) return components_json(row, groups_of(f.components));
  if (f.row.empty()) return json(row[0]);
  return json(std::vector<double>(row, row + f.row_size()));
}

// The same for a field's rows at every save: per-bead fields as [per save: rows]; named components as
// {name: [per save]}; one value as [per save].
json series_json(const ResultsField& f, const std::vector<double>& block, std::size_t saves, std::size_t beads) {
  const std::size_t n = f.row_size();
  if (!f.components.empty() && !f.per_bead()) {
    json out = json::object();
    for (const auto& g : groups_of(f.components)) {
      json values = json::array();
      for (std::size_t k = 0; k < saves; ++k) {
        const double* row = block.data() + k * n + g.first;
        values.push_back(g.count == 1 ? json(row[0]) : json(std::vector<double>(row, row + g.count)));
      }
      out[g.name] = std::move(values);
    }
    return out;
  }
  json out = json::array();
  for (std::size_t k = 0; k < saves; ++k) out.push_back(row_json(f, block.data() + k * n, beads));
  return out;
}

template <class T>
T member_value(hid_t file, const char* name, hsize_t member) {
  return h5::read_block<T>(file, name, {member}, {1}).front();
}

json member_object(const std::string& path, std::int64_t member, bool final_only) {
  Handle file = layout::open_results_file(path);
  const layout::FileInfo info = layout::read_file_info(file.get());
  const layout::Shape& s = info.shape;
  const hid_t f = file.get();
  if (member < 0 || static_cast<hsize_t>(member) >= s.members) {
    throw IoError("member " + std::to_string(member) + " out of range: the file holds " + std::to_string(s.members) +
                  " members");
  }
  const auto i = static_cast<hsize_t>(member);
  const bool steady = info.header.kind == "steady" || info.header.kind == "modes";  // both hold /steady

  const std::int32_t bead_count = member_value<std::int32_t>(f, layout::kBeads, i);
  if (bead_count < 0 || static_cast<hsize_t>(bead_count) > s.beads) {
    throw IoError("member " + std::to_string(member) + " has " + std::to_string(bead_count) +
                  " beads, more than the file's " + std::to_string(s.beads));
  }
  // Only the member's own beads: the NaN padding up to max_beads is not part of its state.
  const auto beads = static_cast<hsize_t>(bead_count);

  json j;
  j["member"] = member;
  j["t"] = (!steady && h5::exists(f, layout::kFinalTime)) ? json(member_value<double>(f, layout::kFinalTime, i))
                                                          : json(nullptr);
  json params = json::object();
  for (const std::string& name : info.header.param_names) {
    params[name] = member_value<double>(f, (std::string(layout::kParams) + "/" + name).c_str(), i);
  }
  j["params"] = std::move(params);
  for (const std::string& name : info.final_fields) {
    const ResultsField& field = *info.header.field(name);
    h5::Dims start = {i}, count = {1};
    for (auto d : field.row) {
      start.push_back(0);
      count.push_back(d);
    }
    const auto block = h5::read_block<double>(f, layout::final_path(name), start, count);
    j[name] = row_json(field, block.data(), beads);
  }
  if (h5::exists(f, layout::kRods)) j["rods"] = member_value<std::int32_t>(f, layout::kRods, i);
  if (h5::exists(f, layout::kDiverged)) j["diverged"] = member_value<std::uint8_t>(f, layout::kDiverged, i) != 0;
  if (h5::exists(f, layout::kStepsTaken)) j["steps_taken"] = member_value<std::int64_t>(f, layout::kStepsTaken, i);
  if (h5::exists(f, layout::kStabilityWarning)) {
    j["stability_warning"] = member_value<std::uint8_t>(f, layout::kStabilityWarning, i) != 0;
  }
  for (const StopFlag& flag : stop_flags) {
    if (h5::exists(f, flag.dataset)) j[flag.name] = member_value<std::uint8_t>(f, flag.dataset, i) != 0;
  }
  if (steady) {
    if (h5::exists(f, layout::kSteadyConverged)) {
      j["converged"] = member_value<std::uint8_t>(f, layout::kSteadyConverged, i) != 0;
    }
    if (h5::exists(f, layout::kSteadyIterations)) {
      j["newton_iterations"] = member_value<std::int32_t>(f, layout::kSteadyIterations, i);
    }
    if (h5::exists(f, layout::kSteadyResidual)) j["residual"] = member_value<double>(f, layout::kSteadyResidual, i);
  }
  if (final_only) return j;

  j["time"] = h5::exists(f, layout::kTime) ? json(h5::read_array<double>(f, layout::kTime, {s.saves})) : json::array();
  json series = json::object();
  for (const std::string& name : info.series_fields) {
    const ResultsField& field = *info.header.field(name);
    h5::Dims start = {i, 0}, count = {1, s.saves};
    for (auto d : field.row) {
      start.push_back(0);
      count.push_back(d);
    }
    const auto block = h5::read_block<double>(f, layout::series_path(name), start, count);
    series[name] = series_json(field, block, s.saves, beads);
  }
  j["series"] = std::move(series);
  if (h5::exists(f, layout::kSpectrum) && s.samples > 0) {
    // The member's recorded signal (NaN, written null, after the samples it reached) and its power spectrum.
    const auto signal = h5::read_block<double>(f, layout::kSpectrumSignal, {i, 0}, {1, s.samples});
    const auto power = h5::read_block<double>(f, layout::kSpectrumPower, {i, 0}, {1, s.frequencies});
    j["spectrum"] = {{"harmonic", info.header.spectrum.harmonic},
                     {"sample_interval", info.header.spectrum.interval},
                     {"signal", signal},
                     {"omega", h5::read_array<double>(f, layout::kSpectrumOmega, {s.frequencies})},
                     {"power", power}};
  }
  return j;
}

// How many members have a non-zero flag in the [M] uint8 dataset `name` (0 when it was not saved).
std::int64_t count_flags(hid_t file, const char* name, hsize_t members) {
  if (!h5::exists(file, name)) return 0;
  const auto flags = h5::read_array<std::uint8_t>(file, name, {members});
  return std::count_if(flags.begin(), flags.end(), [](std::uint8_t v) { return v != 0; });
}

json summary_object(const std::string& path) {
  Handle file = layout::open_results_file(path);
  const layout::FileInfo info = layout::read_file_info(file.get());
  const Results& h = info.header;
  const hid_t f = file.get();

  json fields(info.series_fields);
  // What /final holds beyond the state every model saves (time, positions, velocities, energy).
  json final_fields = json::array();
  for (const auto& name : info.final_fields) {
    if (name != "positions" && name != "velocities" && name != "energy") final_fields.push_back(name);
  }

  json j;
  j["kind"] = h.kind;
  j["model"] = h.model;
  j["scheme"] = h.scheme;
  j["backend"] = h.backend;
  j["precision"] = h.precision;
  j["members"] = h.members;
  j["max_beads"] = h.max_beads;
  j["saves"] = info.shape.saves;
  j["fields"] = std::move(fields);
  j["final_fields"] = std::move(final_fields);
  if (h5::exists(f, layout::kSpectrum)) {
    j["spectrum"] = {{"harmonic", h.spectrum.harmonic},
                     {"sample_interval", h.spectrum.interval},
                     {"samples", info.shape.samples},
                     {"frequencies", info.shape.frequencies}};
  }
  j["diverged"] = count_flags(f, layout::kDiverged, info.shape.members);
  j["stability_warnings"] = count_flags(f, layout::kStabilityWarning, info.shape.members);
  for (const StopFlag& flag : stop_flags) {
    if (h5::exists(f, flag.dataset)) j[flag.name] = count_flags(f, flag.dataset, info.shape.members);
  }
  if (h.kind == "steady" || h.kind == "modes")
    j["converged"] = count_flags(f, layout::kSteadyConverged, info.shape.members);
  j["varied_keys"] = h.varied_keys;
  j["params"] = h.param_names;
  j["created"] = h.created;
  j["rodswarm_version"] = h.rodswarm_version;
  return j;
}

}  // namespace

nlohmann::json member_json(const std::string& path, std::int64_t member, bool final_only) {
  return layout::reading(path, [&] { return member_object(path, member, final_only); });
}

nlohmann::json summary_json(const std::string& path) {
  // The summary reads the whole file once, so that a damaged byte anywhere in it is found (and named) here.
  const VerifiedFile verified = verify_results(path);
  nlohmann::json j = layout::reading(path, [&] { return summary_object(path); });
  j["checksums"] = verified.checksums ? "verified: " + std::to_string(verified.checksummed) + " datasets (" +
                                            std::to_string(verified.crc_checked) + " with a CRC-32 of the whole), " +
                                            std::to_string(verified.strings) + " string attributes"
                                      : std::string("none (format version ") + std::to_string(verified.format_version) +
                                            ", written before rodswarm checksummed its files)";
  return j;
}

std::string inspect_text(const std::string& path, std::int64_t member, bool final_only, bool as_json,
                         double timeout_seconds) {
  return run_isolated(
      path,
      [&] {
        const json out = member >= 0 ? member_json(path, member, final_only) : summary_json(path);
        // A damaged file's strings may not be UTF-8: shown with U+FFFD rather than failing to print.
        const auto dump = [](const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); };
        if (as_json) return dump(out) + "\n";
        std::string text = path + "\n";
        for (const auto& [key, value] : out.items()) text += "  " + key + ": " + dump(value) + "\n";
        return text;
      },
      timeout_seconds > 0 ? timeout_seconds : read_timeout(path));
}

}  // namespace rodswarm
