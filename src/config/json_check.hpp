/// @file json_check.hpp
/// Typed reads of config values with messages that name the dotted key: the only place that phrases
/// "expected a number, got a string" and "unknown key (did you mean ...)".
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/choices.hpp"
#include "config/config_error.hpp"

namespace rodswarm::config_detail {

using nlohmann::json;
using Vec3 = std::array<double, 3>;

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
  bool boolean_or(const std::string& name, bool fallback) const;
  /// An array of 3 numbers.
  Vec3 vector3_or(const std::string& name, const Vec3& fallback) const;
  std::string string(const std::string& name) const;
  /// A string from `choices`; anything else is an error with the nearest choice suggested.
  std::string choice(const std::string& name, const std::vector<std::string>& choices) const;
  std::string choice_or(const std::string& name, const std::vector<std::string>& choices,
                        const std::string& fallback) const;
  /// The enum value named by a string from `choices`, or `fallback` when absent.
  template <class E>
  E choice_or(const std::string& name, const Choices<E>& choices, E fallback) const {
    return choices.value(choice_or(name, choices.names(), choices.name(fallback)));
  }

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
template <class E>
E expect_choice(const json& value, const std::string& key, const std::string& source, const Choices<E>& choices) {
  return choices.value(expect_choice(value, key, source, choices.names()));
}
/// An array of exactly `size` numbers.
std::vector<double> expect_number_array(const json& value, const std::string& key, const std::string& source,
                                        std::size_t size);
/// An array of at least `at_least` numbers.
std::vector<double> expect_number_list(const json& value, const std::string& key, const std::string& source,
                                       std::size_t at_least = 0);
/// An array of 3-vectors ([[x, y, z], ...]).
std::vector<Vec3> expect_vector3_list(const json& value, const std::string& key, const std::string& source);

/// The optional pair of end conditions r.key("ends") = [END0, END1], each one of `kinds`.
template <class E>
void read_ends(const ObjectReader& r, const Choices<E>& kinds, E& end0, E& end1) {
  const json* ends = r.optional("ends");
  if (ends == nullptr) return;
  const std::string key = r.key("ends");
  expect_array(*ends, key, r.source());
  if (ends->size() != 2) {
    throw ConfigError(r.source(), key,
                      "expected [end0, end1] (2 strings), got " + std::to_string(ends->size()) + " elements");
  }
  end0 = expect_choice((*ends)[0], index_key(key, 0), r.source(), kinds);
  end1 = expect_choice((*ends)[1], index_key(key, 1), r.source(), kinds);
}

/// The kind of the section `object` at `prefix` (initial, a shape; the key kinds.key()), one of `kinds`: required
/// unless a `fallback` is given. A key of another kind is an error naming the kind it belongs to (a likelier
/// mistake than a typo). The keys the section may then have, the kind's key, the kind's own keys and `common`, go
/// to `allowed`.
template <class E>
E read_kind(const json& object, const std::string& prefix, const std::string& source, const Kinds<E>& kinds,
            const std::vector<std::string>& common, std::vector<std::string>& allowed,
            std::optional<typename Kinds<E>::Value> fallback = std::nullopt) {
  expect_object(object, prefix, source);
  const std::string kind_key = join_key(prefix, kinds.key());
  const auto it = object.find(kinds.key());
  if (it == object.end() && !fallback) {
    std::string names;
    for (const auto& name : kinds.choices().names()) names += (names.empty() ? "\"" : ", \"") + name + "\"";
    throw ConfigError(source, kind_key, "missing required key (one of " + names + ")");
  }
  const E kind = it == object.end() ? *fallback : expect_choice(*it, kind_key, source, kinds.choices());
  const std::vector<std::string>& own = kinds.keys(kind);
  for (const auto& other : kinds.entries()) {
    for (const auto& key : other.keys) {
      if (std::find(own.begin(), own.end(), key) == own.end() && object.contains(key)) {
        throw ConfigError(source, join_key(prefix, key),
                          std::string("not used by ") + kinds.phrase() + " \"" + kinds.name(kind) +
                              "\" (it belongs to " + kinds.phrase() + " \"" + other.name + "\")");
      }
    }
  }
  allowed = {kinds.key()};
  allowed.insert(allowed.end(), own.begin(), own.end());
  allowed.insert(allowed.end(), common.begin(), common.end());
  return kind;
}

}  // namespace rodswarm::config_detail
