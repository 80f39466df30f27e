/// `rodswarm steady CONFIG`: static equilibrium of each member by Newton, written like `run`.
#include <cstdio>
#include <memory>

#include "cli/job_options.hpp"
#include "cli/verbs.hpp"
#include "driver/cosserat_driver.hpp"
#include "driver/greenspan_driver.hpp"
#include "io/results.hpp"
#include "io/xdmf_writer.hpp"

namespace rodswarm::cli {

void add_steady_verb(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<JobOptions>();
  CLI::App* verb = app.add_subcommand("steady",
                                      "static equilibrium of each member (greenspan: Newton; cosserat: dynamic "
                                      "relaxation stopped on Z_s), written like run");
  options->add_to(*verb);
  options->add_out_to(*verb);
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      const AnyJob any = options->load_any();
      if (std::holds_alternative<RollingJob>(any)) {
        throw ConfigError(options->config, "model",
                          "steady is not defined for model rolling: the strings' only equilibrium is u = v = 0 "
                          "(use run)");
      }
      if (const auto* rods = std::get_if<CosseratJob>(&any)) {
        const std::string path = options->output_path(*rods);
        const RunReport report = steady_cosserat(*rods, options->run_options());
        write_results(path, report.results);
        if (rods->output.xdmf) write_xdmf(path, report.results);
        std::int64_t unconverged = 0;
        for (const auto c : report.results.converged) unconverged += c ? 0 : 1;
        std::printf("steady: %lld members, %.3f s, dynamic relaxation, %lld not converged -> %s\n",
                    static_cast<long long>(rods->size()), report.wall_seconds, static_cast<long long>(unconverged),
                    path.c_str());
        return unconverged > 0 ? exit_check_failed : exit_ok;
      }
      const GreenspanJob job = options->load();
      const std::string path = options->output_path(job);
      const RunReport report = steady_greenspan(job, options->run_options());
      write_results(path, report.results);
      std::printf("steady: %lld members, %.3f s, %lld not converged -> %s\n", static_cast<long long>(job.size()),
                  report.wall_seconds, static_cast<long long>(report.diverged), path.c_str());
      return report.diverged > 0 ? exit_check_failed : exit_ok;
    });
  });
}

}  // namespace rodswarm::cli
