// The checkpointed run (driver/checkpointed_run.hpp): batches of members of different sizes stream into the file a
// single batch writes, and a resumed run reports the throughput of what it integrated itself, not the ensemble's
// work over the resumed part's time (a run that did 1.8e7 bead-steps/s reported 1.3e8 at d3a5c6a). Faults of
// issue 15: a batch of another run is never merged (a file of two configs), a kill while the checkpoints were being
// removed leaves an OUT the rerun recognises, a kill between creating OUT.partial/ and its fingerprint does not
// block the rerun, and a stopped run resumes in its own batches when memory now asks for smaller ones.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "config/config_loader.hpp"
#include "driver/checkpointed_run.hpp"
#include "io/results.hpp"

namespace rodswarm {
namespace {

/// Greenspan's Example 1 as an ensemble over the bead count: members of 5 to 200 moving beads, 40 steps each.
GreenspanJob ensemble_over_n() {
  return parse_job<greenspan::Model>(nlohmann::json::parse(R"({
    "model": "greenspan",
    "params": {"n": 9, "dx": 0.1, "m": 0.1, "T0": 9.0, "alpha": 0.6, "g": 32.2, "eps": 0.01},
    "initial": {"kind": "triangle", "peak": [0.5, 0.5]},
    "integrator": {"scheme": "rk4", "dt": 0.002, "t_end": 0.08},
    "output": {"save_every": 0.02, "fields": ["positions", "velocities", "energy"]},
    "ensemble": {"mode": "grid", "vary": {"params.n": [5, 9, 40, 200, 7, 12]}}
  })"),
                                     "n.json");
}

class CheckpointedRun : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("rodswarm_checkpoints_" + std::to_string(::getpid()) + "_" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    options_.backend = BackendKind::cpu;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  CheckpointedReport run_batches(const GreenspanJob& job, std::int64_t batch_size, std::int64_t stop_after = -1,
                                 std::int64_t max_batch_size = 0) {
    CheckpointOptions checkpoint;
    checkpoint.batch_size = batch_size;
    checkpoint.stop_after = stop_after;
    checkpoint.max_batch_size = max_batch_size;
    std::ostringstream log;
    return run_checkpointed(job, options_, out(), checkpoint, log);
  }
  std::string out() const { return (dir_ / "out.h5").string(); }
  std::string partial() const { return out() + ".partial"; }

  std::filesystem::path dir_;
  RunOptions options_;
};

TEST_F(CheckpointedRun, BatchesOfDifferentSizesMergeIntoTheSingleBatchResult) {
  const GreenspanJob job = ensemble_over_n();
  run_batches(job, 6);
  const Results single = read_results(out());
  run_batches(job, 2);
  const Results batched = read_results(out());
  EXPECT_FALSE(std::filesystem::exists(partial()));
  ASSERT_EQ(single.max_beads, 202);
  EXPECT_EQ(batched.max_beads, single.max_beads);
  EXPECT_EQ(batched.beads, single.beads);
  ASSERT_EQ(batched.fields.size(), single.fields.size());
  for (std::size_t f = 0; f < single.fields.size(); ++f) {
    SCOPED_TRACE(single.fields[f].name);
    EXPECT_EQ(batched.fields[f].row, single.fields[f].row);
    // NaN padding beyond a member's beads compares unequal to itself: compare the bytes.
    ASSERT_EQ(batched.fields[f].series.size(), single.fields[f].series.size());
    ASSERT_EQ(batched.fields[f].final.size(), single.fields[f].final.size());
    EXPECT_EQ(std::memcmp(batched.fields[f].series.data(), single.fields[f].series.data(),
                          single.fields[f].series.size() * sizeof(double)),
              0);
    EXPECT_EQ(std::memcmp(batched.fields[f].final.data(), single.fields[f].final.data(),
                          single.fields[f].final.size() * sizeof(double)),
              0);
  }
}

TEST_F(CheckpointedRun, AResumedRunReportsOnlyTheWorkItIntegrated) {
  const GreenspanJob job = ensemble_over_n();
  const CheckpointedReport whole = run_batches(job, 6);
  // Every member's bead-steps: its moving beads times its 40 steps.
  EXPECT_DOUBLE_EQ(whole.run.bead_steps, 40.0 * (5 + 9 + 40 + 200 + 7 + 12));

  const CheckpointedReport stopped = run_batches(job, 2, 2);
  EXPECT_FALSE(stopped.complete);
  EXPECT_DOUBLE_EQ(stopped.run.bead_steps, 40.0 * (5 + 9 + 40 + 200));
  const CheckpointedReport resumed = run_batches(job, 2);
  EXPECT_TRUE(resumed.complete);
  EXPECT_EQ(resumed.resumed_batches, 2);
  // Only the last batch (n = 7 and 12) was integrated by this call: its work over its time is the throughput.
  EXPECT_DOUBLE_EQ(resumed.run.bead_steps, 40.0 * (7 + 12));
  EXPECT_GT(resumed.run.wall_seconds, 0.0);
  EXPECT_EQ(resumed.run.results.members, 6);
}

TEST_F(CheckpointedRun, ABatchOfAnotherRunIsNeverMerged) {
  const GreenspanJob job = ensemble_over_n();
  ASSERT_FALSE(run_batches(job, 2, 2).complete);
  // Another config's batch where this run's second one lies (as a concurrent run with the same OUT would leave it).
  GreenspanJob other = ensemble_over_n();
  other.config["params"]["m"] = 0.2;
  CheckpointOptions checkpoint;
  checkpoint.batch_size = 2;
  checkpoint.stop_after = 2;
  std::ostringstream log;
  const std::string elsewhere = (dir_ / "elsewhere.h5").string();
  run_checkpointed(other, options_, elsewhere, checkpoint, log);
  std::filesystem::copy_file(elsewhere + ".partial/batch-000001.h5", partial() + "/batch-000001.h5",
                             std::filesystem::copy_options::overwrite_existing);
  EXPECT_THROW(run_batches(job, 2), std::invalid_argument);
  EXPECT_FALSE(std::filesystem::exists(out()));  // nothing half merged under OUT
}

TEST_F(CheckpointedRun, AKillWhileRemovingTheBatchesLeavesAFileTheRerunRecognises) {
  const GreenspanJob job = ensemble_over_n();
  run_batches(job, 2);
  const Results whole = read_results(out());
  // The state after `mv OUT.partial OUT.partial.done` and a kill during its removal: OUT complete, debris left.
  std::filesystem::create_directories(out() + ".partial.done");
  std::ofstream(out() + ".partial.done/batch-000002.h5") << "half removed";
  const CheckpointedReport again = run_batches(job, 2);
  EXPECT_TRUE(again.already_complete);
  EXPECT_EQ(again.run.bead_steps, 0.0);  // nothing integrated
  EXPECT_EQ(again.run.diverged, 0);
  EXPECT_FALSE(std::filesystem::exists(out() + ".partial.done"));
  EXPECT_EQ(read_results(out()).created, whole.created);  // the same file, not a rewritten one

  // Leftovers next to the OUT of another config are only removed: that run starts from scratch.
  std::filesystem::create_directories(out() + ".partial.done");
  GreenspanJob other = ensemble_over_n();
  other.config["params"]["m"] = 0.2;
  CheckpointOptions checkpoint;
  checkpoint.batch_size = 2;
  std::ostringstream log;
  const CheckpointedReport fresh = run_checkpointed(other, options_, out(), checkpoint, log);
  EXPECT_FALSE(fresh.already_complete);
  EXPECT_GT(fresh.run.bead_steps, 0.0);
  EXPECT_FALSE(std::filesystem::exists(out() + ".partial.done"));
}

TEST_F(CheckpointedRun, ACheckpointDirectoryWithoutItsFingerprintDoesNotBlockTheRerun) {
  // Killed between creating OUT.partial/ and writing its fingerprint (the fingerprint is written whole, by rename).
  std::filesystem::create_directories(partial());
  std::ofstream(partial() + "/fingerprint.json.tmp.12345") << "{\"conf";
  const GreenspanJob job = ensemble_over_n();
  EXPECT_TRUE(run_batches(job, 2).complete);
  EXPECT_TRUE(std::filesystem::exists(out()));
}

TEST_F(CheckpointedRun, AStoppedRunResumesInItsOwnBatchesWhileTheyFit) {
  const GreenspanJob job = ensemble_over_n();
  run_batches(job, 6);
  const Results single = read_results(out());
  std::filesystem::remove(out());
  // Started with batches of 4 (memory then bound them), stopped after one; memory now allows 5: resumed in 4s.
  EXPECT_FALSE(run_batches(job, 0, 1, 4).complete);
  const CheckpointedReport resumed = run_batches(job, 0, -1, 5);
  EXPECT_EQ(resumed.resumed_batches, 1);
  EXPECT_EQ(resumed.batches, 2);
  const Results batched = read_results(out());
  for (std::size_t f = 0; f < single.fields.size(); ++f) {
    ASSERT_EQ(batched.fields[f].final.size(), single.fields[f].final.size());
    EXPECT_EQ(std::memcmp(batched.fields[f].final.data(), single.fields[f].final.data(),
                          single.fields[f].final.size() * sizeof(double)),
              0);
  }
  // Memory now below the stored batches: they cannot be reused under this bound, so the run says so.
  std::filesystem::remove(out());
  EXPECT_FALSE(run_batches(job, 0, 1, 4).complete);
  EXPECT_THROW(run_batches(job, 0, -1, 3), std::invalid_argument);
}

}  // namespace
}  // namespace rodswarm
