/// @file ensemble_spec.cpp
/// parse_ensemble_spec: the `ensemble` section's schema.
#include "config/ensemble_spec.hpp"

#include <cmath>

#include "config/json_check.hpp"
#include "config/suggest.hpp"

namespace rodswarm::config_detail {

namespace {

using nlohmann::json;

const std::vector<std::string> list_specs = {"linspace", "logspace", "values"};
const std::vector<std::string> random_specs = {"uniform", "normal", "loguniform"};

bool is_sampled(EnsembleMode mode) { return mode == EnsembleMode::random || mode == EnsembleMode::lhs; }

std::string mode_name(EnsembleMode mode) {
  switch (mode) {
    case EnsembleMode::grid:
      return "grid";
    case EnsembleMode::zip:
      return "zip";
    case EnsembleMode::random:
      return "random";
    case EnsembleMode::lhs:
      return "lhs";
  }
  return "";
}

std::vector<double> number_list(const json& value, const std::string& key, const std::string& source) {
  expect_array(value, key, source);
  if (value.empty()) throw ConfigError(source, key, "expected at least one value, got an empty array");
  std::vector<double> out;
  out.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) out.push_back(expect_number(value[i], index_key(key, i), source));
  return out;
}

/// linspace / logspace: [start, stop, count]. `values_left`: how many values the ensemble's lists may still hold
/// (max_list_values in all, so that many long lists are refused before they are built, not after).
std::vector<double> spaced(const json& value, const std::string& key, const std::string& source, bool geometric,
                           std::int64_t& values_left) {
  expect_array(value, key, source);
  if (value.size() != 3) {
    throw ConfigError(source, key, "expected [start, stop, count], got " + std::to_string(value.size()) + " elements");
  }
  const double a = expect_number(value[0], index_key(key, 0), source);
  const double b = expect_number(value[1], index_key(key, 1), source);
  const std::int64_t count = expect_integer(value[2], index_key(key, 2), source);
  if (count < 1 || count > values_left) {
    const std::string all = values_left < max_list_values
                                ? " (the vary lists hold " + std::to_string(max_list_values) + " values in all)"
                                : "";
    throw ConfigError(
        source, index_key(key, 2),
        "count must be between 1 and " + std::to_string(values_left) + all + ", got " + std::to_string(count));
  }
  values_left -= count;
  if (geometric && !(a > 0 && b > 0)) {
    throw ConfigError(source, key,
                      "logspace needs positive start and stop, got " + format_number(a) + " and " + format_number(b));
  }
  std::vector<double> out(static_cast<std::size_t>(count));
  const double div = count > 1 ? static_cast<double>(count - 1) : 1.0;
  const double la = geometric ? std::log(a) : a, lb = geometric ? std::log(b) : b;
  const double step = (lb - la) / div;
  for (std::int64_t k = 0; k < count; ++k) {
    // start + k*step as numpy.linspace computes it, with both ends exact.
    const double t = la + static_cast<double>(k) * step;
    out[static_cast<std::size_t>(k)] = geometric ? std::exp(t) : t;
  }
  out.front() = a;
  if (count > 1) out.back() = b;
  return out;
}

/// uniform / normal / loguniform: two numbers with the distribution's constraints.
void distribution(const json& value, const std::string& key, const std::string& source, const std::string& name,
                  VarySpec& vary) {
  const auto ab = expect_number_array(value, key, source, 2);
  vary.a = ab[0];
  vary.b = ab[1];
  if (name == "uniform") {
    vary.distribution = Distribution::uniform;
    if (!(vary.a <= vary.b)) throw ConfigError(source, key, "expected [low, high] with low <= high");
  } else if (name == "normal") {
    vary.distribution = Distribution::normal;
    if (!(vary.b >= 0)) throw ConfigError(source, index_key(key, 1), "the standard deviation must be >= 0");
  } else {
    vary.distribution = Distribution::loguniform;
    if (!(vary.a > 0 && vary.a <= vary.b)) {
      throw ConfigError(source, key, "expected [low, high] with 0 < low <= high");
    }
  }
}

VarySpec parse_vary_entry(const std::string& vary_key, const json& value, const std::string& error_key,
                          EnsembleMode mode, const std::string& source, std::int64_t& values_left) {
  VarySpec vary;
  vary.key = vary_key;
  vary.error_key = error_key;
  const bool sampled = is_sampled(mode);
  const auto& own = sampled ? random_specs : list_specs;
  const auto& other = sampled ? list_specs : random_specs;
  const std::string own_text =
      sampled ? "uniform, normal or loguniform" : "linspace, logspace, values or a plain array";

  if (value.is_array()) {
    if (sampled) {
      throw ConfigError(source, error_key,
                        "mode " + mode_name(mode) +
                            " draws values: give a distribution {\"uniform\": [low, high]}, "
                            "{\"normal\": [mean, sd]} or {\"loguniform\": [low, high]}");
    }
    vary.values = number_list(value, error_key, source);
    return vary;
  }
  if (!value.is_object() || value.size() != 1) {
    throw ConfigError(
        source, error_key,
        "expected an object with one of " + own_text + ", got " +
            (value.is_object() ? "an object with " + std::to_string(value.size()) + " keys" : type_phrase(value)));
  }
  const std::string name = value.begin().key();
  const std::string key = join_key(error_key, name);
  for (const auto& o : other) {
    if (name == o) {
      throw ConfigError(source, key,
                        name + " is not used by mode " + mode_name(mode) + " (which takes " + own_text + ")");
    }
  }
  bool known = false;
  for (const auto& o : own) known = known || name == o;
  if (!known) throw ConfigError(source, key, "unknown key" + suggestion_suffix(name, own, error_key + "."));

  const json& body = value.begin().value();
  if (name == "values") {
    vary.values = number_list(body, key, source);
  } else if (name == "linspace" || name == "logspace") {
    vary.values = spaced(body, key, source, name == "logspace", values_left);
  } else {
    distribution(body, key, source, name, vary);
  }
  return vary;
}

std::int64_t grid_size(const EnsembleSpec& spec, const std::string& source) {
  std::int64_t size = 1;
  for (const auto& v : spec.vary) {
    const auto n = static_cast<std::int64_t>(v.values.size());
    if (size > max_members / n) {
      throw ConfigError(source, "ensemble.vary", "the grid has more than " + std::to_string(max_members) + " members");
    }
    size *= n;
  }
  return size;
}

std::int64_t zip_size(const EnsembleSpec& spec, const std::string& source) {
  const auto& first = spec.vary.front();
  for (const auto& v : spec.vary) {
    if (v.values.size() != first.values.size()) {
      throw ConfigError(source, v.error_key,
                        "zip needs lists of the same length: " + std::to_string(v.values.size()) + " values, but " +
                            first.error_key + " has " + std::to_string(first.values.size()));
    }
  }
  return static_cast<std::int64_t>(first.values.size());
}

}  // namespace

