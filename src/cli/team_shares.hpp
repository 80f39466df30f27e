/// @file team_shares.hpp
/// The verbs that compute every member at once (`steady`, `modes`) and `compare`, under `mpirun -n R`: each rank
/// computes a contiguous share of the members, of about equal estimated cost (driver/member_costs.hpp). steady and
/// modes write each share as a part next to OUT (OUT.share-r-of-R.h5) that the leader joins into OUT with merge's
/// code and removes: the file one process writes. A process alone computes the whole job, as before.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cluster/team.hpp"
#include "driver/checkpointed_run.hpp"
#include "driver/member_costs.hpp"
#include "driver/run.hpp"
#include "driver/stage.hpp"
#include "io/results.hpp"
#include "io/results_merge.hpp"
#include "io/results_target.hpp"

namespace rodswarm::cli {

/// The results file claimed (checked, then locked: ResultsTarget) by the leader alone, before any work; every rank
/// learns whether that failed (the leader reports why). Empty on the other ranks.
inline std::unique_ptr<ResultsTarget> claim_on_leader(Team& team, const std::string& path,
                                                      const ResultsPathSource& source,
                                                      const ResultsTargetOptions& options) {
  std::unique_ptr<ResultsTarget> target;
  team.lead([&] { target = std::make_unique<ResultsTarget>(path, source, options); }, checkpoint_detail::exit_code_of);
  return target;
}

/// This rank's share of the job's members: its first member and count (0 for ranks beyond the members).
template <class M>
std::pair<std::int64_t, std::int64_t> team_share(const Team& team, const Job<M>& job) {
  const std::int64_t parts = std::min<std::int64_t>(team.size(), job.size());
  if (team.rank() >= parts) return {job.size(), 0};
  return shard_members(job, team.rank(), parts);  // the split of run --shard, one part a rank
}

/// Runs `compute` (Job<M> -> RunReport) on this rank's share and, with several ranks, writes OUT from the shares.
/// Returns the report whose results hold the whole file on the leader (or alone), nothing on the other ranks. A
/// rank that fails ends the job, naming itself and its members.
template <class M, class Compute>
std::optional<RunReport> compute_shared(Team& team, const Job<M>& job, const std::string& path,
                                        const std::string& fingerprint, Compute compute) {
  if (team.size() == 1) {
    RunReport report = [&] {
      const Stage stage("computing " + std::to_string(job.size()) + " members");
      return compute(job);
    }();
    report.results.run_fingerprint = fingerprint;
    const Stage stage("writing the results file " + path);
    write_results(path, report.results);
    return report;
  }
  const auto [first, count] = team_share(team, job);
  const std::string share = path + ".share-" + std::to_string(team.rank()) + "-of-" + std::to_string(team.size());
  double seconds = 0;
  std::vector<std::string> warnings;
  try {
    if (count > 0) {
      RunReport report = compute(slice_of(job, first, count));
      warnings = report.warnings;
      report.results.run_fingerprint = fingerprint;
      report.results.part = PartOf{first, job.size(), std::to_string(team.rank()) + "/" + std::to_string(team.size())};
      write_results(share, report.results);
      seconds = report.wall_seconds;
    }
  } catch (const std::exception& e) {
    std::cerr << "rodswarm: error on " << team.placement() << " (members " << first << " to " << first + count - 1
              << "): " << e.what() << "\n";
    team.abort(checkpoint_detail::exit_code_of(e));
  }
  const std::vector<std::string> done = team.gather(std::to_string(count > 0 ? 1 : 0) + " " + std::to_string(seconds));
  if (!team.leader()) return std::nullopt;
  std::vector<std::string> shares;
  double slowest = 0;
  for (int r = 0; r < team.size(); ++r) {
    int wrote = 0;
    double s = 0;
    std::sscanf(done[static_cast<std::size_t>(r)].c_str(), "%d %lf", &wrote, &s);
    if (wrote) shares.push_back(path + ".share-" + std::to_string(r) + "-of-" + std::to_string(team.size()));
    slowest = std::max(slowest, s);
  }
  merge_parts(shares, path);
  for (const std::string& file : shares) std::filesystem::remove(file);
  RunReport report;
  report.warnings = warnings;  // the leader's; every rank's share was computed alike
  report.results = read_results(path);
  report.wall_seconds = slowest;
  return report;
}

}  // namespace rodswarm::cli
