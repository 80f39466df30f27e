/// @file config_loader.cpp
/// load_job and load_any_job: read, override, dispatch on `model`.
#include "config/config_loader.hpp"

#include <algorithm>

#include "config/json_check.hpp"
#include "config/key_path.hpp"
#include "config/suggest.hpp"

namespace rodswarm {

namespace {

using nlohmann::json;

/// Models announced in PRODUCT.md that this version does not have yet (a model that has landed is built, and
/// found in the registry first). None: the five models PRODUCT.md names have landed.
const std::vector<std::string> planned_models = {};

std::vector<std::string> implemented_models() {
  std::vector<std::string> names;
  for_each_type(Models{}, [&](auto model) { names.emplace_back(decltype(model)::name); });
  return names;
}

std::string model_list() {
  std::string text;
  auto all = implemented_models();
  for (const auto& p : planned_models) {
    if (std::find(all.begin(), all.end(), p) == all.end()) all.push_back(p);
  }
  for (std::size_t k = 0; k < all.size(); ++k) text += (k ? ", " : "") + all[k];
  return text;
}

/// The canonical key an override assigns ("initial.peak[01]=2" -> "initial.peak[1]"), or "" if malformed.
std::string override_key(const std::string& assignment) {
  const std::size_t eq = assignment.find('=');
  std::string key = assignment.substr(0, eq);
  const std::size_t first = key.find_first_not_of(" \t");
  const std::size_t last = key.find_last_not_of(" \t");
  if (first == std::string::npos) return "";
  key = key.substr(first, last - first + 1);
  try {
    return config_detail::format_key_path(config_detail::parse_key_path(key, "", key));
  } catch (const ConfigError&) {
    return "";
  }
}

/// True when `key` is `prefix` or lies inside it ("params.m" in "params", "initial.peak[1]" in "initial.peak").
bool within(const std::string& key, const std::string& prefix) {
  if (prefix.empty() || key.compare(0, prefix.size(), prefix) != 0) return false;
  return key.size() == prefix.size() || key[prefix.size()] == '.' || key[prefix.size()] == '[';
}

/// The validated `model` name of `config`; planned and unknown models are errors.
std::string model_of(const json& config, const std::string& path) {
  config_detail::expect_object(config, "", path);
  const auto it = config.find("model");
  if (it == config.end()) {
    throw ConfigError(path, "model", "missing required key (one of: " + model_list() + ")");
  }
  const std::string model = config_detail::expect_string(*it, "model", path);
  const std::vector<std::string> implemented = implemented_models();
  if (std::find(implemented.begin(), implemented.end(), model) != implemented.end()) return model;
  for (const auto& planned : planned_models) {
    if (model == planned)
      throw ConfigError(path, "model", "model '" + model + "' is not implemented yet in this version");
  }
  std::vector<std::string> all = implemented;
  all.insert(all.end(), planned_models.begin(), planned_models.end());
  throw ConfigError(path, "model", "unknown model '" + model + "'" + config_detail::suggestion_suffix(model, all));
}

/// Reads `path`, applies the overrides and runs `parse` on the result; a ConfigError in a key that an override
/// assigned (or lies inside it) is reported against "--set".
template <class Parse>
auto load_with_overrides(const std::string& path, const std::vector<std::string>& overrides, Parse parse) {
  json config = read_config_file(path);
  for (const auto& o : overrides) apply_override(config, o, "--set");
  try {
    return parse(config);
  } catch (const ConfigError& e) {
    // A bad value the user typed on the command line is reported against --set, not against the file.
    for (const auto& o : overrides) {
      if (within(e.key(), override_key(o))) throw ConfigError("--set", e.key(), config_detail::error_detail(e));
    }
    throw;
  }
}

}  // namespace

AnyJob load_any_job(const std::string& path, const std::vector<std::string>& overrides, const ParseOptions& options) {
  return load_with_overrides(path, overrides, [&path, &options](const json& config) -> AnyJob {
    const std::string model = model_of(config, path);
    AnyJob job;
    with_type_named(Models{}, model, [&](auto m) { job = parse_job<decltype(m)>(config, path, options); });
    return job;
  });
}

}  // namespace rodswarm
