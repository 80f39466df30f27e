// The CLI with model se3rod rolling on a rigid plane (params.contact "plane"; issue 19's first case): the incline
// example's rods roll down at 2/3 g sin(theta) with the slip, gap and normal reaction that `inspect` shows; a rod
// pulled off the plane stops, flagged separated with its time; compare agrees with the reference's own contact; and
// the contact's bad inputs are refused with exit 2, naming the key.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"

namespace {

class CliSe3rodContact : public rodswarm_test::CliFixture {
 protected:
  CliSe3rodContact() : CliFixture("se3rod") {}
  /// The incline example with one edit applied (t_end 0.2 unless the edit sets it).
  std::string incline_with(const std::function<void(nlohmann::json&)>& edit) {
    return config_with("rolling_incline.json", [&edit](nlohmann::json& c) {
      c["integrator"]["t_end"] = 0.2;
      edit(c);
    });
  }
};

// Each node is a ball with J / (m r^2) = 1/2 rolling without slipping: the rod's centre accelerates at 2/3 g sin(theta)
// down the incline, and the plane carries m g cos(theta) of each node's weight (a node of Voronoi length h inside,
// h/2 at the ends).
TEST_F(CliSe3rodContact, RodsRollDownTheInclineAtTwoThirdsGSinTheta) {
  const auto cfg = incline_with([](nlohmann::json&) {});
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("0 diverged, 0 separated"), std::string::npos) << run.out;
  EXPECT_EQ(inspect("out.h5 --json")["separated"], 0);
  const double g = 9.81, t = 0.2, h = 0.05, m = 1000 * M_PI * 1e-4 * h;
  const double tilts[] = {0, -0.05, -0.1, -0.2, -0.4};
  for (int i = 0; i < 5; ++i) {
    const nlohmann::json j = inspect("out.h5 --member " + std::to_string(i) + " --json");
    const nlohmann::json final_rows = inspect("out.h5 --member " + std::to_string(i) + " --final --json");
    const double cos_theta = 1 / std::sqrt(1 + tilts[i] * tilts[i]), sin_theta = -tilts[i] * cos_theta;
    // Centre of the 21 nodes, start and end (the ends' half weights do not move it: the rod rolls as one).
    double x0 = 0, x1 = 0;
    for (int k = 0; k <= 20; ++k) {
      x0 += j["series"]["positions"][0][k][0].get<double>() / 21;
      x1 += final_rows["positions"][k][0].get<double>() / 21;
    }
    // Down the slope by a t^2 / 2; its x component (downhill is -x) is cos(theta) of that.
    const double expected = -0.5 * (2.0 / 3.0) * g * sin_theta * t * t * cos_theta;
    EXPECT_NEAR(x1 - x0, expected, 1e-9 + 1e-9 * std::abs(expected)) << "member " << i;
    for (int k = 0; k <= 20; ++k) {
      const auto& c = final_rows["contact"][k];
      EXPECT_LT(c[0].get<double>(), 1e-14) << "slip, member " << i << " node " << k;
      EXPECT_LT(std::abs(c[1].get<double>()), 1e-15) << "gap, member " << i << " node " << k;
      const double weight = (k == 0 || k == 20 ? 0.5 : 1.0) * m * g * cos_theta;
      EXPECT_NEAR(c[2].get<double>(), weight, 1e-9 * weight) << "normal reaction, member " << i << " node " << k;
    }
    // The plane does no work: the energy (kinetic + gravity) stays at its start, 0.
    EXPECT_LT(std::abs(final_rows["energy"]["total"].get<double>()), 1e-10) << "member " << i;
    EXPECT_EQ(final_rows["separated"], false);
  }
}

// Gravity away from the plane: the plane would have to pull, so every member stops after its first step, flagged
// separated (not diverged) with that time, and the run says so and fails.
TEST_F(CliSe3rodContact, ARodPulledOffThePlaneStopsFlaggedSeparated) {
  const auto cfg = incline_with([](nlohmann::json& c) {
    c["params"]["g"] = {0, 0, 9.81};
    c["ensemble"]["vary"] = {{{"params.plane_normal[0]", {0, -0.1}}}};
  });
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  EXPECT_EQ(run.code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("0 diverged, 2 separated"), std::string::npos) << run.out;
  EXPECT_NE(run.err.find("2 member(s) stopped where the plane would have had to pull a node"), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("members/separated"), std::string::npos) << run.err;
  EXPECT_EQ(inspect("out.h5 --json")["separated"], 2);
  for (int i = 0; i < 2; ++i) {
    const nlohmann::json j = inspect("out.h5 --member " + std::to_string(i) + " --final --json");
    EXPECT_EQ(j["separated"], true);
    EXPECT_EQ(j["diverged"], false);
    EXPECT_EQ(j["steps_taken"], 1);
    EXPECT_DOUBLE_EQ(j["t"].get<double>(), 1e-4);
  }
  // compare stops the reference where the backend's member stopped: they agree up to there.
  const auto compare = rodswarm("compare " + cfg + " --backend cpu");
  EXPECT_EQ(compare.code, 0) << compare.out << compare.err;
}