EnsembleSpec parse_ensemble_spec(const json& config, const std::string& source) {
  EnsembleSpec spec;
  const auto it = config.find("ensemble");
  if (it == config.end()) return spec;
  spec.present = true;
  const ObjectReader r(*it, "ensemble", source, {"mode", "vary", "count", "seed"});
  const std::string mode = r.choice("mode", {"grid", "zip", "random", "lhs"});
  spec.mode = mode == "grid"     ? EnsembleMode::grid
              : mode == "zip"    ? EnsembleMode::zip
              : mode == "random" ? EnsembleMode::random
                                 : EnsembleMode::lhs;

  if (is_sampled(spec.mode)) {
    spec.members = r.integer("count");
    // An lhs design shuffles every key's strata over all members: its columns are held whole.
    const std::int64_t most = spec.mode == EnsembleMode::lhs ? max_list_values : max_members;
    if (spec.members < 1 || spec.members > most) {
      throw ConfigError(source, "ensemble.count",
                        "must be between 1 and " + std::to_string(most) +
                            (spec.mode == EnsembleMode::lhs ? " for lhs" : "") + ", got " +
                            std::to_string(spec.members));
    }
    if (const json* seed = r.optional("seed")) {
      // Seeds are 64-bit unsigned: nlohmann keeps literals up to 2^64 - 1 exactly as number_unsigned.
      if (seed->is_number_unsigned()) {
        spec.seed = seed->get<std::uint64_t>();
      } else {
        const std::int64_t s = expect_integer(*seed, "ensemble.seed", source);
        if (s < 0)
          throw ConfigError(source, "ensemble.seed", "must be a non-negative integer, got " + std::to_string(s));
        spec.seed = static_cast<std::uint64_t>(s);
      }
    }
  } else {
    for (const char* key : {"count", "seed"}) {
      if (r.has(key)) {
        throw ConfigError(source, r.key(key),
                          "only used by modes random and lhs (mode " + mode +
                              " takes its size "
                              "from the vary lists)");
      }
    }
  }

  const json& vary = r.required("vary");
  std::int64_t values_left = max_list_values;
  if (vary.is_object()) {
    for (auto v = vary.begin(); v != vary.end(); ++v) {
      spec.vary.push_back(
          parse_vary_entry(v.key(), v.value(), "ensemble.vary." + v.key(), spec.mode, source, values_left));
    }
  } else if (vary.is_array()) {
    // The array form [{KEY: SPEC}, ...] fixes the order of the keys (grid: first slowest).
    for (std::size_t i = 0; i < vary.size(); ++i) {
      const std::string at = index_key("ensemble.vary", i);
      if (!vary[i].is_object() || vary[i].size() != 1) {
        throw ConfigError(source, at, "expected an object with exactly one key, e.g. {\"params.m\": [0.1, 0.2]}");
      }
      const auto entry = vary[i].begin();
      spec.vary.push_back(
          parse_vary_entry(entry.key(), entry.value(), at + "." + entry.key(), spec.mode, source, values_left));
    }
  } else {
    throw ConfigError(source, "ensemble.vary", "expected an object, got " + type_phrase(vary));
  }
  if (spec.vary.empty()) throw ConfigError(source, "ensemble.vary", "names no key: give at least one key to vary");

  if (spec.mode == EnsembleMode::grid) spec.members = grid_size(spec, source);
  if (spec.mode == EnsembleMode::zip) spec.members = zip_size(spec, source);
  return spec;
}

}  // namespace rodswarm::config_detail
