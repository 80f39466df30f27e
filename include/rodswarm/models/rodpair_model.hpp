/// @file rodpair_model.hpp
/// Model rodpair as the engine sees it (issue 19; Gay-Balmaz & Putkaradze, docs/models/rodpair.md): a member is two
/// se3rods in perfect rolling contact. Its arrays: the nodes of both rods (rod 1's, then rod 2's), their segments,
/// and one contact item (where it is and what the last step saw). The physics is in rodpair_contact.hpp and
/// rodpair_pair_stepper.hpp; rodpair_stepper.hpp puts the member's arrays into them.
#pragma once

#include <array>
#include <cstdint>

#include "rodswarm/engine/ensemble.hpp"
#include "rodswarm/engine/member_layout.hpp"
#include "rodswarm/models/rodpair_params.hpp"
#include "rodswarm/models/rodpair_stepper.hpp"

namespace rodswarm::rodpair {

struct Model : ModelParams<rodpair::Params> {
  static constexpr const char* name = "rodpair";

  /// n1 + n2 nodes (pose 12, body twist 6 each), n1 + n2 - 2 segments (rest strain 6), one contact (8 reals); the
  /// twin's pose, twist and contact, allocated when some member computes a Lyapunov exponent; signal: the spectrum's
  /// mode amplitude, one value every sample_steps steps from step 0 (none without analysis.spectrum). Scalars: the
  /// sum of the logs of the twin's growth factors and its distance after its last pull, in float64 whatever the
  /// precision.
  enum Extent : int { nodes, segments, contacts, samples };
  enum Field : int { pose, twist, rest, contact, twin_pose, twin_twist, twin_contact, signal };
  enum Scalar : int { lyapunov_log, lyapunov_gap };
  static constexpr std::array<ExtentSpec, 4> extents{{{"nodes"}, {"segments"}, {"contacts"}, {"samples"}}};
  static constexpr std::array<FieldSpec, 8> fields{{{"pose", nodes, 12, FieldRole::state},
                                                    {"twist", nodes, 6, FieldRole::state},
                                                    {"rest", segments, 6, FieldRole::input},
                                                    {"contact", contacts, contact_slots, FieldRole::state},
                                                    {"twin_pose", nodes, 12, FieldRole::state, true},
                                                    {"twin_twist", nodes, 6, FieldRole::state, true},
                                                    {"twin_contact", contacts, contact_slots, FieldRole::state, true},
                                                    {"signal", samples, 1, FieldRole::state}}};
  static constexpr std::array<ScalarSpec, 2> scalars{{{"lyapunov_log"}, {"lyapunov_gap"}}};
  template <class Real>
  static bool needs_field(int field, const Params<Real>& p) {
    return (field == twin_pose || field == twin_twist || field == twin_contact) && p.lyapunov != 0;
  }

  /// One thread per member, the state in place in global memory: every stage couples all nodes of both rods through
  /// the contact (the weights, the 3x3 reaction, the restore), so a member is one sequential unit and the ensemble
  /// supplies the parallelism, as for the rolling strings.
  static constexpr Layouts layouts{Placement::global, Placement::none, Placement::none, Placement::none};

  /// Both rods' nodes, one thread; node-steps of the member (its twin, when it has one, not counted); the
  /// workspace twice over with a twin.
  template <class Real>
  static RODSWARM_HD MemberSizes sizes(const Params<Real>& p) {
    const int n = p.rod1.n + p.rod2.n;
    return {n, 1, double(n), static_cast<int>(workspace_size(p.rod1.n, p.rod2.n) * (p.lyapunov != 0 ? 2 : 1))};
  }

  template <class Real, class Loop>
  static RODSWARM_HD lane::OutcomeOf<Real> advance(const Member<Model, Real>& m, Real dt, std::int64_t done,
                                                   std::int64_t todo, Real* work, const Loop&) {
    return advance_member(MemberIO<Real>{m.field[pose], m.field[twist], m.field[rest], m.field[contact]},
                          TwinIO<Real>{m.field[twin_pose], m.field[twin_twist], m.field[twin_contact],
                                       m.scalar[lyapunov_log], m.scalar[lyapunov_gap]},
                          SignalIO<Real>{m.field[signal], m.count[samples]}, *m.params, dt, done, todo, work);
  }

  /// The pair stepper branches on values (separation, a contact leaving a rod): one member per CPU thread.
  static constexpr bool lanes = false;
};

}  // namespace rodswarm::rodpair
