/// @file nishinari_job.cpp
/// parse_nishinari_job: schema check, then ensemble expansion, as parse_greenspan_job: the base config is parsed
/// once into a NishinariSpec; each vary key is resolved once to a number inside a working copy of it; each member
/// then only writes its values there and runs build_nishinari_member.
#include <cmath>

#include "config/config_loader.hpp"
#include "config/ensemble_members.hpp"
#include "config/ensemble_spec.hpp"
#include "config/json_check.hpp"
#include "config/nishinari_spec.hpp"

namespace rodswarm {

namespace {

using namespace config_detail;

const std::vector<std::string> top_level_keys = {"model",      "precision", "params", "initial",
                                                 "integrator", "ensemble",  "output", "compare"};

void reserve(NishinariJob& job, std::int64_t members, const NishinariSpec& base, bool n_varied) {
  const auto m = static_cast<std::size_t>(members);
  auto& e = job.members;
  e.params.reserve(m);
  e.dt.reserve(m);
  e.bead_offset.reserve(m + 1);
  e.steps_done.reserve(m);
  e.status.reserve(m);
  job.t_end.reserve(m);
  if (!n_varied && base.n >= 3 && base.n <= 1 << 20) {
    const auto beads = m * static_cast<std::size_t>(base.n);
    const auto segments = beads - m;
    e.r.reserve(3 * beads);
    e.v.reserve(3 * beads);
    e.normal.reserve(3 * segments);
    e.spin.reserve(segments);
  }
}

}  // namespace

NishinariJob parse_nishinari_job(const nlohmann::json& config, const std::string& source) {
  expect_object(config, "", source);
  if (config.contains("steady")) {
    throw ConfigError(source, "steady",
                      "unknown key: model \"nishinari\" has no steady section (static equilibria are computed for "
                      "greenspan only)");
  }
  const ObjectReader top(config, "", source, top_level_keys);
  const std::string model = top.string("model");
  if (model != "nishinari") {
    throw ConfigError(source, "model", "this parser reads model \"nishinari\", got \"" + model + "\"");
  }

  NishinariJob job;
  job.source = source;
  job.config = config;
  parse_nishinari_run_settings(config, source, job);
  const NishinariSpec base = parse_nishinari_spec(config, source);
  job.formulation = base.formulation;
  job.twist_moment = base.twist_moment;
  const EnsembleSpec ensemble = parse_ensemble_spec(config, source);

  NishinariSpec work = base;
  const VariedSlots slots = resolve_varied_slots(ensemble, source, job.varied_keys,
                                                 [&](const std::string& key, const std::string& error_key) {
                                                   return resolve_nishinari_slot(work, key, error_key, source);
                                                 });
  job.varied_values = expand_columns(ensemble);

  reserve(job, ensemble.members, base, slots.integer_varied);
  NishinariMember member;
  expand_members(ensemble, slots, job.varied_values, [&](std::int64_t) {
    build_nishinari_member(work, job.output.save_every, source, member);
    job.members.add(member.params, member.dt, member.r.data(), member.v.data(), member.normal.data(),
                    member.spin.data());
    job.t_end.push_back(member.t_end);
  });
  return job;
}

}  // namespace rodswarm
