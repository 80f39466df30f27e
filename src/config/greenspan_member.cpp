/// @file greenspan_member.cpp
/// Schema<greenspan::Model>::build: the range rules of the Greenspan schema and the initial shapes, applied to one
/// (expanded) member. Runs once per ensemble member, so it stays free of JSON and of allocations after the first
/// member.
#include <algorithm>
#include <cmath>

#include "config/greenspan_params.hpp"
#include "config/greenspan_spec.hpp"
#include "config/json_check.hpp"
#include "config/member_checker.hpp"

namespace rodswarm {
namespace config_detail {
namespace {

/// Fills out.y (moving beads) and the fixed ends for the spec's initial kind.
void build_shape(const GreenspanSpec& spec, int n, const MemberChecker& check, GreenspanMember& out) {
  const double dx = spec.dx;
  const double length = (n + 1) * dx;
  out.y.resize(static_cast<std::size_t>(n));
  auto& p = out.params;
  switch (spec.kind) {
    case InitialKind::triangle: {
      const double px = spec.peak[0], py = spec.peak[1];
      check.finite("initial.peak[0]", px);
      check.finite("initial.peak[1]", py);
      if (!(px > 0 && px < length)) {
        check.fail("initial.peak[0]", "the peak must lie strictly between the fixed ends x = 0 and (n+1) dx = " +
                                          format_number(length) + ", got " + format_number(px));
      }
      p.y_left = 0;
      p.y_right = 0;
      for (int i = 1; i <= n; ++i) {
        const double x = i * dx;
        // Left of (or at) the peak on the line from (0, 0); right of it on the line to ((n+1) dx, 0).
        out.y[static_cast<std::size_t>(i - 1)] = x <= px ? py * x / px : py * (length - x) / (length - px);
      }
      break;
    }
    case InitialKind::polyline: {
      const auto& vs = spec.vertices;
      const double tol = 1e-9 * length;
      for (std::size_t k = 0; k < vs.size(); ++k) {
        check.finite_element("initial.vertices", k, 0, vs[k][0]);
        check.finite_element("initial.vertices", k, 1, vs[k][1]);
        if (k > 0 && !(vs[k][0] > vs[k - 1][0])) {
          check.fail(
              index_key(index_key("initial.vertices", k), 0),
              "vertex x must increase strictly: " + format_number(vs[k][0]) + " after " + format_number(vs[k - 1][0]));
        }
      }
      if (std::fabs(vs.front()[0]) > tol) {
        check.fail("initial.vertices[0][0]",
                   "the first vertex must be at the left end x = 0, got " + format_number(vs.front()[0]));
      }
      if (std::fabs(vs.back()[0] - length) > tol) {
        check.fail(index_key(index_key("initial.vertices", vs.size() - 1), 0),
                   "the last vertex must be at the right end x = (n+1) dx = " + format_number(length) + ", got " +
                       format_number(vs.back()[0]));
      }
      p.y_left = vs.front()[1];
      p.y_right = vs.back()[1];
      std::size_t seg = 0;  // beads are visited left to right, so the segment only moves forward
      for (int i = 1; i <= n; ++i) {
        const double x = i * dx;
        while (seg + 2 < vs.size() && x > vs[seg + 1][0]) ++seg;
        const auto& a = vs[seg];
        const auto& b = vs[seg + 1];
        const double t = std::clamp((x - a[0]) / (b[0] - a[0]), 0.0, 1.0);
        out.y[static_cast<std::size_t>(i - 1)] = a[1] + t * (b[1] - a[1]);
      }
      break;
    }
    case InitialKind::points: {
      const auto& ps = spec.points;
      if (ps.size() != static_cast<std::size_t>(n) + 2) {
        check.fail("initial.points", "expected n + 2 = " + std::to_string(n + 2) +
                                         " points [x, y, z] (the fixed ends included), got " +
                                         std::to_string(ps.size()));
      }
      const double tol = 1e-9 * length;
      for (std::size_t k = 0; k < ps.size(); ++k) {
        for (int c = 0; c < 3; ++c) check.finite_element("initial.points", k, c, ps[k][static_cast<std::size_t>(c)]);
        const double x = static_cast<double>(k) * dx;
        if (std::fabs(ps[k][0] - x) > tol) {
          check.fail(index_key(index_key("initial.points", k), 0),
                     "bead " + std::to_string(k) + " must be at x = " + std::to_string(k) +
                         " dx = " + format_number(x) + ", got " + format_number(ps[k][0]));
        }
        if (ps[k][2] != 0) {
          check.fail(index_key(index_key("initial.points", k), 2),
                     "z must be 0 (the Greenspan string is planar), got " + format_number(ps[k][2]));
        }
      }
      p.y_left = ps.front()[1];
      p.y_right = ps.back()[1];
      for (int i = 1; i <= n; ++i) out.y[static_cast<std::size_t>(i - 1)] = ps[static_cast<std::size_t>(i)][1];
      break;
    }
  }
}

}  // namespace
}  // namespace config_detail

template <>
void Schema<greenspan::Model>::build(const Spec& spec, const GreenspanJob&, const std::string& source, Member& out) {
  using namespace config_detail;
  const MemberChecker check(source);

  check_params(greenspan_params(), spec, check);

  auto& p = out.params;
  land_params(greenspan_params(), spec, p);
  const int n = p.n;
  p.scheme = spec.scheme;
  build_shape(spec, n, check, out);

  out.v.assign(static_cast<std::size_t>(n), 0.0);
  if (spec.has_velocities) {
    if (spec.velocities.size() != static_cast<std::size_t>(n)) {
      check.fail("initial.velocities", "expected n = " + std::to_string(n) + " values (one per moving bead), got " +
                                           std::to_string(spec.velocities.size()));
    }
    for (std::size_t j = 0; j < spec.velocities.size(); ++j) {
      check.finite_element("initial.velocities", j, -1, spec.velocities[j]);
      out.v[j] = spec.velocities[j];
    }
  }

  // Divergence: |y| beyond divergence_factor times the larger of the string's length and its initial extent.
  double extent = std::max({(n + 1) * spec.dx, std::fabs(p.y_left), std::fabs(p.y_right)});
  for (const double y : out.y) extent = std::max(extent, std::fabs(y));
  p.divergence_bound = spec.divergence_factor * extent;
}

}  // namespace rodswarm
