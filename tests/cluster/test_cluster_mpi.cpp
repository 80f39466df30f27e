// ctest-labels: mpi
// mpirun -n 1, 2 and 3 against a plain run, for an example of every model: the file is the plain run's, dataset by
// dataset and bit for bit, whatever rank took which batch (issue 20). Then a kill -9 of one rank mid-run: the
// job ends, the finished batches stay, and the same command again integrates only the members no batch file
// holds (counted), names the rank that held each lost batch, and writes the plain run's file.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>

#include "cluster_fixture.hpp"

namespace rodswarm_test {
namespace {

namespace fs = std::filesystem;

class Mpi : public ClusterFixture {};

TEST_F(Mpi, OneTwoAndThreeRanksWriteThePlainRunForEveryModel) {
  for (const auto& e : every_model_example()) {
    SCOPED_TRACE(e.model);
    const Outcome plain = run(e.args, "plain.h5");
    ASSERT_EQ(plain.code, 0) << plain.out << plain.err;
    for (int ranks = 1; ranks <= 3; ++ranks) {
      SCOPED_TRACE(ranks);
      const Outcome o = mpirun(ranks, "run " + source_path(e.args) + " --backend cpu -q --out mpi.h5");
      ASSERT_EQ(o.code, 0) << o.out << o.err;
      if (ranks > 1) {  // every rank reports its share, and together they integrated the whole ensemble
        EXPECT_NE(o.out.find("rank " + std::to_string(ranks - 1) + " of " + std::to_string(ranks)), std::string::npos)
            << o.out;
        EXPECT_NE(o.out.find("(0 of "), std::string::npos) << o.out;
      }
      EXPECT_EQ(differences_text(results_differences(file("plain.h5"), file("mpi.h5"))), "identical");
      ASSERT_EQ(shell("rm -f mpi.h5").code, 0);
    }
    ASSERT_EQ(shell("rm -f plain.h5").code, 0);
  }
}

TEST_F(Mpi, AKilledRankLosesNoFinishedMember) {
  // Cosserat's sweep over 0.1 s: 16 batches of 625 members, a few tenths of a second each on one core.
  const std::string example = "examples/cosserat/sweep.json --set integrator.t_end=0.1";
  const std::string command = "run " + source_path(example) + " --backend cpu -q --out out.h5";
  ASSERT_EQ(run(example, "plain.h5").code, 0);

  // Started in the background; rank 1 is killed once four batches are done and it holds the next.
  const fs::path partial = dir_ / "out.h5.partial", claim = partial / "rank-1.claim";
  Outcome killed;
  std::thread job([&] { killed = mpirun(2, command); });
  const auto batches_done = [&] {
    int n = 0;
    std::error_code ec;
    for (fs::directory_iterator it(partial, ec), end; !ec && it != end; it.increment(ec))
      n += it->path().extension() == ".h5" && it->path().filename().string().rfind("batch-", 0) == 0;
    return n;
  };
  long long pid = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (pid == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (batches_done() < 4 || !fs::exists(claim)) continue;
    std::ifstream in(claim);
    std::string line;
    std::smatch m;
    // Killed only while the batch it names is in flight (its file not yet written), so that the rerun must say so.
    if (std::getline(in, line) &&
        std::regex_search(line, m, std::regex("^rank 1 held batch ([0-9]+) .*process ([0-9]+)$"))) {
      char name[32];
      std::snprintf(name, sizeof name, "batch-%06lld.h5", std::stoll(m[1]));
      if (fs::exists(partial / name)) continue;
      pid = std::stoll(m[2]);
      ASSERT_EQ(::kill(static_cast<pid_t>(pid), SIGKILL), 0);
    }
  }
  job.join();
  ASSERT_NE(pid, 0) << "rank 1 was never seen holding a batch";
  // The job ends; mpirun names the rank, and the leader (stopped by mpirun) the members each rank lost.
  EXPECT_NE(killed.code, 0);
  EXPECT_NE(killed.err.find("rank 1"), std::string::npos) << killed.err;
  EXPECT_TRUE(std::regex_search(killed.err, std::regex("  rank 1 held batch [0-9]+ \\(members [0-9]+ to [0-9]+\\)")))
      << killed.err;
  ASSERT_FALSE(fs::exists(dir_ / "out.h5")) << "the killed job wrote the results file";

  // What survived: the finished batches, by their members.
  long long kept = 0;
  for (const auto& entry : fs::directory_iterator(partial)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("batch-", 0) == 0 && entry.path().extension() == ".h5")
      kept += rodswarm::read_results_header(entry.path().string()).members;
  }
  ASSERT_GE(kept, 4 * 625);

