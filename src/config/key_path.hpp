/// @file key_path.hpp
/// Dotted config keys with array indices ("params.m", "initial.vertices[2][1]"), shared by --set overrides and
/// ensemble `vary` keys.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace rodswarm::config_detail {

/// One step of a key path: an object member name or an array index.
struct KeyToken {
  std::string name;       ///< member name (empty for an index)
  std::size_t index = 0;  ///< array index (when is_index)
  bool is_index = false;
};

using KeyPath = std::vector<KeyToken>;

/// Parses `text`; throws ConfigError(source, error_key, reason) when it is malformed (empty names, unbalanced
/// brackets, non-digit indices, a leading index).
KeyPath parse_key_path(const std::string& text, const std::string& source, const std::string& error_key);

/// The canonical spelling: names joined by '.', indices as "[k]".
std::string format_key_path(const KeyPath& path);

/// format_key_path of tokens [first, last).
std::string format_key_path(const KeyPath& path, std::size_t first, std::size_t last);

}  // namespace rodswarm::config_detail
