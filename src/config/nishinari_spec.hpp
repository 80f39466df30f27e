/// @file nishinari_spec.hpp
/// A Nishinari config as plain structs (internal to the config layer): parsed from JSON once, then copied and
/// edited in place for each ensemble member, so that expansion never touches JSON. The schema is documented at the
/// top of nishinari_config.cpp, which reads it; nishinari_slots.cpp lists its varied numbers, nishinari_member.cpp
/// checks and builds a member.
#pragma once

#include <vector>

#include "config/choices.hpp"
#include "config/param_table.hpp"
#include "config/json_check.hpp"
#include "config/nishinari_job.hpp"
#include "config/schema.hpp"

namespace rodswarm {
namespace config_detail {

enum class NishinariShape { straight, helix, points };

inline const Kinds<NishinariShape> nishinari_initial_kinds{
    {NishinariShape::straight, "straight", {"origin", "direction", "normal", "stretch"}},
    {NishinariShape::helix, "helix", {"origin", "direction", "normal", "stretch", "dphi", "dtheta", "dpsi"}},
    {NishinariShape::points, "points", {"points", "normals"}}};
inline const Choices<nishinari::EndKind> nishinari_end_kinds{{nishinari::EndKind::free, "free"},
                                                             {nishinari::EndKind::clamped, "clamped"},
                                                             {nishinari::EndKind::pinned, "pinned"}};

struct NishinariMember;

struct NishinariSpec : StepSpec {
  using Member = NishinariMember;
  /// The numbers of params that only the table reads (param_table.hpp: InTable), at their rows.
  TableValues table_values;
  TableValues initial_values;  ///< the use of the rows of `initial` (nishinari_initial)

  // params
  double n = 0, l = 0, m = 0, k = 0, K = 0, h = 0, j = 0, damping = 0, spin_damping = 0;
  Vec3 g{}, load0{}, load1{};
  nishinari::EndKind end0 = nishinari::EndKind::free, end1 = nishinari::EndKind::free;
  nishinari::Formulation formulation = nishinari::Formulation::intrinsic;
  nishinari::TwistMoment twist_moment = nishinari::TwistMoment::conservative;

  // initial: shape
  NishinariShape shape = NishinariShape::straight;
  Vec3 origin{0, 0, 0}, direction{1, 0, 0}, normal{0, 1, 0};  ///< straight, helix
  double stretch = 1;                                         ///< straight, helix
  double dphi = 0, dtheta = 0, dpsi = 0;                      ///< helix
  std::vector<Vec3> points, normals;                          ///< points
  // initial: motion (every kind)
  Vec3 velocity{};               ///< uniform bead velocity (when velocities is absent)
  std::vector<Vec3> velocities;  ///< per bead
  bool has_velocities = false;
  double spin = 0;            ///< uniform C_s (when spins is absent)
  std::vector<double> spins;  ///< per segment
  bool has_spins = false;
  bool has_twist_pulse = false;
  double pulse_center = 0, pulse_width = 0, pulse_angle = 0, pulse_rate = 0;

  // integrator: rk4 only; dt, t_end, divergence_factor: StepSpec
};

/// One member ready for Ensemble::add.
struct NishinariMember : MemberSteps {
  nishinari::Params<double> params{};
  std::vector<double> r, v, normal, spin;  ///< 3 n, 3 n, 3 (n-1), n-1
  std::vector<double> frames;              ///< scratch: the frame (t, n, b) of every segment, 9 per segment
};

}  // namespace config_detail

RODSWARM_SCHEMA(nishinari::Model, config_detail::NishinariSpec)

}  // namespace rodswarm
