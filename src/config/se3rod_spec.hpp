/// @file se3rod_spec.hpp
/// An se3rod config as plain structs (internal to the config layer): parsed from JSON once, then copied and edited
/// in place for each ensemble member, so that expansion never touches JSON. The schema is documented at the top of
/// se3rod_config.cpp, which reads it; se3rod_slots.cpp lists its varied numbers, se3rod_member.cpp checks and builds
/// a member.
#pragma once

#include <vector>

#include "config/choices.hpp"
#include "config/param_table.hpp"
#include "config/json_check.hpp"
#include "config/schema.hpp"
#include "config/se3rod_job.hpp"

namespace rodswarm {
namespace config_detail {

enum class Se3rodShape { straight, helix, points };
enum class Se3rodRest { initial, straight };

inline const Kinds<Se3rodShape> se3rod_initial_kinds{
    {Se3rodShape::straight, "straight", {"origin", "direction", "normal"}},
    {Se3rodShape::helix, "helix", {"origin", "axis", "normal", "helix_radius", "pitch"}},
    {Se3rodShape::points, "points", {"points", "normals"}}};
inline const Choices<se3rod::End> se3rod_end_kinds{{se3rod::End::free, "free"},
                                                   {se3rod::End::clamped, "clamped"},
                                                   {se3rod::End::pinned, "pinned"},
                                                   {se3rod::End::prescribed, "prescribed"}};
inline const Choices<se3rod::Scheme> se3rod_schemes{{se3rod::Scheme::rkmk4, "rkmk4"},
                                                    {se3rod::Scheme::lie_euler, "lie_euler"},
                                                    {se3rod::Scheme::variational, "variational"}};
inline const Choices<se3rod::Contact> se3rod_contacts{{se3rod::Contact::none, "none"},
                                                      {se3rod::Contact::plane, "plane"}};
inline const Choices<Se3rodRest> se3rod_rest_kinds{{Se3rodRest::initial, "initial"},
                                                   {Se3rodRest::straight, "straight"}};

struct Se3rodMember;

struct Se3rodSpec : StepSpec {
  using Member = Se3rodMember;
  /// The numbers of params that only the table reads (param_table.hpp: InTable), at their rows.
  TableValues table_values;
  TableValues initial_values;  ///< the use of the rows of `initial` (se3rod_initial)

  // params
  double n = 0;
  bool has_length = false;
  double length = 0, radius = 0, density = 0, youngs_modulus = 0, shear_modulus = 0, shear_coefficient = 0;
  se3rod::End end0 = se3rod::End::free, end1 = se3rod::End::free;
  double damping_force = 0, damping_torque = 0;
  Vec3 g{}, force0{}, force1{}, couple0{}, couple1{}, force_density{}, couple_density{};
  Vec3 end_velocity[2] = {}, end_angular_velocity[2] = {};  ///< prescribed ends: lab frame at t = 0
  Se3rodRest rest = Se3rodRest::initial;
  double tension = 0;  ///< N: the axial force the initial shape carries besides its rest shape's
  se3rod::Contact contact = se3rod::Contact::none;
  Vec3 plane_normal{0, 0, 1};  ///< contact "plane": raw (normalised per member)
  double plane_offset = 0;

  // initial: shape
  Se3rodShape shape = Se3rodShape::straight;
  Vec3 origin{0, 0, 0}, direction{0, 0, 1}, normal{1, 0, 0};  ///< straight and helix ("axis" is direction)
  double helix_radius = 0, pitch = 0;                         ///< helix
  std::vector<Vec3> points, normals;                          ///< points
  // initial: motion
  Vec3 velocity{}, angular_velocity{};

  // integrator (dt, t_end, divergence_factor: StepSpec)
  se3rod::Scheme scheme = se3rod::Scheme::rkmk4;
};

/// One member ready for Ensemble::add.
struct Se3rodMember : MemberSteps {
  se3rod::Params<double> params{};
  std::vector<double> pose, twist, rest;  ///< 12 and 6 per node, 6 per segment
};

class MemberChecker;

/// One rod's pieces of the schema, for se3rod and for each rod of a two-rod member (rodpair): keys and messages
/// carry `prefix` ("" for se3rod, "rod1." for a pair's first rod; a MemberChecker's own prefix for build).
/// params' keys, without the plane's where `plane_contact` is false.
std::vector<std::string> se3rod_params_keys(bool plane_contact);
void read_se3rod_params(const ObjectReader& params, Se3rodSpec& spec);
/// `rod`: "" for se3rod, "rod1." or "rod2." for a rod of a pair.
void read_se3rod_initial(const json& initial, const std::string& rod, const std::string& source, Se3rodSpec& spec);
/// params.length given where the initial kind needs it, and only there.
void check_se3rod_length(const Se3rodSpec& spec, const std::string& prefix, const std::string& source);
void se3rod_rod_numbers(Se3rodSpec& s, const NumberSlots& slots, const std::string& prefix);
std::vector<Unvaried> se3rod_rod_unvaried(const Se3rodSpec& s, const std::string& prefix);
/// The range rules of params and initial, and the member's params (divergence bound from spec.divergence_factor),
/// poses, twists and rest strains; not its dt and t_end.
void build_se3rod_rod(const Se3rodSpec& spec, const MemberChecker& check, Se3rodMember& out);

}  // namespace config_detail

RODSWARM_SCHEMA(se3rod::Model, config_detail::Se3rodSpec)

}  // namespace rodswarm
