/// @file nishinari_spec.hpp
/// A Nishinari config as plain structs (internal to the config layer): parsed from JSON once, then copied and
/// edited in place for each ensemble member, so that expansion never touches JSON. The schema is documented at the
/// top of nishinari_config.cpp.
#pragma once

#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/nishinari_job.hpp"

namespace rodswarm::config_detail {

enum class NishinariShape { straight, helix, points };

using Vec3 = std::array<double, 3>;

/// The numeric content of params, initial and integrator, types checked, ranges not yet. Every number that
/// `ensemble.vary` may address is a double here (params.n too: its integrality is checked per member).
struct NishinariSpec {
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

  // integrator (scheme: rk4 only)
  double dt = 0, t_end = 0, divergence_factor = 1000;
};

/// Reads params, initial and integrator: unknown keys, missing required keys and wrong types are errors.
NishinariSpec parse_nishinari_spec(const nlohmann::json& config, const std::string& source);

/// Reads precision, output and compare into `job` (these are not varied, so ranges are checked here).
void parse_nishinari_run_settings(const nlohmann::json& config, const std::string& source, NishinariJob& job);

/// One member ready for Ensemble::add.
struct NishinariMember {
  nishinari::Params<double> params{};
  double dt = 0, t_end = 0;
  std::vector<double> r, v, normal, spin;  ///< 3 n, 3 n, 3 (n-1), n-1
  std::vector<double> frames;              ///< scratch: the frame (t, n, b) of every segment, 9 per segment
};

/// Checks every range rule on `spec` (positive mass, whole number of steps, normals not parallel, ...), builds the
/// initial shape and fills `out`. Throws ConfigError(source, key, what) on the first violation. `save_every` is
/// output.save_every, which must be a whole number of this member's steps.
void build_nishinari_member(const NishinariSpec& spec, double save_every, const std::string& source,
                            NishinariMember& out);

/// Where a varied number lives in a NishinariSpec.
struct NishinariSlot {
  double* target = nullptr;
  bool is_integer = false;  ///< params.n: only integral values
};

/// Resolves a `vary` key (as written) to the number it addresses in `spec`. `error_key` names the key in
/// messages ("ensemble.vary.params.K"). Keys that do not exist, are not numbers or are outside params, initial and
/// integrator are errors, with the nearest numeric key suggested.
NishinariSlot resolve_nishinari_slot(NishinariSpec& spec, const std::string& key, const std::string& error_key,
                                     const std::string& source);

/// Every key resolve_nishinari_slot accepts for `spec`, in schema order (for suggestions).
std::vector<std::string> nishinari_numeric_keys(const NishinariSpec& spec);

}  // namespace rodswarm::config_detail
