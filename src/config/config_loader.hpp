/// @file config_loader.hpp
/// Config files to jobs: reading JSON, applying `--set` overrides, strict validation of the schema of
/// README.md ("Config") and ensemble expansion into plain structs. The only code that sees JSON.
///
/// Every bad input throws ConfigError naming the file (or "--set"), the dotted key and what was expected.
#pragma once

#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/config_error.hpp"
#include "config/job.hpp"
#include "config/model_jobs.hpp"  // generated from RODSWARM_MODELS: every model's config/<model>_job.hpp
#include "rodswarm/engine/type_list.hpp"
#include "rodswarm/models/registry.hpp"

namespace rodswarm {

/// Reads and parses a JSON config file (strict JSON: no comments, no trailing commas, no duplicate keys).
/// Throws ConfigError(path, "", "cannot read file: <reason>") when the file cannot be read,
/// ConfigError(path, "", "invalid JSON at line L, column C: <detail>") when it does not parse, and
/// ConfigError(path, "<dotted key>", "duplicate key") when an object repeats a key.
nlohmann::json read_config_file(const std::string& path);

/// Largest config file read_config_file accepts, and the deepest nesting of objects and arrays in one (configs
/// nest about six levels: ensemble.vary[k].KEY.linspace[i]).
inline constexpr std::size_t max_config_bytes = std::size_t{64} << 20;
inline constexpr int max_config_depth = 32;

/// Parses `text` as read_config_file does (errors name `source`): strict JSON, no duplicate keys, no NUL byte,
/// nesting at most max_config_depth, numbers within a double's range. With `not_json` non-null, text that is not
/// JSON at all sets it and returns null instead of throwing (--set takes such a value as a string).
nlohmann::json parse_config_text(const std::string& text, const std::string& source, bool* not_json = nullptr);

/// Applies one override "KEY=VALUE" to `config`. KEY is a dotted path with array indices ("params.m",
/// "initial.peak[1]", "ensemble.vary.params.m.linspace[2]"); missing object members along the path are created,
/// array indices must exist. VALUE is parsed as JSON ("0.2", "[1,2]", "true"); if that fails it is taken as a
/// string ("output.path=run.h5"). Throws ConfigError(source, KEY, ...) for a malformed assignment or a path that
/// cannot be followed (indexing an object, descending into a number, an index out of range).
void apply_override(nlohmann::json& config, const std::string& assignment, const std::string& source = "--set");

/// Members built for an estimate of a larger ensemble (validate, and run's memory check before it builds them all).
inline constexpr std::int64_t estimate_sample = 4096;

/// A job of any model rodswarm is built with (include/rodswarm/models/registry.hpp).
template <class L>
struct JobVariant;
template <class... Ms>
struct JobVariant<TypeList<Ms...>> {
  using type = std::variant<Job<Ms>...>;
};
using AnyJob = JobVariant<Models>::type;

/// Validates a config of model M and expands its ensemble (config/parse_job.hpp).
template <class M>
Job<M> parse_job(const nlohmann::json& config, const std::string& source, const ParseOptions& options = {});

/// read_config_file(path), then each override in order, then dispatch on `model` to parse_job of the model of that
/// name; a model announced but not built yet is a ConfigError saying so; any other name gets the nearest model
/// suggested. An error caused by an overridden key is reported against "--set".
AnyJob load_any_job(const std::string& path, const std::vector<std::string>& overrides,
                    const ParseOptions& options = {});

/// As load_any_job, for a config that must be of model M: any other model is a ConfigError(path, "model", ...).
template <class M>
Job<M> load_job(const std::string& path, const std::vector<std::string>& overrides) {
  AnyJob any = load_any_job(path, overrides);
  if (auto* job = std::get_if<Job<M>>(&any)) return std::move(*job);
  const std::string model =
      std::visit([](const auto& job) -> std::string { return std::decay_t<decltype(job)>::Model::name; }, any);
  throw ConfigError(path, "model",
                    "model '" + model + "' cannot be used here: this reads " + M::name + " configs only");
}

}  // namespace rodswarm
