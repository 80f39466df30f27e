// ctest-labels: cpu
// Model nishinari in the typed backend suite (test_backends.cpp): a released 3D helix and a twist wave in both
// formulations, a slice of the (K, h) sweep, and a member whose dt is 20 times the helix's.
#pragma once

#include "backend_fixture.hpp"

namespace rodswarm {

template <>
struct BackendCases<nishinari::Model> {
  static std::vector<ExampleCase> examples() {
    std::vector<ExampleCase> cases;
    for (const char* file : {"helix.json", "twist_wave.json"}) {
      for (const char* formulation : {"cartesian", "intrinsic"}) {
        cases.push_back({file, {std::string("params.formulation=\"") + formulation + "\""}});
      }
    }
    return cases;
  }
  static std::vector<ExampleCase> float32_examples() {
    return {{"helix.json", {"params.formulation=\"cartesian\"", "integrator.t_end=0.5"}},
            {"helix.json", {"params.formulation=\"intrinsic\"", "integrator.t_end=0.5"}}};
  }
  static ExampleCase ensemble() {
    return {
        "sweep.json",
        {"ensemble.vary[0].params.K.linspace[2]=3", "ensemble.vary[1].params.h.linspace[2]=2", "integrator.t_end=0.2"}};
  }
  static constexpr std::int64_t ensemble_members = 6;
  /// dt = 0.02 is eight times RK4's bound set by the twist frequency 2 sqrt(h/(j l)) = 1131 rad/s.
  static ExampleCase diverging() {
    return {"helix.json", {"params.formulation=\"cartesian\"", "integrator.t_end=0.5"}};
  }
  static constexpr double diverging_dt_factor = 20;
  static void shorten(NishinariJob&) {}
  static void shorten_for_round_off(NishinariJob&) {}
};

}  // namespace rodswarm
