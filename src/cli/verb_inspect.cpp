/// `rodswarm inspect RESULTS`: what a results file holds, as text or JSON.
#include <iostream>
#include <memory>

#include "cli/verbs.hpp"
#include "io/results.hpp"

namespace rodswarm::cli {

void add_inspect_verb(CLI::App& app, int& exit_code) {
  struct Options {
    std::string path;
    long long member = -1;
    bool final_only = false, json = false;
  };
  auto options = std::make_shared<Options>();
  CLI::App* verb = app.add_subcommand("inspect", "print what a results file holds");
  verb->add_option("RESULTS", options->path, "results file (HDF5)")->required();
  verb->add_option("--member", options->member, "one member's parameters and state")->check(CLI::NonNegativeNumber);
  verb->add_flag("--final", options->final_only, "with --member: the final state only");
  verb->add_flag("--json", options->json, "machine-readable output");
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      std::cout << inspect_text(options->path, options->member, options->final_only, options->json);
      return exit_ok;
    });
  });
}

}  // namespace rodswarm::cli
