/// @file cluster_fixture.hpp
/// The CLI fixture with what the cluster tests share: the examples run from the source tree, a plain run's file
/// to compare against, and mpirun's command line (MPI tests only).
#pragma once

#include <string>

#include "../cli/cli_fixture.hpp"
#include "results_identical.hpp"

namespace rodswarm_test {

class ClusterFixture : public CliFixture {
 protected:
  /// `rodswarm run` of ARGS (an example path relative to the source tree, then options) writing OUT.
  Outcome run(const std::string& args, const std::string& out, const std::string& extra = "") {
    return rodswarm("run " + source_path(args) + " --backend cpu -q --out " + out + " " + extra);
  }
  static std::string source_path(const std::string& args) { return std::string(RODSWARM_SOURCE_DIR) + "/" + args; }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }
  /// examples/MODEL/EXAMPLE with output.path out.h5 and one edit, written to NAME in the test's directory.
  std::string config_with_of(const std::string& model, const std::string& example,
                             const std::function<void(nlohmann::json&)>& edit, const std::string& name = "c.json") {
    std::ifstream in(std::filesystem::path(RODSWARM_SOURCE_DIR) / "examples" / model / example);
    nlohmann::json cfg = nlohmann::json::parse(in);
    cfg["output"]["path"] = "out.h5";
    edit(cfg);
    std::ofstream((dir_ / name).string()) << cfg.dump(2);
    return name;
  }

  /// A shell command run in the test's directory; stdout, stderr and the exit code captured.
  Outcome shell(const std::string& command) {
    const std::string out = (dir_ / "stdout.txt").string(), err = (dir_ / "stderr.txt").string();
    const std::string cmd = "cd '" + dir_.string() + "' && " + command + " >'" + out + "' 2>'" + err + "' </dev/null";
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  }

#ifdef RODSWARM_MPIEXEC
  /// RANKS ranks of rodswarm under mpirun, as root where the tests run as root, oversubscribed (CI has 2 cores),
  /// unbound (each rank then takes its share of the cores), shared memory without cross-memory attach (refused
  /// in containers).
  Outcome mpirun(int ranks, const std::string& args) {
    return shell(
        "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
        "OMPI_MCA_btl_vader_single_copy_mechanism=none '" RODSWARM_MPIEXEC "' -n " +
        std::to_string(ranks) + " --oversubscribe --bind-to none '" + RODSWARM_BINARY + "' " + args);
  }
#endif
};

}  // namespace rodswarm_test
