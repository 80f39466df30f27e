/// @file cosserat_modes.cpp
/// `rodswarm modes` for model cosserat: each member moved to its equilibrium under its loads (Newton through
/// driver/linear_statics.hpp, with load increments where needed) or kept at its initial state, then its lowest
/// modes from the linearisation of cosserat_statics.hpp. The member's velocities are zeroed: the state recorded is
/// the one linearised about. Shapes, per node: the rotation of the element that starts at the node (lab frame;
/// NaN at an open rod's last node, which starts none; a ring's node n repeats node 0's row), then the node's
/// displacement.
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "config/cosserat_job.hpp"
#include "models/cosserat_statics.hpp"
#include "driver/model_host.hpp"
#include "models/cosserat_host.hpp"

namespace rodswarm {

using Host = ModelHost<cosserat::Model>;

/// Constraint rows (a surface) are not in the linearisation: such members are refused up front.
void Host::check_modes(const Job& job) {
  for (std::size_t i = 0; i < job.members.params.size(); ++i) {
    if (job.members.params[i].surface == cosserat::Surface::none) continue;
    throw std::invalid_argument(job.source + ": params.surface: member " + std::to_string(i) +
                                " is confined to a surface; modes and Newton statics under constraint rows are not "
                                "implemented");
  }
}

MemberModes Host::member_modes(const Job&, Ensemble<cosserat::Model, double>& e, std::size_t i,
                               const ModesOptions& options) {
  const cosserat::MemberIO<double> io = cosserat::Model::io(e.member(static_cast<std::int64_t>(i)));
  cosserat::StaticsProblem problem(io);  // check_modes has refused what its constructor would
  MemberModes out;
  if (options.equilibrium) {
    const statics::EquilibriumResult eq = statics::solve_equilibrium(problem);
    out.iterations = eq.iterations;
    out.residual = eq.residual;
    out.converged = eq.converged;
  }
  const statics::ReducedSystem s = problem.system(1.0);
  if (!options.equilibrium) {
    out.residual = problem.residual(s);
    out.converged = out.residual <= problem.tolerance();
  }
  const statics::Modes m = statics::lowest_modes(s, problem.mass(), options.count);
  const cosserat::Shape shape = problem.shape();
  const auto nodes = static_cast<std::size_t>(shape.nodes());
  const int kept = static_cast<int>(m.omega.size());
  out.omega = m.omega;
  out.asymmetry = m.asymmetry;
  out.shapes.assign(static_cast<std::size_t>(kept) * nodes * 6, 0.0);
  for (int k = 0; k < kept; ++k) {
    std::vector<double> q(3 * static_cast<std::size_t>(shape.nodes() + shape.elements()), 0.0);
    for (std::size_t a = 0; a < s.dofs.size(); ++a)
      q[static_cast<std::size_t>(s.dofs[a])] = m.vectors(static_cast<Eigen::Index>(a), k);
    for (int j = 0; j < shape.nodes(); ++j) {
      double* row = &out.shapes[(static_cast<std::size_t>(k) * nodes + static_cast<std::size_t>(j)) * 6];
      const int r = cosserat::rod_of_node(shape, j), local = j - r * (shape.N + 1);
      if (local < shape.N || shape.ring) {
        const int element = r * shape.N + local % shape.N;  // a ring's node n starts element 0, as node 0
        // Q maps the lab to the body: a body rotation theta is Q^T theta in the lab.
        const Vec3<double> lab =
            transpose_times(load9(io.Q + 9 * element), load3(q.data() + 3 * shape.nodes() + 3 * element));
        row[0] = lab.x;
        row[1] = lab.y;
        row[2] = lab.z;
      } else {
        row[0] = row[1] = row[2] = std::numeric_limits<double>::quiet_NaN();
      }
      const int moves = cosserat::repeats_first(shape, local) ? j - shape.N : j;  // a ring's node n moves with node 0
      for (int c = 0; c < 3; ++c) row[3 + c] = q[3 * static_cast<std::size_t>(moves) + static_cast<std::size_t>(c)];
    }
  }
  return out;
}

}  // namespace rodswarm
