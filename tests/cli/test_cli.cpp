// The CLI as every model of the registry gets it, each from its first example: unreadable configs and unknown keys
// refused (exit 2, file and key named, no results left), validate's batch plan for a given device memory, every
// --layout honoured or refused by name, and a stopped run resumed to the uninterrupted result.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"
#include "rodswarm/model_list.hpp"  // RODSWARM_MODEL_NAMES, generated from RODSWARM_MODELS

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const char* const kModels[] = {RODSWARM_MODEL_NAMES};

class CliModels : public rodswarm_test::CliFixture, public ::testing::WithParamInterface<const char*> {
 protected:
  CliModels() : CliFixture(GetParam()) {}

  /// The model's first example by name.
  std::string example() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(examples())) {
      if (entry.path().extension() == ".json") names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names.front();
  }
  /// The first example cut to `members` members of 10, 20, ... steps each, saved every 5 steps (the default
  /// fields), without its own ensemble, compare window or analysis (whose intervals may exceed so short a run).
  std::string short_ensemble(int members) {
    return config_with(example(), [members](json& c) {
      const double dt = c["integrator"]["dt"];
      std::vector<double> t_end;
      for (int k = 1; k <= members; ++k) t_end.push_back(10 * k * dt);
      c["integrator"]["t_end"] = t_end.back();
      c["output"]["save_every"] = 5 * dt;
      c["output"].erase("fields");
      c.erase("compare");
      c.erase("analysis");
      c["ensemble"] = {{"mode", "zip"}, {"vary", {{"integrator.t_end", t_end}}}};
    });
  }
};
INSTANTIATE_TEST_SUITE_P(Registry, CliModels, ::testing::ValuesIn(kModels));

TEST_P(CliModels, UnreadableConfigIsRefused) {
  for (const char* verb : {"run", "validate"}) {
    const auto missing = rodswarm(std::string(verb) + " missing.json");
    EXPECT_EQ(missing.code, 2) << missing.out << missing.err;
    EXPECT_NE(missing.err.find("missing.json"), std::string::npos) << missing.err;
  }
  fs::create_directories(dir_ / "adir.json");
  const auto directory = rodswarm("run adir.json --backend cpu --out out.h5");
  EXPECT_EQ(directory.code, 2) << directory.out << directory.err;
  EXPECT_NE(directory.err.find("adir.json"), std::string::npos) << directory.err;
  fs::remove(dir_ / "adir.json");
  std::ofstream((dir_ / "broken.json").string()) << "{\"model\": \"" << GetParam() << "\", \"params\": {";
  expect_refused("broken.json --out out.h5", "broken.json", "");
}

TEST_P(CliModels, UnknownKeysAndBadOverridesAreRefusedByName) {
  // The model's section of numbers: "params", or for rodpair (whose sections are its rods) "rod1".
  std::string section = "params";
  config_with(example(), [&](json& c) { section = c.contains("params") ? "params" : "rod1"; });
  const std::string cfg = config_with(example(), [&](json& c) { c[section]["zzz"] = 1; });
  expect_refused(cfg, cfg, section + ".zzz", "unknown key");
  expect_refused(cfg, cfg, section + ".zzz", "unknown key", "compare");
  expect_refused(config_with(example(), [](json&) {}) + " --set " + section + ".zzz=1", "--set", section + ".zzz");
}

TEST_P(CliModels, ValidatePrintsTheBatchPlanForAGivenDeviceMemory) {
  const std::string cfg = short_ensemble(5);
  const auto resident = rodswarm("validate " + cfg + " --device-memory 1GiB");
  ASSERT_EQ(resident.code, 0) << resident.err;
  EXPECT_NE(resident.out.find("CUDA kernel layouts (auto"), std::string::npos) << resident.out;
  EXPECT_NE(resident.out.find("device plan: budget 1.0 GiB (--device-memory)"), std::string::npos) << resident.out;
  EXPECT_NE(resident.out.find("resident: one batch"), std::string::npos) << resident.out;
  // A budget below one member's needs is said to be too small, not planned.
  const auto tiny = rodswarm("validate " + cfg + " --device-memory 64B");
  ASSERT_EQ(tiny.code, 0) << tiny.err;
  EXPECT_NE(tiny.out.find("device plan: does not fit"), std::string::npos) << tiny.out;
  // Without a device and without a budget validate says how to get one.
  const auto none = rodswarm("validate " + cfg);
  EXPECT_NE(none.out.find("give --device-memory SIZE"), std::string::npos) << none.out;
}

