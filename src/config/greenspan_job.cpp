/// @file greenspan_job.cpp
/// parse_greenspan_job: schema check, then ensemble expansion. The base config is parsed once into a
/// GreenspanSpec; each vary key is resolved once to a number inside a working copy of it; each member then only
/// writes its values there and runs build_member, so a million members cost a million small loops, not a million
/// JSON documents.
#include <cmath>

#include "config/config_loader.hpp"
#include "config/ensemble_members.hpp"
#include "config/ensemble_spec.hpp"
#include "config/greenspan_spec.hpp"
#include "config/json_check.hpp"

namespace rodswarm {

namespace {

using namespace config_detail;

const std::vector<std::string> top_level_keys = {"model",    "precision", "params",  "initial", "integrator",
                                                 "ensemble", "output",    "compare", "steady"};

void reserve(GreenspanJob& job, std::int64_t members, const GreenspanSpec& base, bool n_varied) {
  const auto m = static_cast<std::size_t>(members);
  job.members.params.reserve(m);
  job.members.dt.reserve(m);
  job.members.offset.reserve(m + 1);
  job.members.steps_done.reserve(m);
  job.members.status.reserve(m);
  job.t_end.reserve(m);
  if (!n_varied && base.n >= 1 && base.n <= 1 << 20) {
    const auto beads = m * static_cast<std::size_t>(base.n);
    job.members.y.reserve(beads);
    job.members.v.reserve(beads);
  }
}

}  // namespace

GreenspanJob parse_greenspan_job(const nlohmann::json& config, const std::string& source) {
  const ObjectReader top(config, "", source, top_level_keys);
  const std::string model = top.string("model");
  if (model != "greenspan") {
    throw ConfigError(source, "model", "this parser reads model \"greenspan\", got \"" + model + "\"");
  }

  GreenspanJob job;
  job.source = source;
  job.config = config;
  parse_run_settings(config, source, job);
  const GreenspanSpec base = parse_greenspan_spec(config, source);
  job.scheme = base.scheme;
  const EnsembleSpec ensemble = parse_ensemble_spec(config, source);

  GreenspanSpec work = base;
  const VariedSlots slots = resolve_varied_slots(
      ensemble, source, job.varied_keys,
      [&](const std::string& key, const std::string& error_key) { return resolve_slot(work, key, error_key, source); });
  job.varied_values = expand_columns(ensemble);

  reserve(job, ensemble.members, base, slots.integer_varied);
  MemberState member;
  expand_members(ensemble, slots, job.varied_values, [&](std::int64_t) {
    build_member(work, job.output.save_every, source, member);
    job.members.add(member.params, member.dt, member.y.data(), member.v.data());
    job.t_end.push_back(member.t_end);
  });
  return job;
}

}  // namespace rodswarm
