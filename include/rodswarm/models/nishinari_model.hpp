/// @file nishinari_model.hpp
/// Model nishinari as the engine sees it: the Cartesian exchange state a member owns (positions and velocities
/// of its beads, the normal and spin of its segments), the layout its stepper runs in, and the stepper behind
/// the engine's signature. The physics is in nishinari.hpp and nishinari_stepper.hpp.
#pragma once

#include <array>
#include <cstdint>

#include "rodswarm/engine/ensemble.hpp"
#include "rodswarm/engine/member_layout.hpp"
#include "rodswarm/models/nishinari_params.hpp"
#include "rodswarm/models/nishinari_stepper.hpp"

namespace rodswarm::nishinari {

struct Model : ModelParams<nishinari::Params> {
  static constexpr const char* name = "nishinari";

  /// n beads and n - 1 segments; xyz interleaved.
  enum Extent : int { beads, segments };
  enum Field : int { positions, velocities, normals, spins };
  static constexpr std::array<ExtentSpec, 2> extents{{{"beads"}, {"segments"}}};
  static constexpr std::array<FieldSpec, 4> fields{{{"r", beads, 3, FieldRole::state},
                                                    {"v", beads, 3, FieldRole::state},
                                                    {"normal", segments, 3, FieldRole::state},
                                                    {"spin", segments, 1, FieldRole::state}}};
  static constexpr std::array<ScalarSpec, 0> scalars{};

  /// One block per member, the state in place in global memory and the workspace (about 50 reals per bead) from
  /// a pool sized by the grid: the intrinsic formulation's prefix products need the block's parallel scans.
  static constexpr Layouts layouts{Placement::none, Placement::none, Placement::global, Placement::none};

  /// n beads, one participant each; bead-steps.
  template <class Real>
  static RODSWARM_HD MemberSizes sizes(const Params<Real>& p) {
    return {p.n, p.n, double(p.n), workspace_size(p.formulation, p.n)};
  }

  template <class Real, class Loop>
  static RODSWARM_HD lane::OutcomeOf<Real> advance(const Member<Model, Real>& m, Real dt, std::int64_t /*done*/,
                                                   std::int64_t todo, Real* work, const Loop& loop) {
    const MemberIO<Real> io{m.field[positions], m.field[velocities], m.field[normals], m.field[spins]};
    return advance_member(io, *m.params, dt, todo, work, loop);
  }

  /// Real may be a pack of members (the CPU lane backend). Members share a pack only if they agree on whether an
  /// external force acts (the intrinsic formulation builds every bead's world frame only then).
  static constexpr bool lanes = true;
  template <class Real>
  static std::uint64_t lane_key(const Params<Real>& p) {
    return has_external_force(p) ? 1u : 0u;
  }
};

}  // namespace rodswarm::nishinari
