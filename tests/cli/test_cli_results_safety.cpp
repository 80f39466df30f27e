// What issue 15 found broken at d3a5c6a, each reproduced through the binary: results written over the config or
// over a file that is not results, work lost at the end for a missing directory, two runs writing one OUT, the
// debris of a killed run, hostile configs (deep nesting, NUL bytes, 1e999, a 5 MB key), ensembles larger than the
// host's memory, and inspect --final without the final velocities. Greenspan's Example 1 throughout: the checks are
// the engine's, the same for every model.
#include <gtest/gtest.h>
#include <sys/file.h>
#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class CliResultsSafety : public rodswarm_test::CliFixture {
 protected:
  /// Example 1 as a 6-member ensemble over m, a few hundred steps.
  std::string ensemble() {
    return config_with("example1.json", [](json& c) {
      c["integrator"]["t_end"] = 0.5;
      c["ensemble"] = {{"mode", "grid"}, {"vary", {{"params.m", {{"linspace", {0.05, 0.2, 6}}}}}}};
    });
  }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return name;
  }
  bool exists(const std::string& name) const { return fs::exists(dir_ / name); }
};

TEST_F(CliResultsSafety, TheConfigIsNeverTheResultsFile) {
  const std::string cfg = ensemble();
  const std::string before = slurp(dir_ / cfg);
  for (const char* force : {"", " --force"}) {
    const auto run = rodswarm("run " + cfg + " --out " + cfg + " --backend cpu -q" + force);
    EXPECT_EQ(run.code, 2) << run.out << run.err;
    EXPECT_NE(run.err.find("--out: c.json is the input c.json"), std::string::npos) << run.err;
  }
  EXPECT_EQ(slurp(dir_ / cfg), before);
}

TEST_F(CliResultsSafety, AFileThatIsNotResultsIsReplacedOnlyWithForce) {
  fs::create_directories(dir_ / "other");
  write("other/notes.txt", "a week of notes\n");
  const std::string cfg = config_with("example1.json", [](json& c) { c["output"]["path"] = "other/notes.txt"; });
  const auto refused = rodswarm("run " + cfg + " --backend cpu -q");
  EXPECT_EQ(refused.code, 2) << refused.out << refused.err;
  EXPECT_NE(refused.err.find("c.json: output.path: other/notes.txt exists and is not a rodswarm results file"),
            std::string::npos)
      << refused.err;
  EXPECT_EQ(slurp(dir_ / "other/notes.txt"), "a week of notes\n");
  // validate says where results would go, and refuses the same path.
  const auto validate = rodswarm("validate " + cfg);
  EXPECT_EQ(validate.code, 2) << validate.out;
  const auto forced = rodswarm("run " + cfg + " --backend cpu -q --force");
  EXPECT_EQ(forced.code, 0) << forced.err;
  EXPECT_EQ(inspect("other/notes.txt --json")["members"], 1);
  // A results file is replaced by the next run, as always.
  EXPECT_EQ(rodswarm("run " + cfg + " --backend cpu -q").code, 0);
}

TEST_F(CliResultsSafety, ValidateNamesWhereTheResultsGo) {
  const std::string cfg = ensemble();
  const auto fresh = rodswarm("validate " + cfg);
  EXPECT_EQ(fresh.code, 0) << fresh.err;
  EXPECT_NE(fresh.out.find("results: out.h5 (a new file)"), std::string::npos) << fresh.out;
  ASSERT_EQ(rodswarm("run " + cfg + " --backend cpu -q").code, 0);
  const auto again = rodswarm("validate " + cfg + " --out out.h5");
  EXPECT_NE(again.out.find("results: out.h5 (replaces the rodswarm results file there)"), std::string::npos)
      << again.out;
}

TEST_F(CliResultsSafety, AMissingDirectoryIsRefusedBeforeAnyWork) {
  const std::string cfg = ensemble();
  for (const char* batch : {"", " --batch-size 1"}) {  // one batch, and checkpointed batches
    const auto run = rodswarm("run " + cfg + " --out nodir/x.h5 --backend cpu -q" + std::string(batch));
    EXPECT_EQ(run.code, 2) << run.out << run.err;
    EXPECT_NE(run.err.find("--out: directory nodir of nodir/x.h5 does not exist"), std::string::npos) << run.err;
    EXPECT_EQ(run.out.find("run: "), std::string::npos) << run.out;  // refused before integrating
    EXPECT_FALSE(exists("nodir"));                                   // and no directory made up
  }
  const auto validate = rodswarm("validate " + cfg + " --out nodir/x.h5");
  EXPECT_EQ(validate.code, 2) << validate.out;
  const auto empty = rodswarm("run " + cfg + " --out '' --backend cpu -q");
  EXPECT_EQ(empty.code, 2) << empty.out << empty.err;
  EXPECT_NE(empty.err.find("--out: the results path is empty"), std::string::npos) << empty.err;
  EXPECT_TRUE(no_results_left());
}

