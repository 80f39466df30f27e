/// @file main.cpp
/// `rodswarm`: one binary, eight verbs (PRODUCT.md).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "cli/verbs.hpp"
#include "cluster/team.hpp"
#include "io/h5_exit.hpp"
#include "rodswarm/version.hpp"

namespace {
/// MPI_Finalize on every way out of main, where an MPI launcher started the process (cluster/team.hpp).
struct TeamScope {
  ~TeamScope() { rodswarm::end_team(); }
};
}  // namespace

namespace {

int run_verbs(int argc, char** argv) {
  const TeamScope team_scope;
  CLI::App app{"rodswarm: ensembles of discrete elastic rods and strings, on GPUs and all CPU cores"};
  app.set_version_flag("--version", std::string("rodswarm ") + rodswarm::version);
  app.require_subcommand(1);
  int exit_code = rodswarm::cli::exit_ok;
  rodswarm::cli::add_run_verb(app, exit_code);
  rodswarm::cli::add_compare_verb(app, exit_code);
  rodswarm::cli::add_steady_verb(app, exit_code);
  rodswarm::cli::add_modes_verb(app, exit_code);
  rodswarm::cli::add_validate_verb(app, exit_code);
  rodswarm::cli::add_inspect_verb(app, exit_code);
  rodswarm::cli::add_merge_verb(app, exit_code);
  rodswarm::cli::add_params_verb(app, exit_code);
  rodswarm::cli::add_bench_verb(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 returns its own codes (0 for --help); every real usage error is our "bad usage", 2.
    const int code = app.exit(e);
    return code == 0 ? 0 : rodswarm::cli::exit_bad_input;
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    rodswarm::start_team(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "rodswarm: error: " << e.what() << "\n";
    return rodswarm::cli::exit_bad_input;
  }
  const int code = run_verbs(argc, argv);
  if (rodswarm::hdf5_close_failed()) {
    // A file the library could not close (a full disk): its shutdown at exit would crash on it (io/h5_exit.hpp).
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    std::_Exit(code);
  }
  return code;
}
