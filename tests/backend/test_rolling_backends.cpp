// ctest-labels: slow
// What only model rolling checks on every backend (the typed suite, test_backends.cpp, compares its examples, a
// float32 run, the first members of the Lyapunov map and a diverging member): members spread over the map, moving
// and frozen; the finite-time Lyapunov exponent against the reference's; a member whose contact point is carried
// off its string. Against the independent reference (src/reference/rolling_*, finite differences: a second
// discretisation) through compare, whose tolerance is the reference's own discretisation error, or against the
// driver's flags. Compiled once per backend by tests/backend/CMakeLists.txt (RODSWARM_TEST_CUDA = 0: CPU; 1: CUDA,
// label gpu, skipped visibly without a device).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <variant>
#include <vector>

#include "backend_fixture.hpp"
#include "models/rolling_reference_case.hpp"

namespace rodswarm {
namespace {

using rolling::Model;

class RollingBackend : public BackendTest {
 protected:
  static RollingJob load(const std::string& name, const std::vector<std::string>& sets = {}) {
    return load_example<Model>(name, sets);
  }
};

// Several members of the Lyapunov map (different contact points, moving and frozen) at once.
TEST_F(RollingBackend, EnsembleMembersAgreeWithTheReference) {
  auto job = load("lyapunov_map.json");
  job.compare_t_end = 3.0;
  job.output.save_every = 0.5;
  const std::int64_t M = job.size();
  // Members spread over the ensemble, the last ones frozen when the map varies params.frozen.
  const RollingJob picked = members_of(job, {0, M / 3, M / 2 + 7, M - 1});
  EXPECT_TRUE(compare_and_print(picked, options_, picked.size()).ok);
}

// The backend's finite-time Lyapunov estimate against the reference's, which follows the same continuum
// perturbation on its grid with the grid form of the same norm: equal to the discretisation's error.
TEST_F(RollingBackend, FiniteTimeLyapunovExponentAgreesWithTheReference) {
  for (const char* frozen : {"false", "true"}) {
    SCOPED_TRACE(frozen);
    auto job = load("fixed_contact.json", {"params.modes=64", "params.sigma=0.2",
                                           std::string("params.frozen=") + frozen, "integrator.t_end=20"});
    job.output.save_every = 0;
    const RunReport run = rodswarm::run(job, options_);
    ASSERT_EQ(run.results.final("lyapunov").size(), 1u);
    const double ours = run.results.final("lyapunov")[0];

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

// A member whose contact point is carried off its string is flagged singular (not diverged); the others finish,
// and the spectra and exponents of the finished ones are there.
TEST_F(RollingBackend, SingularMembersAreFlaggedAndTheOthersFinish) {
  auto job = load("fixed_contact.json", {"params.modes=32", "params.sigma=0.4", "integrator.t_end=10"});
  job.output.save_every = 0;
  const RollingJob one = slice_of(job, 0, 1);
  RollingJob three = slice_of(job, 0, 0);
  for (int k = 0; k < 3; ++k) {
    three.members.append_member(one.members, 0);
    three.t_end.push_back(one.t_end[0]);
    three.steps.push_back(one.steps[0]);
  }
  three.members.finish();
  three.members.params[1].G1 = three.members.params[1].G2 = -5000;  // a contact point races off the string
  const RunReport report = rodswarm::run(three, options_);
  const Results& r = report.results;
  EXPECT_EQ(report.diverged, 0);
  EXPECT_EQ(r.singular[1], 1);
  EXPECT_EQ(r.diverged[1], 0);
  for (int k : {0, 2}) {
    EXPECT_EQ(r.diverged[k], 0);
    EXPECT_EQ(r.singular[k], 0);
    EXPECT_EQ(r.steps_taken[k], std::lround(10 / job.members.dt[0]));
    EXPECT_TRUE(std::isfinite(r.final("lyapunov")[k]));
  }
  EXPECT_EQ(r.final("lyapunov")[0], r.final("lyapunov")[2]);  // identical members, identical results
  ASSERT_FALSE(r.spectrum.power.empty());
  const std::size_t F = r.spectrum.omega.size();
  EXPECT_TRUE(std::isfinite(r.spectrum.power[0 * F + 3]));
  EXPECT_EQ(r.spectrum.power[0 * F + 3], r.spectrum.power[2 * F + 3]);
}

}  // namespace
}  // namespace rodswarm
