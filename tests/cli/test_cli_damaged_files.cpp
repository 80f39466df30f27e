/// @file test_cli_damaged_files.cpp
/// Damaged files end to end: a byte changed in a part, a batch file or a results file is found by every reader and
/// named (the file and the dataset or attribute), as bad input (exit 2): merge refuses the part and writes nothing,
/// inspect refuses the file, a resume integrates a damaged batch again and ends with the plain run's file. And
/// merge's refusals of parts that are intact but do not fit say which part and what differs.
#include <gtest/gtest.h>
#include <hdf5.h>

#include <filesystem>
#include <string>

#include "../cluster/results_identical.hpp"
#include "../io/file_damage.hpp"
#include "cli_fixture.hpp"
#include "io/h5_data.hpp"
#include "io/h5_handles.hpp"

namespace rodswarm_test {
namespace {

class DamagedFiles : public CliFixture {
 protected:
  /// 20 greenspan members, 6 saves of positions and energy; the plain run and its three shards.
  void SetUp() override {
    CliFixture::SetUp();
    cfg_ = config_with("sweep.json", [](nlohmann::json& c) {
      c["integrator"]["t_end"] = 0.5;
      c["output"]["save_every"] = 0.1;
      c["output"]["fields"] = {"positions", "energy"};
      c["ensemble"]["vary"] = {{{"params.m", {{"linspace", {0.05, 0.2, 20}}}}}};
    });
    ASSERT_EQ(rodswarm("run " + cfg_ + " --backend cpu -q --out plain.h5").code, 0);
    for (int i = 0; i < 3; ++i) {
      ASSERT_EQ(rodswarm("run " + cfg_ + " --backend cpu -q --out p.h5 --shard " + std::to_string(i) + "/3").code, 0);
    }
  }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }

  /// merge of the three shards refused as bad input, naming `part` and `what`; nothing written.
  void expect_merge_refused(const std::string& part, const std::string& what) {
    const auto merged = rodswarm("merge p.part-0-of-3.h5 p.part-1-of-3.h5 p.part-2-of-3.h5 --out m.h5");
    EXPECT_EQ(merged.code, 2) << merged.err;
    EXPECT_NE(merged.err.find(part), std::string::npos) << merged.err;
    EXPECT_NE(merged.err.find(what), std::string::npos) << merged.err;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "m.h5"));
  }

  std::string cfg_;
};

TEST_F(DamagedFiles, ABytePartOfADatasetIsNamedByMergeAndInspect) {
  damage_first_chunk(file("p.part-1-of-3.h5"), "/series/positions");
  const std::string named =
      "p.part-1-of-3.h5: cannot read dataset /series/positions: damaged: its data do not match "
      "their checksum (Fletcher32)";
  expect_merge_refused(named, "rodswarm: error: ");
  for (const char* args : {" ", " --json", " --member 0 --json"}) {
    const auto inspected = rodswarm(std::string("inspect p.part-1-of-3.h5") + args);
    EXPECT_EQ(inspected.code, 2) << args << inspected.err;
    EXPECT_NE(inspected.err.find(named), std::string::npos) << inspected.err;
  }
}

TEST_F(DamagedFiles, AByteOfTheConfigAttributeIsNamed) {
  // The config's text lives in HDF5's global heap: covered by the object's string_checksums.
  xor_byte(file("p.part-0-of-3.h5"), offset_of(file("p.part-0-of-3.h5"), "\"t_end\":0.5") + 9, 0x01);
  expect_merge_refused("p.part-0-of-3.h5: attribute config of /: damaged", "checksum");
}

TEST_F(DamagedFiles, AResumeIntegratesADamagedBatchAgain) {
  const std::string run = "run " + cfg_ + " --backend cpu -q --batch-size 5 --out out.h5";
  ASSERT_EQ(rodswarm(run + " --stop-after-batches 3").code, 3);  // stopped: 3 of 4 batches
  damage_first_chunk(file("out.h5.partial/batch-000001.h5"), "/final/positions");
  const auto resumed = rodswarm(run);
  EXPECT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("out.h5.partial/batch-000001.h5: cannot read dataset /final/positions: damaged"),
            std::string::npos)
      << resumed.err;
  EXPECT_NE(resumed.err.find(": integrating its members again"), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find("2 of 4 batches were already done"), std::string::npos) << resumed.err;
  EXPECT_EQ(differences_text(results_differences(file("plain.h5"), file("out.h5"))), "identical");
  EXPECT_FALSE(std::filesystem::exists(dir_ / "out.h5.partial"));
}

TEST_F(DamagedFiles, ADamagedFinishedFileIsNotTakenForComplete) {
  // A run stopped after OUT was written, while its batches were being removed, leaves OUT.partial.done/: the rerun
  // takes OUT as complete only when it reads whole.
  const std::string run = "run " + cfg_ + " --backend cpu -q --batch-size 5 --out out.h5";
  ASSERT_EQ(rodswarm(run).code, 0);
  std::filesystem::create_directory(dir_ / "out.h5.partial.done");
  damage_first_chunk(file("out.h5"), "/series/energy");
  const auto rerun = rodswarm(run);
  EXPECT_EQ(rerun.code, 0) << rerun.err;
  EXPECT_EQ(rerun.out.find("already holds"), std::string::npos) << rerun.out;
  EXPECT_EQ(differences_text(results_differences(file("plain.h5"), file("out.h5"))), "identical");
}

TEST_F(DamagedFiles, APartOfAnotherEnsembleSaysWhatDiffers) {
  // Edited consistently (its checksums follow the edit): the part is intact, and of another run.
  {
    const rodswarm::h5::ErrorSilencer silence;
    rodswarm::h5::Handle part(H5Fopen(file("p.part-1-of-3.h5").c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    ASSERT_TRUE(part);
    ASSERT_GE(H5Adelete(part.get(), "part"), 0);
    rodswarm::h5::write_string_attribute(part.get(), "part",
                                         R"({"ensemble_members":30,"first_member":7,"shard":"1/3"})");
  }
  expect_merge_refused("p.part-1-of-3.h5 is a part of another run than p.part-0-of-3.h5",
                       "(an ensemble of 30 members against 20 in its attribute part)");
}

TEST_F(DamagedFiles, APartThatSavesOtherArraysIsRefusedNamingIt) {
  // Before, the first part's arrays decided the file's: a part without /series/energy first lost everyone's.
  {
    const rodswarm::h5::ErrorSilencer silence;
    rodswarm::h5::Handle part(H5Fopen(file("p.part-0-of-3.h5").c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    ASSERT_TRUE(part);
    ASSERT_GE(H5Ldelete(part.get(), "/series/energy", H5P_DEFAULT), 0);
  }
  expect_merge_refused("p.part-1-of-3.h5: a part differs from the first in its saved arrays",
                       "(the first part: p.part-0-of-3.h5)");
}

}  // namespace
}  // namespace rodswarm_test
