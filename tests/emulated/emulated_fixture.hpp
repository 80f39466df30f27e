// What the emulated suite (test_emulated.cpp) shares: the options of a run on the emulated device, and a run of
// the same job on the CPU backend to check it against, field by field.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

#include "../backend/backend_fixture.hpp"
#include "driver/save_schedule.hpp"
#include "rodswarm/gpu/card_properties.hpp"
#include "rodswarm/gpu/device_plan.hpp"
#include "rodswarm/gpu/launch_config.hpp"
#include "../lanes/scoped_simd.hpp"

namespace rodswarm {

/// A case on a chosen card, and the layouts its members must end up in.
struct SizedCase {
  ExampleCase example;
  std::string card;
  std::vector<std::string> layouts;
};

/// What the emulated suite runs for model M: specialized in <model>_emulated_cases.hpp.
///   short_runs()             a few tens of steps with several save points, run in every layout
///                            (the first also through the model's compare with its reference, in float64)
///   mixed_sizes()            ensembles whose members straddle the automatic layout choice's thresholds
///   diverging(), diverging_dt_factor   the middle of three copies of its first member, dt scaled by the
///                            factor, diverges before the end (the others do not)
///   many_members()           an ensemble larger than slices_on_one_sm (the launches of a one-SM card)
template <class M>
struct EmulatedCases;

inline std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (const auto& p : parts) s += (s.empty() ? "" : " ") + p;
  return s;
}

/// The case's example with its overrides, in precision Real.
template <class M, class Real>
Job<M> load_in_precision(const ExampleCase& c) {
  std::vector<std::string> sets = c.sets;
  sets.emplace_back(std::is_same_v<Real, float> ? "precision=\"float32\"" : "precision=\"float64\"");
  return load_example<M>(c.file, sets);
}

/// The layouts model M runs in.
template <class M>
std::vector<KernelLayout> offered_layouts_of() {
  std::vector<KernelLayout> out;
  for (auto l : {KernelLayout::thread, KernelLayout::warp, KernelLayout::block, KernelLayout::grid}) {
    if (placement_in(M::layouts, l) != Placement::none) out.push_back(l);
  }
  return out;
}

template <class M>
std::size_t saves_of(const Job<M>& job) {
  return plan_saves(job, 0.0).time.size();
}

/// Run options for the emulated backend (an H100 SXM unless a test names another card) in `layout`.
inline RunOptions emulated(KernelLayout layout) {
  RunOptions options;
  options.backend = BackendKind::emulated;
  options.cuda.layout = layout;
  return options;
}

/// The largest |a - b| of values [first, last) of a field (NaN on both sides at the same place is equal; NaN on
/// one side is infinite) and the largest |a| there.
struct FieldDifference {
  double abs = 0, scale = 0;
};
inline FieldDifference field_difference(const std::vector<double>& a, const std::vector<double>& b, std::size_t first,
                                        std::size_t last) {
  if (a.size() != b.size()) return {INFINITY, 0};
  FieldDifference d;
  for (std::size_t k = first; k < last; ++k) {
    if (std::isnan(a[k]) && std::isnan(b[k])) continue;
    d.abs = std::max(d.abs, std::isnan(a[k] - b[k]) ? INFINITY : std::fabs(a[k] - b[k]));
    if (std::isfinite(a[k])) d.scale = std::max(d.scale, std::fabs(a[k]));
  }
  return d;
}

/// Runs `job` on the emulated backend with `options` and on the CPU backend; expects the same steps and flags and,
/// member by member, every field within round-off of the CPU's: 1e-9 of the field's largest value in float64,
/// 1e-3 in float32 (as the real GPU suite allows), or, for a field that is itself round-off (a twist wave's
/// translational velocities, 1e-13 m/s), 1000 units in the last place of the member's largest value: the block
/// layout's parallel scans sum in another order than the CPU's loops, so such fields differ by their own size.
/// Prints the largest relative difference above that floor. Returns the emulated results.
template <class M>
Results expect_agrees_with_cpu(const Job<M>& job, const RunOptions& options, const std::string& label) {
  const bool single = job.precision == Precision::float32;
  const double tolerance = single ? 1e-3 : 1e-9;
  const double ulp = single ? 0x1p-23 : 0x1p-52;
  RunOptions cpu;
  cpu.backend = BackendKind::cpu;
  Results a;
  {
    const ScopedSimd scalar("scalar");  // the CPU path the GPU's stepper matches operation for operation
    a = run(job, cpu).results;
  }
  Results b = run(job, options).results;
  EXPECT_EQ(a.steps_taken, b.steps_taken);
  EXPECT_EQ(a.diverged, b.diverged);
  for (const StopFlag& flag : stop_flags) EXPECT_EQ(a.*flag.flags, b.*flag.flags) << flag.name;
  const auto members = static_cast<std::size_t>(a.members);
  double worst = 0;
  std::string worst_field = "none above the floor";
  for (std::size_t i = 0; i < members; ++i) {
    double largest = 0;  // of this member, over every field
    for (const ResultsField& f : a.fields) {
      for (const auto* v : {&f.series, &f.final}) {
        const std::size_t row = v->size() / members;
        largest = std::max(largest, field_difference(*v, *v, i * row, (i + 1) * row).scale);
      }
    }
    const double noise = 1000 * ulp * largest;
    for (const ResultsField& f : a.fields) {
      for (const bool series : {true, false}) {
        const std::vector<double>& x = series ? f.series : f.final;
        const std::vector<double>& y = series ? b.series(f.name) : b.final(f.name);
        const std::size_t row = x.size() / members;
        const FieldDifference d = field_difference(x, y, i * row, (i + 1) * row);
        EXPECT_LE(d.abs, std::max(tolerance * d.scale, noise))
            << f.name << (series ? " (series)" : " (final)") << " of member " << i << ": largest value " << d.scale;
        const double relative = d.scale > 0 ? d.abs / d.scale : d.abs;
        if (d.abs > noise && relative >= worst) {
          worst = relative;
          worst_field = f.name;
        }
      }
    }
  }
  std::printf("[emulated] %s %s %s, %lld members: largest difference to the CPU %.3e of the field (%s); %s\n", M::name,
              single ? "float32" : "float64", label.c_str(), static_cast<long long>(job.size()), worst,
              worst_field.c_str(), b.backend.c_str());
  return b;
}

/// Device memory that makes `job` stream through the backend's slots in about eight batches on `card`: the plan's
/// fixed bytes (workspace pools) in each of the three slots, and an eighth of the members' bytes. It streams only
/// when the members' bytes are more than 3.2 times the pools' (each slot holds a pool).
template <class M, class Real>
std::size_t streamed_budget(const Job<M>& job, const std::string& card) {
  const CardProperties c = card_by_key(card);
  const DeviceShape shape = shape_of(c);
  const CudaOptions defaults;
  const DevicePlan plan =
      plan_device<M, Real>(job.members, KernelLayout::automatic, std::size_t{1} << 40, defaults.streams, shape);
  const std::size_t members = plan.batches.total_bytes - plan.fixed_bytes;
  std::printf("[emulated] %s on %s: %zu bytes of members, %zu of workspace pools in every slot\n", M::name,
              c.name.c_str(), members, plan.fixed_bytes);
  return static_cast<std::size_t>(defaults.streams) * (plan.fixed_bytes + members / 8);
}

}  // namespace rodswarm
