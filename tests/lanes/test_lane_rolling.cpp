// The rolling stepper on a pack of members (lanes) against the same stepper one member at a time, where one lane
// fails inside a step: a member whose state is NaN at a stage (its contact row is NaN: the stage path of rk4_step),
// and a member whose Lyapunov twin fails while the member goes on. The pack must stop after that step with each
// lane's own status, and every other lane must have finished the step (twin, signal, renormalisation) exactly as
// alone; then, with the failed lane replaced by a copy of a live one (the backend's ghost), the others go on.
// The backend suite (tests/backend) compares whole runs; no example fails this way mid-pack.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "backends/lanes/lane_params.hpp"
#include "rodswarm/lanes.hpp"
#include "rodswarm/models/rolling_stepper.hpp"

namespace rodswarm::rolling {
namespace {

constexpr int W = 4;
using Pack = stdx::fixed_size_simd<double, W>;
using Wide = lane::Wide<Pack>;
constexpr int K = 8;
constexpr std::int64_t samples = 8;
const double nan = std::numeric_limits<double>::quiet_NaN();

/// One member as the scalar stepper takes it.
struct Alone {
  Params<double> p;
  std::vector<double> y, twin, signal, work;
  double log = 0, gap = 0;
  MemberIO<double> io() { return MemberIO<double>{&p, y.data(), twin.data(), signal.data(), samples, &log, &gap}; }
};

Alone member(int l) {
  Alone m;
  m.p.modes = K;
  m.p.ends = Ends::fixed;
  m.p.L = 6.283185307179586;
  m.p.G1 = 0.5 + 0.3 * l;
  m.p.G2 = 1.2 - 0.2 * l;
  m.p.F = 1 + 0.1 * l;
  m.p.sigma = 0.3 + 0.05 * l;
  m.p.lyapunov = 1;
  m.p.renorm_steps = 2;
  m.p.sample_steps = 3;
  m.p.harmonic = 1;
  m.y.assign(state_size(K), 0.0);
  for (int k = 0; k < K; ++k) {
    m.y[a_at(K) + k] = 0.3 / (k + 1) * (l % 2 == 0 ? 1 : -1);
    m.y[bd_at(K) + k] = 0.1 * std::sin(1.0 + k + l);
  }
  m.y[s1_at(K)] = 2.1 + 0.3 * l;
  m.y[s2_at(K)] = 3.7 - 0.2 * l;
  m.twin.assign(m.y.size(), 0.0);
  m.signal.assign(samples, -1.0);
  m.work.assign(workspace_size(K), 0.0);
  // Steps 0 (projection, twin start, first sample) as the stepper does them.
  const Outcome started = advance_member(m.io(), 0.05, 0, 0, m.work.data());
  EXPECT_EQ(started.status, status_ok);
  return m;
}

/// W members in one pack.
struct Lanes {
  std::array<Alone, W> alone;
  std::array<const Params<double>*, W> params{};
  Params<Pack> p{};
  std::vector<Pack> y, twin, signal, work;
  Wide log, gap;

  explicit Lanes(const std::array<Alone, W>& members) : alone(members) { pack(); }
  void pack() {
    for (int l = 0; l < W; ++l) params[l] = &alone[l].p;
    p = lanes::gather_params<Pack, double>(params.data(), W);
    y.assign(alone[0].y.size(), Pack(0));
    twin.assign(y.size(), Pack(0));
    signal.assign(samples, Pack(0));
    work.assign(workspace_size(K), Pack(0));
    for (int l = 0; l < W; ++l) {
      for (std::size_t j = 0; j < y.size(); ++j) {
        y[j][l] = alone[l].y[j];
        twin[j][l] = alone[l].twin[j];
      }
      for (int s = 0; s < samples; ++s) signal[s][l] = alone[l].signal[s];
      log[l] = alone[l].log;
      gap[l] = alone[l].gap;
    }
  }
  LanesOutcome<W> advance(std::int64_t done, std::int64_t todo) {
    const MemberIO<Pack> io{&p, y.data(), twin.data(), signal.data(), samples, &log, &gap};
    return advance_member(io, Pack(0.05), done, todo, work.data());
  }
};

/// Lane l of the pack against the member stepped alone: the same state, twin, signal and Lyapunov sums (the
/// pack's sin and cos are libstdc++'s vector ones: round-off apart; the sums of logs of twin separations of 1e-8
/// carry that round-off amplified 1e8-fold).
::testing::AssertionResult near(double got, double want, double tolerance) {
  if ((std::isnan(got) && std::isnan(want)) || std::fabs(got - want) <= tolerance) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << got << " instead of " << want;
}

void expect_lane_is(const Lanes& pack, int l, const Alone& m) {
  SCOPED_TRACE("lane " + std::to_string(l));
  for (std::size_t j = 0; j < m.y.size(); ++j) {
    EXPECT_TRUE(near(pack.y[j][l], m.y[j], 1e-13)) << "y[" << j << "]";
    EXPECT_TRUE(near(pack.twin[j][l], m.twin[j], 1e-13)) << "twin[" << j << "]";
  }
  for (int s = 0; s < samples; ++s) EXPECT_TRUE(near(pack.signal[s][l], m.signal[s], 1e-13)) << "signal[" << s << "]";
  EXPECT_TRUE(near(pack.log[l], m.log, 1e-6));
  EXPECT_TRUE(near(pack.gap[l], m.gap, 1e-14));
}

TEST(LaneRolling, ALaneThatFailsAtAStageStopsThePackAfterTheStepItsMatesFinish) {
  std::array<Alone, W> members{member(0), member(1), member(2), member(3)};
  members[1].y[s1_at(K)] = nan;         // its contact row is NaN at stage 0: diverged, y kept
  members[3].twin[ad_at(K) + 2] = nan;  // its twin fails at once; the member goes on, its exponent ends (NaN)
  Lanes pack(members);

  const std::int64_t done = 1;
  const LanesOutcome<W> out = pack.advance(done, 10);
  EXPECT_EQ(out.steps, 1);
  EXPECT_EQ(out.status[1], status_diverged);
  for (int l : {0, 2, 3}) EXPECT_EQ(out.status[l], status_ok) << "lane " << l;
  for (int l = 0; l < W; ++l) {
    const Outcome alone = advance_member(members[l].io(), 0.05, done, out.steps, members[l].work.data());
    EXPECT_EQ(alone.status, out.status[l]) << "lane " << l;
    expect_lane_is(pack, l, members[l]);
  }
  EXPECT_TRUE(std::isnan(pack.log[3]));

  // The failed lane becomes a copy of lane 0 (a ghost); the others go on for 9 steps, renormalising and sampling.
  for (int l = 0; l < W; ++l) {
    for (std::size_t j = 0; j < pack.y.size(); ++j) {
      members[l].y[j] = pack.y[j][l];
      members[l].twin[j] = pack.twin[j][l];
    }
    for (int s = 0; s < samples; ++s) members[l].signal[s] = pack.signal[s][l];
    members[l].log = pack.log[l];
    members[l].gap = pack.gap[l];
  }
  members[1] = members[0];
  pack = Lanes(members);
  const LanesOutcome<W> rest = pack.advance(done + 1, 9);
  EXPECT_EQ(rest.steps, 9);
  for (int l : {0, 2, 3}) {
    EXPECT_EQ(rest.status[l], status_ok);
    const Outcome alone = advance_member(members[l].io(), 0.05, done + 1, 9, members[l].work.data());
    EXPECT_EQ(alone.status, status_ok);
    expect_lane_is(pack, l, members[l]);
  }
}

}  // namespace
}  // namespace rodswarm::rolling
