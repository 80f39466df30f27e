/// @file cosserat_spec.hpp
/// A Cosserat config as plain structs (internal to the config layer): parsed from JSON once, then copied and edited
/// in place for each ensemble member, so that expansion never touches JSON. The schema is documented at the top of
/// cosserat_config.cpp.
#pragma once

#include <array>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/cosserat_job.hpp"

namespace rodswarm::config_detail {

enum class CosseratShape { straight, helix, points };

using CVec3 = std::array<double, 3>;

/// The numeric content of params, initial and integrator, types checked, ranges not yet. Every number that
/// `ensemble.vary` may address is a double here (params.n, params.rods and initial.perturbation.mode too: their
/// integrality is checked per member).
struct CosseratSpec {
  // params
  double n = 0, rods = 1;
  bool has_length = false;
  double length = 0;
  double radius = 0;
  double radius_end = std::numeric_limits<double>::quiet_NaN();  ///< NaN: absent (= radius)
  double density = 0, youngs_modulus = 0, shear_modulus = 0, shear_coefficient = 0;
  cosserat::Law law = cosserat::Law::variational;
  cosserat::EndKind end0 = cosserat::EndKind::free, end1 = cosserat::EndKind::free;
  cosserat::ConstraintMethod constraints = cosserat::ConstraintMethod::overwrite;
  double baumgarte = 0, damping_force = 0, damping_torque = 0;
  CVec3 g{}, force0{}, force1{}, couple0{}, couple1{}, force_density{}, couple_density{};
  CVec3 end_velocity0{}, end_velocity1{}, end_amplitude0{}, end_amplitude1{};
  double end_frequency0 = 0, end_frequency1 = 0, end_twist_rate0 = 0, end_twist_rate1 = 0;
  bool has_rest_curvature = false;
  CVec3 rest_curvature{};

  // params.growth
  bool has_growth = false;
  cosserat::GrowthLaw growth = cosserat::GrowthLaw::none;
  double growth_rate = 0, growth_zone = 1, lockhart_phi = 0, lockhart_yield = 0;
  std::vector<double> growth_times, growth_values;
  CVec3 curvature_rate{};
  cosserat::MassRule mass_rule = cosserat::MassRule::density;

  // params.contact
  bool has_contact = false;
  double contact_stiffness = 0, contact_damping = 0, contact_exponent = 1;
  bool plane = false;
  CVec3 plane_point{}, plane_normal{0, 0, 1}, mu_static{}, mu_kinetic{};
  double slip_velocity = 1e-4;
  cosserat::Obstacle obstacle = cosserat::Obstacle::none;
  CVec3 obstacle_center{}, obstacle_axis{0, 0, 1};
  double obstacle_radius = 0;
  bool self_contact = false;

  // params.surface
  cosserat::Surface surface = cosserat::Surface::none;
  CVec3 surface_point{}, surface_normal{0, 0, 1};
  double surface_radius = 0;

  // initial
  CosseratShape shape = CosseratShape::straight;
  CVec3 origin{0, 0, 0}, direction{0, 0, 1}, normal{1, 0, 0};  ///< straight, helix (normal: d1 at node 0)
  CVec3 axis{0, 0, 1};                                         ///< helix
  double helix_radius = 0, pitch = 0;                          ///< helix
  CVec3 spacing{0, 0, 0};                                      ///< straight, helix
  bool has_directions = false;
  std::vector<CVec3> directions;       ///< straight: per rod
  std::vector<CVec3> points, normals;  ///< points
  bool has_perturbation = false;
  double perturbation_amplitude = 0, perturbation_mode = 1;
  bool has_perturbation_direction = false;
  CVec3 perturbation_direction{};
  CVec3 velocity{}, angular_velocity{};

  // integrator
  cosserat::Scheme scheme = cosserat::Scheme::verlet;
  double dt = 0, t_end = 0, divergence_factor = 1000;
};

/// Reads params, initial and integrator: unknown keys, missing required keys and wrong types are errors.
CosseratSpec parse_cosserat_spec(const nlohmann::json& config, const std::string& source);

/// Reads precision, output, compare and steady into `job` (these are not varied, so ranges are checked here).
void parse_cosserat_run_settings(const nlohmann::json& config, const std::string& source, CosseratJob& job);

/// One member ready for cosserat::Ensemble::add.
struct CosseratMember {
  cosserat::Params<double> params{};
  double dt = 0, t_end = 0;
  std::vector<double> x, v, Q, w, l0, radius, sigma, kappa, clamp;
  std::vector<double> growth;          ///< g = 1 for every element
  std::vector<double> rest_x, rest_Q;  ///< scratch: the rest shape before any perturbation
};

/// Checks every range rule on `spec` (positive material constants, whole number of steps, table rules, friction
/// coefficients, ...), builds the rest shape, its rest strains, the (perturbed) initial state and the clamp data,
/// and fills `out`. Throws ConfigError(source, key, what) on the first violation. `save_every` is
/// output.save_every, which must be a whole number of this member's steps.
void build_cosserat_member(const CosseratSpec& spec, double save_every, const std::string& source, CosseratMember& out);

/// Where a varied number lives in a CosseratSpec.
struct CosseratSlot {
  double* target = nullptr;
  bool is_integer = false;  ///< params.n, params.rods, initial.perturbation.mode: only integral values
};

/// Resolves a `vary` key (as written) to the number it addresses in `spec`. `error_key` names the key in messages.
/// Keys that do not exist, are not numbers or are outside params, initial and integrator are errors, with the
/// nearest numeric key suggested.
CosseratSlot resolve_cosserat_slot(CosseratSpec& spec, const std::string& key, const std::string& error_key,
                                   const std::string& source);

/// Every key resolve_cosserat_slot accepts for `spec`, in schema order (for suggestions).
std::vector<std::string> cosserat_numeric_keys(const CosseratSpec& spec);

}  // namespace rodswarm::config_detail
