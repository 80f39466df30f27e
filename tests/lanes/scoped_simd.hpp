// RODSWARM_SIMD set for the life of an object, then restored: the CPU backend reads it when it is made. Tests that
// compare another backend with "the CPU" take the scalar path (RODSWARM_SIMD=scalar), the one the GPU's stepper
// matches operation for operation; the lane backend is compared with that path in tests/backend.
#pragma once

#include <cstdlib>
#include <string>

namespace rodswarm {

class ScopedSimd {
 public:
  explicit ScopedSimd(const char* value) {
    const char* old = std::getenv("RODSWARM_SIMD");
    had_ = old != nullptr;
    if (had_) old_ = old;
    setenv("RODSWARM_SIMD", value, 1);
  }
  ~ScopedSimd() {
    if (had_) {
      setenv("RODSWARM_SIMD", old_.c_str(), 1);
    } else {
      unsetenv("RODSWARM_SIMD");
    }
  }
  ScopedSimd(const ScopedSimd&) = delete;
  ScopedSimd& operator=(const ScopedSimd&) = delete;

 private:
  bool had_ = false;
  std::string old_;
};

}  // namespace rodswarm
