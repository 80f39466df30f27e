/// `rodswarm compare CONFIG`: the first K members on the fast backend and on the independent reference.
#include <iostream>
#include <memory>
#include <variant>

#include "cli/job_options.hpp"
#include "cli/verbs.hpp"
#include "driver/engine.hpp"

namespace rodswarm::cli {

void add_compare_verb(CLI::App& app, int& exit_code) {
  struct Options {
    JobOptions job;
    long long members = 0;
  };
  auto options = std::make_shared<Options>();
  CLI::App* verb = app.add_subcommand(
      "compare", "run K members on the backend and on the independent CPU reference; exit 1 above tolerance");
  options->job.add_to(*verb);
  verb->add_option("--members", options->members, "members to compare (default: the config's compare.members, 4)")
      ->check(CLI::PositiveNumber);
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      const AnyJob any = options->job.load_any();
      const RunOptions run = options->job.run_options();
      const CompareReport report = std::visit(
          [&](const auto& job) {
            // A warning about the config (an unresolved smeared delta) may explain a disagreement: say it first.
            for (const auto& w : job.warnings) std::cerr << "rodswarm: warning: " << w << "\n";
            return compare(job, run, options->members > 0 ? options->members : job.compare.members);
          },
          any);
      std::cout << format_compare(report) << "\n";
      return report.ok ? exit_ok : exit_check_failed;
    });
  });
}

}  // namespace rodswarm::cli
