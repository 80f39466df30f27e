/// @file cosserat_config.cpp
/// JSON to CosseratSpec and run settings: the shape of the Cosserat schema (which keys, which types). Value ranges
/// that an ensemble can change are checked per member in cosserat_member.cpp. The model and its discrete choices:
/// docs/models/cosserat.md and docs/cosserat_discretisation.md.
///
/// Schema of model "cosserat" (SI units; defaults in parentheses; every key not listed is an error, with the
/// nearest valid key suggested):
///
///   "model": "cosserat", "precision": "float64" | "float32" ("float64"),
///   "params": {
///     "n": integer >= 2 (required): elements per rod, "rods": integer >= 1 (1): rods per member (an assembly),
///     "length": > 0: rest length of each rod; required for initial kinds "straight" and "helix", an error for
///         "points" (the rest lengths are the points' chord lengths there),
///     "radius": > 0 (required), "radius_end": > 0 (= radius): the radius is linear in arc length, element i has
///         radius + (radius_end - radius) s_i / L at its midpoint s_i ((i + 1/2) L / n for equal elements),
///     "density", "youngs_modulus", "shear_modulus", "shear_coefficient" (kappa_s): > 0 (all required),
///     "law": "variational" | "pyelastica" ("variational"),
///     "bending": "truncated" | "exact" ("truncated"): the elements' bending and twisting couples, the continuum's
///         (the discrete energy's gradient to second order in the joint angles) or the energy's exact gradient
///         (dexp^-T), with which the discrete rod conserves its energy (law "variational" only),
///     "ends": [END0, END1], each "free" | "clamped" | "pinned" | "prescribed" | "sliding" (["free", "free"]),
///     "slide0", "slide1": { "kind": "line" | "plane" (required), line: "direction": [3] (required), plane: "normal":
///         [3] (required) } (nonzero, normalised): required for a "sliding" end, an error on any other: the end node
///         stays on that line or plane through its initial position, free along it (its frame is free, as pinned),
///     "foundation": { "kind": "plane" | "line" (required), "stiffness": >= 0 (required) [N/m^2], "damping": >= 0
///         (0) [N s/m^2], "point": [3] (0, 0, 0), plane: "normal", line: "direction": [3] (0, 0, 1) (nonzero,
///         normalised) }: an elastic (Winkler) foundation, force -(k u + c du/dt) per unit initial rest length on
///         every node, u the displacement along the plane's normal from the plane, or perpendicular to the line,
///     "loads": [LOAD, ...] ([]), at most 4: distributed loads per unit rest length at t, summed (docs
///         "Distributed loads"); s is the rest arc length at t from the rod's node 0 (a node's for forces, the
///         element's midpoint for couples); not part of the energy. Each LOAD one of
///         { "law": "wave", "on": "force" | "couple" ("force"), "frame": "lab" | "body" ("lab"; "body" for couples
///           only, in the element's own frame), "amplitude": [3] (required) [N/m or N m/m], "wavenumber" k (0)
///           [rad/m], "angular_frequency" omega (0) [rad/s], "phase" phi (0) [rad] }: a sin(k s - omega t + phi);
///         { "law": "drag", "coefficients": [3] >= 0 (required) [N s/m^2], "flow": [3] (0, 0, 0) [m/s] }: on each
///           element -sum_k c_k ((v - U) . d_k) d_k per length, lumped on its nodes (resistive-force theory: c3
///           along d3, the rod's axis up to shear, c1 and c2 across it),
///     "constraints": "overwrite" | "gauss" ("overwrite"), "baumgarte": >= 0 (0: 1/(5 dt)): the rate of the
///         Udwadia-Kalaba rows of gauss ends and, under rk4, of a surface (Verlet confines by geodesic drift),
///     "damping_force", "damping_torque": >= 0 (0),
///     "g", "force0", "force1", "couple0", "couple1", "force_density", "couple_density": [3] (0, 0, 0), lab frame,
///     "end_velocity0", "end_velocity1", "end_amplitude0", "end_amplitude1": [3] (0, 0, 0),
///     "end_frequency0", "end_frequency1": >= 0 (0), "end_twist_rate0", "end_twist_rate1" (0): the motion of a
///         prescribed end, x_c(t) = x_c0 + u t + a sin(2 pi f t), frame turned about d3 at the twist rate; nonzero
///         on an end that is not "prescribed" is an error,
///     "rest_curvature": [3] (absent): when given, every Voronoi point's rest curvature (body, 1/m) instead of the
///         discrete rest shape's,
///     "growth": { "law": "none" | "exponential" | "table" | "lockhart" ("none"),
///                 "zone": (0, 1] (1): fraction of the rod, back from end 1, that grows,
///                 "curvature_rate": [3] (0, 0, 0): d(rest curvature)/dt on the growth zone (body, 1/(m s)),
///                 "mass": "density" | "conserved" ("density"),
///                 exponential: "rate" (0) [1/s]; table: "times", "values" (required): 1 to 8 points, times
///                 strictly increasing, values > 0; lockhart: "phi" >= 0 (0), "yield" >= 0 (0).
///                 A key of another law is an error },
///     "contact": { "stiffness" >= 0 (0: contact off), "damping" >= 0 (0), "exponent" >= 1 (1),
///                  "plane": { "point": [3] (0, 0, 0), "normal": [3] (0, 0, 1) (nonzero; normalised),
///                             "mu_static": [3] (0, 0, 0): forward, backward, lateral, >= 0,
///                             "mu_kinetic": [3] (0, 0, 0): each >= 0 and <= its static one,
///                             "slip_velocity": > 0 (1e-4) },
///                  "obstacle": { "kind": "sphere" | "cylinder" (required), "center": [3] (0, 0, 0),
///                                "axis": [3] (0, 0, 1) (cylinder only; nonzero, normalised), "radius": > 0
///                                (required) },
///                  "self": boolean (false): element-element contact within and between the member's rods },
///     "surface": { "kind": "plane" | "sphere" | "cylinder" (required), "point": [3] (0, 0, 0): plane point,
///                  sphere centre or a point on the cylinder axis, "normal": [3] (0, 0, 1): plane normal or
///                  cylinder axis (not for sphere; nonzero, normalised), "radius": > 0 (sphere and cylinder:
///                  required; not for plane) } },
///   "initial": {
///     "kind": "straight" | "helix" | "points" | "ring" (required),
///     straight: "origin": [3] (0, 0, 0), "direction": [3] (0, 0, 1): d3 (nonzero, normalised),
///       "normal": [3] (1, 0, 0): d1, projected perpendicular to d3 and normalised (an error if parallel);
///       d2 = d3 x d1; node j at origin + j (length / n) direction,
///       "directions": [[3] x rods]: per-rod d3 instead of "direction" (crossing rods),
///     helix: "origin": [3] (0, 0, 0): node 0, "axis": [3] (0, 0, 1) (nonzero, normalised),
///       "normal": [3] (1, 0, 0): from node 0 towards the axis (projected perpendicular to it, normalised),
///       "helix_radius": > 0 (required), "pitch" (0): rise along the axis per turn (> 0 right-handed, 0 a ring arc).
///       With e_r the unit vector from the axis to node 0 (= -normal), e_p = axis x e_r and h = pitch / (2 pi),
///       node j lies at c + R (cos phi_j e_r + sin phi_j e_p) + h phi_j axis, c = origin - R e_r,
///       phi_j = j Phi / n, Phi = length / sqrt(R^2 + h^2) (the helix arc length is params.length; rest lengths
///       are the chords); element i's d3 is its chord, d1 the principal normal (towards the axis) at its midpoint
///       parameter, made perpendicular to d3; d2 = d3 x d1,
///     ring: every rod is closed (params.ring; docs/cosserat_discretisation.md, "Rings"): a regular polygon of n
///       sides of length / n each (a rod of that length closed on itself), "origin": [3] (0, 0, 0): its centre,
///       "axis": [3] (0, 0, 1): its plane's normal (nonzero, normalised), "normal": [3] (1, 0, 0): from node 0
///       towards the centre (projected perpendicular to the axis, normalised); node j at angle 2 pi j / n about the
///       axis, node n repeating node 0; element i's d3 its chord, d1 towards the centre, d2 = d3 x d1 the axis.
///       The rest shape is the ring itself unless params.rest_curvature is given ([0, 0, 0]: a naturally straight
///       rod closed into a ring). "twist_turns" (0): a twist of that many turns imposed on the ring, any real
///       number: the rest twist of every Voronoi point is lowered by 2 pi twist_turns / length, so that with the
///       model's circular sections the ring holds the same twist moment as a ring whose directors were turned that
///       many times round it (which only whole turns allow). A ring has no ends: params.ends other than "free",
///       slide0, slide1, radius_end and nonzero end loads or end motions (force0, force1, couple0, couple1,
///       end_velocity*, end_amplitude*, end_frequency*, end_twist_rate*) are errors. In initial.velocities the
///       row of node n must equal node 0's (an error otherwise). A perturbation's sin(mode pi s / L) is periodic
///       round the ring for even modes (odd ones leave a corner at node 0); the growth zone is measured back from
///       node n, where the ring closes. Modes and Newton statics move node n with node 0 and step by least
///       squares (nothing holds a ring),
///     straight, helix and ring: "spacing": [3] (0, 0, 0): rod r is translated by r spacing,
///     points: "points": [[3] x rods (n + 1)] (required): node positions, rod after rod,
///       "normals": [[3] x rods n] (required): d1 per element, projected perpendicular to its chord, normalised,
///     every kind, optional:
///       "perturbation": { "amplitude" (0), "direction": [3] (required when amplitude != 0), "mode": integer
///         >= 1 (1), or instead of amplitude and mode "amplitudes": [a_1, a_2, ...] (1 to 64 numbers) }: after
///         the rest shape is fixed, node j of every rod moves by amplitude sin(mode pi s_j / L) p_j (or by
///         sum_m a_m sin(m pi s_j / L) p_j: an imperfection in several modes at once), s_j its rest arc length
///         (chords), L the rod's, p_j the direction (normalised) projected perpendicular to the rest tangent at node j
///         and normalised; every element's directors are turned by the minimal rotation taking its rest d3 to its new
///         chord. The rest data (lengths, strains) stay those of the unperturbed shape,
///       "velocity": [3] (0, 0, 0): uniform node velocity (clamped and pinned end nodes: 0; prescribed end nodes:
///         the prescribed end velocity u + 2 pi f a at t = 0),
///       "angular_velocity": [3] (0, 0, 0): uniform body angular velocity of every element,
///       "velocities": [[3] x rods (n + 1)]: each node's velocity instead of "velocity" (lab, rod after rod); an
///         end node's must be what its end allows (0 clamped or pinned, the prescribed velocity, along the line
///         or plane of a sliding end),
///       "angular_velocities": [[3] x rods n]: each element's body angular velocity instead of
///         "angular_velocity" },
///   "integrator": { "scheme": "verlet" | "rk4" ("verlet"), "dt": > 0 (required), "t_end": > 0 (required; a whole
///       number of steps), "divergence_factor": > 0 (1000): a member diverges when some |x_j| exceeds
///       divergence_factor * max(1, total rest length of its rods, max_j |x_j(0)|) },
///   "ensemble": as for greenspan (ensemble_spec.hpp); any number under params, initial and integrator can be
///       varied, nested ones and array elements included ("params.growth.rate",
///       "params.contact.plane.mu_kinetic[0]", "initial.points[3][0]"); params.n, params.rods and
///       initial.perturbation.mode take integral values (grid and zip only),
///   "output": { "path" ("results.h5"), "save_every" (0: no series, the final state only; else a whole number of
///       steps), "fields": any of "positions", "velocities", "energy", "directors", "gauss", "angular_velocities"
///       (body, per element), "accelerations" (lab, per node), "angular_accelerations" (body, per element),
///       "constraint_forces" (m (a - a_f) per node, lab) ("positions", "energy", "gauss"), "xdmf": boolean (false):
///       also write an XDMF file next to the HDF5 file },
///   "compare": { "tolerance": > 0, "members": integer >= 1 (4) },
///   "steady": { "method": "relaxation" | "newton" ("relaxation"), and for relaxation (newton leaves them unused, so
///       that one config serves both): "damping": >= 0 (0: the driver picks), "tol": > 0 (1e-10), "max_time": >= 0
///       (0: integrator.t_end) }.
#include "config/cosserat_params.hpp"
#include "config/cosserat_spec.hpp"
#include "config/json_check.hpp"
#include "config/run_settings_config.hpp"

