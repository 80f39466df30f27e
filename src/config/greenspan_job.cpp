/// @file greenspan_job.cpp
/// parse_greenspan_job: schema check, then ensemble expansion. The base config is parsed once into a
/// GreenspanSpec; each vary key is resolved once to a number inside a working copy of it; each member then only
/// writes its values there and runs build_member, so a million members cost a million small loops, not a million
/// JSON documents.
#include <cmath>

#include "config/config_loader.hpp"
#include "config/ensemble_spec.hpp"
#include "config/greenspan_spec.hpp"
#include "config/json_check.hpp"

namespace rodswarm {

namespace {

using namespace config_detail;

const std::vector<std::string> top_level_keys = {"model",    "precision", "params",  "initial", "integrator",
                                                 "ensemble", "output",    "compare", "steady"};

/// Integer keys take only integral values, and only from explicit lists (a sampled integer is not well defined).
void check_integer_key(const VarySpec& vary, EnsembleMode mode, const std::string& source) {
  if (mode == EnsembleMode::random || mode == EnsembleMode::lhs) {
    throw ConfigError(source, vary.error_key,
                      vary.key + " is an integer and cannot be drawn at random: vary it with mode grid or zip");
  }
  for (const double x : vary.values) {
    if (x != std::floor(x)) {
      throw ConfigError(source, vary.error_key,
                        vary.key + " is an integer, but the values include " + format_number(x));
    }
  }
}

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
  std::vector<double*> slots;
  bool n_varied = false;
  for (const auto& vary : ensemble.vary) {
    const Slot slot = resolve_slot(work, vary.key, vary.error_key, source);
    for (std::size_t k = 0; k < slots.size(); ++k) {
      if (slots[k] == slot.target) {
        throw ConfigError(source, vary.error_key, "varies the same number as " + ensemble.vary[k].error_key);
      }
    }
    if (slot.is_integer) {
      check_integer_key(vary, ensemble.mode, source);
      n_varied = true;
    }
    slots.push_back(slot.target);
    job.varied_keys.push_back(vary.key);
  }
  job.varied_values = expand_columns(ensemble);

  reserve(job, ensemble.members, base, n_varied);
  MemberState member;
  for (std::int64_t i = 0; i < ensemble.members; ++i) {
    const auto index = static_cast<std::size_t>(i);
    for (std::size_t k = 0; k < slots.size(); ++k) *slots[k] = job.varied_values[k][index];
    try {
      build_member(work, job.output.save_every, source, member);
    } catch (const ConfigError& e) {
      if (!ensemble.present) throw;
      throw ConfigError(e.file(), e.key(), error_detail(e) + " (member " + std::to_string(i) + ")");
    }
    job.members.add(member.params, member.dt, member.y.data(), member.v.data());
    job.t_end.push_back(member.t_end);
  }
  return job;
}

}  // namespace rodswarm
