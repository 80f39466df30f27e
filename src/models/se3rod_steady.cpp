/// @file se3rod_steady.cpp
/// `rodswarm steady` for model se3rod: every member moved to its static equilibrium by Newton on the intrinsic
/// linearisation (se3rod_equilibrium.hpp, with load increments where the full load is too far), the solve `modes`
/// starts from; members in parallel on the host, in float64. The twists are zeroed: the state recorded is at rest.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "backends/parallel_for.hpp"
#include "driver/precision_built.hpp"
#include "config/se3rod_job.hpp"
#include "driver/model_host.hpp"
#include "driver/modes.hpp"
#include "models/se3rod_equilibrium.hpp"
#include "models/se3rod_host.hpp"

namespace rodswarm {

using Host = ModelHost<se3rod::Model>;

std::string Host::steady_scheme(const Job&) { return "newton"; }

Se3rodJob Host::steady_job(const Job& job) { return job; }  // Newton starts from the initial state as it is

template <class Real>
SteadyOutcomes Host::solve_steady(const Job& job, Backend<se3rod::Model, Real>&, Ensemble<se3rod::Model, Real>& e,
                                  StabilityReport&) {
  if constexpr (!std::is_same_v<Real, double>) {
    (void)e;
    throw std::invalid_argument(job.source +
                                ": precision: se3rod's steady (Newton statics) works in float64 (run "
                                "it with --precision float64)");
  } else {
    check_modes(job);  // the same refusals: a member rolling on a plane has no Newton statics
    const auto M = static_cast<std::size_t>(job.size());
    SteadyOutcomes s = SteadyOutcomes::newton(M);
    s.solved_on = kHostEigen;
    parallel_for(static_cast<std::int64_t>(M), 1, 2, [&](std::int64_t member) {
      const auto i = static_cast<std::size_t>(member);
      const auto& p = job.members.params[i];
      double* pose_data = e.data(se3rod::Model::pose, member);
      double* twist_data = e.data(se3rod::Model::twist, member);
      std::vector<double> pose(pose_data, pose_data + 12 * p.n);
      const se3rod::EquilibriumResult eq = se3rod::solve_equilibrium(pose, e.data(se3rod::Model::rest, member), p);
      std::copy(pose.begin(), pose.end(), pose_data);  // the start again when no increment count converged
      std::fill(twist_data, twist_data + 6 * p.n, 0.0);
      s.iterations[i] = eq.iterations;
      s.residual[i] = eq.residual;
      s.converged[i] = eq.converged ? 1 : 0;
    });
    return s;
  }
}

// Instantiated here for the drivers se3rod_run.cpp instantiates (RODSWARM_DRIVERS).
template SteadyOutcomes Host::solve_steady<double>(const Job&, Backend<se3rod::Model, double>&,
                                                   Ensemble<se3rod::Model, double>&, StabilityReport&);
#if RODSWARM_WITH_FLOAT32
template SteadyOutcomes Host::solve_steady<float>(const Job&, Backend<se3rod::Model, float>&,
                                                  Ensemble<se3rod::Model, float>&, StabilityReport&);
#endif

}  // namespace rodswarm
