/// @file parallel_for.hpp
/// OpenMP loops that let exceptions out. An exception leaving a parallel region's block terminates the program
/// (OpenMP: a throw must be caught by the thread that threw, inside the region), so a std::bad_alloc in a worker
/// used to abort the whole run. Every region's body runs under RegionErrors: the first exception is kept, the other
/// iterations are skipped, and it is rethrown on the calling thread once the region has ended.
#pragma once

#include <omp.h>

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <utility>

namespace rodswarm {

class RegionErrors {
 public:
  /// Runs f() unless an earlier call failed; keeps the first exception thrown.
  template <class F>
  void run(F&& f) noexcept {
    if (failed_.load(std::memory_order_relaxed)) return;
    try {
      std::forward<F>(f)();
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex_);
      if (!first_) first_ = std::current_exception();
      failed_.store(true, std::memory_order_relaxed);
    }
  }
  /// Rethrows the first exception, if any (call after the region).
  void rethrow() const {
    if (first_) std::rethrow_exception(first_);
  }

 private:
  std::atomic<bool> failed_{false};
  std::mutex mutex_;
  std::exception_ptr first_;
};

/// body(i) for i in [0, count), over OpenMP threads in dynamic chunks of `chunk` when count > serial_below (a
/// small loop skips the region: its barrier costs more than the work when cores are busy); an exception from any
/// body is rethrown here.
template <class Body>
void parallel_for(std::int64_t count, std::int64_t chunk, std::int64_t serial_below, Body&& body) {
  RegionErrors errors;
#pragma omp parallel for schedule(dynamic, chunk) if (count > serial_below)
  for (std::int64_t i = 0; i < count; ++i) {
    errors.run([&] { body(i); });
  }
  errors.rethrow();
}

}  // namespace rodswarm
