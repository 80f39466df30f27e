/// `rodswarm steady CONFIG`: static equilibrium of each member by Newton, written like `run`.
#include <cstdio>
#include <memory>

#include "cli/job_options.hpp"
#include "cli/verbs.hpp"
#include "driver/greenspan_driver.hpp"
#include "io/results.hpp"

namespace rodswarm::cli {

void add_steady_verb(CLI::App& app, int& exit_code) {
  struct Options {
    JobOptions job;
    std::string out;
  };
  auto options = std::make_shared<Options>();
  CLI::App* verb = app.add_subcommand("steady", "static equilibrium of each member (Newton), written like run");
  options->job.add_to(*verb);
  verb->add_option("--out", options->out, "results file (default: the config's output.path)");
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      GreenspanJob job = options->job.load();
      const std::string path = options->out.empty() ? job.output.path : options->out;
      RunOptions run;
      run.backend = options->job.resolve();
      const RunReport report = steady_greenspan(job, run);
      write_results(path, report.results);
      std::printf("steady: %lld members, %.3f s, %lld not converged -> %s\n", static_cast<long long>(job.size()),
                  report.wall_seconds, static_cast<long long>(report.diverged), path.c_str());
      return report.diverged > 0 ? exit_check_failed : exit_ok;
    });
  });
}

}  // namespace rodswarm::cli
