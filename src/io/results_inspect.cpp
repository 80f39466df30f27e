/// @file results_inspect.cpp
/// member_json and summary_json for `rodswarm inspect --json`: they read the descriptive part of the file
/// and, for a member, only that member's rows (hyperslabs), so inspecting a huge ensemble stays cheap.
#include <algorithm>

#include "io/h5_data.hpp"
#include "io/h5_handles.hpp"
#include "io/results.hpp"
#include "io/results_layout.hpp"

namespace rodswarm {

namespace {

using h5::Dims;
using h5::Handle;
using nlohmann::json;

// `rows` consecutive 3-vectors starting at data[offset], as [[x, y, z], ...].
json vectors_json(const std::vector<double>& data, std::size_t offset, std::size_t rows) {
  json out = json::array();
  for (std::size_t b = 0; b < rows; ++b) {
    const double* v = data.data() + offset + 3 * b;
    out.push_back({v[0], v[1], v[2]});
  }
  return out;
}

// One member's rows of a [M, S, B, 3] series, real beads only: [[[x, y, z] per bead] per save].
json series_vectors_json(hid_t file, const char* name, hsize_t member, hsize_t saves, hsize_t beads) {
  const std::vector<double> block = h5::read_block<double>(file, name, {member, 0, 0, 0}, {1, saves, beads, 3});
  json out = json::array();
  for (std::size_t k = 0; k < saves; ++k) out.push_back(vectors_json(block, 3 * beads * k, beads));
  return out;
}

// One momentum row (linear px, py, pz then angular Lx, Ly, Lz) as {"linear": [x, y, z], "angular": [x, y, z]}.
json momentum_json(const double* row) {
  return json{{"linear", {row[0], row[1], row[2]}}, {"angular", {row[3], row[4], row[5]}}};
}

// `rows` consecutive momentum rows (one per save) as {"linear": [[x, y, z] per save], "angular": [...]}.
json momentum_series_json(const std::vector<double>& data, std::size_t rows) {
  json out = {{"linear", json::array()}, {"angular", json::array()}};
  for (std::size_t k = 0; k < rows; ++k) {
    const json row = momentum_json(data.data() + layout::kMomentumComponents * k);
    out["linear"].push_back(row["linear"]);
    out["angular"].push_back(row["angular"]);
  }
  return out;
}

// One contact row (s1, s2, lambda) as {"s1": .., "s2": .., "lambda": ..}.
json contact_json(const double* row) { return json{{"s1", row[0]}, {"s2", row[1]}, {"lambda", row[2]}}; }

// `rows` consecutive contact rows (one per save) as {"s1": [per save], "s2": [...], "lambda": [...]}.
json contact_series_json(const std::vector<double>& data, std::size_t rows) {
  json out = {{"s1", json::array()}, {"s2", json::array()}, {"lambda", json::array()}};
  for (std::size_t k = 0; k < rows; ++k) {
    const double* row = data.data() + layout::kContactComponents * k;
    out["s1"].push_back(row[0]);
    out["s2"].push_back(row[1]);
    out["lambda"].push_back(row[2]);
  }
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
  const bool steady = info.header.kind == "steady";

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
  if (h5::exists(f, layout::kFinalPositions)) {
    const auto block = h5::read_block<double>(f, layout::kFinalPositions, {i, 0, 0}, {1, beads, 3});
    j["positions"] = vectors_json(block, 0, beads);
  }
  if (h5::exists(f, layout::kFinalEnergy)) {
    const auto block = h5::read_block<double>(f, layout::kFinalEnergy, {i, 0}, {1, s.energies});
    json energy = json::object();
    for (std::size_t c = 0; c < s.energies; ++c) energy[info.header.energy_names[c]] = block[c];
    j["energy"] = std::move(energy);
  }
  if (h5::exists(f, layout::kFinalMomentum)) {
    const auto block = h5::read_block<double>(f, layout::kFinalMomentum, {i, 0}, {1, layout::kMomentumComponents});
    j["momentum"] = momentum_json(block.data());
  }
  if (h5::exists(f, layout::kFinalGauss)) {
    const auto block = h5::read_block<double>(f, layout::kFinalGauss, {i, 0}, {1, layout::kGaussComponents});
    j["gauss"] = {{"zt", block[0]}, {"zs", block[1]}, {"violation", block[2]}};
  }
  if (h5::exists(f, layout::kFinalContact)) {
    const auto block = h5::read_block<double>(f, layout::kFinalContact, {i, 0}, {1, layout::kContactComponents});
    j["contact"] = contact_json(block.data());
  }
  if (h5::exists(f, layout::kFinalLyapunov)) j["lyapunov"] = member_value<double>(f, layout::kFinalLyapunov, i);
  if (h5::exists(f, layout::kRods)) j["rods"] = member_value<std::int32_t>(f, layout::kRods, i);
  if (h5::exists(f, layout::kDiverged)) j["diverged"] = member_value<std::uint8_t>(f, layout::kDiverged, i) != 0;
  if (h5::exists(f, layout::kStepsTaken)) j["steps_taken"] = member_value<std::int64_t>(f, layout::kStepsTaken, i);
  if (h5::exists(f, layout::kStabilityWarning)) {
    j["stability_warning"] = member_value<std::uint8_t>(f, layout::kStabilityWarning, i) != 0;
  }
  if (h5::exists(f, layout::kSingular)) j["singular"] = member_value<std::uint8_t>(f, layout::kSingular, i) != 0;
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
  if (h5::exists(f, layout::kSeriesPositions)) {
    series["positions"] = series_vectors_json(f, layout::kSeriesPositions, i, s.saves, beads);
  }
  if (h5::exists(f, layout::kSeriesVelocities)) {
    series["velocities"] = series_vectors_json(f, layout::kSeriesVelocities, i, s.saves, beads);
  }
  if (h5::exists(f, layout::kSeriesEnergy)) {
    const auto block = h5::read_block<double>(f, layout::kSeriesEnergy, {i, 0, 0}, {1, s.saves, s.energies});
    json energy = json::object();
    for (std::size_t c = 0; c < s.energies; ++c) {
      json values = json::array();
      for (std::size_t k = 0; k < s.saves; ++k) values.push_back(block[k * s.energies + c]);
      energy[info.header.energy_names[c]] = std::move(values);
    }
    series["energy"] = std::move(energy);
  }
  if (h5::exists(f, layout::kSeriesMomentum)) {
    const auto block =
        h5::read_block<double>(f, layout::kSeriesMomentum, {i, 0, 0}, {1, s.saves, layout::kMomentumComponents});
    series["momentum"] = momentum_series_json(block, s.saves);
  }
  if (h5::exists(f, layout::kSeriesContact)) {
    const auto block =
        h5::read_block<double>(f, layout::kSeriesContact, {i, 0, 0}, {1, s.saves, layout::kContactComponents});
    series["contact"] = contact_series_json(block, s.saves);
  }
  if (h5::exists(f, layout::kSeriesLyapunov)) {
    series["lyapunov"] = h5::read_block<double>(f, layout::kSeriesLyapunov, {i, 0}, {1, s.saves});
  }
  j["series"] = std::move(series);
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

  json fields = json::array();
  if (h5::exists(f, layout::kSeriesPositions)) fields.push_back("positions");
  if (h5::exists(f, layout::kSeriesVelocities)) fields.push_back("velocities");
  if (h5::exists(f, layout::kSeriesEnergy)) fields.push_back("energy");
  if (h5::exists(f, layout::kSeriesMomentum)) fields.push_back("momentum");
  if (h5::exists(f, layout::kSeriesGauss)) fields.push_back("gauss");
  if (h5::exists(f, layout::kSeriesDirectors)) fields.push_back("directors");
  if (h5::exists(f, layout::kSeriesContact)) fields.push_back("contact");
  if (h5::exists(f, layout::kSeriesLyapunov)) fields.push_back("lyapunov");
  // What /final holds beyond the state every model saves (time, positions, velocities, energy).
  json final_fields = json::array();
  if (h5::exists(f, layout::kFinalMomentum)) final_fields.push_back("momentum");
  if (h5::exists(f, layout::kFinalGauss)) final_fields.push_back("gauss");
  if (h5::exists(f, layout::kFinalDirectors)) final_fields.push_back("directors");
  if (h5::exists(f, layout::kFinalContact)) final_fields.push_back("contact");
  if (h5::exists(f, layout::kFinalLyapunov)) final_fields.push_back("lyapunov");

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
    j["spectrum"] = {{"harmonic", h.spectrum_harmonic},
                     {"sample_interval", h.spectrum_interval},
                     {"samples", info.shape.samples},
                     {"frequencies", info.shape.frequencies}};
  }
  j["diverged"] = count_flags(f, layout::kDiverged, info.shape.members);
  j["stability_warnings"] = count_flags(f, layout::kStabilityWarning, info.shape.members);
  if (h5::exists(f, layout::kSingular)) j["singular"] = count_flags(f, layout::kSingular, info.shape.members);
  if (h.kind == "steady") j["converged"] = count_flags(f, layout::kSteadyConverged, info.shape.members);
  j["varied_keys"] = h.varied_keys;
  j["params"] = h.param_names;
  j["created"] = h.created;
  j["rodswarm_version"] = h.rodswarm_version;
  return j;
}

}  // namespace

nlohmann::json member_json(const std::string& path, std::int64_t member, bool final_only) {
  return layout::with_path(path, [&] { return member_object(path, member, final_only); });
}

nlohmann::json summary_json(const std::string& path) {
  return layout::with_path(path, [&] { return summary_object(path); });
}

}  // namespace rodswarm
