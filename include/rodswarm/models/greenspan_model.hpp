/// @file greenspan_model.hpp
/// Model greenspan as the engine sees it (the pattern every model follows, see ARCHITECTURE.md): the arrays a
/// member owns, the kernel layouts its stepper runs in, and the stepper and steady solver behind one signature.
/// The physics is in greenspan.hpp, greenspan_stepper.hpp and greenspan_steady.hpp.
#pragma once

#include <array>
#include <cstdint>

#include "rodswarm/engine/ensemble.hpp"
#include "rodswarm/engine/member_layout.hpp"
#include "rodswarm/integrators/bead_loop.hpp"
#include "rodswarm/models/greenspan.hpp"
#include "rodswarm/models/greenspan_steady.hpp"
#include "rodswarm/models/greenspan_stepper.hpp"

namespace rodswarm::greenspan {

struct Model : ModelParams<greenspan::Params> {
  static constexpr const char* name = "greenspan";

  /// A member of n moving beads owns n heights and n velocities (the fixed end beads are in its params).
  enum Extent : int { beads };
  enum Field : int { heights, velocities };
  static constexpr std::array<ExtentSpec, 1> extents{{{"beads"}}};
  static constexpr std::array<FieldSpec, 2> fields{
      {{"y", beads, 1, FieldRole::state}, {"v", beads, 1, FieldRole::state}}};
  static constexpr std::array<ScalarSpec, 0> scalars{};

  /// Every layout: registers for up to 16 beads, a warp's or a block's shared memory, a cooperative grid beyond.
  static constexpr Layouts layouts{Placement::registers, Placement::shared, Placement::shared, Placement::global};
  static constexpr int register_tier_step = 4;  ///< register instances for n rounded up to a multiple of 4 ...
  static constexpr int register_tier_max = 16;  ///< ... up to 16 beads
  static constexpr int register_variants = 2;   ///< one register kernel per scheme: RK4 needs twice the registers
  template <class Real>
  static int register_variant(const Params<Real>& p) {
    return static_cast<int>(p.scheme);
  }
  static constexpr int register_extent(int /*extent*/, int tier) { return tier; }
  static constexpr int register_workspace(int tier) { return workspace_size(tier); }
  static constexpr int register_loop_count(int tier) { return tier + 1; }  ///< the n + 1 segment forces

  /// n beads; one participant per segment force (n + 1); bead-steps.
  template <class Real>
  static RODSWARM_HD MemberSizes sizes(const Params<Real>& p) {
    return {p.n, p.n + 1, double(p.n), workspace_size(p.n)};
  }

  /// Real may be a pack of members (the CPU lane backend): lane-generic physics (lanes.hpp).
  static constexpr bool lanes = true;
  template <class Real, class Loop>
  static RODSWARM_HD lane::OutcomeOf<Real> advance(const Member<Model, Real>& m, Real dt, std::int64_t /*done*/,
                                                   std::int64_t todo, Real* work, const Loop& loop) {
    const Params<Real>& p = *m.params;
    // The register layout fixes the scheme at compile time (its variant); elsewhere it is the member's.
    const int variant = layout_variant(loop);
    const Scheme scheme = variant >= 0 ? static_cast<Scheme>(variant) : p.scheme;
    lane::Mask<Real> diverged(false);
    lane::OutcomeOf<Real> out;
    out.steps =
        advance_member(MemberWork<Real>::bind(m.field[heights], m.field[velocities], work, layout_capacity(loop, p.n)),
                       p, scheme, dt, todo, loop, &diverged);
    lane::mark(out, diverged, status_diverged);
    return out;
  }

  /// Newton on (5.3) from the member's current heights; the velocities become zero.
  static constexpr bool newton_steady = true;
  template <class Real>
  static RODSWARM_HD int steady_workspace(const Params<Real>& p) {
    return steady_workspace_size(p.n);
  }
  template <class Real>
  static RODSWARM_HD NewtonOutcome steady(const Member<Model, Real>& m, Real tol, int max_iter, Real* work) {
    const Params<Real>& p = *m.params;
    const auto out = solve_steady(m.field[heights], p, work, tol, max_iter);
    for (int j = 0; j < p.n; ++j) m.field[velocities][j] = Real(0);
    return NewtonOutcome{out.iterations, static_cast<double>(out.residual), out.converged};
  }
};

}  // namespace rodswarm::greenspan
