/// @file config_error.hpp
/// Bad input: an error that names the file and the key. The CLI prints it and exits with status 2.
#pragma once

#include <stdexcept>
#include <string>

namespace rodswarm {

class ConfigError : public std::runtime_error {
 public:
  /// file: the config file (or "--set"), key: dotted path ("params.m"), what: what was expected or found.
  ConfigError(const std::string& file, const std::string& key, const std::string& what)
      : std::runtime_error(file + ": " + (key.empty() ? std::string() : key + ": ") + what), file_(file), key_(key) {}
  const std::string& file() const { return file_; }
  const std::string& key() const { return key_; }

 private:
  std::string file_, key_;
};

}  // namespace rodswarm
