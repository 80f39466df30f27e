/// @file checkpointed_run.hpp
/// `rodswarm run` in batches of members, each finished batch saved to OUT.partial/ (atomically, like every
/// results file). A run that is stopped (Ctrl-C, a killed job, a lost node) and started again with the same
/// config and options resumes after the last finished batch; when all are done they are streamed into OUT one
/// batch at a time (so no more than one batch's results are ever in memory), and the directory is removed.
/// Written once for every model (checkpointed_run_impl.hpp). The caller holds OUT's lock (ResultsTarget).
///
/// The end is ordered so that a kill at any moment leaves a state the same command recognises: OUT is written as
/// OUT.tmp.<pid> and renamed; then OUT.partial/ is renamed OUT.partial.done/ and removed. A rerun finding
/// OUT.partial/ resumes (or only merges again); finding OUT.partial.done/ next to an OUT of the same run, it
/// reports OUT complete and removes the directory.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cluster/team.hpp"
#include "driver/run.hpp"
#include "io/results.hpp"

namespace rodswarm {

struct CheckpointOptions {
  std::int64_t batch_size = 0;  ///< members per batch (--batch-size); 0: the default, max(4096, ceil(M / 20))
  /// The largest batch the host's memory holds (plan_host_memory; 0: no bound) when batch_size is 0. A stopped
  /// run resumes in the batches it started with while they fit.
  std::int64_t max_batch_size = 0;
  bool restart = false;          ///< discard an existing OUT.partial/ instead of resuming from it
  std::int64_t stop_after = -1;  ///< stop after this many new batches, as if interrupted (tests); -1: never
  /// The members this call runs: [first_member, first_member + member_count) of the job; -1: to the end.
  std::int64_t first_member = 0;
  std::int64_t member_count = -1;
  /// "i/N" of `run --shard`: OUT is then a part (PartOf) that `rodswarm merge` joins; empty: OUT is the run's.
  std::string shard;
  /// The ranks sharing the run (cluster/team.hpp); null: this process alone.
  Team* team = nullptr;
};

struct CheckpointedReport {
  /// Counts and stability merged over all batches; its results hold the header only (attributes, names, shapes),
  /// the members' data being in OUT. Its wall_seconds and bead_steps count only the batches integrated by this
  /// call (a resumed batch was integrated by an earlier one), so that their ratio is this call's throughput.
  RunReport run;
  std::int64_t batches = 0;
  std::int64_t resumed_batches = 0;     ///< batches taken from OUT.partial/
  std::int64_t done_batches = 0;        ///< batches finished, resumed ones included
  bool complete = true;                 ///< false when stopped by stop_after
  bool already_complete = false;        ///< OUT was complete before this call (a run stopped while cleaning up)
  std::int64_t members = 0;             ///< the members of OUT (the shard's, or the job's)
  std::int64_t integrated_members = 0;  ///< members integrated by this call, on all ranks (resumed ones not)
  bool follower = false;                ///< a rank other than the leader: the leader reports the run
  /// With several ranks, on the leader: one line per rank (its placement, batches, members, time, throughput).
  std::vector<std::string> ranks;
};

/// The default number of members per batch: max(4096, ceil(members / 20)).
std::int64_t default_batch_size(std::int64_t members);

/// Runs `job` in batches with checkpoints next to `out_path` and writes OUT (members streamed in batch by batch).
/// Throws std::invalid_argument when OUT.partial/ belongs to a different config or a batch file there belongs to
/// another run (exit 2: remove it or pass --restart).
template <class M>
CheckpointedReport run_checkpointed(const Job<M>& job, const RunOptions& options, const std::string& out_path,
                                    const CheckpointOptions& checkpoint, std::ostream& log);

/// The hash of what makes two runs' results interchangeable (the config after overrides, the precision, the
/// backend kind, rodswarm's version), stored as the run_fingerprint of every batch and of OUT.
std::string run_fingerprint(const JobCommon& job, const RunOptions& options);

namespace checkpoint_detail {
std::filesystem::path checkpoint_dir(const std::string& out_path);
std::filesystem::path batch_file(const std::filesystem::path& dir, std::int64_t batch);
/// What must be equal for finished batches to be reused: the run's fingerprint, the members and the batching.
/// `part`: the shard's place (empty for a whole run).
nlohmann::json fingerprint(const JobCommon& job, std::int64_t members, const RunOptions& options,
                           std::int64_t batch_size, const PartOf& part = {});
/// The batch size a stopped run of this job left in OUT.partial/ (0 when there is none, or of another run).
std::int64_t stored_batch_size(const std::filesystem::path& dir, const JobCommon& job, std::int64_t members,
                               const RunOptions& options, const PartOf& part = {});
/// Checks OUT.partial/ against `print` (or starts it); throws std::invalid_argument for a different run.
void open_checkpoints(const std::filesystem::path& dir, const nlohmann::json& print, bool restart);
/// Whether OUT.partial.done/ says that OUT is the complete result of the run `fingerprint` (then removes it); any
/// other leftover OUT.partial.done/ is removed and false returned.
bool finished_before(const std::string& out_path, const std::string& fingerprint);
/// Whether the finished batch `file` of a stopped run can be taken as it is: read whole in a child process
/// (verify_results_isolated), its checksums matching, holding `members` members of the run `fingerprint`. A damaged
/// batch is removed and false returned, with a line on `log` naming the file and the damage, so that its members
/// are integrated again; a sound batch of another run throws std::invalid_argument (exit 2: remove OUT.partial/).
bool batch_is_sound(const std::string& file, const std::string& fingerprint, std::int64_t members, std::ostream& log);
/// Renames OUT.partial/ to OUT.partial.done/ and removes that: after a kill, either name tells what happened.
void remove_checkpoints(const std::string& out_path);
/// Adds a batch's counts and stability (its members from first_member on) to `into`; `integrated`: this call ran
/// it, so its time and work count toward the throughput.
void append_report(RunReport& into, const RunReport& part, std::int64_t first_member, bool integrated);
/// The diverged, singular and separated members of a finished batch read back from its file.
void count_results(const Results& part, RunReport& into);
/// OUT.partial/rank-R.claim: rank R (process id last) integrates batch `batch`, members [first, first + count).
/// Written whole.
void claim_batch(const std::filesystem::path& dir, int rank, std::int64_t batch, std::int64_t first,
                 std::int64_t count);
void release_claim(const std::filesystem::path& dir, int rank);
/// On the leader of several ranks: SIGTERM and SIGINT (what mpirun sends the other ranks when one dies, or on
/// Ctrl-C) print every rank's claim (the members lost with it) and where the finished batches are, then exit.
void report_claims_on_stop(const std::filesystem::path& dir, int ranks);
void stop_reporting_claims();
/// The claims a stopped run left for batches still missing ("rank 1 held batch 3 (members 6 to 8)"); every
/// claim file is removed.
std::vector<std::string> take_stale_claims(const std::filesystem::path& dir);
/// The exit code of an exception: 2 for bad input (ConfigError, std::invalid_argument, BadFileError: a damaged or
/// foreign file given to us), else 3.
int exit_code_of(const std::exception& e);

/// "members 8192 to 12287" (or "member 7").
std::string members_text(std::int64_t first, std::int64_t count);

/// What the leader planned, known to every rank.
struct BatchPlan {
  std::int64_t batch_size = 0;
  std::int64_t batches = 0;
  bool already_complete = false;      ///< OUT is this run's, complete (a run stopped while cleaning up)
  std::int64_t resumed = 0;           ///< batches found sound in OUT.partial/
  std::vector<std::int64_t> pending;  ///< the batches to integrate, in the order the ranks take them
};
/// Runs `plan` on the leader alone (a failure there stops every rank: Team::lead) and gives its plan to all.
BatchPlan share_plan(Team& team, const std::function<BatchPlan()>& plan);

/// What one rank integrated in this call.
struct RankShare {
  std::int64_t batches = 0;
  std::int64_t members = 0;
  RunReport report;  ///< its batches' counts, time and work
  std::chrono::steady_clock::time_point started;
};
/// Gathers every rank's share on the leader: the team's time (the slowest rank's, gathering included) and work,
/// one line per rank when there are several, and the batches done and whether the run is complete on every rank.
void gather_shares(Team& team, const RankShare& mine, const BatchPlan& plan, CheckpointedReport& out);

/// Throws std::invalid_argument (exit 2) unless the batch `file` read as `part` is of the run `fingerprint` and
/// holds `members` members.
void check_batch_of_run(const Results& part, const std::string& file, const std::filesystem::path& dir,
                        const std::string& fingerprint, std::int64_t members);
}  // namespace checkpoint_detail

}  // namespace rodswarm
