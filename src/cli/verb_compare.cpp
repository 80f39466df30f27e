/// `rodswarm compare CONFIG`: the first K members on the fast backend and on the independent reference.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <variant>

#include "cli/job_options.hpp"
#include "cli/team_shares.hpp"
#include "cli/verbs.hpp"
#include "driver/stage.hpp"
#include "driver/engine.hpp"

namespace rodswarm::cli {

namespace {

/// Every rank's report on the leader, joined: each field's largest error over the ranks' members, relative to the
/// field's largest reference value over them (recovered from each rank's absolute and relative errors), as one
/// process computes it; the rows come in the same order from every rank (the model's fields). Nothing elsewhere.
std::optional<CompareReport> gather_compare(Team& team, const CompareReport& mine) {
  std::ostringstream text;
  text << mine.members << " " << mine.saves << "\n";
  for (const CompareRow& row : mine.rows) {
    char line[256];
    std::snprintf(line, sizeof line, "%s %.17g %.17g %.17g\n", row.field.c_str(), row.max_abs, row.max_rel,
                  row.tolerance);
    text << line;
  }
  const std::vector<std::string> all = team.gather(text.str());
  if (!team.leader()) return std::nullopt;
  CompareReport joined;
  joined.backend = mine.backend;
  joined.reference = mine.reference;
  std::vector<CompareRow> worst;
  std::vector<double> scale;  // per field: the largest reference value seen, abs / rel of each rank
  for (const std::string& part : all) {
    std::istringstream in(part);
    std::int64_t members = 0, saves = 0;
    in >> members >> saves;
    joined.members += members;
    joined.saves = std::max(joined.saves, saves);
    CompareRow row;
    for (std::size_t k = 0; in >> row.field >> row.max_abs >> row.max_rel >> row.tolerance; ++k) {
      const double reference = row.max_rel > 0 ? row.max_abs / row.max_rel : 0.0;
      if (k == worst.size()) {
        worst.push_back(row);
        scale.push_back(reference);
      } else {
        worst[k].max_abs = std::max(worst[k].max_abs, row.max_abs);
        worst[k].max_rel = std::max(worst[k].max_rel, row.max_rel);
        scale[k] = std::max(scale[k], reference);
      }
    }
  }
  for (std::size_t k = 0; k < worst.size(); ++k) {
    const double rel = scale[k] > 0 ? worst[k].max_abs / scale[k] : worst[k].max_rel;
    joined.add(worst[k].field, worst[k].max_abs, rel, worst[k].tolerance);
  }
  return joined;
}

}  // namespace

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
      const Stage stage("compare " + options->job.config);
      const AnyJob any = options->job.load_any();
      const RunOptions run = options->job.run_options();
      Team& team = Team::world();
      const std::optional<CompareReport> shared = std::visit(
          [&](const auto& job) -> std::optional<CompareReport> {
            // A warning about the config (an unresolved smeared delta) may explain a disagreement: say it first.
            if (team.leader()) {
              for (const auto& w : job.warnings) std::cerr << "rodswarm: warning: " << w << "\n";
            }
            const std::int64_t members = options->members > 0 ? options->members : job.compare.members;
            if (team.size() == 1) return compare(job, run, members);
            // Under mpirun the ranks compare shares of the first K members; the leader takes each field's worst.
            const auto head = head_of(job, members);
            const auto [first, count] = team_share(team, head);
            CompareReport mine;
            if (count > 0) mine = compare(slice_of(head, first, count), run, count);
            return gather_compare(team, mine);
          },
          any);
      if (!shared) return static_cast<int>(exit_ok);  // the leader reports
      const CompareReport& report = *shared;
      std::cout << format_compare(report) << "\n";
      return static_cast<int>(report.ok ? exit_ok : exit_check_failed);
    });
  });
}

}  // namespace rodswarm::cli
