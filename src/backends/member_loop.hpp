/// @file member_loop.hpp
/// The CPU member loop, written once for every model: the members that are still running, spread over OpenMP
/// threads, each thread with its own workspace and denormals flushed. Never more threads than running members
/// (a single member runs on the calling thread, with no parallel region); while there are few members per
/// thread every thread gets its share by a static round robin, so that an ensemble of at least as many members as
/// threads keeps every core busy; many members go in small dynamic chunks (members differ in size and cost).
#pragma once

#include <omp.h>

#include "backends/parallel_for.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#if defined(__SSE__) || defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace rodswarm {

/// Flushes denormal floats to zero on this thread while it lives (x86 MXCSR FTZ and DAZ bits). A float32 run
/// otherwise meets denormals wherever a quantity that should be zero decays by products (|theta|^2 of a rotation
/// increment of 1e-20 rad is below 1e-38): each costs about a hundred cycles, and a float32 ensemble ran five
/// times slower than float64. Values below 1.2e-38 (float) or 2.2e-308 (double) become zero: nothing a rod can
/// measure. GPUs do the same for float32 with -ftz; elsewhere this is a no-op.
class FlushDenormals {
 public:
#if defined(__SSE__) || defined(__x86_64__)
  FlushDenormals() : saved_(_mm_getcsr()) { _mm_setcsr(saved_ | 0x8040u); }
  ~FlushDenormals() { _mm_setcsr(saved_); }
  FlushDenormals(const FlushDenormals&) = delete;
  FlushDenormals& operator=(const FlushDenormals&) = delete;

 private:
  unsigned saved_;
#else
  FlushDenormals() = default;
#endif
};

/// How one pass of the member loop ran: the team's size and how many of its threads advanced a member.
struct MemberLoopStats {
  int threads = 0;
  int busy = 0;
};

/// Members per thread below which the loop deals them out round robin instead of in dynamic chunks.
constexpr std::int64_t round_robin_members_per_thread = 8;

/// Calls body(member, workspace) for every entry of `members`, spread over at most omp_get_max_threads() and at
/// most members.size() threads; each thread owns `workspace_size` values of Real.
template <class Real, class Body>
MemberLoopStats for_each_member(const std::vector<std::int64_t>& members, int workspace_size, Body&& body) {
  const auto count = static_cast<std::int64_t>(members.size());
  MemberLoopStats stats;
  if (count == 0) return stats;
  const int threads = static_cast<int>(std::min<std::int64_t>(std::max(1, omp_get_max_threads()), count));
  const auto work_size = static_cast<std::size_t>(std::max(workspace_size, 0));
  if (threads == 1) {
    const FlushDenormals ftz;
    std::vector<Real> work(work_size);
    for (const std::int64_t i : members) body(i, work.data());
    return {1, 1};
  }
  std::vector<int> advanced(static_cast<std::size_t>(threads), 0);
  RegionErrors errors;  // a throw (a workspace allocation, a body) must not leave the region
  // Dynamic chunks of a sixteenth of a thread's share, at most 16 members: small enough to balance members of
  // unequal cost, large enough that taking a chunk costs nothing next to integrating it.
  const std::int64_t chunk = std::clamp<std::int64_t>(count / (16 * threads), 1, 16);
  const bool round_robin = count <= round_robin_members_per_thread * threads;
#pragma omp parallel num_threads(threads)
  {
    const FlushDenormals ftz;
    std::vector<Real> work;
    errors.run([&] { work.resize(work_size); });
    int& mine = advanced[static_cast<std::size_t>(omp_get_thread_num())];
    if (round_robin) {
#pragma omp for schedule(static, 1)
      for (std::int64_t k = 0; k < count; ++k) {
        errors.run([&] {
          body(members[static_cast<std::size_t>(k)], work.data());
          ++mine;
        });
      }
    } else {
#pragma omp for schedule(dynamic, chunk)
      for (std::int64_t k = 0; k < count; ++k) {
        errors.run([&] {
          body(members[static_cast<std::size_t>(k)], work.data());
          ++mine;
        });
      }
    }
  }
  errors.rethrow();
  stats.threads = threads;
  stats.busy = static_cast<int>(std::count_if(advanced.begin(), advanced.end(), [](int n) { return n > 0; }));
  return stats;
}

}  // namespace rodswarm
