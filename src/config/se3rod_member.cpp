/// @file se3rod_member.cpp
/// Schema<se3rod::Model>::build: the range rules of the se3rod schema and the initial shapes (straight, helix,
/// points) turned into node poses and body twists, and the rest strains of the rest configuration, for one
/// (expanded) member. Runs once per ensemble member, so it stays free of JSON.
#include <algorithm>
#include <cmath>

#include "config/json_check.hpp"
#include "config/member_checker.hpp"
#include "config/se3rod_params.hpp"
#include "config/se3rod_spec.hpp"
#include "config/spec_vectors.hpp"
#include "rodswarm/models/se3rod.hpp"
#include "rodswarm/models/se3rod_plane_contact.hpp"

namespace rodswarm {
namespace config_detail {
namespace {

/// A normal whose part perpendicular to its tangent is below this fraction of its length counts as parallel.
constexpr double parallel_tolerance = 1e-9;
constexpr double two_pi = 6.28318530717958647692;

using V = rodswarm::Vec3<double>;

/// The directors (d1, d2, d3) as the columns of R, from the unit tangent d3 and a raw normal projected
/// perpendicular to it; false when the normal is zero or parallel to d3.
bool frame_of(const V& d3, const V& raw_normal, Mat3<double>& R) {
  const V perp = raw_normal - dot(raw_normal, d3) * d3;
  const double len = norm(raw_normal), plen = norm(perp);
  if (!(len > 0) || !(plen > parallel_tolerance * len)) return false;
  const V d1 = (1.0 / plen) * perp, d2 = cross(d3, d1);
  const V d[3] = {d1, d2, d3};
  for (int j = 0; j < 3; ++j) {
    R.m[j] = d[j].x;
    R.m[3 + j] = d[j].y;
    R.m[6 + j] = d[j].z;
  }
  return true;
}

/// A unit vector from a nonzero, finite one (scaled by its largest component first, so that a huge one does not
/// overflow its norm into a zero "unit" vector).
V unit_or_fail(const Vec3& a, const char* key, const MemberChecker& check) {
  const double largest = std::max({std::abs(a[0]), std::abs(a[1]), std::abs(a[2])});
  if (!std::isfinite(largest)) check.fail(key, "must be finite, got " + vec_text(a));
  if (!(largest > 0)) check.fail(key, "must not be the zero vector");
  const double len = norm(vec(a));
  if (std::isfinite(len) && len > 0) return (1.0 / len) * vec(a);
  const V v = (1.0 / largest) * vec(a);
  return (1.0 / norm(v)) * v;
}

void build_straight(const Se3rodSpec& spec, int nodes, double h, const MemberChecker& check,
                    std::vector<Pose<double>>& g) {
  const V d3 = unit_or_fail(spec.direction, "initial.direction", check);
  Mat3<double> R;
  if (!frame_of(d3, vec(spec.normal), R)) {
    check.fail("initial.normal", "must not be zero or parallel to initial.direction, got " + vec_text(spec.normal) +
                                     " with direction " + vec_text(spec.direction));
  }
  for (int k = 0; k < nodes; ++k) g[static_cast<std::size_t>(k)] = {R, vec(spec.origin) + (k * h) * d3};
}

void build_helix(const Se3rodSpec& spec, int nodes, double h, const MemberChecker& check,
                 std::vector<Pose<double>>& g) {
  const V axis = unit_or_fail(spec.direction, "initial.axis", check);
  const V raw = vec(spec.normal), perp = raw - dot(raw, axis) * axis;
  if (!(norm(raw) > 0) || !(norm(perp) > parallel_tolerance * norm(raw))) {
    check.fail("initial.normal", "must not be zero or parallel to initial.axis, got " + vec_text(spec.normal) +
                                     " with axis " + vec_text(spec.direction));
  }
  const V e_r = (-1.0 / norm(perp)) * perp, e_p = cross(axis, e_r);
  const double R = spec.helix_radius, c = spec.pitch / two_pi, s = std::sqrt(R * R + c * c);
  const V centre = vec(spec.origin) - R * e_r;
  for (int k = 0; k < nodes; ++k) {
    const double phi = k * h / s, cp = std::cos(phi), sp = std::sin(phi);
    const V radial = cp * e_r + sp * e_p;
    const V d3 = (1.0 / s) * (R * (cp * e_p - sp * e_r) + c * axis);
    Mat3<double> frame;
    frame_of(d3, -1.0 * radial, frame);  // the principal normal is perpendicular to the tangent already
    g[static_cast<std::size_t>(k)] = {frame, centre + R * radial + (c * phi) * axis};
  }
}

/// points: positions as given, d3 the chord through the neighbours, d1 the given normals; h the mean chord.
double build_points(const Se3rodSpec& spec, int nodes, const MemberChecker& check, std::vector<Pose<double>>& g) {
  const auto count = static_cast<std::size_t>(nodes);
  if (spec.points.size() != count) {
    check.fail("initial.points", "expected n + 1 = " + std::to_string(nodes) + " points [x, y, z], got " +
                                     std::to_string(spec.points.size()));
  }
  if (spec.normals.size() != count) {
    check.fail("initial.normals", "expected n + 1 = " + std::to_string(nodes) +
                                      " normals [x, y, z] (one per node), got " + std::to_string(spec.normals.size()));
  }
  for (std::size_t k = 0; k < count; ++k) {
    for (int c = 0; c < 3; ++c) {
      check.finite_element("initial.points", k, c, spec.points[k][static_cast<std::size_t>(c)]);
      check.finite_element("initial.normals", k, c, spec.normals[k][static_cast<std::size_t>(c)]);
    }
  }
  double total = 0;
  for (std::size_t k = 0; k + 1 < count; ++k) {
    const double chord = norm(vec(spec.points[k + 1]) - vec(spec.points[k]));
    if (!(chord > 0)) {
      check.fail(index_key("initial.points", k + 1), "segment " + std::to_string(k) + " has zero length (node " +
                                                         std::to_string(k + 1) + " coincides with node " +
                                                         std::to_string(k) + ")");
    }
    total += chord;
  }
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t before = k == 0 ? 0 : k - 1, after = k + 1 == count ? k : k + 1;
    const V chord = vec(spec.points[after]) - vec(spec.points[before]);
    if (!(norm(chord) > 0)) {
      check.fail(index_key("initial.points", after), "the chord through node " + std::to_string(k) + " (from node " +
                                                         std::to_string(before) + " to node " + std::to_string(after) +
                                                         ") has zero length");
    }
    Mat3<double> R;
    if (!frame_of((1.0 / norm(chord)) * chord, vec(spec.normals[k]), R)) {
      check.fail(index_key("initial.normals", k),
                 "must not be zero or parallel to the rod's tangent at node " + std::to_string(k));
    }
    g[k] = {R, vec(spec.points[k])};
  }
  return total / static_cast<double>(count - 1);
}

/// Contact "plane": the unit normal and offset into the params, and every rolling node checked to start on the plane
/// and rolling, to a relative 1e-9 (a rod placed by hand in decimal numbers is within it; a rod a radius off is not).
void set_plane_contact(const Se3rodSpec& spec, const MemberChecker& check, se3rod::Params<double>& p,
                       const std::vector<double>& pose, const std::vector<double>& twist) {
  constexpr double tolerance = 1e-9;
  const V n = unit_or_fail(spec.plane_normal, "params.plane_normal", check);
  check.finite("params.plane_offset", spec.plane_offset);
  p.contact = se3rod::Contact::plane;
  p.plane_normal[0] = n.x;
  p.plane_normal[1] = n.y;
  p.plane_normal[2] = n.z;
  p.plane_offset = spec.plane_offset;
  const double scale = std::max(p.h * (p.n - 1), p.radius);
  for (int k = 0; k < p.n; ++k) {
    if (!se3rod::rolls_on_plane(p, k)) continue;
    const Pose<double> g = se3rod::load_pose(&pose[12 * static_cast<std::size_t>(k)]);
    const Twist<double> xi = se3rod::load_twist(&twist[6 * static_cast<std::size_t>(k)]);
    const double gap = se3rod::contact_gap(p, g);
    if (!(std::abs(gap) <= tolerance * scale)) {
      check.fail("params.plane_offset",
                 "node " + std::to_string(k) + " starts " + format_number(gap) +
                     " m from the plane (n . p - plane_offset - radius); a rolling rod must start on it (node " +
                     std::to_string(k) + " at " + vec_text(g.p) +
                     "): set plane_offset, plane_normal, radius or the initial shape so that it does");
    }
    const double slip = norm(se3rod::contact_velocity(se3rod::contact_offset(p, g), xi));
    if (!(slip <= tolerance * (norm(xi.v) + p.radius * norm(xi.w)))) {
      check.fail("initial.velocity", "node " + std::to_string(k) + "'s contact point moves at " + format_number(slip) +
                                         " m/s: a rolling rod must start rolling, velocity = angular_velocity x "
                                         "(radius plane_normal) on every node that rolls");
    }
  }
}

}  // namespace

void build_se3rod_rod(const Se3rodSpec& spec, const MemberChecker& check, Se3rodMember& out) {
  check_params(se3rod_params(), spec, check);
  const int nodes = static_cast<int>(spec.n) + 1;
  check.finite_vectors({{"params.end_velocity0", spec.end_velocity[0]},
                        {"params.end_velocity1", spec.end_velocity[1]},
                        {"params.end_angular_velocity0", spec.end_angular_velocity[0]},
                        {"params.end_angular_velocity1", spec.end_angular_velocity[1]}});
  check_params(se3rod_initial(), spec, check);

  std::vector<Pose<double>> g(static_cast<std::size_t>(nodes));
  double h = spec.has_length ? spec.length / spec.n : 0;
  if (spec.shape == Se3rodShape::points) {
    h = build_points(spec, nodes, check, g);
  } else if (spec.shape == Se3rodShape::helix) {
    build_helix(spec, nodes, h, check, g);
  } else {
    build_straight(spec, nodes, h, check, g);
  }

  auto& p = out.params;
  p = se3rod::Params<double>{};
  p.n = nodes;
  p.scheme = spec.scheme;
  p.end0 = spec.end0;
  p.end1 = spec.end1;
  p.h = h;
  land_params(se3rod_params(), spec, p);

  const auto count = static_cast<std::size_t>(nodes);
  out.pose.resize(12 * count);
  out.twist.resize(6 * count);
  out.rest.resize(6 * (count - 1));
  double extent = std::max(1.0, h * spec.n);
  for (std::size_t k = 0; k < count; ++k) {
    se3rod::store_pose(&out.pose[12 * k], g[k]);
    const se3rod::End end = se3rod::end_of(p, static_cast<int>(k));
    V v = end == se3rod::End::free ? vec(spec.velocity) : V{0, 0, 0};
    V w = end == se3rod::End::clamped ? V{0, 0, 0} : vec(spec.angular_velocity);
    if (end == se3rod::End::prescribed) {  // the twist it keeps (the stepper holds it)
      v = vec(spec.end_velocity[k == 0 ? 0 : 1]);
      w = vec(spec.end_angular_velocity[k == 0 ? 0 : 1]);
    }
    se3rod::store_twist(&out.twist[6 * k], Twist<double>{transpose_times(g[k].R, w), transpose_times(g[k].R, v)});
    extent = std::max(extent, norm(g[k].p));
  }
  const double axial_stiffness = se3rod::stiffness(p).v.z;  // E A
  if (!(std::abs(spec.tension) < axial_stiffness)) {
    check.fail("params.tension", "must be finite and smaller in size than E A = " + format_number(axial_stiffness) +
                                     " N (the rest length would not be positive), got " + format_number(spec.tension));
  }
  for (std::size_t s = 0; s + 1 < count; ++s) {
    Twist<double> rest = spec.rest == Se3rodRest::straight ? Twist<double>{{0, 0, 0}, {0, 0, 1}}
                                                           : se3rod::rest_strain(g[s], g[s + 1], h);
    rest.v.z -= spec.tension / axial_stiffness;  // the axial force E A (strain - rest) starts at tension more
    se3rod::store_twist(&out.rest[6 * s], rest);
  }
  if (spec.contact == se3rod::Contact::plane) set_plane_contact(spec, check, p, out.pose, out.twist);
  p.divergence_bound = spec.divergence_factor * extent;
}

}  // namespace config_detail

template <>
void Schema<se3rod::Model>::build(const Spec& spec, const Se3rodJob&, const std::string& source, Member& out) {
  const config_detail::MemberChecker check(source);
  config_detail::build_se3rod_rod(spec, check, out);
}

}  // namespace rodswarm