namespace rodswarm {

namespace config_detail {
namespace {

/// The keys of `params` besides the table's (cosserat_params.hpp), read here.
const std::vector<std::string> more_params_keys = {"law",     "bending", "ends",       "constraints", "rest_curvature",
                                                   "slide0",  "slide1",  "foundation", "loads",       "growth",
                                                   "contact", "surface"};
const std::vector<OutputField> output_fields = {{"positions", true},
                                                {"velocities", false},
                                                {"energy", true},
                                                {"directors", false},
                                                {"gauss", true},
                                                {"angular_velocities", false},
                                                {"accelerations", false},
                                                {"angular_accelerations", false},
                                                {"constraint_forces", false}};
const std::vector<std::string> motion_keys = {"perturbation", "velocity", "angular_velocity", "velocities",
                                              "angular_velocities"};
const Choices<cosserat::Scheme> schemes{{cosserat::Scheme::verlet, "verlet"}, {cosserat::Scheme::rk4, "rk4"}};
const Choices<cosserat::Law> laws{{cosserat::Law::variational, "variational"},
                                  {cosserat::Law::pyelastica, "pyelastica"}};
const Choices<cosserat::Bending> bendings{{cosserat::Bending::truncated, "truncated"},
                                          {cosserat::Bending::exact, "exact"}};
const Choices<cosserat::ConstraintMethod> constraint_methods{{cosserat::ConstraintMethod::overwrite, "overwrite"},
                                                             {cosserat::ConstraintMethod::gauss, "gauss"}};
const Choices<cosserat::MassRule> mass_rules{{cosserat::MassRule::density, "density"},
                                             {cosserat::MassRule::conserved, "conserved"}};
const Kinds<cosserat::GrowthLaw> growth_laws({{cosserat::GrowthLaw::none, "none", {}},
                                              {cosserat::GrowthLaw::exponential, "exponential", {"rate"}},
                                              {cosserat::GrowthLaw::table, "table", {"times", "values"}},
                                              {cosserat::GrowthLaw::lockhart, "lockhart", {"phi", "yield"}}},
                                             "law", "growth law");
const Kinds<cosserat::Obstacle> obstacle_kinds{{cosserat::Obstacle::sphere, "sphere", {}},
                                               {cosserat::Obstacle::cylinder, "cylinder", {"axis"}}};
const Kinds<cosserat::Slide> slide_kinds{{cosserat::Slide::line, "line", {"direction"}},
                                         {cosserat::Slide::plane, "plane", {"normal"}}};
const Kinds<cosserat::Foundation> foundation_kinds{{cosserat::Foundation::plane, "plane", {"normal"}},
                                                   {cosserat::Foundation::line, "line", {"direction"}}};
/// params.loads[i].law: "wave" (split by "on" and "frame" once read) or "drag".
enum class LoadKind { wave, drag };
const Kinds<LoadKind> load_kinds(
    {{LoadKind::wave, "wave", {"on", "frame", "amplitude", "wavenumber", "angular_frequency", "phase"}},
     {LoadKind::drag, "drag", {"coefficients", "flow"}}},
    "law", "load law");
const Choices<bool> load_targets{{false, "force"}, {true, "couple"}};  // true: a couple
const Choices<bool> load_frames{{false, "lab"}, {true, "body"}};       // true: the element's frame
const Kinds<cosserat::Surface> surface_kinds{{cosserat::Surface::plane, "plane", {"normal"}},
                                             {cosserat::Surface::sphere, "sphere", {"radius"}},
                                             {cosserat::Surface::cylinder, "cylinder", {"normal", "radius"}}};

void read_growth(const json& value, const std::string& source, CosseratSpec& spec) {
  std::vector<std::string> allowed;
  spec.growth = read_kind(value, "params.growth", source, growth_laws, {"zone", "curvature_rate", "mass"}, allowed,
                          cosserat::GrowthLaw::none);
  const ObjectReader r(value, "params.growth", source, allowed);
  spec.has_growth = true;
  spec.growth_zone = r.number_or("zone", 1.0);
  spec.curvature_rate = r.vector3_or("curvature_rate", {0, 0, 0});
  spec.mass_rule = r.choice_or("mass", mass_rules, cosserat::MassRule::density);
  spec.growth_rate = r.number_or("rate", 0.0);
  spec.lockhart_phi = r.number_or("phi", 0.0);
  spec.lockhart_yield = r.number_or("yield", 0.0);
  if (spec.growth == cosserat::GrowthLaw::table) {
    spec.growth_times = expect_number_list(r.required("times"), r.key("times"), source);
    spec.growth_values = expect_number_list(r.required("values"), r.key("values"), source);
  }
}

void read_plane(const json& value, const std::string& source, CosseratSpec& spec) {
  const ObjectReader r(value, "params.contact.plane", source,
                       {"point", "normal", "mu_static", "mu_kinetic", "slip_velocity"});
  spec.plane = true;
  spec.plane_point = r.vector3_or("point", {0, 0, 0});
  spec.plane_normal = r.vector3_or("normal", {0, 0, 1});
  spec.mu_static = r.vector3_or("mu_static", {0, 0, 0});
  spec.mu_kinetic = r.vector3_or("mu_kinetic", {0, 0, 0});
  spec.slip_velocity = r.number_or("slip_velocity", 1e-4);
}

void read_obstacle(const json& value, const std::string& source, CosseratSpec& spec) {
  std::vector<std::string> allowed;
  spec.obstacle = read_kind(value, "params.contact.obstacle", source, obstacle_kinds, {"center", "radius"}, allowed);
  const ObjectReader r(value, "params.contact.obstacle", source, allowed);
  spec.obstacle_center = r.vector3_or("center", {0, 0, 0});
  spec.obstacle_axis = r.vector3_or("axis", {0, 0, 1});
  spec.obstacle_radius = r.number("radius");
}

void read_contact(const json& value, const std::string& source, CosseratSpec& spec) {
  const ObjectReader r(value, "params.contact", source,
                       {"stiffness", "damping", "exponent", "plane", "obstacle", "self"});
  spec.has_contact = true;
  spec.contact_stiffness = r.number_or("stiffness", 0.0);
  spec.contact_damping = r.number_or("damping", 0.0);
  spec.contact_exponent = r.number_or("exponent", 1.0);
  if (const json* plane = r.optional("plane")) read_plane(*plane, source, spec);
  if (const json* obstacle = r.optional("obstacle")) read_obstacle(*obstacle, source, spec);
  spec.self_contact = r.boolean_or("self", false);
}

void read_surface(const json& value, const std::string& source, CosseratSpec& spec) {
  std::vector<std::string> allowed;
  spec.surface = read_kind(value, "params.surface", source, surface_kinds, {"point"}, allowed);
  const ObjectReader r(value, "params.surface", source, allowed);
  spec.surface_point = r.vector3_or("point", {0, 0, 0});
  spec.surface_normal = r.vector3_or("normal", {0, 0, 1});
  if (spec.surface != cosserat::Surface::plane) spec.surface_radius = r.number("radius");
}

void read_slide(const json& value, const std::string& source, int end, CosseratSpec& spec) {
  const std::string prefix = "params.slide" + std::to_string(end);
  std::vector<std::string> allowed;
  spec.slide[end] = read_kind(value, prefix, source, slide_kinds, {}, allowed);
  const ObjectReader r(value, prefix, source, allowed);
  spec.has_slide[end] = true;
  const std::string key = spec.slide[end] == cosserat::Slide::line ? "direction" : "normal";
  r.required(key);
  spec.slide_direction[end] = r.vector3_or(key, {0, 0, 0});
}

void read_foundation(const json& value, const std::string& source, CosseratSpec& spec) {
  std::vector<std::string> allowed;
  spec.foundation =
      read_kind(value, "params.foundation", source, foundation_kinds, {"stiffness", "damping", "point"}, allowed);
  const ObjectReader r(value, "params.foundation", source, allowed);
  spec.foundation_stiffness = r.number("stiffness");
  spec.foundation_damping = r.number_or("damping", 0.0);
  spec.foundation_point = r.vector3_or("point", {0, 0, 0});
  spec.foundation_direction =
      r.vector3_or(spec.foundation == cosserat::Foundation::plane ? "normal" : "direction", {0, 0, 1});
}

void read_loads(const json& value, const std::string& source, CosseratSpec& spec) {
  const std::string key = "params.loads";
  expect_array(value, key, source);
  if (value.size() > static_cast<std::size_t>(cosserat::max_loads))
    throw ConfigError(source, key,
                      "has " + std::to_string(value.size()) + " entries; at most " +
                          std::to_string(cosserat::max_loads) + " are supported");
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string prefix = index_key(key, i);
    std::vector<std::string> allowed;
    const LoadKind kind = read_kind(value[i], prefix, source, load_kinds, {}, allowed);
    const ObjectReader r(value[i], prefix, source, allowed);
    CosseratLoadSpec load;
    if (kind == LoadKind::drag) {
      load.law = cosserat::LoadLaw::drag;
      r.required("coefficients");
      load.vector = r.vector3_or("coefficients", {0, 0, 0});
      load.flow = r.vector3_or("flow", {0, 0, 0});
    } else {
      const bool couple = r.choice_or("on", load_targets, false);
      const bool body = r.choice_or("frame", load_frames, false);
      if (body && !couple)
        throw ConfigError(source, r.key("frame"),
                          "\"body\" is for couples (\"on\": \"couple\"): a force per length is given in the lab "
                          "frame");
      load.law = !couple ? cosserat::LoadLaw::force_wave
                         : (body ? cosserat::LoadLaw::body_couple_wave : cosserat::LoadLaw::couple_wave);
      r.required("amplitude");
      load.vector = r.vector3_or("amplitude", {0, 0, 0});
      load.wavenumber = r.number_or("wavenumber", 0.0);
      load.angular_frequency = r.number_or("angular_frequency", 0.0);
      load.phase = r.number_or("phase", 0.0);
    }
    spec.loads.push_back(load);
  }
}

/// `params`: the table's numbers, then the choices, the rest curvature and the nested sections.
void read_cosserat_params(const ObjectReader& r, CosseratSpec& spec) {
  read_params(r, cosserat_params(), spec);
  spec.has_length = r.has("length");
  spec.law = r.choice_or("law", laws, cosserat::Law::variational);
  spec.bending = r.choice_or("bending", bendings, cosserat::Bending::truncated);
  if (spec.bending == cosserat::Bending::exact && spec.law == cosserat::Law::pyelastica)
    throw ConfigError(
        r.source(), r.key("bending"),
        "\"exact\" is the gradient of law \"variational\"'s energy; law \"pyelastica\" has its own couples");
  read_ends(r, cosserat_end_kinds, spec.end0, spec.end1);
  spec.constraints = r.choice_or("constraints", constraint_methods, cosserat::ConstraintMethod::overwrite);
  if (r.has("rest_curvature")) {
    spec.has_rest_curvature = true;
    spec.rest_curvature = r.vector3_or("rest_curvature", {0, 0, 0});
  }
  if (const json* slide = r.optional("slide0")) read_slide(*slide, r.source(), 0, spec);
  if (const json* slide = r.optional("slide1")) read_slide(*slide, r.source(), 1, spec);
  if (const json* foundation = r.optional("foundation")) read_foundation(*foundation, r.source(), spec);
  if (const json* loads = r.optional("loads")) read_loads(*loads, r.source(), spec);
  if (const json* growth = r.optional("growth")) read_growth(*growth, r.source(), spec);
  if (const json* contact = r.optional("contact")) read_contact(*contact, r.source(), spec);
  if (const json* surface = r.optional("surface")) read_surface(*surface, r.source(), spec);
}

void read_perturbation(const json& value, const std::string& source, CosseratSpec& spec) {
  const ObjectReader r(value, "initial.perturbation", source, {"amplitude", "amplitudes", "direction", "mode"});
  spec.has_perturbation = true;
  if (const json* list = r.optional("amplitudes")) {
    for (const char* single : {"amplitude", "mode"}) {
      if (r.has(single)) {
        throw ConfigError(source, r.key(single),
                          "give either initial.perturbation.amplitudes (one per mode, from mode 1) or amplitude and "
                          "mode, not both");
      }
    }
    spec.perturbation_amplitudes = expect_number_list(*list, r.key("amplitudes"), source, 1);
    if (spec.perturbation_amplitudes.size() > 64) {
      throw ConfigError(source, r.key("amplitudes"),
                        "at most 64 modes, got " + std::to_string(spec.perturbation_amplitudes.size()));
    }
  }
  spec.perturbation_amplitude = r.number_or("amplitude", 0.0);
  if (r.has("direction")) {
    spec.has_perturbation_direction = true;
    spec.perturbation_direction = r.vector3_or("direction", {0, 0, 0});
  }
  spec.perturbation_mode = static_cast<double>(r.integer_or("mode", 1));
}

void read_initial(const json& top_initial, const std::string& source, CosseratSpec& spec) {
  std::vector<std::string> allowed;
  spec.shape = read_kind(top_initial, "initial", source, cosserat_initial_kinds, motion_keys, allowed);
  const ObjectReader r(top_initial, "initial", source, allowed);

  switch (spec.shape) {
    case CosseratShape::points:
      spec.points = expect_vector3_list(r.required("points"), "initial.points", source);
      spec.normals = expect_vector3_list(r.required("normals"), "initial.normals", source);
      break;
    case CosseratShape::straight:
      spec.origin = r.vector3_or("origin", {0, 0, 0});
      spec.direction = r.vector3_or("direction", {0, 0, 1});
      spec.normal = r.vector3_or("normal", {1, 0, 0});
      spec.spacing = r.vector3_or("spacing", {0, 0, 0});
      if (r.has("direction") && r.has("directions")) {
        throw ConfigError(source, "initial.directions",
                          "give either initial.direction (every rod) or initial.directions (per rod), not both");
      }
      if (const json* list = r.optional("directions")) {
        spec.has_directions = true;
        spec.directions = expect_vector3_list(*list, "initial.directions", source);
      }
      break;
    case CosseratShape::helix:
      spec.origin = r.vector3_or("origin", {0, 0, 0});
      spec.axis = r.vector3_or("axis", {0, 0, 1});
      spec.normal = r.vector3_or("normal", {1, 0, 0});
      spec.helix_radius = r.number("helix_radius");
      spec.pitch = r.number_or("pitch", 0.0);
      spec.spacing = r.vector3_or("spacing", {0, 0, 0});
      break;
    case CosseratShape::ring:
      spec.origin = r.vector3_or("origin", {0, 0, 0});
      spec.axis = r.vector3_or("axis", {0, 0, 1});
      spec.normal = r.vector3_or("normal", {1, 0, 0});
      spec.twist_turns = r.number_or("twist_turns", 0.0);
      spec.spacing = r.vector3_or("spacing", {0, 0, 0});
      break;
  }
  if (const json* p = r.optional("perturbation")) read_perturbation(*p, source, spec);
  spec.velocity = r.vector3_or("velocity", {0, 0, 0});
  spec.angular_velocity = r.vector3_or("angular_velocity", {0, 0, 0});
  for (const auto& [uniform, each] : {std::pair<const char*, const char*>{"velocity", "velocities"},
                                      std::pair<const char*, const char*>{"angular_velocity", "angular_velocities"}}) {
    if (r.has(uniform) && r.has(each)) {
      throw ConfigError(source, r.key(each),
                        std::string("give either initial.") + uniform + " (uniform) or initial." + each + " (one per " +
                            (std::string(each) == "velocities" ? "node" : "element") + "), not both");
    }
  }
  if (const json* list = r.optional("velocities")) {
    spec.has_velocities = true;
    spec.velocities = expect_vector3_list(*list, "initial.velocities", source);
  }
  if (const json* list = r.optional("angular_velocities")) {
    spec.has_angular_velocities = true;
    spec.angular_velocities = expect_vector3_list(*list, "initial.angular_velocities", source);
  }
}

}  // namespace
}  // namespace config_detail

