/// @file override.cpp
/// apply_override: `--set KEY=VALUE` on the parsed config, before validation.
#include <string>

#include "config/config_loader.hpp"
#include "config/json_check.hpp"
#include "config/key_path.hpp"

namespace rodswarm {

namespace {

using config_detail::format_key_path;
using config_detail::KeyPath;
using nlohmann::json;

std::string trim(const std::string& s) {
  const char* space = " \t\r\n";
  const std::size_t first = s.find_first_not_of(space);
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(space) - first + 1);
}

/// Names that end a vary key inside ensemble.vary: "ensemble.vary.params.m.linspace[2]" addresses the
/// spec "linspace" of the vary key "params.m".
bool is_spec_name(const config_detail::KeyToken& t) {
  if (t.is_index) return false;
  for (const char* s : {"linspace", "logspace", "values", "uniform", "normal", "loguniform"}) {
    if (t.name == s) return true;
  }
  return false;
}

/// True when tokens [0, i) address an object holding vary keys: ensemble.vary or ensemble.vary[k].
bool at_vary_object(const KeyPath& path, std::size_t i) {
  if (path.size() < 2 || path[0].is_index || path[0].name != "ensemble" || path[1].is_index || path[1].name != "vary") {
    return false;
  }
  return i == 2 || (i == 3 && path[2].is_index);
}

}  // namespace

void apply_override(json& config, const std::string& assignment, const std::string& source) {
  const std::size_t eq = assignment.find('=');
  if (eq == std::string::npos) {
    throw ConfigError(source, trim(assignment), "expected KEY=VALUE, e.g. params.m=0.2");
  }
  const std::string key_text = trim(assignment.substr(0, eq));
  const std::string value_text = trim(assignment.substr(eq + 1));
  if (key_text.empty()) throw ConfigError(source, "", "missing key before '=' in \"" + assignment + "\"");
  const KeyPath path = config_detail::parse_key_path(key_text, source, key_text);

  // A value that is not JSON is a string, so that output.path=run.h5 needs no shell-quoted quotes.
  bool not_json = false;
  json value;
  try {
    value = parse_config_text(value_text, source, &not_json);
  } catch (const ConfigError& e) {  // too deep, or a number out of range: named at the key being set
    const std::string inner = e.key();
    throw ConfigError(source, inner.empty() ? key_text : key_text + (inner[0] == '[' ? "" : ".") + inner, e.detail());
  }
  if (not_json) value = value_text;

  if (!config.is_object()) throw ConfigError(source, key_text, "the config is not a JSON object");
  // Work on a copy so that a failing override leaves the config as it was (no half-created objects).
  json result = config;
  json* node = &result;
  std::size_t i = 0;
  while (i < path.size()) {
    const std::string walked = format_key_path(path, 0, i);
    if (node->is_object()) {
      if (path[i].is_index) {
        throw ConfigError(source, key_text, walked + " is an object: address its members by name, not [index]");
      }
      std::size_t next = i + 1;
      std::string name = path[i].name;
      if (at_vary_object(path, i)) {
        // Vary keys contain dots and brackets themselves: the key runs up to the spec name or the end.
        while (next < path.size() && !is_spec_name(path[next])) ++next;
        name = format_key_path(path, i, next);
        for (auto it = node->begin(); it != node->end(); ++it) {
          // Match an existing key however it was spelled ("initial.peak[ 1]" is malformed, but
          // "initial.peak[01]" is not and names the same element).
          try {
            if (format_key_path(config_detail::parse_key_path(it.key(), source, it.key())) == name) name = it.key();
          } catch (const ConfigError&) {
            // a malformed key in the file is reported by validation, not here
          }
        }
      }
      auto it = node->find(name);
      if (it == node->end()) {
        if (next < path.size() && path[next].is_index) {
          throw ConfigError(source, key_text, format_key_path(path, 0, next) + " does not exist: cannot index it");
        }
        it = node->emplace(name, json::object()).first;
      }
      node = &*it;
      i = next;
    } else if (node->is_array()) {
      if (!path[i].is_index) {
        throw ConfigError(source, key_text, walked + " is an array: address its elements as [index]");
      }
      if (path[i].index >= node->size()) {
        throw ConfigError(source, key_text,
                          "index " + std::to_string(path[i].index) + " out of range: " + walked + " has " +
                              std::to_string(node->size()) + " elements");
      }
      node = &(*node)[path[i].index];
      ++i;
    } else {
      throw ConfigError(
          source, key_text,
          walked + " is " + config_detail::type_phrase(*node) + ": it has no member " +
              (path[i].is_index ? "[" + std::to_string(path[i].index) + "]" : "\"" + path[i].name + "\""));
    }
  }
  *node = std::move(value);
  config = std::move(result);
}

}  // namespace rodswarm
