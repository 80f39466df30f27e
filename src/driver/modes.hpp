/// @file modes.hpp
/// `rodswarm modes`: each member's small oscillations about its equilibrium (or its initial state), from the
/// model's linearisation (Lerbet's intrinsic limited expansion for se3rod): the generalised symmetric eigenproblem
/// K phi = omega^2 M phi on the host (Eigen, float64), written like `run` as a results file of kind "modes".
#pragma once

#include <cstdint>
#include <vector>

#include "config/job.hpp"
#include "driver/run.hpp"

namespace rodswarm {

/// The backend attribute of what Eigen solves on the host whatever --backend says: modes, and the Newton statics of
/// steady (cosserat's steady.method "newton", se3rod).
inline constexpr const char* kHostEigen = "host (Eigen, float64)";

struct ModesOptions {
  int count = 6;  ///< modes kept per member, the lowest (fewer where a member has fewer)
  bool equilibrium =
      true;           ///< linearise about the equilibrium under the member's loads (Newton), else its initial state
  int max_beads = 0;  ///< bead rows of the results at least (a share of a job pads to the whole job's)
};

/// What a model's host computes for one member.
struct MemberModes {
  std::vector<double> omega;    ///< [count] ascending, rad/s; an unstable direction (omega^2 < 0) as -sqrt(-omega^2)
  std::vector<double> shapes;   ///< [count][nodes][6] M-normalised: per node the rotation vector, then the
                                ///< displacement, lab frame
  std::int32_t iterations = 0;  ///< Newton iterations to the equilibrium (0 about the initial state)
  double residual = 0;          ///< the largest force component left at the linearisation's state
  bool converged = true;        ///< the state is an equilibrium to the model's tolerance
  double asymmetry = 0;         ///< max |K - K^T| / max |K| at that state (statics::Modes)
};

/// Above this K's asymmetry is not the finite differences' (1e-10 measured) but the loads': couples held fixed in
/// the lab are not conservative, and the frequencies written are those of K's symmetric part.
inline constexpr double modes_asymmetry_limit = 1e-8;

/// Every member's modes (models with has_modes<M>).
template <class M>
RunReport modes(const Job<M>& job, const ModesOptions& options);

/// Whether the model has a linearisation for `modes`.
template <class M>
bool has_modes();

}  // namespace rodswarm
