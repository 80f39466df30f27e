/// @file test_cli_limits.cpp
/// The machine's limits, met as a user meets them: a full disk (a small tmpfs of a private mount namespace) ends a
/// run with exit 3 and a message naming the file system and what was being written, no signal, no half-written
/// OUT, the finished batches kept, and the rerun with room resumes to the plain run's file; the memory budget is
/// the least of the machine's, the cgroup's and the process's limits (ulimit -v), and a run that does not fit is
/// refused up front, exit 2, naming the config file and the keys the estimate grows with.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "../cluster/results_identical.hpp"
#include "cli_fixture.hpp"

namespace rodswarm_test {
namespace {

class Limits : public CliFixture {
 protected:
  /// 20 greenspan members, 201 saves of positions and energy: about 1.1 MiB of results, 4 batches of 5.
  std::string twenty_members() {
    return config_with("sweep.json", [](nlohmann::json& c) {
      c["integrator"]["t_end"] = 2.0;
      c["output"]["save_every"] = 0.01;
      c["output"]["fields"] = {"positions", "energy"};
      c["ensemble"]["vary"] = {{{"params.m", {{"linspace", {0.05, 0.2, 20}}}}}};
    });
  }

  /// Runs `script` (sh) as root of a private mount namespace (unshare -m, or -rm for a user without privileges),
  /// inside the test's directory; false when this machine allows neither.
  bool in_mount_namespace(const std::string& script) {
    std::ofstream(dir_ / "namespace.sh") << "set -u\ncd '" << dir_.string() << "'\n" << script;
    for (const char* how : {"unshare -m", "unshare -rm"}) {
      const std::string probe = std::string(how) + " sh -c 'mount -t tmpfs -o size=64k tmpfs \"" + dir_.string() +
                                "\" && umount \"" + dir_.string() + "\"' >/dev/null 2>&1";
      if (std::system(probe.c_str()) == 0) {
        const std::string cmd = std::string(how) + " sh '" + (dir_ / "namespace.sh").string() + "'";
        return std::system(cmd.c_str()) == 0;
      }
    }
    return false;
  }

  std::string read(const std::string& name) { return slurp(dir_ / name); }