// A run of separating and rolling members, stopped after its first batch and resumed: the flags and counts of the
// finished batch come back from its file, and the result is the uninterrupted run's.
TEST_F(CliSe3rodContact, SeparatedMembersSurviveAStopAndAResume) {
  const auto cfg = incline_with([](nlohmann::json& c) {
    c["integrator"]["t_end"] = 0.01;
    c["ensemble"]["vary"] = {{{"params.g[2]", {9.81, -9.81, 9.81}}}};
  });
  const auto whole = rodswarm("run " + cfg + " --backend cpu -q --out whole.h5 --batch-size 1");
  EXPECT_EQ(whole.code, 1) << whole.out << whole.err;
  const auto stopped = rodswarm("run " + cfg + " --backend cpu -q --batch-size 1 --stop-after-batches 1");
  EXPECT_EQ(stopped.code, 3) << stopped.out << stopped.err;
  const auto resumed = rodswarm("run " + cfg + " --backend cpu --batch-size 1");
  EXPECT_EQ(resumed.code, 1) << resumed.out << resumed.err;
  EXPECT_NE(resumed.out.find("0 diverged, 2 separated"), std::string::npos) << resumed.out;
  EXPECT_EQ(inspect("out.h5 --json")["separated"], 2);
  for (int member = 0; member < 3; ++member) {
    const std::string args = " --member " + std::to_string(member) + " --final --json";
    const nlohmann::json j = inspect("out.h5" + args);
    EXPECT_EQ(j["separated"], member != 1) << member;
    EXPECT_EQ(inspect("whole.h5" + args), j) << member;
  }
}

// The reference imposes the same rows through one KKT system over the member (src/reference/se3rod_*); compare
// runs one rod of 10 segments on the 0.2 slope for 50 steps under both explicit schemes. Lie-Euler (explicit Euler on
// the twists) needs dt omega_max well below 1, as on the cantilever. Kept small: the reference's dense full-pivot LU
// is slow under the sanitizer build (the example's 4 members of 20 segments for 200 steps took over 8 minutes there).
TEST_F(CliSe3rodContact, CompareAgreesWithTheReferencesContact) {
  const auto cfg = incline_with([](nlohmann::json& c) {
    c.erase("ensemble");
    c["params"]["n"] = 10;
    c["params"]["plane_normal"] = {-0.2, 0, 1};
    c["output"]["save_every"] = 0;
  });
  for (const std::string set :
       {"integrator.t_end=0.005",
        "integrator.scheme='\"lie_euler\"' --set integrator.dt=5e-6 --set integrator.t_end=0.00025"}) {
    const auto compare = rodswarm("compare " + cfg + " --backend cpu --set " + set);
    EXPECT_EQ(compare.code, 0) << set << compare.out << compare.err;
    EXPECT_NE(compare.out.find("compare: 1 member(s), 0 save(s) + final state"), std::string::npos) << compare.out;
  }
}

