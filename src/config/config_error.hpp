/// @file config_error.hpp
/// Bad input: an error that names the file and the key. The CLI prints it and exits with status 2.
#pragma once

#include <stdexcept>
#include <string>

namespace rodswarm {

/// `text` fit for one line of an error message: control bytes (a NUL, an escape sequence, a newline in a key)
/// written as \xNN, and anything past `max_bytes` cut at a character boundary with the full length said, so that
/// a hostile 5 MB key is not echoed whole to the terminal.
inline std::string printable_text(const std::string& text, std::size_t max_bytes = 200) {
  std::string out;
  std::size_t end = text.size();
  if (end > max_bytes) {
    end = max_bytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0u) == 0x80u) --end;  // not inside a UTF-8 char
  }
  for (std::size_t i = 0; i < end; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) {
      static const char hex[] = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 0xF];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (end < text.size()) out += "... (" + std::to_string(text.size()) + " bytes in all)";
  return out;
}

class ConfigError : public std::runtime_error {
 public:
  /// file: the config file (or "--set"), key: dotted path ("params.m"), what: what was expected or found. The
  /// message shows each through printable_text (keys and file names up to 200 bytes, the rest up to 1000).
  ConfigError(const std::string& file, const std::string& key, const std::string& what)
      : std::runtime_error(printable_text(file) + ": " + (key.empty() ? std::string() : printable_text(key) + ": ") +
                           printable_text(what, 1000)),
        file_(file),
        key_(key),
        detail_(what) {}
  const std::string& file() const { return file_; }
  const std::string& key() const { return key_; }
  /// `what` as given, without the file and key.
  const std::string& detail() const { return detail_; }

 private:
  std::string file_, key_, detail_;
};

}  // namespace rodswarm
