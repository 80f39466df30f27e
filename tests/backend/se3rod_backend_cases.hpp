// ctest-labels: slow
// Model se3rod in the typed backend suite (test_backends.cpp): the cantilever (RKMK4), the released helix
// (variational), the roll-up under an end couple (damped), and the cantilever by Lie-Euler, each cut to 300 steps
// (150 in float32) with three saves; the rods rolling down inclines (RKMK4, Lie-Euler); a slice of the sweep; and a
// member whose dt is 40 times the cantilever's.
// Label slow: the reference's matrix exponentials and logarithms (Eigen) take seconds in Release and minutes under
// the sanitizer build (224 s for the float64 examples), which skips the label (asan test preset); se3rod's CPU
// path still runs there through tests/unit, tests/config, tests/cli and the emulated suite.
#pragma once

#include "backend_fixture.hpp"

namespace rodswarm {

template <>
struct BackendCases<se3rod::Model> {
  static std::vector<ExampleCase> examples() {
    return {{"cantilever.json", {}},
            // Lie-Euler is explicit Euler on the twists: it amplifies every undamped mode by sqrt(1 + (omega dt)^2) a
            // step, so it needs dt omega_max well below 1 (0.06 here).
            {"cantilever.json", {"integrator.scheme=\"lie_euler\"", "integrator.dt=5e-6", "params.g=[0,-9.81,0]"}},
            {"cantilever.json", {"integrator.scheme=\"variational\"", "params.ends=[\"pinned\",\"free\"]"}},
            {"helix.json", {}},
            {"rollup.json", {}},
            // Five rods rolling down inclines of five slopes (one pack of lanes), by both explicit schemes.
            {"rolling_incline.json", {}},
            {"rolling_incline.json", {"integrator.scheme=\"lie_euler\"", "integrator.dt=5e-6"}}};
  }
  static std::vector<ExampleCase> float32_examples() { return {{"cantilever.json", {}}, {"helix.json", {}}}; }
  static ExampleCase ensemble() { return {"sweep.json", {}}; }
  static constexpr std::int64_t ensemble_members = 4;
  /// dt omega_max = 1.18 x 40 = 47 > 2.8: RKMK4 amplifies the top mode many-fold a step.
  static ExampleCase diverging() { return {"cantilever.json", {}}; }
  static constexpr double diverging_dt_factor = 40;
  /// An example cut to 300 steps of its own dt (150 in float32) with saves every third of them.
  static void shorten(Se3rodJob& job) { cut_to_steps(job, job.precision == Precision::float32 ? 150 : 300, 3); }
  /// Every 20th member of the sweep (500 of its 10^4, over the whole range of both varied loads): all of them would
  /// take a minute twice over (lanes, then scalar).
  static void shorten_for_round_off(Se3rodJob& job) {
    if (job.size() <= 512) return;
    std::vector<std::int64_t> every_20th;
    for (std::int64_t i = 0; i < job.size(); i += 20) every_20th.push_back(i);
    job = members_of(job, every_20th);
  }
};

}  // namespace rodswarm
