/// @file se3rod_params.hpp
/// Model se3rod's numeric parameters (and each rod's of rodpair), declared once (param_table.hpp): the `params`
/// section's keys, defaults, ranges, units and docs, where each lands in se3rod::Params and its results column. A
/// new parameter is a member of Params (include/rodswarm/models/se3rod_params.hpp) and a row here. What depends on
/// other keys stays in se3rod_config.cpp and se3rod_member.cpp: the choices (ends, rest, contact), the length the
/// initial kind needs, the tension bounded by E A, a prescribed end's motion and the contact plane.
#pragma once

#include "config/member_checker.hpp"
#include "config/param_table.hpp"
#include "config/se3rod_spec.hpp"

namespace rodswarm::config_detail {

inline const ParamTable<Se3rodSpec, se3rod::Params<double>>& se3rod_params() {
  using S = Se3rodSpec;
  using P = se3rod::Params<double>;
  using R = ParamRange;
  using Six = IntoSix<P>;
  const Vec3 zero{0, 0, 0};
  // key, spec, default (nullopt: required), range, lo, hi, unit, doc, Params member, varied, results column, and
  // the column's value where Params holds it otherwise (n: Params::n counts nodes; length: n h)
  static const ParamTable<S, P> table = {
      {"n", &S::n, std::nullopt, R::integer, 1, max_member_beads - 1, "", "segments (the rod has n + 1 nodes)",
       std::monostate{}, true, "n", [](const P& p) { return double(p.n - 1); }},
      {"length", &S::length, optional_param, R::positive, 0, 0, "m",
       "rest length (initial kinds straight and helix; points: the chords)", std::monostate{}, true, "length",
       [](const P& p) { return p.h * (p.n - 1); }},
      {"radius", &S::radius, std::nullopt, R::positive, 0, 0, "m", "radius of the circular section", &P::radius, true,
       "radius"},
      {"density", &S::density, std::nullopt, R::positive, 0, 0, "kg/m^3", "mass density", &P::density, true, "density"},
      {"youngs_modulus", &S::youngs_modulus, std::nullopt, R::positive, 0, 0, "Pa", "Young's modulus E",
       &P::youngs_modulus, true, "youngs_modulus"},
      {"shear_modulus", &S::shear_modulus, std::nullopt, R::positive, 0, 0, "Pa", "shear modulus G", &P::shear_modulus,
       true, "shear_modulus"},
      {"shear_coefficient", &S::shear_coefficient, std::nullopt, R::positive, 0, 0, "",
       "Timoshenko's shear coefficient kappa_s", &P::shear_coefficient, true, "shear_coefficient"},
      {"damping_force", &S::damping_force, 0.0, R::non_negative, 0, 0, "1/s",
       "nu_f: force -nu_f rho A D gamma on every node (body)", &P::damping_force, true, "damping_force"},
      {"damping_torque", &S::damping_torque, 0.0, R::non_negative, 0, 0, "1/s",
       "nu_t: torque -nu_t rho J D omega on every node (body)", &P::damping_torque, true, "damping_torque"},
      {"g", &S::g, zero, R::finite, 0, 0, "m/s^2", "gravitational acceleration (lab)", &P::gravity, true, "g"},
      {"force0", &S::force0, zero, R::finite, 0, 0, "N", "dead force on node 0 (lab)", Six{&P::load0, 3}},
      {"force1", &S::force1, zero, R::finite, 0, 0, "N", "dead force on node n (lab)", Six{&P::load1, 3}, true,
       "force1"},
      {"couple0", &S::couple0, zero, R::finite, 0, 0, "N m", "dead couple on node 0 (lab)", Six{&P::load0, 0}},
      {"couple1", &S::couple1, zero, R::finite, 0, 0, "N m", "dead couple on node n (lab)", Six{&P::load1, 0}, true,
       "couple1"},
      {"force_density", &S::force_density, zero, R::finite, 0, 0, "N/m", "dead force per rest length (lab)",
       Six{&P::distributed, 3}},
      {"couple_density", &S::couple_density, zero, R::finite, 0, 0, "N m/m", "dead couple per rest length (lab)",
       Six{&P::distributed, 0}},
  };
  return table;
}

/// The numbers of `initial`: the shape's (the kinds that take each: se3rod_initial_kinds) and the uniform motion.
/// The points kind's lists are code; a direction or axis is normalised by the shape's code (se3rod_member.cpp).
inline const ParamTable<Se3rodSpec, se3rod::Params<double>>& se3rod_initial() {
  using S = Se3rodSpec;
  using R = ParamRange;
  const Vec3 zero{0, 0, 0}, up{0, 0, 1};
  const std::monostate built{};  // the initial state is built from these, not landed in Params
  static const ParamTable<S, se3rod::Params<double>> table(
      {
          {"origin", &S::origin, zero, R::finite, 0, 0, "m", "node 0 (straight, helix)", built},
          {"direction", &S::direction, up, R::finite, 0, 0, "", "straight: the rod's d3 (not zero)", built},
          {"axis", &S::direction, up, R::finite, 0, 0, "", "helix: its axis (not zero)", built},
          {"normal", &S::normal, Vec3{1, 0, 0}, R::finite, 0, 0, "", "d1 at node 0, made perpendicular", built},
          {"helix_radius", &S::helix_radius, std::nullopt, R::positive, 0, 0, "m", "helix: its radius", built},
          {"pitch", &S::pitch, 0.0, R::finite, 0, 0, "m", "helix: its rise per turn", built},
          {"velocity", &S::velocity, zero, R::finite, 0, 0, "m/s", "every node's", built},
          {"angular_velocity", &S::angular_velocity, zero, R::finite, 0, 0, "rad/s", "every node's", built},
      },
      "initial", &S::initial_values);
  return table;
}

}  // namespace rodswarm::config_detail
