/// @file parse_job.hpp
/// parse_job<M>: a config of any model to its Job, written once over the model's schema (schema.hpp). The base
/// config is parsed once into the model's spec and each `vary` key resolved once to a number inside a working copy
/// of the spec; every member then only writes its values there and is built from the spec, so a million members
/// cost a million small loops, not a million JSON documents. A member with `notes` (warnings that are not errors)
/// has them gathered into one line per kind of warning. Included only by a model's src/config/<model>_job.cpp,
/// where its schema's members are defined and parse_job is instantiated.
#pragma once

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/config_error.hpp"
#include "config/ensemble_members.hpp"
#include "config/ensemble_spec.hpp"
#include "config/job.hpp"
#include "config/json_check.hpp"
#include "config/member_checker.hpp"
#include "config/schema.hpp"

namespace rodswarm {

namespace config_detail {

template <class T, class = void>
struct HasNotes : std::false_type {};
template <class T>
struct HasNotes<T, std::void_t<decltype(std::declval<T&>().notes)>> : std::true_type {};

/// The members' notes, one line per kind: the first member's text, and in an ensemble how many members share it
/// and which came first.
class NoteGatherer {
 public:
  void add(std::int64_t member, const std::vector<ConfigNote>& notes) {
    for (const auto& note : notes) {
      auto it = std::find_if(gathered_.begin(), gathered_.end(), [&](const Gathered& g) { return g.id == note.id; });
      if (it == gathered_.end()) {
        gathered_.push_back({note.id, note.text, member, 0});
        it = gathered_.end() - 1;
      }
      ++it->count;
    }
  }
  std::vector<std::string> lines(const std::string& source, const EnsembleSpec& ensemble) const {
    std::vector<std::string> out;
    for (const auto& g : gathered_) {
      std::string line = source + ": " + g.text;
      if (ensemble.present) {
        line += " (" + std::to_string(g.count) + " of " + std::to_string(ensemble.members) + " members, first member " +
                std::to_string(g.first) + ")";
      }
      out.push_back(line);
    }
    return out;
  }

