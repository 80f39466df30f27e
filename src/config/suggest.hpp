/// @file suggest.hpp
/// "Did you mean" suggestions for misspelled config keys and values.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rodswarm::config_detail {

/// Optimal-string-alignment edit distance (insertions, deletions, substitutions and adjacent transpositions, each
/// costing 1), comparing case-insensitively.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// Longest name nearest_name() considers a typo of a candidate.
inline constexpr std::size_t max_suggested_name = 128;

/// The candidate nearest to `name` by edit distance, or nothing when even the nearest is too far to be a plausible
/// typo. Ties go to the candidate sharing the longer prefix with `name`, then to the earlier candidate.
std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& candidates);

/// Text to append to an "unknown key/value" message: ` (did you mean "params.m"?)` when a candidate is close,
/// else ` (expected one of: a, b, c)`; `prefix` is prepended to the candidates when printed (e.g. "params.").
std::string suggestion_suffix(std::string_view name, const std::vector<std::string>& candidates,
                              const std::string& prefix = "");

}  // namespace rodswarm::config_detail
