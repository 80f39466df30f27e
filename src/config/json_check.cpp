/// @file json_check.cpp
#include "config/json_check.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <utility>

#include "config/suggest.hpp"

namespace rodswarm::config_detail {

std::string type_phrase(const json& value) {
  switch (value.type()) {
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::null:
      return "null";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
      return "a number";
    default:
      return "nothing";
  }
}

std::string format_number(double x) {
  char buf[64];
  const auto result = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, result.ptr);
}

std::string join_key(const std::string& prefix, const std::string& name) {
  return prefix.empty() ? name : prefix + "." + name;
}

std::string index_key(const std::string& prefix, std::size_t index) {
  return prefix + "[" + std::to_string(index) + "]";
}

std::string error_detail(const ConfigError& e) { return e.detail(); }

double expect_number(const json& value, const std::string& key, const std::string& source) {
  if (!value.is_number()) throw ConfigError(source, key, "expected a number, got " + type_phrase(value));
  const double x = value.get<double>();
  // JSON cannot spell NaN or infinity, but a 400-digit literal overflows to infinity.
  if (!std::isfinite(x)) throw ConfigError(source, key, "expected a finite number");
  return x;
}

std::int64_t expect_integer(const json& value, const std::string& key, const std::string& source) {
  // nlohmann reads non-negative literals as unsigned: range-check before converting.
  if (value.is_number_unsigned()) {
    if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
      throw ConfigError(source, key, "integer too large");
    }
    return static_cast<std::int64_t>(value.get<std::uint64_t>());
  }
  if (value.is_number_integer()) return value.get<std::int64_t>();
  if (value.is_number_float()) {
    const double x = value.get<double>();
    // 9.0 is accepted as 9: many tools write every number with a decimal point.
    if (std::isfinite(x) && x == std::floor(x) && std::fabs(x) < 9.0e15) return static_cast<std::int64_t>(x);
    throw ConfigError(source, key, "expected an integer, got " + format_number(x));
  }
  throw ConfigError(source, key, "expected an integer, got " + type_phrase(value));
}

std::string expect_string(const json& value, const std::string& key, const std::string& source) {
  if (!value.is_string()) throw ConfigError(source, key, "expected a string, got " + type_phrase(value));
  return value.get<std::string>();
}

void expect_array(const json& value, const std::string& key, const std::string& source) {
  if (!value.is_array()) throw ConfigError(source, key, "expected an array, got " + type_phrase(value));
}

void expect_object(const json& value, const std::string& key, const std::string& source) {
  if (!value.is_object()) throw ConfigError(source, key, "expected an object, got " + type_phrase(value));
}

std::string expect_choice(const json& value, const std::string& key, const std::string& source,
                          const std::vector<std::string>& choices) {
  const std::string s = expect_string(value, key, source);
  for (const auto& c : choices) {
    if (s == c) return s;
  }
  std::string msg = "unknown value \"" + s + "\"";
  if (auto near = nearest_name(s, choices)) {
    msg += " (did you mean \"" + *near + "\"?)";
  } else {
    msg += " (expected one of:";
    for (const auto& c : choices) msg += " \"" + c + "\"";
    msg += ")";
  }
  throw ConfigError(source, key, msg);
}

std::vector<double> expect_number_array(const json& value, const std::string& key, const std::string& source,
                                        std::size_t size) {
  expect_array(value, key, source);
  if (value.size() != size) {
    throw ConfigError(
        source, key,
        "expected an array of " + std::to_string(size) + " numbers, got " + std::to_string(value.size()) + " elements");
  }
  std::vector<double> out(size);
  for (std::size_t i = 0; i < size; ++i) out[i] = expect_number(value[i], index_key(key, i), source);
  return out;
}

ObjectReader::ObjectReader(const json& value, std::string prefix, std::string source,
                           const std::vector<std::string>& allowed)
    : object_(value), prefix_(std::move(prefix)), source_(std::move(source)) {
  expect_object(object_, prefix_, source_);
  for (auto it = object_.begin(); it != object_.end(); ++it) {
    bool known = false;
    for (const auto& a : allowed) known = known || it.key() == a;
    if (!known) {
      const std::string parent = prefix_.empty() ? std::string() : prefix_ + ".";
      throw ConfigError(source_, key(it.key()), "unknown key" + suggestion_suffix(it.key(), allowed, parent));
    }
  }
}

bool ObjectReader::has(const std::string& name) const { return object_.contains(name); }

const json* ObjectReader::optional(const std::string& name) const {
  const auto it = object_.find(name);
  return it == object_.end() ? nullptr : &*it;
}

const json& ObjectReader::required(const std::string& name) const {
  const json* v = optional(name);
  if (v == nullptr) throw ConfigError(source_, key(name), "missing required key");
  return *v;
}

double ObjectReader::number(const std::string& name) const { return expect_number(required(name), key(name), source_); }

double ObjectReader::number_or(const std::string& name, double fallback) const {
  const json* v = optional(name);
  return v == nullptr ? fallback : expect_number(*v, key(name), source_);
}

std::int64_t ObjectReader::integer(const std::string& name) const {
  return expect_integer(required(name), key(name), source_);
}

std::int64_t ObjectReader::integer_or(const std::string& name, std::int64_t fallback) const {
  const json* v = optional(name);
  return v == nullptr ? fallback : expect_integer(*v, key(name), source_);
}

std::string ObjectReader::string(const std::string& name) const {
  return expect_string(required(name), key(name), source_);
}

std::string ObjectReader::choice(const std::string& name, const std::vector<std::string>& choices) const {
  return expect_choice(required(name), key(name), source_, choices);
}

std::string ObjectReader::choice_or(const std::string& name, const std::vector<std::string>& choices,
                                    const std::string& fallback) const {
  const json* v = optional(name);
  return v == nullptr ? fallback : expect_choice(*v, key(name), source_, choices);
}

const json& required_section(const json& config, const char* key, const std::string& source) {
  const auto it = config.find(key);
  if (it == config.end()) throw ConfigError(source, key, "missing required key");
  return *it;
}

bool ObjectReader::boolean_or(const std::string& name, bool fallback) const {
  const json* v = optional(name);
  if (v == nullptr) return fallback;
  if (!v->is_boolean()) {
    throw ConfigError(source_, key(name), "expected a boolean (true or false), got " + type_phrase(*v));
  }
  return v->get<bool>();
}

Vec3 ObjectReader::vector3_or(const std::string& name, const Vec3& fallback) const {
  const json* v = optional(name);
  if (v == nullptr) return fallback;
  const auto xyz = expect_number_array(*v, key(name), source_, 3);
  return {xyz[0], xyz[1], xyz[2]};
}

std::vector<double> expect_number_list(const json& value, const std::string& key, const std::string& source,
                                       std::size_t at_least) {
  expect_array(value, key, source);
  if (value.size() < at_least) {
    throw ConfigError(source, key,
                      "expected at least " + std::to_string(at_least) + (at_least == 1 ? " number" : " numbers") +
                          ", got " + std::to_string(value.size()));
  }
  std::vector<double> out;
  out.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) out.push_back(expect_number(value[i], index_key(key, i), source));
  return out;
}

std::vector<Vec3> expect_vector3_list(const json& value, const std::string& key, const std::string& source) {
  expect_array(value, key, source);
  std::vector<Vec3> out;
  out.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto xyz = expect_number_array(value[i], index_key(key, i), source, 3);
    out.push_back({xyz[0], xyz[1], xyz[2]});
  }
  return out;
}

}  // namespace rodswarm::config_detail
