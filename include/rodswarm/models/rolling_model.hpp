/// @file rolling_model.hpp
/// Model rolling as the engine sees it: the modal state a member owns (with its Lyapunov twin and the recorded
/// harmonic), the layout its stepper runs in, and the stepper behind the engine's signature. The physics is in
/// rolling.hpp and rolling_stepper.hpp.
#pragma once

#include <array>
#include <cstdint>

#include "rodswarm/engine/ensemble.hpp"
#include "rodswarm/engine/member_layout.hpp"
#include "rodswarm/models/rolling_params.hpp"
#include "rodswarm/models/rolling_stepper.hpp"

namespace rodswarm::rolling {

struct Model : ModelParams<rolling::Params> {
  static constexpr const char* name = "rolling";

  /// state: 4K + 2 values (a, b, a', b', s1, s2); twin: the same, allocated when some member computes a
  /// Lyapunov exponent; signal: the recorded harmonic, one value every sample_steps steps from step 0.
  /// Scalars: the sum of the logs of the twin's growth factors, and the twin's separation right after its last
  /// renormalisation (0 before the twin starts), in float64 whatever the run's precision.
  enum Extent : int { state_values, samples };
  enum Field : int { state, twin, signal };
  enum Scalar : int { lyapunov_log, lyapunov_gap };
  static constexpr std::array<ExtentSpec, 2> extents{{{"state"}, {"samples"}}};
  static constexpr std::array<FieldSpec, 3> fields{{{"state", state_values, 1, FieldRole::state},
                                                    {"twin", state_values, 1, FieldRole::state, true},
                                                    {"signal", samples, 1, FieldRole::state}}};
  static constexpr std::array<ScalarSpec, 2> scalars{{{"lyapunov_log"}, {"lyapunov_gap"}}};
  template <class Real>
  static bool needs_field(int field, const Params<Real>& p) {
    return field == twin && p.lyapunov;
  }

  /// One thread per member: a member is a few hundred reals whose every evaluation is a handful of dot products
  /// over its modes, so the ensemble supplies the parallelism. The stepper is sequential code (no loop policy).
  static constexpr Layouts layouts{Placement::global, Placement::none, Placement::none, Placement::none};

  /// 4K + 2 state values, one thread; mode-steps of both strings (the twin not counted).
  template <class Real>
  static RODSWARM_HD MemberSizes sizes(const Params<Real>& p) {
    return {state_size(p.modes), 1, 2.0 * p.modes, workspace_size(p.modes)};
  }

  template <class Real>
  static RODSWARM_HD MemberIO<Real> io(const Member<Model, Real>& m) {
    return MemberIO<Real>{m.params,         m.field[state],         m.field[twin],         m.field[signal],
                          m.count[samples], m.scalar[lyapunov_log], m.scalar[lyapunov_gap]};
  }

  /// `done`: the steps taken so far (the velocity projection and the twin start before step 0; the signal is
  /// sampled on absolute step numbers).
  template <class Real, class Loop>
  static RODSWARM_HD lane::OutcomeOf<Real> advance(const Member<Model, Real>& m, Real dt, std::int64_t done,
                                                   std::int64_t todo, Real* work, const Loop&) {
    return advance_member(io(m), dt, done, todo, work);
  }

  /// Real may be a pack of members (the CPU lane backend): every switch is a parameter that is not a Real
  /// (modes, ends, frozen, lyapunov, sampling), so the engine's grouping is all a pack needs.
  static constexpr bool lanes = true;
};

}  // namespace rodswarm::rolling
