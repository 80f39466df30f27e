// What every config test does the same way, for a model M: parse a config as M's job, catch the ConfigError it
// throws, look for a phrase in a message, write a config to a temporary file, and walk the model's examples.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <string>
#include <variant>
#include <vector>

#include "config/config_loader.hpp"
#include "rodswarm/models/registry.hpp"

namespace rodswarm::test {

using nlohmann::json;
using Vec = std::array<double, 3>;
inline constexpr double pi = 3.14159265358979323846;

/// The registry's models (rodswarm/models/registry.hpp) as GoogleTest's type list, for suites typed over models.
template <class L>
struct GTestTypes;
template <class... Ts>
struct GTestTypes<TypeList<Ts...>> {
  using type = ::testing::Types<Ts...>;
};
using AllModels = GTestTypes<Models>::type;

template <class M>
Job<M> parse_as(const nlohmann::json& config, const std::string& source = "cfg.json") {
  return parse_job<M>(config, source);
}

/// The ConfigError parsing `config` as model M throws (a test failure if none).
template <class M>
ConfigError config_error(const nlohmann::json& config, const std::string& source = "cfg.json") {
  try {
    parse_job<M>(config, source);
  } catch (const ConfigError& e) {
    return e;
  }
  ADD_FAILURE() << "no ConfigError for " << config.dump();
  return ConfigError("", "", "");
}

inline bool contains(const std::exception& e, const std::string& text) {
  return std::string(e.what()).find(text) != std::string::npos;
}

/// `config` with its ensemble section set to the JSON text `ensemble`.
inline nlohmann::json with_ensemble(nlohmann::json config, const char* ensemble) {
  config["ensemble"] = nlohmann::json::parse(ensemble);
  return config;
}

/// The ConfigError load_any_job throws for the file `path` with `overrides` (a test failure if none).
inline ConfigError load_error(const std::string& path, const std::vector<std::string>& overrides) {
  try {
    load_any_job(path, overrides);
  } catch (const ConfigError& e) {
    return e;
  }
  ADD_FAILURE() << "no ConfigError for " << path;
  return ConfigError("", "", "");
}

/// `text` in a file of its own under the test's temporary directory; returns the path.
inline std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "rodswarm_" + std::to_string(::getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}
inline std::string write_temp(const std::string& name, const char* text) { return write_temp(name, std::string(text)); }
inline std::string write_temp(const std::string& name, const nlohmann::json& config) {
  return write_temp(name, config.dump(2));
}

/// Each dotted key ("params.n", "integrator") removed from `base` in turn: the error names that key as missing.
inline void expect_required(const std::function<ConfigError(const nlohmann::json&)>& error_of,
                            const nlohmann::json& base, std::initializer_list<const char*> keys) {
  for (const std::string key : keys) {
    SCOPED_TRACE(key);
    nlohmann::json c = base;
    const auto dot = key.find('.');
    if (dot == std::string::npos) {
      c.erase(key);
    } else {
      c[key.substr(0, dot)].erase(key.substr(dot + 1));
    }
    const ConfigError e = error_of(c);
    EXPECT_EQ(e.key(), key);
    if (dot != std::string::npos) {
      EXPECT_TRUE(contains(e, "missing required key")) << e.what();
    }
  }
}

/// examples/<M::name>/<file>, loaded as a user's `rodswarm run` would.
template <class M>
Job<M> load_example(const std::string& file) {
  return load_job<M>(std::string(RODSWARM_SOURCE_DIR) + "/examples/" + M::name + "/" + file, {});
}

/// Each {key, value} of the section `section` of `base` out of its range: the error names the key.
inline void expect_out_of_range(const std::function<ConfigError(const nlohmann::json&)>& error_of,
                                const nlohmann::json& base, const std::string& section,
                                std::initializer_list<std::pair<const char*, double>> bad) {
  for (const auto& [key, value] : bad) {
    nlohmann::json c = base;
    c[section][key] = value;
    EXPECT_EQ(error_of(c).key(), section + "." + key) << key;
  }
}

/// Each misspelt key (a JSON pointer into `base`, set to 1) is an unknown key with the intended one suggested.
inline void expect_suggestions(const std::function<ConfigError(const nlohmann::json&)>& error_of,
                               const nlohmann::json& base,
                               std::initializer_list<std::pair<const char*, const char*>> misspelt) {
  for (const auto& [pointer, suggestion] : misspelt) {
    nlohmann::json c = base;
    c[nlohmann::json::json_pointer(pointer)] = 1.0;
    const ConfigError e = error_of(c);
    EXPECT_TRUE(contains(e, "unknown key")) << e.what();
    EXPECT_TRUE(contains(e, std::string("did you mean \"") + suggestion + "\"")) << e.what();
  }
}

/// Loads every examples/<M::name>/*.json as a user's `rodswarm run` would and hands each job to `check`, after the
/// checks every example passes (one member or more, results named after the file). Returns how many there were.
template <class M>
int for_each_example(const std::function<void(const Job<M>&)>& check) {
  const std::filesystem::path dir = std::filesystem::path(RODSWARM_SOURCE_DIR) / "examples" / M::name;
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(entry.path().filename().string());
    ++count;
    auto any = load_any_job(entry.path().string(), {});
    EXPECT_TRUE(std::holds_alternative<Job<M>>(any));
    if (!std::holds_alternative<Job<M>>(any)) continue;
    const Job<M>& job = std::get<Job<M>>(any);
    EXPECT_GE(job.size(), 1);
    EXPECT_EQ(job.output.path, entry.path().stem().string() + ".h5");
    check(job);
  }
  return count;
}

}  // namespace rodswarm::test
