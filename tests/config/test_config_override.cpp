// apply_override (--set KEY=VALUE) and how load_job reports errors in overridden keys.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <unistd.h>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"

namespace {

using nlohmann::json;
using rodswarm::apply_override;
using rodswarm::ConfigError;
using rodswarm::test::contains;
using rodswarm::test::write_temp;

json base() {
  return json::parse(R"({
    "model": "greenspan",
    "params": {"n": 9, "dx": 0.1, "m": 0.1, "T0": 9.0},
    "initial": {"kind": "polyline", "vertices": [[0, 0], [0.5, 0.5], [1, 0]]},
    "integrator": {"dt": 0.002, "t_end": 10.0},
    "ensemble": {"mode": "grid", "vary": {"params.m": {"linspace": [0.05, 0.2, 4]}}}
  })");
}

ConfigError override_error(json& config, const std::string& assignment) {
  try {
    apply_override(config, assignment);
  } catch (const ConfigError& e) {
    return e;
  }
  ADD_FAILURE() << "no ConfigError for " << assignment;
  return ConfigError("", "", "");
}

TEST(ConfigOverride, SetsANumber) {
  json c = base();
  apply_override(c, "params.m=0.2");
  EXPECT_DOUBLE_EQ(c["params"]["m"].get<double>(), 0.2);
  EXPECT_TRUE(c["params"]["n"].is_number_integer());
}

TEST(ConfigOverride, SetsAnArrayElement) {
  json c = base();
  apply_override(c, "initial.vertices[1][1]=0.3");
  EXPECT_DOUBLE_EQ(c["initial"]["vertices"][1][1].get<double>(), 0.3);
  EXPECT_DOUBLE_EQ(c["initial"]["vertices"][1][0].get<double>(), 0.5);
}

TEST(ConfigOverride, SetsThePeak) {
  json c = json::parse(R"({"initial": {"kind": "triangle", "peak": [0.5, 0.5]}})");
  apply_override(c, "initial.peak[1]=0.3");
  EXPECT_EQ(c["initial"]["peak"], json::parse("[0.5, 0.3]"));
}

TEST(ConfigOverride, ValueIsJsonElseString) {
  json c = base();
  apply_override(c, "initial.vertices=[[0,0],[1,0]]");
  EXPECT_EQ(c["initial"]["vertices"].size(), 2u);
  apply_override(c, "output.path=run 1.h5");
  EXPECT_EQ(c["output"]["path"], "run 1.h5");  // created, and not JSON: a string
  apply_override(c, "precision=\"float32\"");
  EXPECT_EQ(c["precision"], "float32");
  apply_override(c, " params.eps = 0.02 ");
  EXPECT_DOUBLE_EQ(c["params"]["eps"].get<double>(), 0.02);
}

TEST(ConfigOverride, CreatesMissingMembers) {
  json c = base();
  apply_override(c, "steady.tol=1e-10");
  EXPECT_DOUBLE_EQ(c["steady"]["tol"].get<double>(), 1e-10);
}

TEST(ConfigOverride, AddressesDottedVaryKeys) {
  json c = base();
  apply_override(c, "ensemble.vary.params.m.linspace[2]=8");
  EXPECT_EQ(c["ensemble"]["vary"]["params.m"]["linspace"][2], 8);
  apply_override(c, "ensemble.vary.initial.vertices[1][1]=[0.1,0.2]");
  EXPECT_EQ(c["ensemble"]["vary"]["initial.vertices[1][1]"], json::parse("[0.1,0.2]"));
}

TEST(ConfigOverride, MalformedAssignments) {
  json c = base();
  EXPECT_NE(std::string(override_error(c, "params.m").what()).find("expected KEY=VALUE"), std::string::npos);
  EXPECT_EQ(override_error(c, "params..m=1").file(), "--set");
  EXPECT_NE(std::string(override_error(c, "initial.vertices[x]=1").what()).find("malformed key"), std::string::npos);
  EXPECT_THROW(apply_override(c, "=1"), ConfigError);
  EXPECT_THROW(apply_override(c, "params.m.=1"), ConfigError);
  EXPECT_THROW(apply_override(c, "[0]=1"), ConfigError);
}

TEST(ConfigOverride, PathsThatCannotBeFollowed) {
  json c = base();
  const json before = c;
  const auto out_of_range = override_error(c, "initial.vertices[5][0]=1");
  EXPECT_EQ(out_of_range.key(), "initial.vertices[5][0]");
  EXPECT_NE(std::string(out_of_range.what()).find("out of range"), std::string::npos) << out_of_range.what();
  EXPECT_NE(std::string(override_error(c, "params.m.x=1").what()).find("params.m is a number"), std::string::npos);
  EXPECT_NE(std::string(override_error(c, "params[0]=1").what()).find("is an object"), std::string::npos);
  EXPECT_NE(std::string(override_error(c, "initial.vertices.x=1").what()).find("is an array"), std::string::npos);
  EXPECT_THROW(apply_override(c, "new.list[0]=1"), ConfigError);
  EXPECT_EQ(c, before);  // failed overrides change nothing
}

TEST(ConfigOverride, LoadJobAppliesOverridesInOrder) {
  const auto path = write_temp("ok.json", base());
  const auto job = rodswarm::load_job<rodswarm::greenspan::Model>(
      path, {"params.T0=10", "params.T0=12", "ensemble.vary.params.m.linspace[2]=2"});
  EXPECT_DOUBLE_EQ(job.members.params[0].T0, 12.0);
  EXPECT_EQ(job.size(), 2);
  EXPECT_EQ(job.config["params"]["T0"], 12);
}

TEST(ConfigOverride, BadOverriddenKeyIsReportedAgainstSet) {
  const auto path = write_temp("bad.json", base());
  try {
    rodswarm::load_job<rodswarm::greenspan::Model>(path, {"params.mass=0.2"});
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.file(), "--set");
    EXPECT_EQ(e.key(), "params.mass");
    EXPECT_NE(std::string(e.what()).find("did you mean \"params.m\""), std::string::npos) << e.what();
  }
  try {
    rodswarm::load_job<rodswarm::greenspan::Model>(path, {"params.T0=-1"});
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.file(), "--set");
    EXPECT_EQ(e.key(), "params.T0");
  }
  // Overridden keys that are fine do not capture errors in keys the file holds.
  json bad_tension = base();
  bad_tension["params"]["T0"] = -1;
  const auto bad_path = write_temp("bad_tension.json", bad_tension);
  try {
    rodswarm::load_job<rodswarm::greenspan::Model>(bad_path, {"params.eps=0.1"});
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.file(), bad_path);
    EXPECT_EQ(e.key(), "params.T0");
  }
}

}  // namespace
