/// @file se3rod_model.hpp
/// Model se3rod as the engine sees it: the arrays a member (one rod of n nodes) owns, the layout its stepper runs
/// in, and the stepper behind the engine's signature. The physics is in se3rod.hpp, se3rod_params.hpp and
/// se3rod_stepper.hpp.
#pragma once

#include <array>
#include <cstdint>

#include "rodswarm/engine/ensemble.hpp"
#include "rodswarm/engine/member_layout.hpp"
#include "rodswarm/models/se3rod_params.hpp"
#include "rodswarm/models/se3rod_stepper.hpp"

namespace rodswarm::se3rod {

struct Model : ModelParams<se3rod::Params> {
  static constexpr const char* name = "se3rod";

  /// n nodes and n - 1 segments. A node's pose is R row by row then r (12), its body twist (omega, gamma) (6); a
  /// segment's rest strain (6) comes from the discrete rest configuration the config layer builds.
  enum Extent : int { nodes, segments };
  enum Field : int { pose, twist, rest };
  static constexpr std::array<ExtentSpec, 2> extents{{{"nodes"}, {"segments"}}};
  static constexpr std::array<FieldSpec, 3> fields{{{"pose", nodes, 12, FieldRole::state},
                                                    {"twist", nodes, 6, FieldRole::state},
                                                    {"rest", segments, 6, FieldRole::input}}};
  static constexpr std::array<ScalarSpec, 0> scalars{};

  /// One block per member, the state in place in global memory and the workspace (42 reals per node) from a pool
  /// sized by the grid.
  static constexpr Layouts layouts{Placement::none, Placement::none, Placement::global, Placement::none};

  /// n nodes, one participant each; node-steps.
  template <class Real>
  static RODSWARM_HD MemberSizes sizes(const Params<Real>& p) {
    return {p.n, p.n, double(p.n), static_cast<int>(workspace_size(p.n))};
  }

  template <class Real, class Loop>
  static RODSWARM_HD lane::OutcomeOf<Real> advance(const Member<Model, Real>& m, Real dt, std::int64_t /*done*/,
                                                   std::int64_t todo, Real* work, const Loop& loop) {
    return advance_member(MemberIO<Real>{m.field[pose], m.field[twist], m.field[rest]}, *m.params, dt, todo, work,
                          loop);
  }

  /// Real may be a pack of members (the CPU lane backend): what a pack's members share (n, the scheme, the ends)
  /// are the parameters that are not Reals, which the lane backend groups by already.
  static constexpr bool lanes = true;
};

}  // namespace rodswarm::se3rod
