/// @file nishinari_job.cpp
/// parse_nishinari_job: schema check, then ensemble expansion, as parse_greenspan_job: the base config is parsed
/// once into a NishinariSpec; each vary key is resolved once to a number inside a working copy of it; each member
/// then only writes its values there and runs build_nishinari_member.
#include <cmath>

#include "config/config_loader.hpp"
#include "config/ensemble_spec.hpp"
#include "config/json_check.hpp"
#include "config/nishinari_spec.hpp"

namespace rodswarm {

namespace {

using namespace config_detail;

const std::vector<std::string> top_level_keys = {"model",      "precision", "params", "initial",
                                                 "integrator", "ensemble",  "output", "compare"};

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
  std::vector<double*> slots;
  bool n_varied = false;
  for (const auto& vary : ensemble.vary) {
    const NishinariSlot slot = resolve_nishinari_slot(work, vary.key, vary.error_key, source);
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
  NishinariMember member;
  for (std::int64_t i = 0; i < ensemble.members; ++i) {
    const auto index = static_cast<std::size_t>(i);
    for (std::size_t k = 0; k < slots.size(); ++k) *slots[k] = job.varied_values[k][index];
    try {
      build_nishinari_member(work, job.output.save_every, source, member);
    } catch (const ConfigError& e) {
      if (!ensemble.present) throw;
      throw ConfigError(e.file(), e.key(), error_detail(e) + " (member " + std::to_string(i) + ")");
    }
    job.members.add(member.params, member.dt, member.r.data(), member.v.data(), member.normal.data(),
                    member.spin.data());
    job.t_end.push_back(member.t_end);
  }
  return job;
}

}  // namespace rodswarm
