/// @file rodpair_member.cpp
/// Schema<rodpair::Model>::build: each rod built as an se3rod (se3rod_member.cpp, its keys under rod1. and rod2.),
/// then the contact: the bump widths checked, the contact point found by Newton on the tangency from contact.s1,
/// s2, the rods checked to touch there, and the initial motion put on the rolling rows (the restore the stepper
/// runs after every step).
#include <algorithm>
#include <cmath>

#include "config/member_checker.hpp"
#include "config/rodpair_spec.hpp"
#include "rodswarm/models/rodpair_stepper.hpp"

namespace rodswarm {
namespace config_detail {
namespace {

/// A starting guess this far from the contact still converges; the iterations are cheap (one member, once).
constexpr int placement_iterations = 50;
/// The rods must start touching within this fraction of the longer rod's length (a rod placed by hand in decimal
/// numbers is within it).
constexpr double touch_tolerance = 1e-9;

}  // namespace
}  // namespace config_detail

template <>
void Schema<rodpair::Model>::build(const Spec& spec, const RodpairJob&, const std::string& source, Member& out) {
  using namespace config_detail;
  const MemberChecker check(source);
  Se3rodMember rods[2];
  for (int r = 0; r < 2; ++r) {
    Se3rodSpec rod = spec.rod[r];
    rod.divergence_factor = spec.divergence_factor;
    build_se3rod_rod(rod, MemberChecker(source, r == 0 ? "rod1." : "rod2."), rods[r]);
  }
  auto& p = out.params;
  p = rodpair::Params<double>{};
  p.rod1 = rods[0].params;
  p.rod2 = rods[1].params;
  const char* width_keys[2] = {"contact.width1", "contact.width2"};
  double* widths[2] = {&p.width1, &p.width2};
  for (int r = 0; r < 2; ++r) {
    const se3rod::Params<double>& rod = r == 0 ? p.rod1 : p.rod2;
    if (rod.n < 3) {  // the smeared centreline's curvature needs three nodes; two bumps cannot hold a free node
      check.fail(r == 0 ? "rod1.params.n" : "rod2.params.n", "must be at least 2 segments for a rod in contact");
    }
    *widths[r] = spec.has_width[r] ? spec.width[r] : rod.h;
    check.positive(width_keys[r], *widths[r]);
    if (!(*widths[r] >= 0.5 * rod.h)) {
      check.fail(width_keys[r], "must be at least half the rod's segment length h = " + format_number(rod.h) +
                                    " (a narrower bump leaves the contact between nodes with no weight), got " +
                                    format_number(*widths[r]));
    }
  }
  check.finite({{"contact.s1", spec.s1}, {"contact.s2", spec.s2}});
  out.pose.clear();  // `out` is reused from member to member
  out.twist.clear();
  out.rest.clear();
  for (int r = 0; r < 2; ++r) {
    out.pose.insert(out.pose.end(), rods[r].pose.begin(), rods[r].pose.end());
    out.twist.insert(out.twist.end(), rods[r].twist.begin(), rods[r].twist.end());
    out.rest.insert(out.rest.end(), rods[r].rest.begin(), rods[r].rest.end());
  }
  out.contact.assign(rodpair::contact_slots, 0.0);
  const rodpair::MemberIO<double> io{out.pose.data(), out.twist.data(), out.rest.data(), out.contact.data()};
  std::vector<double> work(static_cast<std::size_t>(rodpair::workspace_size(p.rod1.n, p.rod2.n)));
  const auto a = rodpair::rod1_of(io, p, work.data()), b = rodpair::rod2_of(io, p, work.data());
  double s1 = spec.s1, s2 = spec.s2;
  const double residual = se3rod::place_contact(a.view(), b.view(), s1, s2, placement_iterations);
  const double length1 = p.rod1.h * (p.rod1.n - 1), length2 = p.rod2.h * (p.rod2.n - 1);
  const double scale = std::max(length1, length2);
  if (!(residual <= 1e-12 * scale * scale) || !rodpair::on_rod(p.rod1, s1) || !rodpair::on_rod(p.rod2, s2)) {
    check.fail("contact.s1", "no contact point on both rods was found near s1 = " + format_number(spec.s1) +
                                 ", s2 = " + format_number(spec.s2) +
                                 " (Newton on the tangency ended at s1 = " + format_number(s1) +
                                 ", s2 = " + format_number(s2) + " of rod lengths " + format_number(length1) + ", " +
                                 format_number(length2) + "): the rods must cross there, not run parallel");
  }
  const se3rod::ContactPlace<double> place = se3rod::contact_place(a.view(), b.view(), s1, s2);
  const double gap = se3rod::rod_gap(a.view(), b.view(), place);
  if (!(std::abs(gap) <= touch_tolerance * scale)) {
    check.fail("rod2.initial", "the rods do not touch at s1 = " + format_number(s1) + ", s2 = " + format_number(s2) +
                                   ": the gap |rbar2 - rbar1| - (r1 + r2) is " + format_number(gap) +
                                   " m; place rod 2 at the sum of the radii from rod 1");
  }
  // Some node the ends leave free must carry the contact's weight on each side, or the reaction has nothing to
  // act on (the rows' compliance is singular).
  double mobility[2] = {0, 0};
  for (int r = 0; r < 2; ++r) {
    const se3rod::ContactRod<double> rod = r == 0 ? a.view() : b.view();
    const double s = r == 0 ? s1 : s2;
    const se3rod::Bump<double> sums = se3rod::bump_sums(*rod.p, rod.width, s);
    for (int k = 0; k < rod.p->n; ++k)
      if (se3rod::end_of(*rod.p, k) == se3rod::End::free)
        mobility[r] += se3rod::node_weight(*rod.p, rod.width, s, sums, k).value;
  }
  if (!(mobility[0] + mobility[1] > 1e-6)) {
    check.fail("contact.s1", "the contact at s1 = " + format_number(s1) + ", s2 = " + format_number(s2) +
                                 " has no weight on a free node of either rod (held ends only): it cannot roll");
  }
  for (const auto& [key, value] : {std::pair<const char*, double>{"contact.frozen", spec.frozen},
                                   std::pair<const char*, double>{"contact.bilateral", spec.bilateral}}) {
    if (!(value == 0 || value == 1)) check.fail(key, "must be false or true (0 or 1), got " + format_number(value));
  }
  p.frozen = static_cast<std::int32_t>(spec.frozen);
  p.bilateral = static_cast<std::int32_t>(spec.bilateral);
  if (spec.analysis.spectrum) {
    p.spectrum_rod = check.integer_in("analysis.spectrum.rod", spec.spectrum_rod, 1, 2, "must be 1 or 2 (the rod)");
    const int nodes = p.spectrum_rod == 1 ? p.rod1.n : p.rod2.n;
    p.harmonic = check.integer_in("analysis.spectrum.harmonic", spec.analysis.harmonic, 1, std::max(1, nodes - 2),
                                  "must be an integer from 1 to the rod's segments - 1 = " + std::to_string(nodes - 2) +
                                      " (k of the string mode sin(k pi s / L) its nodes resolve)");
    check.finite_vectors({{"analysis.spectrum.direction", spec.direction}});
    const double length = std::sqrt(spec.direction[0] * spec.direction[0] + spec.direction[1] * spec.direction[1] +
                                    spec.direction[2] * spec.direction[2]);
    if (!(length > 0 && std::isfinite(length))) {
      check.fail("analysis.spectrum.direction", "must be a nonzero vector (the displacement's component recorded)");
    }
    for (int c = 0; c < 3; ++c) p.spectrum_direction[c] = spec.direction[c] / length;
  }
  const AnalysisSteps analysis =
      check_analysis(spec.analysis, check, spec.dt, spec.t_end, std::llround(spec.t_end / spec.dt));
  out.samples = analysis.samples;
  land_analysis(spec.analysis, analysis, p);
  se3rod::restore_rod_contact(a.mutable_view(), b.mutable_view(), s1, s2, 4);
  out.contact[rodpair::slot_s1] = s1;
  out.contact[rodpair::slot_s2] = s2;
}

}  // namespace rodswarm
