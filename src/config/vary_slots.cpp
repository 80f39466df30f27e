#include "config/vary_slots.hpp"

#include <algorithm>

#include "config/key_path.hpp"
#include "config/suggest.hpp"

namespace rodswarm::config_detail {
namespace {

/// `key` is `prefix` or lies below it (prefix.name, prefix[i]).
bool within(const std::string& key, const std::string& prefix) {
  return key.compare(0, prefix.size(), prefix) == 0 &&
         (key.size() == prefix.size() || key[prefix.size()] == '.' || key[prefix.size()] == '[');
}

/// "a", "a and b", "a, b and c".
std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}

/// Why `key`, which is none of the numbers `keys`, cannot vary; "" when it names nothing of the schema.
std::string why_not(const std::string& key, const VaryRules& rules, const std::vector<std::string>& keys) {
  for (const auto& text : rules.text_keys) {
    if (within(key, text)) return "is not a number and cannot be varied";
  }
  for (const auto& top : rules.top_level_keys) {
    const bool varied =
        std::find(rules.varied_sections.begin(), rules.varied_sections.end(), top) != rules.varied_sections.end();
    if (!varied && within(key, top)) {
      return "cannot be varied: only numeric keys under " + listed(rules.varied_sections) + " can";
    }
  }
  // A whole vector, list or section whose numbers may vary.
  for (const auto& k : keys) {
    if (k.size() > key.size() && k.compare(0, key.size(), key) == 0) {
      if (k[key.size()] == '[') return "is an array: vary its elements one by one, e.g. " + k;
      if (k[key.size()] == '.') return "is an object: vary one of its numbers, e.g. " + k;
    }
  }
  for (const auto& u : rules.unvaried) {
    if (within(key, u.key)) return u.why;
  }
  return "";
}

}  // namespace

Slot resolve_vary_key(const std::function<void(const NumberSlots&)>& numbers, const VaryRules& rules,
                      const std::string& key, const std::string& error_key, const std::string& source) {
  const std::string canonical = format_key_path(parse_key_path(key, source, error_key));
  Slot found;
  std::vector<std::string> keys;
  numbers(NumberSlots([&](const std::string& k, double* target, bool is_integer) {
    if (found.target == nullptr && k == canonical) found = Slot{target, is_integer};
    keys.push_back(k);
  }));
  if (found.target != nullptr) return found;
  const std::string why = why_not(canonical, rules, keys);
  if (!why.empty()) throw ConfigError(source, error_key, canonical + " " + why);
  throw ConfigError(source, error_key,
                    "no numeric key " + canonical + " in this config" + suggestion_suffix(canonical, keys));
}

}  // namespace rodswarm::config_detail
