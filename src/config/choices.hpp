/// @file choices.hpp
/// Choices<E>: the names an enum's values have in a config, written once per enum as one table, so that reading a
/// choice ("scheme": "rk4"), naming it in a message and listing the alternatives cannot disagree. Kinds<E>: the
/// same for a section with kinds ("initial": {"kind": "helix", ...}), with the keys each kind takes.
#pragma once

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rodswarm::config_detail {

template <class E>
class Choices {
 public:
  Choices(std::initializer_list<std::pair<E, const char*>> entries)
      : Choices(std::vector<std::pair<E, const char*>>(entries)) {}
  explicit Choices(std::vector<std::pair<E, const char*>> entries) : entries_(std::move(entries)) {
    for (const auto& [value, name] : entries_) names_.emplace_back(name);
  }

  /// Every name, in the table's order (the order messages list them in).
  const std::vector<std::string>& names() const { return names_; }
  const std::vector<std::pair<E, const char*>>& entries() const { return entries_; }

  const char* name(E value) const {
    for (const auto& [v, n] : entries_) {
      if (v == value) return n;
    }
    return "";
  }
  /// The value named `name`, which the caller has checked is one of names().
  E value(const std::string& name) const {
    for (const auto& [v, n] : entries_) {
      if (name == n) return v;
    }
    throw std::logic_error("no choice named " + name);
  }

 private:
  std::vector<std::pair<E, const char*>> entries_;
  std::vector<std::string> names_;
};

/// One kind of a section: its value, its name and the keys it takes besides "kind".
template <class E>
struct Kind {
  E value;
  const char* name;
  std::vector<std::string> keys;
};

template <class E>
class Kinds {
 public:
  using Value = E;

  /// `key`: the key naming the kind ("kind", "law"); `phrase`: what messages call it ("kind", "growth law").
  Kinds(std::initializer_list<Kind<E>> kinds, const char* key = "kind", const char* phrase = "kind")
      : kinds_(kinds), choices_(names_of(kinds_)), key_(key), phrase_(phrase) {}

  const char* key() const { return key_; }
  const char* phrase() const { return phrase_; }
  const Choices<E>& choices() const { return choices_; }
  const std::vector<Kind<E>>& entries() const { return kinds_; }
  const char* name(E value) const { return choices_.name(value); }
  const std::vector<std::string>& keys(E value) const {
    for (const auto& k : kinds_) {
      if (k.value == value) return k.keys;
    }
    throw std::logic_error("no such kind");
  }

 private:
  static std::vector<std::pair<E, const char*>> names_of(const std::vector<Kind<E>>& kinds) {
    std::vector<std::pair<E, const char*>> out;
    for (const auto& k : kinds) out.emplace_back(k.value, k.name);
    return out;
  }
  std::vector<Kind<E>> kinds_;
  Choices<E> choices_;
  const char* key_;
  const char* phrase_;
};

}  // namespace rodswarm::config_detail