  const Outcome rerun = mpirun(2, command);
  ASSERT_EQ(rerun.code, 0) << rerun.out << rerun.err;
  EXPECT_NE(rerun.out.find("integrated " + std::to_string(10000 - kept) + " of 10000 members in this call"),
            std::string::npos)
      << "kept " << kept << "\n"
      << rerun.out;
  EXPECT_TRUE(std::regex_search(rerun.err, std::regex("ended while rank 1 held batch [0-9]+ \\(members [0-9]+ to")))
      << rerun.err;
  EXPECT_EQ(differences_text(results_differences(file("plain.h5"), file("out.h5"))), "identical");
  EXPECT_FALSE(fs::exists(partial));
}

TEST_F(Mpi, SteadyModesCompareAndBenchShareTheRanks) {
  // steady and modes: each rank a share of the members, the leader joins them into the file one process writes;
  // members of several sizes, so that the shares' own paddings would differ from the file's.
  const std::string strings = config_with_of(
      "greenspan", "example1.json",
      [](nlohmann::json& c) {
        c["ensemble"] = {{"mode", "grid"}, {"vary", {{"params.n", {5, 9, 20, 40, 7}}}}};
      },
      "strings.json");
  const std::string steady = "steady " + strings + " --backend cpu";
  ASSERT_EQ(rodswarm(steady + " --out plain.h5").code, 0);
  const Outcome shared_steady = mpirun(3, steady + " --out mpi.h5");
  ASSERT_EQ(shared_steady.code, 0) << shared_steady.out << shared_steady.err;
  EXPECT_EQ(differences_text(results_differences(file("plain.h5"), file("mpi.h5"))), "identical");

  const std::string cantilevers = config_with_of("se3rod", "cantilever.json", [](nlohmann::json& c) {
    c["ensemble"] = {{"mode", "grid"}, {"vary", {{"params.n", {4, 6, 8, 12, 16}}}}};
  });
  ASSERT_EQ(rodswarm("modes " + cantilevers + " --out modes_plain.h5").code, 0);
  const Outcome shared_modes = mpirun(2, "modes " + cantilevers + " --out modes_mpi.h5");
  ASSERT_EQ(shared_modes.code, 0) << shared_modes.out << shared_modes.err;
  EXPECT_EQ(differences_text(results_differences(file("modes_plain.h5"), file("modes_mpi.h5"))), "identical");
  EXPECT_FALSE(fs::exists(dir_ / "modes_mpi.h5.share-0-of-2")) << "a share was left";

  // compare: the ranks' shares of the first K members give the table one process prints.
  const std::string compare = "compare " + source_path("examples/rodpair/sweep.json") +
                              " --set integrator.t_end=0.005 --backend cpu --members 5";
  const Outcome alone = rodswarm(compare), shared_compare = mpirun(3, compare);
  ASSERT_EQ(alone.code, 0) << alone.err;
  ASSERT_EQ(shared_compare.code, 0) << shared_compare.err;
  const auto table = [](const std::string& out) { return out.substr(out.find("  field")); };
  EXPECT_EQ(table(shared_compare.out), table(alone.out));
  EXPECT_NE(shared_compare.out.find("compare: 5 member(s)"), std::string::npos) << shared_compare.out;

  // bench: every rank runs the suite; the leader adds each rank's bead-steps/s and their sum.
  const Outcome bench = mpirun(2, "bench --model rolling --backend cpu --scale 0.02 --steps-scale 0.1");
  ASSERT_EQ(bench.code, 0) << bench.err;
  EXPECT_NE(bench.out.find("bead-steps/s per rank (2 ranks"), std::string::npos) << bench.out;
  EXPECT_TRUE(std::regex_search(bench.out, std::regex("K=32 rk4 cpu: [0-9.e+]+ [0-9.e+]+  total "))) << bench.out;
}

}  // namespace
}  // namespace rodswarm_test
