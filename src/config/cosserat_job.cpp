/// @file cosserat_job.cpp
/// parse_cosserat_job: schema check, then ensemble expansion, as parse_nishinari_job: the base config is parsed once
/// into a CosseratSpec; each vary key is resolved once to a number inside a working copy of it; each member then
/// only writes its values there and runs build_cosserat_member.
#include "config/config_loader.hpp"
#include "config/cosserat_spec.hpp"
#include "config/ensemble_members.hpp"
#include "config/ensemble_spec.hpp"
#include "config/json_check.hpp"

namespace rodswarm {

namespace {

using namespace config_detail;

const std::vector<std::string> top_level_keys = {"model",    "precision", "params",  "initial", "integrator",
                                                 "ensemble", "output",    "compare", "steady"};

void reserve(CosseratJob& job, std::int64_t members, const CosseratSpec& base, bool size_varied) {
  const auto m = static_cast<std::size_t>(members);
  auto& e = job.members;
  e.params.reserve(m);
  e.dt.reserve(m);
  e.node_offset.reserve(m + 1);
  e.element_offset.reserve(m + 1);
  e.voronoi_offset.reserve(m + 1);
  e.rod_offset.reserve(m + 1);
  e.steps_done.reserve(m);
  e.status.reserve(m);
  job.t_end.reserve(m);
  if (size_varied || !(base.n >= 2 && base.n <= 1 << 20 && base.rods >= 1 && base.rods <= 1 << 10)) return;
  const auto rods = m * static_cast<std::size_t>(base.rods);
  const auto elements = rods * static_cast<std::size_t>(base.n);
  const auto nodes = elements + rods;
  e.x.reserve(3 * nodes);
  e.v.reserve(3 * nodes);
  e.Q.reserve(9 * elements);
  e.w.reserve(3 * elements);
  e.growth.reserve(elements);
  e.rest_length0.reserve(elements);
  e.radius.reserve(elements);
  e.rest_sigma.reserve(3 * elements);
  e.rest_kappa.reserve(3 * (elements - rods));
  e.clamp.reserve(static_cast<std::size_t>(cosserat::clamp_size) * rods);
}

}  // namespace

CosseratJob parse_cosserat_job(const nlohmann::json& config, const std::string& source) {
  const ObjectReader top(config, "", source, top_level_keys);
  const std::string model = top.string("model");
  if (model != "cosserat") {
    throw ConfigError(source, "model", "this parser reads model \"cosserat\", got \"" + model + "\"");
  }

  CosseratJob job;
  job.source = source;
  job.config = config;
  parse_cosserat_run_settings(config, source, job);
  const CosseratSpec base = parse_cosserat_spec(config, source);
  job.scheme = base.scheme;
  const EnsembleSpec ensemble = parse_ensemble_spec(config, source);

  CosseratSpec work = base;
  const VariedSlots slots = resolve_varied_slots(ensemble, source, job.varied_keys,
                                                 [&](const std::string& key, const std::string& error_key) {
                                                   return resolve_cosserat_slot(work, key, error_key, source);
                                                 });
  job.varied_values = expand_columns(ensemble);

  reserve(job, ensemble.members, base, slots.integer_varied);
  CosseratMember member;
  expand_members(ensemble, slots, job.varied_values, [&](std::int64_t) {
    build_cosserat_member(work, job.output.save_every, source, member);
    job.members.add(member.params, member.dt, member.x.data(), member.v.data(), member.Q.data(), member.w.data(),
                    member.l0.data(), member.radius.data(), member.sigma.data(), member.kappa.data(),
                    member.clamp.data());
    job.t_end.push_back(member.t_end);
  });
  return job;
}

}  // namespace rodswarm
