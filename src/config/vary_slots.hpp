/// @file vary_slots.hpp
/// `ensemble.vary` keys to the numbers they address in a model's spec, written once: a model lists every number of
/// its spec a key may address (Schema<M>::numbers, in schema order), and says which keys of its config are not
/// varied and why (text keys, its non-numeric sections, keys of another initial kind). Resolution, the suggestion
/// for a misspelt key and the message for an unusable one all come from that one list, so they cannot disagree.
#pragma once

#include <array>
#include <algorithm>
#include <functional>
#include <stdexcept>
#include <initializer_list>
#include <utility>
#include <string>
#include <vector>

#include "config/json_check.hpp"
#include "config/step_spec.hpp"

namespace rodswarm::config_detail {

/// Where a varied number lives in a spec.
struct Slot {
  double* target = nullptr;
  bool is_integer = false;  ///< sizes and counts (params.n, ...): only integral values
};

/// The numbers of a spec, handed one by one to `emit(key, target, is_integer)`.
class NumberSlots {
 public:
  using Emit = std::function<void(const std::string& key, double* target, bool is_integer)>;
  explicit NumberSlots(Emit emit) : emit_(std::move(emit)) {}

  void number(const std::string& key, double& x) const { emit_(key, &x, false); }
  /// section.name for each of the space-separated `names` and the number at the same place in `targets`.
  void numbers(const std::string& section, const std::string& names, std::initializer_list<double*> targets) const {
    std::size_t at = 0;
    auto target = targets.begin();
    for (; target != targets.end() && at < names.size(); ++target) {
      const std::size_t end = std::min(names.find(' ', at), names.size());
      emit_(section + "." + names.substr(at, end - at), *target, false);
      at = end + 1;
    }
    if (target != targets.end() || at < names.size()) throw std::logic_error("NumberSlots::numbers: " + names);
  }
  /// integrator.dt, integrator.t_end and, when the model has one, integrator.divergence_factor.
  void integrator(StepSpec& steps, bool divergence_factor) const {
    number("integrator.dt", steps.dt);
    number("integrator.t_end", steps.t_end);
    if (divergence_factor) number("integrator.divergence_factor", steps.divergence_factor);
  }
  void integer(const std::string& key, double& x) const { emit_(key, &x, true); }
  /// key[0], key[1], ...
  template <std::size_t W>
  void vector(const std::string& key, std::array<double, W>& v) const {
    for (std::size_t c = 0; c < W; ++c) emit_(index_key(key, c), &v[c], false);
  }
  void list(const std::string& key, std::vector<double>& xs) const {
    for (std::size_t i = 0; i < xs.size(); ++i) emit_(index_key(key, i), &xs[i], false);
  }
  /// key[i][c] of a list of fixed-width rows.
  template <std::size_t W>
  void rows(const std::string& key, std::vector<std::array<double, W>>& list) const {
    for (std::size_t i = 0; i < list.size(); ++i) vector(index_key(key, i), list[i]);
  }

 private:
  Emit emit_;
};

/// A key (and every key below it) that this config does not let `vary` address, and why: the rest of the message
/// after the key ("is not used by initial kind \"points\"").
struct Unvaried {
  std::string key, why;
};

/// What resolution knows of a model's schema besides its numbers.
struct VaryRules {
  const std::vector<std::string>& top_level_keys;   ///< every section of a config
  const std::vector<std::string>& varied_sections;  ///< those whose numbers may vary ("params", "initial", ...)
  const std::vector<std::string>& text_keys;        ///< keys holding strings or booleans
  std::vector<Unvaried> unvaried;                   ///< this config's other keys that cannot vary, checked in order
};

/// Resolves the vary key `key` (as written; `error_key` names it in messages) to one of the numbers `numbers`
/// lists. Otherwise a ConfigError says why: a text key, a section that is not varied, a whole array or object
/// (with an element to vary instead), one of `rules.unvaried`, or no such number (with the nearest suggested).
Slot resolve_vary_key(const std::function<void(const NumberSlots&)>& numbers, const VaryRules& rules,
                      const std::string& key, const std::string& error_key, const std::string& source);

}  // namespace rodswarm::config_detail
