#include "cluster/team.hpp"

#include <omp.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <thread>

#ifdef RODSWARM_HAVE_MPI
// The C API only: the deprecated C++ bindings of Open MPI and MPICH would need their own library.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace rodswarm {

namespace {

/// The team size an MPI launcher announced in this process's environment; 0 when none started it.
int launcher_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "MV2_COMM_WORLD_SIZE", "MPI_LOCALNRANKS"}) {
    if (const char* v = std::getenv(name)) return std::max(1, std::atoi(v));
  }
  return std::getenv("PMIX_RANK") != nullptr ? 1 : 0;  // PMIx (srun --mpi=pmix) names no size: MPI tells
}

#ifdef RODSWARM_HAVE_MPI
// Placement, for ranks of an MPI launch only.

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::string item;
  for (const char c : text) {
    if (c == sep) {
      if (!item.empty()) out.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  if (!item.empty()) out.push_back(item);
  return out;
}

/// This rank's GPU: entry local_rank (modulo their number) of the GPUs the node shows, made the only visible one
/// before any CUDA call, so that every thread of the process uses it. A scheduler that already gave each rank its
/// own GPU (CUDA_VISIBLE_DEVICES of one entry, as srun --gpus-per-task does) is left alone. Returns the GPU's
/// name for the placement line, "" without GPUs.
std::string pick_gpu(int local_rank, int local_size) {
  std::vector<std::string> gpus;
  if (const char* visible = std::getenv("CUDA_VISIBLE_DEVICES")) {
    gpus = split(visible, ',');
  } else {
    std::error_code ec;
    int count = 0;  // one directory per GPU the driver sees, read without initialising CUDA
    for (std::filesystem::directory_iterator it("/proc/driver/nvidia/gpus", ec), end; !ec && it != end;
         it.increment(ec))
      ++count;
    for (int k = 0; k < count; ++k) gpus.push_back(std::to_string(k));
  }
  if (gpus.empty()) return "";
  if (gpus.size() == 1 || local_size == 1) return gpus.front();
  const std::string mine = gpus[static_cast<std::size_t>(local_rank) % gpus.size()];
  setenv("CUDA_VISIBLE_DEVICES", mine.c_str(), 1);
  return mine;
}

/// This rank's OpenMP threads: where the launcher bound the rank to some cores, those; else the node's cores
/// divided among its ranks. OMP_NUM_THREADS, when set, wins.
int pick_threads(int local_size) {
  if (std::getenv("OMP_NUM_THREADS") == nullptr) {
    const int bound = omp_get_num_procs();
    const int all = static_cast<int>(std::thread::hardware_concurrency());
    omp_set_num_threads(bound < all ? bound : std::max(1, all / std::max(1, local_size)));
  }
  return omp_get_max_threads();
}

struct MpiHandles {
  MPI_Comm comm = MPI_COMM_WORLD;
  MPI_Win counter_window = MPI_WIN_NULL;
  std::int64_t* counter = nullptr;
};
MpiHandles* handles(void* p) { return static_cast<MpiHandles*>(p); }
#endif

}  // namespace

Team& Team::world() {
  static Team team;
  return team;
}

bool built_with_mpi() {
#ifdef RODSWARM_HAVE_MPI
  return true;
#else
  return false;
#endif
}

void start_team(int& argc, char**& argv) {
  const int announced = launcher_size();
  if (announced == 0) return;
#ifdef RODSWARM_HAVE_MPI
  Team& t = Team::world();
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  auto* h = new MpiHandles;
  t.mpi_ = h;
  t.launched_ = true;
  MPI_Comm_rank(h->comm, &t.rank_);
  MPI_Comm_size(h->comm, &t.size_);
  MPI_Comm node;
  MPI_Comm_split_type(h->comm, MPI_COMM_TYPE_SHARED, t.rank_, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &t.local_rank_);
  MPI_Comm_size(node, &t.local_size_);
  MPI_Comm_free(&node);
  // The shared counter lives on the leader; the others hold an empty window.
  void* base = nullptr;
  MPI_Win_allocate(t.rank_ == 0 ? static_cast<MPI_Aint>(sizeof(std::int64_t)) : 0, sizeof(std::int64_t), MPI_INFO_NULL,
                   h->comm, &base, &h->counter_window);
  h->counter = static_cast<std::int64_t*>(base);
  const std::string gpu = pick_gpu(t.local_rank_, t.local_size_);
  const int threads = pick_threads(t.local_size_);
  t.placement_ = "rank " + std::to_string(t.rank_) + " of " + std::to_string(t.size_) + " (node rank " +
                 std::to_string(t.local_rank_) + " of " + std::to_string(t.local_size_) + "), " +
                 (gpu.empty() ? std::string("no GPU") : "GPU " + gpu) + ", " + std::to_string(threads) + " threads";
#else
  (void)argc;
  (void)argv;
  if (announced > 1) {
    throw std::runtime_error(
        "started by an MPI launcher with " + std::to_string(announced) +
        " ranks, but this rodswarm was built without MPI: every rank would run the whole job. Rebuild with MPI "
        "(libopenmpi-dev; scripts/setup installs it), or split the job with run --shard i/N and merge");
  }
#endif
}

