// What only model greenspan checks on every backend (the typed suite, test_backends.cpp, compares every example with
// the reference): the paper's numbers, the schemes' orders, the steady state, the energy balance, and on a GPU every
// kernel layout and streamed batches. Compiled once per backend by tests/backend/CMakeLists.txt with
// RODSWARM_TEST_CUDA = 0 (CPU, label cpu) or 1 (CUDA, label gpu; skips, visibly, without a device).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../lanes/scoped_simd.hpp"
#include "backend_fixture.hpp"

namespace rodswarm {
namespace {

const std::string examples = examples_of("greenspan");
using greenspan::Model;

// The paper's printed positions of Example 1 at t = 10 and its steady state (section 6).
const double paper_t10[9] = {-0.1137, -0.2023, -0.2669, -0.3080, -0.3236, -0.3080, -0.2669, -0.2023, -0.1137};
const double paper_steady[9] = {-0.1137, -0.2022, -0.2668, -0.3079, -0.3235, -0.3079, -0.2668, -0.2022, -0.1137};

class GreenspanBackend : public BackendTest {
 protected:
  GreenspanJob load(const std::string& name, const std::vector<std::string>& sets = {}) {
    return load_example<Model>(name, sets);
  }
  /// Moving-bead heights of member i's final state.
  static std::vector<double> final_heights(const Results& r, std::size_t i) {
    std::vector<double> y;
    const auto B = static_cast<std::size_t>(r.max_beads);
    for (int b = 1; b + 1 < r.beads[i]; ++b) y.push_back(r.final("positions")[(i * B + b) * 3 + 1]);
    return y;
  }
};

TEST_F(GreenspanBackend, Example1AtTenSecondsMatchesThePaper) {
  const auto report = run(load("example1.json"), options_);
  const auto y = final_heights(report.results, 0);
  ASSERT_EQ(y.size(), 9u);
  EXPECT_DOUBLE_EQ(report.results.final_time[0], 10.0);
  for (int j = 0; j < 9; ++j) {
    std::printf("bead %d: y(10) = %+.7f  paper %+.4f\n", j + 1, y[j], paper_t10[j]);
    // Beads 2 and 8 sit 5.11e-5 from the printed -0.2023 (1.1e-6 past half a digit): at t = 10 the string still
    // moves by ~1e-5, and the UNIVAC's 27-bit arithmetic shifts these values by up to 1.9e-5 (measured with the
    // reference in reduced precision), so 2e-6 of slack is the paper's own noise, not ours.
    EXPECT_NEAR(y[j], paper_t10[j], 0.5e-4 + 2e-6) << "bead " << j + 1;
  }
}

/// Observed orders log2(e_k / e_{k+1}) of `scheme` on Example 1 over the window t in [0.2, 0.7], errors against
/// a run with dt / 16. The window starts from the (RK4, dt = 1e-5) state at t = 0.2 because before that segments
/// cross zero rise 18 times (t = 0.036 .. 0.141): the |d/dx| term of (6.1) makes the force only C^1 there, which
/// spoils RK4's order (measured 3.68 on [0, 0.5]); on the window no segment changes sign.
std::vector<double> observed_orders(const RunOptions& options, const std::string& scheme,
                                    const std::vector<double>& dts) {
  const std::string path = examples + "example1.json";
  const auto start =
      run(load_job<Model>(path, {"integrator.scheme=\"rk4\"", "integrator.dt=0.00001", "integrator.t_end=0.2",
                                 "output.save_every=0", "output.fields=[\"velocities\"]"}),
          options)
          .results;
  nlohmann::json points = nlohmann::json::array(), velocities = nlohmann::json::array();
  for (int b = 0; b <= 10; ++b)
    points.push_back({start.final("positions")[b * 3], start.final("positions")[b * 3 + 1], 0.0});
  for (int b = 1; b <= 9; ++b) velocities.push_back(start.final("velocities")[b * 3 + 1]);
  auto final_y = [&](double dt) {
    nlohmann::json cfg = read_config_file(path);
    cfg["initial"] = {{"kind", "points"}, {"points", points}, {"velocities", velocities}};
    cfg["integrator"] = {{"scheme", scheme}, {"dt", dt}, {"t_end", 0.5}};
    cfg["output"] = {{"save_every", 0}};
    const auto r = run(parse_job<Model>(cfg, "order test"), options).results;
    std::vector<double> y;
    for (int b = 1; b <= 9; ++b) y.push_back(r.final("positions")[b * 3 + 1]);
    return y;
  };
  const auto fine = final_y(dts.back() / 16);
  std::vector<double> errors, orders;
  for (double dt : dts) {
    const auto y = final_y(dt);
    double e = 0;
    for (int j = 0; j < 9; ++j) e = std::max(e, std::fabs(y[j] - fine[j]));
    errors.push_back(e);
  }
  for (std::size_t k = 0; k + 1 < errors.size(); ++k) {
    orders.push_back(std::log2(errors[k] / errors[k + 1]));
    std::printf("%s: dt = %.4g  error = %.3e  observed order = %.3f\n", scheme.c_str(), dts[k + 1], errors[k + 1],
                orders.back());
  }
  return orders;
}

TEST_F(GreenspanBackend, Rk4ConvergesAtOrderFour) {
  for (double order : observed_orders(options_, "rk4", {0.004, 0.002, 0.001, 0.0005})) {
    EXPECT_GT(order, 3.8);
    EXPECT_LT(order, 4.2);
  }
}

TEST_F(GreenspanBackend, PaperSchemeConvergesAtOrderOne) {
  // v_k = v_{k-1} + dt F_{k-1}/m is explicit Euler in the velocity: first order globally.
  for (double order : observed_orders(options_, "greenspan", {0.0005, 0.00025, 0.000125, 0.0000625})) {
    EXPECT_GT(order, 0.9);
    EXPECT_LT(order, 1.1);
  }
}

TEST_F(GreenspanBackend, SteadyStateOfExample1MatchesThePaper) {
  const auto report = steady(load("example1.json"), options_);
  ASSERT_EQ(report.results.converged[0], 1);
  const auto y = final_heights(report.results, 0);
  for (int j = 0; j < 9; ++j) {
    std::printf("bead %d: steady y = %+.6f  paper %+.4f\n", j + 1, y[j], paper_steady[j]);
    // Measured: every printed steady value sags less than the converged one (a loose 1969 stopping rule):
    // gaps 3.5e-5, 6.0e-5, 7.0e-5, 6.8e-5 and 1.22e-4 at the centre. Truncating ours to 4 decimals gives every
    // printed value but the centre's. (A first reading blamed only the centre; beads 2-4 and 6-8 are off too.)
    EXPECT_NEAR(y[j], paper_steady[j], j == 4 ? 1.5e-4 : 0.75e-4) << "bead " << j + 1;
    EXPECT_LT(y[j], paper_steady[j]) << "bead " << j + 1;
    if (j != 4) {
      EXPECT_DOUBLE_EQ(std::trunc(y[j] * 1e4) / 1e4, paper_steady[j]) << "bead " << j + 1;
    }
  }
}

TEST_F(GreenspanBackend, SteadyStatesOfExamples2And6AgreeWithLongRk4Dynamics) {
  // Every mode decays like exp(-alpha t / 2m): Example 2 (gamma = 1.5) for 20 s, Example 6 (gamma = 2.5) for 12 s
  // leave ~1e-13 of the initial amplitude.
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"example2.json", {"integrator.dt=0.001", "integrator.t_end=20"}},
      {"example6.json", {"integrator.dt=0.0005", "integrator.t_end=12"}}};
  for (const auto& [file, sets] : cases) {
    auto all = sets;
    all.push_back("integrator.scheme=\"rk4\"");
    all.push_back("output.save_every=0");
    const auto job = load(file, all);
    const auto equilibrium = final_heights(steady(job, options_).results, 0);
    const auto dynamic = final_heights(run(job, options_).results, 0);
    ASSERT_EQ(equilibrium.size(), dynamic.size());
    double gap = 0;
    for (std::size_t j = 0; j < equilibrium.size(); ++j) gap = std::max(gap, std::fabs(equilibrium[j] - dynamic[j]));
    std::printf("%s: max |steady - rk4 dynamics| = %.3e\n", file.c_str(), gap);
    EXPECT_LT(gap, 1e-8) << file;
  }
}