TEST_F(CliResultsSafety, OneRunAtATimeWritesAResultsFile) {
  const std::string cfg = ensemble();
  // Another run holds the lock (here: this test, as the holder writes it).
  const int fd = ::open((dir_ / "out.h5.lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
  const std::string holder = "pid 4242 on host testhost, since 2026-11-26T10:00:00Z\n";
  ASSERT_EQ(::write(fd, holder.data(), holder.size()), static_cast<ssize_t>(holder.size()));
  for (const char* batch : {"", " --batch-size 2"}) {
    const auto second = rodswarm("run " + cfg + " --backend cpu -q" + std::string(batch));
    EXPECT_EQ(second.code, 2) << second.out << second.err;
    EXPECT_NE(second.err.find("out.h5 is being written by another rodswarm run (pid 4242 on host testhost"),
              std::string::npos)
        << second.err;
    EXPECT_FALSE(exists("out.h5"));
    EXPECT_FALSE(exists("out.h5.partial"));
  }
  ::close(fd);  // the holder is gone: the lock is free, whatever its file says
  const auto run = rodswarm("run " + cfg + " --backend cpu -q --batch-size 2");
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_FALSE(exists("out.h5.lock"));  // removed by the run that held it
}

TEST_F(CliResultsSafety, TheDebrisOfAKilledRunIsRemoved) {
  const std::string cfg = ensemble();
  // What kill -9 leaves: a final file half written, a batch half written, a lock file nobody holds.
  write("out.h5.tmp.99999", "half a file");
  fs::create_directories(dir_ / "out.h5.partial");
  write("out.h5.partial/batch-000001.h5.tmp.99998", "half a batch");
  write("out.h5.lock", "pid 99999 on host gone\n");
  write("out.h5.tmp.notapid", "not ours");  // only OUT.tmp.<digits> is a rodswarm temporary
  const auto run = rodswarm("run " + cfg + " --backend cpu -q --batch-size 2");
  EXPECT_EQ(run.code, 0) << run.err;
  for (const auto& entry : fs::recursive_directory_iterator(dir_)) {
    const std::string name = entry.path().filename().string();
    if (name == "c.json" || name == "out.h5" || name == "out.h5.tmp.notapid" || name == "stdout.txt" ||
        name == "stderr.txt")
      continue;
    ADD_FAILURE() << "left behind: " << entry.path();
  }
}

TEST_F(CliResultsSafety, HostileConfigsAreRefusedByName) {
  std::string deep = R"({"model": "greenspan", "params": {"m": )";
  for (int k = 0; k < 100000; ++k) deep += R"({"a": )";
  deep += "1";
  deep += std::string(100000, '}');
  deep += "}}";
  expect_refused(write("deep.json", deep), "deep.json", "params.m.a.a", "nested deeper than 32 levels", "validate");
  expect_refused(ensemble() + " --set 'params.m=" + std::string(40, '[') + std::string(40, ']') + "'", "--set",
                 "params.m", "nested deeper", "validate");

  const std::string example = slurp(examples() / "example1.json");
  expect_refused(write("nul.json", example + std::string(1, '\0') + "trailing"), "nul.json", "", "a NUL byte at line",
                 "validate");
  std::string nul_key = example;
  nul_key.replace(nul_key.find("\"params\""), 8, std::string("\"par\0ams\"", 9));
  expect_refused(write("nulkey.json", nul_key), "nulkey.json", "", "a NUL byte", "validate");

  std::string overflow = example;
  overflow.replace(overflow.find("\"t_end\": 10.0"), 13, "\"t_end\": 1e999");
  expect_refused(write("overflow.json", overflow), "overflow.json", "integrator.t_end", "1e999", "validate");
  expect_refused(ensemble() + " --set params.m=1e999", "--set", "params.m", "1e999", "validate");

  // A member of 10^8 beads: refused by its size before it is built (at d3a5c6a: 110 s, then an abort).
  expect_refused(ensemble() + " --set params.n=100000000", "--set", "params.n", "from 1 to 1048576", "validate");

  const std::string key(5'000'000, 'k');
  const auto long_key = rodswarm("validate " + write("long.json", R"({"model": "greenspan", ")" + key + R"(": 1})"));
  EXPECT_EQ(long_key.code, 2);
  EXPECT_NE(long_key.err.find("(5000000 bytes in all): unknown key"), std::string::npos);
  EXPECT_LT(long_key.err.size(), 2000u) << "the key is echoed, not cut";
}

TEST_F(CliResultsSafety, AnEnsembleBeyondTheHostsMemoryIsRefusedBeforeItIsBuilt) {
  // 10^9 members: refused from the ensemble's shape (building them would take hundreds of GiB).
  const std::string huge = config_with("example1.json", [](json& c) {
    c["ensemble"] = {
        {"mode", "grid"},
        {"vary",
         {{"params.m", {{"linspace", {0.05, 0.2, 100000}}}}, {"params.alpha", {{"linspace", {0.1, 1.0, 10000}}}}}}};
  });
  for (const std::string verb : {"validate", "run --backend cpu -q", "steady --backend cpu"}) {
    const auto refused = rodswarm(verb + " " + huge);
    EXPECT_EQ(refused.code, 2) << verb << refused.out << refused.err;
    EXPECT_NE(refused.err.find("of memory (state "), std::string::npos) << verb << refused.err;
    EXPECT_NE(refused.err.find("more than the"), std::string::npos) << verb << refused.err;
  }
  // 10^4 members of a million beads: the sample is a few of them (a sample of 4096 took minutes: found by fuzzing).
  const std::string heavy = config_with("example1.json", [](json& c) {
    c["params"]["n"] = 1000000;
    c["ensemble"] = {{"mode", "grid"}, {"vary", {{"params.m", {{"linspace", {0.05, 0.2, 10000}}}}}}};
  });
  const auto heavy_run = rodswarm("validate " + heavy);
  EXPECT_EQ(heavy_run.code, 2) << heavy_run.out << heavy_run.err;
  EXPECT_NE(heavy_run.err.find("of memory (state "), std::string::npos) << heavy_run.err;
  // 10^7 members validate from a sample, and say so.
  const std::string large = config_with("example1.json", [](json& c) {
    c["ensemble"] = {
        {"mode", "grid"},
        {"vary",
         {{"params.m", {{"linspace", {0.05, 0.2, 100000}}}}, {"params.alpha", {{"linspace", {0.1, 1.0, 100}}}}}}};
  });
  const auto validate = rodswarm("validate " + large);
  EXPECT_EQ(validate.code, 0) << validate.err;
  EXPECT_NE(validate.out.find("members: 10000000"), std::string::npos) << validate.out;
  EXPECT_NE(validate.out.find("a sample of 4096 members"), std::string::npos) << validate.out;
  EXPECT_TRUE(no_results_left());
}

TEST_F(CliResultsSafety, ResultsBeyondTheHostsMemoryStreamToTheFileInBatches) {
  const std::string cfg = config_with("example1.json", [](json& c) {
    c["integrator"]["t_end"] = 0.5;
    c["output"]["save_every"] = 0.02;
    c["ensemble"] = {{"mode", "grid"}, {"vary", {{"params.m", {{"linspace", {0.05, 0.2, 64}}}}}}};
  });
  ASSERT_EQ(rodswarm("run " + cfg + " --backend cpu -q --out whole.h5").code, 0);
  // Results of about 1 MiB under a budget of 400 KiB: 6 batches of 12 members.
  const auto small = rodswarm("validate " + cfg + " --host-memory 400KiB");
  EXPECT_NE(small.out.find("batches fit memory"), std::string::npos) << small.out << small.err;
  const auto batched = rodswarm("run " + cfg + " --backend cpu -q --host-memory 400KiB");
  ASSERT_EQ(batched.code, 0) << batched.err;
  for (int member : {0, 31, 63}) {
    const std::string args = " --member " + std::to_string(member) + " --json";
    EXPECT_EQ(inspect("whole.h5" + args), inspect("out.h5" + args)) << member;
  }
  const auto tiny = rodswarm("run " + cfg + " --backend cpu -q --host-memory 10KiB --out tiny.h5");
  EXPECT_EQ(tiny.code, 2) << tiny.err;
  EXPECT_NE(tiny.err.find("(--host-memory)"), std::string::npos) << tiny.err;
  EXPECT_FALSE(exists("tiny.h5"));
}

TEST_F(CliResultsSafety, InspectFinalHasTheFinalVelocities) {
  const std::string cfg = config_with("example1.json", [](json& c) {
    c["integrator"]["t_end"] = 0.1;
    c["output"]["fields"] = {"positions", "velocities", "energy"};
  });
  ASSERT_EQ(rodswarm("run " + cfg + " --backend cpu -q").code, 0);
  const json final = inspect("out.h5 --member 0 --final --json");
  ASSERT_TRUE(final.contains("velocities")) << final.dump();
  EXPECT_EQ(final["velocities"].size(), final["positions"].size());
}

}  // namespace
