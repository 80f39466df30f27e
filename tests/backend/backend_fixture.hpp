// The part every backend test shares: which backend this executable tests (RODSWARM_TEST_CUDA = 0: CPU, label
// cpu; 1: CUDA, label gpu, skipped visibly without a device) and where the examples are.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <cstdint>
#include <vector>

#include "config/config_loader.hpp"
#include "driver/compare.hpp"
#include "driver/run.hpp"
#include "driver/engine.hpp"
#include "rodswarm/backend.hpp"

#ifndef RODSWARM_TEST_CUDA
#define RODSWARM_TEST_CUDA 0
#endif

namespace rodswarm {

/// The source tree, overridable at run time so that the GPU binary also runs from a bundle copied to a machine
/// where the tree lives elsewhere (scripts/device-bundle).
inline std::string source_dir() {
  const char* env = std::getenv("RODSWARM_SOURCE_DIR");
  return env != nullptr ? std::string(env) : std::string(RODSWARM_SOURCE_DIR);
}

/// examples/<model>/ in the source tree, with the trailing slash.
inline std::string examples_of(const std::string& model) { return source_dir() + "/examples/" + model + "/"; }

/// examples/<model>/<name> with `sets` applied, as a job of model M.
template <class M>
Job<M> load_example(const std::string& name, const std::vector<std::string>& sets = {}) {
  return load_job<M>(examples_of(M::name) + name, sets);
}

/// The model's compare on the first `members` members; prints the table so that a failure shows the numbers.
template <class M>
CompareReport compare_and_print(const Job<M>& job, const RunOptions& options, std::int64_t members = 1) {
  const CompareReport report = rodswarm::compare(job, options, members);
  std::printf("%s\n", format_compare(report).c_str());
  return report;
}

/// The options that select the backend under test (CUDA when this is the GPU executable).
inline RunOptions backend_options() {
  RunOptions options;
  options.backend = RODSWARM_TEST_CUDA ? BackendKind::cuda : BackendKind::cpu;
  return options;
}

/// An example of the model with overrides (--set syntax).
struct ExampleCase {
  std::string file;
  std::vector<std::string> sets;
};

/// A model's shorten(): every member of `job` cut to `steps` steps of its own dt, saved every steps / parts steps
/// of the first member's dt (parts + 1 rows with step 0), so that a case is as long in steps whatever the
/// example's dt.
template <class M>
void cut_to_steps(Job<M>& job, long steps, long parts) {
  job.output.save_every = job.members.dt[0] * double(steps / parts);
  for (std::size_t i = 0; i < job.t_end.size(); ++i) job.set_t_end(i, job.members.dt[i] * double(steps));
}

/// What the typed backend suite (test_backends.cpp) runs for model M: specialized in <model>_backend_cases.hpp.
///   examples(), float32_examples()   compared against the reference in float64, float32
///   ensemble(), ensemble_members     an ensemble whose first members are compared
///   diverging(), diverging_dt_factor the first member, thrice, the middle one with dt (and t_end) scaled up
///   shorten(job)                     the model's cut of an example to a test's length
///   shorten_for_round_off(job)       the cut for the CPU-against-GPU comparison (chaotic models: shorter)
template <class M>
struct BackendCases;

/// The members `indices` of `job`, in that order, with their end times, step counts and varied values.
template <class M>
Job<M> members_of(const Job<M>& job, const std::vector<std::int64_t>& indices) {
  Job<M> picked = slice_of(job, 0, 0);
  for (const std::int64_t i : indices) {
    const auto u = static_cast<std::size_t>(i);
    picked.members.append_member(job.members, i);
    picked.t_end.push_back(job.t_end[u]);
    picked.steps.push_back(job.steps[u]);
    for (std::size_t v = 0; v < job.varied_values.size(); ++v)
      picked.varied_values[v].push_back(job.varied_values[v][u]);
  }
  picked.members.finish();
  return picked;
}

/// Three copies of member 0 of `job`, the middle one with its dt (and t_end) scaled by `factor` so that it
/// diverges part of the way through the run.
template <class M>
Job<M> three_with_a_diverging_middle(const Job<M>& job, double factor) {
  Job<M> three = members_of(job, {0, 0, 0});
  three.members.dt[1] *= factor;
  three.set_t_end(1, three.t_end[1] * factor);
  return three;
}

/// A test whose options_ select the backend under test; the GPU variant skips (visibly) without a device.
class BackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
#if RODSWARM_TEST_CUDA
    if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device on this host: this GPU test did not run";
#endif
    options_ = backend_options();
  }
  RunOptions options_;
};

}  // namespace rodswarm
