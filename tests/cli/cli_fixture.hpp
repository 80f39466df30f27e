/// @file cli_fixture.hpp
/// A test fixture that runs the rodswarm binary in a fresh directory per test and captures its exit code, stdout
/// and stderr, with what the CLI tests of every model check the same way: a config from a model's example with
/// edits, that no results file was left by a refused run, inspect's JSON, a run refused as bad input, and the
/// warning naming the members whose dt lies outside their scheme's bound.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rodswarm_test {

struct Outcome {
  int code;
  std::string out, err;
};

class CliFixture : public ::testing::Test {
 protected:
  /// `model`: the examples/<model>/ directory config_with reads.
  explicit CliFixture(std::string model = "greenspan") : model_(std::move(model)) {}

  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    // Value-parameterised suites name tests "Prefix/Suite.Name/0": one directory level all the same.
    std::string name =
        "rodswarm_cli_" + std::to_string(::getpid()) + "_" + test->test_suite_name() + "_" + test->name();
    for (char& c : name) c = c == '/' ? '_' : c;
    dir_ = std::filesystem::temp_directory_path() / name;
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  /// Runs `rodswarm ARGS` inside the test's directory; captures stdout, stderr and the exit code.
  Outcome rodswarm(const std::string& args) { return shell("'" + std::string(RODSWARM_BINARY) + "' " + args); }
  /// Runs the shell command line `command` inside the test's directory, captured as rodswarm() is; a process
  /// ended by a signal gives the shell's code, 128 + the signal.
  Outcome shell(const std::string& command) {
    const std::string out = (dir_ / "stdout.txt").string(), err = (dir_ / "stderr.txt").string();
    const std::string cmd =
        "cd '" + dir_.string() + "' && { " + command + "; } >'" + out + "' 2>'" + err + "' </dev/null";
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  }
  static std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  std::filesystem::path examples() const { return std::filesystem::path(RODSWARM_SOURCE_DIR) / "examples" / model_; }
  /// examples/<model>/EXAMPLE written to NAME with output.path "out.h5" and one edit applied.
  std::string config_with(const std::string& example, const std::function<void(nlohmann::json&)>& edit,
                          const std::string& name = "c.json") {
    std::ifstream in(examples() / example);
    nlohmann::json cfg = nlohmann::json::parse(in);
    cfg["output"]["path"] = "out.h5";
    edit(cfg);
    std::ofstream((dir_ / name).string()) << cfg.dump(2);
    return name;
  }

