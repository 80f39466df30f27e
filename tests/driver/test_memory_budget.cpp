/// @file test_memory_budget.cpp
/// The memory cgroup's share of the host memory budget (driver/memory_plan.hpp), read from a cgroup tree written
/// here: its limit less its use, the page cache not counted. A machine that has just built or read gigabytes has
/// its cgroup's use near the limit in page cache, which the kernel gives back on demand; counted as used, it
/// refused or needlessly batched every run on such a machine.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "driver/memory_plan.hpp"

namespace rodswarm {
namespace {

namespace fs = std::filesystem;
constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

class CgroupRoom : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("rodswarm-cgroup-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  void write(const std::string& relative, const std::string& text) {
    fs::create_directories((root_ / relative).parent_path());
    std::ofstream(root_ / relative) << text;
  }
  double room() { return cgroup_memory_room(root_.string(), (root_ / "self_cgroup").string()); }

  fs::path root_;
};

TEST_F(CgroupRoom, V2CountsTheLimitLessTheUseLessThePageCache) {
  write("self_cgroup", "0::/ci/job\n");
  write("ci/job/memory.max", "25769803776\n");      // 24 GiB
  write("ci/job/memory.current", "25232932864\n");  // 23.5 GiB, of which 20 GiB of files read and written
  write("ci/job/memory.stat",
        "anon 3221225472\nfile 21474836480\nshmem 0\nactive_file 8589934592\n"
        "inactive_file 12884901888\nunevictable 0\n");
  EXPECT_DOUBLE_EQ(room(), 24 * GiB - 3.5 * GiB);
}

TEST_F(CgroupRoom, V2SharedMemoryStaysCounted) {
  // tmpfs pages are swap-backed: in "file" and "shmem", not in the file LRU lists, and not reclaimable.
  write("self_cgroup", "0::/\n");
  write("memory.max", "4294967296\n");      // 4 GiB
  write("memory.current", "3221225472\n");  // 3 GiB: 2 GiB on a tmpfs, 1 GiB of page cache
  write("memory.stat", "file 3221225472\nshmem 2147483648\nactive_file 0\ninactive_file 1073741824\n");
  EXPECT_DOUBLE_EQ(room(), 2 * GiB);
}

TEST_F(CgroupRoom, V2WithoutALimitOrWithoutItsStat) {
  write("self_cgroup", "0::/\n");
  write("memory.max", "max\n");
  write("memory.current", "1073741824\n");
  EXPECT_LT(room(), 0);  // no limit: no bound from the cgroup
  write("memory.max", "2147483648\n");
  EXPECT_DOUBLE_EQ(room(), 1 * GiB);  // no memory.stat: the use counted whole, as before
}

TEST_F(CgroupRoom, V1CountsTheHierarchysPageCache) {
  write("self_cgroup", "4:memory:/job\n1:cpu,cpuacct:/\n");
  write("memory/job/memory.limit_in_bytes", "8589934592\n");  // 8 GiB
  write("memory/job/memory.usage_in_bytes", "8455716864\n");  // 7.875 GiB
  write("memory/job/memory.stat",
        "cache 7516192768\nactive_file 1\ninactive_file 1\n"
        "total_active_file 3221225472\ntotal_inactive_file 4294967296\n");
  EXPECT_DOUBLE_EQ(room(), 8 * GiB - 0.875 * GiB);
  write("memory/job/memory.limit_in_bytes", "9223372036854771712\n");  // v1's "no limit"
  EXPECT_LT(room(), 0);
}

}  // namespace
}  // namespace rodswarm
