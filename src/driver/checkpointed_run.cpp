#include "driver/checkpointed_run.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "driver/backend_select.hpp"
#include "driver/cosserat_driver.hpp"
#include "driver/nishinari_driver.hpp"
#include "driver/rolling_driver.hpp"

namespace fs = std::filesystem;

namespace rodswarm {
namespace {

fs::path checkpoint_dir(const std::string& out_path) { return fs::path(out_path + ".partial"); }

fs::path batch_file(const fs::path& dir, std::int64_t batch) {
  char name[32];
  std::snprintf(name, sizeof name, "batch-%06lld.h5", static_cast<long long>(batch));
  return dir / name;
}

/// What must be equal for finished batches to be reused: the config (after --set), the options that change
/// results, and the batching.
template <class Job>
nlohmann::json fingerprint(const Job& job, const RunOptions& options, std::int64_t batch_size) {
  return {{"config", job.config},
          {"precision", job.precision == Precision::float32 ? "float32" : "float64"},
          {"backend", backend_name(options.backend)},
          {"members", job.size()},
          {"batch_size", batch_size}};
}

template <class T>
void append(std::vector<T>& into, const std::vector<T>& part) {
  into.insert(into.end(), part.begin(), part.end());
}

/// Concatenates a batch's per-member arrays onto `into` (same B, S and E by construction).
void append_results(Results& into, const Results& part) {
  if (into.members == 0) {
    into = part;
    return;
  }
  into.members += part.members;
  append(into.beads, part.beads);
  for (std::size_t k = 0; k < into.params.size(); ++k) append(into.params[k], part.params[k]);
  append(into.series_positions, part.series_positions);
  append(into.series_velocities, part.series_velocities);
  append(into.series_energy, part.series_energy);
  append(into.series_momentum, part.series_momentum);
  append(into.series_gauss, part.series_gauss);
  append(into.series_directors, part.series_directors);
  append(into.series_contact, part.series_contact);
  append(into.series_lyapunov, part.series_lyapunov);
  append(into.final_time, part.final_time);
  append(into.final_positions, part.final_positions);
  append(into.final_velocities, part.final_velocities);
  append(into.final_energy, part.final_energy);
  append(into.final_momentum, part.final_momentum);
  append(into.final_gauss, part.final_gauss);
  append(into.final_directors, part.final_directors);
  append(into.final_contact, part.final_contact);
  append(into.final_lyapunov, part.final_lyapunov);
  append(into.spectrum_signal, part.spectrum_signal);  // same samples and frequencies in every batch
  append(into.spectrum_power, part.spectrum_power);
  append(into.rods, part.rods);
  append(into.singular, part.singular);
  append(into.diverged, part.diverged);
  append(into.steps_taken, part.steps_taken);
  append(into.stability_warning, part.stability_warning);
}

void append_report(RunReport& into, const RunReport& part, std::int64_t first_member) {
  append_results(into.results, part.results);
  into.wall_seconds += part.wall_seconds;
  into.bead_steps += part.bead_steps;
  into.diverged += part.diverged;
  into.max_steps = std::max(into.max_steps, part.max_steps);
  append(into.stability.unstable, part.stability.unstable);
  into.stability.count += part.stability.count;
  for (auto detail : part.stability.examples) {
    if (into.stability.examples.size() >= 10) break;
    detail.member += first_member;
    into.stability.examples.push_back(detail);
  }
}

/// A batch read back from its checkpoint: counters rebuilt from the stored arrays (wall time is not counted
/// again); the stability check is cheap next to integration and is simply redone for the warning's details.
/// Beads of member i that a run counts per step (run_greenspan, run_nishinari: params.n; run_cosserat: nodes).
double counted_beads(const GreenspanJob& job, std::size_t i) { return job.members.params[i].n; }
double counted_beads(const NishinariJob& job, std::size_t i) { return job.members.params[i].n; }
double counted_beads(const RollingJob& job, std::size_t i) { return 2.0 * job.members.params[i].modes; }
double counted_beads(const CosseratJob& job, std::size_t i) {
  return double(job.members.node_offset[i + 1] - job.members.node_offset[i]);
}

template <class Job>
RunReport report_from(const Results& r, const Job& slice) {
  RunReport report;
  report.results = r;
  report.stability = check_stability(slice);
  for (std::size_t i = 0; i < static_cast<std::size_t>(r.members); ++i) {
    report.diverged += r.diverged[i];
    report.bead_steps += double(r.steps_taken[i]) * counted_beads(slice, i);
    report.max_steps = std::max<std::int64_t>(report.max_steps, std::llround(slice.t_end[i] / slice.members.dt[i]));
  }
  return report;
}

/// The batches of any model: `run` integrates one slice, `beads` is the padded bead count of the results.
template <class Job, class Run>
CheckpointedReport run_checkpointed(const Job& job, const RunOptions& options, const std::string& out_path,
                                    const CheckpointOptions& checkpoint, std::ostream& log, int beads, Run&& run) {
  const std::int64_t M = job.size();
  const std::int64_t batch_size =
      checkpoint.batch_size > 0 ? checkpoint.batch_size : std::max<std::int64_t>(4096, (M + 19) / 20);
  const std::int64_t batches = (M + batch_size - 1) / batch_size;
  CheckpointedReport out;
  out.batches = batches;

  // Shapes shared by all batches so that their arrays concatenate.
  RunOptions batch_options = options;
  batch_options.max_beads = beads;
  batch_options.t_max = *std::max_element(job.t_end.begin(), job.t_end.end());

  if (batches == 1) {  // nothing to resume at this size: no checkpoint directory
    out.run = run(job, batch_options);
    out.done_batches = 1;
    return out;
  }
  const fs::path dir = checkpoint_dir(out_path);
  const nlohmann::json print = fingerprint(job, options, batch_size);
  if (fs::exists(dir) && checkpoint.restart) fs::remove_all(dir);
  if (fs::exists(dir)) {
    std::ifstream in(dir / "fingerprint.json");
    nlohmann::json stored;
    try {
      stored = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception&) {
    }
    if (stored != print) {
      throw std::invalid_argument(dir.string() + " holds a stopped run of a different config or options: remove it, " +
                                  "or pass --restart to discard it");
    }
  } else {
    fs::create_directories(dir);
    std::ofstream(dir / "fingerprint.json") << print.dump(2);
  }

  std::int64_t new_batches = 0;
  for (std::int64_t b = 0; b < batches; ++b) {
    const std::int64_t first = b * batch_size;
    const Job slice = slice_of(job, first, batch_size);
    const fs::path file = batch_file(dir, b);
    if (fs::exists(file)) {
      append_report(out.run, report_from(read_results(file.string()), slice), first);
      ++out.resumed_batches;
      ++out.done_batches;
      continue;
    }
    if (checkpoint.stop_after >= 0 && new_batches >= checkpoint.stop_after) {
      out.complete = false;
      break;
    }
    batch_options.progress_label = "run [batch " + std::to_string(b + 1) + "/" + std::to_string(batches) + "]";
    const RunReport part = run(slice, batch_options);
    write_results(file.string(), part.results);
    append_report(out.run, part, first);
    ++new_batches;
    ++out.done_batches;
  }
  if (out.resumed_batches > 0) {
    log << "rodswarm: resumed from " << dir.string() << ": " << out.resumed_batches << " of " << batches
        << " batches were already done\n";
  }
  return out;
}

}  // namespace

CheckpointedReport run_greenspan_checkpointed(const GreenspanJob& job, const RunOptions& options,
                                              const std::string& out_path, const CheckpointOptions& checkpoint,
                                              std::ostream& log) {
  return run_checkpointed(job, options, out_path, checkpoint, log, job.members.max_n() + 2, run_greenspan);
}

CheckpointedReport run_nishinari_checkpointed(const NishinariJob& job, const RunOptions& options,
                                              const std::string& out_path, const CheckpointOptions& checkpoint,
                                              std::ostream& log) {
  return run_checkpointed(job, options, out_path, checkpoint, log, job.members.max_n(), run_nishinari);
}

CheckpointedReport run_cosserat_checkpointed(const CosseratJob& job, const RunOptions& options,
                                             const std::string& out_path, const CheckpointOptions& checkpoint,
                                             std::ostream& log) {
  return run_checkpointed(job, options, out_path, checkpoint, log, job.members.max_nodes(), run_cosserat);
}

CheckpointedReport run_rolling_checkpointed(const RollingJob& job, const RunOptions& options,
                                            const std::string& out_path, const CheckpointOptions& checkpoint,
                                            std::ostream& log) {
  return run_checkpointed(job, options, out_path, checkpoint, log, 2 * job.points, run_rolling);
}

void remove_checkpoints(const std::string& out_path) {
  std::error_code ignored;
  fs::remove_all(checkpoint_dir(out_path), ignored);
}

}  // namespace rodswarm
