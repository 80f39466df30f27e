/// @file scoped_cache_dir.hpp
/// Points the ceilings cache (RODSWARM_CACHE_DIR) at a fresh temporary directory for one test, so that tests
/// never read or write the user's cache, and restores the environment afterwards.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace rodswarm::test {

/// Sets an environment variable for its lifetime (or unsets it with nullopt) and restores the old value.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::optional<std::string>& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = std::string(old);
    if (value) {
      ::setenv(name, value->c_str(), 1);
    } else {
      ::unsetenv(name);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_.c_str(), old_->c_str(), 1);
    } else {
      ::unsetenv(name_.c_str());
    }
  }

 private:
  std::string name_;
  std::optional<std::string> old_;
};

/// A fresh directory named after the test, removed at the end, with RODSWARM_CACHE_DIR pointing at it.
class ScopedCacheDir {
 public:
  explicit ScopedCacheDir(const std::string& tag) : dir_(fresh_dir(tag)), env_("RODSWARM_CACHE_DIR", dir_.string()) {}
  ScopedCacheDir(const ScopedCacheDir&) = delete;
  ScopedCacheDir& operator=(const ScopedCacheDir&) = delete;
  ~ScopedCacheDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path file() const { return dir_ / "ceilings.json"; }

 private:
  static std::filesystem::path fresh_dir(const std::string& tag) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("rodswarm_cache_" + std::to_string(::getpid()) + "_" + tag);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
  }
  std::filesystem::path dir_;
  ScopedEnv env_;
};

}  // namespace rodswarm::test
