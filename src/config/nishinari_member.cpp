/// @file nishinari_member.cpp
/// Schema<nishinari::Model>::build: the range rules of the Nishinari schema and the initial shapes (straight, helix,
/// points, twist pulse) turned into the Cartesian exchange state, applied to one (expanded) member. Runs once per
/// ensemble member, so it stays free of JSON and of allocations after the first member.
#include <algorithm>
#include <cmath>

#include "config/json_check.hpp"
#include "config/member_checker.hpp"
#include "config/nishinari_params.hpp"
#include "config/nishinari_spec.hpp"
#include "config/spec_vectors.hpp"

namespace rodswarm {
namespace config_detail {
namespace {

/// A normal whose part perpendicular to its tangent is below this fraction of its length counts as parallel.
constexpr double parallel_tolerance = 1e-9;

constexpr double half_pi = 1.57079632679489661923;

using V = ::rodswarm::Vec3<double>;

/// Writes the frame (t, n, b) (rows of a 3x3) from tangent t (unit) and a raw normal; false when the normal is
/// zero or parallel to t.
bool make_frame(const V& t, const V& raw_normal, double* frame) {
  const double len = norm(raw_normal);
  const V perp = raw_normal - dot(raw_normal, t) * t;
  const double plen = norm(perp);
  if (!(len > 0) || !(plen > parallel_tolerance * len)) return false;
  const V n{perp.x / plen, perp.y / plen, perp.z / plen};
  store3(frame, t);
  store3(frame + 3, n);
  store3(frame + 6, cross(t, n));
  return true;
}

/// The chord from bead s to bead s + 1.
V segment(const std::vector<double>& r, std::size_t s) { return load3(&r[3 * s + 3]) - load3(&r[3 * s]); }

/// straight and helix: frames by the constant relative rotation P, positions by r_{s+1} = r_s + G t_s.
void build_helix(const NishinariSpec& spec, int n, const MemberChecker& check, NishinariMember& out,
                 std::vector<double>& frames) {
  if (!(std::fabs(spec.dtheta) < half_pi)) {
    check.fail("initial.dtheta", "|dtheta| must be below pi/2 (the relative Euler angles are singular there), got " +
                                     format_number(spec.dtheta));
  }
  const double dlen = norm(vec(spec.direction));
  const V t0{spec.direction[0] / dlen, spec.direction[1] / dlen, spec.direction[2] / dlen};
  if (!make_frame(t0, vec(spec.normal), frames.data())) {
    check.fail("initial.normal", "must not be zero or parallel to initial.direction, got " + vec_text(spec.normal) +
                                     " (default [0, 1, 0]) with direction " + vec_text(spec.direction));
  }

  const double cf = std::cos(spec.dphi), sf = std::sin(spec.dphi);
  const double ct = std::cos(spec.dtheta), st = std::sin(spec.dtheta);
  const double cp = std::cos(spec.dpsi), sp = std::sin(spec.dpsi);
  // P = R_t(dpsi) R_n(dtheta) R_b(dphi), rows = new frame in old components (note section 2).
  const double P[9] = {cf * ct,
                       sf * ct,
                       -st,
                       -sf * cp + cf * st * sp,
                       cf * cp + sf * st * sp,
                       ct * sp,
                       sf * sp + cf * st * cp,
                       sf * st * cp - cf * sp,
                       ct * cp};
  const auto segments = static_cast<std::size_t>(n - 1);
  for (std::size_t s = 1; s < segments; ++s) {
    const double* prev = &frames[9 * (s - 1)];
    double* cur = &frames[9 * s];
    for (int a = 0; a < 3; ++a) {
      for (int c = 0; c < 3; ++c) {
        cur[3 * a + c] = P[3 * a] * prev[c] + P[3 * a + 1] * prev[3 + c] + P[3 * a + 2] * prev[6 + c];
      }
    }
  }
  const double G = spec.stretch * spec.l;
  for (int c = 0; c < 3; ++c) out.r[static_cast<std::size_t>(c)] = spec.origin[static_cast<std::size_t>(c)];
  for (std::size_t s = 0; s < segments; ++s) {
    for (std::size_t c = 0; c < 3; ++c) out.r[3 * (s + 1) + c] = out.r[3 * s + c] + G * frames[9 * s + c];
  }
}

/// points: positions as given, tangents from them, frames from the given normals.
void build_points(const NishinariSpec& spec, int n, const MemberChecker& check, NishinariMember& out,
                  std::vector<double>& frames) {
  const auto beads = static_cast<std::size_t>(n);
  if (spec.points.size() != beads) {
    check.fail("initial.points",
               "expected n = " + std::to_string(n) + " points [x, y, z], got " + std::to_string(spec.points.size()));
  }
  if (spec.normals.size() != beads - 1) {
    check.fail("initial.normals", "expected n - 1 = " + std::to_string(n - 1) +
                                      " normals [x, y, z] (one per segment), got " +
                                      std::to_string(spec.normals.size()));
  }
  for (std::size_t i = 0; i < beads; ++i) {
    for (int c = 0; c < 3; ++c) {
      const double x = spec.points[i][static_cast<std::size_t>(c)];
      check.finite_element("initial.points", i, c, x);
      out.r[3 * i + static_cast<std::size_t>(c)] = x;
    }
  }
  for (std::size_t s = 0; s + 1 < beads; ++s) {
    for (int c = 0; c < 3; ++c)
      check.finite_element("initial.normals", s, c, spec.normals[s][static_cast<std::size_t>(c)]);
    const V d = segment(out.r, s);
    const double G = norm(d);
    if (!(G > 0)) {
      check.fail(index_key("initial.points", s + 1), "segment " + std::to_string(s) + " has zero length (bead " +
                                                         std::to_string(s + 1) + " coincides with bead " +
                                                         std::to_string(s) + ")");
    }
    if (!make_frame(V{d.x / G, d.y / G, d.z / G}, vec(spec.normals[s]), &frames[9 * s])) {
      check.fail(index_key("initial.normals", s), "must not be zero or parallel to segment " + std::to_string(s) +
                                                      " (points " + std::to_string(s) + " to " + std::to_string(s + 1) +
                                                      ")");
    }
  }
}

/// Rotates normal s about its tangent by angle w_s and adds rate w_s to spin s.
void apply_twist_pulse(const NishinariSpec& spec, int n, NishinariMember& out, std::vector<double>& frames) {
  for (std::size_t s = 0; s + 1 < static_cast<std::size_t>(n); ++s) {
    const double x = (static_cast<double>(s) - spec.pulse_center) / spec.pulse_width;
    const double w = std::exp(-0.5 * x * x);
    const double a = spec.pulse_angle * w;
    const double ca = std::cos(a), sa = std::sin(a);
    double* f = &frames[9 * s];
    for (int c = 0; c < 3; ++c) {
      const double nc = f[3 + c], bc = f[6 + c];
      f[3 + c] = ca * nc + sa * bc;
      f[6 + c] = ca * bc - sa * nc;
    }
    out.spin[s] += spec.pulse_rate * w;
  }
}

void set_velocities(const NishinariSpec& spec, int n, const MemberChecker& check, NishinariMember& out) {
  const auto beads = static_cast<std::size_t>(n);
  const auto& p = out.params;
  const bool fixed0 = p.end0 != nishinari::EndKind::free;
  const bool fixed1 = p.end1 != nishinari::EndKind::free;
  if (spec.has_velocities) {
    if (spec.velocities.size() != beads) {
      check.fail("initial.velocities", "expected n = " + std::to_string(n) + " velocities [vx, vy, vz], got " +
                                           std::to_string(spec.velocities.size()));
    }
    for (std::size_t i = 0; i < beads; ++i) {
      for (int c = 0; c < 3; ++c) {
        const double x = spec.velocities[i][static_cast<std::size_t>(c)];
        check.finite_element("initial.velocities", i, c, x);
        out.v[3 * i + static_cast<std::size_t>(c)] = x;
      }
    }
    const auto must_rest = [&](std::size_t bead, int end, nishinari::EndKind kind) {
      const double* vb = &out.v[3 * bead];
      if (vb[0] != 0 || vb[1] != 0 || vb[2] != 0) {
        check.fail(index_key("initial.velocities", bead),
                   "bead " + std::to_string(bead) + " is " + nishinari_end_kinds.name(kind) + " (params.ends[" +
                       std::to_string(end) + "]): its velocity must be [0, 0, 0]");
      }
    };
    if (fixed0) must_rest(0, 0, p.end0);
    if (fixed1) must_rest(beads - 1, 1, p.end1);
  } else {
    for (std::size_t i = 0; i < beads; ++i) {
      const bool fixed = (i == 0 && fixed0) || (i + 1 == beads && fixed1);
      for (std::size_t c = 0; c < 3; ++c) out.v[3 * i + c] = fixed ? 0.0 : spec.velocity[c];
    }
  }
}

void set_spins(const NishinariSpec& spec, int n, const MemberChecker& check, NishinariMember& out) {
  const auto segments = static_cast<std::size_t>(n - 1);
  if (spec.has_spins) {
    if (spec.spins.size() != segments) {
      check.fail("initial.spins", "expected n - 1 = " + std::to_string(n - 1) + " values (one per segment), got " +
                                      std::to_string(spec.spins.size()));
    }
    for (std::size_t s = 0; s < segments; ++s) {
      check.finite_element("initial.spins", s, -1, spec.spins[s]);
      out.spin[s] = spec.spins[s];
    }
  } else {
    std::fill(out.spin.begin(), out.spin.end(), spec.spin);
  }
}

}  // namespace
}  // namespace config_detail

template <>
void Schema<nishinari::Model>::build(const Spec& spec, const NishinariJob&, const std::string& source, Member& out) {
  using namespace config_detail;
  const MemberChecker check(source);

  check_params(nishinari_params(), spec, check);
  check_params(nishinari_initial(), spec, check);

  auto& p = out.params;
  p = nishinari::Params<double>{};
  land_params(nishinari_params(), spec, p);
  const int n = p.n;
  p.end0 = spec.end0;
  p.end1 = spec.end1;
  p.twist_moment = spec.twist_moment;
  p.formulation = spec.formulation;

  const auto beads = static_cast<std::size_t>(n);
  const std::size_t segments = beads - 1;
  out.r.resize(3 * beads);
  out.v.resize(3 * beads);
  out.normal.resize(3 * segments);
  out.spin.resize(segments);
  out.frames.resize(9 * segments);

  if (spec.shape == NishinariShape::points) {
    build_points(spec, n, check, out, out.frames);
  } else {
    build_helix(spec, n, check, out, out.frames);
  }
  set_spins(spec, n, check, out);
  if (spec.has_twist_pulse) apply_twist_pulse(spec, n, out, out.frames);
  set_velocities(spec, n, check, out);

  // Every joint must start away from gimbal lock: cos(dtheta_i) = hypot(P00, P01) = sqrt(1 - (t_i . b_{i-1})^2).
  for (std::size_t i = 1; i < segments; ++i) {
    const double sin_theta = dot(load3(&out.frames[9 * i]), load3(&out.frames[9 * (i - 1) + 6]));
    const double cos_theta = std::sqrt(std::max(0.0, 1.0 - sin_theta * sin_theta));
    if (!(cos_theta > p.singular_cos)) {
      const std::string key = spec.shape == NishinariShape::points ? index_key("initial.normals", i - 1)
                              : spec.has_twist_pulse               ? std::string("initial.twist_pulse")
                                                                   : std::string("initial.dtheta");
      check.fail(key, "the relative pitch dtheta of joint " + std::to_string(i) + " (segments " +
                          std::to_string(i - 1) + " and " + std::to_string(i) +
                          ") is pi/2: the relative Euler angles are singular there (choose another normal)");
    }
  }

  for (std::size_t s = 0; s < segments; ++s) {
    for (std::size_t c = 0; c < 3; ++c) out.normal[3 * s + c] = out.frames[9 * s + 3 + c];
  }
  if (p.end0 == nishinari::EndKind::clamped) std::copy_n(&out.frames[0], 9, p.wall0);
  if (p.end1 == nishinari::EndKind::clamped) std::copy_n(&out.frames[9 * (segments - 1)], 9, p.wall1);

  // Divergence: |r_i| beyond divergence_factor times the larger of 1, the string's length and its initial extent.
  double length = 0;
  for (std::size_t s = 0; s < segments; ++s) length += norm(segment(out.r, s));
  double extent = std::max({1.0, static_cast<double>(segments) * spec.l, length});
  for (std::size_t i = 0; i < beads; ++i) extent = std::max(extent, norm(load3(&out.r[3 * i])));
  p.divergence_bound = spec.divergence_factor * extent;
}

}  // namespace rodswarm