  /// True when no results file (HDF5 or XDMF; finished, temporary or partial) lies in the test's directory.
  bool no_results_left() const {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir_)) {
      const std::string name = entry.path().filename().string();
      if (name.find(".h5") != std::string::npos || name.find(".xdmf") != std::string::npos ||
          name.find("partial") != std::string::npos) {
        ADD_FAILURE() << "left behind: " << entry.path();
        return false;
      }
    }
    return true;
  }

  nlohmann::json inspect(const std::string& args) {
    const auto out = rodswarm("inspect " + args);
    EXPECT_EQ(out.code, 0) << out.err;
    return nlohmann::json::parse(out.out);
  }

  /// `rodswarm VERB ARGS` refused as bad input: exit 2, the file (when given) and the key named, nothing written.
  void expect_refused(const std::string& args, const std::string& file, const std::string& key,
                      const std::string& what = "", const std::string& verb = "run") {
    const std::string options = verb == "run" ? " --backend cpu -q" : verb == "compare" ? " --backend cpu" : "";
    const auto run = rodswarm(verb + " " + args + options);
    EXPECT_EQ(run.code, 2) << args << "\n" << run.out << run.err;
    if (!file.empty()) {
      EXPECT_NE(run.err.find(file + ": "), std::string::npos) << run.err;
    }
    EXPECT_NE(run.err.find(key), std::string::npos) << key << "\n" << run.err;
    if (!what.empty()) {
      EXPECT_NE(run.err.find(what), std::string::npos) << what << "\n" << run.err;
    }
    EXPECT_EQ(run.out.find(verb + ": "), std::string::npos) << run.out;
    EXPECT_TRUE(no_results_left()) << args;
  }

  /// validate and run of `cfg` (4 members; 1 and 3 outside the bound) warn on stderr with `line` and the first
  /// member's numbers starting with `example`; the results flag exactly those members.
  void expect_members_1_and_3_warned(const std::string& cfg, const std::string& line, const std::string& example) {
    const auto validate = rodswarm("validate " + cfg);
    EXPECT_EQ(validate.code, 0) << validate.err;
    EXPECT_NE(validate.err.find(line), std::string::npos) << validate.err;
    EXPECT_EQ(validate.out.find("stability"), std::string::npos) << validate.out;  // on stderr only
    const auto run = rodswarm("run " + cfg + " --backend cpu -q");
    EXPECT_TRUE(run.code == 0 || run.code == 1) << run.code << run.out << run.err;
    EXPECT_NE(run.err.find(line), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("e.g. member 1: " + example), std::string::npos) << run.err;
    EXPECT_EQ(run.out.find("stability"), std::string::npos) << run.out;
    EXPECT_EQ(inspect("out.h5 --json")["stability_warnings"], 2);
    for (int member = 0; member < 4; ++member) {
      EXPECT_EQ(inspect("out.h5 --member " + std::to_string(member) + " --final --json")["stability_warning"],
                member % 2 == 1)
          << member;
    }
  }

  std::string model_;
  std::filesystem::path dir_;
};

/// Of the first two modes of `modes` (inspect --final --json of a modes file), the one that moves node `tip` more
/// in y (a rod's two bending planes share omega_1, so its first two modes may bend in any direction between them).
inline int mode_bending_more_in_y(const nlohmann::json& modes, int tip) {
  return std::fabs(modes["mode_shapes"][0][tip][4].get<double>()) >=
                 std::fabs(modes["mode_shapes"][1][tip][4].get<double>())
             ? 0
             : 1;
}

/// Mode `mode`'s frequency as a run has it (`run`: inspect --member --json with series of positions, nodes 0..tip
/// of equal spacing, node 0 held): the mode's coordinate q(t) = sum_k D_k phi_k y_k(t) (D_k the nodes' Voronoi
/// lengths, phi the mode's y displacements) keeps that mode alone by M-orthogonality, and its upward zero
/// crossings, interpolated, give its period. `rising_at`: a save at which q has risen (the rod is thrown along +y).
struct RunFrequency {
  double omega = 0;
  std::size_t periods = 0;  ///< crossings - 1; 0 when fewer than two crossings were seen (omega then 0)
};
inline RunFrequency run_frequency(const nlohmann::json& modes, int mode, const nlohmann::json& run, int tip,
                                  std::size_t rising_at) {
  auto q = [&](const nlohmann::json& positions) {
    double sum = 0;
    for (int k = 1; k <= tip; ++k)
      sum += (k == tip ? 0.5 : 1.0) * modes["mode_shapes"][mode][k][4].get<double>() * positions[k][1].get<double>();
    return sum;
  };
  std::vector<double> crossings;
  const auto& t = run["time"];
  const auto& series = run["series"]["positions"];
  const double sign = q(series[rising_at]) > 0 ? 1 : -1;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const double a = sign * q(series[k - 1]), b = sign * q(series[k]);
    if (a < 0 && b >= 0) {
      const double ta = t[k - 1].get<double>(), tb = t[k].get<double>();
      crossings.push_back(ta + (tb - ta) * a / (a - b));
    }
  }
  RunFrequency out;
  if (crossings.size() < 2) return out;
  out.periods = crossings.size() - 1;
  out.omega = 2 * M_PI * double(out.periods) / (crossings.back() - crossings.front());
  return out;
}

}  // namespace rodswarm_test