TEST_F(CliSe3rodContact, BadContactInputIsRefusedWithExitTwo) {
  expect_refused(incline_with([](nlohmann::json& c) { c["params"]["contact"] = "floor"; }), "c.json", "params.contact");
  expect_refused(incline_with([](nlohmann::json& c) { c["integrator"]["scheme"] = "variational"; }), "c.json",
                 "params.contact", "no reaction forces");
  expect_refused(incline_with([](nlohmann::json& c) {
                   c["params"].erase("contact");
                   c.erase("ensemble");
                   c["output"]["fields"] = {"positions"};
                 }),
                 "c.json", "params.plane_normal", "only used with params.contact \"plane\"");
  expect_refused(incline_with([](nlohmann::json& c) {
                   c["params"]["contact"] = "none";
                   c["params"].erase("plane_normal");
                   c["params"].erase("plane_offset");
                   c.erase("ensemble");
                 }),
                 "c.json", "output.fields", "\"contact\" is only saved");
  expect_refused(incline_with([](nlohmann::json& c) { c["params"]["plane_offset"] = 0.0; }), "c.json",
                 "params.plane_offset", "node 0 starts -0.01 m from the plane");
  expect_refused(incline_with([](nlohmann::json& c) {
                   c["params"]["plane_normal"] = {0, 0, 0};
                 }),
                 "c.json", "params.plane_normal", "zero vector");
  // Values an ensemble gives one member are checked on that member: a normal varied to zero, a plane varied off
  // the rod.
  expect_refused(incline_with([](nlohmann::json& c) {
                   c["params"]["plane_normal"] = {0, 0, 1};
                   c["ensemble"]["vary"] = {{{"params.plane_normal[2]", {1, 0}}}};
                 }),
                 "c.json", "params.plane_normal", "zero vector");
  expect_refused(incline_with([](nlohmann::json& c) {
                   c["ensemble"]["vary"] = {{{"params.plane_offset", {-0.01, -0.02}}}};
                 }),
                 "c.json", "params.plane_offset", "node 0 starts 0.01 m from the plane");
  expect_refused(incline_with([](nlohmann::json& c) {
                   c["initial"]["velocity"] = {0.1, 0, 0};
                 }),
                 "c.json", "initial.velocity", "must start rolling");
  expect_refused(incline_with([](nlohmann::json& c) { c["params"]["plane_offset"] = "low"; }), "c.json",
                 "params.plane_offset");
  // modes linearises without the rolling rows: refused rather than answered for a rod the plane does not hold.
  const auto modes = rodswarm("modes " + incline_with([](nlohmann::json&) {}) + " --out modes.h5");
  EXPECT_EQ(modes.code, 2) << modes.out << modes.err;
  EXPECT_NE(modes.err.find("params.contact"), std::string::npos) << modes.err;
  EXPECT_TRUE(no_results_left());
  const auto steady = rodswarm("steady " + incline_with([](nlohmann::json&) {}) + " --out steady.h5");
  EXPECT_EQ(steady.code, 2) << steady.out << steady.err;
  EXPECT_NE(steady.err.find("c.json: params.contact: member 0 rolls on a plane"), std::string::npos) << steady.err;
  EXPECT_TRUE(no_results_left());
  const auto float32 = rodswarm("validate " + incline_with([](nlohmann::json&) {}) + " --precision float32");
#if RODSWARM_WITH_FLOAT32
  EXPECT_NE(float32.err.find("warning: c.json: params.contact \"plane\" in float32"), std::string::npos) << float32.err;
#else  // a build without float32 (the sanitizer presets): validate refuses it as run would, naming the key
  EXPECT_EQ(float32.code, 2) << float32.out << float32.err;
  EXPECT_NE(float32.err.find("c.json: precision: \"float32\" is not in this build"), std::string::npos) << float32.err;
#endif
  const auto validate = rodswarm("validate " + incline_with([](nlohmann::json&) {}));
  EXPECT_EQ(validate.err.find("float32"), std::string::npos) << validate.err;
  EXPECT_EQ(validate.code, 0) << validate.err;
  EXPECT_NE(validate.out.find("contact: every free node rolls"), std::string::npos) << validate.out;
  // A normal too large for its norm to be finite is still a direction (it was once normalised to zero, which held
  // every node still): a 45-degree incline, down which the rod rolls (1/3) g sin(theta) t^2 in 0.2 s, +x.
  const auto huge = rodswarm("run " + incline_with([](nlohmann::json& c) {
                               c["params"]["plane_normal"] = {1e300, 0, 1e300};
                               c.erase("ensemble");
                             }) +
                             " --backend cpu -q");
  EXPECT_EQ(huge.code, 0) << huge.out << huge.err;
  const nlohmann::json rolled = inspect("out.h5 --member 0 --final --json");
  EXPECT_EQ(rolled["separated"], false);
  EXPECT_NEAR(rolled["positions"][10][0].get<double>(), 9.81 / 3 * 0.04 * 0.5, 1e-9);  // sin = cos = 1/sqrt(2)
}

// Rolling at speed v needs the spin v / r about the axis in the plane perpendicular to the motion: such a start is
// accepted, and the rod keeps rolling on a level plane.
TEST_F(CliSe3rodContact, ARodStartedRollingKeepsRolling) {
  const auto cfg = incline_with([](nlohmann::json& c) {
    c.erase("ensemble");
    c["initial"]["velocity"] = {0.1, 0, 0};
    c["initial"]["angular_velocity"] = {0, 10, 0};  // v = w x (r n) = (0, 10, 0) x (0, 0, 0.01)
  });
  const auto run = rodswarm("run " + cfg + " --backend cpu");
  ASSERT_EQ(run.code, 0) << run.err;
  const nlohmann::json j = inspect("out.h5 --member 0 --final --json");
  for (int k = 0; k <= 20; ++k) {
    EXPECT_NEAR(j["positions"][k][0].get<double>(), 0.1 * 0.2, 1e-12) << k;
    EXPECT_NEAR(j["velocities"][k][0].get<double>(), 0.1, 1e-12) << k;
  }
}

}  // namespace
