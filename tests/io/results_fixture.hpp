/// @file results_fixture.hpp
/// Shared by the tests/io suites: a small, fully populated Results and a scratch directory under /tmp.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "io/results.hpp"

namespace rodswarm::test {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// A fresh directory under /tmp for one test, removed with everything in it afterwards.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           ("rodswarm_io_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
            std::to_string(static_cast<long long>(::getpid())));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  /// Path of `name` inside the directory.
  std::string file(const std::string& name) const { return (dir_ / name).string(); }
  /// Names of the entries in the directory (to check that no temporary file was left behind).
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir_)) names.push_back(entry.path().filename());
    return names;
  }

 private:
  std::filesystem::path dir_;
};

/// Value of coordinate c of bead b of member i at save k (distinct everywhere, so mix-ups show).
inline double coordinate(int i, int k, int b, int c) { return 1000.0 * i + 100.0 * k + 10.0 * b + c + 0.25; }

/// Declares a field of `r` (no data yet).
inline ResultsField& add_field(Results& r, const std::string& name, std::vector<std::uint64_t> row,
                               std::vector<std::string> components = {}) {
  ResultsField f;
  f.name = name;
  f.row = std::move(row);
  f.components = std::move(components);
  r.fields.push_back(std::move(f));
  return r.fields.back();
}

/// Removes the field `name` from `r` (a file that never saved it).
inline void drop_field(Results& r, const std::string& name) {
  for (auto it = r.fields.begin(); it != r.fields.end(); ++it) {
    if (it->name == name) {
      r.fields.erase(it);
      return;
    }
  }
}

/// 3 members with 5, 3 and 4 beads (max_beads 5, NaN padding), 4 saves, 4 energy components, 3 params.
inline Results make_results() {
  Results r;
  r.kind = "run";
  r.model = "greenspan";
  r.scheme = "rk4";
  r.backend = "cpu (2 threads)";
  r.precision = "float64";
  r.config_json = R"({"model":"greenspan","params":{"m":0.1}})";
  r.rodswarm_version = "0.1.0";
  r.created = "2024-05-01T12:00:00Z";
  r.members = 3;
  r.max_beads = 5;
  r.beads = {5, 3, 4};
  r.param_names = {"n", "m", "T0"};
  r.params = {{4.0, 2.0, 3.0}, {0.1, 0.2, 0.3}, {9.0, 9.5, 10.0}};
  r.varied_keys = {"params.m", "params.n"};
  add_field(r, "positions", {5, 3});
  add_field(r, "velocities", {5, 3});
  add_field(r, "energy", {4}, {"kinetic", "elastic", "potential", "total"});
  const int M = 3, S = 4, B = 5, E = 4;
  r.time = {0.0, 0.1, 0.2, 0.3};
  for (int i = 0; i < M; ++i) {
    for (int k = 0; k < S; ++k) {
      for (int b = 0; b < B; ++b) {
        for (int c = 0; c < 3; ++c) {
          const bool real = b < r.beads[static_cast<std::size_t>(i)];
          r.series("positions").push_back(real ? coordinate(i, k, b, c) : kNaN);
          r.series("velocities").push_back(real ? -coordinate(i, k, b, c) : kNaN);
        }
      }
      for (int e = 0; e < E; ++e) r.series("energy").push_back(10.0 * i + k + 0.125 * e);
    }
    r.final_time.push_back(0.3);
    for (int b = 0; b < B; ++b) {
      for (int c = 0; c < 3; ++c) {
        const bool real = b < r.beads[static_cast<std::size_t>(i)];
        r.final("positions").push_back(real ? coordinate(i, S - 1, b, c) : kNaN);
        r.final("velocities").push_back(real ? -coordinate(i, S - 1, b, c) : kNaN);
      }
    }
    for (int e = 0; e < E; ++e) r.final("energy").push_back(10.0 * i + (S - 1) + 0.125 * e);
  }
  r.diverged = {0, 1, 0};
  r.steps_taken = {150, 42, 150};
  r.stability_warning = {0, 1, 1};
  return r;
}

/// Momentum component c (0-2 linear, 3-5 angular) of member i at save k (distinct everywhere).
inline double momentum(int i, int k, int c) { return -(100.0 * i + 10.0 * k + c + 0.5); }

/// make_results() as a nishinari (3D) file: momentum series and final rows, and the singular flags.
inline Results make_nishinari_results() {
  Results r = make_results();
  r.model = "nishinari";
  add_field(r, "momentum", {6}, {"linear", "linear", "linear", "angular", "angular", "angular"});
  const int M = 3, S = 4;
  for (int i = 0; i < M; ++i) {
    for (int k = 0; k < S; ++k) {
      for (int c = 0; c < 6; ++c) r.series("momentum").push_back(momentum(i, k, c));
    }
    for (int c = 0; c < 6; ++c) r.final("momentum").push_back(momentum(i, S - 1, c));
  }
  r.singular = {0, 0, 1};
  return r;
}

/// Contact component c (0 s1, 1 s2, 2 lambda) of member i at save k (distinct everywhere).
inline double contact(int i, int k, int c) { return 0.5 * i + 0.0625 * k + 0.25 * c + 0.125; }

/// Running Lyapunov estimate of member i at save k; NaN at t = 0, where sum / t is undefined.
inline double lyapunov(int i, int k) { return k == 0 ? kNaN : 0.01 * (i + 1) + 0.001 * k; }