void end_team() {
#ifdef RODSWARM_HAVE_MPI
  Team& t = Team::world();
  if (t.mpi_ == nullptr) return;
  auto* h = handles(t.mpi_);
  MPI_Win_free(&h->counter_window);
  delete h;
  t.mpi_ = nullptr;
  MPI_Finalize();
#endif
}

void Team::barrier() {
#ifdef RODSWARM_HAVE_MPI
  if (mpi_ != nullptr) MPI_Barrier(handles(mpi_)->comm);
#endif
}

std::int64_t Team::broadcast(std::int64_t value) {
#ifdef RODSWARM_HAVE_MPI
  if (mpi_ != nullptr) MPI_Bcast(&value, 1, MPI_INT64_T, 0, handles(mpi_)->comm);
#endif
  return value;
}

std::string Team::broadcast(const std::string& text) {
#ifdef RODSWARM_HAVE_MPI
  if (mpi_ != nullptr) {
    std::int64_t n = broadcast(static_cast<std::int64_t>(text.size()));
    std::string out = leader() ? text : std::string(static_cast<std::size_t>(n), '\0');
    MPI_Bcast(out.data(), static_cast<int>(n), MPI_CHAR, 0, handles(mpi_)->comm);
    return out;
  }
#endif
  return text;
}

std::vector<std::string> Team::gather(const std::string& text) {
#ifdef RODSWARM_HAVE_MPI
  if (mpi_ != nullptr) {
    const MPI_Comm comm = handles(mpi_)->comm;
    int n = static_cast<int>(text.size());
    std::vector<int> sizes(static_cast<std::size_t>(size_)), offsets(static_cast<std::size_t>(size_), 0);
    MPI_Gather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, comm);
    std::string all;
    if (leader()) {
      for (int r = 1; r < size_; ++r) offsets[r] = offsets[r - 1] + sizes[r - 1];
      all.resize(static_cast<std::size_t>(offsets.back() + sizes.back()));
    }
    MPI_Gatherv(text.data(), n, MPI_CHAR, all.data(), sizes.data(), offsets.data(), MPI_CHAR, 0, comm);
    std::vector<std::string> out;
    if (leader())
      for (int r = 0; r < size_; ++r) out.push_back(all.substr(offsets[r], sizes[r]));
    return out;
  }
#endif
  return {text};
}

void Team::reset_counter() {
#ifdef RODSWARM_HAVE_MPI
  if (mpi_ != nullptr) {
    auto* h = handles(mpi_);
    if (leader()) {
      MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, h->counter_window);
      *h->counter = 0;
      MPI_Win_unlock(0, h->counter_window);
    }
    MPI_Barrier(h->comm);
    return;
  }
#endif
  solo_counter_ = 0;
}

std::int64_t Team::next_ticket() {
#ifdef RODSWARM_HAVE_MPI
  if (mpi_ != nullptr) {
    auto* h = handles(mpi_);
    const std::int64_t one = 1;
    std::int64_t got = 0;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, h->counter_window);
    MPI_Fetch_and_op(&one, &got, MPI_INT64_T, 0, 0, MPI_SUM, h->counter_window);
    MPI_Win_unlock(0, h->counter_window);
    return got;
  }
#endif
  return solo_counter_++;
}

void Team::lead(const std::function<void()>& step, const std::function<int(const std::exception&)>& exit_code) {
  if (size_ == 1) {
    step();
    return;
  }
  std::int64_t code = 0;
  std::exception_ptr failure;
  if (leader()) {
    try {
      step();
    } catch (const std::exception& e) {
      failure = std::current_exception();
      code = std::max(1, exit_code(e));
    }
  }
  code = broadcast(code);
  if (failure) std::rethrow_exception(failure);
  if (code != 0) throw TeamStopped(static_cast<int>(code));
}

void Team::abort(int code) {
#ifdef RODSWARM_HAVE_MPI
  if (mpi_ != nullptr) MPI_Abort(handles(mpi_)->comm, code);
#endif
  std::exit(code);
}

}  // namespace rodswarm
