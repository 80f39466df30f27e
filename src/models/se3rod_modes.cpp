/// @file se3rod_modes.cpp
/// `rodswarm modes` for model se3rod: each member moved to its equilibrium under its loads (Newton, with load
/// increments where needed) or kept at its initial state, then its lowest modes from the intrinsic linearisation
/// (se3rod_equilibrium.hpp). The member's twists are zeroed: the state recorded is the one linearised about.
#include "config/se3rod_job.hpp"
#include "driver/model_host.hpp"
#include "models/se3rod_equilibrium.hpp"
#include "models/se3rod_host.hpp"

namespace rodswarm {

using Host = ModelHost<se3rod::Model>;

/// The plane's rolling rows are not in the linearisation (nor in the Newton statics): such members are refused up
/// front, by modes and by steady (se3rod_steady.cpp), rather than given the answer for a rod the plane does not hold.
void Host::check_modes(const Job& job) {
  for (std::size_t i = 0; i < job.members.params.size(); ++i) {
    if (job.members.params[i].contact == se3rod::Contact::none) continue;
    throw std::invalid_argument(job.source + ": params.contact: member " + std::to_string(i) +
                                " rolls on a plane; modes and steady (Newton statics) under the rolling rows are "
                                "not implemented");
  }
}

MemberModes Host::member_modes(const Job& job, Ensemble<se3rod::Model, double>& e, std::size_t i,
                               const ModesOptions& options) {
  const auto& p = job.members.params[i];
  const auto member = static_cast<std::int64_t>(i);
  double* pose_data = e.data(se3rod::Model::pose, member);
  double* twist_data = e.data(se3rod::Model::twist, member);
  const double* rest = e.data(se3rod::Model::rest, member);
  std::vector<double> pose(pose_data, pose_data + 12 * p.n);
  MemberModes out;
  if (options.equilibrium) {
    const se3rod::EquilibriumResult eq = se3rod::solve_equilibrium(pose, rest, p);
    out.iterations = eq.iterations;
    out.residual = eq.residual;
    out.converged = eq.converged;
  } else {
    out.residual = se3rod::force_residual(se3rod::reduced_system(pose, rest, p), p.h);
    out.converged = out.residual <= 1e-10 * se3rod::axial_stiffness(p);
  }
  std::copy(pose.begin(), pose.end(), pose_data);
  std::fill(twist_data, twist_data + 6 * p.n, 0.0);
  se3rod::Modes m = se3rod::small_oscillations(pose, rest, p, options.count);
  out.omega = std::move(m.omega);
  out.asymmetry = m.asymmetry;
  out.shapes = std::move(m.shapes);
  return out;
}

}  // namespace rodswarm
