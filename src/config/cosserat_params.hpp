/// @file cosserat_params.hpp
/// Model cosserat's numeric parameters, declared once (param_table.hpp): the `params` section's keys, defaults,
/// ranges, units and docs, where each lands in cosserat::Params and its results column. A new parameter is a member
/// of Params (include/rodswarm/models/cosserat_params.hpp) and a row here. What depends on other keys stays in
/// cosserat_config.cpp and cosserat_member.cpp: the choices (law, bending, ends, constraints), the length the initial
/// kind needs, a ring's ends, a prescribed end's motion keys, the kinds of the nested sections (slides, foundation,
/// growth, contact, surface: their numbers are rows here), the growth table and the loads.
#pragma once

#include "config/cosserat_spec.hpp"
#include "config/member_checker.hpp"
#include "config/param_table.hpp"

namespace rodswarm::config_detail {

/// Most elements (or rods) a member may have in one count; their product is bounded by max_member_beads.
inline constexpr double cosserat_max_elements = 1 << 24;

inline const ParamTable<CosseratSpec, cosserat::Params<double>>& cosserat_params() {
  using S = CosseratSpec;
  using P = cosserat::Params<double>;
  using R = ParamRange;
  const Vec3 zero{0, 0, 0}, up{0, 0, 1};
  const double most = cosserat_max_elements;
  // key, spec, default (nullopt: required), range, lo, hi, unit, doc, Params member, varied, results column,
  // column value, and what an integer's range error says it is
  static const ParamTable<S, P> table = {
      {"n", &S::n, std::nullopt, R::integer, 2, most, "", "elements per rod", &P::n, true, "n", nullptr,
       "elements per rod"},
      {"rods", &S::rods, 1.0, R::integer, 1, most, "", "rods per member (an assembly)", &P::rods, true, "rods"},
      {"length", &S::length, optional_param, R::positive, 0, 0, "m",
       "rest length of each rod (initial kinds straight, helix and ring; points: the chords)", std::monostate{}},
      {"radius", &S::radius, std::nullopt, R::positive, 0, 0, "m", "radius (at node 0's end when tapered)",
       std::monostate{}},
      {"radius_end", &S::radius_end, optional_varied_param, R::positive, 0, 0, "m",
       "radius at node n's end, linear in arc length between (absent: radius)", std::monostate{}},
      {"density", &S::density, std::nullopt, R::positive, 0, 0, "kg/m^3", "mass density", &P::rho, true, "density"},
      {"youngs_modulus", &S::youngs_modulus, std::nullopt, R::positive, 0, 0, "Pa", "Young's modulus E", &P::E, true,
       "youngs_modulus"},
      {"shear_modulus", &S::shear_modulus, std::nullopt, R::positive, 0, 0, "Pa", "shear modulus G", &P::G, true,
       "shear_modulus"},
      {"shear_coefficient", &S::shear_coefficient, std::nullopt, R::positive, 0, 0, "",
       "Timoshenko's shear coefficient kappa_s", &P::shear_coeff, true, "shear_coefficient"},
      {"baumgarte", &S::baumgarte, 0.0, R::non_negative, 0, 0, "1/s", "rate of the Udwadia-Kalaba rows (0: 1 / (5 dt))",
       &P::baumgarte},
      {"damping_force", &S::damping_force, 0.0, R::non_negative, 0, 0, "1/s", "nu_f: force -nu_f m v on every node",
       &P::damping_force, true, "damping_force"},
      {"damping_torque", &S::damping_torque, 0.0, R::non_negative, 0, 0, "1/s",
       "nu_t: couple -nu_t J w on every element", &P::damping_torque, true, "damping_torque"},
      {"g", &S::g, zero, R::finite, 0, 0, "m/s^2", "gravitational acceleration (lab)", &P::g, true, "g"},
      {"force0", &S::force0, zero, R::finite, 0, 0, "N", "force on node 0 of each rod (lab)", &P::force0},
      {"force1", &S::force1, zero, R::finite, 0, 0, "N", "force on node n of each rod (lab)", &P::force1, true,
       "force1"},
      {"couple0", &S::couple0, zero, R::finite, 0, 0, "N m", "couple on element 0 of each rod (lab)", &P::couple0},
      {"couple1", &S::couple1, zero, R::finite, 0, 0, "N m", "couple on element n - 1 of each rod (lab)", &P::couple1},
      {"force_density", &S::force_density, zero, R::finite, 0, 0, "N/m", "force per rest length (lab)",
       &P::force_density},
      {"couple_density", &S::couple_density, zero, R::finite, 0, 0, "N m/m", "couple per rest length (lab)",
       &P::couple_density},
      {"end_velocity0", &S::end_velocity0, zero, R::finite, 0, 0, "m/s", "prescribed end 0: velocity u",
       &P::end_velocity0},
      {"end_velocity1", &S::end_velocity1, zero, R::finite, 0, 0, "m/s", "prescribed end 1: velocity u",
       &P::end_velocity1},
      {"end_amplitude0", &S::end_amplitude0, zero, R::finite, 0, 0, "m", "prescribed end 0: amplitude a",
       &P::end_amplitude0},
      {"end_amplitude1", &S::end_amplitude1, zero, R::finite, 0, 0, "m", "prescribed end 1: amplitude a",
       &P::end_amplitude1},
      {"end_frequency0", &S::end_frequency0, 0.0, R::non_negative, 0, 0, "Hz",
       "prescribed end 0: x = x0 + u t + a sin(2 pi f t)", &P::end_frequency0},
      {"end_frequency1", &S::end_frequency1, 0.0, R::non_negative, 0, 0, "Hz",
       "prescribed end 1: x = x0 + u t + a sin(2 pi f t)", &P::end_frequency1},
      {"end_twist_rate0", &S::end_twist_rate0, 0.0, R::finite, 0, 0, "rad/s",
       "prescribed end 0: its frame turns about d3 at this rate", &P::end_twist_rate0},
      {"end_twist_rate1", &S::end_twist_rate1, 0.0, R::finite, 0, 0, "rad/s",
       "prescribed end 1: its frame turns about d3 at this rate", &P::end_twist_rate1},
      // A sliding end's line (kind line) or plane (kind plane), through its clamp point.
      {"slide0.direction", InTable3{}, std::nullopt, R::direction, 0, 0, "", "kind line: the line end 0 slides on",
       &P::slide_direction0},
      {"slide0.normal", InTable3{}, std::nullopt, R::direction, 0, 0, "",
       "kind plane: the normal of the plane end 0 slides on", &P::slide_direction0},
      {"slide1.direction", InTable3{}, std::nullopt, R::direction, 0, 0, "", "kind line: the line end 1 slides on",
       &P::slide_direction1},
      {"slide1.normal", InTable3{}, std::nullopt, R::direction, 0, 0, "",
       "kind plane: the normal of the plane end 1 slides on", &P::slide_direction1},
      // An elastic (Winkler) foundation pulling every node back to a plane (kind plane) or a line (kind line).
      {"foundation.stiffness", InTable{}, std::nullopt, R::non_negative, 0, 0, "N/m^2",
       "force per rest length per unit displacement", &P::foundation_stiffness},
      {"foundation.damping", InTable{}, 0.0, R::non_negative, 0, 0, "N s/m^2", "the same per unit transverse speed",
       &P::foundation_damping},
      {"foundation.point", InTable3{}, zero, R::finite, 0, 0, "m", "a point of the plane or line",
       &P::foundation_point},
      {"foundation.normal", InTable3{}, up, R::direction, 0, 0, "", "kind plane: the plane's normal",
       &P::foundation_direction},
      {"foundation.direction", InTable3{}, up, R::direction, 0, 0, "", "kind line: the line's direction",
       &P::foundation_direction},
      // Growth in the zone next to end 1 (law exponential, table or lockhart; the table's points are code).
      {"growth.zone", InTable{}, 1.0, R::fraction, 0, 1, "", "fraction of the rod, back from end 1, that grows",
       &P::growth_zone, true, nullptr, nullptr, "the growing fraction of the rod"},
      {"growth.curvature_rate", InTable3{}, zero, R::finite, 0, 0, "1/(m s)",
       "rate of the rest curvature in the growth zone (body)", &P::curvature_rate},
      {"growth.rate", InTable{}, 0.0, R::finite, 0, 0, "1/s", "law exponential: g = exp(rate t)", &P::growth_rate},
      {"growth.phi", InTable{}, 0.0, R::non_negative, 0, 0, "1/(Pa s)", "law lockhart: extensibility phi",
       &P::lockhart_phi},
      {"growth.yield", InTable{}, 0.0, R::non_negative, 0, 0, "Pa", "law lockhart: yield stress Y", &P::lockhart_yield},
      // Penalty contact with a ground plane, an obstacle (kind sphere or cylinder) and the member itself.
      {"contact.stiffness", InTable{}, 0.0, R::non_negative, 0, 0, "N/m^p", "k_c (0: no contact)",
       &P::contact_stiffness},
      {"contact.damping", InTable{}, 0.0, R::non_negative, 0, 0, "N s/m", "c_c while penetrating", &P::contact_damping},
      {"contact.exponent", InTable{}, 1.0, R::at_least, 1, 0, "", "p of the force k_c d^p", &P::contact_exponent, true,
       nullptr, nullptr, "1: linear, 1.5: Hertz-like"},
      {"contact.plane.point", InTable3{}, zero, R::finite, 0, 0, "m", "a point of the ground plane", &P::plane_point},
      {"contact.plane.normal", InTable3{}, up, R::direction, 0, 0, "", "the ground plane's normal", &P::plane_normal},
      {"contact.plane.mu_static", InTable3{}, zero, R::non_negative, 0, 0, "",
       "static friction (forward along +d3, backward, lateral)", &P::mu_static},
      {"contact.plane.mu_kinetic", InTable3{}, zero, R::non_negative, 0, 0, "",
       "kinetic friction (forward, backward, lateral; at most the static)", &P::mu_kinetic},
      {"contact.plane.slip_velocity", InTable{}, 1e-4, R::positive, 0, 0, "m/s",
       "regularisation speed of Coulomb friction", &P::slip_velocity},
      {"contact.obstacle.center", InTable3{}, zero, R::finite, 0, 0, "m",
       "the sphere's centre, or a point of the cylinder's axis", &P::obstacle_center},
      {"contact.obstacle.axis", InTable3{}, up, R::direction, 0, 0, "", "kind cylinder: its axis", &P::obstacle_axis},
      {"contact.obstacle.radius", InTable{}, std::nullopt, R::positive, 0, 0, "m", "the obstacle's radius",
       &P::obstacle_radius},
      // A surface confining every free node: kind plane, sphere or cylinder.
      {"surface.point", InTable3{}, zero, R::finite, 0, 0, "m",
       "the plane's point, the sphere's centre or a point of the cylinder's axis", &P::surface_point},
      {"surface.normal", InTable3{}, up, R::direction, 0, 0, "",
       "kinds plane and cylinder: the plane's normal or the axis", &P::surface_normal},
      {"surface.radius", InTable{}, std::nullopt, R::positive, 0, 0, "m", "kinds sphere and cylinder: the radius",
       &P::surface_radius},
  };
  return table;
}

/// The numbers of `initial`: the shape's (the kinds that take each: cosserat_initial_kinds) and the uniform motion.
/// The lists (points, normals, directions, velocities, angular_velocities) and the perturbation are code.
inline const ParamTable<CosseratSpec, cosserat::Params<double>>& cosserat_initial() {
  using S = CosseratSpec;
  using R = ParamRange;
  const Vec3 zero{0, 0, 0}, up{0, 0, 1}, across{1, 0, 0};
  const std::monostate built{};  // the initial state is built from these, not landed in Params
  static const ParamTable<S, cosserat::Params<double>> table(
      {
          {"origin", &S::origin, zero, R::finite, 0, 0, "m", "node 0 of rod 0 (straight, helix, ring)", built},
          {"direction", &S::direction, up, R::direction, 0, 0, "", "straight: every rod's d3", built},
          {"normal", &S::normal, across, R::finite, 0, 0, "", "d1 at node 0, made perpendicular to d3 or the axis",
           built},
          {"axis", &S::axis, up, R::direction, 0, 0, "", "helix, ring: the axis", built},
          {"helix_radius", &S::helix_radius, std::nullopt, R::positive, 0, 0, "m", "helix: its radius", built},
          {"pitch", &S::pitch, 0.0, R::finite, 0, 0, "m", "helix: its rise per turn", built},
          {"twist_turns", &S::twist_turns, 0.0, R::finite, 0, 0, "", "ring: the twist imposed on it, in turns", built},
          {"spacing", &S::spacing, zero, R::finite, 0, 0, "m", "from one rod's node 0 to the next rod's", built},
          {"velocity", &S::velocity, zero, R::finite, 0, 0, "m/s", "every node's (or initial.velocities)", built},
          {"angular_velocity", &S::angular_velocity, zero, R::finite, 0, 0, "rad/s",
           "every element's, body (or initial.angular_velocities)", built},
      },
      "initial", &S::initial_values);
  return table;
}

}  // namespace rodswarm::config_detail
