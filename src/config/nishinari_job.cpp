/// @file nishinari_job.cpp
/// The Nishinari schema as the generic parser (parse_job.hpp) takes it.
#include "config/nishinari_job.hpp"

#include "config/nishinari_spec.hpp"
#include "config/parse_job.hpp"

namespace rodswarm {

template <>
struct Schema<nishinari::Model> {
  using Spec = config_detail::NishinariSpec;
  using Member = config_detail::NishinariMember;

  static const std::vector<std::string>& top_level_keys() {
    static const std::vector<std::string> keys = {"model",      "precision", "params", "initial",
                                                  "integrator", "ensemble",  "output", "compare"};
    return keys;
  }
  static void check_top(const nlohmann::json& config, const std::string& source) {
    if (config.contains("steady")) {
      throw ConfigError(source, "steady",
                        "unknown key: model \"nishinari\" has no steady section (static equilibria are computed for "
                        "greenspan only)");
    }
  }
  static Spec parse(const nlohmann::json& config, const std::string& source, NishinariJob& job) {
    config_detail::parse_nishinari_run_settings(config, source, job);
    Spec base = config_detail::parse_nishinari_spec(config, source);
    job.formulation = base.formulation;
    job.twist_moment = base.twist_moment;
    return base;
  }
  static config_detail::NishinariSlot resolve(Spec& spec, const std::string& key, const std::string& error_key,
                                              const std::string& source) {
    return config_detail::resolve_nishinari_slot(spec, key, error_key, source);
  }
  static void build(const Spec& spec, const NishinariJob& job, const std::string& source, Member& member) {
    config_detail::build_nishinari_member(spec, job.output.save_every, source, member);
  }
  static void add(NishinariJob& job, const Member& m) {
    const std::int64_t n = m.params.n;
    job.add_member(m.params, m.dt, m.t_end, {n, n - 1}, {m.r.data(), m.v.data(), m.normal.data(), m.spin.data()});
  }
};

template NishinariJob parse_job<nishinari::Model>(const nlohmann::json&, const std::string&);

}  // namespace rodswarm