TEST_P(CliModels, EveryLayoutIsHonouredOrRefusedByName) {
  const std::string cfg = short_ensemble(2);
  int honoured = 0;
  for (const std::string layout : {"thread", "warp", "block", "grid"}) {
    SCOPED_TRACE(layout);
    const auto validate = rodswarm("validate " + cfg + " --layout " + layout + " --device-memory 1GiB");
    if (validate.code == 0) {
      ++honoured;
      // Every kernel of the plan runs in the forced layout.
      const std::string prefix = "CUDA kernel layouts (" + layout + ", ";
      const auto at = validate.out.find(prefix);
      ASSERT_NE(at, std::string::npos) << validate.out;
      const std::string kernels = validate.out.substr(at, validate.out.find('\n', at) - at);
      EXPECT_NE(kernels.find("): " + layout + " ("), std::string::npos) << kernels;
      for (const std::string other : {"thread (", "warp (", "block (", "grid ("}) {
        if (other != layout + " (") {
          EXPECT_EQ(kernels.find(other), std::string::npos) << kernels;
        }
      }
      continue;
    }
    // A layout the model's stepper does not offer is refused by validate, run and compare alike.
    const std::string message = "--layout " + layout + ": model " + GetParam() + " runs in the ";
    EXPECT_EQ(validate.code, 2) << validate.out << validate.err;
    EXPECT_NE(validate.err.find(message), std::string::npos) << validate.err;
    expect_refused(cfg + " --layout " + layout, "", message);
    expect_refused(cfg + " --layout " + layout, "", message, "", "compare");
  }
  EXPECT_GE(honoured, 1);
}

// --backend emulated runs the model's GPU code through the binary, on the card --card names; an unknown card is
// refused by name before any work, and no results file is written.
TEST_P(CliModels, TheEmulatedBackendRunsThroughTheBinaryOnTheCardNamed) {
  const std::string cfg = short_ensemble(2);
  const auto run = rodswarm("run " + cfg + " --backend emulated --card l4 --out e.h5");
  EXPECT_EQ(run.code, 0) << run.out << run.err;
  const auto inspect = rodswarm("inspect e.h5");
  EXPECT_NE(inspect.out.find("emulated (NVIDIA L4 (sm_89), layout "), std::string::npos) << inspect.out;
  for (const std::string card : {"v100", "h100:0", "h100:x"}) {
    const auto refused = rodswarm("run " + cfg + " --backend emulated --card " + card + " --out r.h5");
    EXPECT_EQ(refused.code, 2) << card;
    EXPECT_NE(refused.err.find("--card: "), std::string::npos) << refused.err;
    EXPECT_FALSE(fs::exists(dir_ / "r.h5")) << card;
  }
}

TEST_P(CliModels, StoppedRunResumesToTheUninterruptedResult) {
  const std::string cfg = short_ensemble(5);
  ASSERT_EQ(rodswarm("run " + cfg + " --backend cpu -q --out whole.h5 --batch-size 2").code, 0);
  const auto stopped = rodswarm("run " + cfg + " --backend cpu -q --batch-size 2 --stop-after-batches 2");
  EXPECT_EQ(stopped.code, 3) << stopped.out << stopped.err;
  EXPECT_NE(stopped.out.find("stopped with 2 of 3 batches done"), std::string::npos) << stopped.out;
  // Another config must not reuse the finished batches.
  const auto changed = rodswarm("run " + cfg + " --backend cpu -q --batch-size 2 --set output.save_every=0");
  EXPECT_EQ(changed.code, 2) << changed.err;
  EXPECT_NE(changed.err.find("--restart"), std::string::npos) << changed.err;
  // The same command resumes, runs only the last batch, and the result equals the uninterrupted run.
  const auto resumed = rodswarm("run " + cfg + " --backend cpu -q --batch-size 2");
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("2 of 3 batches were already done"), std::string::npos) << resumed.err;
  EXPECT_FALSE(fs::exists(dir_ / "out.h5.partial"));
  for (int member = 0; member < 5; ++member) {
    const std::string args = " --member " + std::to_string(member) + " --json";
    EXPECT_EQ(inspect("whole.h5" + args), inspect("out.h5" + args)) << member;
    EXPECT_EQ(inspect("whole.h5 --final" + args), inspect("out.h5 --final" + args)) << member;
  }
}

}  // namespace
