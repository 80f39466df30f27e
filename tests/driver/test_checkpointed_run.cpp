// The checkpointed run (driver/checkpointed_run.hpp): batches of members of different sizes merge into the file a
// single batch writes, and a resumed run reports the throughput of what it integrated itself, not the ensemble's
// work over the resumed part's time (a run that did 1.8e7 bead-steps/s reported 1.3e8 at d3a5c6a).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>

#include "config/config_loader.hpp"
#include "driver/checkpointed_run.hpp"

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

  CheckpointedReport run_batches(const GreenspanJob& job, std::int64_t batch_size, std::int64_t stop_after = -1) {
    CheckpointOptions checkpoint;
    checkpoint.batch_size = batch_size;
    checkpoint.stop_after = stop_after;
    std::ostringstream log;
    return run_checkpointed(job, options_, (dir_ / "out.h5").string(), checkpoint, log);
  }

  std::filesystem::path dir_;
  RunOptions options_;
};

TEST_F(CheckpointedRun, BatchesOfDifferentSizesMergeIntoTheSingleBatchResult) {
  const GreenspanJob job = ensemble_over_n();
  const Results single = run_batches(job, 6).run.results;
  const Results batched = run_batches(job, 2).run.results;
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

}  // namespace
}  // namespace rodswarm
