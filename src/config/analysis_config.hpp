/// @file analysis_config.hpp
/// The `analysis` section, for the models whose results can hold a member's recorded signal and its largest
/// Lyapunov exponent: `spectrum` (sample_interval, harmonic, and the model's own keys) and `lyapunov`
/// (renorm_interval, d0). Read, slotted for `vary`, checked per member and written into the job once here; the
/// model keeps what depends on it (which harmonics its shape resolves, what else a spectrum records).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "config/json_check.hpp"
#include "config/member_checker.hpp"
#include "config/run_settings.hpp"
#include "config/vary_slots.hpp"

namespace rodswarm::config_detail {

struct AnalysisSpec {
  bool spectrum = false;  ///< analysis.spectrum given
  double harmonic = 1, sample_interval = 0;
  bool lyapunov = false;  ///< analysis.lyapunov given
  double renorm_interval = 0, d0 = 1e-8;
};

/// The keys of analysis.spectrum every model's has; a model with more lists all of its keys, in its order.
inline const std::vector<std::string> spectrum_keys = {"harmonic", "sample_interval"};

/// Reads the config's `analysis` section, if it has one: analysis.spectrum, whose keys are `keys` (harmonic and
/// sample_interval among them), and analysis.lyapunov. Returns the spectrum's object, for the model to read its
/// own keys from (nullptr without one).
const nlohmann::json* read_analysis(const nlohmann::json& config, const std::string& source,
                                    const std::vector<std::string>& keys, AnalysisSpec& spec);

/// output.fields' "lyapunov": on by default when the config has analysis.lyapunov, an error naming the entry when
/// listed without it. Call after the output section is read.
void lyapunov_output(const nlohmann::json& config, const std::string& source, const AnalysisSpec& spec,
                     OutputSpec& output);

/// The numbers of `spec` that `vary` may address (harmonic is an integer), after the model's own spectrum keys.
void analysis_slots(AnalysisSpec& spec, const NumberSlots& slots);
/// An absent analysis.spectrum or analysis.lyapunov cannot be varied.
void analysis_unvaried(const AnalysisSpec& spec, std::vector<Unvaried>& out);

/// Per member, over `total_steps` steps of `dt` up to `t_end`: the spectrum's sample interval in steps and the
/// samples a member records (0 without a spectrum), the Lyapunov renormalisation interval in steps (at most the
/// run) and d0 > 0. The harmonic's range is the model's.
struct AnalysisSteps {
  int sample_steps = 0, renorm_steps = 0;
  std::int64_t samples = 0;
};
AnalysisSteps check_analysis(const AnalysisSpec& spec, const MemberChecker& check, double dt, double t_end,
                             std::int64_t total_steps);

/// Into a member's Params: sample_steps with a spectrum; lyapunov, renorm_steps and lyapunov_d0 with Lyapunov
/// (absent, each keeps the Params' default).
template <class Params>
void land_analysis(const AnalysisSpec& spec, const AnalysisSteps& steps, Params& p) {
  if (spec.spectrum) p.sample_steps = steps.sample_steps;
  if (spec.lyapunov) {
    p.lyapunov = 1;
    p.renorm_steps = steps.renorm_steps;
    p.lyapunov_d0 = spec.d0;
  }
}

/// The job's settings: sample_interval and harmonic with a spectrum, renorm_interval and lyapunov_d0 with Lyapunov.
template <class Settings>
void land_analysis_settings(const AnalysisSpec& spec, Settings& job) {
  if (spec.spectrum) {
    job.sample_interval = spec.sample_interval;
    job.harmonic = static_cast<int>(std::clamp(spec.harmonic, -1e9, 1e9));
  }
  if (spec.lyapunov) {
    job.renorm_interval = spec.renorm_interval;
    job.lyapunov_d0 = spec.d0;
  }
}

}  // namespace rodswarm::config_detail