TEST_F(GreenspanBackend, EnergyFallsAtTheDampingRate) {
  // dE/dt = -alpha sum v^2: compare E(T) - E(0) with Simpson's rule on the saved velocities (RK4, fine saves).
  auto job = load("example1.json", {"integrator.scheme=\"rk4\"", "integrator.t_end=1", "output.save_every=0.002",
                                    "output.fields=[\"positions\", \"velocities\", \"energy\"]"});
  const auto r = run(job, options_).results;
  const std::size_t S = r.time.size(), B = static_cast<std::size_t>(r.max_beads), E = r.energy_names().size();
  ASSERT_EQ(S, 501u);
  std::vector<double> power(S);
  for (std::size_t k = 0; k < S; ++k) {
    double sum = 0;
    for (std::size_t b = 1; b + 1 < B; ++b) sum += std::pow(r.series("velocities")[(k * B + b) * 3 + 1], 2);
    power[k] = -0.6 * sum;
  }
  double integral = power[0] + power[S - 1];
  for (std::size_t k = 1; k + 1 < S; ++k) integral += (k % 2 ? 4.0 : 2.0) * power[k];
  integral *= 0.002 / 3.0;
  const double change = r.series("energy")[(S - 1) * E + E - 1] - r.series("energy")[E - 1];
  std::printf("E(1) - E(0) = %.10f, -alpha int sum v^2 = %.10f\n", change, integral);
  EXPECT_NEAR(change, integral, 1e-6 * std::fabs(integral));
}

