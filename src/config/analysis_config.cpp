/// @file analysis_config.cpp
/// The `analysis` section (analysis_config.hpp).
#include "config/analysis_config.hpp"

namespace rodswarm::config_detail {

const nlohmann::json* read_analysis(const nlohmann::json& config, const std::string& source,
                                    const std::vector<std::string>& keys, AnalysisSpec& spec) {
  const auto it = config.find("analysis");
  if (it == config.end()) return nullptr;
  const ObjectReader analysis(*it, "analysis", source, {"spectrum", "lyapunov"});
  const nlohmann::json* spectrum = analysis.optional("spectrum");
  if (spectrum != nullptr) {
    const ObjectReader s(*spectrum, analysis.key("spectrum"), source, keys);
    spec.spectrum = true;
    spec.harmonic = static_cast<double>(s.integer_or("harmonic", 1));
    spec.sample_interval = s.number("sample_interval");
  }
  if (const nlohmann::json* lyapunov = analysis.optional("lyapunov")) {
    const ObjectReader l(*lyapunov, analysis.key("lyapunov"), source, {"renorm_interval", "d0"});
    spec.lyapunov = true;
    spec.renorm_interval = l.number("renorm_interval");
    spec.d0 = l.number_or("d0", 1e-8);
  }
  return spectrum;
}

void lyapunov_output(const nlohmann::json& config, const std::string& source, const AnalysisSpec& spec,
                     OutputSpec& output) {
  const nlohmann::json* fields = nullptr;
  if (const auto it = config.find("output"); it != config.end() && it->is_object()) {
    if (const auto f = it->find("fields"); f != it->end()) fields = &*f;
  }
  if (fields == nullptr) {
    output.set("lyapunov", spec.lyapunov);
    return;
  }
  if (spec.lyapunov || !output.saves("lyapunov")) return;
  std::size_t at = 0;
  for (std::size_t i = 0; i < fields->size(); ++i) {
    if ((*fields)[i] == "lyapunov") at = i;
  }
  throw ConfigError(source, index_key("output.fields", at),
                    "\"lyapunov\" needs analysis.lyapunov (give analysis.lyapunov.renorm_interval, or drop the field)");
}

void analysis_slots(AnalysisSpec& spec, const NumberSlots& slots) {
  if (spec.spectrum) {
    slots.integer("analysis.spectrum.harmonic", spec.harmonic);
    slots.number("analysis.spectrum.sample_interval", spec.sample_interval);
  }
  if (spec.lyapunov) {
    slots.number("analysis.lyapunov.renorm_interval", spec.renorm_interval);
    slots.number("analysis.lyapunov.d0", spec.d0);
  }
}

void analysis_unvaried(const AnalysisSpec& spec, std::vector<Unvaried>& out) {
  for (const auto& [section, present] : {std::pair<const char*, bool>{"analysis.spectrum", spec.spectrum},
                                         std::pair<const char*, bool>{"analysis.lyapunov", spec.lyapunov}}) {
    if (!present) {
      out.push_back(
          {section, "cannot be varied: the config has no " + std::string(section) + " (give it a value there first)"});
    }
  }
}

AnalysisSteps check_analysis(const AnalysisSpec& spec, const MemberChecker& check, double dt, double t_end,
                             std::int64_t total_steps) {
  AnalysisSteps out;
  if (spec.spectrum) {
    out.sample_steps = check.interval_steps("analysis.spectrum.sample_interval", spec.sample_interval, dt);
    out.samples = check.signal_samples("analysis.spectrum.sample_interval", total_steps, out.sample_steps, t_end);
  }
  if (spec.lyapunov) {
    out.renorm_steps = check.interval_steps("analysis.lyapunov.renorm_interval", spec.renorm_interval, dt);
    if (out.renorm_steps > total_steps) {
      check.fail("analysis.lyapunov.renorm_interval", "must not exceed integrator.t_end = " + format_number(t_end) +
                                                          ", got " + format_number(spec.renorm_interval));
    }
    check.positive("analysis.lyapunov.d0", spec.d0);
  }
  return out;
}

}  // namespace rodswarm::config_detail
