/// @file host_barrier.hpp
/// A barrier for a fixed set of std::threads that also ORs a flag over them, as __syncthreads_or and a warp vote
/// do on the device. C++17 has no std::barrier; a mutex and a condition variable also give ThreadSanitizer the
/// happens-before edges it needs, so that a phase that reads what another thread wrote without a barrier between
/// them is reported as a race. A thread that waits longer than the deadlock limit (a group whose threads made
/// different numbers of barrier calls, which would hang a GPU) aborts the process with a message.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace rodswarm {

class HostBarrier {
 public:
  explicit HostBarrier(int participants) : participants_(participants) {}
  HostBarrier(const HostBarrier&) = delete;
  HostBarrier& operator=(const HostBarrier&) = delete;

  /// Waits until all participants have arrived; returns whether any arrived with `flag` set.
  bool arrive_and_wait_or(bool flag) {
    std::unique_lock<std::mutex> lock(mutex_);
    accumulated_ = accumulated_ || flag;
    const unsigned long generation = generation_;
    if (++arrived_ == participants_) {
      const bool any = accumulated_;
      result_ = any;  // read by the waiters of this generation, before any of them can arrive again
      accumulated_ = false;
      arrived_ = 0;
      ++generation_;
      lock.unlock();
      changed_.notify_all();
      return any;
    }
    if (!changed_.wait_for(lock, deadlock_limit, [&] { return generation_ != generation; })) {
      std::fprintf(stderr,
                   "emulated device: %d of %d threads waited %lld s at a barrier; the others never arrived (threads "
                   "of one group made different numbers of barrier calls: a GPU would hang here)\n",
                   arrived_, participants_, static_cast<long long>(deadlock_limit.count()));
      std::abort();
    }
    return result_;
  }

 private:
  static constexpr std::chrono::seconds deadlock_limit{300};
  std::mutex mutex_;
  std::condition_variable changed_;
  const int participants_;
  int arrived_ = 0;
  bool accumulated_ = false;
  bool result_ = false;
  unsigned long generation_ = 0;
};

}  // namespace rodswarm
