/// @file cosserat_member.cpp
/// Schema<cosserat::Model>::build: the range rules of the Cosserat schema, the rest shapes (straight, helix, points),
/// their discrete rest strains (note pitfall 3: computed from the discrete rest configuration, never from analytic
/// formulas), the perturbed initial state and the clamp data, for one (expanded) member. Runs once per ensemble
/// member, so it stays free of JSON and of allocations after the first member of a given size.
#include <algorithm>
#include <cmath>

#include "config/cosserat_params.hpp"
#include "config/cosserat_spec.hpp"
#include "config/json_check.hpp"
#include "config/member_checker.hpp"
#include "config/spec_vectors.hpp"
#include "rodswarm/linalg/so3.hpp"

namespace rodswarm {
namespace config_detail {
namespace {

using cosserat::EndKind;

/// Largest n and rods * (n + 1) accepted: node offsets and kernel indices are int.
constexpr double max_elements = cosserat_max_elements;
constexpr double max_nodes = config_detail::max_member_beads;

/// A vector whose part perpendicular to a unit direction is below this fraction of its length counts as parallel.
constexpr double parallel_tolerance = 1e-9;

constexpr double pi = 3.14159265358979323846;

/// linalg's vector for the geometry; the spec's vectors are JSON triples (config Vec3), turned by vec().
using V = ::rodswarm::Vec3<double>;

bool is_zero(const Vec3& a) { return a[0] == 0 && a[1] == 0 && a[2] == 0; }

/// Row `row` of the 3x3 at p (a frame: rows d1, d2, d3).
V row_of(const double* p, int row) { return load3(p + 3 * row); }

/// The minimal rotation taking unit a to unit b applied to x: R x with R = I + hat(v) + hat(v)^2 / (1 + c),
/// v = a x b, c = a . b (c > -1).
V rotate_minimal(const V& a, const V& b, const V& x) {
  const V v = cross(a, b);
  const double c = dot(a, b);
  const V vx = cross(v, x);
  return (x + vx) + (1 / (1 + c)) * cross(v, vx);
}

/// Writes the director rows (d1, d2, d3) from unit d3 and a raw d1; false when d1 is zero or parallel to d3.
bool make_frame(const V& d3, const V& raw_d1, double* Q) {
  const double len = norm(raw_d1);
  const V perp = raw_d1 - dot(raw_d1, d3) * d3;
  const double plen = norm(perp);
  if (!(len > 0) || !(plen > parallel_tolerance * len)) return false;
  const V d1 = (1 / plen) * perp;
  store3(Q, d1);
  store3(Q + 3, cross(d3, d1));
  store3(Q + 6, d3);
  return true;
}

/// A direction key: finite and not zero; returns it normalised.
V unit3(const MemberChecker& check, const std::string& key, const Vec3& x) {
  for (std::size_t c = 0; c < 3; ++c) check.finite_element(key.c_str(), c, -1, x[c]);
  const double len = norm(vec(x));
  if (!(len > 0)) check.fail(key, "must not be the zero vector");
  return (1 / len) * vec(x);
}

/// The motion keys of end `e` (0 or 1) must be zero unless it is prescribed (their ranges: the table).
void check_prescribed_keys(const MemberChecker& check, int e, EndKind kind, const Vec3& velocity, const Vec3& amplitude,
                           double frequency, double twist_rate) {
  if (kind == EndKind::prescribed) return;
  const std::string suffix = std::to_string(e);
  const auto refuse = [&](const std::string& name) {
    check.fail("params." + name + suffix, "is only used by a prescribed end, but params.ends[" + suffix + "] is \"" +
                                              cosserat_end_kinds.name(kind) +
                                              "\" (remove it or make that end \"prescribed\")");
  };
  if (!is_zero(velocity)) refuse("end_velocity");
  if (!is_zero(amplitude)) refuse("end_amplitude");
  if (frequency != 0) refuse("end_frequency");
  if (twist_rate != 0) refuse("end_twist_rate");
}

/// params.growth beyond the table's rows: its law, its mass rule and the law "table"'s points.
void check_growth(const CosseratSpec& spec, const MemberChecker& check, cosserat::Params<double>& p) {
  p.growth = spec.growth;
  p.mass_rule = spec.mass_rule;
  if (spec.growth != cosserat::GrowthLaw::table) return;
  const std::size_t points = spec.growth_times.size();
  if (points < 1 || points > static_cast<std::size_t>(cosserat::max_growth_table)) {
    check.fail("params.growth.times",
               "expected 1 to " + std::to_string(cosserat::max_growth_table) + " times, got " + std::to_string(points));
  }
  if (spec.growth_values.size() != points) {
    check.fail("params.growth.values", "expected as many values as params.growth.times (" + std::to_string(points) +
                                           "), got " + std::to_string(spec.growth_values.size()));
  }
  for (std::size_t k = 0; k < points; ++k) {
    check.finite_element("params.growth.times", k, -1, spec.growth_times[k]);
    check.finite_element("params.growth.values", k, -1, spec.growth_values[k]);
    if (k > 0 && !(spec.growth_times[k] > spec.growth_times[k - 1])) {
      check.fail(index_key("params.growth.times", k), "times must increase strictly, got " +
                                                          format_number(spec.growth_times[k]) + " after " +
                                                          format_number(spec.growth_times[k - 1]));
    }
    if (!(spec.growth_values[k] > 0)) {
      check.fail(index_key("params.growth.values", k),
                 "must be positive (a length ratio), got " + format_number(spec.growth_values[k]));
    }
    p.growth_time[k] = spec.growth_times[k];
    p.growth_value[k] = spec.growth_values[k];
  }
  p.growth_points = static_cast<int>(points);
}

/// params.contact beyond the table's rows: which parts it has, and friction no larger kinetic than static.
void check_contact(const CosseratSpec& spec, const MemberChecker& check, cosserat::Params<double>& p) {
  p.self_contact = spec.self_contact;
  p.plane = spec.plane;
  p.obstacle = spec.obstacle;
  for (std::size_t c = 0; c < 3 && spec.plane; ++c) {
    if (p.mu_kinetic[c] > p.mu_static[c]) {
      check.fail(index_key("params.contact.plane.mu_kinetic", c),
                 "must not exceed the static coefficient params.contact.plane.mu_static[" + std::to_string(c) +
                     "] = " + format_number(p.mu_static[c]) + ", got " + format_number(p.mu_kinetic[c]));
    }
  }
}

/// params.slide0/1: required by a sliding end and refused by any other; the line's direction or plane's normal.
void check_slides(const CosseratSpec& spec, const MemberChecker& check, cosserat::Params<double>& p) {
  for (int e = 0; e < 2; ++e) {
    const std::string key = "params.slide" + std::to_string(e);
    const EndKind kind = e == 0 ? spec.end0 : spec.end1;
    const auto u = static_cast<std::size_t>(e);
    if (kind != EndKind::sliding) {
      if (spec.has_slide[u]) {
        check.fail(key, "is only used by a sliding end, but params.ends[" + std::to_string(e) + "] is \"" +
                            cosserat_end_kinds.name(kind) + "\" (remove it or make that end \"sliding\")");
      }
      continue;
    }
    if (!spec.has_slide[u]) {
      check.fail(key, "missing: params.ends[" + std::to_string(e) +
                          "] is \"sliding\", which needs the line or plane its node stays on ({\"kind\": \"line\", "
                          "\"direction\": [3]} or {\"kind\": \"plane\", \"normal\": [3]})");
    }
    (e == 0 ? p.slide0 : p.slide1) = spec.slide[u];
  }
}

/// params.loads: finite numbers, drag coefficients >= 0 (a negative one would feed energy in).
void check_loads(const CosseratSpec& spec, const MemberChecker& check, cosserat::Params<double>& p) {
  p.loads = static_cast<int>(spec.loads.size());
  for (std::size_t l = 0; l < spec.loads.size(); ++l) {
    const CosseratLoadSpec& load = spec.loads[l];
    const MemberChecker entry = check.nested(index_key("params.loads", l) + ".");
    if (load.law == cosserat::LoadLaw::drag) {
      entry.non_negative_vector("coefficients", load.vector);
      entry.finite_vectors({{"flow", load.flow}});
    } else {
      entry.finite_vectors({{"amplitude", load.vector}});
      for (const auto& [key, x] : {std::pair<const char*, double>{"wavenumber", load.wavenumber},
                                   {"angular_frequency", load.angular_frequency},
                                   {"phase", load.phase}})
        entry.finite(key, x);
    }
    for (std::size_t c = 0; c < 3; ++c) {
      p.load_vector[3 * l + c] = load.vector[c];
      p.load_flow[3 * l + c] = load.flow[c];
    }
    p.load_law[l] = load.law;
    p.load_wavenumber[l] = load.wavenumber;
    p.load_frequency[l] = load.angular_frequency;
    p.load_phase[l] = load.phase;
  }
}

/// A ring has no ends: nothing may hold, load, move or taper them.
void check_ring(const CosseratSpec& spec, const MemberChecker& check) {
  if (spec.n < 3) check.fail("params.n", "a ring needs at least 3 elements, got " + format_number(spec.n));
  if (spec.end0 != EndKind::free || spec.end1 != EndKind::free) {
    check.fail("params.ends", "a ring (initial kind \"ring\") has no ends to hold: leave them \"free\"");
  }
  for (int e = 0; e < 2; ++e) {
    if (spec.has_slide[e]) check.fail(e == 0 ? "params.slide0" : "params.slide1", "a ring has no ends to slide");
  }
  const std::pair<const char*, const Vec3*> loads[] = {{"params.force0", &spec.force0},
                                                       {"params.force1", &spec.force1},
                                                       {"params.couple0", &spec.couple0},
                                                       {"params.couple1", &spec.couple1},
                                                       {"params.end_velocity0", &spec.end_velocity0},
                                                       {"params.end_velocity1", &spec.end_velocity1},
                                                       {"params.end_amplitude0", &spec.end_amplitude0},
                                                       {"params.end_amplitude1", &spec.end_amplitude1}};
  for (const auto& [key, value] : loads) {
    if (norm(vec(*value)) != 0) check.fail(key, "a ring has no ends to load or move, got " + vec_text(*value));
  }
  const std::pair<const char*, double> rates[] = {{"params.end_frequency0", spec.end_frequency0},
                                                  {"params.end_frequency1", spec.end_frequency1},
                                                  {"params.end_twist_rate0", spec.end_twist_rate0},
                                                  {"params.end_twist_rate1", spec.end_twist_rate1}};
  for (const auto& [key, value] : rates) {
    if (value != 0) check.fail(key, "a ring has no ends to move, got " + format_number(value));
  }
  // A taper from radius to radius_end would jump back where the ring closes.
  if (!std::isnan(spec.radius_end)) check.fail("params.radius_end", "a ring has no ends to taper between");
}

/// The rules of params across keys (the table's ranges are checked before) and its choices; fills p.
void check_cross_keys(const CosseratSpec& spec, const MemberChecker& check, cosserat::Params<double>& p) {
  check_prescribed_keys(check, 0, spec.end0, spec.end_velocity0, spec.end_amplitude0, spec.end_frequency0,
                        spec.end_twist_rate0);
  check_prescribed_keys(check, 1, spec.end1, spec.end_velocity1, spec.end_amplitude1, spec.end_frequency1,
                        spec.end_twist_rate1);
  if (spec.has_rest_curvature) check.finite_vectors({{"params.rest_curvature", spec.rest_curvature}});

  p.law = spec.law;
  p.bending = spec.bending;
  p.scheme = spec.scheme;
  p.end0 = spec.end0;
  p.end1 = spec.end1;
  p.constraints = spec.constraints;
  p.foundation = spec.foundation;
  p.surface = spec.surface;
  check_slides(spec, check, p);
  check_loads(spec, check, p);
  check_growth(spec, check, p);
  check_contact(spec, check, p);
}

/// straight: rod r along its direction from origin + r spacing, all elements with one frame.
void build_straight(const CosseratSpec& spec, int n, int rods, const MemberChecker& check, CosseratMember& out) {
  if (spec.has_directions && spec.directions.size() != static_cast<std::size_t>(rods)) {
    check.fail("initial.directions", "expected params.rods = " + std::to_string(rods) +
                                         " directions [x, y, z] (one per rod), got " +
                                         std::to_string(spec.directions.size()));
  }
  const auto N = static_cast<std::size_t>(n);
  const double h = spec.length / n;
  for (std::size_t r = 0; r < static_cast<std::size_t>(rods); ++r) {
    const std::string key = spec.has_directions ? index_key("initial.directions", r) : "initial.direction";
    const V d3 = unit3(check, key, spec.has_directions ? spec.directions[r] : spec.direction);
    double* Q = &out.rest_Q[9 * N * r];
    if (!make_frame(d3, vec(spec.normal), Q)) {
      check.fail("initial.normal", "must not be zero or parallel to " + key + ", got " + vec_text(spec.normal) +
                                       " (default [1, 0, 0]) with direction " + vec_text(d3));
    }
    for (std::size_t i = 1; i < N; ++i) std::copy_n(Q, 9, Q + 9 * i);
    const V start = vec(spec.origin) + static_cast<double>(r) * vec(spec.spacing);
    for (std::size_t j = 0; j <= N; ++j) {
      store3(&out.rest_x[3 * ((N + 1) * r + j)], start + (static_cast<double>(j) * h) * d3);
    }
  }
}

/// The frame of a helix or a ring about initial.axis: e_r from the axis to node 0 (against initial.normal, made
/// perpendicular to the axis), e_p = axis x e_r.
struct AxisFrame {
  V axis, e_r, e_p;
};
AxisFrame axis_frame(const CosseratSpec& spec, const MemberChecker& check) {
  const V axis = unit3(check, "initial.axis", spec.axis);
  const V normal = vec(spec.normal);
  const V towards = normal - dot(normal, axis) * axis;
  if (!(norm(towards) > parallel_tolerance * norm(normal))) {
    check.fail("initial.normal", "must not be zero or parallel to initial.axis, got " + vec_text(spec.normal) +
                                     " (default [1, 0, 0]) with axis " + vec_text(axis));
  }
  const V e_r = (-1 / norm(towards)) * towards;
  return {axis, e_r, cross(axis, e_r)};
}

/// helix: nodes on the helix at equal parameter steps, total helix arc length = length; frames from the chords and
/// the principal normals at the midpoint parameters.
void build_helix(const CosseratSpec& spec, int n, int rods, const MemberChecker& check, CosseratMember& out) {
  const AxisFrame f = axis_frame(spec, check);
  const V axis = f.axis, e_r = f.e_r, e_p = f.e_p;
  const double R = spec.helix_radius;
  const double h = spec.pitch / (2 * pi);
  const double Phi = spec.length / std::sqrt(R * R + h * h);
  const auto N = static_cast<std::size_t>(n);
  const auto at = [&](double phi) {
    return (R * std::cos(phi)) * e_r + ((R * std::sin(phi)) * e_p + (h * phi) * axis);
  };
  const V base = vec(spec.origin) - R * e_r;  // on the axis, level with node 0
  for (std::size_t r = 0; r < static_cast<std::size_t>(rods); ++r) {
    const V centre = base + static_cast<double>(r) * vec(spec.spacing);
    for (std::size_t j = 0; j <= N; ++j) {
      const double phi = Phi * static_cast<double>(j) / static_cast<double>(n);
      store3(&out.rest_x[3 * ((N + 1) * r + j)], centre + at(phi));
    }
    for (std::size_t i = 0; i < N; ++i) {
      const V chord = load3(&out.rest_x[3 * ((N + 1) * r + i + 1)]) - load3(&out.rest_x[3 * ((N + 1) * r + i)]);
      const double len = norm(chord);
      if (!(len > 0)) {
        check.fail("initial.helix_radius",
                   "element " + std::to_string(i) + " of the helix has zero length (the helix closes on itself)");
      }
      const double phi_m = Phi * (static_cast<double>(i) + 0.5) / static_cast<double>(n);
      const V principal = -(std::cos(phi_m) * e_r + std::sin(phi_m) * e_p);
      if (!make_frame((1 / len) * chord, principal, &out.rest_Q[9 * (N * r + i)])) {
        check.fail("initial.pitch", "element " + std::to_string(i) + " of the helix is parallel to its normal");
      }
    }
  }
}

/// ring: a regular polygon of n sides of length / n about the axis through origin, node n repeating node 0 (copied,
/// so that the two are equal to the bit); d3 along the chords, d1 towards the centre, d2 the axis.
void build_ring(const CosseratSpec& spec, int n, int rods, const MemberChecker& check, CosseratMember& out) {
  const AxisFrame f = axis_frame(spec, check);
  const V e_r = f.e_r, e_p = f.e_p;
  const auto N = static_cast<std::size_t>(n);
  const double R = spec.length / (2 * n * std::sin(pi / n));  // sides of length / n
  for (std::size_t r = 0; r < static_cast<std::size_t>(rods); ++r) {
    const V centre = vec(spec.origin) + static_cast<double>(r) * vec(spec.spacing);
    double* x = &out.rest_x[3 * (N + 1) * r];
    for (std::size_t j = 0; j < N; ++j) {
      const double phi = 2 * pi * static_cast<double>(j) / n;
      store3(x + 3 * j, centre + ((R * std::cos(phi)) * e_r + (R * std::sin(phi)) * e_p));
    }
    std::copy_n(x, 3, x + 3 * N);
    for (std::size_t i = 0; i < N; ++i) {
      const V chord = load3(x + 3 * (i + 1)) - load3(x + 3 * i);
      const double phi_m = 2 * pi * (static_cast<double>(i) + 0.5) / n;
      const V inward = -(std::cos(phi_m) * e_r + std::sin(phi_m) * e_p);
      make_frame((1 / norm(chord)) * chord, inward, &out.rest_Q[9 * (N * r + i)]);  // n >= 3: never parallel
    }
  }
}

/// points: nodes as given, d3 along the chords, d1 from the given normals.
void build_points(const CosseratSpec& spec, int n, int rods, const MemberChecker& check, CosseratMember& out) {
  const auto N = static_cast<std::size_t>(n);
  const auto R = static_cast<std::size_t>(rods);
  if (spec.points.size() != R * (N + 1)) {
    check.fail("initial.points", "expected params.rods (n + 1) = " + std::to_string(R * (N + 1)) +
                                     " points [x, y, z], got " + std::to_string(spec.points.size()));
  }
  if (spec.normals.size() != R * N) {
    check.fail("initial.normals", "expected params.rods n = " + std::to_string(R * N) +
                                      " normals [x, y, z] (one per element), got " +
                                      std::to_string(spec.normals.size()));
  }
  for (std::size_t j = 0; j < spec.points.size(); ++j) {
    for (int c = 0; c < 3; ++c)
      check.finite_element("initial.points", j, c, spec.points[j][static_cast<std::size_t>(c)]);
    std::copy_n(spec.points[j].data(), 3, &out.rest_x[3 * j]);
  }
  for (std::size_t r = 0; r < R; ++r) {
    for (std::size_t i = 0; i < N; ++i) {
      const std::size_t e = N * r + i, a = (N + 1) * r + i;
      for (int c = 0; c < 3; ++c)
        check.finite_element("initial.normals", e, c, spec.normals[e][static_cast<std::size_t>(c)]);
      const V chord = load3(&out.rest_x[3 * (a + 1)]) - load3(&out.rest_x[3 * a]);
      const double len = norm(chord);
      if (!(len > 0)) {
        check.fail(index_key("initial.points", a + 1), "element " + std::to_string(i) + " of rod " + std::to_string(r) +
                                                           " has zero length (point " + std::to_string(a + 1) +
                                                           " coincides with point " + std::to_string(a) + ")");
      }
      if (!make_frame((1 / len) * chord, vec(spec.normals[e]), &out.rest_Q[9 * e])) {
        check.fail(index_key("initial.normals", e), "must not be zero or parallel to element " + std::to_string(i) +
                                                        " of rod " + std::to_string(r) + " (points " +
                                                        std::to_string(a) + " to " + std::to_string(a + 1) + ")");
      }
    }
  }
}

/// Rest lengths, radii and rest strains of the rest shape (rest_x, rest_Q).
void rest_data(const CosseratSpec& spec, int n, int rods, CosseratMember& out) {
  const auto N = static_cast<std::size_t>(n);
  const double r_end = std::isnan(spec.radius_end) ? spec.radius : spec.radius_end;
  for (std::size_t r = 0; r < static_cast<std::size_t>(rods); ++r) {
    double total = 0;
    for (std::size_t i = 0; i < N; ++i) {
      const std::size_t e = N * r + i, a = (N + 1) * r + i;
      const V l = load3(&out.rest_x[3 * (a + 1)]) - load3(&out.rest_x[3 * a]);
      out.l0[e] = norm(l);
      total += out.l0[e];
    }
    double s = 0;
    for (std::size_t i = 0; i < N; ++i) {
      const std::size_t e = N * r + i, a = (N + 1) * r + i;
      const double mid = s + 0.5 * out.l0[e];
      s += out.l0[e];
      out.radius[e] = spec.radius + (r_end - spec.radius) * (mid / total);
      // sigma = Q l / l0 - e3 (body).
      const V l = load3(&out.rest_x[3 * (a + 1)]) - load3(&out.rest_x[3 * a]);
      const double* Q = &out.rest_Q[9 * e];
      V sigma = {dot(row_of(Q, 0), l) / out.l0[e], dot(row_of(Q, 1), l) / out.l0[e], dot(row_of(Q, 2), l) / out.l0[e]};
      sigma.z -= 1;
      store3(&out.sigma[3 * e], sigma);
    }
    // A ring has a Voronoi point more, where it closes (element n - 1 to element 0).
    const bool ring = spec.shape == CosseratShape::ring;
    const std::size_t joints = ring ? N : N - 1;
    for (std::size_t k = 0; k < joints; ++k) {
      const std::size_t e = N * r + k, after = N * r + (k + 1) % N, vo = joints * r + k;
      V kappa = vec(spec.rest_curvature);
      if (!spec.has_rest_curvature) {
        const double Dh = 0.5 * (out.l0[e] + out.l0[after]);
        kappa = (1 / Dh) * so3_log(times_transpose(load9(&out.rest_Q[9 * e]), load9(&out.rest_Q[9 * after])));
      }
      if (ring) kappa.z -= 2 * pi * spec.twist_turns / total;  // the imposed twist, as a lower rest twist
      store3(&out.kappa[3 * vo], kappa);
    }
  }
}

/// Moves node j of every rod by amplitude sin(mode pi s_j / L) p_j and turns each element's directors by the
/// minimal rotation from its rest d3 to its new chord.
void perturb(const CosseratSpec& spec, int n, int rods, const MemberChecker& check, CosseratMember& out) {
  check.finite("initial.perturbation.amplitude", spec.perturbation_amplitude);
  const double mode = spec.perturbation_mode;
  if (!(mode >= 1 && mode <= max_elements && mode == std::floor(mode))) {
    check.fail("initial.perturbation.mode", "must be an integer >= 1, got " + format_number(mode));
  }
  // One mode (amplitude, mode) or several (amplitudes[m - 1] of mode m).
  const std::vector<double>& amplitudes = spec.perturbation_amplitudes;
  bool any = spec.perturbation_amplitude != 0;
  for (std::size_t m = 0; m < amplitudes.size(); ++m) {
    check.finite_element("initial.perturbation.amplitudes", m, -1, amplitudes[m]);
    any = any || amplitudes[m] != 0;
  }
  if (!any) return;
  if (!spec.has_perturbation_direction) {
    check.fail("initial.perturbation.direction",
               "missing required key (the direction of the displacement, required when amplitude is not 0)");
  }
  const V dir = unit3(check, "initial.perturbation.direction", spec.perturbation_direction);
  const auto N = static_cast<std::size_t>(n);
  for (std::size_t r = 0; r < static_cast<std::size_t>(rods); ++r) {
    const std::size_t first_node = (N + 1) * r, first_element = N * r;
    double L = 0;
    for (std::size_t i = 0; i < N; ++i) L += out.l0[first_element + i];
    double s = 0;
    for (std::size_t j = 0; j <= N; ++j) {
      if (j > 0) s += out.l0[first_element + j - 1];
      if (j == 0 || j == N) continue;  // sin(0) = sin(mode pi) = 0: the end nodes stay
      double factor = spec.perturbation_amplitude * std::sin(mode * pi * s / L);
      for (std::size_t m = 0; m < amplitudes.size(); ++m)
        factor += amplitudes[m] * std::sin(double(m + 1) * pi * s / L);
      // Rest tangent at node j: the mean of the adjacent elements' d3.
      V t = row_of(&out.rest_Q[9 * (first_element + j - 1)], 2) + row_of(&out.rest_Q[9 * (first_element + j)], 2);
      const double tl = norm(t);
      t = tl > 0 ? (1 / tl) * t : row_of(&out.rest_Q[9 * (first_element + j)], 2);
      const V perp = dir - dot(dir, t) * t;
      const double plen = norm(perp);
      if (!(plen > parallel_tolerance)) {
        check.fail("initial.perturbation.direction", "is parallel to rod " + std::to_string(r) + " at node " +
                                                         std::to_string(j) + ": it has no part perpendicular to it");
      }
      double* x = &out.x[3 * (first_node + j)];
      store3(x, load3(x) + (factor / plen) * perp);
    }
    for (std::size_t i = 0; i < N; ++i) {
      const std::size_t e = first_element + i;
      const V chord = load3(&out.x[3 * (first_node + i + 1)]) - load3(&out.x[3 * (first_node + i)]);
      const double len = norm(chord);
      const V old_d3 = row_of(&out.rest_Q[9 * e], 2);
      const V new_d3 = len > 0 ? (1 / len) * chord : old_d3;
      if (!(len > 0) || !(dot(old_d3, new_d3) > -1 + 1e-9)) {
        check.fail("initial.perturbation.amplitude", "turns element " + std::to_string(i) + " of rod " +
                                                         std::to_string(r) + " around (or to zero length)");
      }
      for (int a = 0; a < 3; ++a) {
        store3(&out.Q[9 * e + 3 * static_cast<std::size_t>(a)],
               rotate_minimal(old_d3, new_d3, row_of(&out.rest_Q[9 * e], a)));
      }
    }
  }
}

/// Initial velocity of an end node: 0 when clamped or pinned, x_c'(0) = u + 2 pi f a when prescribed, the part of
/// the uniform velocity along the line or plane when sliding.
V end_velocity(const cosserat::Params<double>& p, int end, const V& uniform, const V& u, const V& a, double f) {
  const EndKind kind = end == 0 ? p.end0 : p.end1;
  switch (kind) {
    case EndKind::free:
      return uniform;
    case EndKind::sliding:
      return cosserat::slide_tangent(p, end, uniform);
    case EndKind::clamped:
    case EndKind::pinned:
      return {0, 0, 0};
    case EndKind::prescribed:
      return u + (2 * pi * f) * a;
  }
  return uniform;
}

}  // namespace
}  // namespace config_detail

template <>
void Schema<cosserat::Model>::build(const Spec& spec, const CosseratJob&, const std::string& source, Member& out) {
  using namespace config_detail;
  const MemberChecker check(source);

  // A ring's rules first: the ranges of the end keys (and the ends' own checks later) would advise what a ring
  // cannot take at all ("must be >= 0" for an end frequency a ring has no end for).
  const bool ring = spec.shape == CosseratShape::ring;
  if (ring) check_ring(spec, check);
  check_params(cosserat_params(), spec, check);
  if (spec.rods * (spec.n + 1) > max_nodes) {
    check.fail("params.rods",
               "params.rods * (params.n + 1) nodes is too many (at most " + format_number(max_nodes) + " a member)");
  }
  const int n = static_cast<int>(spec.n);
  const int rods = static_cast<int>(spec.rods);

  auto& p = out.params;
  p = cosserat::Params<double>{};
  land_params(cosserat_params(), spec, p);
  p.ring = ring;
  check_cross_keys(spec, check, p);
  check_params(cosserat_initial(), spec, check);

  const auto N = static_cast<std::size_t>(n);
  const auto R = static_cast<std::size_t>(rods);
  const std::size_t nodes = R * (N + 1), elements = R * N, voronoi = R * (p.ring ? N : N - 1);
  out.rest_x.resize(3 * nodes);
  out.rest_Q.resize(9 * elements);
  out.x.resize(3 * nodes);
  out.v.resize(3 * nodes);
  out.Q.resize(9 * elements);
  out.w.resize(3 * elements);
  out.l0.resize(elements);
  out.radius.resize(elements);
  out.sigma.resize(3 * elements);
  out.kappa.resize(3 * voronoi);
  out.clamp.resize(static_cast<std::size_t>(cosserat::clamp_size) * R);

  switch (spec.shape) {
    case CosseratShape::straight:
      build_straight(spec, n, rods, check, out);
      break;
    case CosseratShape::helix:
      build_helix(spec, n, rods, check, out);
      break;
    case CosseratShape::points:
      build_points(spec, n, rods, check, out);
      break;
    case CosseratShape::ring:
      build_ring(spec, n, rods, check, out);
      break;
  }
  rest_data(spec, n, rods, out);

  std::copy(out.rest_x.begin(), out.rest_x.end(), out.x.begin());
  std::copy(out.rest_Q.begin(), out.rest_Q.end(), out.Q.begin());
  if (spec.has_perturbation) perturb(spec, n, rods, check, out);

  if (spec.has_velocities && spec.velocities.size() != nodes) {
    check.fail("initial.velocities", "expected " + std::to_string(nodes) +
                                         " rows (params.rods x (params.n + 1) nodes), got " +
                                         std::to_string(spec.velocities.size()));
  }
  if (spec.has_angular_velocities && spec.angular_velocities.size() != elements) {
    check.fail("initial.angular_velocities", "expected " + std::to_string(elements) +
                                                 " rows (params.rods x params.n elements), got " +
                                                 std::to_string(spec.angular_velocities.size()));
  }
  for (std::size_t r = 0; r < R; ++r) {
    for (std::size_t j = 0; j <= N; ++j) {
      const std::size_t k = (N + 1) * r + j;
      const config_detail::Vec3& given_row = spec.has_velocities ? spec.velocities[k] : spec.velocity;
      if (spec.has_velocities) check.finite_vectors({{index_key("initial.velocities", k).c_str(), given_row}});
      const V given = vec(given_row);
      V vj = given;
      if (j == 0) {
        vj = end_velocity(p, 0, given, vec(spec.end_velocity0), vec(spec.end_amplitude0), spec.end_frequency0);
      }
      if (j == N) {
        vj = end_velocity(p, 1, given, vec(spec.end_velocity1), vec(spec.end_amplitude1), spec.end_frequency1);
      }
      // Node n of a ring is node 0.
      if (p.ring && j == N && norm(given - (spec.has_velocities ? vec(spec.velocities[k - N]) : given)) > 0) {
        check.fail(index_key("initial.velocities", k), "node " + std::to_string(N) + " of rod " + std::to_string(r) +
                                                           " is node 0 of its ring: give it node 0's velocity " +
                                                           vec_text(spec.velocities[k - N]) + ", got " +
                                                           vec_text(given));
      }
      // A uniform velocity yields to the ends; a node's own velocity must already be what its end allows.
      if (spec.has_velocities && norm(vj - given) > 1e-12 * (norm(vj) + norm(given))) {
        const int end = j == 0 ? 0 : 1;
        check.fail(index_key("initial.velocities", k),
                   "node " + std::to_string(j) + " of rod " + std::to_string(r) + " is held by its \"" +
                       cosserat_end_kinds.name(end == 0 ? p.end0 : p.end1) + "\" end " + std::to_string(end) +
                       ", which allows the velocity " + vec_text(vj) + " there, got " + vec_text(given));
      }
      store3(&out.v[3 * k], vj);
    }
    for (std::size_t i = 0; i < N; ++i) {
      const std::size_t e = N * r + i;
      const config_detail::Vec3& wi = spec.has_angular_velocities ? spec.angular_velocities[e] : spec.angular_velocity;
      if (spec.has_angular_velocities) check.finite_vectors({{index_key("initial.angular_velocities", e).c_str(), wi}});
      std::copy_n(wi.data(), 3, &out.w[3 * e]);
    }
    double* c = &out.clamp[static_cast<std::size_t>(cosserat::clamp_size) * r];
    std::copy_n(&out.x[3 * (N + 1) * r], 3, c);
    std::copy_n(&out.Q[9 * N * r], 9, c + 3);
    std::copy_n(&out.x[3 * ((N + 1) * r + N)], 3, c + 12);
    std::copy_n(&out.Q[9 * (N * r + N - 1)], 9, c + 15);
  }

  // Divergence: |x_j| beyond divergence_factor times the larger of 1, the total rest length and the initial extent.
  double extent = 1;
  double total = 0;
  for (const double l : out.l0) total += l;
  extent = std::max(extent, total);
  for (std::size_t j = 0; j < nodes; ++j) extent = std::max(extent, norm(load3(&out.x[3 * j])));
  p.divergence_bound = spec.divergence_factor * extent;
  out.growth.assign(out.l0.size(), 1.0);  // every element starts at its rest length, g = 1
}

}  // namespace rodswarm