 private:
  struct Gathered {
    std::string id, text;
    std::int64_t first = 0, count = 0;
  };
  std::vector<Gathered> gathered_;
};

}  // namespace config_detail

/// Validates a config of model M (`model` must be M::name) and expands its ensemble into members. Unknown keys,
/// wrong types and out-of-range values are ConfigErrors naming `source` and the dotted key; a value that fails
/// only for some ensemble members names the first failing member ("(member 3)").
///
/// `ensemble.vary` is either an object { KEY: SPEC, ... } or an array of one-key objects [{KEY: SPEC}, ...].
/// For grid, the first key varies slowest. JSON objects are unordered and nlohmann::json keeps keys sorted, so in
/// the object form "first" means first in byte-wise sorted order; the array form keeps the order written, and
/// both survive the round trip through the config stored in results files.
template <class M>
Job<M> parse_job(const nlohmann::json& config, const std::string& source, const ParseOptions& options) {
  using S = Schema<M>;
  using namespace config_detail;
  expect_object(config, "", source);
  if (config.contains("steady") &&
      std::find(S::keys.top_level.begin(), S::keys.top_level.end(), "steady") == S::keys.top_level.end()) {
    throw ConfigError(source, "steady",
                      std::string("unknown key: model \"") + M::name + "\" has no steady solver (use run)");
  }
  const ObjectReader top(config, "", source, S::keys.top_level);
  const std::string model = top.string("model");
  if (model != M::name) {
    throw ConfigError(source, "model",
                      std::string("this parser reads model \"") + M::name + "\", got \"" + model + "\"");
  }

  Job<M> job;
  job.source = source;
  job.config = config;
  const typename S::Spec base = S::parse(config, source, job);
  const EnsembleSpec ensemble = parse_ensemble_spec(config, source);

  typename S::Spec work = base;
  const VaryRules rules{S::keys.top_level, S::keys.varied_sections, S::keys.text, S::unvaried(work)};
  const VariedSlots slots = resolve_varied_slots(ensemble, source, job.varied_keys,
                                                 [&](const std::string& key, const std::string& error_key) {
                                                   return resolve_vary_key(
                                                       [&](const NumberSlots& numbers) {
                                                         S::numbers(work, numbers);
                                                         numbers.integrator(work, S::keys.divergence_factor);
                                                       },
                                                       rules, key, error_key, source);
                                                 });
  typename S::Member member;
  NoteGatherer notes;
  const auto build = [&](std::int64_t i) {
    MemberChecker(source).integrator(work, S::keys.divergence_factor, job.output.save_every);
    S::build(work, job, source, member);
    member.dt = work.dt;
    member.t_end = work.t_end;
    S::add(job, member);
    if constexpr (HasNotes<typename S::Member>::value) notes.add(i, member.notes);
  };
  if (options.sample > 0) {
    // A sample for an estimate (validate, and run before it builds the rest): the representative members only,
    // as many as about max_sample_values values of state allow (member 0, built first, measures a member), so that
    // a sample of huge members costs no more than one of small ones; every member when that many fit.
    // Random and lhs samples are a prefix of the members (sample_members): their values are drawn once, since an
    // lhs design (every key's whole shuffle) is most of what a sample of a large ensemble costs.
    const bool prefix = ensemble.mode == EnsembleMode::random || ensemble.mode == EnsembleMode::lhs;
    std::vector<std::vector<double>> prefix_values;
    if (prefix) {
      std::vector<std::int64_t> head(
          static_cast<std::size_t>(std::min<std::int64_t>(ensemble.members, options.sample)));
      for (std::size_t i = 0; i < head.size(); ++i) head[i] = static_cast<std::int64_t>(i);
      prefix_values = expand_columns_at(ensemble, head);
    }
    const auto values_at = [&](const std::vector<std::int64_t>& indices) {
      if (!prefix) return expand_columns_at(ensemble, indices);
      std::vector<std::vector<double>> out(prefix_values.size(), std::vector<double>(indices.size()));
      for (std::size_t k = 0; k < out.size(); ++k) {
        for (std::size_t j = 0; j < indices.size(); ++j) out[k][j] = prefix_values[k].at(std::size_t(indices[j]));
      }
      return out;
    };
    const std::vector<std::int64_t> first = {0};
    job.varied_values = values_at(first);
    expand_members(ensemble, slots, job.varied_values, build, first);
    std::size_t values = 0;
    for (const auto& f : job.members.field) values += f.size();
    const std::int64_t count =
        std::clamp<std::int64_t>(max_sample_values / std::int64_t(std::max<std::size_t>(values, 1)), 1, options.sample);
    std::vector<std::int64_t> rest;
    if (ensemble.members <= count) {
      for (std::int64_t i = 1; i < ensemble.members; ++i) rest.push_back(i);
    } else {
      rest = sample_members(ensemble, slots.integer, count);
      rest.erase(std::remove(rest.begin(), rest.end(), std::int64_t{0}), rest.end());
      job.sampled_from = ensemble.members;
      job.sample_indices = first;
      job.sample_indices.insert(job.sample_indices.end(), rest.begin(), rest.end());
    }
    const auto rest_values = values_at(rest);
    if (!rest.empty()) expand_members(ensemble, slots, rest_values, build, rest);  // empty would mean all members
    for (std::size_t k = 0; k < rest_values.size(); ++k) {
      job.varied_values[k].insert(job.varied_values[k].end(), rest_values[k].begin(), rest_values[k].end());
    }
  } else {
    job.varied_values = expand_columns(ensemble);
    const auto built = static_cast<std::size_t>(ensemble.members);
    job.members.reserve(ensemble.members);
    job.t_end.reserve(built);
    job.steps.reserve(built);
    expand_members(ensemble, slots, job.varied_values, build);
  }
  job.members.finish();
  const auto lines = notes.lines(source, ensemble);
  job.warnings.insert(job.warnings.end(), lines.begin(), lines.end());
  return job;
}

}  // namespace rodswarm

/// The explicit instantiation of parse_job for `Model`, in its src/config/<model>_job.cpp.
namespace rodswarm {
template <class M>
std::vector<ParamDoc> param_docs_of() {
  return Schema<M>::param_docs();
}
}  // namespace rodswarm

/// parse_job and param_docs_of for one model (in its <model>_job.cpp, where its schema is complete).
#define RODSWARM_PARSE_JOB(Model)                                                                     \
  template rodswarm::Job<Model> rodswarm::parse_job<Model>(const nlohmann::json&, const std::string&, \
                                                           const rodswarm::ParseOptions&);            \
  template std::vector<rodswarm::ParamDoc> rodswarm::param_docs_of<Model>();
