/// @file rolling_job.cpp
/// parse_rolling_job: schema check, then ensemble expansion, as parse_cosserat_job: the base config is parsed once
/// into a RollingSpec; each vary key is resolved once to a number inside a working copy of it; each member then only
/// writes its values there and runs build_rolling_member. Warnings that hold for many members are gathered into one
/// line each.
#include <algorithm>

#include "config/config_loader.hpp"
#include "config/ensemble_members.hpp"
#include "config/ensemble_spec.hpp"
#include "config/json_check.hpp"
#include "config/rolling_spec.hpp"

namespace rodswarm {

namespace {

using namespace config_detail;

const std::vector<std::string> top_level_keys = {"model",    "precision", "params", "initial", "integrator",
                                                 "analysis", "ensemble",  "output", "compare"};

void reserve(RollingJob& job, std::int64_t members, const RollingSpec& base, bool size_varied) {
  const auto m = static_cast<std::size_t>(members);
  auto& e = job.members;
  e.params.reserve(m);
  e.dt.reserve(m);
  e.state_offset.reserve(m + 1);
  e.signal_offset.reserve(m + 1);
  e.lyapunov_log.reserve(m);
  e.lyapunov_gap.reserve(m);
  e.steps_done.reserve(m);
  e.status.reserve(m);
  job.t_end.reserve(m);
  if (size_varied || !(base.modes >= 1 && base.modes <= 1 << 16)) return;
  e.state.reserve(m * static_cast<std::size_t>(rolling::state_size(static_cast<int>(base.modes))));
}

/// One warning over the members: the first member's text, how many members share it and which came first.
struct Gathered {
  std::string id, text;
  std::int64_t first = 0, count = 0;
};

}  // namespace

RollingJob parse_rolling_job(const nlohmann::json& config, const std::string& source) {
  const ObjectReader top(config, "", source, top_level_keys);
  const std::string model = top.string("model");
  if (model != "rolling") {
    throw ConfigError(source, "model", "this parser reads model \"rolling\", got \"" + model + "\"");
  }

  RollingJob job;
  job.source = source;
  job.config = config;
  const RollingSpec base = parse_rolling_spec(config, source);
  parse_rolling_run_settings(config, source, base.lyapunov, job);
  if (base.spectrum) {
    job.sample_interval = base.sample_interval;
    job.harmonic = static_cast<int>(std::clamp(base.harmonic, -1e9, 1e9));
  }
  if (base.lyapunov) {
    job.renorm_interval = base.renorm_interval;
    job.lyapunov_d0 = base.d0;
  }
  const EnsembleSpec ensemble = parse_ensemble_spec(config, source);

  RollingSpec work = base;
  const VariedSlots slots = resolve_varied_slots(ensemble, source, job.varied_keys,
                                                 [&](const std::string& key, const std::string& error_key) {
                                                   return resolve_rolling_slot(work, key, error_key, source);
                                                 });
  job.varied_values = expand_columns(ensemble);

  reserve(job, ensemble.members, base, slots.integer_varied);
  RollingMember member;
  std::vector<Gathered> gathered;
  expand_members(ensemble, slots, job.varied_values, [&](std::int64_t i) {
    build_rolling_member(work, job.output.save_every, job.compare_t_end, source, member);
    job.members.add(member.params, member.dt, member.y0.data(), member.samples);
    job.t_end.push_back(member.t_end);
    for (const auto& note : member.notes) {
      auto it = std::find_if(gathered.begin(), gathered.end(), [&](const Gathered& g) { return g.id == note.id; });
      if (it == gathered.end()) {
        gathered.push_back({note.id, note.text, i, 0});
        it = gathered.end() - 1;
      }
      ++it->count;
    }
  });
  job.members.finish();

  for (const auto& g : gathered) {
    std::string line = source + ": " + g.text;
    if (ensemble.present) {
      line += " (" + std::to_string(g.count) + " of " + std::to_string(ensemble.members) + " members, first member " +
              std::to_string(g.first) + ")";
    }
    job.warnings.push_back(line);
  }
  return job;
}

}  // namespace rodswarm
