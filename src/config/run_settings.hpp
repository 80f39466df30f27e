/// @file run_settings.hpp
/// The parts of a job that every model shares: what `output` asks for, the `compare` tolerance and the
/// `steady` stopping rule.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rodswarm/common.hpp"

namespace rodswarm {

/// A dataset a model can save at every save point (output.fields), and whether it does when the config does not
/// list output.fields.
struct OutputField {
  const char* name;
  bool on_by_default;
};

/// What `output` asks for. save_every = 0 saves no series, only the final state.
struct OutputSpec {
  std::string path = "results.h5";
  double save_every = 0.0;
  std::vector<std::string> fields;  ///< the datasets saved at every save point (output.fields or the defaults)
  bool xdmf = false;                ///< output.xdmf: also write an XDMF file next to the HDF5 file

  bool saves(const std::string& name) const { return std::find(fields.begin(), fields.end(), name) != fields.end(); }
  /// Asks for (on) or drops (off) the dataset `name`.
  void set(const std::string& name, bool on) {
    const auto it = std::find(fields.begin(), fields.end(), name);
    if (on && it == fields.end()) fields.push_back(name);
    if (!on && it != fields.end()) fields.erase(it);
  }
};

/// `compare`: relative tolerance of backend vs reference, and how many members to check by default.
struct CompareSpec {
  double tolerance = 0.0;  ///< 0 means the model's and scheme's default (see compare.hpp)
  int members = 4;
};

/// `steady`: Newton stopping rule.
struct SteadySpec {
  double tol = 1e-12;  ///< max |residual| <= tol * (T0 + m|g|)
  int max_iter = 50;
};

/// What every model's job holds besides its members: where it came from, the run settings and the ensemble's
/// varied keys. Each model's job derives from it (GreenspanJob, NishinariJob, CosseratJob).
struct JobCommon {
  std::string source;     ///< config file name, for messages
  nlohmann::json config;  ///< the config after --set overrides; stored in results
  Precision precision = Precision::float64;
  OutputSpec output;
  CompareSpec compare;
  /// The ensemble: keys that vary ("params.m", "initial.peak[1]") and each member's value of each.
  std::vector<std::string> varied_keys;
  std::vector<std::vector<double>> varied_values;  ///< [key][member]
  /// When the job holds only a sample of its ensemble (ParseOptions::sample, for estimates): the ensemble's size.
  std::int64_t sampled_from = 0;
  std::vector<std::int64_t> sample_indices;  ///< then: which members of the ensemble the job holds

  /// The common part of a slice [first, last) of the members: everything above, varied values cut to the slice.
  JobCommon slice_common(std::size_t first, std::size_t last) const {
    JobCommon out{source, config, precision, output, compare, varied_keys, {}, 0, {}};
    for (const auto& column : varied_values) {
      out.varied_values.emplace_back(column.begin() + static_cast<std::ptrdiff_t>(first),
                                     column.begin() + static_cast<std::ptrdiff_t>(last));
    }
    return out;
  }
};

}  // namespace rodswarm