/// Signal sample n of member i: member 1 stopped after 4 of the 6 samples (NaN padding).
inline double signal(int i, int n) { return (i == 1 && n >= 4) ? kNaN : std::sin(0.5 * n + i) + 0.125 * i; }

/// make_results() as a rolling file: contact and Lyapunov series and final rows (member 1's exponent not
/// computed: NaN), and a spectrum of harmonic 3 sampled every 0.05 (6 samples, N_fft 8, 5 frequencies).
inline Results make_rolling_results() {
  Results r = make_results();
  r.model = "rolling";
  add_field(r, "contact", {3}, {"s1", "s2", "lambda"});
  add_field(r, "lyapunov", {});
  const int M = 3, S = 4, N = 6, F = 5;
  for (int i = 0; i < M; ++i) {
    for (int k = 0; k < S; ++k) {
      for (int c = 0; c < 3; ++c) r.series("contact").push_back(contact(i, k, c));
      r.series("lyapunov").push_back(lyapunov(i, k));
    }
    for (int c = 0; c < 3; ++c) r.final("contact").push_back(contact(i, S - 1, c));
    r.final("lyapunov").push_back(i == 1 ? kNaN : lyapunov(i, S - 1));
    for (int n = 0; n < N; ++n) r.spectrum.signal.push_back(signal(i, n));
    for (int j = 0; j < F; ++j) r.spectrum.power.push_back(10.0 * i + j + 0.5);
  }
  r.spectrum.harmonic = 3;
  r.spectrum.interval = 0.05;
  const double pi = std::acos(-1.0);
  for (int j = 0; j < F; ++j) r.spectrum.omega.push_back(2 * pi * j / (8 * 0.05));
  return r;
}

/// make_results() as a steady (Newton) file: no series, t undefined, Newton diagnostics.
inline Results make_steady_results() {
  Results r = make_results();
  r.kind = "steady";
  r.scheme = "newton";
  r.time.clear();
  r.series("positions").clear();
  r.series("velocities").clear();
  r.series("energy").clear();
  r.final("velocities").clear();
  r.final_time.clear();
  r.newton_iterations = {6, 50, 7};
  r.newton_residual = {1e-12, 3.5e-2, 2e-11};
  r.converged = {1, 0, 1};
  return r;
}

/// Bitwise equality, so NaN padding compares equal to NaN padding.
template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

/// Every field of two Results, exactly.
inline void expect_same_results(const Results& a, const Results& b) {
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.model, b.model);
  EXPECT_EQ(a.scheme, b.scheme);
  EXPECT_EQ(a.backend, b.backend);
  EXPECT_EQ(a.precision, b.precision);
  EXPECT_EQ(a.config_json, b.config_json);
  EXPECT_EQ(a.rodswarm_version, b.rodswarm_version);
  EXPECT_EQ(a.created, b.created);
  EXPECT_EQ(a.members, b.members);
  EXPECT_EQ(a.max_beads, b.max_beads);
  EXPECT_EQ(a.beads, b.beads);
  EXPECT_EQ(a.param_names, b.param_names);
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.varied_keys, b.varied_keys);
  EXPECT_TRUE(same_bits(a.time, b.time));
  // A field declared without data is a field the file does not have.
  auto saved = [](const Results& r) {
    std::vector<const ResultsField*> out;
    for (const auto& f : r.fields)
      if (!f.series.empty() || !f.final.empty()) out.push_back(&f);
    return out;
  };
  const auto fa = saved(a), fb = saved(b);
  ASSERT_EQ(fa.size(), fb.size());
  for (std::size_t f = 0; f < fa.size(); ++f) {
    SCOPED_TRACE(fa[f]->name);
    EXPECT_EQ(fa[f]->name, fb[f]->name);
    EXPECT_EQ(fa[f]->row, fb[f]->row);
    EXPECT_EQ(fa[f]->components, fb[f]->components);
    EXPECT_TRUE(same_bits(fa[f]->series, fb[f]->series));
    EXPECT_TRUE(same_bits(fa[f]->final, fb[f]->final));
  }
  EXPECT_TRUE(same_bits(a.final_time, b.final_time));
  EXPECT_EQ(a.rods, b.rods);
  EXPECT_EQ(a.spectrum.harmonic, b.spectrum.harmonic);
  EXPECT_EQ(a.spectrum.interval, b.spectrum.interval);
  EXPECT_TRUE(same_bits(a.spectrum.signal, b.spectrum.signal));
  EXPECT_TRUE(same_bits(a.spectrum.omega, b.spectrum.omega));
  EXPECT_TRUE(same_bits(a.spectrum.power, b.spectrum.power));
  EXPECT_EQ(a.diverged, b.diverged);
  EXPECT_EQ(a.steps_taken, b.steps_taken);
  EXPECT_EQ(a.stability_warning, b.stability_warning);
  for (const StopFlag& flag : stop_flags) EXPECT_EQ(a.*flag.flags, b.*flag.flags) << flag.name;
  EXPECT_EQ(a.newton_iterations, b.newton_iterations);
  EXPECT_TRUE(same_bits(a.newton_residual, b.newton_residual));
  EXPECT_EQ(a.converged, b.converged);
}

}  // namespace rodswarm::test
