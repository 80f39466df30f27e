/// @file cosserat_job.cpp
/// The Cosserat schema as the generic parser (parse_job.hpp) takes it.
#include "config/cosserat_job.hpp"

#include "config/cosserat_spec.hpp"
#include "config/parse_job.hpp"

namespace rodswarm {

template <>
struct Schema<cosserat::Model> {
  using Spec = config_detail::CosseratSpec;
  using Member = config_detail::CosseratMember;

  static const std::vector<std::string>& top_level_keys() {
    static const std::vector<std::string> keys = {"model",    "precision", "params",  "initial", "integrator",
                                                  "ensemble", "output",    "compare", "steady"};
    return keys;
  }
  static Spec parse(const nlohmann::json& config, const std::string& source, CosseratJob& job) {
    config_detail::parse_cosserat_run_settings(config, source, job);
    Spec base = config_detail::parse_cosserat_spec(config, source);
    job.scheme = base.scheme;
    return base;
  }
  static config_detail::CosseratSlot resolve(Spec& spec, const std::string& key, const std::string& error_key,
                                             const std::string& source) {
    return config_detail::resolve_cosserat_slot(spec, key, error_key, source);
  }
  static void build(const Spec& spec, const CosseratJob& job, const std::string& source, Member& member) {
    config_detail::build_cosserat_member(spec, job.output.save_every, source, member);
    member.growth.assign(member.l0.size(), 1.0);  // every element starts at its rest length, g = 1
  }
  static void add(CosseratJob& job, const Member& m) {
    const std::int64_t R = m.params.rods, N = m.params.n;
    job.add_member(m.params, m.dt, m.t_end, {R * (N + 1), R * N, R * (N - 1), R},
                   {m.x.data(), m.v.data(), m.Q.data(), m.w.data(), m.growth.data(), m.l0.data(), m.radius.data(),
                    m.sigma.data(), m.kappa.data(), m.clamp.data()});
  }
};

template CosseratJob parse_job<cosserat::Model>(const nlohmann::json&, const std::string&);

}  // namespace rodswarm
