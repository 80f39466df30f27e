// The backend suite every model gets, typed over the run's precision: compiled once per model of RODSWARM_MODELS
// (RODSWARM_TEST_MODEL, with the model's cases from <model>_backend_cases.hpp) and once per backend
// (RODSWARM_TEST_CUDA; the GPU executable skips, visibly, without a device). Every check is against the model's
// independent reference through its compare, against the driver's per-member flags, or, on a GPU, against the
// CPU backend directly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "../lanes/scoped_simd.hpp"
#include "backend_fixture.hpp"
#include "backends/lanes/lane_dispatch.hpp"
#include RODSWARM_TEST_CASES  // e.g. "greenspan_backend_cases.hpp": BackendCases<M> of this executable's model

namespace rodswarm {
namespace {

using M = RODSWARM_TEST_MODEL::Model;
using Cases = BackendCases<M>;

/// The case's example with its overrides, the run's precision, and the model's cut to a test's length.
template <class Real>
Job<M> load(const ExampleCase& c) {
  std::vector<std::string> sets = c.sets;
  sets.emplace_back(std::is_same_v<Real, float> ? "precision=\"float32\"" : "precision=\"float64\"");
  Job<M> job = load_example<M>(c.file, sets);
  Cases::shorten(job);
  return job;
}

/// Cases::float32_ensemble(), where the model's ensemble needs other settings in float32; else its ensemble.
template <class C, class = void>
struct HasFloat32Ensemble : std::false_type {};
template <class C>
struct HasFloat32Ensemble<C, std::void_t<decltype(C::float32_ensemble())>> : std::true_type {};
template <class Real, class C = Cases>
ExampleCase ensemble_case() {
  if constexpr (std::is_same_v<Real, float> && HasFloat32Ensemble<C>::value) {
    return C::float32_ensemble();
  } else {
    return C::ensemble();
  }
}

/// Cases::round_off_amplification(field): how many times float64 round-off a field of the model amplifies between
/// two paths that round differently (1 unless the model says otherwise: a Lyapunov sum over separations of d0).
template <class C, class = void>
struct HasRoundOffAmplification : std::false_type {};
template <class C>
struct HasRoundOffAmplification<C, std::void_t<decltype(C::round_off_amplification(std::string()))>> : std::true_type {
};
template <class C = Cases>
double round_off_amplification(const std::string& field) {
  if constexpr (HasRoundOffAmplification<C>::value) {
    return C::round_off_amplification(field);
  } else {
    return 1;
  }
}

/// Cases::float32_error_ratio: how many times the scalar float32 path's own error (against float64) another float32
/// path may err (2 unless the model says otherwise: where round-off is amplified into noise, two paths that round
/// differently err by independent amounts of the same size, and the ratio of their largest values scatters).
template <class C, class = void>
struct HasFloat32ErrorRatio : std::false_type {};
template <class C>
struct HasFloat32ErrorRatio<C, std::void_t<decltype(C::float32_error_ratio)>> : std::true_type {};
template <class C = Cases>
double float32_error_ratio() {
  if constexpr (HasFloat32ErrorRatio<C>::value) {
    return C::float32_error_ratio;
  } else {
    return 2;
  }
}

template <class Real>
class Backends : public BackendTest {};
#if RODSWARM_WITH_FLOAT32
using Precisions = ::testing::Types<double, float>;
#else  // a build without float32 (CMake RODSWARM_FLOAT32=OFF: the sanitizer presets)
using Precisions = ::testing::Types<double>;
#endif
TYPED_TEST_SUITE(Backends, Precisions);

// Every example the model offers (float64), or those its float32 error allows (float32), on the backend and on the
// reference.
TYPED_TEST(Backends, ExamplesAgreeWithTheReference) {
  const auto cases = std::is_same_v<TypeParam, float> ? Cases::float32_examples() : Cases::examples();
  ASSERT_FALSE(cases.empty());
  for (const ExampleCase& c : cases) {
    SCOPED_TRACE(c.file + (c.sets.empty() ? "" : " " + c.sets.front()));
    EXPECT_TRUE(compare_and_print(load<TypeParam>(c), this->options_).ok);
  }
}

// Every member of an ensemble is its own problem: a slice of one agrees member by member (float64).
class EnsembleBackend : public BackendTest {};
TEST_F(EnsembleBackend, MembersAgreeWithTheReference) {
  const Job<M> job = load<double>(Cases::ensemble());
  const std::int64_t members = std::min<std::int64_t>(Cases::ensemble_members, job.size());
  ASSERT_GE(members, 2);
  EXPECT_TRUE(compare_and_print(job, options_, members).ok);
}

// A member whose dt is far outside its scheme's bound blows up and is flagged; its neighbours finish.
TYPED_TEST(Backends, ADivergingMemberIsFlaggedAndTheOthersFinish) {
  Job<M> three = three_with_a_diverging_middle(load<TypeParam>(Cases::diverging()), Cases::diverging_dt_factor);
  three.output.save_every = 0;
  const RunReport report = run(three, this->options_);
  const Results& r = report.results;
  EXPECT_EQ(report.stability.unstable[1], 1);
  EXPECT_EQ(report.diverged, 1);
  EXPECT_EQ(r.diverged[1], 1);
  EXPECT_LT(r.steps_taken[1], three.steps[1]);
  for (std::size_t i : {0u, 2u}) {
    EXPECT_EQ(r.diverged[i], 0) << i;
    EXPECT_EQ(r.steps_taken[i], three.steps[i]) << i;
    EXPECT_TRUE(std::isfinite(r.final("positions")[i * static_cast<std::size_t>(r.max_beads) * 3])) << i;
  }
}

/// max |a| over the finite values (1 when there are none).
double max_abs(const std::vector<double>& a) {
  double m = 0;
  for (const double x : a)
    if (std::isfinite(x)) m = std::max(m, std::fabs(x));
  return m > 0 ? m : 1.0;
}

/// max |a - b| (NaN in both at the same place is equal; NaN in one, or a size mismatch, is infinite).
double max_abs_difference(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return INFINITY;
  double d = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (std::isnan(a[k]) && std::isnan(b[k])) continue;
    const double e = std::fabs(a[k] - b[k]);
    d = std::max(d, std::isnan(e) ? INFINITY : e);
  }
  return d;
}

/// The values of the members that did not diverge in `r`, of a field laid out member by member ([M][...]).
std::vector<double> finished_members(const Results& r, const std::vector<double>& values) {
  const auto members = static_cast<std::size_t>(r.members);
  if (members == 0 || values.size() % members != 0) return values;
  const std::size_t each = values.size() / members;
  std::vector<double> kept;
  for (std::size_t i = 0; i < members; ++i)
    if (r.diverged[i] == 0)
      kept.insert(kept.end(), values.begin() + static_cast<std::ptrdiff_t>(i * each),
                  values.begin() + static_cast<std::ptrdiff_t>((i + 1) * each));
  return kept;
}

/// `candidate` (lanes of one instruction set, or the CUDA backend) against `scalar`, the scalar CPU path of the same
/// job, which runs the one stepper: the same steps and flags, and every field round-off apart. `scalar64`: the
/// scalar path in float64, against which float32 runs are measured (unused in float64).
template <class Real>
void expect_round_off_apart(const Results& scalar, const Results& scalar64, const Results& candidate,
                            const std::string& what) {
  SCOPED_TRACE(what + " on " + candidate.backend);
  EXPECT_EQ(candidate.steps_taken, scalar.steps_taken);
  EXPECT_EQ(candidate.diverged, scalar.diverged);
  for (const ResultsField& f : scalar.fields) {
    // Differences over the field's largest value over the whole run: a state at rest (velocities of a damped
    // string at its end) is round-off relative to itself. A diverged member's state is where round-off blew
    // up: only its flag and steps are compared, as above.
    const std::vector<double> a_series = finished_members(scalar, f.series),
                              a_final = finished_members(scalar, f.final),
                              b_series = finished_members(scalar, candidate.series(f.name)),
                              b_final = finished_members(scalar, candidate.final(f.name));
    const double scale = std::max(max_abs(a_series), max_abs(a_final));
    const double series = max_abs_difference(a_series, b_series) / scale;
    const double final = max_abs_difference(a_final, b_final) / scale;
    if (std::is_same_v<Real, float>) {
      // float32: a model's float32 error can be far above float32's epsilon (a stiff rod's velocities, the
      // momentum of a free rod, a sum that cancels), and two float32 paths that round differently (FMA contraction,
      // vector or device sin, cos, atan2) drift apart by as much. What must hold is that the candidate is as
      // accurate as the scalar float32 path: its error against float64 at most twice that path's own (or the
      // model's float32_error_ratio), or 1e-3 of the field's scale.
      const std::vector<double> s64_series = finished_members(scalar, scalar64.series(f.name)),
                                s64_final = finished_members(scalar, scalar64.final(f.name));
      const double own = std::max(max_abs_difference(a_series, s64_series), max_abs_difference(a_final, s64_final));
      const double error = std::max(max_abs_difference(b_series, s64_series), max_abs_difference(b_final, s64_final));
      const double tolerance = std::max(1e-3, float32_error_ratio() * own / scale);
      std::printf("%s, %s: float32 error %.3e relative (the scalar path's %.3e), %.3e from the scalar path\n",
                  what.c_str(), f.name.c_str(), error / scale, own / scale, std::max(series, final));
      EXPECT_LE(error / scale, tolerance) << f.name;
      continue;
    }
    const double tolerance = 1e-9 * round_off_amplification(f.name);  // float64: round-off
    std::printf("%s, %s: series %.3e, final %.3e relative to the scalar path (tolerance %.1e)\n", what.c_str(),
                f.name.c_str(), series, final, tolerance);
    EXPECT_LE(series, tolerance) << f.name;
    EXPECT_LE(final, tolerance) << f.name;
  }
}

/// The job on the scalar CPU path (RODSWARM_SIMD=scalar), and in float64 too when Real is float.
template <class Real>
std::pair<Results, Results> scalar_path(const Job<M>& job, RunOptions options) {
  options.backend = BackendKind::cpu;
  const ScopedSimd simd("scalar");
  const RunReport report = run(job, options);
  EXPECT_EQ(report.results.backend.find("lanes"), std::string::npos) << report.results.backend;
  Results scalar64;
  if (std::is_same_v<Real, float>) {
    Job<M> job64 = job;
    job64.precision = Precision::float64;
    scalar64 = run(job64, options).results;
  }
  return {report.results, scalar64};
}

/// The examples a precision runs: float32_examples() in float32 (the others may refuse float32), else examples().
template <class Real>
std::vector<ExampleCase> examples_of() {
  return std::is_same_v<Real, float> ? Cases::float32_examples() : Cases::examples();
}

#if !RODSWARM_TEST_CUDA
/// Under a sanitizer the packs run at -O0 with every access checked (minutes per example): there the lanes are
/// exercised on the widest instruction set, on the diverging trio only (gather, ghosts, write-back).
#if defined(RODSWARM_SANITIZED_BUILD)
constexpr bool sanitized_build = true;
#else
constexpr bool sanitized_build = false;
#endif

/// Runs `job` on the scalar CPU path and on the lane backend of every instruction set this host runs, and checks
/// them against each other field by field: the same stepper per lane, so round-off apart (FMA contraction where
/// the set has it), the same steps, the same flags.
template <class Real>
void expect_lanes_match_scalar(const Job<M>& job, const RunOptions& options, const std::string& what) {
  const auto [scalar, scalar64] = scalar_path<Real>(job, options);
  for (const LaneIsa isa : built_lane_isas()) {
    if (sanitized_build && isa != widest_host_lane_isa()) continue;
    if (!host_supports(isa)) {
      std::printf("%s: this host has no %s; not checked here\n", what.c_str(), lane_isa_name(isa));
      continue;
    }
    const ScopedSimd simd(isa == LaneIsa::avx2 ? "avx2" : lane_isa_name(isa));
    const Results lanes = run(job, options).results;
    EXPECT_NE(lanes.backend.find(std::string(lane_isa_name(isa)) + " lanes"), std::string::npos) << lanes.backend;
    expect_round_off_apart<Real>(scalar, scalar64, lanes, what + ", " + lane_isa_name(isa));
  }
}

// The lane backend (members in SIMD lanes, lanes/lane_backend.hpp) against the scalar CPU path, on every
// instruction set the host has: the model's examples, an ensemble of members of different sizes, and three
// members of which the middle one diverges (its lane is written back at that step and its lane-mates go on).
TYPED_TEST(Backends, LanesAgreeWithTheScalarPath) {
  if (!HasLanes<M>::value) GTEST_SKIP() << M::name << "'s physics is not lane-generic yet: the CPU runs it scalar";
  for (const ExampleCase& c : examples_of<TypeParam>()) {
    if (sanitized_build) break;
    Job<M> job = load<TypeParam>(c);
    Cases::shorten_for_round_off(job);
    expect_lanes_match_scalar<TypeParam>(job, this->options_, c.file + (c.sets.empty() ? "" : " " + c.sets.front()));
  }
  if (!sanitized_build) {
    Job<M> ensemble = load<TypeParam>(ensemble_case<TypeParam>());
    Cases::shorten_for_round_off(ensemble);
    expect_lanes_match_scalar<TypeParam>(ensemble, this->options_, "ensemble");
  }
  Job<M> three = three_with_a_diverging_middle(load<TypeParam>(Cases::diverging()), Cases::diverging_dt_factor);
  expect_lanes_match_scalar<TypeParam>(three, this->options_, "three, the middle one diverging");
}
#endif

#if RODSWARM_TEST_CUDA
// The CUDA backend against the scalar CPU path directly, field by field, by the lanes' measure: both run the
// model's one stepper, so they differ by round-off (contractions into FMAs, the device's sin and cos, the order of
// a block's reductions), not by a discretisation. A field is measured against its scale over the whole run (a
// damped string's final velocities are round-off relative to themselves: seen on an H100, 2026-11-27).
TYPED_TEST(Backends, CudaAgreesWithTheCpuBackendAtRoundOff) {
  for (const ExampleCase& c : examples_of<TypeParam>()) {
    Job<M> job = load<TypeParam>(c);
    Cases::shorten_for_round_off(job);
    const auto [scalar, scalar64] = scalar_path<TypeParam>(job, this->options_);
    const Results cuda = run(job, this->options_).results;
    expect_round_off_apart<TypeParam>(scalar, scalar64, cuda, c.file + (c.sets.empty() ? "" : " " + c.sets.front()));
  }
  Job<M> ensemble = load<TypeParam>(ensemble_case<TypeParam>());
  Cases::shorten_for_round_off(ensemble);
  const auto [scalar, scalar64] = scalar_path<TypeParam>(ensemble, this->options_);
  expect_round_off_apart<TypeParam>(scalar, scalar64, run(ensemble, this->options_).results, "ensemble");
}
#endif

}  // namespace
}  // namespace rodswarm
