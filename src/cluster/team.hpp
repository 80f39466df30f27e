/// @file team.hpp
/// The processes that share one job: the ranks of an MPI launch (`mpirun -n R rodswarm run CONFIG`, `srun`), or
/// this process alone. The drivers are written once against Team; a build without MPI, or a process not started
/// by an MPI launcher, is a team of one whose operations are trivial. MPI is initialised only when a launcher
/// started the process (its environment says so): a plain `rodswarm run` never touches MPI.
///
/// What the team does for a run (checkpointed_run_impl.hpp): the leader (rank 0) claims the results file and
/// plans the batches; every rank takes the next batch from a shared counter (dynamic balancing: a rank that
/// finishes early takes more) and writes it to OUT.partial/ like a single process; the leader then streams the
/// batches into OUT. A rank's device and threads are its share of the node: GPU local_rank modulo the node's
/// GPUs, and the node's cores divided among its ranks.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace rodswarm {

/// Thrown on the other ranks when a step the leader runs alone failed (the leader reports why): the rank ends
/// quietly with the leader's exit code.
class TeamStopped : public std::exception {
 public:
  explicit TeamStopped(int code) : code_(code) {}
  int code() const { return code_; }
  const char* what() const noexcept override { return "stopped: the leader rank failed"; }

 private:
  int code_;
};

class Team {
 public:
  /// The team of this process: started by start_team (main), else a team of one.
  static Team& world();

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool leader() const { return rank_ == 0; }
  int local_rank() const { return local_rank_; }  ///< rank among the ranks on this node
  int local_size() const { return local_size_; }
  /// True when an MPI launcher started this process (even a single rank).
  bool launched() const { return launched_; }
  /// What the launch picked for this rank: "rank 1 of 3 (node rank 1 of 3), GPU 1, 5 threads".
  const std::string& placement() const { return placement_; }

  void barrier();
  /// The leader's value, on every rank.
  std::int64_t broadcast(std::int64_t value);
  std::string broadcast(const std::string& text);
  /// Every rank's text, in rank order, on the leader (empty elsewhere).
  std::vector<std::string> gather(const std::string& text);
  /// The team's shared counter: set to 0 by reset_counter (collective), then each call of next_ticket on any rank
  /// returns the next value exactly once (0, 1, 2, ... across the team).
  void reset_counter();
  std::int64_t next_ticket();
  /// Runs `step` on the leader alone and tells every rank how it went: on failure the leader rethrows and the
  /// others throw TeamStopped(exit_code(the leader's exception)). Collective.
  void lead(const std::function<void()>& step, const std::function<int(const std::exception&)>& exit_code);
  /// Ends every rank of the job with `code` (MPI_Abort); a team of one exits.
  [[noreturn]] void abort(int code);

 private:
  friend void start_team(int& argc, char**& argv);
  friend void end_team();
  int rank_ = 0, size_ = 1, local_rank_ = 0, local_size_ = 1;
  bool launched_ = false;
  std::string placement_ = "one process";
  std::int64_t solo_counter_ = 0;
  void* mpi_ = nullptr;  ///< the MPI handles (team.cpp), null for a team of one
};

/// Starts the team: MPI_Init when an MPI launcher started this process (OMPI_COMM_WORLD_SIZE, PMI_SIZE,
/// PMIX_RANK, MV2_COMM_WORLD_SIZE, ...), then this rank's GPU (CUDA_VISIBLE_DEVICES, before any CUDA call) and
/// OpenMP threads. Throws std::runtime_error when launched by MPI but built without it.
void start_team(int& argc, char**& argv);
/// MPI_Finalize where start_team initialised MPI.
void end_team();

/// Whether this build can join an MPI launch.
bool built_with_mpi();

}  // namespace rodswarm
