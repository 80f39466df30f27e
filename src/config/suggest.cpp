/// @file suggest.cpp
#include "config/suggest.hpp"

#include <algorithm>
#include <cctype>

namespace rodswarm::config_detail {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

std::size_t common_prefix(std::string_view a, std::string_view b) {
  std::size_t k = 0;
  while (k < a.size() && k < b.size() && lower(a[k]) == lower(b[k])) ++k;
  return k;
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t na = a.size(), nb = b.size();
  // Three rolling rows: the transposition rule looks two rows back.
  std::vector<std::size_t> prev2(nb + 1), prev(nb + 1), cur(nb + 1);
  for (std::size_t j = 0; j <= nb; ++j) prev[j] = j;
  for (std::size_t i = 1; i <= na; ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= nb; ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1])) {
        cur[j] = std::min(cur[j], prev2[j - 2] + 1);
      }
    }
    std::swap(prev2, prev);
    std::swap(prev, cur);
  }
  return prev[nb];
}

std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& candidates) {
  // No key is longer than a few dozen characters: a much longer name is no typo of one, and its edit distances
  // would cost length x candidates (a 5 MB key: seconds).
  if (name.size() > max_suggested_name) return std::nullopt;
  const std::string* best = nullptr;
  std::size_t best_distance = 0, best_prefix = 0;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(name, c);
    const std::size_t p = common_prefix(name, c);
    if (best == nullptr || d < best_distance || (d == best_distance && p > best_prefix)) {
      best = &c;
      best_distance = d;
      best_prefix = p;
    }
  }
  if (best == nullptr) return std::nullopt;
  // A truncated or extended name ("tolerance" for "tol", "mass" for "m") is a likely slip whatever its distance.
  if (best_prefix == std::min(name.size(), best->size()) && best_prefix > 0) return *best;
  // About half the longer name may be wrong: "mass" -> "m" (3 edits) still reads as a typo, "foo" -> "g" does not.
  const std::size_t longer = std::max(name.size(), best->size());
  if (best_distance > longer / 2 + 1) return std::nullopt;
  return *best;
}

std::string suggestion_suffix(std::string_view name, const std::vector<std::string>& candidates,
                              const std::string& prefix) {
  if (candidates.empty()) return "";
  if (auto near = nearest_name(name, candidates)) return " (did you mean \"" + prefix + *near + "\"?)";
  std::string list = " (expected one of: ";
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (i > 0) list += ", ";
    if (i == 12) {  // long lists (every element of a big points array) would drown the message
      list += "...";
      break;
    }
    list += prefix + candidates[i];
  }
  return list + ")";
}

}  // namespace rodswarm::config_detail