template <>
const SchemaKeys Schema<cosserat::Model>::keys = {
    {"model", "precision", "params", "initial", "integrator", "ensemble", "output", "compare", "steady"},
    {"params", "initial", "integrator"},
    {"initial.kind",
     "integrator.scheme",
     "params.law",
     "params.constraints",
     "params.growth.law",
     "params.growth.mass",
     "params.contact.self",
     "params.contact.obstacle.kind",
     "params.surface.kind",
     "params.ends",
     "params.slide0.kind",
     "params.slide1.kind",
     "params.foundation.kind",
     "params.loads[0].law",
     "params.loads[0].on",
     "params.loads[0].frame",
     "params.loads[1].law",
     "params.loads[1].on",
     "params.loads[1].frame",
     "params.loads[2].law",
     "params.loads[2].on",
     "params.loads[2].frame",
     "params.loads[3].law",
     "params.loads[3].on",
     "params.loads[3].frame"}};

template <>
config_detail::CosseratSpec Schema<cosserat::Model>::parse(const nlohmann::json& config, const std::string& source,
                                                           CosseratJob& job) {
  using namespace config_detail;
  parse_shared_settings(config, source, output_fields, job.precision, job.output, job.compare, true);
  if (const auto it = config.find("steady"); it != config.end()) {
    const ObjectReader r(*it, "steady", source, {"method", "damping", "tol", "max_time"});
    using Method = CosseratSteadySpec::Method;
    job.steady.method = r.choice_or(
        "method", Choices<Method>{{Method::relaxation, "relaxation"}, {Method::newton, "newton"}}, Method::relaxation);
    job.steady.damping = r.number_or("damping", job.steady.damping);
    if (!(job.steady.damping >= 0)) {
      throw ConfigError(source, "steady.damping",
                        "must be >= 0 (0: the driver picks), got " + format_number(job.steady.damping));
    }
    job.steady.tol = positive_number(r, "tol", job.steady.tol);
    job.steady.max_time = r.number_or("max_time", job.steady.max_time);
    if (!(job.steady.max_time >= 0)) {
      throw ConfigError(source, "steady.max_time",
                        "must be >= 0 (0: integrator.t_end), got " + format_number(job.steady.max_time));
    }
  }
  CosseratSpec spec;
  read_cosserat_params(ObjectReader(required_section(config, "params", source), "params", source,
                                    param_keys(cosserat_params(), more_params_keys)),
                       spec);
  read_initial(required_section(config, "initial", source), source, spec);
  spec.scheme =
      schemes.value(read_integrator(config, source, schemes.names(), spec.dt, spec.t_end, &spec.divergence_factor));
  if (spec.shape == CosseratShape::points && spec.has_length) {
    throw ConfigError(source, "params.length",
                      "not used by initial kind \"points\" (the rest lengths are the chords between the points)");
  }
  if (spec.shape != CosseratShape::points && !spec.has_length) {
    throw ConfigError(source, "params.length",
                      std::string("missing required key (the rest length of each rod, for initial kind \"") +
                          cosserat_initial_kinds.name(spec.shape) + "\")");
  }
  job.scheme = spec.scheme;
  return spec;
}

}  // namespace rodswarm