#if RODSWARM_TEST_CUDA
// Every CUDA kernel layout, forced, against the reference. Members of 3 to 300 beads: each layout that can hold
// a member takes it (a forced layout falls back to the next larger one only for members it cannot hold).
class GreenspanLayout : public ::testing::TestWithParam<KernelLayout> {
 protected:
  void SetUp() override {
    if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device on this host: this GPU test did not run";
    options_.backend = BackendKind::cuda;
    options_.cuda.layout = GetParam();
  }
  static GreenspanJob mixed_sizes(const std::string& scheme, const std::string& precision = "float64") {
    return load_job<Model>(examples + "example1.json",
                           {"integrator.scheme=\"" + scheme + "\"", "precision=\"" + precision + "\"",
                            "integrator.t_end=1", "output.save_every=0.1",
                            "output.fields=[\"positions\", \"velocities\", \"energy\"]", "initial.peak=[0.3, 0.2]",
                            "ensemble={\"mode\": \"grid\", \"vary\": {\"params.n\": [3, 9, 14, 16, 40, 300]}}"});
  }
  RunOptions options_;
};

TEST_P(GreenspanLayout, Rk4AgreesWithTheReferenceForEveryMemberSize) {
  const auto report = compare(mixed_sizes("rk4"), options_, 6);
  std::printf("%s\n", format_compare(report).c_str());
  EXPECT_EQ(report.members, 6);
  EXPECT_TRUE(report.ok);
  EXPECT_NE(report.backend.find(std::string("layout ") + layout_name(GetParam())), std::string::npos) << report.backend;
}

TEST_P(GreenspanLayout, PaperSchemeAgreesWithTheReferenceForEveryMemberSize) {
  const auto report = compare(mixed_sizes("greenspan"), options_, 6);
  std::printf("%s\n", format_compare(report).c_str());
  EXPECT_TRUE(report.ok);
}

// float32 against the float64 reference, as accurate as the scalar CPU path's float32: each field's error within
// compare's tolerance or twice the CPU's own (velocities: 1.4e-5 on an H100 against 1e-5, 2026-11-27; FMA
// contraction and the device's sqrt round differently from the CPU).
TEST_P(GreenspanLayout, Float32AgreesWithTheFloat64Reference) {
  const GreenspanJob job = mixed_sizes("rk4", "float32");
  const auto report = compare(job, options_, 6);
  std::printf("%s\n", format_compare(report).c_str());
  RunOptions cpu;
  cpu.backend = BackendKind::cpu;
  CompareReport on_cpu;
  {
    const ScopedSimd scalar("scalar");
    on_cpu = compare(job, cpu, 6);
  }
  std::printf("scalar CPU path:\n%s\n", format_compare(on_cpu).c_str());
  ASSERT_EQ(report.rows.size(), on_cpu.rows.size());
  for (std::size_t k = 0; k < report.rows.size(); ++k) {
    const CompareRow &gpu = report.rows[k], &host = on_cpu.rows[k];
    ASSERT_EQ(gpu.field, host.field);
    EXPECT_LE(gpu.max_rel, std::max(gpu.tolerance, 2 * host.max_rel)) << gpu.field;
  }
}

