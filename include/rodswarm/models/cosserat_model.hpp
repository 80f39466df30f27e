/// @file cosserat_model.hpp
/// Model cosserat as the engine sees it: the arrays a member (an assembly of R rods of N elements) owns, the
/// layout its stepper runs in, and the stepper behind the engine's signature. The physics is in cosserat.hpp,
/// cosserat_forces.hpp and cosserat_stepper.hpp.
#pragma once

#include <array>
#include <cstdint>

#include "rodswarm/engine/ensemble.hpp"
#include "rodswarm/engine/member_layout.hpp"
#include "rodswarm/models/cosserat_params.hpp"
#include "rodswarm/models/cosserat_stepper.hpp"

namespace rodswarm::cosserat {

struct Model : ModelParams<cosserat::Params> {
  static constexpr const char* name = "cosserat";

  /// R (N + 1) nodes, R N elements, R (N - 1) Voronoi points (rings: R N), R rods. The rest data (rest strains of the
  /// discrete rest configuration, computed by the config layer) and the clamps' positions and frames at t = 0 are
  /// inputs.
  enum Extent : int { nodes, elements, voronoi, rods };
  enum Field : int { x, v, Q, w, growth, rest_length0, radius, rest_sigma, rest_kappa, clamp };
  static constexpr std::array<ExtentSpec, 4> extents{{{"nodes"}, {"elements"}, {"voronoi"}, {"rods"}}};
  static constexpr std::array<FieldSpec, 10> fields{{{"x", nodes, 3, FieldRole::state},
                                                     {"v", nodes, 3, FieldRole::state},
                                                     {"Q", elements, 9, FieldRole::state},
                                                     {"w", elements, 3, FieldRole::state},
                                                     {"growth", elements, 1, FieldRole::state},
                                                     {"rest_length0", elements, 1, FieldRole::input},
                                                     {"radius", elements, 1, FieldRole::input},
                                                     {"rest_sigma", elements, 3, FieldRole::input},
                                                     {"rest_kappa", voronoi, 3, FieldRole::input},
                                                     {"clamp", rods, clamp_size, FieldRole::input}}};
  static constexpr std::array<ScalarSpec, 0> scalars{};

  /// One block per member, in place in global memory, workspace from a pool sized by the grid.
  static constexpr Layouts layouts{Placement::none, Placement::none, Placement::global, Placement::none};

  /// Nodes of all rods, one participant each; node-steps.
  template <class Real>
  static RODSWARM_HD MemberSizes sizes(const Params<Real>& p) {
    const int nodes = shape_of(p).nodes();
    return {nodes, nodes, double(nodes), workspace_size(p.scheme, shape_of(p))};
  }

  /// The stepper's view of a member.
  template <class Real>
  static RODSWARM_HD MemberIO<Real> io(const Member<Model, Real>& m) {
    return MemberIO<Real>{m.field[x],
                          m.field[v],
                          m.field[Q],
                          m.field[w],
                          m.field[growth],
                          MemberData<Real>{m.params, m.field[rest_length0], m.field[radius], m.field[rest_sigma],
                                           m.field[rest_kappa], m.field[clamp]}};
  }

  /// `done`: the steps taken so far (time is done x dt: growth laws and prescribed end motion read it).
  template <class Real, class Loop>
  static RODSWARM_HD lane::OutcomeOf<Real> advance(const Member<Model, Real>& m, Real dt, std::int64_t done,
                                                   std::int64_t todo, Real* work, const Loop& loop) {
    return advance_member(io(m), dt, done, todo, work, loop);
  }

  /// Real may be a pack of members (the CPU lane backend). Members share a pack only if they agree on whether
  /// they have contact at all (a Real parameter the passes branch on as a whole).
  static constexpr bool lanes = true;
  template <class Real>
  static std::uint64_t lane_key(const Params<Real>& p) {
    return p.contact_stiffness > 0 ? 1u : 0u;
  }
};

}  // namespace rodswarm::cosserat