  /// The full-disk run and its rerun: `env` before the first run's command line.
  void fill_the_disk_and_resume(const std::string& env, const std::string& expected) {
    const std::string cfg = twenty_members();
    ASSERT_EQ(rodswarm("run " + cfg + " --backend cpu -q --out plain.h5").code, 0);
    const std::string run =
        std::string("'") + RODSWARM_BINARY + "' run " + cfg + " --backend cpu -q --batch-size 5 --out small/out.h5";
    // 800 KiB: two batch files of 320 KiB fit, the third does not.
    const std::string script = "mkdir small && mount -t tmpfs -o size=800k tmpfs small || exit 1\n" + env + " " + run +
                               " >full.out 2>full.err; echo $? >full.code\n"
                               "ls -A small >full.ls; ls -A small/out.h5.partial >full.partial.ls\n"
                               "mount -o remount,size=16m small || exit 1\n" +
                               run +
                               " >rerun.out 2>rerun.err; echo $? >rerun.code\n"
                               "ls -A small >rerun.ls; cp small/out.h5 resumed.h5\n";
    if (!in_mount_namespace(script)) GTEST_SKIP() << "no private mount namespace here (unshare -m / -rm)";
    EXPECT_EQ(read("full.code"), "3\n") << read("full.err");  // exit 3: no signal (139 before)
    const std::string err = read("full.err");
    EXPECT_NE(err.find("small/out.h5.partial/batch-000002.h5: " + expected + "tmpfs at " + (dir_ / "small").string()),
              std::string::npos)
        << err;
    EXPECT_NE(err.find("the finished batches stay in small/out.h5.partial: free space, then run the same command "
                       "again to resume"),
              std::string::npos)
        << err;
    EXPECT_EQ(err.find("HDF5-DIAG"), std::string::npos) << err;  // one message, not the library's stack
    EXPECT_EQ(read("full.ls"), "out.h5.partial\n");              // no OUT, no temporary, no lock
    EXPECT_EQ(read("full.partial.ls"), "batch-000000.h5\nbatch-000001.h5\nfingerprint.json\n");
    EXPECT_EQ(read("rerun.code"), "0\n") << read("rerun.err");
    EXPECT_NE(read("rerun.err").find("2 of 4 batches were already done"), std::string::npos) << read("rerun.err");
    EXPECT_EQ(read("rerun.ls"), "out.h5\n");
    EXPECT_EQ(differences_text(results_differences((dir_ / "plain.h5").string(), (dir_ / "resumed.h5").string())),
              "identical");
  }
};

TEST_F(Limits, AFullDiskFoundBeforeTheWriteEndsInExit3AndTheRerunResumes) {
  // The writer compares the file's size with the free space before it writes anything.
  fill_the_disk_and_resume("", "not enough space on ");
}

TEST_F(Limits, ADiskFillingDuringTheWriteEndsInExit3AndTheRerunResumes) {
  // Without that check, the write itself meets ENOSPC: libhdf5 then cannot close the file, and its shutdown at
  // exit used to crash on it (SIGSEGV, exit 139).
  fill_the_disk_and_resume("RODSWARM_SKIP_FREE_SPACE_CHECK=1", "no space left on ");
  EXPECT_NE(read("full.err").find("while writing dataset /"), std::string::npos) << read("full.err");
}

TEST_F(Limits, AMemoryRefusalNamesTheFileAndTheKeysItGrowsWith) {
  const std::string cfg = config_with("example1.json", [](nlohmann::json& c) { c["integrator"]["t_end"] = 1e9; });
  const auto run = rodswarm("run " + cfg + " --backend cpu -q");
  EXPECT_EQ(run.code, 2) << run.err;
  EXPECT_NE(run.err.find("c.json: integrator.t_end and output.save_every: the ensemble needs at least"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("saves (integrator.t_end 1e+09 / output.save_every "), std::string::npos) << run.err;
  EXPECT_TRUE(no_results_left());
  const auto validate = rodswarm("validate " + cfg);
  EXPECT_EQ(validate.code, 2);
  EXPECT_NE(validate.err.find("c.json: integrator.t_end and output.save_every: "), std::string::npos) << validate.err;
}

TEST_F(Limits, TheAddressSpaceLimitBoundsTheBudgetAndARunThatDoesNotFitIsRefusedUpFront) {
  // ~1 GiB of address space: about 0.7 GiB left for a run once the binary, its libraries and its threads' stacks and
  // malloc arenas are counted. A sanitizer's build reserves terabytes and cannot start under it at all.
  const std::string limit = "ulimit -v 1000000 && ";
  const auto probe = rodswarm("--version");
  const std::string cmd =
      "cd '" + dir_.string() + "' && " + limit + "'" + RODSWARM_BINARY + "' --version >/dev/null 2>&1";
  if (probe.code != 0 || std::system(cmd.c_str()) != 0) GTEST_SKIP() << "the binary cannot start under ulimit -v";
  const std::string cfg = config_with("sweep.json", [](nlohmann::json& c) { c["integrator"]["t_end"] = 300.0; });
  const auto limited = [&](const std::string& args) { return shell(limit + "'" + RODSWARM_BINARY + "' " + args); };
  const auto validate = limited("validate " + cfg);
  EXPECT_NE(validate.out.find("(what the address-space limit (ulimit -v) leaves)"), std::string::npos)
      << validate.out << validate.err;
  // 10^4 members of 3001 saves: 1.1 GiB of results. Streamed in batches, a run fits in smaller batches ...
  EXPECT_NE(validate.out.find("batches fit memory"), std::string::npos) << validate.out;
  // ... until not even one member's results fit.
  const std::string big = config_with(
      "example1.json", [](nlohmann::json& c) { c["integrator"]["t_end"] = 3e5; }, "big.json");
  const auto refused = limited("run " + big + " --backend cpu -q");
  EXPECT_EQ(refused.code, 2) << refused.err;
  EXPECT_NE(refused.err.find("big.json: integrator.t_end and output.save_every: the ensemble needs at least"),
            std::string::npos)
      << refused.err;
  EXPECT_NE(refused.err.find("(what the address-space limit (ulimit -v) leaves)"), std::string::npos) << refused.err;
  EXPECT_TRUE(no_results_left());
}

}  // namespace
}  // namespace rodswarm_test
