/// @file json_check.hpp
/// Typed reads of config values with messages that name the dotted key: the only place that phrases
/// "expected a number, got a string" and "unknown key (did you mean ...)".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/config_error.hpp"

namespace rodswarm::config_detail {

using nlohmann::json;

/// "a string", "an array", "an object", "a boolean", "null" or "a number".
std::string type_phrase(const json& value);

/// Shortest decimal that reads back as x ("0.05", "1e-09").
std::string format_number(double x);

/// The top-level section `key` of a config; throws ConfigError(source, key, "missing required key") when absent.
const json& required_section(const json& config, const char* key, const std::string& source);

/// "params" + "m" -> "params.m"; an empty prefix gives the name alone.
std::string join_key(const std::string& prefix, const std::string& name);

/// "initial.peak" + 1 -> "initial.peak[1]".
std::string index_key(const std::string& prefix, std::size_t index);

/// The message of a ConfigError without its "file: key: " prefix.
std::string error_detail(const ConfigError& e);

/// Reads the members of one JSON object under the dotted `prefix`, for one config `source`.
class ObjectReader {
 public:
  /// Throws unless `value` is an object whose keys all appear in `allowed` (unknown keys get a suggestion).
  ObjectReader(const json& value, std::string prefix, std::string source, const std::vector<std::string>& allowed);

  const std::string& prefix() const { return prefix_; }
  const std::string& source() const { return source_; }
  std::string key(const std::string& name) const { return join_key(prefix_, name); }

  bool has(const std::string& name) const;
  /// The member; throws "missing required key" when absent.
  const json& required(const std::string& name) const;
  /// The member or nullptr.
  const json* optional(const std::string& name) const;

  /// A number (JSON integers included, booleans not).
  double number(const std::string& name) const;
  double number_or(const std::string& name, double fallback) const;
  /// An integral number (9 and 9.0 both read as 9).
  std::int64_t integer(const std::string& name) const;
  std::int64_t integer_or(const std::string& name, std::int64_t fallback) const;
  std::string string(const std::string& name) const;
  /// A string from `choices`; anything else is an error with the nearest choice suggested.
  std::string choice(const std::string& name, const std::vector<std::string>& choices) const;
  std::string choice_or(const std::string& name, const std::vector<std::string>& choices,
                        const std::string& fallback) const;

 private:
  const json& object_;
  std::string prefix_, source_;
};

/// Type checks for values reached by `key` (used for array elements).
double expect_number(const json& value, const std::string& key, const std::string& source);
std::int64_t expect_integer(const json& value, const std::string& key, const std::string& source);
std::string expect_string(const json& value, const std::string& key, const std::string& source);
void expect_array(const json& value, const std::string& key, const std::string& source);
void expect_object(const json& value, const std::string& key, const std::string& source);
/// A string from `choices`, with the nearest suggested otherwise.
std::string expect_choice(const json& value, const std::string& key, const std::string& source,
                          const std::vector<std::string>& choices);
/// An array of exactly `size` numbers.
std::vector<double> expect_number_array(const json& value, const std::string& key, const std::string& source,
                                        std::size_t size);

}  // namespace rodswarm::config_detail
