/// @file param_table.hpp
/// A model's numeric parameters declared once, as a table: for each key of the config's `params` section, its
/// type (a number or an integer), its default (none: required), its admissible range and the reason an error
/// gives, its unit and a one-line doc, the member of the model's Params<double> it lands in, whether
/// `ensemble.vary` may address it, and its column in the results (/members/params/<column>). From the table come
/// the section's allowed keys, the reading (types checked), the vary slots, the range checks and their messages,
/// the copy into Params and the results' columns, so none of these can disagree with another. A row of a nested
/// section names its path below `params` ("contact.plane.normal"): it is read when the model reads that section
/// (read_section) and the section's kind takes it, and is otherwise unused by the config (no slot, no check, not
/// landed, and `vary` says why). Shapes, choices and rules across keys stay code, next to the table, in the model's
/// own files.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "config/json_check.hpp"
#include "config/member_checker.hpp"
#include "config/param_doc.hpp"
#include "config/spec_vectors.hpp"
#include "config/vary_slots.hpp"

namespace rodswarm::config_detail {

/// What a parameter's value must be; each rule phrases its own error ("must be positive, got -1"). A vector's rule
/// is finite for each component.
enum class ParamRange {
  finite,        ///< any finite number
  positive,      ///< > 0
  non_negative,  ///< >= 0
  integer,       ///< a whole number in [lo, hi] (a size or count: `vary` may set it only to integral values)
  at_least,      ///< >= lo (its `why` said in the error)
  fraction,      ///< in (lo, hi] (its `why` said in the error)
  direction,     ///< a 3-vector, not zero: landed normalised (a line's direction, a plane's normal)
};

/// A parameter's default: none (the key is required), a value (a number's, or a vector's components), or absent:
/// the number stays NaN and unchecked (whether it is needed is a rule across keys, which the model's code applies),
/// with no `vary` slot (`optional_param`: a length the initial kind takes from elsewhere) or with one
/// (`optional_varied_param`: a taper an ensemble may give members of an untapered config).
struct ParamDefault {
  enum Kind { required, value, optional, optional_varied } kind;
  Vec3 v{};
  ParamDefault(std::nullopt_t) : kind(required) {}
  ParamDefault(double x) : kind(value), v{x, 0, 0} {}
  ParamDefault(const Vec3& x) : kind(value), v(x) {}
  explicit ParamDefault(Kind k) : kind(k) {}
};
inline const ParamDefault optional_param{ParamDefault::optional};
inline const ParamDefault optional_varied_param{ParamDefault::optional_varied};

/// Three components landing at `offset` of a Params array of six (a wrench or twist: moment, then force).
template <class P>
struct IntoSix {
  double (P::*array)[6];
  int offset;
};

/// Where a parameter lands in the model's Params<double>: nowhere (the model's code derives what it feeds),
/// an int, a double, an array of three, or three of an array of six.
template <class P>
using ParamLanding = std::variant<std::monostate, int P::*, double P::*, double (P::*)[3], IntoSix<P>>;

/// A parameter no code but the table reads needs no member of the spec: its value is kept in the spec's
/// `table_values` (every spec with a table has a member `TableValues table_values`), at its row. A number: InTable; a
/// 3-vector: InTable3.
struct InTable {};
struct InTable3 {};
/// Whether this config uses a row: always for a row of `params` itself; for a row of a nested section, when the
/// config has the section and the section's kind takes the row (`kind_key`, `kind`: the kind that does not).
struct RowUse {
  bool used = true;
  const char* kind_key = nullptr;
  const char* kind = nullptr;
  const char* why = nullptr;      ///< or a rule across keys left it unused (set_unused): what vary says
  const char* only_by = nullptr;  ///< the one kind that takes it, where one does
};
inline constexpr std::size_t max_param_rows = 64;
struct TableValues {
  std::array<Vec3, max_param_rows> at{};
  std::array<RowUse, max_param_rows> use{};
};

/// One parameter of a model whose spec is Spec and whose (double) parameters are P.
template <class Spec, class P>
struct Param {
  const char* key;  ///< under `params` ("dx")
  /// Where it is read to (doubles, so that `vary` can set them): a member of the spec, or its row of table_values.
  std::variant<double Spec::*, Vec3 Spec::*, InTable, InTable3> value;
  ParamDefault fallback;
  ParamRange range;
  double lo = 0, hi = 0;  ///< the bounds of ParamRange::integer
  const char* unit;       ///< SI unit ("m", "kg", "1/s"; "" for a pure number)
  const char* doc;        ///< one line: what it is
  ParamLanding<P> lands;  ///< its member of the model's Params<double> (std::monostate: the model lands it)
  bool varied = true;     ///< whether `ensemble.vary` may address it
  const char* column =
      nullptr;  ///< its results column under /members/params (a vector: column_x, _y, _z); nullptr: none
  double (*column_value)(const P&) = nullptr;  ///< the column's value when it is not the landed one
  const char* why = nullptr;  ///< said after an integer's range in its error ("modes per string"); nullptr: nothing

