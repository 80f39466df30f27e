/// @file rolling_job.cpp
/// The rolling-contact schema as the generic parser (parse_job.hpp) takes it.
#include "config/rolling_job.hpp"

#include <algorithm>

#include "config/parse_job.hpp"
#include "config/rolling_spec.hpp"

namespace rodswarm {

template <>
struct Schema<rolling::Model> {
  using Spec = config_detail::RollingSpec;
  using Member = config_detail::RollingMember;

  static const std::vector<std::string>& top_level_keys() {
    static const std::vector<std::string> keys = {"model",    "precision", "params", "initial", "integrator",
                                                  "analysis", "ensemble",  "output", "compare"};
    return keys;
  }
  static Spec parse(const nlohmann::json& config, const std::string& source, RollingJob& job) {
    Spec base = config_detail::parse_rolling_spec(config, source);
    config_detail::parse_rolling_run_settings(config, source, base.lyapunov, job);
    if (base.spectrum) {
      job.sample_interval = base.sample_interval;
      job.harmonic = static_cast<int>(std::clamp(base.harmonic, -1e9, 1e9));
    }
    if (base.lyapunov) {
      job.renorm_interval = base.renorm_interval;
      job.lyapunov_d0 = base.d0;
    }
    return base;
  }
  static config_detail::RollingSlot resolve(Spec& spec, const std::string& key, const std::string& error_key,
                                            const std::string& source) {
    return config_detail::resolve_rolling_slot(spec, key, error_key, source);
  }
  static void build(const Spec& spec, const RollingJob& job, const std::string& source, Member& member) {
    config_detail::build_rolling_member(spec, job.output.save_every, job.compare_t_end, source, member);
  }
  static void add(RollingJob& job, const Member& m) {
    job.add_member(m.params, m.dt, m.t_end, {rolling::state_size(m.params.modes), m.samples},
                   std::array<const double*, 3>{m.y0.data(), nullptr, nullptr}, {0.0, 0.0});
  }
};

template RollingJob parse_job<rolling::Model>(const nlohmann::json&, const std::string&);

}  // namespace rodswarm