TEST_P(GreenspanLayout, DivergingMemberIsFlaggedAndTheOthersFinish) {
  const auto job = load_job<Model>(examples + "example1.json", {"output.save_every=0.1",
                                                                "ensemble={\"mode\": \"zip\", \"vary\": "
                                                                "{\"integrator.dt\": [0.002, 0.05, 0.002]}}"});
  const auto report = run(job, options_);
  EXPECT_EQ(report.diverged, 1);
  EXPECT_EQ(report.results.diverged[1], 1);
  EXPECT_EQ(report.results.steps_taken[0], 5000);
  EXPECT_EQ(report.results.steps_taken[2], 5000);
}

INSTANTIATE_TEST_SUITE_P(AllLayouts, GreenspanLayout,
                         ::testing::Values(KernelLayout::thread, KernelLayout::warp, KernelLayout::block,
                                           KernelLayout::grid),
                         [](const ::testing::TestParamInfo<KernelLayout>& param) { return layout_name(param.param); });

TEST_F(GreenspanBackend, AutomaticLayoutTakesThreadWarpAndBlockBySize) {
  const auto report =
      compare(load("example1.json", {"integrator.scheme=\"rk4\"", "integrator.t_end=0.5",
                                     "ensemble={\"mode\": \"grid\", \"vary\": {\"params.n\": [9, 60, 600]}}"}),
              options_, 3);
  std::printf("%s\n", format_compare(report).c_str());
  EXPECT_TRUE(report.ok);
  EXPECT_NE(report.backend.find("layout block+thread+warp"), std::string::npos) << report.backend;
}

TEST_F(GreenspanBackend, MemberTooLargeForSharedMemoryRunsInTheGridLayout) {
  // 6000 beads need 7 * 6000 * 8 = 336 kB on chip, more than any SM's shared memory.
  auto job = load("example1.json", {"integrator.scheme=\"rk4\"", "integrator.t_end=0.1", "output.save_every=0.05",
                                    "params.n=6000", "initial.peak=[0.5, 0.01]"});
  const auto report = compare(job, options_, 1);
  std::printf("%s\n", format_compare(report).c_str());
  EXPECT_TRUE(report.ok);
  EXPECT_NE(report.backend.find("layout grid"), std::string::npos) << report.backend;
}

TEST_F(GreenspanBackend, EnsembleLargerThanTheMemoryBudgetStreamsInBatches) {
  // A 64 kB budget holds about 100 Example-1 members per slot: 2000 members go through in ~20 batches.
  options_.cuda.device_memory = 64 * 1024;
  auto job = load("example1.json", {"integrator.scheme=\"rk4\"", "integrator.t_end=0.5", "output.save_every=0.1",
                                    "ensemble={\"mode\": \"grid\", \"vary\": {\"initial.peak[1]\": "
                                    "{\"linspace\": [0.1, 0.5, 2000]}}}"});
  const auto streamed = run(job, options_).results;
  EXPECT_NE(streamed.backend.find("streamed in"), std::string::npos) << streamed.backend;
  options_.cuda.device_memory = 0;
  const auto resident = run(job, options_).results;
  EXPECT_EQ(resident.backend.find("streamed"), std::string::npos) << resident.backend;
  ASSERT_EQ(streamed.series("positions").size(), resident.series("positions").size());
  for (std::size_t k = 0; k < streamed.series("positions").size(); ++k) {
    ASSERT_EQ(streamed.series("positions")[k], resident.series("positions")[k])
        << "value " << k;  // same kernels, bitwise
  }
  const auto report = compare(job, options_, 5);
  EXPECT_TRUE(report.ok);
}

TEST_F(GreenspanBackend, SteadyStateOfAStreamedEnsembleMatchesTheResidentOne) {
  options_.cuda.device_memory = 16 * 1024;
  auto job = load("example1.json",
                  {"ensemble={\"mode\": \"grid\", \"vary\": {\"params.m\": {\"linspace\": [0.05, 0.2, 300]}}}"});
  const auto streamed = steady(job, options_).results;
  options_.cuda.device_memory = 0;
  const auto resident = steady(job, options_).results;
  ASSERT_EQ(streamed.final("positions").size(), resident.final("positions").size());
  for (std::size_t k = 0; k < streamed.final("positions").size(); ++k) {
    ASSERT_EQ(streamed.final("positions")[k], resident.final("positions")[k]) << "value " << k;
  }
  for (auto c : streamed.converged) EXPECT_EQ(c, 1);
}
#endif

}  // namespace
}  // namespace rodswarm
