// Rolling contact on every backend: one test body compiled per backend by tests/backend/CMakeLists.txt
// (RODSWARM_TEST_CUDA = 0: CPU, label cpu; 1: CUDA, label gpu, skipped visibly without a device). Checks are
// against the independent reference (src/reference/rolling_*, finite differences: a second discretisation)
// through compare_rolling, whose tolerance is the reference's own discretisation error; the Lyapunov exponent
// against the reference's; or against the driver's flags.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <variant>
#include <vector>

#include "backend_fixture.hpp"
#include "config/config_loader.hpp"
#include "driver/compare.hpp"
#include "driver/rolling_driver.hpp"
#include "reference/rolling_reference.hpp"

namespace rodswarm {
namespace {

const std::string examples = examples_of("rolling");

class RollingBackend : public BackendTest {
 protected:
  static RollingJob load(const std::string& name, const std::vector<std::string>& sets = {}) {
    return std::get<RollingJob>(load_any_job(examples + name, sets));
  }
  CompareReport compare(const RollingJob& job, std::int64_t members = 1) {
    const CompareReport report = compare_rolling(job, options_, members);
    std::printf("%s\n", format_compare(report).c_str());
    return report;
  }
};

// Both examples of the paper (periodic identical strings; fixed ends with the contact moving and frozen), in
// both precisions, and the generic crossing F != 1, G1 != G2.
TEST_F(RollingBackend, ExamplesAgreeWithTheReference) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"periodic.json", {}},
      {"fixed_contact.json", {}},
      {"fixed_frozen.json", {}},
      {"fixed_contact.json", {"params.F=0.7", "params.G1=0.4", "params.G2=1.5", "params.modes=64", "params.sigma=0.2"}},
      {"periodic.json", {"precision=\"float32\""}},
      // A periodic contact point that sits at s = 0 at the save: one side may read L - e, the other +e (the
      // initial point is bisected so that s(0.1) = 0 on the CPU; compare unwraps it).
      {"periodic.json",
       {"initial.u={\"kind\":\"modes\",\"coefficients\":[0,0,1.0]}",
        "initial.u_t={\"kind\":\"modes\",\"coefficients\":[0,-0.5]}", "initial.v={\"kind\":\"zero\"}",
        "initial.s1=0.012236755904112898", "initial.s2=0.012236755904112898", "integrator.t_end=0.1",
        "output.save_every=0.1"}},
  };
  for (const auto& [example, sets] : cases) {
    SCOPED_TRACE(example + (sets.empty() ? "" : " " + sets[0]));
    auto job = load(example, sets);
    job.compare_t_end = 4.0;
    EXPECT_TRUE(compare(job).ok);
  }
}

// Several members of the Lyapunov map (different contact points, moving and frozen) at once.
TEST_F(RollingBackend, EnsembleMembersAgreeWithTheReference) {
  auto job = load("lyapunov_map.json");
  job.compare_t_end = 3.0;
  job.output.save_every = 0.5;
  const std::int64_t M = job.size();
  // Members spread over the ensemble, the last ones frozen when the map varies params.frozen.
  RollingJob picked = slice_of(job, 0, 0);
  for (std::int64_t i : {std::int64_t{0}, M / 3, M / 2 + 7, M - 1}) {
    const RollingJob one = slice_of(job, i, 1);
    picked.members.add(one.members.params[0], one.members.dt[0], one.members.state.data(), 0);
    picked.t_end.push_back(one.t_end[0]);
    for (std::size_t v = 0; v < job.varied_values.size(); ++v)
      picked.varied_values[v].push_back(job.varied_values[v][static_cast<std::size_t>(i)]);
  }
  picked.members.finish();
  EXPECT_TRUE(compare(picked, picked.size()).ok);
}

// The backend's finite-time Lyapunov estimate against the reference's, which follows the same continuum
// perturbation on its grid with the grid form of the same norm: equal to the discretisation's error.
TEST_F(RollingBackend, FiniteTimeLyapunovExponentAgreesWithTheReference) {
  for (const char* frozen : {"false", "true"}) {
    SCOPED_TRACE(frozen);
    auto job = load("fixed_contact.json", {"params.modes=64", "params.sigma=0.2",
                                           std::string("params.frozen=") + frozen, "integrator.t_end=20"});
    job.output.save_every = 0;
    const RunReport run = run_rolling(job, options_);
    ASSERT_EQ(run.results.final_lyapunov.size(), 1u);
    const double ours = run.results.final_lyapunov[0];

    const auto& p = job.members.params[0];
    long sub = 1;  // set by the call: N = 1024 (2c/h = 326) needs none at this dt
    const reference::RollingCase c = rolling_reference_case(job, 0, 1024, sub);
    const auto estimates = reference::rolling_lyapunov(c, std::lround(20.0 / job.members.dt[0]) * sub,
                                                       p.renorm_steps * sub, p.lyapunov_d0);
    ASSERT_FALSE(estimates.empty());
    std::printf("finite-time exponent (T = 20, frozen %s): backend %.6f, reference %.6f\n", frozen, ours,
                estimates.back());
    EXPECT_NEAR(ours, estimates.back(), 0.02 * std::fabs(estimates.back()) + 1e-4);
  }
}

// A member whose dt is far beyond RK4's bound blows up and is flagged; a member whose contact point is carried
// off its string is flagged singular; the others finish, and the spectra and exponents of the finished ones are
// there.
TEST_F(RollingBackend, DivergingAndSingularMembersAreFlaggedAndTheOthersFinish) {
  auto job = load("fixed_contact.json", {"params.modes=32", "params.sigma=0.4", "integrator.t_end=10"});
  job.output.save_every = 0;
  const RollingJob one = slice_of(job, 0, 1);
  RollingJob four = slice_of(job, 0, 0);
  for (int k = 0; k < 4; ++k) {
    auto p = one.members.params[0];
    double dt = one.members.dt[0];
    std::int64_t samples = one.members.signal_offset[1];
    if (k == 1) {
      dt *= 80;  // dt omega_max = 0.4 x 16 = 6.4 > 2.8: RK4 amplifies the top mode 60-fold a step
      p.sample_steps = 1;
      p.renorm_steps = 1;
      samples = static_cast<std::int64_t>(10 / dt) + 2;
    }
    if (k == 2) p.G1 = p.G2 = -5000;  // a contact point races off the string
    four.members.add(p, dt, one.members.state.data(), samples);
    four.t_end.push_back(one.t_end[0]);
  }
  four.members.finish();
  const RunReport report = run_rolling(four, options_);
  const Results& r = report.results;
  EXPECT_EQ(report.diverged, 1);
  EXPECT_EQ(r.diverged[1], 1);
  EXPECT_EQ(r.singular[2], 1);
  for (int k : {0, 3}) {
    EXPECT_EQ(r.diverged[k], 0);
    EXPECT_EQ(r.singular[k], 0);
    EXPECT_EQ(r.steps_taken[k], std::lround(10 / job.members.dt[0]));
    EXPECT_TRUE(std::isfinite(r.final_lyapunov[k]));
  }
  EXPECT_EQ(r.final_lyapunov[0], r.final_lyapunov[3]);  // identical members, identical results
  ASSERT_FALSE(r.spectrum_power.empty());
  const std::size_t F = r.spectrum_omega.size();
  EXPECT_TRUE(std::isfinite(r.spectrum_power[0 * F + 3]));
  EXPECT_EQ(r.spectrum_power[0 * F + 3], r.spectrum_power[3 * F + 3]);
}

}  // namespace
}  // namespace rodswarm
