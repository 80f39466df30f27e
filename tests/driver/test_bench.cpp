// The bench suite: roofline arithmetic against hand values, CPU rows at a tiny scale, GPU/CPU ratios, the text
// table's width, and the `rodswarm bench --json` output end to end.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "backends/lanes/lane_isa.hpp"
#include "driver/bench.hpp"
#include "rodswarm/models/greenspan_cost.hpp"
#include "rodswarm/models/registry.hpp"
#include "scoped_cache_dir.hpp"

namespace rodswarm {
namespace {

using test::ScopedCacheDir;

std::string test_name() { return ::testing::UnitTest::GetInstance()->current_test_info()->name(); }

TEST(BenchRoofline, MemoryBoundBelowTheRidgeComputeBoundAbove) {
  // Peak 100 GFLOP/s, 10 GB/s: the ridge is at 10 FLOP/byte.
  const Roofline low = roofline(100e9, 10e9, 2.5);
  EXPECT_DOUBLE_EQ(low.attainable_flops, 25e9);
  EXPECT_STREQ(low.bound, "memory");
  const Roofline high = roofline(100e9, 10e9, 40.0);
  EXPECT_DOUBLE_EQ(high.attainable_flops, 100e9);
  EXPECT_STREQ(high.bound, "compute");
  const Roofline ridge = roofline(100e9, 10e9, 10.0);
  EXPECT_DOUBLE_EQ(ridge.attainable_flops, 100e9);
  EXPECT_STREQ(ridge.bound, "compute");
}

TEST(BenchRoofline, LayoutIsReadFromTheCudaDescription) {
  EXPECT_EQ(layout_from_description("cuda (NVIDIA H200 (sm_90), layout thread)"), "thread");
  EXPECT_EQ(layout_from_description("cuda (NVIDIA H100 80GB HBM3 (sm_90), layout block)"), "block");
  EXPECT_EQ(layout_from_description("cuda (NVIDIA H200 (sm_90), layout grid, streamed)"), "grid");
  EXPECT_EQ(layout_from_description("cuda (NVIDIA H200 (sm_90))"), "");
  EXPECT_EQ(layout_from_description("cpu (2 OpenMP threads)"), "");
}

TEST(BenchRatios, PairTheSameProblemSchemeAndPrecision) {
  auto row = [](const char* backend, const char* problem, const char* scheme, const char* precision, double rate) {
    BenchRow r;
    r.model = "greenspan";
    r.backend = backend;
    r.problem = problem;
    r.scheme = scheme;
    r.precision = precision;
    r.bead_steps_per_second = rate;
    return r;
  };
  const std::vector<BenchRow> rows = {
      row("cpu", "n=9", "rk4", "float64", 2e8),         row("cpu", "n=9", "greenspan", "float64", 4e8),
      row("cpu", "n=1000", "rk4", "float64", 1e8),      row("cuda", "n=9", "rk4", "float64", 5e10),
      row("cuda", "n=9", "greenspan", "float32", 9e11),  // other precision: no pair
      row("cuda", "n=1000", "rk4", "float64", 3e9)};
  const auto ratios = bench_ratios(rows);
  ASSERT_EQ(ratios.size(), 2u);
  EXPECT_EQ(ratios[0].problem, "n=9");
  EXPECT_EQ(ratios[0].scheme, "rk4");
  EXPECT_DOUBLE_EQ(ratios[0].ratio, 250.0);
  EXPECT_EQ(ratios[1].problem, "n=1000");
  EXPECT_DOUBLE_EQ(ratios[1].ratio, 30.0);
}

TEST(BenchSuite, TableHoldsBothGreenspanSizesAndSchemes) {
  int found = 0;
  for (const BenchCase& c : bench_cases()) {
    if (std::string(c.model) != "greenspan") continue;
    ++found;
    EXPECT_TRUE((c.beads == 9 && c.members == 1'000'000) || (c.beads == 1000 && c.members == 10'000)) << c.problem;
    EXPECT_LT(c.cpu_steps, c.cuda_steps) << c.problem;
  }
  EXPECT_EQ(found, 4);
}

TEST(BenchSuite, EveryModelOfTheRegistryHasRows) {
  std::vector<std::string> models;
  for_each_type(Models{}, [&](auto model) { models.emplace_back(decltype(model)::name); });
  for (const std::string& model : models) {
    const auto rows =
        std::count_if(bench_cases().begin(), bench_cases().end(), [&](const BenchCase& c) { return c.model == model; });
    EXPECT_GE(rows, 2) << model;
  }
  // --model all: one row per case of every model, on the CPU at a tiny scale.
  ScopedCacheDir cache(test_name());
  std::ostringstream warn;
  BenchOptions all;
  all.backends = {BackendKind::cpu};
  all.model = "all";
  all.scale = 1e-6;
  all.steps_scale = 0.01;
  all.calibration.cpu.copy_bytes = std::size_t(32) << 20;
  all.calibration.cpu.fma_iterations = 2'000'000;
  all.calibration.cpu.repetitions = 2;
  all.calibration.warn = &warn;
  const BenchReport report = run_bench(all);
  EXPECT_EQ(report.rows.size(), bench_cases().size());
  for (const BenchRow& r : report.rows) EXPECT_GT(r.bead_steps_per_second, 0.0) << r.model << " " << r.problem;
}

BenchOptions tiny_cpu_options(std::ostream& warn) {
  BenchOptions o;
  o.backends = {BackendKind::cpu};
  o.scale = 1e-4;
  o.calibration.cpu.copy_bytes = std::size_t(32) << 20;
  o.calibration.cpu.fma_iterations = 2'000'000;
  o.calibration.cpu.repetitions = 2;
  o.calibration.warn = &warn;
  return o;
}

TEST(BenchSuite, CpuRowsAtATinyScaleSitUnderTheirRoof) {
  ScopedCacheDir cache(test_name());
  std::ostringstream warn;
  const BenchReport report = run_bench(tiny_cpu_options(warn));
  EXPECT_EQ(warn.str(), "");
  ASSERT_EQ(report.ceilings.size(), 1u);
  EXPECT_FALSE(report.ceilings[0].from_cache);
  const DeviceCeilings& ceilings = report.ceilings[0].ceilings;
  ASSERT_EQ(report.rows.size(), 4u);
  EXPECT_TRUE(report.ratios.empty());
  EXPECT_EQ(report.device, "");
  for (const BenchRow& r : report.rows) {
    SCOPED_TRACE(r.problem + " " + r.scheme);
    EXPECT_EQ(r.backend, "cpu");
    // The bench's model (greenspan) runs in lanes, "<the chosen instruction set> x<lanes>", unless
    // RODSWARM_SIMD=scalar (the asan preset's tests) chose the scalar path.
    if (chosen_lane_isa() == LaneIsa::scalar) {
      EXPECT_EQ(r.layout, "member/thread");
    } else {
      EXPECT_EQ(r.layout.rfind(std::string(lane_isa_name(chosen_lane_isa())) + " x", 0), 0u) << r.layout;
    }
    EXPECT_EQ(r.precision, "float64");
    EXPECT_EQ(r.members, r.beads == 9 ? 100 : 1);  // 10^6 and 10^4 members x 1e-4
    EXPECT_EQ(r.diverged, 0);
    EXPECT_GT(r.seconds, 0.0);
    EXPECT_TRUE(std::isfinite(r.bead_steps_per_second));
    EXPECT_GT(r.bead_steps_per_second, 0.0);
    const auto scheme = r.scheme == "rk4" ? greenspan::Scheme::rk4 : greenspan::Scheme::paper;
    EXPECT_EQ(r.flop_per_bead_step, greenspan::flops_per_bead_step(scheme));
    EXPECT_EQ(r.steps_per_launch, r.steps);  // no saves, no progress bar: one advance call for the whole run
    // The CPU moves the state once per advance call, like the block layout.
    EXPECT_DOUBLE_EQ(r.bytes_per_bead_step,
                     greenspan::global_bytes_per_bead_step(scheme, KernelLayout::block, sizeof(double), r.beads,
                                                           double(r.steps_per_launch)));
    EXPECT_DOUBLE_EQ(r.achieved_flops, r.bead_steps_per_second * r.flop_per_bead_step);
    EXPECT_EQ(r.peak_flops, ceilings.flops_float64);
    EXPECT_EQ(r.bytes_per_second, ceilings.bytes_per_second);
    const double memory_roof = ceilings.bytes_per_second * r.flop_per_bead_step / r.bytes_per_bead_step;
    EXPECT_DOUBLE_EQ(r.attainable_flops, std::min(ceilings.flops_float64, memory_roof));
    EXPECT_EQ(r.bound, memory_roof < ceilings.flops_float64 ? "memory" : "compute");
    EXPECT_GT(r.roofline_fraction, 0.0);
    EXPECT_LE(r.roofline_fraction, 1.5);
  }
  // The second run reads the ceilings it stored.
  const BenchReport again = run_bench(tiny_cpu_options(warn));
  EXPECT_TRUE(again.ceilings[0].from_cache);
  EXPECT_EQ(again.ceilings[0].ceilings.flops_float64, ceilings.flops_float64);
}

TEST(BenchSuite, TextTableFitsAndNamesItsCeilings) {
  BenchReport report;
  report.model = "greenspan";
  report.precision = "float64";
  report.commit = "abc1234";
  report.date = "2026-01-02T03:04:05Z";
  Calibration cpu;
  cpu.ceilings.device = "Some CPU (2 threads)";
  cpu.ceilings.bytes_per_second = 12.5e9;
  cpu.ceilings.flops_float64 = 22.4e9;
  cpu.ceilings.measured = "2026-01-01T00:00:00Z";
  cpu.from_cache = true;
  cpu.cache_file = "/home/u/.cache/rodswarm/ceilings.json";
  report.ceilings = {cpu};
  BenchRow r;
  r.model = "greenspan";
  r.problem = "n=1000";
  r.scheme = "greenspan";
  r.backend = "cpu";
  r.layout = "member/thread";
  r.precision = "float64";
  r.members = 1'000'000;
  r.beads = 1000;
  r.steps = 100'000;
  r.seconds = 123.456;
  r.bead_steps_per_second = 2.3e11;
  r.flop_per_bead_step = 115;
  r.bytes_per_bead_step = 0.218;
  r.achieved_flops = 26.45e12;
  r.attainable_flops = 33.5e12;
  r.bound = "compute";
  r.roofline_fraction = 0.79;
  report.rows = {r, r};
  report.rows[1].backend = "cuda";
  report.rows[1].layout = "thread";
  report.ratios = bench_ratios(report.rows);
  const std::string text = format_bench(report);
  EXPECT_NE(text.find("Some CPU (2 threads): 12.5 GB/s, 22.4 GFLOP/s"), std::string::npos) << text;
  EXPECT_NE(text.find("measured 2026-01-01T00:00:00Z, read from /home/u/.cache/rodswarm/ceilings.json"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("GPU/CPU"), std::string::npos) << text;
  EXPECT_NE(text.find("79.0%"), std::string::npos) << text;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 120u) << line;
}

// ---- the binary ----

struct Outcome {
  int code;
  std::string out, err;
};

Outcome rodswarm_bench(const std::filesystem::path& dir, const std::string& args) {
  const std::string out = (dir / "stdout.txt").string(), err = (dir / "stderr.txt").string();
  const std::string cmd = "'" + std::string(RODSWARM_BINARY) + "' bench " + args + " >'" + out + "' 2>'" + err + "'";
  const int status = std::system(cmd.c_str());
  auto slurp = [](const std::string& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

TEST(BenchCli, JsonCarriesCeilingsRowsAndProvenance) {
  ScopedCacheDir cache(test_name());
  const Outcome o = rodswarm_bench(cache.dir(), "--backend cpu --scale 1e-4 --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  for (const char* key : {"format", "model", "precision", "commit", "date", "host", "device", "ceilings", "rows",
                          "ratios", "scale", "steps_scale"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["format"], "rodswarm-bench");
  EXPECT_EQ(j["precision"], "float64");
  EXPECT_FALSE(j["commit"].get<std::string>().empty());
  EXPECT_TRUE(j["device"].is_null());
  EXPECT_EQ(j["date"].get<std::string>().size(), 20u);
  const auto& cpu = j["ceilings"]["cpu"];
  EXPECT_EQ(cpu["device"], j["host"]);
  EXPECT_EQ(cpu["source"], "measured");
  EXPECT_EQ(cpu["cache_file"], cache.file().string());
  EXPECT_GT(cpu["bytes_per_second"].get<double>(), 0.0);
  EXPECT_FALSE(j["ceilings"].contains("cuda"));
  ASSERT_EQ(j["rows"].size(), 4u);
  for (const auto& row : j["rows"]) {
    for (const char* key :
         {"problem", "scheme", "backend", "layout", "members", "beads", "steps", "seconds", "bead_steps_per_second",
          "flop_per_bead_step", "bytes_per_bead_step", "attainable_flops", "roofline_fraction", "bound"}) {
      EXPECT_TRUE(row.contains(key)) << key;
    }
    EXPECT_EQ(row["backend"], "cpu");
    EXPECT_GT(row["bead_steps_per_second"].get<double>(), 0.0);
  }
  EXPECT_TRUE(j["ratios"].empty());
  ASSERT_TRUE(std::filesystem::exists(cache.file()));

  // The second invocation reads the cache; --calibrate measures again.
  const auto cached = nlohmann::json::parse(rodswarm_bench(cache.dir(), "--backend cpu --scale 1e-4 --json").out);
  EXPECT_EQ(cached["ceilings"]["cpu"]["source"], "cache");
  EXPECT_EQ(cached["ceilings"]["cpu"]["flops_float64"], cpu["flops_float64"]);
  const auto calibrated =
      nlohmann::json::parse(rodswarm_bench(cache.dir(), "--backend cpu --scale 1e-4 --calibrate --json").out);
  EXPECT_EQ(calibrated["ceilings"]["cpu"]["source"], "measured");
}

TEST(BenchCli, AllWithoutADeviceSaysSoOnceAndRunsTheCpu) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a CUDA device is present";
  ScopedCacheDir cache(test_name());
  const Outcome o = rodswarm_bench(cache.dir(), "--scale 1e-4 --steps-scale 0.1");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.err, "rodswarm: no CUDA device found; benchmarking the CPU backend only\n");
  EXPECT_NE(o.out.find("ceilings"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("GPU/CPU"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(std::string("cpu instruction set: ") + lane_isa_name(chosen_lane_isa())), std::string::npos)
      << o.out;
}

TEST(BenchLayout, TheCpuRowNamesItsLanes) {
  EXPECT_EQ(cpu_layout_from_description("cpu (2 OpenMP threads, avx512 lanes: 8 x float64)"), "avx512 x8");
  EXPECT_EQ(cpu_layout_from_description("cpu (1 OpenMP threads, avx2+fma lanes: 8 x float32)"), "avx2+fma x8");
  EXPECT_EQ(cpu_layout_from_description("cpu (2 OpenMP threads)"), "member/thread");
}

}  // namespace
}  // namespace rodswarm
