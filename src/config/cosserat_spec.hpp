/// @file cosserat_spec.hpp
/// A Cosserat config as plain structs (internal to the config layer): parsed from JSON once, then copied and edited
/// in place for each ensemble member, so that expansion never touches JSON. The schema is documented at the top of
/// cosserat_config.cpp, which reads it; cosserat_slots.cpp lists its varied numbers, cosserat_member.cpp checks and
/// builds a member.
#pragma once

#include <limits>
#include <vector>

#include "config/choices.hpp"
#include "config/param_table.hpp"
#include "config/cosserat_job.hpp"
#include "config/json_check.hpp"
#include "config/schema.hpp"

namespace rodswarm {
namespace config_detail {

enum class CosseratShape { straight, helix, points, ring };

inline const Kinds<CosseratShape> cosserat_initial_kinds{
    {CosseratShape::straight, "straight", {"origin", "direction", "normal", "spacing", "directions"}},
    {CosseratShape::helix, "helix", {"origin", "axis", "normal", "helix_radius", "pitch", "spacing"}},
    {CosseratShape::points, "points", {"points", "normals"}},
    {CosseratShape::ring, "ring", {"origin", "axis", "normal", "twist_turns", "spacing"}}};
inline const Choices<cosserat::EndKind> cosserat_end_kinds{{cosserat::EndKind::free, "free"},
                                                           {cosserat::EndKind::clamped, "clamped"},
                                                           {cosserat::EndKind::pinned, "pinned"},
                                                           {cosserat::EndKind::prescribed, "prescribed"},
                                                           {cosserat::EndKind::sliding, "sliding"}};

inline const Kinds<cosserat::GrowthLaw> cosserat_growth_laws(
    {{cosserat::GrowthLaw::none, "none", {}},
     {cosserat::GrowthLaw::exponential, "exponential", {"rate"}},
     {cosserat::GrowthLaw::table, "table", {"times", "values"}},
     {cosserat::GrowthLaw::lockhart, "lockhart", {"phi", "yield"}}},
    "law", "growth law");

struct CosseratMember;

/// One entry of params.loads as the config states it (law "wave" is split by "on" and "frame" into the model's
/// LoadLaw when read).
struct CosseratLoadSpec {
  cosserat::LoadLaw law = cosserat::LoadLaw::none;
  Vec3 vector{};  ///< wave: "amplitude"; drag: "coefficients"
  Vec3 flow{};    ///< drag
  double wavenumber = 0, angular_frequency = 0, phase = 0;
};

struct CosseratSpec : StepSpec {
  using Member = CosseratMember;
  /// The numbers of params that only the table reads (param_table.hpp: InTable), at their rows.
  TableValues table_values;
  TableValues initial_values;  ///< the use of the rows of `initial` (cosserat_initial)

  // params
  double n = 0, rods = 1;
  bool has_length = false;
  double length = 0;
  double radius = 0;
  double radius_end = std::numeric_limits<double>::quiet_NaN();  ///< NaN: absent (= radius)
  double density = 0, youngs_modulus = 0, shear_modulus = 0, shear_coefficient = 0;
  cosserat::Law law = cosserat::Law::variational;
  cosserat::Bending bending = cosserat::Bending::truncated;
  cosserat::EndKind end0 = cosserat::EndKind::free, end1 = cosserat::EndKind::free;
  cosserat::ConstraintMethod constraints = cosserat::ConstraintMethod::overwrite;
  double baumgarte = 0, damping_force = 0, damping_torque = 0;
  Vec3 g{}, force0{}, force1{}, couple0{}, couple1{}, force_density{}, couple_density{};
  Vec3 end_velocity0{}, end_velocity1{}, end_amplitude0{}, end_amplitude1{};
  double end_frequency0 = 0, end_frequency1 = 0, end_twist_rate0 = 0, end_twist_rate1 = 0;
  bool has_rest_curvature = false;
  Vec3 rest_curvature{};
  // The nested sections' kinds and their keys that are not numbers (their numbers: the table, table_values).
  bool has_slide[2] = {false, false};  ///< params.slide0, params.slide1 given
  cosserat::Slide slide[2] = {cosserat::Slide::line, cosserat::Slide::line};

  std::vector<CosseratLoadSpec> loads;  ///< params.loads

  cosserat::Foundation foundation = cosserat::Foundation::none;
  bool has_growth = false;
  cosserat::GrowthLaw growth = cosserat::GrowthLaw::none;
  std::vector<double> growth_times, growth_values;
  cosserat::MassRule mass_rule = cosserat::MassRule::density;
  bool has_contact = false, plane = false, self_contact = false;
  cosserat::Obstacle obstacle = cosserat::Obstacle::none;
  cosserat::Surface surface = cosserat::Surface::none;

  // initial
  CosseratShape shape = CosseratShape::straight;
  Vec3 origin{0, 0, 0}, direction{0, 0, 1}, normal{1, 0, 0};  ///< straight, helix (normal: d1 at node 0)
  Vec3 axis{0, 0, 1};                                         ///< helix
  double helix_radius = 0, pitch = 0;                         ///< helix
  double twist_turns = 0;                                     ///< ring: twist imposed on it, in turns
  Vec3 spacing{0, 0, 0};                                      ///< straight, helix
  bool has_directions = false;
  std::vector<Vec3> directions;       ///< straight: per rod
  std::vector<Vec3> points, normals;  ///< points
  bool has_perturbation = false;
  double perturbation_amplitude = 0, perturbation_mode = 1;
  std::vector<double> perturbation_amplitudes;  ///< a_m of modes 1, 2, ... (instead of amplitude and mode)
  bool has_perturbation_direction = false;
  Vec3 perturbation_direction{};
  Vec3 velocity{}, angular_velocity{};
  bool has_velocities = false, has_angular_velocities = false;
  std::vector<Vec3> velocities;          ///< per node, rod after rod (instead of velocity)
  std::vector<Vec3> angular_velocities;  ///< per element, body (instead of angular_velocity)

  // integrator (dt, t_end, divergence_factor: StepSpec)
  cosserat::Scheme scheme = cosserat::Scheme::verlet;
};

/// One member ready for cosserat::Ensemble::add.
struct CosseratMember : MemberSteps {
  cosserat::Params<double> params{};
  std::vector<double> x, v, Q, w, l0, radius, sigma, kappa, clamp;
  std::vector<double> growth;          ///< g = 1 for every element
  std::vector<double> rest_x, rest_Q;  ///< scratch: the rest shape before any perturbation
};

}  // namespace config_detail

RODSWARM_SCHEMA(cosserat::Model, config_detail::CosseratSpec)

}  // namespace rodswarm