  bool is_vector() const {
    return std::holds_alternative<Vec3 Spec::*>(value) || std::holds_alternative<InTable3>(value);
  }
  bool may_be_absent() const {
    return fallback.kind == ParamDefault::optional || fallback.kind == ParamDefault::optional_varied;
  }
  /// A row of a nested section ("contact.plane.normal"), not of `params` itself.
  bool is_nested() const { return std::string(key).find('.') != std::string::npos; }
};

/// A model's rows, the config section they lie under (`root`: "params", or "initial" for the numbers of the initial
/// state) and the member of the spec that keeps their values and use (`values`: one TableValues per table).
template <class Spec, class P>
struct ParamTable : std::vector<Param<Spec, P>> {
  ParamTable(std::initializer_list<Param<Spec, P>> rows, const char* root_ = "params",
             TableValues Spec::*values_ = &Spec::table_values)
      : std::vector<Param<Spec, P>>(rows), root(root_), values(values_) {
    if (rows.size() > max_param_rows) throw std::logic_error(std::string("more rows than TableValues holds: ") + root);
  }
  const char* root;
  TableValues Spec::*values;

  std::size_t row(const Param<Spec, P>& p) const { return static_cast<std::size_t>(&p - this->data()); }
  /// root.key ("params.contact.plane.normal").
  std::string key(const Param<Spec, P>& p) const { return std::string(root) + "." + p.key; }
  /// root.section, or root for the section "" (the root itself, when it has kinds).
  std::string path(const std::string& section) const { return section.empty() ? root : root + ("." + section); }
  template <class S>
  auto& use(const Param<Spec, P>& p, S& spec) const {
    return (spec.*values).use.at(row(p));
  }
};

/// The value of row `p` of `table` in `spec` (S: the spec, const or not): its member, or its row of the spec's
/// table_values.
template <class S, class Spec, class P>
auto& vector_of(const ParamTable<Spec, P>& table, const Param<Spec, P>& p, S& spec) {
  if (const auto* member = std::get_if<Vec3 Spec::*>(&p.value)) return spec.*(*member);
  return (spec.*(table.values)).at.at(table.row(p));
}
template <class S, class Spec, class P>
auto& number_of(const ParamTable<Spec, P>& table, const Param<Spec, P>& p, S& spec) {
  if (const auto* member = std::get_if<double Spec::*>(&p.value)) return spec.*(*member);
  return vector_of(table, p, spec)[0];
}

template <class Spec, class P>
bool row_used(const ParamTable<Spec, P>& table, const Param<Spec, P>& p, const Spec& spec) {
  return table.use(p, spec).used;
}

/// The leaf of row `p` when it lies directly in `section` ("contact.plane"; "": the root), else nullptr.
template <class Spec, class P>
const char* leaf_in(const Param<Spec, P>& p, const std::string& section) {
  const std::string key = p.key;
  if (section.empty()) return p.is_nested() ? nullptr : p.key;
  if (key.size() <= section.size() + 1 || key.compare(0, section.size(), section) != 0 || key[section.size()] != '.')
    return nullptr;
  const char* leaf = p.key + section.size() + 1;
  return std::string(leaf).find('.') == std::string::npos ? leaf : nullptr;
}

/// The table's keys, in its order, then `more` (the keys the model reads itself: choices, nested sections): the
/// keys the `params` section may have.
template <class Spec, class P>
std::vector<std::string> param_keys(const ParamTable<Spec, P>& table, const std::vector<std::string>& more = {}) {
  std::vector<std::string> keys;
  for (const auto& p : table) {
    if (!p.is_nested()) keys.emplace_back(p.key);
  }
  keys.insert(keys.end(), more.begin(), more.end());
  return keys;
}

/// One row from the reader of its section (`name`: the key there) into `spec`.
template <class Spec, class P>
void read_row(const ObjectReader& r, const ParamTable<Spec, P>& table, const Param<Spec, P>& p, const char* name,
              Spec& spec) {
  if (p.is_vector()) {
    if (p.fallback.kind == ParamDefault::required) r.required(name);
    vector_of(table, p, spec) = r.vector3_or(name, p.fallback.v);
    return;
  }
  double& x = number_of(table, p, spec);
  if (p.may_be_absent() && !r.has(name)) {
    x = std::numeric_limits<double>::quiet_NaN();
  } else if (p.range == ParamRange::integer) {
    x = static_cast<double>(p.fallback.kind == ParamDefault::value
                                ? r.integer_or(name, static_cast<std::int64_t>(p.fallback.v[0]))
                                : r.integer(name));
  } else {
    x = p.fallback.kind == ParamDefault::value ? r.number_or(name, p.fallback.v[0]) : r.number(name);
  }
}

/// Every parameter of `params` itself from its reader `r` into `spec`: missing required keys and wrong types are
/// ConfigErrors naming the key; ranges are checked per member (check_params). The rows of nested sections are unused
/// until read_section reads them.
template <class Spec, class P>
void read_params(const ObjectReader& r, const ParamTable<Spec, P>& table, Spec& spec) {
  for (const auto& p : table) {
    table.use(p, spec) = RowUse{!p.is_nested()};
    if (!p.is_nested()) read_row(r, table, p, p.key, spec);
  }
}

/// The keys of `section` ("contact.plane") the table holds but `kinds_keys` (those of one kind of the section), then
/// `more` (the keys the model reads itself).
template <class Spec, class P>
std::vector<std::string> section_keys(const ParamTable<Spec, P>& table, const std::string& section,
                                      const std::vector<std::string>& more,
                                      const std::vector<std::string>& kinds_keys = {}) {
  std::vector<std::string> keys;
  for (const auto& p : table) {
    const char* leaf = leaf_in(p, section);
    if (leaf != nullptr && std::find(kinds_keys.begin(), kinds_keys.end(), leaf) == kinds_keys.end())
      keys.emplace_back(leaf);
  }
  keys.insert(keys.end(), more.begin(), more.end());
  return keys;
}

/// The rows of `section` from its reader `r` (which allowed `allowed`): a row the section's kind does not take stays
/// unused, naming the kind (`kind_key`, `kind`).
template <class Spec, class P>
void read_section_rows(const ObjectReader& r, const ParamTable<Spec, P>& table, const std::string& section,
                       const std::vector<std::string>& allowed, Spec& spec, const char* kind_key = nullptr,
                       const char* kind = nullptr) {
  for (const auto& p : table) {
    const char* leaf = leaf_in(p, section);
    if (section.empty() && p.is_nested()) table.use(p, spec) = RowUse{false};  // until its section is read
    if (leaf == nullptr) continue;
    RowUse& use = table.use(p, spec);
    use = {std::find(allowed.begin(), allowed.end(), leaf) != allowed.end(), kind_key, kind};
    if (use.used) read_row(r, table, p, leaf, spec);
  }
}

/// The section `value` at params.<section> without kinds: its rows read, and its reader (for the keys in `more`).
template <class Spec, class P>
ObjectReader read_section(const json& value, const std::string& source, const ParamTable<Spec, P>& table,
                          const std::string& section, const std::vector<std::string>& more, Spec& spec) {
  const std::vector<std::string> allowed = section_keys(table, section, more);
  ObjectReader r(value, table.path(section), source, allowed);
  read_section_rows(r, table, section, allowed, spec);
  return r;
}

/// The same for a section with `kinds` (read_kind): its kind, its rows (those of other kinds unused) and its reader.
template <class E>
struct KindSection {
  E kind;
  ObjectReader r;
};
/// `prefix` goes before the section's path (a rod of a two-rod member: "rod1.").
template <class Spec, class P, class E>
KindSection<E> read_section(const json& value, const std::string& source, const ParamTable<Spec, P>& table,
                            const std::string& section, const Kinds<E>& kinds, const std::vector<std::string>& more,
                            Spec& spec, std::optional<typename Kinds<E>::Value> fallback = std::nullopt,
                            const std::string& prefix = "") {
  std::vector<std::string> allowed, kinds_keys;
  for (const auto& k : kinds.entries()) kinds_keys.insert(kinds_keys.end(), k.keys.begin(), k.keys.end());
  const std::string path = prefix + table.path(section);
  const E kind =
      read_kind(value, path, source, kinds, section_keys(table, section, more, kinds_keys), allowed, fallback);
  KindSection<E> out{kind, ObjectReader(value, path, source, allowed)};
  read_section_rows(out.r, table, section, allowed, spec, kinds.key(), kinds.name(kind));
  for (const auto& p : table) {
    const char* leaf = leaf_in(p, section);
    if (leaf == nullptr || table.use(p, spec).used) continue;
    int taking = 0;
    for (const auto& k : kinds.entries()) {
      if (std::find(k.keys.begin(), k.keys.end(), leaf) == k.keys.end()) continue;
      table.use(p, spec).only_by = k.name;
      ++taking;
    }
    if (taking != 1) table.use(p, spec).only_by = nullptr;
  }
  return out;
}

/// Row `key` of `table` unused by this config for a rule across keys (`why`, said after the key by vary: "is not
/// used: the config gives initial.directions").
template <class Spec, class P>
void set_unused(const ParamTable<Spec, P>& table, Spec& spec, const char* key, const char* why) {
  for (const auto& p : table) {
    if (std::string(p.key) == key) {
      table.use(p, spec) = RowUse{false, nullptr, nullptr, why};
      return;
    }
  }
  throw std::logic_error(std::string("set_unused: no row ") + key + " in the table of " + table.root);
}

/// A points kind's two lists, initial.points and initial.normals ([[x, y, z], ...]; their counts: the model's).
inline void read_points_and_normals(const ObjectReader& r, std::vector<Vec3>& points, std::vector<Vec3>& normals) {
  points = expect_vector3_list(r.required("points"), r.key("points"), r.source());
  normals = expect_vector3_list(r.required("normals"), r.key("normals"), r.source());
}

/// The list `each` ("velocities", one entry per `per`: "node") given instead of the uniform row `uniform`
/// ("velocity") of the table's section `r`: not both; where the list is given, the row is unused (`why`: what vary
/// says of it). The list, or nullptr.
template <class Spec, class P>
const json* list_instead_of_row(const ObjectReader& r, const ParamTable<Spec, P>& table, Spec& spec,
                                const char* uniform, const char* each, const char* per, const char* why) {
  const json* list = r.optional(each);
  if (list == nullptr) return nullptr;
  if (r.has(uniform)) {
    throw ConfigError(r.source(), r.key(each),
                      "give either " + r.key(uniform) + " (every " + per + ") or " + r.key(each) + " (one per " + per +
                          "), not both");
  }
  set_unused(table, spec, uniform, why);
  return list;
}

/// Why `vary` cannot address each unused row of this config: its section is absent, or its kind does not take it.
template <class Spec, class P>
void param_unvaried(const ParamTable<Spec, P>& table, const Spec& spec, std::vector<Unvaried>& out,
                    const std::string& prefix = "") {
  for (const auto& p : table) {
    const RowUse& use = table.use(p, spec);
    if (use.used) continue;
    const std::string key = prefix + table.key(p);
    const std::string section = key.substr(0, key.rfind('.'));
    if (use.why != nullptr) {
      out.push_back({key, use.why});
    } else if (use.kind == nullptr) {
      out.push_back({key, "cannot be varied: the config has no " + section + " (give it a value there first)"});
    } else {
      out.push_back({key, "is not used by " + section + " " + use.kind_key + " \"" + use.kind + "\"" +
                              (use.only_by != nullptr ? std::string(" (only by \"") + use.only_by + "\")" : "")});
    }
  }
}

/// The numbers of the table `vary` may address, as params.<key> (a vector's as params.<key>[c]), in the table's
/// order.
/// An optional number the config leaves out has no slot (vary names it among the keys that cannot vary). `prefix`
/// goes before "params." (a rod of a two-rod member: "rod1.").
template <class Spec, class P>
void param_slots(const ParamTable<Spec, P>& table, Spec& spec, const NumberSlots& slots,
                 const std::string& prefix = "") {
  for (const auto& p : table) {
    if (!p.varied || !row_used(table, p, spec)) continue;
    if (p.fallback.kind == ParamDefault::optional && std::isnan(number_of(table, p, spec))) continue;
    const std::string key = prefix + table.key(p);
    if (p.is_vector()) {
      slots.vector(key, vector_of(table, p, spec));
    } else if (p.range == ParamRange::integer) {
      slots.integer(key, number_of(table, p, spec));
    } else {
      slots.number(key, number_of(table, p, spec));
    }
  }
}

/// Every parameter's range, in the table's order (the first violation is the ConfigError, naming params.<key>, or
/// params.<key>[c] for a vector's component). Runs once per ensemble member: the key is spelt only for a value
/// that fails, so a passing member allocates nothing here.
template <class Spec, class P>
void check_params(const ParamTable<Spec, P>& table, const Spec& spec, const MemberChecker& check) {
  for (const auto& p : table) {
    if (!row_used(table, p, spec)) continue;
    if (p.is_vector()) {
      const Vec3& v = vector_of(table, p, spec);
      const std::string key = table.key(p);
      if (p.range == ParamRange::non_negative) {
        check.non_negative_vector(key, v);  // finite, then >= 0, per component
      } else {
        check.finite_vectors({{key.c_str(), v}});
      }
      if (p.range == ParamRange::direction && norm(vec(v)) == 0) check.fail(key, "must not be the zero vector");
      continue;
    }
    const double x = number_of(table, p, spec);
    if (p.may_be_absent() && std::isnan(x)) continue;
    bool ok = std::isfinite(x);
    if (ok && p.range == ParamRange::positive) ok = x > 0;
    if (ok && p.range == ParamRange::non_negative) ok = x >= 0;
    if (ok && p.range == ParamRange::integer) ok = x >= p.lo && x <= p.hi && x == std::floor(x);
    if (ok && p.range == ParamRange::at_least) ok = x >= p.lo;
    if (ok && p.range == ParamRange::fraction) ok = x > p.lo && x <= p.hi;
    if (ok) continue;
    const std::string key = table.key(p);
    const std::string why = p.why != nullptr ? std::string(" (") + p.why + ")" : std::string();
    if (p.range != ParamRange::integer) check.finite(key.c_str(), x);
    switch (p.range) {
      case ParamRange::positive:
        check.positive(key.c_str(), x);
        break;
      case ParamRange::non_negative:
        check.non_negative(key.c_str(), x);
        break;
      case ParamRange::integer:
        check.integer_in(key.c_str(), x, p.lo, p.hi,
                         "must be an integer from " + format_number(p.lo) + " to " + format_number(p.hi) + why);
        break;
      case ParamRange::at_least:
        check.fail(key, "must be >= " + format_number(p.lo) + why + ", got " + format_number(x));
        break;
      case ParamRange::fraction:
        check.fail(key, "must be in (" + format_number(p.lo) + ", " + format_number(p.hi) + "]" + why + ", got " +
                            format_number(x));
        break;
      default:
        break;
    }
  }
}

/// Every parameter into its member of the model's Params (after check_params: integers are whole and in range).
template <class Spec, class P>
void land_params(const ParamTable<Spec, P>& table, const Spec& spec, P& params) {
  for (const auto& p : table) {
    if (!row_used(table, p, spec)) continue;
    if (p.is_vector()) {
      // A direction lands normalised (check_params saw it is not zero).
      Vec3 v = vector_of(table, p, spec);
      if (p.range == ParamRange::direction) {
        const auto unit = (1 / norm(vec(v))) * vec(v);
        v = {unit.x, unit.y, unit.z};
      }
      double* to = nullptr;
      if (const auto* three = std::get_if<double(P::*)[3]>(&p.lands)) to = params.*(*three);
      if (const auto* six = std::get_if<IntoSix<P>>(&p.lands)) to = (params.*(six->array)) + six->offset;
      if (to != nullptr) std::copy(v.begin(), v.end(), to);
      continue;
    }
    const double x = number_of(table, p, spec);
    if (const auto* as_int = std::get_if<int P::*>(&p.lands)) params.*(*as_int) = static_cast<int>(x);
    if (const auto* as_double = std::get_if<double P::*>(&p.lands)) params.*(*as_double) = x;
  }
}

/// The results' columns of the table, in its order (a vector's three as <column>_x, _y, _z), and a member's value
/// of each, from its Params.
template <class Spec, class P>
std::vector<std::string> param_columns(const ParamTable<Spec, P>& table) {
  std::vector<std::string> names;
  for (const auto& p : table) {
    if (p.column == nullptr) continue;
    if (p.is_vector()) {
      for (const char* axis : {"_x", "_y", "_z"}) names.push_back(std::string(p.column) + axis);
    } else {
      names.emplace_back(p.column);
    }
  }
  return names;
}
template <class Spec, class P>
void param_column_values(const ParamTable<Spec, P>& table, const P& params, std::vector<double>& out) {
  for (const auto& p : table) {
    if (p.column == nullptr) continue;
    if (p.column_value != nullptr) {
      out.push_back(p.column_value(params));
    } else if (const auto* as_int = std::get_if<int P::*>(&p.lands)) {
      out.push_back(double(params.*(*as_int)));
    } else if (const auto* as_double = std::get_if<double P::*>(&p.lands)) {
      out.push_back(params.*(*as_double));
    } else if (const auto* three = std::get_if<double(P::*)[3]>(&p.lands)) {
      out.insert(out.end(), params.*(*three), params.*(*three) + 3);
    } else if (const auto* six = std::get_if<IntoSix<P>>(&p.lands)) {
      const double* from = (params.*(six->array)) + six->offset;
      out.insert(out.end(), from, from + 3);
    }
  }
}

/// The table as a user reads it (rodswarm params, the README's tables); `prefix` goes before "params." (rodpair's
/// "rod1."); `columns`: whether the model's results columns are the table's.
template <class Spec, class P>
std::vector<ParamDoc> param_docs(const ParamTable<Spec, P>& table, const std::string& prefix = "", bool columns = true);

/// A model's `params` table, then its `initial` table (no results columns), as a user reads them.
template <class Spec, class P>
std::vector<ParamDoc> param_docs(const ParamTable<Spec, P>& params, const ParamTable<Spec, P>& initial,
                                 const std::string& prefix = "", bool columns = true) {
  std::vector<ParamDoc> docs = param_docs(params, prefix, columns);
  for (auto& d : param_docs(initial, prefix, false)) docs.push_back(std::move(d));
  return docs;
}

template <class Spec, class P>
std::vector<ParamDoc> param_docs(const ParamTable<Spec, P>& table, const std::string& prefix, bool columns) {
  std::vector<ParamDoc> rows;
  for (const auto& p : table) {
    ParamDoc d;
    d.key = prefix + table.key(p);
    const bool vector = p.is_vector();
    d.type = vector ? "3-vector" : p.range == ParamRange::integer ? "integer" : "number";
    switch (p.fallback.kind) {
      case ParamDefault::required:
        d.fallback = "required";
        break;
      case ParamDefault::optional:
      case ParamDefault::optional_varied:
        d.fallback = "absent";
        break;
      case ParamDefault::value:
        d.fallback = vector ? "[" + format_number(p.fallback.v[0]) + ", " + format_number(p.fallback.v[1]) + ", " +
                                  format_number(p.fallback.v[2]) + "]"
                            : format_number(p.fallback.v[0]);
        break;
    }
    switch (p.range) {
      case ParamRange::finite:
        d.range = "finite";
        break;
      case ParamRange::positive:
        d.range = "> 0";
        break;
      case ParamRange::non_negative:
        d.range = ">= 0";
        break;
      case ParamRange::integer:
        d.range = format_number(p.lo) + " to " + format_number(p.hi);
        break;
      case ParamRange::at_least:
        d.range = ">= " + format_number(p.lo);
        break;
      case ParamRange::fraction:
        d.range = "(" + format_number(p.lo) + ", " + format_number(p.hi) + "]";
        break;
      case ParamRange::direction:
        d.range = "not zero (normalised)";
        break;
    }
    d.unit = p.unit;
    d.doc = p.doc;
    d.varied = p.varied;
    if (columns && p.column != nullptr) {
      d.column = vector ? std::string(p.column) + "_x, _y, _z" : std::string(p.column);
    }
    rows.push_back(std::move(d));
  }
  return rows;
}

}  // namespace rodswarm::config_detail
