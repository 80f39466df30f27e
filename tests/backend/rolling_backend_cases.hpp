// ctest-labels: slow
// Model rolling in the typed backend suite (test_backends.cpp): both examples of the paper (periodic identical
// strings; fixed ends with the contact moving and frozen), the generic crossing F != 1, G1 != G2, a periodic contact
// point that sits at s = 0 at a save; the first members of the Lyapunov map; and a member whose dt is 80 times the
// example's. Label slow: each comparison runs the finite-difference reference twice, seconds in Release and
// minutes under the sanitizer build, which skips it (asan test preset); the rolling CPU path still runs there
// through tests/unit and tests/cli.
#pragma once

#include "backend_fixture.hpp"

namespace rodswarm {

template <>
struct BackendCases<rolling::Model> {
  static std::vector<ExampleCase> examples() {
    return {
        {"periodic.json", {}},
        {"fixed_contact.json", {}},
        {"fixed_frozen.json", {}},
        {"fixed_contact.json",
         {"params.F=0.7", "params.G1=0.4", "params.G2=1.5", "params.modes=64", "params.sigma=0.2"}},
        // A periodic contact point that sits at s = 0 at the save: one side may read L - e, the other +e (the
        // initial point is bisected so that s(0.1) = 0 on the CPU; compare unwraps it).
        {"periodic.json",
         {"initial.u={\"kind\":\"modes\",\"coefficients\":[0,0,1.0]}",
          "initial.u_t={\"kind\":\"modes\",\"coefficients\":[0,-0.5]}", "initial.v={\"kind\":\"zero\"}",
          "initial.s1=0.012236755904112898", "initial.s2=0.012236755904112898", "integrator.t_end=0.1",
          "output.save_every=0.1"}},
    };
  }
  static std::vector<ExampleCase> float32_examples() { return {{"periodic.json", {}}}; }
  static ExampleCase ensemble() { return {"lyapunov_map.json", {"output.save_every=0.5"}}; }
  /// float32 follows a twin no closer than d0 = 1e-3 (the config refuses less).
  static ExampleCase float32_ensemble() {
    return {"lyapunov_map.json", {"output.save_every=0.5", "analysis.lyapunov.d0=1e-3"}};
  }
  /// The exponent sums logs of separations d0 = 1e-8 of the state: a state's round-off (1e-16 of it) is 1e-8 of
  /// each term, and the chaotic members amplify it between renormalisations. Two paths that round differently
  /// (the lanes' vector sin and cos, FMA contraction) give exponents up to 1e-8 apart over 4 s of this map and 1e-6
  /// over its 20 s; elsewhere float64 round-off.
  static double round_off_amplification(const std::string& field) { return field == "lyapunov" ? 1e3 : 1; }
  static constexpr std::int64_t ensemble_members = 4;
  /// dt omega_max = 0.4 x 16 = 6.4 > 2.8: RK4 amplifies the top mode 60-fold a step.
  static ExampleCase diverging() {
    return {"fixed_contact.json",
            {"params.modes=32", "params.sigma=0.4", "integrator.t_end=10", "analysis.lyapunov.d0=1e-3"}};
  }
  static constexpr double diverging_dt_factor = 80;
  /// Compare windows of 4 s (3 s for the map): chaos amplifies any difference, round-off included.
  static void shorten(RollingJob& job) { job.compare_t_end = job.size() > 1 ? 3.0 : 4.0; }
  static void shorten_for_round_off(RollingJob& job) {
    for (std::size_t i = 0; i < job.t_end.size(); ++i) job.set_t_end(i, std::min(job.t_end[i], 4.0));
  }
};

}  // namespace rodswarm
