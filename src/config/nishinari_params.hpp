/// @file nishinari_params.hpp
/// Model nishinari's numeric parameters, declared once (param_table.hpp): the `params` section's keys, defaults,
/// ranges, units and docs, where each lands in nishinari::Params and its results column. A new parameter is a
/// member of Params (include/rodswarm/models/nishinari_params.hpp) and a row here. The choices (ends, formulation,
/// twist_moment) are read in nishinari_config.cpp.
#pragma once

#include "config/member_checker.hpp"
#include "config/nishinari_spec.hpp"
#include "config/param_table.hpp"

namespace rodswarm::config_detail {

inline const ParamTable<NishinariSpec, nishinari::Params<double>>& nishinari_params() {
  using S = NishinariSpec;
  using P = nishinari::Params<double>;
  using R = ParamRange;
  const Vec3 zero{0, 0, 0};
  // key, spec, default (nullopt: required), range, lo, hi, unit, doc, Params member, varied, results column
  static const ParamTable<S, P> table = {
      {"n", &S::n, std::nullopt, R::integer, 3, max_member_beads, "", "beads", &P::n, true, "n"},
      {"l", &S::l, std::nullopt, R::positive, 0, 0, "m", "rest length of a segment", &P::l, true, "l"},
      {"m", &S::m, std::nullopt, R::positive, 0, 0, "kg", "mass of a bead", &P::m, true, "m"},
      {"k", &S::k, std::nullopt, R::positive, 0, 0, "N", "axial stiffness EZ: N = k (G - l) / l", &P::k, true, "k"},
      {"K", &S::K, std::nullopt, R::non_negative, 0, 0, "N m^2", "bending stiffness EI", &P::K, true, "K"},
      {"h", &S::h, std::nullopt, R::non_negative, 0, 0, "N m^2", "twist stiffness GJ", &P::h, true, "h"},
      {"j", &S::j, std::nullopt, R::positive, 0, 0, "kg m", "spin inertia of a segment about its tangent (2 rho I l)",
       &P::j, true, "j"},
      {"damping", &S::damping, 0.0, R::non_negative, 0, 0, "kg/s", "viscous force -damping v on every bead",
       &P::damping, true, "damping"},
      {"spin_damping", &S::spin_damping, 0.0, R::non_negative, 0, 0, "kg m/s",
       "viscous torque -spin_damping C_s on every segment", &P::spin_damping, true, "spin_damping"},
      {"g", &S::g, zero, R::finite, 0, 0, "m/s^2", "gravitational acceleration", &P::g, true, "g"},
      {"load0", &S::load0, zero, R::finite, 0, 0, "N", "constant force on bead 0", &P::load0, true, "load0"},
      {"load1", &S::load1, zero, R::finite, 0, 0, "N", "constant force on bead n - 1", &P::load1, true, "load1"},
  };
  return table;
}

/// The numbers of `initial`: the shape's (the kinds that take each: nishinari_initial_kinds), the uniform motion and
/// the twist pulse. The lists (points, normals, velocities, spins) are code.
inline const ParamTable<NishinariSpec, nishinari::Params<double>>& nishinari_initial() {
  using S = NishinariSpec;
  using R = ParamRange;
  const Vec3 zero{0, 0, 0};
  const std::monostate built{};  // the initial state is built from these, not landed in Params
  static const ParamTable<S, nishinari::Params<double>> table(
      {
          {"origin", &S::origin, zero, R::finite, 0, 0, "m", "bead 0", built},
          {"direction", &S::direction, Vec3{1, 0, 0}, R::direction, 0, 0, "", "the first segment's tangent", built},
          {"normal", &S::normal, Vec3{0, 1, 0}, R::finite, 0, 0, "", "the first segment's normal, made perpendicular",
           built},
          {"stretch", &S::stretch, 1.0, R::positive, 0, 0, "", "G / l: every segment's length over its rest length",
           built},
          {"dphi", &S::dphi, 0.0, R::finite, 0, 0, "rad",
           "helix: the relative Euler angles from one segment to the next", built},
          {"dtheta", &S::dtheta, 0.0, R::finite, 0, 0, "rad", "helix: the same, |dtheta| < pi/2", built},
          {"dpsi", &S::dpsi, 0.0, R::finite, 0, 0, "rad", "helix: the same", built},
          {"velocity", &S::velocity, zero, R::finite, 0, 0, "m/s", "every free bead's (or initial.velocities)", built},
          {"spin", &S::spin, 0.0, R::finite, 0, 0, "rad/s", "every segment's spin C_s (or initial.spins)", built},
          {"twist_pulse.center", &S::pulse_center, std::nullopt, R::finite, 0, 0, "", "the pulse's centre, in segments",
           built},
          {"twist_pulse.width", &S::pulse_width, std::nullopt, R::positive, 0, 0, "", "its width, in segments", built},
          {"twist_pulse.angle", &S::pulse_angle, 0.0, R::finite, 0, 0, "rad", "the normals turned by at its centre",
           built},
          {"twist_pulse.rate", &S::pulse_rate, 0.0, R::finite, 0, 0, "rad/s", "the spin added at its centre", built},
      },
      "initial", &S::initial_values);
  return table;
}

}  // namespace rodswarm::config_detail
