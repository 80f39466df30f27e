/// @file run_settings.hpp
/// The parts of a job that every model shares: what `output` asks for, the `compare` tolerance and the
/// `steady` stopping rule.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rodswarm/common.hpp"

namespace rodswarm {

/// What `output` asks for. save_every = 0 saves no series, only the final state.
struct OutputSpec {
  std::string path = "results.h5";
  double save_every = 0.0;
  bool positions = true;    ///< fields contains "positions"
  bool velocities = false;  ///< fields contains "velocities"
  bool energy = true;       ///< fields contains "energy"
  bool momentum = true;     ///< fields contains "momentum" (models that save it: nishinari)
  bool directors = false;   ///< fields contains "directors" (models that save it: cosserat)
  bool gauss = true;        ///< fields contains "gauss": the constraint effort Z_t (models that save it: cosserat)
  bool contact = true;      ///< fields contains "contact": s1, s2, lambda (models that save it: rolling)
  bool lyapunov = true;     ///< fields contains "lyapunov": the running exponent estimate (rolling)
  bool xdmf = false;        ///< output.xdmf: also write an XDMF file next to the HDF5 file (models: cosserat)
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

  /// The common part of a slice [first, last) of the members: everything above, varied values cut to the slice.
  JobCommon slice_common(std::size_t first, std::size_t last) const {
    JobCommon out{source, config, precision, output, compare, varied_keys, {}};
    for (const auto& column : varied_values) {
      out.varied_values.emplace_back(column.begin() + static_cast<std::ptrdiff_t>(first),
                                     column.begin() + static_cast<std::ptrdiff_t>(last));
    }
    return out;
  }
};

}  // namespace rodswarm
