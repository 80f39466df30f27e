// The CPU member loop (backends/member_loop.hpp) with a team of four threads: never more threads than running
// members (one member runs on the calling thread: at d3a5c6a two threads span a parallel region per save for it,
// 14.5 s instead of 0.02 s with the other core busy), and every thread busy for an ensemble of at least as many
// members as threads (schedule(dynamic, 4) ran a 4-member ensemble on one core). An exception thrown by a member
// (a std::bad_alloc, a failed check) reaches the caller: leaving an OpenMP region with one terminated the program
// (issue 15: validate of params.n = 1e8 aborted with exit 134).
#include <gtest/gtest.h>

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <new>
#include <stdexcept>
#include <mutex>
#include <numeric>
#include <set>
#include <vector>

#include "backends/member_loop.hpp"

namespace rodswarm {
namespace {

class MemberLoop : public ::testing::Test {
 protected:
  void SetUp() override {
    saved_ = omp_get_max_threads();
    omp_set_num_threads(4);
  }
  void TearDown() override { omp_set_num_threads(saved_); }

  /// Runs the loop over `count` members; returns its stats and checks every member ran once, with its own
  /// workspace of `work` values.
  MemberLoopStats run(std::int64_t count, std::set<int>* threads_seen = nullptr) {
    std::vector<std::int64_t> members(static_cast<std::size_t>(count));
    std::iota(members.begin(), members.end(), 0);
    std::vector<int> ran(members.size(), 0);
    std::mutex lock;
    const MemberLoopStats stats = for_each_member<double>(members, 8, [&](std::int64_t i, double* work) {
      std::fill(work, work + 8, double(i));  // a workspace of its own: no other member writes it meanwhile
      for (int k = 0; k < 1000; ++k) work[k % 8] += 1e-3;
      ++ran[static_cast<std::size_t>(i)];
      if (threads_seen != nullptr) {
        const std::lock_guard<std::mutex> guard(lock);
        threads_seen->insert(omp_get_thread_num() + 100 * omp_get_num_threads());
      }
    });
    EXPECT_TRUE(std::all_of(ran.begin(), ran.end(), [](int n) { return n == 1; }));
    return stats;
  }

  int saved_ = 1;
};

TEST_F(MemberLoop, OneMemberRunsOnTheCallingThreadAlone) {
  std::set<int> seen;
  const MemberLoopStats stats = run(1, &seen);
  EXPECT_EQ(stats.threads, 1);
  EXPECT_EQ(stats.busy, 1);
  EXPECT_EQ(seen, (std::set<int>{100}));  // thread 0 of a team of 1: no parallel region
}

TEST_F(MemberLoop, NeverMoreThreadsThanMembers) {
  for (const std::int64_t count : {2, 3}) {
    const MemberLoopStats stats = run(count);
    EXPECT_EQ(stats.threads, count);
    EXPECT_EQ(stats.busy, count);
  }
}

TEST_F(MemberLoop, EveryThreadIsBusyForAsManyMembersAsThreads) {
  for (const std::int64_t count : {4, 5, 8, 31}) {
    SCOPED_TRACE(count);
    const MemberLoopStats stats = run(count);
    EXPECT_EQ(stats.threads, 4);
    EXPECT_EQ(stats.busy, 4);
  }
}

TEST_F(MemberLoop, ManyMembersUseTheWholeTeam) {
  const MemberLoopStats stats = run(5000);
  EXPECT_EQ(stats.threads, 4);
  EXPECT_GE(stats.busy, 1);
}

TEST_F(MemberLoop, AnExceptionInAMemberReachesTheCaller) {
  for (const std::int64_t count : {1, 3, 4, 40, 4000}) {  // no region, round robin, dynamic chunks
    std::vector<std::int64_t> members(static_cast<std::size_t>(count));
    std::iota(members.begin(), members.end(), 0);
    EXPECT_THROW(for_each_member<double>(members, 8,
                                         [&](std::int64_t i, double*) {
                                           if (i == count - 1) throw std::bad_alloc();
                                         }),
                 std::bad_alloc)
        << count;
  }
}

TEST_F(MemberLoop, ParallelForRethrowsTheFirstException) {
  std::vector<int> seen(1000, 0);
  EXPECT_THROW(parallel_for(1000, 16, 64,
                            [&](std::int64_t i) {
                              seen[static_cast<std::size_t>(i)] = 1;
                              if (i == 500) throw std::runtime_error("member 500");
                            }),
               std::runtime_error);
  EXPECT_EQ(seen[500], 1);
  EXPECT_NO_THROW(parallel_for(10, 16, 64, [&](std::int64_t i) { seen[static_cast<std::size_t>(i)] = 2; }));
  EXPECT_EQ(seen[9], 2);
}

}  // namespace
}  // namespace rodswarm
