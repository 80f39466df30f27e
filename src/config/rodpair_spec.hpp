/// @file rodpair_spec.hpp
/// A rodpair config as plain structs (internal to the config layer): each rod is an se3rod spec (its params and
/// initial sections, se3rod_spec.hpp), plus the contact's starting place and bump widths and the integrator. The
/// schema is documented at the top of rodpair_config.cpp; rodpair_slots.cpp lists its varied numbers,
/// rodpair_member.cpp checks and builds a member.
#pragma once

#include <vector>

#include "config/analysis_config.hpp"
#include "config/rodpair_job.hpp"
#include "config/se3rod_spec.hpp"

namespace rodswarm {
namespace config_detail {

struct RodpairMember;

struct RodpairSpec : StepSpec {
  using Member = RodpairMember;

  Se3rodSpec rod[2];      ///< params and initial of rod1 and rod2 (their integrator fields unused)
  double s1 = 0, s2 = 0;  ///< contact.s1, contact.s2: where Newton starts looking for the contact
  bool has_width[2] = {false, false};
  double width[2] = {0, 0};  ///< contact.width1, width2 (default: the rod's segment length)
  double frozen = 0;         ///< contact.frozen: 0 or 1 (a number, so that an ensemble can hold both)
  double bilateral = 0;      ///< contact.bilateral: 0 or 1, likewise
  AnalysisSpec analysis;
  double spectrum_rod = 1;     ///< analysis.spectrum.rod
  Vec3 direction = {0, 0, 1};  ///< analysis.spectrum.direction
};

/// One member ready for Ensemble::add.
struct RodpairMember : MemberSteps {
  rodpair::Params<double> params{};
  std::vector<double> pose, twist, rest;  ///< rod 1's nodes (segments), then rod 2's
  std::vector<double> contact;            ///< rodpair::contact_slots
  std::int64_t samples = 0;               ///< the spectrum's signal: values over the run (0: none)
};

}  // namespace config_detail

RODSWARM_SCHEMA(rodpair::Model, config_detail::RodpairSpec)

}  // namespace rodswarm
