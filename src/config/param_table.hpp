/// @file param_table.hpp
/// A model's numeric parameters declared once, as a table: for each key of the config's `params` section, its
/// type (a number or an integer), its default (none: required), its admissible range and the reason an error
/// gives, its unit and a one-line doc, the member of the model's Params<double> it lands in, whether
/// `ensemble.vary` may address it, and its column in the results (/members/params/<column>). From the table come
/// the section's allowed keys, the reading (types checked), the vary slots, the range checks and their messages,
/// the copy into Params and the results' columns, so none of these can disagree with another. Shapes, choices
/// and rules across keys stay code, next to the table, in the model's own files.
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "config/json_check.hpp"
#include "config/member_checker.hpp"
#include "config/vary_slots.hpp"

namespace rodswarm::config_detail {

/// What a parameter's value must be; each rule phrases its own error ("must be positive, got -1").
enum class ParamRange {
  finite,        ///< any finite number
  positive,      ///< > 0
  non_negative,  ///< >= 0
  integer,       ///< a whole number in [lo, hi] (a size or count: `vary` may set it only to integral values)
};

/// One parameter of a model whose spec is Spec and whose (double) parameters are P.
template <class Spec, class P>
struct Param {
  const char* key;                 ///< under `params` ("dx")
  double Spec::*value;             ///< where it is read to: every number a double, so that `vary` can set it
  std::optional<double> fallback;  ///< its default; none: the key is required
  ParamRange range;
  double lo = 0, hi = 0;                      ///< the bounds of ParamRange::integer
  const char* unit;                           ///< SI unit ("m", "kg", "1/s"; "" for a pure number)
  const char* doc;                            ///< one line: what it is
  std::variant<int P::*, double P::*> lands;  ///< its member of the model's Params<double>
  bool varied = true;                         ///< whether `ensemble.vary` may address it
  const char* column = nullptr;               ///< its results column under /members/params; nullptr: none
};

template <class Spec, class P>
using ParamTable = std::vector<Param<Spec, P>>;

/// The table's keys, in its order: the keys the `params` section may have besides those the model reads itself.
template <class Spec, class P>
std::vector<std::string> param_keys(const ParamTable<Spec, P>& table) {
  std::vector<std::string> keys;
  for (const auto& p : table) keys.emplace_back(p.key);
  return keys;
}

/// Every parameter of the table from the section `r` into `spec`: missing required keys and wrong types are
/// ConfigErrors naming the key; ranges are checked per member (check_params).
template <class Spec, class P>
void read_params(const ObjectReader& r, const ParamTable<Spec, P>& table, Spec& spec) {
  for (const auto& p : table) {
    double& x = spec.*p.value;
    if (p.range == ParamRange::integer) {
      x = static_cast<double>(p.fallback ? r.integer_or(p.key, static_cast<std::int64_t>(*p.fallback))
                                         : r.integer(p.key));
    } else {
      x = p.fallback ? r.number_or(p.key, *p.fallback) : r.number(p.key);
    }
  }
}

/// The numbers of the table `vary` may address, as params.<key>, in the table's order.
template <class Spec, class P>
void param_slots(const ParamTable<Spec, P>& table, Spec& spec, const NumberSlots& slots) {
  for (const auto& p : table) {
    if (!p.varied) continue;
    const std::string key = std::string("params.") + p.key;
    if (p.range == ParamRange::integer) {
      slots.integer(key, spec.*p.value);
    } else {
      slots.number(key, spec.*p.value);
    }
  }
}

/// Every parameter's range, in the table's order (the first violation is the ConfigError, naming params.<key>).
/// Runs once per ensemble member: the key is spelt only for a value that fails, so a passing member allocates
/// nothing here.
template <class Spec, class P>
void check_params(const ParamTable<Spec, P>& table, const Spec& spec, const MemberChecker& check) {
  for (const auto& p : table) {
    const double x = spec.*p.value;
    bool ok = std::isfinite(x);
    if (ok && p.range == ParamRange::positive) ok = x > 0;
    if (ok && p.range == ParamRange::non_negative) ok = x >= 0;
    if (ok && p.range == ParamRange::integer) ok = x >= p.lo && x <= p.hi && x == std::floor(x);
    if (ok) continue;
    const std::string key = std::string("params.") + p.key;
    switch (p.range) {
      case ParamRange::finite:
        check.finite(key.c_str(), x);
        break;
      case ParamRange::positive:
        check.positive(key.c_str(), x);
        break;
      case ParamRange::non_negative:
        check.non_negative(key.c_str(), x);
        break;
      case ParamRange::integer:
        check.integer_in(key.c_str(), x, p.lo, p.hi,
                         "must be an integer from " + format_number(p.lo) + " to " + format_number(p.hi));
        break;
    }
  }
}

/// Every parameter into its member of the model's Params (after check_params: integers are whole and in range).
template <class Spec, class P>
void land_params(const ParamTable<Spec, P>& table, const Spec& spec, P& params) {
  for (const auto& p : table) {
    const double x = spec.*p.value;
    if (const auto* as_int = std::get_if<int P::*>(&p.lands)) {
      params.*(*as_int) = static_cast<int>(x);
    } else {
      params.*std::get<double P::*>(p.lands) = x;
    }
  }
}

/// The results' columns of the table, in its order, and member params' value of each.
template <class Spec, class P>
std::vector<std::string> param_columns(const ParamTable<Spec, P>& table) {
  std::vector<std::string> names;
  for (const auto& p : table) {
    if (p.column != nullptr) names.emplace_back(p.column);
  }
  return names;
}
template <class Spec, class P>
void param_column_values(const ParamTable<Spec, P>& table, const P& params, std::vector<double>& out) {
  for (const auto& p : table) {
    if (p.column == nullptr) continue;
    if (const auto* as_int = std::get_if<int P::*>(&p.lands)) {
      out.push_back(double(params.*(*as_int)));
    } else {
      out.push_back(params.*std::get<double P::*>(p.lands));
    }
  }
}

}  // namespace rodswarm::config_detail
