/// @file run_settings.hpp
/// The parts of a job that every model shares: what `output` asks for, the `compare` tolerance and the
/// `steady` stopping rule.
#pragma once

#include <string>

namespace rodswarm {

/// What `output` asks for. save_every = 0 saves only the initial and final states.
struct OutputSpec {
  std::string path = "results.h5";
  double save_every = 0.0;
  bool positions = true;    ///< fields contains "positions"
  bool velocities = false;  ///< fields contains "velocities"
  bool energy = true;       ///< fields contains "energy"
  bool momentum = true;     ///< fields contains "momentum" (models that save it: nishinari)
  bool directors = false;   ///< fields contains "directors" (models that save it: cosserat)
  bool gauss = true;        ///< fields contains "gauss": the constraint effort Z_t (models that save it: cosserat)
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

}  // namespace rodswarm
