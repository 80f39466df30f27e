/// `rodswarm merge PARTS... --out FILE`: the parts of `run --shard i/N` joined into one results file.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/verbs.hpp"
#include "driver/stage.hpp"
#include "io/results_merge.hpp"
#include "io/results_target.hpp"

namespace rodswarm::cli {

void add_merge_verb(CLI::App& app, int& exit_code) {
  struct Options {
    std::vector<std::string> parts;
    std::string out;
    bool force = false;
  };
  auto options = std::make_shared<Options>();
  CLI::App* verb = app.add_subcommand(
      "merge", "join the parts written by run --shard i/N into one results file, as a single run writes it");
  verb->add_option("PARTS", options->parts, "the parts (results files of run --shard), in any order")->required();
  verb->add_option("--out", options->out, "the results file to write")->required();
  verb->add_flag("--force", options->force,
                 "replace an existing file that is not a rodswarm results file (a part is never replaced)");
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      // Claimed before reading: a bad path costs nothing, a part is never the output, one writer at a time.
      const ResultsTarget target(options->out, ResultsPathSource{"--out", ""},
                                 ResultsTargetOptions{options->parts, options->force});
      const Stage stage("merging " + std::to_string(options->parts.size()) + " parts into " + options->out);
      const MergeReport report = merge_parts(options->parts, options->out);
      std::printf("merge: %lld parts, %lld members -> %s\n", static_cast<long long>(report.parts),
                  static_cast<long long>(report.members), options->out.c_str());
      return static_cast<int>(exit_ok);
    });
  });
}

}  // namespace rodswarm::cli
