/// @file ensemble_members.hpp
/// Ensemble expansion shared by every model's parse_<model>_job: each `vary` key resolved once to the number it
/// addresses in a working copy of the model's spec, then, member by member, the values written there and the
/// member built from the spec, so that a million members cost a million small loops, not a million JSON documents.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/config_error.hpp"
#include "config/ensemble_spec.hpp"
#include "config/json_check.hpp"

namespace rodswarm::config_detail {

/// Integer keys take only integral values, and only from explicit lists (a sampled integer is not well defined).
void check_integer_key(const VarySpec& vary, EnsembleMode mode, const std::string& source);

/// The numbers the vary keys address, in vary order.
struct VariedSlots {
  std::vector<double*> targets;
  std::vector<bool> integer;    ///< per key: an integer (params.n), which sets sizes
  bool integer_varied = false;  ///< an integer key (params.n) varies: members differ in size
};

/// Resolves every vary key with resolve(key, error_key), which returns {double* target, bool is_integer};
/// appends the keys to `varied_keys`. Two keys addressing one number, and bad integer values, are ConfigErrors.
template <class Resolve>
VariedSlots resolve_varied_slots(const EnsembleSpec& ensemble, const std::string& source,
                                 std::vector<std::string>& varied_keys, Resolve&& resolve) {
  VariedSlots out;
  for (const auto& vary : ensemble.vary) {
    const auto slot = resolve(vary.key, vary.error_key);
    for (std::size_t k = 0; k < out.targets.size(); ++k) {
      if (out.targets[k] == slot.target) {
        throw ConfigError(source, vary.error_key, "varies the same number as " + ensemble.vary[k].error_key);
      }
    }
    if (slot.is_integer) {
      check_integer_key(vary, ensemble.mode, source);
      out.integer_varied = true;
    }
    out.integer.push_back(slot.is_integer);
    out.targets.push_back(slot.target);
    varied_keys.push_back(vary.key);
  }
  return out;
}

/// For every member i (the members `indices`, values[k][j] being member indices[j]'s; empty: every member, values
/// [k][i]): writes its values into the slots, then build(i). A ConfigError of a member of a real ensemble names
/// the member ("(member 3)").
template <class Build>
void expand_members(const EnsembleSpec& ensemble, const VariedSlots& slots,
                    const std::vector<std::vector<double>>& values, Build&& build,
                    const std::vector<std::int64_t>& indices = {}) {
  const std::int64_t count = indices.empty() ? ensemble.members : static_cast<std::int64_t>(indices.size());
  for (std::int64_t j = 0; j < count; ++j) {
    const auto index = static_cast<std::size_t>(j);
    const std::int64_t i = indices.empty() ? j : indices[index];
    for (std::size_t k = 0; k < slots.targets.size(); ++k) *slots.targets[k] = values[k][index];
    try {
      build(i);
    } catch (const ConfigError& e) {
      if (!ensemble.present) throw;
      throw ConfigError(e.file(), e.key(), error_detail(e) + " (member " + std::to_string(i) + ")");
    }
  }
}

}  // namespace rodswarm::config_detail
