/// @file key_path.cpp
#include "config/key_path.hpp"

#include <cctype>

#include "config/config_error.hpp"

namespace rodswarm::config_detail {

KeyPath parse_key_path(const std::string& text, const std::string& source, const std::string& error_key) {
  auto fail = [&](const std::string& why) {
    throw ConfigError(source, error_key, "malformed key \"" + text + "\": " + why);
  };
  if (text.empty()) fail("empty key");
  KeyPath path;
  std::size_t i = 0;
  bool expect_name = true;  // at the start and after '.'
  while (i < text.size()) {
    if (expect_name) {
      const std::size_t start = i;
      while (i < text.size() && text[i] != '.' && text[i] != '[' && text[i] != ']') ++i;
      if (i == start)
        fail(start == 0 ? "it must start with a name" : "empty name at position " + std::to_string(start + 1));
      path.push_back(KeyToken{text.substr(start, i - start), 0, false});
      expect_name = false;
    } else if (text[i] == '.') {
      ++i;
      expect_name = true;
      if (i == text.size()) fail("it ends with '.'");
    } else if (text[i] == '[') {
      const std::size_t start = ++i;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
      if (i == start || i == text.size() || text[i] != ']') fail("an index must be digits in brackets, e.g. [0]");
      if (i - start > 9) fail("index too large");
      path.push_back(KeyToken{"", std::stoul(text.substr(start, i - start)), true});
      ++i;
    } else {
      fail("unexpected '" + std::string(1, text[i]) + "' at position " + std::to_string(i + 1));
    }
  }
  return path;
}

std::string format_key_path(const KeyPath& path, std::size_t first, std::size_t last) {
  std::string out;
  for (std::size_t k = first; k < last && k < path.size(); ++k) {
    if (path[k].is_index) {
      out += "[" + std::to_string(path[k].index) + "]";
    } else {
      if (!out.empty()) out += ".";
      out += path[k].name;
    }
  }
  return out;
}

std::string format_key_path(const KeyPath& path) { return format_key_path(path, 0, path.size()); }

}  // namespace rodswarm::config_detail
