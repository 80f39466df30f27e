/// @file greenspan_job.cpp
/// The Greenspan schema as the generic parser (parse_job.hpp) takes it.
#include "config/greenspan_job.hpp"

#include "config/greenspan_spec.hpp"
#include "config/parse_job.hpp"

namespace rodswarm {

template <>
struct Schema<greenspan::Model> {
  using Spec = config_detail::GreenspanSpec;
  using Member = config_detail::MemberState;

  static const std::vector<std::string>& top_level_keys() {
    static const std::vector<std::string> keys = {"model",    "precision", "params",  "initial", "integrator",
                                                  "ensemble", "output",    "compare", "steady"};
    return keys;
  }
  static Spec parse(const nlohmann::json& config, const std::string& source, GreenspanJob& job) {
    config_detail::parse_run_settings(config, source, job);
    Spec base = config_detail::parse_greenspan_spec(config, source);
    job.scheme = base.scheme;
    return base;
  }
  static config_detail::Slot resolve(Spec& spec, const std::string& key, const std::string& error_key,
                                     const std::string& source) {
    return config_detail::resolve_slot(spec, key, error_key, source);
  }
  static void build(const Spec& spec, const GreenspanJob& job, const std::string& source, Member& member) {
    config_detail::build_member(spec, job.output.save_every, source, member);
  }
  static void add(GreenspanJob& job, const Member& m) {
    job.add_member(m.params, m.dt, m.t_end, {m.params.n}, {m.y.data(), m.v.data()});
  }
};

template GreenspanJob parse_job<greenspan::Model>(const nlohmann::json&, const std::string&);

}  // namespace rodswarm
