/// @file step_spec.hpp
/// The numbers of the integrator section, the same in every model (the scheme, a choice, stays the model's): every
/// model's spec derives from StepSpec and every member from MemberSteps. The model's parse reads them
/// (read_integrator); parse_job, the generic parser, lets `vary` address them, checks them for each member and copies
/// them into it, so that no model repeats that.
#pragma once

namespace rodswarm::config_detail {

struct StepSpec {
  double dt = 0, t_end = 0;
  /// A member diverges beyond this factor times its own scale (models with SchemaKeys::divergence_factor; the
  /// others bound their state in params).
  double divergence_factor = 1000;
};

/// A member's step and end time.
struct MemberSteps {
  double dt = 0, t_end = 0;
};

}  // namespace rodswarm::config_detail
